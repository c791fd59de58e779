/**
 * What the account quotas count, each answered by the table's owner (features/quotas sits below
 * them, so the root hands the functions in: one owner per table, README "Tables").
 */
import type { QuotaCounts } from '../features/quotas/account-quotas.js';
import { countProjectsOwnedBy } from '../features/projects/project-rows.js';
import { countPendingPurchaseRequests } from '../features/purchases/purchase-rows.js';
import { storedBytesOf } from '../features/file-sets/file-set-rows.js';

export const QUOTA_COUNTS: QuotaCounts = {
  projects: countProjectsOwnedBy,
  pendingPurchaseRequests: countPendingPurchaseRequests,
  storedBytes: storedBytesOf,
};
