import { Router } from 'express';
import type { AppServices } from '../app/services.js';

/** A readiness probe answers within this, whatever a store does (a dead Redis may never answer). */
const CHECK_TIMEOUT_MS = 2000;

const within = (check: Promise<boolean>) =>
  Promise.race([check.catch(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CHECK_TIMEOUT_MS).unref())]);

/** Liveness and readiness (database and queue reachable; 503 naming what is down). */
export function healthRoutes(services: AppServices): Router {
  const r = Router();
  r.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  r.get('/ready', async (_req, res) => {
    const [database, queue] = await Promise.all([
      within(services.pool.query('SELECT 1').then(() => true)),
      within(services.queue?.ping() ?? Promise.resolve(false)),
    ]);
    if (database && queue) {
      res.json({ status: 'ready', database, queue });
      return;
    }
    const down = [...(database ? [] : ['database']), ...(queue ? [] : ['queue'])];
    res.status(503).json({ status: 'unavailable', database, queue, down, message: `Not ready: ${down.join(' and ')} unreachable` });
  });
  return r;
}
