import { randomUUID } from 'node:crypto';
import type { Rel } from '@mikro-orm/core';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';
import type { Scope } from '../../platform/principal/scopes.js';

/** A personal API token: only the SHA-256 of its secret is stored. */
@Entity({ tableName: 'api_tokens' })
@Index({ properties: ['user', 'createdAt'] })
export class ApiToken {
  [OptionalProps]?: 'createdAt' | 'scopes';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: Rel<User>;

  @Property({ length: 100 })
  name!: string;

  /** Comma-separated scopes, e.g. "read,write". */
  @Property({ length: 64 })
  scopeList!: string;

  @Property({ length: 16 })
  prefix!: string;

  @Property({ length: 64, unique: true, hidden: true })
  tokenHash!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  expiresAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  lastUsedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  revokedAt?: Date | null;

  get scopes(): Scope[] {
    return this.scopeList.split(',').filter(Boolean) as Scope[];
  }
}
