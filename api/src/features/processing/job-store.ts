/**
 * The jobs' SQL: what the workers write to `processing_jobs` (begin, report, settle, retrying) and
 * what progress reads from it, each change announced with NOTIFY so every API process can push it to
 * its subscribers. Each write is one guarded UPDATE: several workers (processes) settle jobs of one
 * run at once, and a duplicate delivery of a settled job changes nothing.
 */
import type pg from 'pg';
import { FILE_SET_ROWS_SQL, lastFileAddedAtSql } from '../file-sets/file-set-rows.js';
import { failureReason, REPLACED_SINCE_FAILURE } from './failure-reason.js';
import type { JobStatus } from './progress.js';
import type { JobProgress } from './progress.js';

/** The NOTIFY channel; the payload is the project id. */
export const PROGRESS_CHANNEL = 'shotlog_progress';

export const notifyProgress = async (pool: pg.Pool, projectId: string): Promise<void> => {
  await pool.query('select pg_notify($1, $2)', [PROGRESS_CHANNEL, projectId]);
};

/** An open job of a running run (the queue may have lost it). */
export interface OpenJob {
  runId: string;
  fileSetId: string;
  projectId: string;
}

/** A processing_jobs row as progress reads it (JOB_COLUMNS, the table aliased `j`). */
interface JobRow {
  id: string;
  file_set_id: string;
  status: JobStatus;
  progress: number;
  stage: string | null;
  stage_message: string | null;
  error: string | null;
  attempts: number;
  /** A file of the set was stored after the job finished (Replace file): the old reason no longer holds. */
  replaced_since: boolean | null;
}
const JOB_COLUMNS = `j.id, j.file_set_id, j.status, j.progress, j.stage, j.stage_message, j.error, j.attempts,
  ${lastFileAddedAtSql('j.file_set_id')} > j.finished_at as replaced_since`;

const toJobProgress = (j: JobRow): JobProgress => ({
  id: j.id,
  fileSetId: j.file_set_id,
  status: j.status,
  progress: j.progress,
  stage: j.stage,
  stageMessage: j.stage_message,
  error: j.error,
  reason: j.status !== 'failed' ? null : j.replaced_since ? REPLACED_SINCE_FAILURE : failureReason(j.error),
  attempts: j.attempts,
});

export class JobStore {
  constructor(private readonly pool: pg.Pool) {}

  notify(projectId: string): Promise<void> {
    return notifyProgress(this.pool, projectId);
  }

  /** The jobs of a run, in the project's set order. */
  async jobsOf(runId: string): Promise<JobProgress[]> {
    const r = await this.pool.query<JobRow>(
      `select ${JOB_COLUMNS}
       from processing_jobs j join ${FILE_SET_ROWS_SQL} fs on fs.id = j.file_set_id
       where j.run_id = $1 order by fs.position, fs.base_name`,
      [runId],
    );
    return r.rows.map(toJobProgress);
  }

  /** Latest job state per file set (one query for many sets). */
  async latestJobStates(fileSetIds: readonly string[]): Promise<Map<string, JobProgress>> {
    if (!fileSetIds.length) return new Map();
    const r = await this.pool.query<JobRow>(
      `select distinct on (j.file_set_id) ${JOB_COLUMNS}
       from processing_jobs j join processing_runs r on r.id = j.run_id
       where j.file_set_id = any($1::uuid[]) order by j.file_set_id, r.created_at desc`,
      [fileSetIds],
    );
    return new Map(r.rows.map((j) => [j.file_set_id, toJobProgress(j)]));
  }

  /** Unsettled jobs of running runs (at most 5000), which the queue should hold. */
  async openJobs(): Promise<OpenJob[]> {
    const r = await this.pool.query<{ run_id: string; file_set_id: string; project_id: string }>(
      `select j.run_id, j.file_set_id, r.project_id from processing_jobs j join processing_runs r on r.id = j.run_id
       where r.status = 'running' and j.status in ('pending', 'processing') limit 5000`,
    );
    return r.rows.map((row) => ({ runId: row.run_id, fileSetId: row.file_set_id, projectId: row.project_id }));
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
}
