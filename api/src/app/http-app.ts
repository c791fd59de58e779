import type { Express } from 'express';
import { finishHttpApp, openHttpApp } from '../platform/http/http-app.js';
import { jsonBodyParser } from '../platform/http/body-limits.js';
import { reenterRequestContext } from '../platform/logging/request-context.js';
import { requireAdmin } from '../platform/principal/viewer.js';
import { requireScope } from '../platform/principal/scopes.js';
import { bindRouteScopes } from '../platform/principal/signed-in-routes.js';
import type { AppServices } from './compose.js';
import { authRoutes } from '../features/auth/auth.routes.js';
import { apiTokenRoutes } from '../features/api-tokens/api-tokens.routes.js';
import { userRoutes } from '../features/users/users.routes.js';
import { transactionRoutes } from '../features/credits/credits.routes.js';
import { adminPurchaseRoutes, purchaseRoutes } from '../features/purchases/purchases.routes.js';
import { adminRoutes } from '../features/admin/admin.routes.js';
import { adminQueueRoutes } from '../features/admin/admin-queue.routes.js';
import { financeRoutes } from '../features/finance/finance.routes.js';
import { exportRoutes } from '../features/exports/exports.routes.js';
import { fileSetTrackRoutes, projectTrackRoutes } from '../features/tracks/tracks.routes.js';
import { processingRoutes } from '../features/processing/processing.routes.js';
import { projectRoutes } from '../features/projects/projects.routes.js';
import { fileSetFileRoutes, uploadPlanRoutes, uploadRoutes } from '../features/uploads/uploads.routes.js';
import { tusRoutes, unfinishedUploadRoutes } from '../features/resumable-uploads/resumable-uploads.routes.js';
import { fileSetItemRoutes, fileSetRoutes } from '../features/file-sets/file-sets.routes.js';
import { fileRoutes } from '../features/files/files.routes.js';
import { resultRoutes } from '../features/results/results.routes.js';
import { reviewRoutes } from '../features/review/review.routes.js';
import { healthRoutes } from '../features/health/health.routes.js';
import { notificationRoutes } from '../features/notifications/notifications.routes.js';
import { mountExplorer } from '../features/explorer/explorer.routes.js';
import { deliveryRoutes } from '../features/delivery/delivery.routes.js';

/**
 * The Express app of SPEC §7: the shell (http/http-app.ts), every feature's routes in the order
 * below, /metrics, GraphQL (mounted by the server), then the web app and the error handler.
 *
 * The order is part of the behaviour: where two routers share a path prefix the earlier one
 * answers first, and `...json` (the JSON body parser) runs for a prefix as soon as one mount of it
 * asks for it. Uploads, tus and downloads stream their own bodies, so their mounts take none.
 */
export function createHttpApp(s: AppServices, mountGraphQL: (app: Express) => void): Express {
  const { config, logger, metrics, auth } = s;
  metrics.useQueueBackend(s.queue);
  const app = openHttpApp(config, logger, metrics);
  const json = [jsonBodyParser(), reenterRequestContext];

  app.use('/auth', ...json, authRoutes({ auth, credits: s.credits }));
  // /api/user/tokens before the other /api/user routes.
  app.use('/api/user/tokens', ...json, apiTokenRoutes({ auth, apiTokens: s.apiTokens }));
  app.use('/api/user', ...json, userRoutes({ auth, users: s.users, credits: s.credits }));
  app.use('/api/user', ...json, transactionRoutes({ auth, credits: s.credits }));
  app.use('/api/purchase', ...json, purchaseRoutes({ auth, purchases: s.purchases, idempotency: s.idempotency }));
  app.use('/api/admin', ...json, adminPurchaseRoutes({ auth, purchases: s.purchases, idempotency: s.idempotency }));
  app.use('/api/admin', ...json, adminRoutes({ auth, admin: s.admin, settings: s.settings, config }));
  // The queue and finance routes read no body (the JSON parser of the mounts above runs for /api/admin anyway).
  app.use('/api/admin', adminQueueRoutes({ auth, queue: s.queue, logger }));
  app.use('/api/admin', financeRoutes({ auth, finance: s.finance }));
  // Downloads answer GETs and read no body. The track downloads' paths (`/:id/track.gpx`,
  // `/:id/tracks.gpx`) are two segments, so no `/:id` route after them takes them.
  app.use('/api/projects', exportRoutes({ auth, exports: s.exports }));
  app.use('/api/filesets', fileSetTrackRoutes({ auth, tracks: s.tracks }));
  app.use('/api/projects', projectTrackRoutes({ auth, tracks: s.tracks }));
  app.use('/api/projects', ...json, processingRoutes({ auth, idempotency: s.idempotency, processing: s.processing, fileSets: s.fileSets }));
  app.use('/api/projects', ...json, projectRoutes({ auth, projects: s.projects, idempotency: s.idempotency, processing: s.processing }));
  // Multipart uploads and tus stream their own bodies: no JSON parser before them.
  app.use('/api/upload', uploadRoutes({ auth, uploads: s.uploads, idempotency: s.idempotency }));
  app.use('/api/filesets', fileSetFileRoutes({ auth, uploads: s.uploads, idempotency: s.idempotency }));
  app.use('/api/uploads/tus', tusRoutes({ auth, resumableUploads: s.resumableUploads }));
  app.use('/api/upload', unfinishedUploadRoutes({ auth, resumableUploads: s.resumableUploads }));
  // A card's list: up to MAX_PLAN_FILES entries of ~120 bytes, past the usual 1 MB of JSON.
  app.use('/api/upload', jsonBodyParser('4mb'), reenterRequestContext, uploadPlanRoutes({ auth, uploadPlans: s.uploadPlans }));
  app.use('/api/projects', ...json, fileSetRoutes({ auth, fileSets: s.fileSets, processing: s.processing }));
  app.use('/api/filesets', ...json, fileSetItemRoutes({ auth, fileSets: s.fileSets, processing: s.processing }));
  app.use(
    '/api/files',
    fileRoutes({ auth, files: s.files, storage: s.storage, thumbnails: s.thumbnails, logger, presignSeconds: s.config.s3?.presignSeconds ?? 0 }),
  );
  app.use('/api/filesets', ...json, resultRoutes({ auth, results: s.results }));
  app.use('/api/projects', ...json, reviewRoutes({ auth, review: s.review }));
  app.use('/api', healthRoutes({ pool: s.pool, queue: s.queue }));
  // The unsubscribe link of notification e-mails: no sign-in, the signed token is the authority. Its
  // body is never used (RFC 8058 posts a form field), but a JSON body meets the same limits as anywhere.
  app.use('/api/notifications', ...json, notificationRoutes({ notifications: s.notifications }));
  mountExplorer(app, { config });
  app.use('/api/delivery', ...json, deliveryRoutes({ auth, delivery: s.delivery }));

  app.use(
    '/metrics',
    metrics.router(async (authorization) => {
      const token = config.metricsToken;
      if (token && authorization === `Bearer ${token}`) return;
      const principal = await auth.authenticate(authorization);
      requireScope(principal?.scopes ?? null, 'admin');
      requireAdmin({ user: principal?.user ?? null });
    }),
  );
  mountGraphQL(app);
  finishHttpApp(app, config, logger);
  // Refuses to start if a signed-in route's API-token scope is not decided (auth/signed-in-routes.ts).
  bindRouteScopes(app);
  return app;
}
