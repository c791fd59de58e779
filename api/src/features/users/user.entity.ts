import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

export const THEMES = ['web3', 'minimalist'] as const;
export type ThemeName = (typeof THEMES)[number];
export const ADMIN_ROLE_ID = 2;
export const USER_ROLE_ID = 1;

@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?: 'isAdmin' | 'roleId' | 'theme' | 'createdAt' | 'sessionVersion';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ length: 64 })
  username!: string;

  /** Usernames are unique regardless of case: 'Alice' and 'alice' are one account. */
  @Property({ length: 64, unique: true })
  usernameKey!: string;

  /**
   * The name's TR39 skeleton (users/confusables.ts): look-alike names ("admin", "admіn" with a
   * Cyrillic і) share it, so only one of them is registered. Null for accounts that already
   * collided with an earlier one when the column came.
   */
  @Property({ type: 'text', nullable: true, unique: true })
  usernameSkeleton?: string | null;

  @Property({ length: 254, unique: true })
  email!: string;

  @Property({ hidden: true, lazy: true })
  passwordHash!: string;

  @Property({ length: 100, nullable: true })
  firstName?: string | null;

  @Property({ length: 100, nullable: true })
  lastName?: string | null;

  @Property({ default: USER_ROLE_ID })
  roleId: number = USER_ROLE_ID;

  @Property({ length: 32, default: 'web3' })
  theme: ThemeName = 'web3';

  @Index()
  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  /**
   * Login tokens carry the version they were issued under; changing or resetting the password
   * bumps it, so every login token issued before stops working (JWTs are otherwise stateless).
   */
  @Property({ default: 0 })
  sessionVersion: number = 0;

  get isAdmin(): boolean {
    return this.roleId === ADMIN_ROLE_ID;
  }
}

// The request plumbing's signed-in account is this entity (platform/principal/principal.ts).
declare module '../../platform/principal/principal.js' {
  interface AccountTypes {
    account: User;
  }
}
