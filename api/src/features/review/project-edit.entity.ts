import { randomUUID } from 'node:crypto';
import type { Rel } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Project } from '../projects/project.entity.js';
import { User } from '../users/user.entity.js';
import { FileSet } from '../file-sets/file-set.entity.js';
import type { ProcessedResult } from '../../analysis/metadata/processed-result.js';

/** One bulk action on a project (the edit history): who, when, what, and how many sets it changed. */
@Entity({ tableName: 'project_edit_actions' })
@Index({ properties: ['project', 'createdAt'] })
export class ProjectEditAction {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Project, { deleteRule: 'cascade' })
  project!: Rel<Project>;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: Rel<User>;

  /** The mutation's name, e.g. addKeywords. */
  @Property({ length: 40 })
  action!: string;

  /** The action's arguments, for the history list. */
  @Property({ type: 'jsonb' })
  params!: Record<string, unknown>;

  @Property({ type: 'int' })
  changedCount!: number;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  /** Set when undone (an undone action cannot be undone twice). */
  @Property({ type: 'timestamptz', nullable: true })
  undoneAt?: Date | null;
}

/** One set's result before and after an action; undo writes `before` back where `current` still equals `after`. */
@Entity({ tableName: 'project_edit_changes' })
export class ProjectEditChange {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => ProjectEditAction, { deleteRule: 'cascade', index: true })
  editAction!: Rel<ProjectEditAction>;

  @ManyToOne(() => FileSet, { deleteRule: 'cascade', index: true })
  fileSet!: Rel<FileSet>;

  @Property({ type: 'jsonb' })
  before!: ProcessedResult;

  @Property({ type: 'jsonb' })
  after!: ProcessedResult;

  /** Whether the set was marked edited before the action (undo restores it). */
  @Property({ type: 'timestamptz', nullable: true })
  editedAtBefore?: Date | null;
}
