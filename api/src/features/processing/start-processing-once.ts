import { conflict } from '../../platform/errors/app-error.js';
import type { IdempotencyService } from '../../platform/idempotency/idempotency.service.js';
import type { User } from '../users/user.entity.js';
import { parseId } from '../../platform/validation/ids.js';
import type { ProcessingService, RunScope } from './processing.service.js';
import type { FileSetsService } from '../file-sets/file-sets.service.js';

/**
 * Starts processing once per key (fingerprint: the project id), for its REST route and GraphQL
 * mutation alike: a retry gets the same run, charged once. `scope` 'failed' is Retry failed sets,
 * a different operation for the key. A new run first waits for the project's stills being taken
 * from its clips (file-sets/stills.ts), so such a clip is taken complete, not left out.
 */
export async function startProcessingOnce(
  deps: {
    idempotency: IdempotencyService;
    processing: Pick<ProcessingService, 'start' | 'run' | 'progress'>;
    fileSets: Pick<FileSetsService, 'awaitStills'>;
  },
  user: User,
  rawProjectId: unknown,
  key: string | null | undefined,
  scope: RunScope = 'unprocessed',
) {
  const projectId = parseId(rawProjectId);
  const { id: _id, ...answer } = await deps.idempotency.createOnce(
    { userId: user.id, key, operation: scope === 'failed' ? 'retryProcessing' : 'startProcessing', input: { projectId } },
    async () => {
      await deps.fileSets.awaitStills(user, projectId);
      const started = await deps.processing.start(user, projectId, scope);
      return { id: started.run.id, ...started };
    },
    async (runId) => {
      const run = await deps.processing.run(runId);
      if (!run) throw conflict('The run this Idempotency-Key started no longer exists');
      return { id: runId, run, progress: await deps.processing.progress(user, projectId) };
    },
  );
  return answer;
}
