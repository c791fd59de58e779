import { Router } from 'express';
import type { AdminDeps } from './admin.module.js';
import { adminOnly } from '../auth/signed-in-routes.js';
import { readQueueStats } from './admin-queue.service.js';

/** GET /api/admin/queue: job counts by state and recent failures per queue (administrators). */
export function adminQueueRoutes(services: AdminDeps): Router {
  const r = Router();
  r.get(
    '/queue',
    adminOnly(services, async () => ({ queues: await readQueueStats(services.queue, services.logger) })),
  );
  return r;
}
