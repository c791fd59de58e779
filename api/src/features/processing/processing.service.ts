/**
 * Starting a processing run, reading its progress, and ending it. The REST routes, the GraphQL
 * resolver and the worker all call this; the rules live here only.
 *
 * Start: owner's active project with at least one complete set -> a run row (the partial unique index
 * allows one running run per project: a second start is a 409) -> one ledger charge keyed by the run
 * -> project 'processing' -> one queue job per set (jobId = run + set, so enqueuing twice is a no-op).
 * End: when the last job settles, exactly one caller finishes the run (see RunStore.finishIfSettled) and
 * refunds the failed sets: refund = charge - round(succeeded x costPerFileset). The SQL is RunStore's.
 */
import { randomUUID } from 'node:crypto';
import { formatCredits, isLedgerError, type Ledger } from '@shotlog/ledger';
import type { Queue } from 'bullmq';
import type pg from 'pg';
import type { Config } from '../../platform/config/config.js';
import { AppError, badInput, conflict } from '../../platform/errors/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { Emitter } from '../../platform/events/events.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { QueueBackend } from '../../platform/queue/queue-backend.js';
import type { User } from '../users/user.entity.js';
import { setFiles } from './file-set-files.js';
import type { Project } from '../projects/project.entity.js';
import { RunStore, type RunView, type SettledRun } from './run-store.js';
import { JobStore, type OpenJob } from './job-store.js';
import { RunSettlement } from './run-settlement.js';
import { selectSets, type RunScope, type RunSelection } from './run-selection.js';
import { ALREADY_RUNNING, SetIntake } from './set-intake.js';
import { summarizeProgress, type JobProgress, type ProjectProgress } from './progress.js';
import { registerQueueName } from '../../platform/queue/queue-registry.js';
import { activeMediaTools } from '../../adapters/media-tools/media-tools.js';

export type { LeftOutSet, RunScope, RunSelection } from './run-selection.js';
export { ALREADY_RUNNING, INTAKE_IDLE_MS } from './set-intake.js';

export const PROCESSING_QUEUE = 'processing';
// Metrics and the admin queue view report every registered queue.
registerQueueName(PROCESSING_QUEUE);

export interface ProcessFileSetJob {
  runId: string;
  fileSetId: string;
  projectId: string;
}

/** BullMQ custom ids may not contain ':'; run + set is unique and stable across retries. */
export const jobIdOf = (runId: string, fileSetId: string) => `${runId}_${fileSetId}`;

/** What the service is built from (app/compose.ts). */
export interface ProcessingServiceDeps {
  config: Config;
  logger: Logger;
  pool: pg.Pool;
  queue: QueueBackend;
  ledger: Ledger;
  credits: Pick<CreditsService, 'runCost' | 'balanceCents'>;
  projects: Pick<ProjectsService, 'getOwned'>;
  /** Which projects still have a live resumable upload (the resumable-uploads feature answers; typed here). */
  uploads: { projectsUploading(projectIds: readonly string[]): Promise<Set<string>> };
  events?: Emitter<'processing.runFinished'>;
}

export class ProcessingService {
  /** The runs' rows. */
  readonly runs: RunStore;
  /** The jobs' rows; the worker writes job states through it. */
  readonly jobs: JobStore;
  /** Ending runs and posting their refunds. */
  private readonly settlement: RunSettlement;
  /** Runs that take sets as they complete. */
  private readonly intake: SetIntake;
  private queueInstance: Queue | undefined;

  constructor(private readonly deps: ProcessingServiceDeps) {
    this.runs = new RunStore(deps.pool);
    this.jobs = new JobStore(deps.pool);
    this.settlement = new RunSettlement({ runs: this.runs, ledger: deps.ledger, logger: deps.logger, events: deps.events });
    this.intake = new SetIntake({
      ...deps,
      runs: this.runs,
      projectToProcess: (user, rawProjectId) => this.projectToProcess(user, rawProjectId),
      selectSets: (project, scope) => this.selectSets(project, scope),
      enqueue: (runId, projectId, fileSetIds) => this.enqueue(runId, projectId, fileSetIds),
      finishRunIfSettled: (runId) => this.finishRunIfSettled(runId),
      progressOf: (projectId) => this.progressOf(projectId),
    });
  }

  private get queue(): Queue {
    return (this.queueInstance ??= this.deps.queue.queue(PROCESSING_QUEUE));
  }

  /** Which sets a run of this scope takes, and which it leaves out and why (run-selection.ts). */
  async selectSets(project: Project, scope: RunScope): Promise<RunSelection> {
    const ids = project.fileSets.getItems().map((s) => s.id);
    const [jobs, processed] = await Promise.all([this.jobStatesOf(ids), this.runs.setsWithResult(ids)]);
    return selectSets(project, scope, jobs, processed);
  }

  /**
   * cost-estimate: what a run of `scope` would take and cost now, the sets it would leave out
   * and why, and the balance it is paid from. Only what is processed is counted.
   */
  async estimate(user: User, rawProjectId: unknown, scope: RunScope = 'unprocessed') {
    const project = await this.deps.projects.getOwned(user, rawProjectId, { includeFiles: true });
    const { sets, leftOut } = await this.selectSets(project, scope);
    const [{ costPerFileset, total }, balance] = await Promise.all([this.deps.credits.runCost(sets.length), this.deps.credits.balanceCents(user.id)]);
    return {
      projectId: project.id,
      scope,
      costPerFileset,
      fileSetCount: sets.length,
      totalFileSets: project.fileSets.count(),
      leftOut,
      totalCost: formatCredits(total),
      currentBalance: formatCredits(balance),
      sufficient: balance >= total,
    };
  }

  /** The owner's project with its files, refused (409/503) when a run could not be charged and done now. */
  private async projectToProcess(user: User, rawProjectId: unknown): Promise<Project> {
    const project = await this.deps.projects.getOwned(user, rawProjectId, { includeFiles: true });
    if (project.deletedAt) throw conflict('This project is in the trash: restore it before processing');
    // A worker in this process without ffprobe/ffmpeg would fail every set and refund: refuse before charging.
    const tools = this.deps.config.runWorker ? activeMediaTools() : null;
    if (tools?.problem)
      throw new AppError('SERVICE_UNAVAILABLE', `Processing is unavailable on this server: ${tools.problem}. An administrator can run npm run doctor`);
    return project;
  }

  /**
   * Starts a run over the sets of `scope` (see selectSets): 'unprocessed' is Start processing,
   * 'failed' is Retry failed sets. Each run is charged once at the current cost, keyed by its id,
   * and refunded for the sets that fail when it ends, so a retry is one more charge and one more
   * refund at most. Incomplete sets are left out (and named by cost-estimate), never charged.
   */
  async start(user: User, rawProjectId: unknown, scope: RunScope = 'unprocessed'): Promise<{ run: RunView; progress: ProjectProgress }> {
    const project = await this.projectToProcess(user, rawProjectId);
    if (project.status === 'processing' || (await this.latestRun(project.id))?.status === 'running') throw conflict(ALREADY_RUNNING);
    const { sets, leftOut } = await this.selectSets(project, scope);
    if (!sets.length) {
      // A start racing this one may have queued the sets between the check above and selectSets:
      // they are then taken by its run, not processed already.
      if ((await this.latestRun(project.id))?.status === 'running') throw conflict(ALREADY_RUNNING);
      if (scope === 'failed') {
        if (leftOut.length) throw badInput(`The failed file sets are incomplete: ${leftOut.map((l) => `${l.baseName} (${l.reason})`).join('; ')}`);
        throw conflict('This project has no failed file set to retry');
      }
      if (!project.fileSets.getItems().some((fs) => setFiles(fs)))
        throw badInput('This project has no complete file set to process: each set needs a video (MP4 or MOV), a JPG and an SRT');
      throw conflict('Every complete file set of this project has been processed already (failed ones: use Retry failed sets)');
    }
    const { costPerFileset, total } = await this.deps.credits.runCost(sets.length);
    const runId = randomUUID();

    try {
      await this.runs.create({
        id: runId,
        projectId: project.id,
        userId: user.id,
        fileSetIds: sets.map((s) => s.id),
        costPerFileset,
        chargedCents: total,
        provider: this.deps.config.metadataProvider,
      });
    } catch (err) {
      // Rolled back already: one running run per project (unique index), or a set removed meanwhile.
      if ((err as { code?: string }).code === '23505') throw conflict(ALREADY_RUNNING);
      if ((err as { code?: string }).code === '23503') throw conflict('A file set was removed while processing was starting: try again');
      throw err;
    }

    try {
      if (total > 0) {
        await this.deps.ledger.chargeProcessing({
          userId: user.id,
          runId,
          amount: total,
          // The history line reads "Processing: 7 file sets of "X"" (the ledger puts the "Processing: " label first).
          description: `${scope === 'failed' ? 'retry of ' : ''}${sets.length} file set${sets.length === 1 ? '' : 's'} of "${project.name}"`,
        });
      }
    } catch (err) {
      // Nothing was charged: remove the claim so the user can start again after buying credits.
      await this.runs.remove(runId);
      if (isLedgerError(err, 'INSUFFICIENT_CREDITS')) {
        const d = err.details ?? {};
        throw new AppError(
          'INSUFFICIENT_CREDITS',
          `Insufficient credits: processing ${sets.length} file set${sets.length === 1 ? '' : 's'} costs ${d.estimatedCost} credits and your balance is ${d.currentBalance}`,
          {
            creditCheck: {
              estimatedCost: Number(d.estimatedCost),
              currentBalance: Number(d.currentBalance),
              costPerFileset: Number(costPerFileset),
              fileSetCount: sets.length,
            },
          },
        );
      }
      throw err;
    }

    await this.runs.markProjectProcessing(project.id);
    await this.enqueue(
      runId,
      project.id,
      sets.map((fs) => fs.id),
    );
    await this.runs.notify(project.id);
    this.deps.logger.info({ runId, projectId: project.id, fileSets: sets.length, charged: formatCredits(total) }, 'processing run started');
    return { run: (await this.run(runId))!, progress: await this.progressOf(project.id) };
  }

  private async enqueue(runId: string, projectId: string, fileSetIds: string[]): Promise<void> {
    const { attempts, backoffMs } = this.deps.config.worker;
    await this.queue.addBulk(
      fileSetIds.map((fileSetId) => ({
        name: 'process-file-set',
        data: { runId, fileSetId, projectId } satisfies ProcessFileSetJob,
        opts: {
          jobId: jobIdOf(runId, fileSetId),
          attempts,
          backoff: { type: 'exponential', delay: backoffMs },
          removeOnComplete: { age: 7 * 24 * 3600 },
          removeOnFail: { age: 30 * 24 * 3600 },
        },
      })),
    );
  }

  /**
   * PostgreSQL is the record; the queue only carries work. A Redis that restarted without its
   * data (or was flushed) forgets queued jobs, and their runs would wait forever: every unsettled
   * job of a running run whose queue job is gone is queued again under the same id. A set that
   * then runs twice settles once (guarded in SQL) and its result is an upsert. Returns the count.
   */
  async requeueLost(): Promise<number> {
    const lost: OpenJob[] = [];
    for (const job of await this.jobs.openJobs()) if (!(await this.queue.getJob(jobIdOf(job.runId, job.fileSetId)))) lost.push(job);
    const byRun = new Map<string, { projectId: string; ids: string[] }>();
    for (const l of lost) {
      const g = byRun.get(l.runId) ?? { projectId: l.projectId, ids: [] };
      g.ids.push(l.fileSetId);
      byRun.set(l.runId, g);
    }
    for (const [runId, g] of byRun) await this.enqueue(runId, g.projectId, g.ids);
    if (lost.length) this.deps.logger.warn({ count: lost.length }, 'queued again processing jobs the queue had lost');
    return lost.length;
  }

  run(runId: string): Promise<RunView | null> {
    return this.runs.run(runId);
  }

  latestRun(projectId: string): Promise<RunView | null> {
    return this.runs.latestRun(projectId);
  }

  /** Progress of the owner's project (404 for anyone else). */
  async progress(user: User, rawProjectId: unknown): Promise<ProjectProgress> {
    const project = await this.deps.projects.getOwned(user, rawProjectId);
    return this.progressOf(project.id);
  }

  /** Progress of a project whose ownership the caller already checked. */
  async progressOf(projectId: string): Promise<ProjectProgress> {
    // The project's status and its latest run in one statement (see progressHead); jobs read after it can only be newer.
    const { projectStatus, run } = await this.runs.progressHead(projectId);
    const jobs = run ? await this.jobs.jobsOf(run.id) : [];
    return summarizeProgress(projectId, projectStatus ?? 'created', run, jobs);
  }

  /** Latest job state per file set, for the project page's list (one query for many sets). */
  jobStatesOf(fileSetIds: readonly string[]): Promise<Map<string, JobProgress>> {
    return this.jobs.latestJobStates(fileSetIds);
  }

  // ---- "Process each set as soon as it is complete" (issue 18 item 6): set-intake.ts

  /** Opens a run that takes each set the moment its last file is in (SetIntake.startAsSetsComplete). */
  startAsSetsComplete(user: User, rawProjectId: unknown): Promise<{ run: RunView; progress: ProjectProgress }> {
    return this.intake.startAsSetsComplete(user, rawProjectId);
  }

  /** The reaction to 'fileSet.filesRecorded' (app/compose.ts); failures are logged, never failing the upload. */
  onFilesRecorded(projectId: string): Promise<void> {
    return this.intake.onFilesRecorded(projectId);
  }

  /** No more sets will come: the run finishes when its queued sets are done. */
  stopTakingSets(user: User, rawProjectId: unknown): Promise<{ run: RunView; progress: ProjectProgress }> {
    return this.intake.stopTakingSets(user, rawProjectId);
  }

  /** Ends the intake of runs whose wizard went away (no set and no live upload for `idleMs`). */
  stopIdleIntakes(idleMs: number): Promise<number> {
    return this.intake.stopIdleIntakes(idleMs);
  }

  /** Called after every settled job: finishes the run once and refunds what failed. */
  finishRunIfSettled(runId: string): Promise<SettledRun | null> {
    return this.settlement.finishIfSettled(runId);
  }

  /** Re-posts refunds of runs that finished while the process died before reaching the ledger. */
  settlePendingRefunds(): Promise<number> {
    return this.settlement.settlePendingRefunds();
  }
}
