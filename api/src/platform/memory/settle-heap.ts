import type { Logger } from '../logging/logger.js';
import { v8Gc } from './v8-gc.js';

/**
 * Returns the heap that start-up left behind to the system, once, before the process takes work.
 *
 * Loading the modules, building the GraphQL schema and the ORM metadata and running migrations
 * leave ~25 MB of V8 old-space pages that are mostly garbage but stay committed: V8's memory
 * reducer does not release them in an idle process (measured: RSS flat for a minute after start).
 * One compacting collection ("last resort": full GCs that move objects off sparse pages) frees
 * them: an idle API goes from ~165 to ~140 MB RSS (README, Memory per process; bench/idle-rss.mjs).
 * It pauses the process for ~80-160 ms, so it runs only here, at start-up, never while serving.
 */
export function settleHeapAfterStartup(logger: Logger): void {
  const gc = v8Gc();
  if (!gc) {
    logger.debug('heap not compacted after start-up: V8 gave no gc function');
    return;
  }
  const before = process.memoryUsage().rss;
  const t0 = performance.now();
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  const ms = Math.round(performance.now() - t0);
  logger.debug({ ms, rssBeforeMb: Math.round(before / 2 ** 20), rssAfterMb: Math.round(process.memoryUsage().rss / 2 ** 20) }, 'heap compacted after start-up');
}
