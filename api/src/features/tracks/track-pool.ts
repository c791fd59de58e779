/**
 * One bounded pool of track threads per process (issue 28 finding 6): every track read (the map's
 * GraphQL field, the per-set and per-project downloads) waits here for one of TRACK_THREADS threads;
 * at most TRACK_QUEUE reads wait, one more is a 503 with Retry-After. A thread left idle stops after
 * a while, so an idle API holds no track thread (platform/threads/thread-pool.ts).
 */
import { ThreadPool } from '../../platform/threads/thread-pool.js';
import type { Track, TrackMeta } from './track.js';
import { TRACK_THREAD, type TrackRequest } from './track-thread.js';

export interface TrackPoolOptions {
  /** TRACK_THREADS: threads (reads at once). */
  size: number;
  /** TRACK_QUEUE: reads waiting. */
  maxQueued: number;
}

export const DEFAULT_TRACK_POOL: TrackPoolOptions = { size: 1, maxQueued: 16 };

export class TrackPool extends ThreadPool<TrackRequest, Track> {
  constructor(options: TrackPoolOptions = DEFAULT_TRACK_POOL) {
    super({ ...TRACK_THREAD, ...options, settings: `TRACK_THREADS=${options.size}, TRACK_QUEUE=${options.maxQueued}` });
  }

  /** The track of the .SRT at `file`, read on one of the pool's threads; a waiting read leaves when `signal` aborts. */
  read(file: string, meta: TrackMeta, signal?: AbortSignal): Promise<Track> {
    return this.run({ path: file, meta: { ...meta, framePositions: [...meta.framePositions] } }, signal);
  }
}
