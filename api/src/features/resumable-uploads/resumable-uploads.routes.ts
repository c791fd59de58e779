import { Router, type Request, type Response } from 'express';
import { authed, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import type { User } from '../users/user.entity.js';
import { presentUnfinished } from './resumable-upload.presenter.js';
import type { ResumableUploadsService } from './resumable-uploads.service.js';

/** What the tus routes and /api/upload/unfinished are built with (app/http-app.ts). */
export interface ResumableUploadRoutesDeps extends RouteAuth {
  resumableUploads: ResumableUploadsService;
}

/**
 * The tus endpoint, /api/uploads/tus (creation) and /api/uploads/tus/{id} (HEAD, PATCH, DELETE):
 * every method writes (an API token needs `write`), whatever tus calls it. OPTIONS (discovery and
 * browser preflights) carries no token and reveals nothing but the server's tus capabilities.
 */
export function tusRoutes(deps: ResumableUploadRoutesDeps): Router {
  const r = Router();
  const serve = (withId: boolean) =>
    authed(
      deps,
      async (req: Request, user: User, res: Response) => {
        await deps.resumableUploads.handle(req, res, user, withId ? String(req.params.id) : null);
        return undefined;
      },
      200,
      'write',
    );
  r.post('/', serve(false));
  r.head('/:id', serve(true));
  r.patch('/:id', serve(true));
  r.delete('/:id', serve(true));
  r.options(['/', '/:id'], (req, res, next) => void deps.resumableUploads.discover(req, res).catch(next));
  return r;
}

/** GET /api/upload/{projectId}/unfinished: the project's uploads that did not end in a file, and why. */
export function unfinishedUploadRoutes(deps: ResumableUploadRoutesDeps): Router {
  const r = Router();
  r.get(
    '/:projectId/unfinished',
    authed(deps, async (req, user) => ({ uploads: (await deps.resumableUploads.unfinished(user, req.params.projectId)).map(presentUnfinished) })),
  );
  return r;
}
