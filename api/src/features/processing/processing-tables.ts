import { tableColumns } from '../../platform/db/table-columns.js';

/**
 * The processing feature's tables as its stores (run-store.ts, job-store.ts) read and write them in
 * SQL; app/schema-drift.int.spec.ts checks these declarations against the migrated database.
 */

/**
 * One paid processing run of a project. Its id is the ledger's runId: the charge and the refund are
 * keyed by it, so however often a command is retried the run moves credits once each way.
 * `cost_per_fileset` is the ledger's decimal string ("0.03"); `charged_cents`/`refunded_cents` are
 * hundredths of a credit (refunded: null while running); `refund_posted_at` says the refund reached
 * the ledger (a finished run without it is re-posted on worker start); `accepting_sets`: "process
 * each set as soon as it is complete", the run cannot finish while true; `charged_per_set`: ledger
 * run key `run/set`, failed sets refunded one by one; `intake_stopped_reason`: why the intake ended
 * early (credits ran out); `provider`: the metadata provider configured when the run started.
 */
export const PROCESSING_RUNS = tableColumns('processing_runs', {
  id: 'uuid',
  project_id: 'uuid',
  user_id: 'uuid',
  status: 'varchar',
  total_jobs: 'int4',
  succeeded_jobs: 'int4',
  failed_jobs: 'int4',
  cost_per_fileset: 'varchar',
  charged_cents: 'int4',
  refunded_cents: 'int4?',
  refund_posted_at: 'timestamptz?',
  accepting_sets: 'bool',
  charged_per_set: 'bool',
  intake_stopped_reason: 'varchar?',
  provider: 'varchar',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  finished_at: 'timestamptz?',
});

/**
 * The state of one file set's job in a run (unique per run and set), written by whichever worker
 * runs it and read by every API process (progress over REST and graphql-ws). The queue holds the
 * work; this row holds what users see, so it survives worker restarts. `attempts`: attempts started
 * (BullMQ retries transient failures); `error`: why the set failed, for the user; `charged_cents`:
 * what the set was charged in a run charged per set (null in runs charged once), `refund_posted_at`
 * once its refund reached the ledger.
 */
export const PROCESSING_JOBS = tableColumns('processing_jobs', {
  id: 'uuid',
  run_id: 'uuid',
  file_set_id: 'uuid',
  status: 'varchar',
  progress: 'int4',
  stage: 'varchar?',
  stage_message: 'varchar?',
  attempts: 'int4',
  error: 'text?',
  started_at: 'timestamptz?',
  finished_at: 'timestamptz?',
  refund_posted_at: 'timestamptz?',
  charged_cents: 'int4?',
  updated_at: 'timestamptz',
});
