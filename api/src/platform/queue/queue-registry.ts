import type { Queue } from 'bullmq';
import type { QueueBackend } from './queue-backend.js';
import { AppError } from '../errors/app-error.js';

/**
 * The names of every BullMQ queue this product runs. Metrics (`shotlog_queue_jobs`) and the
 * admin queue view read counts for each registered name from the shared store (Redis or
 * PostgreSQL), so every API process reports the same figures. Code that creates a queue calls
 * `registerQueueName(name)` once, e.g. beside its worker.
 */
const names = new Set<string>();

export function registerQueueName(name: string): void {
  if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(name)) throw new Error(`Invalid queue name: ${name}`);
  names.add(name);
}

export function registeredQueueNames(): string[] {
  return [...names].sort();
}

/** Test support: forget a name registered by a test. */
export function unregisterQueueName(name: string): void {
  names.delete(name);
}

export const JOB_STATES = ['waiting', 'active', 'completed', 'failed', 'delayed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * One read-only Queue handle per backend and name: `backend.queue(name)` opens connections,
 * so scrapes and admin views must reuse handles rather than open one per read.
 */
const handles = new WeakMap<QueueBackend, Map<string, Queue>>();

export function queueHandle(backend: QueueBackend, name: string): Queue {
  let byName = handles.get(backend);
  if (!byName) handles.set(backend, (byName = new Map()));
  let q = byName.get(name);
  if (!q) byName.set(name, (q = backend.queue(name)));
  return q;
}

/** How long a read of the queue store may take before it counts as unreachable. */
export const QUEUE_READ_TIMEOUT_MS = 3000;

/**
 * A queue read that fails with SERVICE_UNAVAILABLE when the store does not answer in time:
 * BullMQ's connections retry forever while Redis is down, which would hang a scrape or a page.
 */
export function withQueueTimeout<T>(read: Promise<T>, ms = QUEUE_READ_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('SERVICE_UNAVAILABLE', 'The job queue is not reachable. Please retry shortly.')), ms);
  });
  return Promise.race([read, timeout]).finally(() => clearTimeout(timer));
}

/** Job counts by state for one queue, every state present (0 when none). */
export async function jobCounts(backend: QueueBackend, name: string): Promise<Record<JobState, number>> {
  // BullMQ calls the waiting list "wait"; prioritized jobs are waiting too.
  const raw = await withQueueTimeout(queueHandle(backend, name).getJobCounts('wait', 'prioritized', 'active', 'completed', 'failed', 'delayed'));
  const n = (k: string) => Number(raw[k] ?? 0);
  return { waiting: n('wait') + n('prioritized'), active: n('active'), completed: n('completed'), failed: n('failed'), delayed: n('delayed') };
}
