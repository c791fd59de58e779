import type { IdempotencyService } from '../../platform/idempotency/idempotency.service.js';
import type { User } from '../users/user.entity.js';
import { presentUpload } from './upload.presenter.js';
import type { UploadSession } from './uploads.service.js';

/**
 * Commits an upload once per key, for its REST route and GraphQL mutation alike. The fingerprint
 * is what was sent (project id and every file's name, size and SHA-256), known only once the body
 * is received, so the key is claimed after receiving and before recording: a retry with the same
 * key either waits for the first request and gets its answer, or (still running after the wait) a
 * 409; its own bytes are removed in both cases, so there is never a second upload. The stored
 * answer is the REST one; GraphQL maps it.
 */
export async function commitUploadOnce(deps: { idempotency: IdempotencyService }, user: User, session: UploadSession, key: string | null | undefined) {
  if (key === null || key === undefined) return presentUpload(await session.commit());
  let committed = false;
  try {
    const { answer, replayed } = await deps.idempotency.once({ userId: user.id, key, operation: 'uploadFiles', input: await session.contents() }, async () => {
      committed = true;
      return presentUpload(await session.commit());
    });
    if (replayed) await session.abort();
    return answer;
  } catch (err) {
    if (!committed) await session.abort();
    throw err;
  }
}
