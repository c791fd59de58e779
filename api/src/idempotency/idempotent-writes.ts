import type { AppServices } from '../app/services.js';
import { badInput } from '../errors/app-error.js';
import { parseId } from '../validation/ids.js';
import type { User } from '../users/user.entity.js';

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
