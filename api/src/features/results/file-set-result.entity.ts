import { randomUUID } from 'node:crypto';
import { OptionalProps, type Rel } from '@mikro-orm/core';
import { Entity, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { FileSet } from '../file-sets/file-set.entity.js';
import type { ProcessedResult } from '../../analysis/metadata/processed-result.js';

/**
 * The processed result of one file set. `original` is what the pipeline produced and is never
 * edited, so Reset can restore it; `current` is what the user sees, edits and exports.
 */
@Entity({ tableName: 'file_set_results' })
export class FileSetResult {
  [OptionalProps]?: 'version';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @OneToOne(() => FileSet, { owner: true, unique: true, deleteRule: 'cascade' })
  fileSet!: Rel<FileSet>;

  @Property({ type: 'json' })
  original!: ProcessedResult;

  @Property({ type: 'json' })
  current!: ProcessedResult;

  /** What the pipeline measured (media probe, telemetry summary, sun): kept for exports and support. */
  @Property({ type: 'json', nullable: true })
  analysis?: Record<string, unknown> | null;

  /** Which metadata provider wrote `original` (offline, openai). */
  @Property({ length: 32 })
  provider!: string;

  /**
   * Bumped by the database whenever `current` changes, whoever writes it (an edit, a bulk action,
   * an undo, processing): a save naming an older version is refused (optimistic concurrency).
   */
  @Property({ type: 'int', default: 1 })
  version: number = 1;

  /** Set when the user saved an edit; cleared by Reset. */
  @Property({ type: 'timestamptz', nullable: true })
  editedAt?: Date | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
