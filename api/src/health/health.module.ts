import { defineModule, handlers } from '../kernel/feature-module.js';
import { healthRoutes, type HealthDeps } from './health.routes.js';

/** Liveness and readiness probes (GET /api/health, /api/ready). */
export const healthModule = defineModule({
  name: 'health',
  handlers: handlers<HealthDeps>({ pool: true, queue: true }, { routes: [{ path: '/api', router: healthRoutes }] }),
});
