import type { Express } from 'express';
import type { FeatureModule } from '../kernel/feature-module.js';
import { finishHttpApp, openHttpApp } from '../http/http-app.js';
import { jsonBodyParser } from '../http/body-limits.js';
import { reenterRequestContext } from '../logging/request-context.js';
import { requireAdmin } from '../auth/viewer.js';
import { requireScope } from '../auth/scopes.js';
import { bindRouteScopes } from '../auth/signed-in-routes.js';
import type { BaseServices } from './compose.js';
import type { AuthService } from '../auth/auth.service.js';

/**
 * The Express app of SPEC §7: the shell (http/http-app.ts), every module's routes in module-list
 * order, /metrics, GraphQL (mounted by the server), then the web app and the error handler.
 */
export function createHttpApp(
  services: BaseServices & { auth: Pick<AuthService, 'authenticate'> },
  modules: readonly FeatureModule[],
  handlerDeps: ReadonlyMap<FeatureModule, unknown>,
  mountGraphQL: (app: Express) => void,
): Express {
  const { config, logger, metrics } = services;
  metrics.useQueueBackend(services.queue);
  const app = openHttpApp(config, logger, metrics);
  const json = [jsonBodyParser(), reenterRequestContext];
  for (const m of modules) {
    if (!m.handlers) continue;
    const deps = handlerDeps.get(m);
    for (const r of m.handlers.routes ?? []) app.use(r.path, ...(r.json ? json : []), r.router(deps));
    m.handlers.mount?.(app, deps);
  }
  app.use(
    '/metrics',
    metrics.router(async (authorization) => {
      const token = config.metricsToken;
      if (token && authorization === `Bearer ${token}`) return;
      const principal = await services.auth.authenticate(authorization);
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
