import type { Worker } from 'bullmq';
import type { Logger } from '../logging/logger.js';

/** How long BullMQ may take to pause or drop its connections before we stop waiting on it. */
export const FORCE_CLOSE_MS = 5_000;

/** True when `p` settles (either way) within `ms`. */
export async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p.then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Jobs a BullMQ worker has taken and not yet recorded as completed or failed, from its events.
 * A wrong count only costs a close its grace period, never a job.
 */
export class JobsInFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  constructor(worker: Worker) {
    worker.on('active', () => this.count++);
    worker.on('completed', () => this.done());
    worker.on('failed', () => this.done());
  }

  get running(): number {
    return this.count;
  }

  idle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  /** A job the processor moved back to the queue (DelayedError): BullMQ emits no event for it. */
  steppedBack(): void {
    this.done();
  }

  private done(): void {
    this.count = Math.max(0, this.count - 1);
    if (this.count === 0) for (const resolve of this.waiters.splice(0)) resolve();
  }
}

/**
 * Stops a worker: takes no new job, lets running ones finish for up to `graceMs` (then `onLate`,
 * e.g. cutting open transfers), then closes hard; a job still running is handed back by BullMQ's
 * stalled-job check to another worker. BullMQ's own graceful close is not used: it waits on its
 * blocking Redis connection, forever while Redis is down, and a close in flight ignores a later
 * close(true), so its lock timer and reconnecting client would outlive the worker (and keep a
 * process that embeds it, like a test, from exiting).
 */
export async function stopWorker(
  worker: Worker,
  inFlight: JobsInFlight,
  opts: { graceMs: number; logger: Logger; name: string; onLate?: () => void },
): Promise<void> {
  await within(worker.pause(true), FORCE_CLOSE_MS);
  if (!(await within(inFlight.idle(), opts.graceMs))) {
    opts.logger.warn({ graceMs: opts.graceMs, running: inFlight.running }, `${opts.name} did not stop in time; stopping without waiting for running jobs`);
    opts.onLate?.();
  }
  if (!(await within(worker.close(true), FORCE_CLOSE_MS))) opts.logger.warn(`${opts.name} connections did not close in time`);
}
