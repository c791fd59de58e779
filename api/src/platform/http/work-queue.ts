import { AppError } from '../errors/app-error.js';

export interface WorkQueueOptions {
  /** What the work is, for the refusal ("Image decoding", "Track reading"). */
  name: string;
  /** At most this many jobs run at once. */
  concurrency: number;
  /** At most this many wait; one more is refused with 503 and Retry-After. */
  maxQueued: number;
  /** The variables that set the two bounds, named in the refusal. */
  settings: string;
  retryAfterSeconds?: number;
}

/**
 * A bounded, process-wide place for expensive work (decoding an image, reading a track): at most
 * `concurrency` jobs at once, at most `maxQueued` waiting; beyond that the caller gets a 503 with
 * Retry-After at once, before any work or memory is spent on it. A waiting job whose caller went
 * away (its signal aborted) leaves the queue without running.
 */
export class WorkQueue {
  private active = 0;
  private readonly waiting: Array<{ start(): void; signal?: AbortSignal }> = [];
  /** Observed figures (tests, metrics): running now, the most that ever ran at once, started, refused. */
  readonly stats = { active: 0, peak: 0, queued: 0, started: 0, refused: 0 };

  constructor(readonly opts: WorkQueueOptions) {
    if (!(opts.concurrency >= 1)) throw new Error(`${opts.name}: concurrency must be at least 1`);
  }

  /** Runs `job` when a place is free; 503 (SERVICE_UNAVAILABLE, Retry-After) when the queue is full. */
  run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.active >= this.opts.concurrency && this.waiting.length >= this.opts.maxQueued) {
      this.stats.refused++;
      const retry = this.opts.retryAfterSeconds ?? 2;
      return Promise.reject(
        new AppError(
          'SERVICE_UNAVAILABLE',
          `${this.opts.name} is busy: ${this.active} running and ${this.waiting.length} waiting, the most this server allows (${this.opts.settings}); try again in ${retry} seconds`,
          { retryAfterSeconds: retry, running: this.active, waiting: this.waiting.length },
        ),
      );
    }
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.active++;
        this.stats.started++;
        this.stats.active = this.active;
        this.stats.peak = Math.max(this.stats.peak, this.active);
        let p: Promise<T>;
        try {
          p = job();
        } catch (err) {
          p = Promise.reject(err as Error);
        }
        p.then(resolve, reject).finally(() => {
          this.active--;
          this.stats.active = this.active;
          this.next();
        });
      };
      if (signal?.aborted) return reject(signal.reason as Error);
      if (this.active < this.opts.concurrency) return start();
      const entry = { start, signal };
      this.waiting.push(entry);
      this.stats.queued = this.waiting.length;
      signal?.addEventListener(
        'abort',
        () => {
          const i = this.waiting.indexOf(entry);
          if (i < 0) return;
          this.waiting.splice(i, 1);
          this.stats.queued = this.waiting.length;
          reject(signal.reason as Error);
        },
        { once: true },
      );
    });
  }

  private next(): void {
    const entry = this.waiting.shift();
    this.stats.queued = this.waiting.length;
    entry?.start();
  }
}
