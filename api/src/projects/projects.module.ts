import { defineModule, handlers, services } from '../kernel/feature-module.js';
import type { Orm } from '../db/database.js';
import type { AccountQuotas } from '../quotas/account-quotas.js';
import type { AuthService } from '../auth/auth.service.js';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import type { ProcessingService } from '../processing/processing.service.js';
import { Project } from './project.entity.js';
import { ProjectsService } from './projects.service.js';
import { ProjectsResolver } from './projects.resolver.js';
import { projectRoutes } from './projects.routes.js';

/** What the projects resolver and routes use. */
export interface ProjectsDeps {
  auth: AuthService;
  projects: ProjectsService;
  idempotency: IdempotencyService;
  /** A project's REST row carries its processing progress (SPEC §3). */
  processing: Pick<ProcessingService, 'progressOf'>;
}

/** Projects: create, list, trash and restore, delete for good (SPEC §2-§3, §7). */
export const projectsModule = defineModule({
  name: 'projects',
  entities: [Project],
  services: services({ orm: true, quotas: true }, (d: { orm: Orm; quotas: AccountQuotas }) => ({ projects: new ProjectsService(d.orm, d.quotas) })),
  handlers: handlers<ProjectsDeps>(
    { auth: true, projects: true, idempotency: true, processing: true },
    { resolvers: [ProjectsResolver], routes: [{ path: '/api/projects', json: true, router: projectRoutes }] },
  ),
});
