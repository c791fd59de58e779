import 'reflect-metadata';
import { loadConfig } from './config/config.js';
import { createLogger } from './logging/logger.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.js';
import { startServer, type RunningServer } from './server.js';
import { AdminAccountConflict } from './users/users.service.js';

/**
 * `npm start`: the whole product in one process. With no DATABASE_URL an embedded PostgreSQL
 * runs under ./data/; with no REDIS_URL the queue runs on BullMQ's PostgreSQL backend.
 */
const config = loadConfig();
const logger = createLogger(config.logLevel);
const startedAt = Date.now();

let embedded: EmbeddedDatabase | undefined;
let server: RunningServer | undefined;

async function shutdown(signal: string): Promise<void> {
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, 25_000);
  force.unref();
  try {
    await server?.stop();
    await embedded?.stop();
    logger.info('stopped cleanly');
    process.exit(0);
  } catch (err) {
    logger.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}

let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (signalled) return;
    signalled = true;
    void shutdown(signal);
  });
}

try {
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
    databaseUrl = embedded.url;
  }
  server = await startServer(config, logger, databaseUrl);
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  logger.info({ url: server.url, database: embedded ? 'embedded' : 'external', queue: server.services.queue.kind, seconds }, 'Shotlog is ready');
  // A plain line for people reading the terminal.
  process.stdout.write(`\nShotlog is ready at ${server.url} (started in ${seconds}s)\n\n`);
} catch (err) {
  if (err instanceof AdminAccountConflict) {
    // A refusal, not a crash: one line that says what to change.
    logger.fatal(err.message);
    process.stderr.write(`\n${err.message}\n\n`);
  } else logger.fatal({ err }, 'start-up failed');
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
}
