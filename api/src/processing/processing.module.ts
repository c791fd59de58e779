import type pg from 'pg';
import type { Config } from '../config/config.js';
import { createMetadataProvider } from '../analysis/metadata/index.js';
import type { AuthService } from '../auth/auth.service.js';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import { defineModule, handlers, services, step } from '../kernel/feature-module.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { FileSetsService } from '../file-sets/file-sets.service.js';
import { ProcessingJob } from './processing-job.entity.js';
import { ProcessingRun } from './processing-run.entity.js';
import { ProcessingResolver } from './processing.resolver.js';
import { processingRoutes } from './processing.routes.js';
import { ProcessingService, type ProcessingServiceDeps } from './processing.service.js';
import { ProgressListener } from './progress-listener.js';
import { registerProgressSubscription } from './progress-subscription.js';
import { ProcessingWorker, type ProcessingWorkerDeps } from './worker/processing-worker.js';

/** What the processing resolver, routes and the progress subscription use. */
export interface ProcessingDeps {
  /** Who is asking (signed-in routes). */
  auth: Pick<AuthService, 'authenticate'>;
  /** Start and retry accept an Idempotency-Key (start-processing-once.ts). */
  idempotency: IdempotencyService;
  processing: Pick<ProcessingService, 'start' | 'startAsSetsComplete' | 'stopTakingSets' | 'run' | 'progress' | 'progressOf' | 'latestRun'>;
  /** The subscription's owner check (the query's goes through `processing.progress`). */
  projects: Pick<ProjectsService, 'getOwned'>;
  /** Progress changes from every worker, for the subscription. */
  progressListener: Pick<ProgressListener, 'subscribe'>;
}

/** The listener's own connection goes to the app database the pool was opened on. */
const connectionStringOf = (pool: pg.Pool) => String((pool as unknown as { options: { connectionString: string } }).options.connectionString);

/**
 * Processing (SPEC §3, §7): paid runs over a project's complete file sets, their progress over
 * REST, GraphQL and graphql-ws, and the queue worker that runs the pipeline per set and saves
 * results (through the results module's service).
 */
export const processingModule = defineModule({
  name: 'processing',
  // Declarations of processing_runs / processing_jobs for the schema-drift test; queried through run-store.ts.
  entities: [ProcessingRun, ProcessingJob],
  services: services(
    { config: true, logger: true, pool: true, queue: true, ledger: true, credits: true, projects: true, fileSets: true },
    (d: ProcessingServiceDeps & { fileSets: Pick<FileSetsService, 'afterRecord'> }) => {
      const processing = new ProcessingService(d);
      // "Process each set as soon as it is complete": a set is taken the moment its last file is recorded.
      d.fileSets.afterRecord.push((projectId) => processing.takeCompleteSets(projectId));
      return { processing, progressListener: new ProgressListener(connectionStringOf(d.pool), d.logger) };
    },
  ),
  handlers: handlers<ProcessingDeps>(
    { auth: true, idempotency: true, processing: true, projects: true, progressListener: true },
    {
      resolvers: [ProcessingResolver],
      // Before the projects module's /api/projects router, as http/app.ts mounted them (their paths do not overlap).
      routes: [{ path: '/api/projects', json: true, router: processingRoutes }],
      onSchema: (schema, deps) => registerProgressSubscription(schema, deps),
    },
  ),
  worker: step(
    { config: true, logger: true, orm: true, queue: true, storage: true, processing: true, results: true },
    (d: ProcessingWorkerDeps & { config: Config }) => new ProcessingWorker(d, createMetadataProvider(d.config)).start(),
  ),
  stop: step({ progressListener: true }, (d: { progressListener: Pick<ProgressListener, 'close'> }) => d.progressListener.close()),
});
