import { Router } from 'express';
import { jsonBody } from '../../platform/http/route.js';
import { authed, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import { intParam } from '../../platform/http/query-params.js';
import { presentProjectRest } from './project.presenter.js';
import { emptyTrashMessage, type ProjectsService } from './projects.service.js';
import { createProjectOnce } from './create-project-once.js';
import { idempotencyKeyOf, type IdempotencyService } from '../../platform/idempotency/idempotency.service.js';

/** What /api/projects (the project rows) is built with (app/http-app.ts). */
export interface ProjectRoutesDeps extends RouteAuth {
  projects: ProjectsService;
  idempotency: IdempotencyService;
  /**
   * A project's REST row carries its processing progress (SPEC §3), answered as processing shapes it
   * (ProcessingService.progressOf; typed here by what the row needs, so projects imports no processing).
   */
  processing: { progressOf(projectId: string): Promise<object> };
}

/** /api/projects: the project rows of SPEC §7. Static paths come before `/:id`. */
export function projectRoutes(services: ProjectRoutesDeps): Router {
  const r = Router();
  const { projects } = services;

  // SPEC §7 answers a plain list, so existing clients keep that shape; paging rides beside it:
  // `limit` (1-200, default 200) and `offset` in the query, the whole count in X-Total-Count, so a
  // client can tell a full page from the end of the list.
  const listed = (view: 'ACTIVE' | 'TRASH') =>
    authed(services, async (req, user, res) => {
      const first = intParam(req.query.limit, 'limit', 200, 1, 200);
      const offset = intParam(req.query.offset, 'offset', 0, 0, 1_000_000_000);
      const page = await projects.list(user, { first, offset, view });
      res.setHeader('X-Total-Count', String(page.totalCount));
      return page.projects.map(presentProjectRest);
    });
  r.get('/', listed('ACTIVE'));
  r.get('/trash', listed('TRASH'));
  r.delete(
    '/trash/empty',
    authed(services, async (_req, user) => {
      const result = await projects.emptyTrash(user);
      return { message: emptyTrashMessage(result), ...result };
    }),
  );
  r.post(
    '/',
    authed(
      services,
      async (req, user) => {
        const project = await createProjectOnce(services, user, jsonBody(req), idempotencyKeyOf(req));
        return { message: 'Project created', project: presentProjectRest(project) };
      },
      201,
    ),
  );
  // SPEC §3: a project carries its progress data; the same figures as GET /api/projects/{id}/progress.
  r.get(
    '/:id',
    authed(services, async (req, user) => {
      const project = await projects.getOwned(user, req.params.id, { includeFiles: true });
      return { ...presentProjectRest(project), progress: await services.processing.progressOf(project.id) };
    }),
  );
  r.delete(
    '/:id',
    authed(services, async (req, user) => {
      const project = await projects.moveToTrash(user, req.params.id);
      return { message: 'Project moved to trash', project: presentProjectRest(project) };
    }),
  );
  r.post(
    '/:id/restore',
    authed(services, async (req, user) => {
      const project = await projects.restore(user, req.params.id);
      return { message: 'Project restored', project: presentProjectRest(project) };
    }),
  );
  r.delete(
    '/:id/permanent',
    authed(services, async (req, user) => {
      await projects.deletePermanently(user, req.params.id);
      return { message: 'Project permanently deleted' };
    }),
  );
  return r;
}
