/**
 * The BullMQ worker of the processing queue. It runs in the API process (RUN_WORKER, the default)
 * or alone (`npm run worker`, api/src/worker.ts); any number of them may run against one database
 * and queue. Per job: mark running -> pipeline (progress to the job row and job.updateProgress)
 * -> save the result (upsert) -> settle the job -> maybe finish the run.
 *
 * Failure rules: PermanentProcessingError (corrupt video, undecodable JPG, missing file, a request
 * the AI refuses) fails the set at once (UnrecoverableError: no retries). Anything else is retried
 * JOB_ATTEMPTS times with exponential backoff; the set fails after the last attempt. A worker that
 * dies mid-job loses its lock; BullMQ hands the job to another worker after WORKER_LOCK_MS. Settling
 * is guarded in SQL, so a job delivered twice settles once.
 */
import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import type { Config } from '../../../platform/config/config.js';
import type { Orm } from '../../../platform/db/database.js';
import type { FileStorage } from '../../files/file-storage.js';
import { ObjectMissingError, type LocalCopy } from '../../../adapters/object-storage/index.js';
import type { Logger } from '../../../platform/logging/logger.js';
import type { QueueBackend } from '../../../platform/queue/queue-backend.js';
import type { ResultsService } from '../../results/results.service.js';
import { PermanentProcessingError, type MetadataProvider } from '../../../analysis/metadata/index.js';
import { FileSet } from '../../file-sets/file-set.entity.js';
import { setFiles } from '../file-set-files.js';
import { runPipeline, type StageReport } from '../pipeline/run-pipeline.js';
import { runPhotoPipeline } from '../pipeline/photo-pipeline.js';
import { closePhotoExif } from '../../../adapters/media-tools/photo-exif.js';
import { FRAME_POSITIONS } from '../../../adapters/media-tools/frames.js';
import { INTAKE_IDLE_MS, PROCESSING_QUEUE, type ProcessFileSetJob, type ProcessingService } from '../processing.service.js';
import { logConnectionError } from '../../../platform/logging/shutdown-state.js';
import { JobsInFlight, stopWorker } from '../../../platform/queue/worker-shutdown.js';

/** What the worker uses (app/compose.ts, startWorkers). */
export interface ProcessingWorkerDeps {
  /** The worker's settings (concurrency, lock, backoff, reconcile interval) and SRT_MAX_BYTES. */
  config: Pick<Config, 'worker' | 'srtMaxBytes' | 'maxImagePixels'>;
  logger: Logger;
  /** Reads the set and its files. */
  orm: Orm;
  queue: QueueBackend;
  storage: Pick<FileStorage, 'localFile' | 'clipInput'>;
  /** The job rows (`runs`), ending runs and their refunds, and the lost-job check. */
  processing: Pick<ProcessingService, 'jobs' | 'finishRunIfSettled' | 'settlePendingRefunds' | 'requeueLost' | 'stopIdleIntakes'>;
  results: Pick<ResultsService, 'saveGenerated'>;
}

export class ProcessingWorker {
  private worker: Worker | undefined;
  private reconciler: NodeJS.Timeout | undefined;
  /** Jobs taken and not yet recorded by BullMQ as completed or failed; close() waits for them. */
  private inFlight: JobsInFlight | undefined;

  constructor(
    private readonly services: ProcessingWorkerDeps,
    private readonly provider: MetadataProvider,
  ) {}

  start(): this {
    const { concurrency, lockMs } = this.services.config.worker;
    this.worker = this.services.queue.worker(PROCESSING_QUEUE, (job) => this.handle(job as Job<ProcessFileSetJob>), {
      concurrency,
      lockDuration: lockMs,
      stalledInterval: lockMs,
      // A job whose worker died is retried once more than that; it then fails (and is refunded).
      maxStalledCount: 2,
    });
    this.inFlight = new JobsInFlight(this.worker);
    this.worker.on('failed', (job, err) => void this.onFailed(job as Job<ProcessFileSetJob> | undefined, err));
    this.worker.on('error', (err) => logConnectionError(this.services.logger, { err }, 'processing worker error'));
    // Runs that finished while a process died before posting the refund.
    void this.services.processing
      .settlePendingRefunds()
      .then((count) => this.services.logger.info({ count }, 'pending refunds settled'))
      .catch((err) => this.services.logger.warn({ err }, 'could not settle pending refunds'));
    // Jobs a restarted Redis forgot (see requeueLost); while Redis is down this fails and waits.
    this.reconciler = setInterval(() => {
      void this.services.processing
        .requeueLost()
        .catch((err) => this.services.logger.warn({ err: (err as Error).message }, 'could not check the queue for lost jobs'));
      // A wizard that went away without ending its run's intake of sets (see stopIdleIntakes).
      void this.services.processing
        .stopIdleIntakes(INTAKE_IDLE_MS)
        .catch((err) => this.services.logger.warn({ err: (err as Error).message }, 'could not end idle intakes of sets'));
    }, this.services.config.worker.reconcileMs);
    this.reconciler.unref();
    return this;
  }

  /** Takes no new job, lets running ones finish for up to `graceMs`, then stops hard (queue/worker-shutdown.ts). */
  async close(graceMs = 15_000): Promise<void> {
    clearInterval(this.reconciler);
    if (!this.worker || !this.inFlight) return;
    await stopWorker(this.worker, this.inFlight, { graceMs, logger: this.services.logger, name: 'processing worker' });
    await closePhotoExif(); // the photos' exiftool child must not outlive the worker
  }

  async handle(job: Job<ProcessFileSetJob>): Promise<{ title: string } | { skipped: true }> {
    const { runId, fileSetId } = job.data;
    const { processing, results, orm, storage, logger } = this.services;
    const begun = await processing.jobs.begin(runId, fileSetId, job.attemptsMade + 1);
    if (!begun) return { skipped: true };
    const { projectId } = begun;
    // Which process took which set (pino adds pid): how a scaled deployment is read from its logs.
    logger.info({ runId, fileSetId, attempt: job.attemptsMade + 1 }, 'processing file set');
    // Milliseconds each stage took (fetching the files, then each reported stage), logged with the
    // outcome: where a set's time went, read from the logs of any process.
    const stageMs: Record<string, number> = {};
    let stage = 'fetch';
    let stageStart = performance.now();
    const endStage = (next: string) => {
      const now = performance.now();
      stageMs[stage] = Math.round((stageMs[stage] ?? 0) + now - stageStart);
      stage = next;
      stageStart = now;
    };
    const report = async (r: StageReport) => {
      endStage(r.stage);
      await processing.jobs.report(runId, fileSetId, projectId, r);
      await job.updateProgress({ percent: r.percent, stage: r.stage, stageMessage: r.stageMessage });
    };
    try {
      const em = orm.em.fork();
      const set = await em.findOne(FileSet, { id: fileSetId }, { populate: ['files', 'project'] });
      const files = set && setFiles(set);
      if (!set || !files) throw new PermanentProcessingError('The file set is no longer complete (or was left out)');
      // On disk: the stored files themselves. In a bucket: the clip read by byte ranges through the
      // clip relay (header and seeks only; the frames' keyframes fetched while it is probed), the JPG
      // and the SRT as copies in this worker's bounded cache, fetched while the clip is probed and
      // awaited where the pipeline first needs them; all released (the copies kept for a retry while
      // room allows) once the set is done. A photo set has no video, a clip processed without
      // telemetry no SRT.
      const missing = (what: string) => (err: unknown) => {
        throw err instanceof ObjectMissingError ? new PermanentProcessingError(`The ${what} file is missing from storage`) : err;
      };
      const videoCopy = files.video
        ? storage.clipInput(files.video.storageKey, files.video.sizeBytes, { framesAt: FRAME_POSITIONS }).catch(missing('video'))
        : null;
      const jpgCopy = storage.localFile(files.jpg.storageKey).catch(missing('image'));
      const srtCopy = files.srt ? storage.localFile(files.srt.storageKey).catch(missing('subtitle')) : null;
      const copies = [videoCopy, jpgCopy, srtCopy];
      for (const c of copies) c?.catch(() => undefined); // each failure is met where it is awaited
      let out: Awaited<ReturnType<typeof runPipeline>>;
      try {
        const ordinal =
          1 +
          (await em.count(FileSet, {
            project: set.project.id,
            $or: [{ position: { $lt: set.position } }, { position: set.position, baseName: { $lt: set.baseName } }],
          }));
        const video = await videoCopy;
        out = await (
          video
            ? runPipeline(
                {
                  videoPath: video.path,
                  jpgPath: jpgCopy.then((c) => c.path),
                  srtPath: srtCopy?.then((c) => c.path) ?? null,
                  baseName: set.baseName,
                  ordinal,
                  cameraType: set.project.cameraType,
                  srtMaxBytes: this.services.config.srtMaxBytes,
                  srtFilename: files.srt?.filename,
                  maxImagePixels: this.services.config.maxImagePixels,
                  jpgFilename: files.jpg.filename,
                },
                this.provider,
                report,
              )
            : runPhotoPipeline(
                {
                  jpgPath: (await jpgCopy).path,
                  baseName: set.baseName,
                  ordinal,
                  cameraType: set.project.cameraType,
                  maxImagePixels: this.services.config.maxImagePixels,
                  jpgFilename: files.jpg.filename,
                  rawFilename: set.files.getItems().find((f) => f.kind === 'raw')?.filename ?? null,
                },
                report,
                this.provider,
              )
        ).then(
          (done) => {
            // A frame the bucket failed to give is a missing frame, not a lesser result: try again.
            bucketFault(video);
            return done;
          },
          (err: unknown) => {
            // The tools call a clip they could not read unreadable; a bucket fault is not the clip's.
            if (err instanceof PermanentProcessingError) bucketFault(video);
            throw err;
          },
        );
      } finally {
        for (const c of copies)
          void c?.then(
            (copy) => copy?.release(),
            () => undefined,
          );
      }
      await report({ percent: 92, stage: 'save', stageMessage: 'Saving the result' });
      const title = await results.saveGenerated({
        fileSetId,
        projectId,
        result: out.generated.result,
        titleCandidates: out.generated.titleCandidates,
        fallbackSuffix: set.baseName,
        provider: out.generated.provider,
        analysis: out.analysis,
      });
      await processing.jobs.settle(runId, fileSetId, projectId, { status: 'completed' });
      await processing.finishRunIfSettled(runId);
      endStage('done');
      logger.info({ runId, fileSetId, stageMs }, 'file set processed');
      return { title };
    } catch (err) {
      const permanent = err instanceof PermanentProcessingError;
      const attempts = job.opts.attempts ?? 1;
      const last = permanent || job.attemptsMade + 1 >= attempts;
      const message = permanent ? (err as Error).message : `Processing failed: ${(err as Error).message ?? String(err)}`;
      endStage('failed');
      logger.warn({ err, runId, fileSetId, attempt: job.attemptsMade + 1, permanent, last, stageMs }, 'file set processing failed');
      if (last) {
        await processing.jobs.settle(runId, fileSetId, projectId, { status: 'failed', error: message });
        await processing.finishRunIfSettled(runId);
      } else {
        await processing.jobs.retrying(runId, fileSetId, projectId, message);
      }
      if (permanent) throw new UnrecoverableError(message);
      throw err;
    }
  }

  /** Jobs BullMQ failed without our handler settling them (stalled too often): settle them now. */
  private async onFailed(job: Job<ProcessFileSetJob> | undefined, err: Error): Promise<void> {
    if (!job?.data?.runId || !job.finishedOn) return;
    try {
      const { runId, fileSetId, projectId } = job.data;
      if (await this.services.processing.jobs.settle(runId, fileSetId, projectId, { status: 'failed', error: err.message || 'Processing failed' })) {
        await this.services.processing.finishRunIfSettled(runId);
      }
    } catch (e) {
      this.services.logger.warn({ err: e }, 'could not settle a failed job');
    }
  }
}

/** Throws when a tool met a bucket fault reading the clip: a retry, or a permanent failure when the clip is gone from the bucket. */
function bucketFault(video: LocalCopy | null): void {
  const fault = video?.fault?.();
  if (fault instanceof ObjectMissingError) throw new PermanentProcessingError('The video file is missing from storage');
  if (fault) throw new Error(`The video could not be read from the bucket: ${fault.message}`, { cause: fault });
}
