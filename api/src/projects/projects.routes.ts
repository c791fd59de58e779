import { Router } from 'express';
import type { AppServices } from '../app/services.js';
import { authed, jsonBody } from '../http/route.js';
import { presentProjectRest } from './project.presenter.js';
import { emptyTrashMessage } from './projects.resolver.js';
import { createProjectOnce } from '../idempotency/idempotent-writes.js';
import { idempotencyKeyOf } from '../idempotency/idempotency.service.js';

/** /api/projects: the project rows of SPEC §7. Static paths come before `/:id`. */
export function projectRoutes(services: AppServices): Router {
  const r = Router();
  const { projects } = services;
  const all = { first: 200 };

  r.get(
    '/',
    authed(services, async (_req, user) => (await projects.list(user, { ...all, view: 'ACTIVE' })).projects.map(presentProjectRest)),
  );
  r.get(
    '/trash',
    authed(services, async (_req, user) => (await projects.list(user, { ...all, view: 'TRASH' })).projects.map(presentProjectRest)),
  );
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
