import { Router } from 'express';
import { authed, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import { idempotencyKeyOf, type IdempotencyService } from '../../platform/idempotency/idempotency.service.js';
import { startProcessingOnce } from './start-processing-once.js';
import type { ProcessingService } from './processing.service.js';
import type { FileSetsService } from '../file-sets/file-sets.service.js';

/** What the processing routes under /api/projects are built with (app/http-app.ts). */
export interface ProcessingRoutesDeps extends RouteAuth {
  /** Start and retry accept an Idempotency-Key (start-processing-once.ts). */
  idempotency: IdempotencyService;
  processing: Pick<ProcessingService, 'start' | 'startAsSetsComplete' | 'stopTakingSets' | 'run' | 'progress'>;
  /** A start waits for the stills being taken from the project's clips (start-processing-once.ts). */
  fileSets: Pick<FileSetsService, 'awaitStills'>;
}

/** POST /api/projects/:id/process and GET /api/projects/:id/progress (SPEC §7), the retry of failed sets, and processing sets as they complete. */
export function processingRoutes(services: ProcessingRoutesDeps): Router {
  const r = Router();
  r.post(
    '/:id/process',
    authed(
      services,
      async (req, user) => {
        const { run, progress } = await startProcessingOnce(services, user, req.params.id, idempotencyKeyOf(req));
        return { message: `Processing started for ${run.totalJobs} file set${run.totalJobs === 1 ? '' : 's'}`, runId: run.id, run, progress };
      },
      202,
      'process', // starting paid work needs the process scope, whatever the method's default
    ),
  );
  // Retry failed sets: paid work like a start, so it declares the same 'process' scope.
  r.post(
    '/:id/process/retry',
    authed(
      services,
      async (req, user) => {
        const { run, progress } = await startProcessingOnce(services, user, req.params.id, idempotencyKeyOf(req), 'failed');
        return { message: `Retrying ${run.totalJobs} failed file set${run.totalJobs === 1 ? '' : 's'}`, runId: run.id, run, progress };
      },
      202,
      'process',
    ),
  );
  // "Process each set as soon as it is complete" (issue 18 item 6): paid work, the 'process' scope.
  r.post(
    '/:id/process/as-sets-complete',
    authed(
      services,
      async (req, user) => {
        const { run, progress } = await services.processing.startAsSetsComplete(user, req.params.id);
        return { message: `Processing each file set as soon as it is complete (${run.totalJobs} taken so far)`, runId: run.id, run, progress };
      },
      202,
      'process',
    ),
  );
  r.post(
    '/:id/process/as-sets-complete/stop',
    authed(
      services,
      async (req, user) => {
        const { run, progress } = await services.processing.stopTakingSets(user, req.params.id);
        return { message: `No more file sets will be taken: ${run.totalJobs} in this run`, runId: run.id, run, progress };
      },
      200,
      'process',
    ),
  );
  r.get(
    '/:id/progress',
    authed(services, async (req, user) => services.processing.progress(user, req.params.id)),
  );
  return r;
}
