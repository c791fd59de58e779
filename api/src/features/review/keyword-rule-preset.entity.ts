import { randomUUID } from 'node:crypto';
import type { Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { User } from '../users/user.entity.js';
import type { KeywordRules } from './keyword-rules.js';

/** A user's saved keyword rules, by name, to apply to a new project ("stop words and presets"). */
@Entity({ tableName: 'keyword_rule_presets' })
@Unique({ properties: ['owner', 'name'] })
export class KeywordRulePreset {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  owner!: Rel<User>;

  @Property({ length: 100 })
  name!: string;

  /** The rules as validateKeywordRules returns them. */
  @Property({ type: 'jsonb' })
  rules!: KeywordRules;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
