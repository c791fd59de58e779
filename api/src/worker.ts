import 'reflect-metadata';
import { migrateLedger } from '@shotlog/ledger';
import { loadConfig } from './config/config.js';
import { createLogger } from './logging/logger.js';
import { openDatabase } from './db/database.js';
import { createQueueBackend } from './queue/queue-backend.js';
import { createServices } from './app/create-services.js';
import { createMetadataProvider } from './analysis/metadata/index.js';
import { ProcessingWorker } from './processing/worker/processing-worker.js';
import { logMediaTools, resolveMediaTools, useMediaTools } from './analysis/media/media-tools.js';
import { markShuttingDown, tolerateDatabaseShutdownWhileStopping } from './logging/shutdown-state.js';

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

const { orm, pool } = await openDatabase(config.databaseUrl, { poolMax: Math.max(5, config.worker.concurrency * 3) });
await migrateLedger(pool);
const queue = createQueueBackend({
  redisUrl: config.redisUrl,
  databaseUrl: config.databaseUrl,
  prefix: config.queuePrefix,
  onError: (err, name) => logger.warn({ err, queue: name }, 'queue connection error'),
});
// The JWT secret is never used by a worker; services only need a value to be built.
const services = createServices({ config, logger, orm, pool, queue, jwtSecret: 'worker-does-not-sign-tokens' });
const worker = new ProcessingWorker(services, createMetadataProvider(config)).start();
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
    await worker.close();
    await services.progressListener.close();
    await queue.close();
    await pool.end();
    await orm.close(true);
    logger.info('worker stopped cleanly');
    process.exit(0);
  } catch (err) {
    logger.error({ err }, 'error during worker shutdown');
    process.exit(1);
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));
