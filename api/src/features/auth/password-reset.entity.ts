import { randomUUID } from 'node:crypto';
import type { Rel } from '@mikro-orm/core';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';

/**
 * A one-time password-reset link an administrator issued for a user. Only the SHA-256 of the
 * link's secret is stored (like API tokens); `usedAt` makes it single-use.
 */
@Entity({ tableName: 'password_resets' })
@Index({ properties: ['user', 'createdAt'] })
export class PasswordReset {
  [OptionalProps]?: 'createdAt' | 'usedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: Rel<User>;

  /** The administrator who issued it (kept for the audit trail; null once that account is gone). */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  issuedBy?: Rel<User> | null;

  @Property({ length: 64, unique: true, hidden: true })
  tokenHash!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;
}
