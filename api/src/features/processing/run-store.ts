/**
 * The runs' SQL: the reads and writes of `processing_runs` and the jobs a run adds or ends with (the
 * workers' job writes are job-store.ts's). The few rows of other tables a run reads or moves (the
 * project row it locks and marks, the results that say which sets are processed already) go through
 * their owners' functions (projects/project-rows.ts, results/result-rows.ts). Plain SQL with
 * conditions rather than MikroORM's unit of work, because several workers (processes) settle jobs
 * of one run at once: each change is one guarded UPDATE, and every change is announced with NOTIFY
 * so every API process can push it to its subscribers.
 *
 * Processing keeps no MikroORM entity: its tables' columns are declared in processing-tables.ts,
 * which the schema-drift test (app/schema-drift.int.spec.ts) checks against the migrated database,
 * so the row types (run-views.ts) read columns that test keeps in step with the migrations.
 */
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction.js';
import { lockProject, PROJECT_STATUSES_SQL, setProjectStatus } from '../projects/project-rows.js';
import { setsWithResult } from '../results/result-rows.js';
import { notifyProgress } from './job-store.js';
import { decide, initialRunState, ruleRefundCents, type RunState, type RunStatus } from './run-lifecycle.js';
import { toRunView, type AcceptingRun, type NewRun, type RunHead, type RunRow, type RunView, type SetCharge, type SettledRun } from './run-views.js';

export { setChargeKey, type AcceptingRun, type NewRun, type RunHead, type RunView, type SetCharge, type SettledRun } from './run-views.js';

export class RunStore {
  constructor(private readonly pool: pg.Pool) {}

  // ---- Runs: start, read, end, refund

  /**
   * Records a run and one pending job per set, in one transaction that first locks the project row
   * (serialises with removing a set: FileSetsService.removeFileSet locks the same row). PostgreSQL's
   * errors reach the caller after the rollback: 23505 (the partial unique index allows one running
   * run per project) and 23503 (a set was removed meanwhile).
   */
  async create(run: NewRun): Promise<void> {
    const [started] = decide(
      { type: 'StartRun', fileSetCount: run.fileSetIds.length, costPerFileset: run.costPerFileset, perSet: run.acceptingSets ?? false },
      initialRunState,
    );
    if (started?.type !== 'RunStarted' || started.chargedCents !== run.chargedCents) throw new Error('A new run must be charged what its rules state');
    await inTransaction(this.pool, async (client) => {
      await lockProject(client, run.projectId);
      await client.query(
        `insert into processing_runs (id, project_id, user_id, status, total_jobs, cost_per_fileset, charged_cents, provider,
           accepting_sets, charged_per_set, created_at, updated_at)
         values ($1, $2, $3, 'running', $4, $5, $6, $7, $8, $8, now(), now())`,
        [run.id, run.projectId, run.userId, run.fileSetIds.length, run.costPerFileset, run.chargedCents, run.provider, run.acceptingSets ?? false],
      );
      await client.query(
        `insert into processing_jobs (id, run_id, file_set_id, status, progress, stage_message, updated_at)
         select gen_random_uuid(), $1, unnest($2::uuid[]), 'pending', 0, 'Waiting in the queue', now()`,
        [run.id, run.fileSetIds],
      );
    });
  }

  /** Removes a run that was never charged (its jobs go with it), so the project can start again. */
  async remove(runId: string): Promise<void> {
    await this.pool.query('delete from processing_runs where id = $1', [runId]);
  }

  /** The project shows 'processing' once its run is charged. */
  async markProjectProcessing(projectId: string): Promise<void> {
    await setProjectStatus(this.pool, projectId, 'processing');
  }

  async run(runId: string): Promise<RunView | null> {
    const r = await this.pool.query<RunRow>('select * from processing_runs where id = $1', [runId]);
    return r.rows[0] ? toRunView(r.rows[0]) : null;
  }

  async latestRun(projectId: string): Promise<RunView | null> {
    const r = await this.pool.query<RunRow>('select * from processing_runs where project_id = $1 order by created_at desc limit 1', [projectId]);
    return r.rows[0] ? toRunView(r.rows[0]) : null;
  }

  /**
   * The project's status and its latest run, in one statement: a run ends in the same transaction
   * as its project's status changes, and two reads could straddle that commit (a completed run
   * beside a project still 'processing'). `projectStatus` is null for a project that does not exist.
   */
  async progressHead(projectId: string): Promise<{ projectStatus: string | null; run: RunHead | null }> {
    const head = await this.pool.query<{
      project_status: string;
      run_id: string | null;
      run_status: RunStatus | null;
      accepting_sets: boolean | null;
      intake_stopped_reason: string | null;
    }>(
      `select p.status as project_status, r.id as run_id, r.status as run_status, r.accepting_sets, r.intake_stopped_reason
       from ${PROJECT_STATUSES_SQL} p
       left join lateral (select id, status, accepting_sets, intake_stopped_reason from processing_runs
                          where project_id = p.id order by created_at desc limit 1) r on true
       where p.id = $1`,
      [projectId],
    );
    const row = head.rows[0];
    return {
      projectStatus: row?.project_status ?? null,
      run:
        row?.run_id && row.run_status
          ? { id: row.run_id, status: row.run_status, acceptingSets: row.accepting_sets === true, intakeStoppedReason: row.intake_stopped_reason }
          : null,
    };
  }

  /** Which of these sets have a result (processed already, whatever their jobs say). */
  async setsWithResult(fileSetIds: readonly string[]): Promise<Set<string>> {
    return setsWithResult(this.pool, fileSetIds);
  }

  /**
   * A run's state (run-lifecycle.ts) read from its row and its jobs; `lock` takes the run's row lock
   * first, so of several workers settling the last jobs at once only one sees the run still running.
   */
  private async stateOf(client: pg.PoolClient | pg.Pool, runId: string, lock: boolean): Promise<(RunState & { projectId: string; userId: string }) | null> {
    const r = await client.query<RunRow & { user_id: string }>(`select * from processing_runs where id = $1${lock ? ' for update' : ''}`, [runId]);
    const row = r.rows[0];
    if (!row) return null;
    const c = await client.query<{ ok: number; bad: number; open: number; refunded: number }>(
      `select count(*) filter (where status = 'completed')::int as ok, count(*) filter (where status = 'failed')::int as bad,
              count(*) filter (where status in ('pending', 'processing'))::int as open,
              coalesce(sum(charged_cents) filter (where status = 'failed' and refund_posted_at is not null), 0)::int as refunded
       from processing_jobs where run_id = $1`,
      [runId],
    );
    const counts = c.rows[0]!;
    return {
      projectId: row.project_id,
      userId: row.user_id,
      status: row.status,
      costPerFileset: row.cost_per_fileset,
      chargedPerSet: row.charged_per_set,
      acceptingSets: row.accepting_sets,
      takenSets: row.total_jobs,
      chargedCents: row.charged_cents,
      succeeded: counts.ok,
      failed: counts.bad,
      open: counts.open,
      refundedCents: row.charged_per_set ? counts.refunded : 0,
    };
  }

  private static settled(state: RunState & { projectId: string; userId: string }, runId: string, refundCents: number): SettledRun {
    return {
      runId,
      projectId: state.projectId,
      userId: state.userId,
      totalJobs: state.takenSets,
      succeeded: state.succeeded,
      failed: state.failed,
      chargedCents: state.chargedCents,
      costPerFileset: state.costPerFileset,
      chargedPerSet: state.chargedPerSet,
      refundCents,
      refundedAtOnceCents: state.refundedCents,
    };
  }

  /**
   * Ends the run when the rules say so (no job open, no more sets coming), exactly once: decided under
   * the run's row lock. The project becomes 'completed' in the same transaction.
   */
  async finishIfSettled(runId: string): Promise<SettledRun | null> {
    const settled = await inTransaction(this.pool, async (client) => {
      const state = await this.stateOf(client, runId, true);
      if (!state) return null;
      const [ended] = decide({ type: 'EndRun' }, state);
      if (ended?.type !== 'RunEnded') return null;
      await client.query(
        `update processing_runs set status = 'completed', finished_at = now(), updated_at = now(), succeeded_jobs = $2, failed_jobs = $3 where id = $1`,
        [runId, ended.succeeded, ended.failed],
      );
      await setProjectStatus(client, state.projectId, 'completed', 'processing');
      return RunStore.settled(state, runId, ended.refundCents);
    });
    if (!settled) return null;
    await this.notify(settled.projectId);
    return settled;
  }

  async recordRefund(runId: string, cents: number): Promise<void> {
    await this.pool.query(`update processing_runs set refunded_cents = $2, refund_posted_at = now(), updated_at = now() where id = $1`, [runId, cents]);
  }

  /** Finished runs whose refund never reached the ledger (the process died in between). */
  async runsAwaitingRefund(): Promise<SettledRun[]> {
    const r = await this.pool.query<{ id: string }>(`select id from processing_runs where status = 'completed' and refund_posted_at is null limit 100`);
    const runs: SettledRun[] = [];
    for (const { id } of r.rows) {
      const state = await this.stateOf(this.pool, id, false);
      if (state) runs.push(RunStore.settled(state, id, Math.max(0, ruleRefundCents(state) - state.refundedCents)));
    }
    return runs;
  }

  // ---- Sets as they complete (issue 18 item 6): a run charged and fed set by set

  /** The project's running run that takes sets as they complete, or null. */
  async acceptingRun(projectId: string): Promise<AcceptingRun | null> {
    const r = await this.pool.query<{ id: string; user_id: string; cost_per_fileset: string }>(
      `select id, user_id, cost_per_fileset from processing_runs where project_id = $1 and status = 'running' and accepting_sets`,
      [projectId],
    );
    const row = r.rows[0];
    return row ? { runId: row.id, userId: row.user_id, costPerFileset: row.cost_per_fileset } : null;
  }

  /**
   * Adds one set to a run that is taking sets, once, and answers what it is charged (the rules' step of
   * round(k x cost)): under the run's row lock, so two uploads that complete the same set at once add
   * it once. Null when the run stopped taking sets or has the set.
   */
  async addJob(runId: string, fileSetId: string): Promise<number | null> {
    return inTransaction(this.pool, async (client) => {
      const state = await this.stateOf(client, runId, true);
      const [taken] = state ? decide({ type: 'TakeSet', fileSetId }, state) : [];
      if (taken?.type !== 'SetTaken') return null;
      const added = await client.query(
        `insert into processing_jobs (id, run_id, file_set_id, status, progress, stage_message, charged_cents, updated_at)
         values (gen_random_uuid(), $1, $2, 'pending', 0, 'Waiting in the queue', $3, now())
         on conflict (run_id, file_set_id) do nothing`,
        [runId, fileSetId, taken.chargeCents],
      );
      if (!added.rowCount) return null;
      await client.query(`update processing_runs set total_jobs = total_jobs + 1, charged_cents = charged_cents + $2, updated_at = now() where id = $1`, [
        runId,
        taken.chargeCents,
      ]);
      return taken.chargeCents;
    });
  }

  /** Takes back a set whose charge the ledger refused (nothing was charged for it). */
  async removeJob(runId: string, fileSetId: string): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      const gone = await client.query<{ charged_cents: number | null }>(
        `delete from processing_jobs where run_id = $1 and file_set_id = $2 and status = 'pending' returning charged_cents`,
        [runId, fileSetId],
      );
      if (gone.rowCount)
        await client.query(`update processing_runs set total_jobs = total_jobs - 1, charged_cents = charged_cents - $2, updated_at = now() where id = $1`, [
          runId,
          gone.rows[0]!.charged_cents ?? 0,
        ]);
    });
  }

  /** No more sets will come: the run finishes when its jobs settle. `reason` says why it ended early. */
  async stopIntake(runId: string, reason: string | null = null): Promise<boolean> {
    const r = await this.pool.query(
      `update processing_runs set accepting_sets = false, intake_stopped_reason = $2, updated_at = now() where id = $1 and accepting_sets`,
      [runId, reason?.slice(0, 255) ?? null],
    );
    return (r.rowCount ?? 0) > 0;
  }

  /**
   * Runs still taking sets with no new set for `idleMs`, with their projects: the service leaves out
   * those whose project still has a live upload (resumable uploads answer) and ends the others' intake.
   */
  async idleAcceptingRuns(idleMs: number): Promise<{ id: string; projectId: string }[]> {
    const r = await this.pool.query<{ id: string; project_id: string }>(
      `select r.id, r.project_id from processing_runs r
       where r.status = 'running' and r.accepting_sets and r.updated_at < now() - make_interval(secs => $1::float8 / 1000)`,
      [idleMs],
    );
    return r.rows.map((row) => ({ id: row.id, projectId: row.project_id }));
  }

  /** Failed sets of a run charged per set whose refund has not reached the ledger yet. */
  async failedSetsAwaitingRefund(runId: string): Promise<SetCharge[]> {
    const r = await this.pool.query<{ file_set_id: string; charged_cents: number | null }>(
      `select j.file_set_id, j.charged_cents from processing_jobs j join processing_runs r on r.id = j.run_id
       where j.run_id = $1 and r.charged_per_set and j.status = 'failed' and j.refund_posted_at is null order by j.file_set_id`,
      [runId],
    );
    return r.rows.map((row) => ({ fileSetId: row.file_set_id, chargeCents: row.charged_cents ?? 0 }));
  }

  /** The succeeded sets of a run charged per set, in a stable order, and whether their part of the closing refund was posted. */
  async succeededSetCharges(runId: string): Promise<Array<SetCharge & { refunded: boolean }>> {
    const r = await this.pool.query<{ file_set_id: string; charged_cents: number | null; refunded: boolean }>(
      `select file_set_id, charged_cents, refund_posted_at is not null as refunded from processing_jobs
       where run_id = $1 and status = 'completed' order by file_set_id`,
      [runId],
    );
    return r.rows.map((row) => ({ fileSetId: row.file_set_id, chargeCents: row.charged_cents ?? 0, refunded: row.refunded }));
  }

  /** The account a run charges. */
  async userOf(runId: string): Promise<string> {
    const r = await this.pool.query<{ user_id: string }>('select user_id from processing_runs where id = $1', [runId]);
    return r.rows[0]!.user_id;
  }

  async recordSetRefund(runId: string, fileSetId: string): Promise<void> {
    await this.pool.query(`update processing_jobs set refund_posted_at = now() where run_id = $1 and file_set_id = $2`, [runId, fileSetId]);
  }

  /** Announces a change of the project's progress to every API process (job-store.ts's channel). */
  notify(projectId: string): Promise<void> {
    return notifyProgress(this.pool, projectId);
  }
}
