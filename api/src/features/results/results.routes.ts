import { Router } from 'express';
import { jsonBody } from '../../platform/http/route.js';
import { authed, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import { presentResultRest } from './result.presenter.js';
import type { ResultsService } from './results.service.js';

/** What the result routes under /api/filesets are built with (app/http-app.ts). */
export interface ResultRoutesDeps extends RouteAuth {
  results: Pick<ResultsService, 'get' | 'update' | 'reset'>;
}

/** /api/filesets/:id/results (SPEC §7) and the reset route. */
export function resultRoutes(services: ResultRoutesDeps): Router {
  const r = Router();
  const { results } = services;
  r.get(
    '/:id/results',
    authed(services, async (req, user) => presentResultRest(await results.get(user, req.params.id))),
  );
  r.put(
    '/:id/results',
    authed(services, async (req, user) => {
      const body = jsonBody(req) as { version?: unknown; results?: { version?: unknown } } | undefined;
      // `version`: the one the edit was made on (GET answers it); omitted: the save is not checked.
      const saved = await results.update(user, req.params.id, body, body?.version ?? body?.results?.version);
      return { message: 'Results saved', ...presentResultRest(saved) };
    }),
  );
  r.post(
    '/:id/results/reset',
    authed(services, async (req, user) => {
      const saved = await results.reset(user, req.params.id);
      return { message: 'Results reset to the original', ...presentResultRest(saved) };
    }),
  );
  return r;
}
