/**
 * A clip's still from the clip (issue 30 item 1). A DJI card holds DJI_0102.MP4 + .SRT (+ .LRF) and
 * no JPG of that name: the set's JPG is taken from its video, at the frame the analysis judges best
 * (analysis/quality/still-choice.ts), stored like an upload and recorded with `from_video` set.
 *
 * When: as soon as a set has its video (the 'fileSet.filesRecorded' reaction schedules it, off the
 * upload's request), and the Verify step and generate-json wait for the project's pending stills,
 * so step 3 shows the set complete. An uploaded JPG always wins: a still is recorded only into a
 * set that has no JPG at that moment, and an uploaded one replaces it like any file of its kind.
 * A video that does not decode gets no still: `file_sets.still_problem` says why (Replace fixes it).
 * A still is a stored file like an upload: its bytes count in the account's storage quota, checked
 * when it is recorded; an account without room gets no still, and the set says so.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { extractStill, measureCandidates, STILL_CANDIDATE_POSITIONS } from '../../adapters/media-tools/still-frames.js';
import { MediaUnreadableError, probeVideo } from '../../adapters/media-tools/index.js';
import { chooseStill } from '../../analysis/quality/still-choice.js';
import { ObjectMissingError, type LocalCopy, type ToolInputOptions } from '../../adapters/object-storage/index.js';
import type { Orm } from '../../platform/db/database.js';
import type { Emitter } from '../../platform/events/events.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { StoredFile } from './file-recording.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { AccountQuotas } from '../quotas/account-quotas.js';
import { FileSet } from './file-set.entity.js';

/** The set's problem when its video's bytes are gone from storage. */
const MISSING = 'the video is missing from storage: replace it';

/**
 * How long what a still read of a clip from a bucket is kept where the set is processed next: a card
 * sent through the API is processed as soon as its stills are taken (bench/storage.mjs --card), a
 * person's on the Process page a little later; after that the blocks are not worth their memory.
 */
const READ_AGAIN_MS = 60_000;

/** Stills taken at once by one process (each is an ffmpeg child plus a few small decodes). */
export const STILL_CONCURRENCY = 2;

/** What stills ask of the file storage (the files feature's FileStorage, passed in by app/compose.ts). */
export interface StillStorage {
  write(source: Readable, opts: { extension: string }): Promise<StoredFile>;
  /** Where ffprobe/ffmpeg read the video: the file on disk, or a loopback URL reading the bucket by ranges (never a copy of the clip). */
  clipInput(storageKey: string, sizeBytes?: number, opts?: ToolInputOptions): Promise<LocalCopy>;
  remove(storageKey: string): Promise<void>;
}

interface PendingSet {
  id: string;
  projectId: string;
  baseName: string;
  videoKey: string;
  videoBytes: number;
}

export class StillTaker {
  private readonly inFlight = new Map<string, Promise<void>>();
  private closed = false;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly orm: Orm,
    private readonly storage: StillStorage,
    private readonly logger: Logger,
    /** 'fileSet.filesRecorded' once a still is recorded: the set may now be complete (processing takes it). */
    private readonly events: Emitter<'fileSet.filesRecorded'>,
    /** The storage quota a still counts in, as an upload's files do. */
    private readonly quotas: Pick<AccountQuotas, 'assertStorageRoom'>,
    /**
     * Thumbnails of a new still (the set list shows them), made from `local`, its bytes still on this
     * machine (released by the callee once made), so they are not fetched back from a bucket.
     */
    private readonly onStillStored: (storageKey: string, local: LocalCopy) => void = (_key, local) => local.release(),
    /** `processedHere`: this process also processes sets (RUN_WORKER), so a clip is read again soon after its still. */
    private readonly opts: { processedHere: boolean } = { processedHere: false },
  ) {}

  /** The reaction: starts taking the project's missing stills and returns at once (errors are logged, never the upload's). */
  schedule(projectId: string): void {
    if (this.closed) return;
    void this.settle(projectId).catch((err: unknown) => this.logger.warn({ err, projectId }, 'could not take stills from the videos'));
  }

  /**
   * Takes every still the project lacks (joining those already under way) and resolves when all are
   * done. `waiter` names who waits (Verify, generate-json, a processing start): logged when it must.
   */
  async settle(projectId: string, waiter?: string): Promise<void> {
    const pending = await this.pendingSets(projectId);
    if (waiter && pending.length) this.logger.info({ projectId, waiter, stills: pending.length }, 'waiting for stills being taken');
    await Promise.all(pending.map((s) => this.takeOnce(s)));
  }

  /**
   * At shutdown, before the database and storage go: no still is started any more, and those under
   * way are let finish (a still is a second or two of ffmpeg; its store and record must not meet a
   * closed database).
   */
  async close(): Promise<void> {
    this.closed = true;
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight.values()]);
  }

  private takeOnce(s: PendingSet): Promise<void> {
    let p = this.inFlight.get(s.id);
    if (!p && this.closed) return Promise.resolve();
    if (!p) {
      p = this.limited((toolsDone) => this.take(s, toolsDone)).finally(() => this.inFlight.delete(s.id));
      this.inFlight.set(s.id, p);
    }
    return p;
  }

  /**
   * `fn` once fewer than STILL_CONCURRENCY stills run their tools; it calls `toolsDone` when its
   * ffmpeg work is over (storing and recording the still are waits on the storage and the database,
   * which the next still's tools need not wait for), else its end does.
   */
  private async limited<T>(fn: (toolsDone: () => void) => Promise<T>): Promise<T> {
    while (this.running >= STILL_CONCURRENCY) await new Promise<void>((r) => this.waiting.push(r));
    this.running++;
    let running = true;
    const toolsDone = () => {
      if (!running) return;
      running = false;
      this.running--;
      this.waiting.shift()?.();
    };
    try {
      return await fn(toolsDone);
    } finally {
      toolsDone();
    }
  }

  /** Sets with a video, no JPG and no recorded problem (callers skip projects in the trash). */
  private async pendingSets(projectId: string): Promise<PendingSet[]> {
    const rows = await this.orm.em.getConnection().execute<Array<{ id: string; base_name: string; storage_key: string; size_bytes: string }>>(
      `select s.id, s.base_name, v.storage_key, v.size_bytes
         from file_sets s join media_files v on v.file_set_id = s.id and v.kind = 'video'
        where s.project_id = ? and s.still_problem is null
          and not exists (select 1 from media_files i where i.file_set_id = s.id and i.kind = 'image')
        order by s.position`,
      [projectId],
    );
    return rows.map((r) => ({ id: r.id, projectId, baseName: r.base_name, videoKey: r.storage_key, videoBytes: Number(r.size_bytes) }));
  }

  private async take(s: PendingSet, toolsDone: () => void): Promise<void> {
    let copy: LocalCopy;
    try {
      // From a bucket: the candidates' keyframes are fetched while the clip is probed, and what was
      // read stays a while where the set is processed next (the analysis frames are among them).
      copy = await this.storage.clipInput(s.videoKey, s.videoBytes, {
        framesAt: STILL_CANDIDATE_POSITIONS,
        keepAfterMs: this.opts.processedHere ? READ_AGAIN_MS : 0,
      });
    } catch (err) {
      if (err instanceof ObjectMissingError) return this.recordProblem(s, MISSING);
      throw err;
    }
    try {
      await this.takeFrom(s, copy, toolsDone);
    } finally {
      copy.release();
    }
  }

  private async takeFrom(s: PendingSet, copy: LocalCopy, toolsDone: () => void): Promise<void> {
    const video = copy.path;
    // A tool that met a bucket fault says only that it could not read the clip: that is no reason to
    // call the video broken, so the fault is thrown (logged; the next settle tries again), or, for a
    // clip gone from the bucket, the set says it is missing.
    const problem = (message: string) => {
      const fault = copy.fault?.();
      if (fault instanceof ObjectMissingError) return this.recordProblem(s, MISSING);
      if (fault) throw new Error(`The video could not be read from the bucket: ${fault.message}`, { cause: fault });
      return this.recordProblem(s, message);
    };
    // Milliseconds each step took, logged with the still (as the worker's `stageMs`): where a card's time goes.
    const stepMs: Record<string, number> = {};
    let stepStart = performance.now();
    const step = (name: string) => {
      const now = performance.now();
      stepMs[name] = Math.round(now - stepStart);
      stepStart = now;
    };
    let duration: number;
    try {
      const probe = await probeVideo(video);
      step('probe');
      duration = probe.duration && probe.duration > 0 ? probe.duration : 1;
    } catch (err) {
      if (err instanceof MediaUnreadableError) return problem('the video does not decode: replace it');
      throw err;
    }
    const candidates = await measureCandidates(video, duration);
    step('candidates');
    // Candidates the bucket failed to give make a lesser choice, not a still: the fault decides (problem).
    const choice = copy.fault?.() ? null : chooseStill(candidates);
    if (!choice) return problem('no frame of the video decodes: replace it');
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'shotlog-still-'));
    // The extracted still stays here until its thumbnails are made from it (onStillStored), else it goes now.
    let handedOver = false;
    try {
      const file = path.join(dir, 'still.jpg');
      let stored: StoredFile;
      try {
        await extractStill(video, choice.at, candidates[choice.index]!.seek, file);
        step('extract');
        toolsDone();
        stored = await this.storage.write(fs.createReadStream(file), { extension: 'jpg' });
        step('store');
      } catch (err) {
        this.logger.warn({ err, fileSetId: s.id }, 'could not extract the still');
        return await problem('the chosen frame could not be extracted: replace the video or upload a JPG');
      }
      const recorded = await this.recordStill(s, stored);
      step('record');
      if (recorded !== true) {
        await this.storage.remove(stored.storageKey).catch(() => undefined);
        if (recorded === 'storage full')
          await this.recordProblem(s, "the account's storage is full: free space (empty the trash), then replace the video or upload a JPG");
        return;
      }
      this.logger.info({ fileSetId: s.id, at: choice.at, reason: choice.reason, stepMs }, 'still taken from the video');
      handedOver = true;
      this.onStillStored(stored.storageKey, { path: file, release: () => void fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined) });
    } finally {
      if (!handedOver) await fsp.rm(dir, { recursive: true, force: true });
    }
    await this.events.emit('fileSet.filesRecorded', { projectId: s.projectId });
  }

  /**
   * Records the still as the set's JPG, unless the set got a JPG meanwhile (an upload wins), lost
   * its video, or is gone. The insert itself is the check (one statement); the storage quota's check
   * runs in its transaction, under the account's storage lock (AccountQuotas.assertStorageRoom).
   */
  private async recordStill(s: PendingSet, stored: StoredFile): Promise<boolean | 'storage full'> {
    try {
      return await this.orm.em.fork().transactional(async (em) => {
        const set = await em.findOne(FileSet, s.id, { populate: ['project'] });
        if (!set) return false;
        await this.quotas.assertStorageRoom(em, set.project.owner.id, Number(stored.sizeBytes));
        return this.insertStill(em, s, stored);
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE') return 'storage full';
      throw err;
    }
  }

  private async insertStill(em: { execute: Orm['em']['execute'] }, s: PendingSet, stored: StoredFile): Promise<boolean> {
    const rows = await em.execute<Array<{ id: string }>>(
      `insert into media_files (id, file_set_id, filename, extension, kind, content_type, storage_key, size_bytes, sha256, from_video, created_at)
       select gen_random_uuid(), s.id, ?, 'jpg', 'image', 'image/jpeg', ?, ?, ?, true, now()
         from file_sets s
        where s.id = ? and exists (select 1 from media_files v where v.file_set_id = s.id and v.kind = 'video' and v.storage_key = ?)
       on conflict (file_set_id, kind) do nothing
       returning id`,
      [`${s.baseName}.JPG`, stored.storageKey, stored.sizeBytes, stored.sha256, s.id, s.videoKey],
    );
    return rows.length > 0;
  }

  private async recordProblem(s: PendingSet, problem: string): Promise<void> {
    await this.orm.em.getConnection().execute('update file_sets set still_problem = ? where id = ?', [problem, s.id]);
    this.logger.warn({ fileSetId: s.id, problem }, 'no still from the video');
  }
}
