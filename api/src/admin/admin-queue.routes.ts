import { Router } from 'express';
import type { AppServices } from '../app/services.js';
import { adminOnly } from '../auth/signed-in-routes.js';
import { readQueueStats } from './admin-queue.service.js';

/** GET /api/admin/queue: job counts by state and recent failures per queue (administrators). */
export function adminQueueRoutes(services: AppServices): Router {
  const r = Router();
  r.get(
    '/queue',
    adminOnly(services, async () => ({ queues: await readQueueStats(services.queue, services.logger) })),
  );
  return r;
}
