import { Router } from 'express';
import type { AppServices } from '../app/services.js';

/** Liveness and readiness (database and queue reachable). */
export function healthRoutes(services: AppServices): Router {
  const r = Router();
  r.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  r.get('/ready', async (_req, res) => {
    const database = await services.pool
      .query('SELECT 1')
      .then(() => true)
      .catch(() => false);
    const queue = (await services.queue?.ping().catch(() => false)) ?? false;
    const ready = database && queue;
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', database, queue });
  });
  return r;
}
