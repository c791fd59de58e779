import { Router } from 'express';
import type { AppServices } from '../app/services.js';
import { authed } from '../http/route.js';
import { presentSetsRest } from '../uploads/upload.presenter.js';

/** The wizard's project rows of SPEC §7 (verify, generate-json, cost estimate); mounted at /api/projects. */
export function fileSetRoutes(services: AppServices): Router {
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
      const manifest = await fileSets.generateManifest(user, req.params.id);
      return { message: 'Project configuration generated', manifest };
    }),
  );
  r.get(
    '/:id/cost-estimate',
    authed(services, async (req, user) => {
      const e = await fileSets.costEstimate(user, req.params.id);
      // REST answers money as numbers (like the balance call); GraphQL keeps exact decimal strings.
      return { ...e, costPerFileset: Number(e.costPerFileset), totalCost: Number(e.totalCost), currentBalance: Number(e.currentBalance) };
    }),
  );
  return r;
}
