import type pg from 'pg';
import type { AuthService } from '../auth/auth.service.js';
import type { Orm } from '../db/database.js';
import { defineModule, handlers, services } from '../kernel/feature-module.js';
import type { ProcessingService } from '../processing/processing.service.js';
import { FileSetResult } from './file-set-result.entity.js';
import { ResultsResolver } from './results.resolver.js';
import { resultRoutes } from './results.routes.js';
import { ResultsService } from './results.service.js';

/** What the results resolver and routes use. */
export interface ResultsDeps {
  /** Who is asking (signed-in routes). */
  auth: Pick<AuthService, 'authenticate'>;
  results: Pick<ResultsService, 'find' | 'get' | 'update' | 'reset' | 'byFileSets'>;
  /** A file set's state in its latest run (`FileSet.processing`). */
  processing: Pick<ProcessingService, 'jobStatesOf'>;
}

/**
 * Results (SPEC §7): the metadata the pipeline saved per file set (processing's worker calls
 * `results.saveGenerated`), read, edited and reset by the set's owner.
 */
export const resultsModule = defineModule({
  name: 'results',
  entities: [FileSetResult],
  services: services({ orm: true, pool: true }, (d: { orm: Orm; pool: pg.Pool }) => ({ results: new ResultsService(d.orm, d.pool) })),
  handlers: handlers<ResultsDeps>(
    { auth: true, results: true, processing: true },
    // After the file-sets module's /api/filesets routers, as http/app.ts mounted them (their paths do not overlap).
    { resolvers: [ResultsResolver], routes: [{ path: '/api/filesets', json: true, router: resultRoutes }] },
  ),
});
