import { randomUUID } from 'node:crypto';
import type { Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { FileSet } from '../file-sets/file-set.entity.js';
import { ProcessingRun } from './processing-run.entity.js';

/** SPEC §3: completed, failed, processing, otherwise pending. */
export type JobStatus = 'pending' | 'processing' | 'completed' | 'failed';

/**
 * The state of one file set's job in a run, written by whichever worker runs it and read by every
 * API process (progress over REST and graphql-ws). The queue holds the work; this row holds what
 * users see, so it survives worker restarts and is the same on either queue backend.
 *
 * Never queried through MikroORM: run-store.ts reads and writes these rows in guarded SQL (several
 * workers settle one run's jobs at once). The entity is kept as the table's declaration, which
 * app/schema-drift.int.spec.ts checks against the migrated database (columns, types, nullability),
 * so the store's hand-written row types read columns that cannot drift from the migrations.
 */
@Entity({ tableName: 'processing_jobs' })
@Unique({ properties: ['run', 'fileSet'] })
export class ProcessingJob {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => ProcessingRun, { deleteRule: 'cascade' })
  run!: Rel<ProcessingRun>;

  @ManyToOne(() => FileSet, { deleteRule: 'cascade' })
  fileSet!: Rel<FileSet>;

  @Property({ length: 16, default: 'pending' })
  status: JobStatus = 'pending';

  /** Percent 0-100 of this set's pipeline. */
  @Property({ default: 0 })
  progress: number = 0;

  @Property({ type: 'string', length: 32, nullable: true })
  stage?: string | null;

  @Property({ type: 'string', length: 255, nullable: true })
  stageMessage?: string | null;

  /** Attempts started so far (BullMQ retries transient failures). */
  @Property({ default: 0 })
  attempts: number = 0;

  /** Why the set failed, written for the user. */
  @Property({ type: 'text', nullable: true })
  error?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  startedAt?: Date | null;

  @Property({ type: 'timestamptz', nullable: true })
  finishedAt?: Date | null;

  /** A run charged per set refunds each failed set on its own; set once that refund reached the ledger. */
  @Property({ type: 'timestamptz', nullable: true })
  refundPostedAt?: Date | null;

  /** What the set was charged in a run charged per set (the step of round(k x cost)); null in runs charged once. */
  @Property({ type: 'int', nullable: true })
  chargedCents?: number | null;

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
