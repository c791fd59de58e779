/**
 * What other features may read of the purchase tables (one owner per table: README "Tables"):
 * the pending-request count the quota checks, and the relation finance joins its ledger events to.
 */
import type { EntityManager } from '@mikro-orm/postgresql';

/** How many of the account's purchase requests wait for a decision (the pending-requests quota). */
export async function countPendingPurchaseRequests(em: EntityManager, userId: string): Promise<number> {
  const [row] = await em.execute<Array<{ n: string | number }>>(`select count(*) as n from purchase_requests where user_id = ? and status = 'pending'`, [
    userId,
  ]);
  return Number(row?.n ?? 0);
}

/**
 * `(id, price_cents)` of every purchase request: the price of the package it asked for (null when
 * the package is gone). Finance joins approved purchases' ledger events to it.
 */
export const PURCHASE_PRICES_SQL = `(select pr.id, cp.price_cents from purchase_requests pr left join credit_packages cp on cp.id = pr.credit_package_id)`;
