import { Router } from 'express';
import { jsonBody } from '../../platform/http/route.js';
import { authed, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import { presentResultRest } from './result.presenter.js';
import type { ResultsService } from './results.service.js';
import type { PlaceFields } from './place-edit.js';
import { AppError } from '../../platform/errors/app-error.js';

/** What the result routes under /api/filesets are built with (app/http-app.ts). */
export interface ResultRoutesDeps extends RouteAuth {
  results: Pick<ResultsService, 'get' | 'update' | 'reset' | 'previewPlaceEdit' | 'editPlace'>;
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
  // The place (issue 32): `{ city?, region?, country?, placeLine?, features?, rewriteText?, dryRun? }`.
  // dryRun answers the preview (old and new place, text before and after) and saves nothing.
  r.post(
    '/:id/results/place',
    authed(services, async (req, user) => {
      const body = jsonBody(req);
      const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
      const place = placeBody(b);
      if (b.dryRun === true) return results.previewPlaceEdit(user, req.params.id, place);
      const saved = await results.editPlace(user, req.params.id, place, b.rewriteText === true);
      return { message: 'Place saved', ...presentResultRest(saved) };
    }),
  );
  return r;
}

/** The place fields of a REST body; a field of the wrong type is a 400 naming it. */
function placeBody(b: Record<string, unknown>): Partial<PlaceFields> {
  const out: Partial<PlaceFields> = {};
  for (const k of ['city', 'region', 'country', 'placeLine'] as const) {
    if (b[k] === undefined) continue;
    if (b[k] !== null && typeof b[k] !== 'string') throw new AppError('BAD_USER_INPUT', `${k} must be a string or null`, { field: k });
    out[k] = b[k];
  }
  if (b.features !== undefined) {
    if (b.features !== null && (!Array.isArray(b.features) || b.features.some((f) => typeof f !== 'string')))
      throw new AppError('BAD_USER_INPUT', 'features must be a list of strings', { field: 'features' });
    out.features = (b.features as string[] | null) ?? [];
  }
  return out;
}
