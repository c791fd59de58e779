import { Router } from 'express';
import type pg from 'pg';
import type { QueueBackend } from '../../platform/queue/queue-backend.js';
import { activeMediaTools, type MediaTool } from '../../adapters/media-tools/media-tools.js';

/** What the probes look at. */
export interface HealthDeps {
  pool: Pick<pg.Pool, 'query'>;
  queue: Pick<QueueBackend, 'ping'> | null;
}

/** A readiness probe answers within this, whatever a store does (a dead Redis may never answer). */
const CHECK_TIMEOUT_MS = 2000;

const within = (check: Promise<boolean>) =>
  Promise.race([check.catch(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), CHECK_TIMEOUT_MS).unref())]);

/** Version and origin only: where the binary lives is not for an unauthenticated probe. */
const shown = (t: MediaTool | null) => (t ? { version: t.version, source: t.source } : null);

/**
 * Liveness and readiness (database and queue reachable; 503 naming what is down). The media tools
 * are named too; missing ones do not make the process unready (it serves everything but processing,
 * which it refuses with a message), but `mediaTools.problem` says why.
 */
export function healthRoutes(services: HealthDeps): Router {
  const r = Router();
  r.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  r.get('/ready', async (_req, res) => {
    const [database, queue] = await Promise.all([
      within(services.pool.query('SELECT 1').then(() => true)),
      within(services.queue?.ping() ?? Promise.resolve(false)),
    ]);
    const tools = activeMediaTools();
    const mediaTools = { ffprobe: shown(tools.ffprobe), ffmpeg: shown(tools.ffmpeg), ...(tools.problem ? { problem: tools.problem } : {}) };
    if (database && queue) {
      res.json({ status: 'ready', database, queue, mediaTools });
      return;
    }
    const down = [...(database ? [] : ['database']), ...(queue ? [] : ['queue'])];
    res.status(503).json({ status: 'unavailable', database, queue, mediaTools, down, message: `Not ready: ${down.join(' and ')} unreachable` });
  });
  return r;
}
