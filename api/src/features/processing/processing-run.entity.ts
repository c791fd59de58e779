import { randomUUID } from 'node:crypto';
import { Collection, type Rel } from '@mikro-orm/core';
import { Entity, ManyToOne, OneToMany, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Project } from '../projects/project.entity.js';
import { ProcessingJob } from './processing-job.entity.js';

export type RunStatus = 'running' | 'completed';

/**
 * One paid processing run of a project. Its id is the ledger's runId: the charge and the refund are
 * keyed by it, so however often a command is retried the run moves credits once each way.
 *
 * Never queried through MikroORM: run-store.ts reads and writes these rows in guarded SQL (several
 * workers settle one run's jobs at once). The entity is kept as the table's declaration, which
 * app/schema-drift.int.spec.ts checks against the migrated database (columns, types, nullability),
 * so the store's hand-written row types read columns that cannot drift from the migrations.
 */
@Entity({ tableName: 'processing_runs' })
export class ProcessingRun {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Project, { deleteRule: 'cascade' })
  project!: Rel<Project>;

  /** The account charged (the project's owner when the run started). */
  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ length: 16, default: 'running' })
  status: RunStatus = 'running';

  @Property()
  totalJobs!: number;

  @Property({ default: 0 })
  succeededJobs: number = 0;

  @Property({ default: 0 })
  failedJobs: number = 0;

  /** Credits per file set at the start, as the decimal string the ledger computed ("0.03"). */
  @Property({ length: 32 })
  costPerFileset!: string;

  /** What the run was charged, in hundredths of a credit. */
  @Property()
  chargedCents!: number;

  /** What was (or is to be) refunded when the run finished, in hundredths; null while running. */
  @Property({ type: 'integer', nullable: true })
  refundedCents?: number | null;

  /** When the refund reached the ledger (a finished run without it is re-posted on worker start). */
  @Property({ type: 'timestamptz', nullable: true })
  refundPostedAt?: Date | null;

  /**
   * "Process each set as soon as it is complete": the run takes sets as their last file arrives and
   * cannot finish while this is true (the wizard, or the idle sweep, ends the intake).
   */
  @Property({ default: false })
  acceptingSets: boolean = false;

  /** Charged set by set (ledger run key `run/set`) rather than once for the run; failed sets are refunded one by one. */
  @Property({ default: false })
  chargedPerSet: boolean = false;

  /** Why the intake ended early (credits ran out), for the user; null when it ended normally or is open. */
  @Property({ type: 'string', length: 255, nullable: true })
  intakeStoppedReason?: string | null;

  /** Metadata provider configured when the run started (offline, openai). */
  @Property({ length: 32 })
  provider!: string;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();

  @Property({ type: 'timestamptz', nullable: true })
  finishedAt?: Date | null;

  @OneToMany(() => ProcessingJob, (j) => j.run)
  jobs = new Collection<ProcessingJob>(this);
}
