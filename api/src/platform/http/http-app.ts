import express, { type Express, type Response } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import cors from 'cors';
import { pinoHttp } from 'pino-http';
import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import { serializeRequest } from '../logging/logger.js';
import type { Metrics } from '../metrics/metrics.js';
import { requestIdMiddleware } from '../logging/request-context.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { bodyTimeouts } from './body-limits.js';

/** Paths the REST shim and GraphQL own; everything else may fall back to the web app. */
const API_PREFIXES = ['/api', '/auth', '/graphql', '/metrics'];

type ShellConfig = Pick<Config, 'trustProxy' | 'bodyTimeouts' | 'corsOrigins' | 'webDistDir'>;

/**
 * The Express app before any route: request ids, body time limits, request logs, metrics,
 * security headers, CORS. The composition root (app/http-app.ts) mounts the features' routes and
 * GraphQL on it, then closes it with `finishHttpApp`.
 */
export function openHttpApp(config: ShellConfig, logger: Logger, metrics: Metrics): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(requestIdMiddleware);
  app.use(bodyTimeouts(config.bodyTimeouts));
  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => String(req.id),
      quietReqLogger: true, // req.log lines carry reqId; the completion line has req and res too
      // Response headers are the same on every line (CSP etc.): the status says what matters.
      // Signed `?token=` links are credentials: the URL is logged redacted (logging/logger.ts).
      serializers: { req: serializeRequest, res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }) },
      autoLogging: { ignore: (req) => req.url === '/api/health' },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    }),
  );
  app.use(metrics.middleware());
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The project page embeds an OpenStreetMap preview in an iframe (SPEC §2, §7).
          'frame-src': ["'self'", 'https://www.openstreetmap.org'],
          // The flight map's OpenStreetMap tiles (issue 21).
          'img-src': ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org'],
          'media-src': ["'self'", 'blob:'],
          'connect-src': ["'self'", 'ws:', 'wss:'],
          'script-src': ["'self'"],
          'style-src': ["'self'", "'unsafe-inline'"],
          // Shotlog is often reached over plain HTTP on a LAN: do not force https sub-requests.
          'upgrade-insecure-requests': null,
        },
      },
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    }),
  );
  // CORS is closed unless origins are configured (CORS_ORIGINS); the web app is same-origin.
  if (config.corsOrigins.length) app.use(cors({ origin: config.corsOrigins, credentials: false }));
  return app;
}

/** After the routes and GraphQL: API 404s, the built web app with its SPA fallback, the one error handler. */
export function finishHttpApp(app: Express, config: ShellConfig, logger: Logger): void {
  app.use(API_PREFIXES, notFoundHandler);
  serveWebApp(app, config.webDistDir);
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
}

function serveWebApp(app: Express, dir: string): void {
  const index = path.join(dir, 'index.html');
  app.use(express.static(dir, { index: false, maxAge: '1h', setHeaders: (res, file) => file.endsWith('.html') && res.setHeader('Cache-Control', 'no-cache') }));
  app.get(/.*/, (req, res, next) => {
    if (req.method !== 'GET' || !req.accepts('html')) return next();
    sendBuiltPage(res, index);
  });
}

/** A page of the built web app (never cached), or a 503 that says to build it. */
export function sendBuiltPage(res: Response, file: string): void {
  if (!fs.existsSync(file)) {
    res.status(503).setHeader('X-Shotlog-Web-Build', 'missing');
    res.type('text').send('The web app is not built yet: run `npm run build`.');
    return;
  }
  res.setHeader('Cache-Control', 'no-cache');
  res.sendFile(file);
}
