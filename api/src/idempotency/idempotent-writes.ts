import type { AppServices } from '../app/services.js';
import { badInput, conflict } from '../errors/app-error.js';
import { parseId } from '../validation/ids.js';
import type { User } from '../users/user.entity.js';
import type { RunScope } from '../processing/processing.service.js';

/**
 * The writes that accept an idempotency key, shared by their REST route and GraphQL mutation so
 * both APIs have one rule. Input is validated before the key is claimed (a 400 claims nothing)
 * and fingerprinted after normalising, so `{"name":" A "}` and `{"name":"A"}` are one request.
 */
export function createPurchaseRequestOnce(services: AppServices, user: User, rawPackageId: unknown, key: string | null | undefined) {
  if (rawPackageId === undefined || rawPackageId === null || rawPackageId === '') throw badInput('packageId is required');
  const packageId = parseId(String(rawPackageId), 'package');
  return services.idempotency.createOnce(
    { userId: user.id, key, operation: 'createPurchaseRequest', input: { packageId } },
    () => services.purchases.createRequest(user, packageId),
    (id) => services.purchases.getForUser(user, id),
  );
}

/**
 * Starts processing once per key (fingerprint: the project id): a retry gets the same run, charged
 * once. `scope` 'failed' is Retry failed sets, a different operation for the key.
 */
export async function startProcessingOnce(
  services: AppServices,
  user: User,
  rawProjectId: unknown,
  key: string | null | undefined,
  scope: RunScope = 'unprocessed',
) {
  const projectId = parseId(rawProjectId);
  const { id: _id, ...answer } = await services.idempotency.createOnce(
    { userId: user.id, key, operation: scope === 'failed' ? 'retryProcessing' : 'startProcessing', input: { projectId } },
    async () => {
      const started = await services.processing.start(user, projectId, scope);
      return { id: started.run.id, ...started };
    },
    async (runId) => {
      const run = await services.processing.run(runId);
      if (!run) throw conflict('The run this Idempotency-Key started no longer exists');
      return { id: runId, run, progress: await services.processing.progress(user, projectId) };
    },
  );
  return answer;
}
