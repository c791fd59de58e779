/**
 * One bounded pool of track threads per process (issue 28 finding 6): every track read (the map's
 * GraphQL field, the per-set and per-project downloads) waits here for one of TRACK_THREADS threads;
 * at most TRACK_QUEUE reads wait, one more is a 503 with Retry-After. A thread left idle stops after
 * a while, so an idle API holds no track thread.
 */
import { WorkQueue } from '../../platform/http/work-queue.js';
import type { Track, TrackMeta } from './track.js';
import { TrackThread } from './track-thread.js';

export interface TrackPoolOptions {
  /** TRACK_THREADS: threads (reads at once). */
  size: number;
  /** TRACK_QUEUE: reads waiting. */
  maxQueued: number;
}

export const DEFAULT_TRACK_POOL: TrackPoolOptions = { size: 1, maxQueued: 16 };
const IDLE_MS = 30_000;

export class TrackPool {
  /** The bounded queue (its `stats`: reads running now, the most ever at once; tests and metrics). */
  readonly queue: WorkQueue;
  private readonly idle: TrackThread[] = [];
  private readonly timers = new Map<TrackThread, NodeJS.Timeout>();
  /** Threads that exist now (running or idle): never more than `size`. */
  threads = 0;
  /** The most threads that ever existed at once (tests): never more than `size`. */
  peakThreads = 0;
  private closed = false;

  constructor(readonly options: TrackPoolOptions = DEFAULT_TRACK_POOL) {
    this.queue = new WorkQueue({
      name: 'Track reading',
      concurrency: options.size,
      maxQueued: options.maxQueued,
      settings: `TRACK_THREADS=${options.size}, TRACK_QUEUE=${options.maxQueued}`,
    });
  }

  /** The track of the .SRT at `file`, read on one of the pool's threads; a waiting read leaves when `signal` aborts. */
  read(file: string, meta: TrackMeta, signal?: AbortSignal): Promise<Track> {
    return this.queue.run(async () => {
      const thread = this.take();
      try {
        return await thread.read(file, meta);
      } finally {
        this.release(thread);
      }
    }, signal);
  }

  /** Stops every thread (at shutdown; reads still running finish with an error). */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    const idle = this.idle.splice(0);
    this.threads -= idle.length;
    await Promise.all(idle.map((t) => t.close()));
  }

  private take(): TrackThread {
    const thread = this.idle.pop();
    if (thread) {
      clearTimeout(this.timers.get(thread));
      this.timers.delete(thread);
      return thread;
    }
    this.threads++;
    this.peakThreads = Math.max(this.peakThreads, this.threads);
    return new TrackThread();
  }

  private release(thread: TrackThread): void {
    if (this.closed) {
      this.threads--;
      void thread.close();
      return;
    }
    this.idle.push(thread);
    const timer = setTimeout(() => {
      this.timers.delete(thread);
      const i = this.idle.indexOf(thread);
      if (i < 0) return;
      this.idle.splice(i, 1);
      this.threads--;
      void thread.close();
    }, IDLE_MS);
    timer.unref();
    this.timers.set(thread, timer);
  }
}
