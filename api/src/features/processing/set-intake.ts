/**
 * "Process each set as soon as it is complete" (issue 18 item 6): a run that takes each set the
 * moment its last file is in, charging it on its own, until the card is uploaded, the user stops it,
 * the credits run out or the wizard goes away. ProcessingService owns it and hands it the run
 * machinery a normal start shares (refusals, set selection, the queue, settlement).
 */
import { randomUUID } from 'node:crypto';
import { formatCredits, isLedgerError, type Ledger } from '@shotlog/ledger';
import type { Config } from '../../platform/config/config.js';
import { AppError, conflict } from '../../platform/errors/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { User } from '../users/user.entity.js';
import type { FileSet } from '../file-sets/file-set.entity.js';
import type { Project } from '../projects/project.entity.js';
import { setChargeKey, type AcceptingRun, type RunStore, type RunView } from './run-store.js';
import type { RunScope, RunSelection } from './run-selection.js';
import type { ProjectProgress } from './progress.js';

/** What the intake is built from: ProcessingService's deps, its run store and the steps it shares with a normal start. */
export interface SetIntakeDeps {
  config: Pick<Config, 'metadataProvider'>;
  logger: Logger;
  ledger: Ledger;
  credits: Pick<CreditsService, 'runCost' | 'balanceCents'>;
  projects: Pick<ProjectsService, 'getOwned'>;
  /** Which projects still have a live resumable upload (the resumable-uploads feature answers). */
  uploads: { projectsUploading(projectIds: readonly string[]): Promise<Set<string>> };
  runs: RunStore;
  /** The owner's project, refused as a start refuses it (trash, media tools). */
  projectToProcess(user: User, rawProjectId: unknown): Promise<Project>;
  selectSets(project: Project, scope: RunScope): Promise<RunSelection>;
  enqueue(runId: string, projectId: string, fileSetIds: string[]): Promise<void>;
  finishRunIfSettled(runId: string): Promise<unknown>;
  progressOf(projectId: string): Promise<ProjectProgress>;
}

export const ALREADY_RUNNING = 'Processing is already running for this project';

/**
 * A run taking sets as they complete whose wizard went away (no new set, no live upload) for this
 * long stops taking sets, so the project does not stay 'processing'; the sets it took finish.
 */
export const INTAKE_IDLE_MS = 30 * 60 * 1000;

export class SetIntake {
  constructor(private readonly deps: SetIntakeDeps) {}

  /**
   * Opens a run that takes each set the moment its last file is in, while the card is still
   * uploading: the same refusals as a start (trash, media tools, a run going), nothing charged yet,
   * the project 'processing' (uploads stay open for sets outside the run). The sets complete already
   * are taken at once. Each set is charged on its own at the cost of now, keyed by run and set.
   */
  async startAsSetsComplete(user: User, rawProjectId: unknown): Promise<{ run: RunView; progress: ProjectProgress }> {
    const project = await this.deps.projectToProcess(user, rawProjectId);
    const latest = await this.deps.runs.latestRun(project.id);
    if (latest?.status === 'running') {
      // The wizard asks again after a reload: the run taking sets is the answer, not a conflict.
      if (latest.acceptingSets) return { run: latest, progress: await this.deps.progressOf(project.id) };
      throw conflict(ALREADY_RUNNING);
    }
    if (project.status === 'processing') throw conflict(ALREADY_RUNNING);
    const { costPerFileset, total: oneSet } = await this.deps.credits.runCost(1);
    const balance = await this.deps.credits.balanceCents(user.id);
    if (balance < oneSet)
      throw new AppError(
        'INSUFFICIENT_CREDITS',
        `Insufficient credits: each file set costs ${formatCredits(oneSet)} credits and your balance is ${formatCredits(balance)}`,
        {
          creditCheck: {
            estimatedCost: Number(formatCredits(oneSet)),
            currentBalance: Number(formatCredits(balance)),
            costPerFileset: Number(costPerFileset),
            fileSetCount: 1,
          },
        },
      );
    const runId = randomUUID();
    try {
      await this.deps.runs.create({
        id: runId,
        projectId: project.id,
        userId: user.id,
        fileSetIds: [],
        costPerFileset,
        chargedCents: 0,
        provider: this.deps.config.metadataProvider,
        acceptingSets: true,
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') throw conflict(ALREADY_RUNNING);
      throw err;
    }
    await this.deps.runs.markProjectProcessing(project.id);
    this.deps.logger.info({ runId, projectId: project.id, costPerFileset }, 'processing run taking sets as they complete');
    await this.takeCompleteSets(project.id);
    await this.deps.runs.notify(project.id);
    return { run: (await this.deps.runs.run(runId))!, progress: await this.deps.progressOf(project.id) };
  }

  /**
   * The reaction to 'fileSet.filesRecorded' (app/compose.ts): takes the sets the files completed.
   * A failure is logged and ends here, never failing the upload: the files are in, and a normal
   * start takes the sets later.
   */
  async onFilesRecorded(projectId: string): Promise<void> {
    try {
      await this.takeCompleteSets(projectId);
    } catch (err) {
      this.deps.logger.error({ err, projectId }, 'taking the sets completed by an upload failed');
    }
  }

  /**
   * Queues every complete, never-processed set of the project into its run that takes sets, if it
   * has one (called after files are recorded, on whichever API process received them). Each set is
   * charged once (ledger key run/set) before it is queued; when the credits run out, the intake ends
   * with the reason and the sets left wait for a normal start.
   */
  async takeCompleteSets(projectId: string): Promise<number> {
    const run = await this.deps.runs.acceptingRun(projectId);
    if (!run) return 0;
    // Read as the run's owner (the project's owner when the run was opened).
    const project = await this.deps.projects.getOwned({ id: run.userId }, projectId, { includeFiles: true });
    const { sets } = await this.deps.selectSets(project, 'unprocessed');
    let taken = 0;
    for (const fs of sets) {
      const outcome = await this.takeSet(run, project, fs);
      if (outcome === 'stopped') break;
      if (outcome === 'taken') taken++;
    }
    if (taken) await this.deps.runs.notify(projectId);
    return taken;
  }

  private async takeSet(run: AcceptingRun, project: Project, fs: FileSet): Promise<'taken' | 'skipped' | 'stopped'> {
    // The set's charge is the run's step of round(k x cost) (run-lifecycle.ts), so the run costs what the estimate states.
    const cents = await this.deps.runs.addJob(run.runId, fs.id);
    if (cents === null) return 'skipped';
    try {
      if (cents > 0)
        await this.deps.ledger.chargeProcessing({
          userId: run.userId,
          runId: setChargeKey(run.runId, fs.id),
          amount: cents,
          description: `${fs.baseName} of "${project.name}", as it completed`,
        });
    } catch (err) {
      await this.deps.runs.removeJob(run.runId, fs.id);
      if (!isLedgerError(err, 'INSUFFICIENT_CREDITS')) throw err;
      const d = err.details ?? {};
      await this.deps.runs.stopIntake(
        run.runId,
        `Credits ran out at ${fs.baseName} (${d.estimatedCost ?? formatCredits(cents)} credits a set, balance ${d.currentBalance ?? '0'}): buy credits, then start processing the sets left`,
      );
      this.deps.logger.info({ runId: run.runId, fileSetId: fs.id }, 'sets-as-they-complete intake stopped: insufficient credits');
      await this.deps.finishRunIfSettled(run.runId);
      return 'stopped';
    }
    await this.deps.enqueue(run.runId, project.id, [fs.id]);
    return 'taken';
  }

  /**
   * No more sets will come (the card is uploaded, or the user stops it): the run finishes when its
   * queued sets are done. Answers the run; a project without such a run is a 409.
   */
  async stopTakingSets(user: User, rawProjectId: unknown): Promise<{ run: RunView; progress: ProjectProgress }> {
    const project = await this.deps.projects.getOwned(user, rawProjectId);
    const latest = await this.deps.runs.latestRun(project.id);
    if (!latest || latest.status !== 'running' || !latest.acceptingSets) {
      // Asked twice (a retried request): the run that stopped taking sets is the answer.
      if (latest?.chargedPerSet && !latest.acceptingSets) return { run: latest, progress: await this.deps.progressOf(project.id) };
      throw conflict('This project has no run taking sets as they complete');
    }
    await this.deps.runs.stopIntake(latest.id);
    await this.deps.finishRunIfSettled(latest.id);
    await this.deps.runs.notify(project.id);
    return { run: (await this.deps.runs.run(latest.id))!, progress: await this.deps.progressOf(project.id) };
  }

  /** Ends the intake of runs whose wizard went away (no set and no live upload for `idleMs`). */
  async stopIdleIntakes(idleMs: number): Promise<number> {
    const idle = await this.deps.runs.idleAcceptingRuns(idleMs);
    const uploading = await this.deps.uploads.projectsUploading([...new Set(idle.map((r) => r.projectId))]);
    const ids = idle.filter((r) => !uploading.has(r.projectId)).map((r) => r.id);
    for (const id of ids) if (await this.deps.runs.stopIntake(id)) await this.deps.finishRunIfSettled(id);
    return ids.length;
  }
}
