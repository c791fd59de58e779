import { badInput } from '../../platform/errors/app-error.js';
import type { IdempotencyService } from '../../platform/idempotency/idempotency.service.js';
import type { User } from '../users/user.entity.js';
import { parseId } from '../../platform/validation/ids.js';
import type { PurchasesService } from './purchases.service.js';

/**
 * Requests a credit package once per idempotency key, for its REST route and GraphQL mutation
 * alike. The package id is validated before the key is claimed (a 400 claims nothing).
 */
export function createPurchaseRequestOnce(
  deps: { idempotency: IdempotencyService; purchases: PurchasesService },
  user: User,
  rawPackageId: unknown,
  key: string | null | undefined,
) {
  if (rawPackageId === undefined || rawPackageId === null || rawPackageId === '') throw badInput('packageId is required');
  const packageId = parseId(String(rawPackageId), 'package');
  return deps.idempotency.createOnce(
    { userId: user.id, key, operation: 'createPurchaseRequest', input: { packageId } },
    () => deps.purchases.createRequest(user, packageId),
    (id) => deps.purchases.getForUser(user, id),
  );
}
