import { Router, type Request } from 'express';
import { badInput } from '../../platform/errors/app-error.js';
import { jsonBody } from '../../platform/http/route.js';
import { authed, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import { presentSetsRest } from './file-set.presenter.js';
import { generatedMessage, removedMessage, type FileSetsService } from './file-sets.service.js';
import { setChoiceOf } from './set-choice.js';
import type { RunEstimator, RunScope } from './run-estimate.js';

/** What the file-set routes are built with (app/http-app.ts). */
export interface FileSetRoutesDeps extends RouteAuth {
  fileSets: FileSetsService;
  /** The cost estimate of a run. */
  processing: RunEstimator;
}

/** `?scope=unprocessed|failed` (default unprocessed): which run a cost estimate is for. */
export function runScopeOf(raw: unknown): RunScope {
  if (raw === undefined || raw === '') return 'unprocessed';
  if (raw === 'unprocessed' || raw === 'failed') return raw;
  throw badInput('scope must be one of: unprocessed, failed');
}

/** `completeOnly` as a query flag (`?completeOnly=1`) or a JSON body field. */
const completeOnlyOf = (req: Request) => {
  const q = req.query.completeOnly;
  return q === '1' || q === 'true' || jsonBody(req).completeOnly === true;
};

/** The wizard's project rows of SPEC §7 (verify, generate-json, cost estimate); mounted at /api/projects. */
export function fileSetRoutes(services: FileSetRoutesDeps): Router {
  const r = Router();
  const { fileSets } = services;
  r.get(
    '/:id/verify-filesets',
    authed(services, async (req, user) => {
      const project = await fileSets.verify(user, req.params.id);
      const sets = presentSetsRest(project.fileSets.getItems());
      return {
        project: { id: project.id, status: project.status, fileSets: sets },
        allComplete: sets.every((s) => s.status === 'complete') && sets.length > 0,
      };
    }),
  );
  r.post(
    '/:id/generate-json',
    authed(services, async (req, user) => {
      const { manifest, leftOut } = await fileSets.generateManifest(user, req.params.id, { completeOnly: completeOnlyOf(req) });
      return { message: generatedMessage(leftOut.length), manifest, leftOut };
    }),
  );
  // Step 3's choices (issue 30): process clips without telemetry, leave sets (photos) out.
  r.post(
    '/:id/fileset-choices',
    authed(services, async (req, user) => {
      const sets = await fileSets.choose(user, req.params.id, setChoiceOf(jsonBody(req)));
      return { fileSets: presentSetsRest(sets) };
    }),
  );
  r.get(
    '/:id/cost-estimate',
    authed(services, async (req, user) => {
      const e = await services.processing.estimate(user, req.params.id, runScopeOf(req.query.scope));
      // REST answers money as numbers (like the balance call); GraphQL keeps exact decimal strings.
      return { ...e, costPerFileset: Number(e.costPerFileset), totalCost: Number(e.totalCost), currentBalance: Number(e.currentBalance) };
    }),
  );
  return r;
}

/** DELETE /api/filesets/{id}: removes a set and its files; mounted at /api/filesets. */
export function fileSetItemRoutes(services: FileSetRoutesDeps): Router {
  const r = Router();
  r.delete(
    '/:id',
    authed(services, async (req, user) => {
      const removed = await services.fileSets.removeFileSet(user, req.params.id);
      return { message: removedMessage(removed), ...removed };
    }),
  );
  return r;
}
