import express, { type Express } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import cors from 'cors';
import { pinoHttp } from 'pino-http';
import type { AppServices } from '../app/services.js';
import { authRoutes } from '../auth/auth.routes.js';
import { userRoutes } from '../users/users.routes.js';
import { projectRoutes } from '../projects/projects.routes.js';
import { healthRoutes } from './health.routes.js';
import { purchaseRoutes, transactionRoutes } from '../credits/credits.routes.js';
import { adminRoutes } from '../admin/admin.routes.js';
import { adminQueueRoutes } from '../admin/admin-queue.routes.js';
import { errorHandler, notFoundHandler } from './error-handler.js';
import { requireAdmin } from '../auth/viewer.js';
import { fileSetFileRoutes, uploadRoutes } from '../uploads/uploads.routes.js';
import { fileSetItemRoutes, fileSetRoutes } from '../file-sets/file-sets.routes.js';
import { fileRoutes } from '../files/files.routes.js';
import { exportRoutes } from '../exports/exports.routes.js';
import { reenterRequestContext, requestIdMiddleware } from '../logging/request-context.js';
import { bodyTimeouts, jsonBodyParser } from './body-limits.js';
import { serializeRequest } from '../logging/logger.js';
import { requireScope } from '../auth/scopes.js';
import { bindRouteScopes } from '../auth/signed-in-routes.js';
import { apiTokenRoutes } from '../api-tokens/api-tokens.routes.js';
import { mountExplorer } from '../explorer/explorer.routes.js';
import { processingRoutes } from '../processing/processing.routes.js';
import { resultRoutes } from '../results/results.routes.js';

/** Paths the REST shim and GraphQL own; everything else may fall back to the web app. */
const API_PREFIXES = ['/api', '/auth', '/graphql', '/metrics'];

/**
 * The Express app: security headers, JSON bodies, the REST shim of SPEC §7, then (mounted by
 * the server) GraphQL, then the built web app with an SPA fallback.
 */
export function createHttpApp(services: AppServices, mountGraphQL: (app: Express) => void): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', services.config.trustProxy);
  app.use(requestIdMiddleware);
  app.use(bodyTimeouts(services.config.bodyTimeouts));
  app.use(
    pinoHttp({
      logger: services.logger,
      genReqId: (req) => String(req.id),
      quietReqLogger: true, // req.log lines carry reqId; the completion line has req and res too
      // Response headers are the same on every line (CSP etc.): the status says what matters.
      // Signed `?token=` links are credentials: the URL is logged redacted (logging/logger.ts).
      serializers: { req: serializeRequest, res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }) },
      autoLogging: { ignore: (req) => req.url === '/api/health' },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    }),
  );
  services.metrics.useQueueBackend(services.queue);
  app.use(services.metrics.middleware());
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The project page embeds an OpenStreetMap preview in an iframe (SPEC §2, §7).
          'frame-src': ["'self'", 'https://www.openstreetmap.org'],
          'img-src': ["'self'", 'data:', 'blob:'],
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
  if (services.config.corsOrigins.length) app.use(cors({ origin: services.config.corsOrigins, credentials: false }));

  const json = [jsonBodyParser(), reenterRequestContext];
  app.use('/auth', json, authRoutes(services));
  app.use('/api/user/tokens', json, apiTokenRoutes(services));
  app.use('/api/user', json, userRoutes(services), transactionRoutes(services));
  app.use('/api/purchase', json, purchaseRoutes(services));
  app.use('/api/admin', json, adminRoutes(services));
  app.use('/api/projects', exportRoutes(services));
  app.use('/api/admin', adminQueueRoutes(services));
  app.use('/api/projects', json, processingRoutes(services));
  app.use('/api/projects', json, projectRoutes(services));
  app.use('/api/projects', json, fileSetRoutes(services));
  app.use('/api/upload', uploadRoutes(services));
  app.use('/api/filesets', fileSetFileRoutes(services));
  app.use('/api/filesets', json, fileSetItemRoutes(services));
  app.use('/api/files', fileRoutes(services));
  app.use('/api/filesets', json, resultRoutes(services));
  app.use('/api', healthRoutes(services));
  app.use(
    '/metrics',
    services.metrics.router(async (authorization) => {
      const token = services.config.metricsToken;
      if (token && authorization === `Bearer ${token}`) return;
      const principal = await services.auth.authenticate(authorization);
      requireScope(principal?.scopes ?? null, 'admin');
      requireAdmin({ user: principal?.user ?? null });
    }),
  );
  mountExplorer(app, services);
  mountGraphQL(app);
  app.use(API_PREFIXES, notFoundHandler);
  serveWebApp(app, services.config.webDistDir);
  app.use(notFoundHandler);
  app.use(errorHandler(services.logger));
  // Refuses to start if a signed-in route's API-token scope is not decided (http/route.ts).
  bindRouteScopes(app);
  return app;
}

function serveWebApp(app: Express, dir: string): void {
  const index = path.join(dir, 'index.html');
  app.use(express.static(dir, { index: false, maxAge: '1h', setHeaders: (res, file) => file.endsWith('.html') && res.setHeader('Cache-Control', 'no-cache') }));
  app.get(/.*/, (req, res, next) => {
    if (req.method !== 'GET' || !req.accepts('html')) return next();
    if (!fs.existsSync(index)) {
      res.status(503).setHeader('X-Shotlog-Web-Build', 'missing');
      res.type('text').send('The web app is not built yet: run `npm run build`.');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
