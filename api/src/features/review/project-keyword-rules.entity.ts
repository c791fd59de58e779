import { randomUUID } from 'node:crypto';
import type { Rel } from '@mikro-orm/core';
import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Project } from '../projects/project.entity.js';
import type { Synonym } from './keyword-rules.js';

/** A project's keyword rules (one row per project; none: no rules). */
@Entity({ tableName: 'project_keyword_rules' })
export class ProjectKeywordRules {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @OneToOne(() => Project, { owner: true, unique: true, deleteRule: 'cascade' })
  project!: Rel<Project>;

  @Property({ type: 'jsonb' })
  alwaysInclude: string[] = [];

  @Property({ type: 'jsonb' })
  neverInclude: string[] = [];

  @Property({ type: 'jsonb' })
  synonyms: Synonym[] = [];

  /** `{ adobe, shutterstock, pond5 }`, each a number or null. */
  @Property({ type: 'jsonb' })
  maxPerAgency: Record<string, number | null> = {};

  @Property({ type: 'timestamptz' })
  updatedAt: Date = new Date();
}
