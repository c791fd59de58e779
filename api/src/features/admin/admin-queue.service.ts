import type { QueueBackend } from '../../platform/queue/queue-backend.js';
import type { Logger } from '../../platform/logging/logger.js';
import { jobCounts, queueHandle, registeredQueueNames, withQueueTimeout, type JobState } from '../../platform/queue/queue-registry.js';

export interface FailedJobSummary {
  id: string;
  name: string;
  failedReason: string;
  attemptsMade: number;
  failedAt: Date | null;
}

export interface QueueStats {
  name: string;
  counts: Record<JobState, number>;
  recentFailed: FailedJobSummary[];
}

/** Most recent failed jobs listed per queue in the admin view. */
export const RECENT_FAILED_LIMIT = 10;

/**
 * Per registered queue: job counts by state and the most recent failures with their reason,
 * read from the shared queue store so every API process answers the same. REST
 * (`GET /api/admin/queue`) and GraphQL (`adminQueueStats`) both call this.
 */
export async function readQueueStats(backend: QueueBackend, logger: Logger, failedLimit = RECENT_FAILED_LIMIT): Promise<QueueStats[]> {
  const stats = Promise.all(
    registeredQueueNames().map(async (name) => {
      const [counts, failed] = await Promise.all([jobCounts(backend, name), withQueueTimeout(queueHandle(backend, name).getFailed(0, failedLimit - 1))]);
      const recentFailed = failed
        .filter((j) => j)
        .sort((a, b) => (b.finishedOn ?? 0) - (a.finishedOn ?? 0))
        .map((j) => ({
          id: String(j.id),
          name: j.name,
          failedReason: j.failedReason ?? 'unknown',
          attemptsMade: j.attemptsMade,
          failedAt: j.finishedOn ? new Date(j.finishedOn) : null,
        }));
      return { name, counts, recentFailed };
    }),
  );
  return stats.catch((err: unknown) => {
    logger.warn({ err }, 'queue statistics could not be read');
    throw err;
  });
}
