/**
 * Writes of the per-set job rows and of the run's end, in plain SQL with conditions, because
 * several workers (processes) settle jobs at once: each change is one guarded UPDATE, and every
 * change is announced with NOTIFY so every API process can push it to its subscribers.
 */
import type pg from 'pg';

/** The NOTIFY channel; the payload is the project id. */
export const PROGRESS_CHANNEL = 'shotlog_progress';

export interface SettledRun {
  runId: string;
  projectId: string;
  userId: string;
  totalJobs: number;
  succeeded: number;
  failed: number;
  chargedCents: number;
  costPerFileset: string;
}

export class JobStateStore {
  constructor(private readonly pool: pg.Pool) {}

  async notify(projectId: string): Promise<void> {
    await this.pool.query('select pg_notify($1, $2)', [PROGRESS_CHANNEL, projectId]);
  }

  /**
   * Marks the job as running (attempt n). Answers null when the job is already settled (a duplicate
   * delivery after it completed or failed for good): the caller must then do nothing.
   */
  async begin(runId: string, fileSetId: string, attempt: number): Promise<{ projectId: string } | null> {
    const r = await this.pool.query<{ project_id: string }>(
      `update processing_jobs j set status = 'processing', attempts = greatest(j.attempts + 1, $3), progress = 0, stage = 'queued',
         stage_message = 'Starting', error = null, started_at = coalesce(j.started_at, now()), updated_at = now()
       from processing_runs r
       where j.run_id = $1 and j.file_set_id = $2 and r.id = j.run_id and j.status in ('pending', 'processing')
       returning r.project_id`,
      [runId, fileSetId, attempt],
    );
    const projectId = r.rows[0]?.project_id;
    if (projectId) await this.notify(projectId);
    return projectId ? { projectId } : null;
  }

  async report(runId: string, fileSetId: string, projectId: string, p: { percent: number; stage: string; stageMessage: string }): Promise<void> {
    await this.pool.query(
      `update processing_jobs set progress = $3, stage = $4, stage_message = $5, updated_at = now()
       where run_id = $1 and file_set_id = $2 and status = 'processing'`,
      [runId, fileSetId, Math.round(p.percent), p.stage.slice(0, 32), p.stageMessage.slice(0, 255)],
    );
    await this.notify(projectId);
  }

  /** Settles the job once (completed or failed); false when it was already settled. */
  async settle(runId: string, fileSetId: string, projectId: string, outcome: { status: 'completed' } | { status: 'failed'; error: string }): Promise<boolean> {
    const r = await this.pool.query(
      `update processing_jobs set status = $3::varchar, progress = case when $3::varchar = 'completed' then 100 else progress end,
         stage = $3::varchar, stage_message = $4, error = $5, finished_at = now(), updated_at = now()
       where run_id = $1 and file_set_id = $2 and status in ('pending', 'processing')`,
      [
        runId,
        fileSetId,
        outcome.status,
        outcome.status === 'completed' ? 'Completed' : 'Failed',
        outcome.status === 'failed' ? outcome.error.slice(0, 2000) : null,
      ],
    );
    await this.notify(projectId);
    return (r.rowCount ?? 0) > 0;
  }

  /** Tells the user a transient failure will be retried; the job stays open. */
  async retrying(runId: string, fileSetId: string, projectId: string, message: string): Promise<void> {
    await this.pool.query(
      `update processing_jobs set stage = 'retrying', stage_message = $3, error = $4, updated_at = now()
       where run_id = $1 and file_set_id = $2 and status in ('pending', 'processing')`,
      [runId, fileSetId, 'Retrying after a temporary error', message.slice(0, 2000)],
    );
    await this.notify(projectId);
  }

  /**
   * Ends the run when no job is open, exactly once: the UPDATE's `status = 'running'` condition is
   * re-checked under the row lock, so of several workers settling the last jobs at once only one gets
   * the row back. The project becomes 'completed' in the same transaction.
   */
  async finishIfSettled(runId: string): Promise<SettledRun | null> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const r = await client.query<SettledRunRow>(
        `update processing_runs r set status = 'completed', finished_at = now(), updated_at = now(),
           succeeded_jobs = c.ok, failed_jobs = c.bad
         from (select count(*) filter (where status = 'completed')::int as ok, count(*) filter (where status = 'failed')::int as bad,
                      count(*) filter (where status in ('pending', 'processing'))::int as open
               from processing_jobs where run_id = $1) c
         where r.id = $1 and r.status = 'running' and c.open = 0
         returning r.id, r.project_id, r.user_id, r.total_jobs, r.succeeded_jobs, r.failed_jobs, r.charged_cents, r.cost_per_fileset`,
        [runId],
      );
      const row = r.rows[0];
      if (row) await client.query(`update projects set status = 'completed', updated_at = now() where id = $1 and status = 'processing'`, [row.project_id]);
      await client.query('commit');
      if (!row) return null;
      await this.notify(row.project_id);
      return settledRun(row);
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async recordRefund(runId: string, cents: number): Promise<void> {
    await this.pool.query(`update processing_runs set refunded_cents = $2, refund_posted_at = now(), updated_at = now() where id = $1`, [runId, cents]);
  }

  /** Finished runs whose refund never reached the ledger (the process died in between). */
  async runsAwaitingRefund(): Promise<SettledRun[]> {
    const r = await this.pool.query<SettledRunRow>(
      `select id, project_id, user_id, total_jobs, succeeded_jobs, failed_jobs, charged_cents, cost_per_fileset
       from processing_runs where status = 'completed' and refund_posted_at is null limit 100`,
    );
    return r.rows.map(settledRun);
  }
}

/** A processing_runs row as finishIfSettled and runsAwaitingRefund read it. */
interface SettledRunRow {
  id: string;
  project_id: string;
  user_id: string;
  total_jobs: number;
  succeeded_jobs: number;
  failed_jobs: number;
  charged_cents: number;
  cost_per_fileset: string;
}

const settledRun = (row: SettledRunRow): SettledRun => ({
  runId: row.id,
  projectId: row.project_id,
  userId: row.user_id,
  totalJobs: row.total_jobs,
  succeeded: row.succeeded_jobs,
  failed: row.failed_jobs,
  chargedCents: row.charged_cents,
  costPerFileset: row.cost_per_fileset,
});
