import 'reflect-metadata';
import { loadConfig } from '../platform/config/config.js';
import { createLogger } from '../platform/logging/logger.js';
import { openProcess } from './process.js';
import { startWorkers, stopServices } from './compose.js';
import { logMediaTools, resolveMediaTools, useMediaTools } from '../adapters/media-tools/media-tools.js';
import { markShuttingDown, tolerateDatabaseShutdownWhileStopping } from '../platform/logging/shutdown-state.js';
import { settleHeapAfterStartup } from '../platform/memory/settle-heap.js';

/**
 * `npm run worker`: a processing worker on its own, for scaled deployments (docker-compose runs
 * two or more). It needs DATABASE_URL (the embedded PostgreSQL is the API's, never started here)
 * and uses Redis when REDIS_URL is set, else BullMQ's PostgreSQL backend on that database.
 * SIGTERM/SIGINT close the worker gracefully: running jobs finish, no new ones are taken.
 */
const config = loadConfig();
const logger = createLogger(config.logLevel);
tolerateDatabaseShutdownWhileStopping(logger);
if (!config.databaseUrl) {
  logger.fatal('DATABASE_URL is required for a standalone worker (the embedded database belongs to the API process)');
  process.exit(1);
}

// A worker without ffprobe/ffmpeg would fail every set it takes: it does not start.
const tools = useMediaTools(resolveMediaTools(config.mediaTools));
logMediaTools(logger, tools);
if (tools.problem) {
  process.stderr.write(`Shotlog worker could not start: ${tools.problem}\n`);
  process.exit(1);
}

const { services, closeStores } = await openProcess(config, logger, config.databaseUrl, {
  poolMax: config.databasePoolMax ?? Math.max(5, config.worker.concurrency * 3),
  // The JWT secret is never used by a worker; services only need a value to be built.
  jwtSecret: async () => 'worker-does-not-sign-tokens',
  onQueueError: (err, name) => logger.warn({ err, queue: name }, 'queue connection error'),
});
const { queue } = services;
settleHeapAfterStartup(logger);
const workers = startWorkers(services);
logger.info({ queue: queue.kind, concurrency: config.worker.concurrency, provider: config.metadataProvider }, 'processing worker started');
process.stdout.write(`Shotlog worker is ready (queue ${queue.kind}, concurrency ${config.worker.concurrency})\n`);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  markShuttingDown();
  logger.info({ signal }, 'worker shutting down');
  const force = setTimeout(() => {
    logger.error('worker shutdown took too long; exiting');
    process.exit(1);
  }, 60_000);
  force.unref();
  try {
    await Promise.all(workers.map((w) => w.close()));
    await stopServices(services, (name) => logger.debug(`stopping: ${name}`));
    await closeStores();
    logger.info('worker stopped cleanly');
    process.exit(0);
  } catch (err) {
    logger.error({ err }, 'error during worker shutdown');
    process.exit(1);
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));
