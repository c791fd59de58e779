/**
 * Reads a .SRT off the event loop: a worker thread streams the file through the parser and runs the
 * summary and shot-type rules beside it, and answers with the facts only (a few KB, whatever the
 * file's size). The API runs the processing worker in-process by default, so this work on the main
 * thread would stall every request for as long as a large file takes.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { TelemetryFacts } from './telemetry-facts.js';

// From the build this is a .js file, from the sources under test .ts (run by Node's type stripping).
const WORKER_URL = new URL(`./telemetry-thread.worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url);
/**
 * Heap of one telemetry thread. The parser keeps a bounded track (MAX_KEPT_SAMPLES, ~1 KB each) and
 * short-lived line strings: a ceiling that bounds the API's RSS, not a size a real file reaches.
 */
const THREAD_OLD_MB = 64;
/** A small nursery: the parse makes short-lived strings per line; a large one only adds RSS. */
const THREAD_YOUNG_MB = 8;

export function telemetryFactsOnThread(srtPath: string): Promise<TelemetryFacts> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { path: srtPath },
      resourceLimits: { maxOldGenerationSizeMb: THREAD_OLD_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB },
    });
    let settled = false;
    worker.once('message', (facts: TelemetryFacts) => {
      settled = true;
      resolve(facts);
      void worker.terminate();
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The telemetry thread stopped (exit code ${code})`));
    });
  });
}
