/**
 * Reads sets' .SRT files into tracks off the event loop, the way the processing pipeline's telemetry
 * thread does (processing/pipeline/telemetry-thread.ts: a worker thread per job, the same build/source
 * URL and resource limits): a project's tracks.gpx over a large SRT would otherwise parse on the API's
 * main thread and hold up every other request. Threads are lent by the process's one bounded pool
 * (track-pool.ts, TRACK_THREADS), one read at a time each.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Track, TrackMeta } from './track.js';

const WORKER_URL = new URL(`./track-thread.worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url);
/** Heap of one track thread: the parser's bounded sample list and the track built from it. */
const THREAD_OLD_MB = 128;
const THREAD_YOUNG_MB = 8;

export interface TrackRequest {
  id: number;
  path: string;
  meta: TrackMeta;
}

type Reply = { id: number; threadId: number; track?: Track; error?: string; missing?: boolean };

/** The .SRT was not in storage. */
export class TrackFileMissingError extends Error {}

/** Tracks read, by the thread that read them: the tests check that none was read on the main thread. */
export const trackThreadReads = { count: 0, mainThread: 0 };

export class TrackThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(t: Track): void; reject(e: Error): void }>();

  private start(): Worker {
    const worker = new Worker(WORKER_URL, { resourceLimits: { maxOldGenerationSizeMb: THREAD_OLD_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB } });
    worker.on('message', (r: Reply) => {
      const p = this.pending.get(r.id);
      if (!p) return;
      this.pending.delete(r.id);
      trackThreadReads.count++;
      if (r.threadId === 0) trackThreadReads.mainThread++;
      if (r.track) p.resolve(r.track);
      else p.reject(r.missing ? new TrackFileMissingError(r.error) : new Error(`Reading the track failed: ${r.error}`));
    });
    const fail = (err: Error) => {
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      this.worker = null;
    };
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`The track thread stopped (exit code ${code})`)));
    return worker;
  }

  /** The track of the .SRT at `file`, built on the thread. */
  read(file: string, meta: TrackMeta): Promise<Track> {
    this.worker ??= this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ id, path: file, meta: { ...meta, framePositions: [...meta.framePositions] } } satisfies TrackRequest);
    });
  }

  /** Stops the thread (after the download, or when the client went away). */
  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
