import 'reflect-metadata';
import { loadConfig, type Config } from '../platform/config/config.js';
import { createLogger, type Logger } from '../platform/logging/logger.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../platform/db/embedded-postgres.js';
import { startServer, type RunningServer } from './server.js';
import { checkDataDirWritable, checkPortFree, lockDataDir, startupLine, waitForService, type DataDirLock } from '../startup/startup-checks.js';
import { markShuttingDown, tolerateDatabaseShutdownWhileStopping } from '../platform/logging/shutdown-state.js';
import { settleHeapAfterStartup } from '../platform/memory/settle-heap.js';

/**
 * `npm start`: the whole product in one process. With no DATABASE_URL an embedded PostgreSQL
 * runs under ./data/; with no REDIS_URL the queue runs on BullMQ's PostgreSQL backend.
 *
 * A start-up fault ends in one line (stderr, and the fatal log), exit code 1, with whatever was
 * started stopped and the data-folder lock released; the full error only at LOG_LEVEL=debug.
 */
const startedAt = Date.now();

let config: Config | undefined;
let logger: Logger | undefined;
let lock: DataDirLock | undefined;
let embedded: EmbeddedDatabase | undefined;
let server: RunningServer | undefined;
/** Set once: the first of start-up failure, SIGINT or SIGTERM decides how the process ends. */
let exiting = false;

async function stopAll(): Promise<void> {
  // The server (its pools, listeners and workers) first, then the database they talk to.
  await server?.stop();
  await embedded?.stop();
}

async function shutdown(signal: string): Promise<void> {
  markShuttingDown();
  logger?.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    logger?.error('shutdown took too long; exiting');
    lock?.release();
    process.exit(1);
  }, 25_000);
  force.unref();
  // A signal during start-up: let the step under way settle, so what it started is stopped too.
  await starting.catch(() => undefined);
  try {
    await stopAll();
    logger?.info('stopped cleanly');
    lock?.release();
    process.exit(0);
  } catch (err) {
    logger?.error({ err }, 'error during shutdown');
    lock?.release();
    process.exit(1);
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (exiting) return;
    exiting = true;
    void shutdown(signal);
  });
}

async function start(): Promise<void> {
  config = loadConfig();
  logger = createLogger(config.logLevel);
  tolerateDatabaseShutdownWhileStopping(logger);
  const c = config;
  checkDataDirWritable(c.dataDir);
  // The lock guards the embedded PostgreSQL's files. With DATABASE_URL several processes share one
  // data folder by design (the scaled deployment's files volume), so there is nothing to lock.
  if (!c.databaseUrl) lock = lockDataDir(c.dataDir, `http://localhost:${c.port}`);
  await checkPortFree(c.host, c.port, 'HTTP', 'PORT');
  if (c.redisUrl) await waitForService(c.redisUrl, 6379, 'REDIS_URL', 'Redis', c.startupWaitSeconds);
  let databaseUrl = c.databaseUrl;
  if (databaseUrl) {
    await waitForService(databaseUrl, 5432, 'DATABASE_URL', 'PostgreSQL', c.startupWaitSeconds);
  } else {
    await checkPortFree('127.0.0.1', c.embeddedPgPort, 'Embedded PostgreSQL', 'EMBEDDED_PG_PORT');
    embedded = await startEmbeddedPostgres({ dataDir: c.dataDir, port: c.embeddedPgPort, logger });
    databaseUrl = embedded.url;
  }
  if (exiting) return; // a signal came: shutdown() stops what exists
  server = await startServer(c, logger, databaseUrl);
  lock?.setUrl(server.url);
}

const starting = start();
try {
  await starting;
  if (!exiting && server) {
    settleHeapAfterStartup(logger!);
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    const tools = server.mediaTools;
    logger!.info(
      {
        url: server.url,
        database: embedded ? 'embedded' : 'external',
        queue: server.services.queue.kind,
        ffprobe: tools.ffprobe?.version ?? null,
        ffmpeg: tools.ffmpeg?.version ?? null,
        seconds,
      },
      'Shotlog is ready',
    );
    // A plain line for people reading the terminal.
    const media = tools.problem
      ? `processing unavailable: ${tools.problem}`
      : `ffprobe ${tools.ffprobe!.version} and ffmpeg ${tools.ffmpeg!.version} from ${tools.ffmpeg!.source === 'npm' ? 'npm' : tools.ffmpeg!.path}`;
    process.stdout.write(`\nShotlog is ready at ${server.url} (started in ${seconds}s; ${media})\n\n`);
  }
} catch (err) {
  if (!exiting) {
    exiting = true;
    const line = startupLine(err);
    const log = logger ?? createLogger(process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace' ? 'debug' : 'info');
    // The stack is for whoever asked for it; by default the line says all a person needs.
    if (log.isLevelEnabled('debug')) log.fatal({ err }, `start-up failed: ${line}`);
    else log.fatal(`start-up failed: ${line}`);
    process.stderr.write(`Shotlog could not start: ${line}\n`);
    await stopAll().catch((e: unknown) => log.debug({ err: e }, 'error while stopping after a failed start-up'));
    lock?.release();
    process.exit(1);
  }
}
