/**
 * Reads sets' .SRT files into tracks off the event loop, the way the processing pipeline's telemetry
 * thread does (processing/pipeline/telemetry-thread.ts: the same build/source URL and resource
 * limits): a project's tracks.gpx over a large SRT would otherwise parse on the API's main thread and
 * hold up every other request. Threads are lent by the process's one bounded pool (track-pool.ts,
 * TRACK_THREADS), one read at a time each.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ThreadPoolOptions } from '../../platform/threads/thread-pool.js';
import type { Track, TrackMeta } from './track.js';

export interface TrackRequest {
  path: string;
  meta: TrackMeta;
}

/** The .SRT was not in storage. */
export class TrackFileMissingError extends Error {}

/** Tracks read, by the thread that read them: the tests check that none was read on the main thread. */
export const trackThreadReads = { count: 0, mainThread: 0 };

/** How a track thread is started and answers (track-pool.ts adds the bounds). */
export const TRACK_THREAD: Pick<ThreadPoolOptions<Track>, 'name' | 'url' | 'resourceLimits' | 'idleMs' | 'toError' | 'onReply'> = {
  name: 'Track reading',
  url: new URL(`./track-thread.worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url),
  // Heap of one track thread: the parser's bounded sample list and the track built from it.
  resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 8 },
  idleMs: 30_000,
  toError: (r) => (r.code === 'ENOENT' ? new TrackFileMissingError(r.error) : new Error(`Reading the track failed: ${r.error}`)),
  onReply: (r) => {
    trackThreadReads.count++;
    if (r.threadId === 0) trackThreadReads.mainThread++;
  },
};
