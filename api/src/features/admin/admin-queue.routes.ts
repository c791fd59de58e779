import { Router } from 'express';
import { adminOnly, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import { readQueueStats } from './admin-queue.service.js';
import type { QueueBackend } from '../../platform/queue/queue-backend.js';
import type { Logger } from '../../platform/logging/logger.js';

/** What /api/admin/queues is built with (app/http-app.ts). */
export interface AdminQueueRoutesDeps extends RouteAuth {
  queue: QueueBackend;
  logger: Logger;
}

/** GET /api/admin/queue: job counts by state and recent failures per queue (administrators). */
export function adminQueueRoutes(services: AdminQueueRoutesDeps): Router {
  const r = Router();
  r.get(
    '/queue',
    adminOnly(services, async () => ({ queues: await readQueueStats(services.queue, services.logger) })),
  );
  return r;
}
