/**
 * Worker thread of parseSrtFile: streams one .SRT file through SrtStreamParser and posts the
 * result. No relative import at run time: the parser's URL comes from the caller, so the same file
 * runs from the build (.js) and from the TypeScript sources under test (Node strips the types).
 */
import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { SrtStreamParser } from './parse.js';

const job = workerData as { path: string; parserUrl: string; maxSamples?: number };
const parser = (await import(job.parserUrl)) as { SrtStreamParser: typeof SrtStreamParser };
const stream = new parser.SrtStreamParser({ maxSamples: job.maxSamples });
for await (const chunk of createReadStream(job.path, { encoding: 'utf8', highWaterMark: 256 * 1024 })) stream.push(chunk as string);
parentPort!.postMessage(stream.end());
