/**
 * Reads a .SRT off the event loop: a worker thread streams the file through the parser and runs the
 * summary and shot-type rules beside it, and answers with the facts only (a few KB, whatever the
 * file's size). The API runs the processing worker in-process by default, so this work on the main
 * thread would stall every request for as long as a large file takes. The threads are kept for the
 * next sets (platform/threads/thread-pool.ts): starting one per set cost 85-110 ms, more than the
 * parse of most clips' files.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ThreadPool } from '../../../platform/threads/thread-pool.js';
import type { TelemetryFacts } from './telemetry-facts.js';

/**
 * Threads at once: sets a process works on at the same time wait their turn for one (a parse takes
 * milliseconds to a second, the rest of a set's work much longer).
 */
const TELEMETRY_THREADS = 2;

let pool: ThreadPool<{ path: string }, TelemetryFacts> | undefined;

/** The process's telemetry threads, made on the first .SRT read. */
export function telemetryThreads(): ThreadPool<{ path: string }, TelemetryFacts> {
  pool ??= new ThreadPool({
    name: 'Telemetry reading',
    // From the build this is a .js file, from the sources under test .ts (run by Node's type stripping).
    url: new URL(`./telemetry-thread.worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url),
    // The parser keeps a bounded track (MAX_KEPT_SAMPLES, ~1 KB each) and short-lived line strings:
    // a ceiling that bounds the API's RSS, not a size a real file reaches; a small nursery, as a
    // large one only adds RSS.
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
    size: TELEMETRY_THREADS,
    // The processing worker's concurrency bounds the sets that ask: the queue never refuses one.
    maxQueued: 10_000,
    settings: 'WORKER_CONCURRENCY',
    idleMs: 30_000,
    toError: (r) => Object.assign(new Error(r.error), { code: r.code }),
  });
  return pool;
}

export function telemetryFactsOnThread(srtPath: string): Promise<TelemetryFacts> {
  return telemetryThreads().run({ path: srtPath });
}
