import 'reflect-metadata';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import path from 'node:path';
import type { Config } from '../platform/config/config.js';
import { readOrCreateSecret } from '../platform/config/secret-file.js';
import type { Logger } from '../platform/logging/logger.js';
import { buildAppSchema } from './graphql-schema.js';
import { startGraphQL } from './graphql-server.js';
import { createHttpApp } from './http-app.js';
import { openProcess } from './process.js';
import { startServices, startWorkers, stopServices, type AppServices } from './compose.js';
import { StartupError } from '../startup/startup-checks.js';
import { logMediaTools, resolveMediaTools, useMediaTools, type MediaTools } from '../adapters/media-tools/media-tools.js';
import { logConnectionError } from '../platform/logging/shutdown-state.js';

export interface RunningServer {
  url: string;
  port: number;
  services: AppServices;
  /** The Express app serving this process (route listings for tests). */
  app: Express;
  /** The ffprobe/ffmpeg processing uses, resolved once at start-up (null ones: processing is refused). */
  mediaTools: MediaTools;
  /** Stops in order; `onStep` hears each step's name as it begins (a slow stop can say where it is). */
  stop(onStep?: (step: string) => void): Promise<void>;
}

/**
 * Starts one API process against `databaseUrl`: migrations, services, HTTP (REST + GraphQL +
 * graphql-ws + web app). Used by `main.ts` and by the tests, so tests run the real thing.
 */
export async function startServer(config: Config, logger: Logger, databaseUrl: string): Promise<RunningServer> {
  const mediaTools = useMediaTools(resolveMediaTools(config.mediaTools));
  logMediaTools(logger, mediaTools);
  const { services, closeStores } = await openProcess(config, logger, databaseUrl, {
    poolMax: config.databasePoolMax,
    jwtSecret: async () => config.jwtSecret ?? (await readOrCreateSecret(path.join(config.dataDir, 'jwt-secret'))),
    onQueueError: (err, name) => logConnectionError(logger, { err, queue: name }, 'queue connection error'),
  });
  try {
    await startServices(services);
  } catch (err) {
    await closeStores().catch(() => undefined);
    throw err;
  }

  // The in-process workers (RUN_WORKER, default on); scaled deployments run `npm run worker` instead.
  const workers = config.runWorker ? startWorkers(services) : [];

  const httpServer = http.createServer();
  const schema = await buildAppSchema(services);
  const graphql = await startGraphQL(services, schema, httpServer);
  const app = createHttpApp(services, graphql.mount);
  httpServer.on('request', app);
  // Slow or stuck clients must not hold sockets forever.
  httpServer.requestTimeout = 0; // uploads may take long; bodies are bounded by http/body-limits.ts bodyTimeouts
  httpServer.headersTimeout = 30_000;
  // An idle kept-alive socket stays open longer than clients keep theirs: a client reusing one just as
  // the server closes it gets ECONNRESET (Node's 5 s default did that to Node fetch, which keeps a socket
  // about 3 s for that hint, whenever its event loop ran late: four test files on a loaded machine).
  // Load balancers keep 60 s (AWS ALB) to 75 s (nginx): 65 s outlives the first.
  httpServer.keepAliveTimeout = 65_000;

  let stopping: Promise<void> | undefined;
  const stop = (onStep?: (step: string) => void) =>
    (stopping ??= (async () => {
      const begin = (name: string) => {
        logger.debug(`stopping: ${name}`);
        onStep?.(name);
      };
      const step = async (name: string, run: () => Promise<unknown> | undefined) => {
        begin(name);
        await run();
      };
      await step('graphql', () => graphql.stop()); // drains HTTP (in-flight requests finish) and closes websockets
      await step('http', () => new Promise<void>((resolve) => httpServer.close(() => resolve())));
      await step('workers', () => Promise.all(workers.map((w) => w.close()))); // lets running jobs finish
      // The services' own: thumbnails being made, the upload hashing thread, listeners, the exiftool child.
      await stopServices(services, begin);
      await step('stores', closeStores);
    })());
  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config.port, config.host, () => resolve());
    });
  } catch (err) {
    // Port taken (a race past main.ts's check) or not allowed: close everything already open, in
    // order, so no database client is cut off mid-connection by a later embedded PostgreSQL stop.
    await stop().catch(() => undefined);
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      const why = code === 'EADDRINUSE' ? `is already in use on ${config.host}` : 'needs privileges this process does not have';
      throw new StartupError(`HTTP port ${config.port} ${why}: stop what holds it, or set PORT to a free port (e.g. PORT=${config.port + 1})`, { cause: err });
    }
    throw err;
  }
  const port = (httpServer.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  return { url, port, services, app, mediaTools, stop };
}
