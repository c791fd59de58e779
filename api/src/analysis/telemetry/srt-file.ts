/**
 * Parses a .SRT file off the event loop: a worker thread reads it as a stream (constant memory
 * whatever its size) and answers with the bounded result of SrtStreamParser. The API runs the
 * processing worker in-process by default, so a parse on the main thread would stall every request
 * for as long as a large file takes.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Telemetry } from './types.js';

// From the build these are .js files, from the sources under test .ts (run by Node's type stripping).
const EXT = path.extname(fileURLToPath(import.meta.url));
const WORKER_URL = new URL(`./srt-file.worker${EXT}`, import.meta.url);
const PARSER_URL = new URL(`./parse${EXT}`, import.meta.url).href;
/** Heap of one parsing thread: the kept track is bounded, so this is a ceiling, never reached by a real file. */
const WORKER_HEAP_MB = 192;

export function parseSrtFile(file: string, opts: { maxSamples?: number } = {}): Promise<Telemetry> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { path: file, parserUrl: PARSER_URL, maxSamples: opts.maxSamples },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    worker.once('message', (t: Telemetry) => {
      settled = true;
      resolve(t);
      void worker.terminate();
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The telemetry parser stopped (exit code ${code})`));
    });
  });
}
