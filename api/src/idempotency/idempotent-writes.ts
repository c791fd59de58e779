import type { AppServices } from '../app/services.js';
import { badInput } from '../errors/app-error.js';
import { parseId } from '../validation/ids.js';
import type { User } from '../users/user.entity.js';
import type { UploadSession } from '../uploads/uploads.service.js';
import { presentUpload } from '../uploads/upload.presenter.js';

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
 * Commits an upload once per key. The fingerprint is what was sent (project id and every file's
 * name, size and SHA-256), known only once the body is received, so the key is claimed after
 * receiving and before recording: a retry with the same key either waits for the first request
 * and gets its answer, or (still running after the wait) a 409; its own bytes are removed in both
 * cases, so there is never a second upload. The stored answer is the REST one; GraphQL maps it.
 */
export async function commitUploadOnce(services: AppServices, user: User, session: UploadSession, key: string | null | undefined) {
  if (key === null || key === undefined) return presentUpload(await session.commit());
  let committed = false;
  try {
    const { answer, replayed } = await services.idempotency.once(
      { userId: user.id, key, operation: 'uploadFiles', input: await session.contents() },
      async () => {
        committed = true;
        return presentUpload(await session.commit());
      },
    );
    if (replayed) await session.abort();
    return answer;
  } catch (err) {
    if (!committed) await session.abort();
    throw err;
  }
}
