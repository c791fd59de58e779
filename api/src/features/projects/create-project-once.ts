import type { IdempotencyService } from '../../platform/idempotency/idempotency.service.js';
import type { User } from '../users/user.entity.js';
import type { ProjectsService } from './projects.service.js';
import { createProjectInput } from './projects.validation.js';

/**
 * Creates a project once per idempotency key, for its REST route and GraphQL mutation alike. Input
 * is validated before the key is claimed (a 400 claims nothing) and fingerprinted after
 * normalising, so `{"name":" A "}` and `{"name":"A"}` are one request.
 */
export function createProjectOnce(
  deps: { idempotency: IdempotencyService; projects: ProjectsService },
  user: User,
  raw: unknown,
  key: string | null | undefined,
) {
  const input = createProjectInput.parse(raw ?? {});
  return deps.idempotency.createOnce(
    { userId: user.id, key, operation: 'createProject', input },
    () => deps.projects.create(user, input),
    (id) => deps.projects.getOwned(user, id, { includeFiles: true }),
  );
}
