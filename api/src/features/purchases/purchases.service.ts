import type pg from 'pg';
import { formatCredits, type Ledger } from '@shotlog/ledger';
import type { Orm } from '../../platform/db/database.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { badInput, conflict, notFound } from '../../platform/errors/app-error.js';
import { parseId } from '../../platform/validation/ids.js';
import { afterTimeId, parseTimeIdCursor } from '../../platform/graphql/relay.js';
import { User } from '../users/user.entity.js';
import { CreditPackage } from './credit-package.entity.js';
import { AccountQuotas } from '../quotas/account-quotas.js';
import { PURCHASE_STATUSES, PurchaseRequest, type PurchaseStatus } from './purchase-request.entity.js';
import type { Emitter } from '../../platform/events/events.js';

/** The most a buyer may write as payment proof (a transaction id, a note). */
export const PAYMENT_PROOF_MAX_CHARS = 1000;

const noEvents: Emitter<'purchase.requested' | 'purchase.decided' | 'purchase.proofSubmitted'> = { emit: async () => undefined };

/** Reference price for the 'Save N%' badge (SPEC §9). */
export const REFERENCE_PRICE_PER_CREDIT = 0.1;

export interface PackageView {
  id: string;
  name: string;
  credits: number;
  price: string;
  description: string;
  pricePerCredit: string;
  savingsPercent: number;
  bestValue: boolean;
}

export function presentPackage(p: CreditPackage, index: number): PackageView {
  const perCredit = p.priceCents / p.creditsCents; // dollars per credit (cents/cents)
  return {
    id: p.id,
    name: p.name,
    credits: p.creditsCents / 100,
    price: (p.priceCents / 100).toFixed(2),
    description: p.description,
    pricePerCredit: perCredit.toFixed(4),
    savingsPercent: Math.round((1 - perCredit / REFERENCE_PRICE_PER_CREDIT) * 100),
    bestValue: index === 1,
  };
}

export interface PurchaseRequestView {
  id: string;
  /** The short human reference (SL-7K3Q9) shown everywhere instead of the id. */
  reference: string;
  status: PurchaseStatus;
  createdAt: Date;
  decidedAt: Date | null;
  adminNotes: string | null;
  paymentProof: string | null;
  creditPackage: { id: string; name: string; credits: number; price: string };
  user: { id: string; username: string; email: string };
}

function presentRequest(r: PurchaseRequest): PurchaseRequestView {
  return {
    id: r.id,
    reference: r.reference,
    status: r.status,
    createdAt: r.createdAt,
    decidedAt: r.decidedAt ?? null,
    adminNotes: r.adminNotes ?? null,
    paymentProof: r.paymentProof ?? null,
    creditPackage: {
      id: r.creditPackage.id,
      name: r.creditPackage.name,
      credits: r.creditPackage.creditsCents / 100,
      price: (r.creditPackage.priceCents / 100).toFixed(2),
    },
    user: { id: r.user.id, username: r.user.username, email: r.user.email },
  };
}

/** A request's plain facts, as the purchase events carry them. */
function purchaseFacts(v: PurchaseRequestView) {
  return {
    requestId: v.id,
    reference: v.reference,
    userId: v.user.id,
    username: v.user.username,
    email: v.user.email,
    packageName: v.creditPackage.name,
    credits: v.creditPackage.credits,
    price: v.creditPackage.price,
  };
}

/** Credit packages and the manual purchase flow: request, then an administrator approves or rejects. */
export class PurchasesService {
  constructor(
    private readonly orm: Orm,
    private readonly pool: pg.Pool,
    private readonly ledger: Ledger,
    private readonly quotas: AccountQuotas = new AccountQuotas(),
    /** 'purchase.requested', 'purchase.decided', 'purchase.proofSubmitted': mail tells the buyer and the administrators. */
    private readonly events: Emitter<'purchase.requested' | 'purchase.decided' | 'purchase.proofSubmitted'> = noEvents,
  ) {}

  async packages(): Promise<PackageView[]> {
    const rows = await this.orm.em.fork().find(CreditPackage, { active: true }, { orderBy: { position: 'asc' } });
    return rows.map(presentPackage);
  }

  async createRequest(user: User, rawPackageId: unknown, idempotencyKey?: string, tries = 3): Promise<PurchaseRequestView> {
    if (rawPackageId === undefined || rawPackageId === null || rawPackageId === '') throw badInput('packageId is required');
    const packageId = parseId(String(rawPackageId), 'package');
    const em = this.orm.em.fork();
    if (idempotencyKey) {
      const key = `${user.id}:${idempotencyKey}`;
      const earlier = await em.findOne(PurchaseRequest, { idempotencyKey: key }, { populate: ['creditPackage', 'user'] });
      if (earlier) {
        if (earlier.creditPackage.id !== packageId) throw conflict('This Idempotency-Key was already used for a different purchase request');
        return presentRequest(earlier);
      }
    }
    const pkg = await em.findOne(CreditPackage, { id: packageId, active: true });
    if (!pkg) throw notFound('Credit package not found');
    let id: string;
    try {
      // The pending-request quota is checked in the transaction that inserts.
      id = await em.transactional(async (tx) => {
        await this.quotas.assertPendingPurchaseRoom(tx, user.id);
        const request = tx.create(PurchaseRequest, {
          user: tx.getReference(User, user.id),
          creditPackage: tx.getReference(CreditPackage, pkg.id),
          idempotencyKey: idempotencyKey ? `${user.id}:${idempotencyKey}` : null,
        });
        await tx.flush();
        return request.id;
      });
    } catch (err) {
      // A repeat with the same key raced us, or (rarely) the new reference was taken: read or try again.
      if ((err as { code?: string }).code === '23505' && tries > 1) return this.createRequest(user, rawPackageId, idempotencyKey, tries - 1);
      throw err;
    }
    const view = presentRequest(await this.orm.em.fork().findOneOrFail(PurchaseRequest, { id }, { populate: ['creditPackage', 'user'] }));
    await this.events.emit('purchase.requested', purchaseFacts(view));
    return view;
  }

  /**
   * The buyer's note that the payment went (a transaction id, the sender's name), while the request
   * is pending: the administrators are told ('purchase.proofSubmitted').
   */
  async submitProof(user: User, rawId: unknown, rawProof: unknown): Promise<PurchaseRequestView> {
    const id = parseId(rawId, 'purchase request');
    if (typeof rawProof !== 'string' || !rawProof.trim()) throw badInput('Please describe the payment (e.g. the transaction id)');
    const proof = rawProof.trim();
    if (proof.length > PAYMENT_PROOF_MAX_CHARS) throw badInput(`Payment proof must be at most ${PAYMENT_PROOF_MAX_CHARS} characters`);
    const em = this.orm.em.fork();
    const r = await em.findOne(PurchaseRequest, { id, user: user.id }, { populate: ['creditPackage', 'user'] });
    if (!r) throw notFound('Purchase request not found');
    if (r.status !== 'pending') throw conflict(`Purchase request is already ${r.status}`);
    r.paymentProof = proof;
    await em.flush();
    const view = presentRequest(r);
    await this.events.emit('purchase.proofSubmitted', { ...purchaseFacts(view), proof });
    return view;
  }

  async listForUser(user: User, page: { limit: number; offset: number }) {
    const [rows, total] = await this.orm.em
      .fork()
      .findAndCount(
        PurchaseRequest,
        { user: user.id },
        { populate: ['creditPackage', 'user'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.limit, offset: page.offset },
      );
    return { requests: rows.map(presentRequest), total };
  }

  /** One of the user's requests (the answer a repeated idempotent create gives again). */
  async getForUser(user: User, id: string): Promise<PurchaseRequestView> {
    const r = await this.orm.em.fork().findOne(PurchaseRequest, { id, user: user.id }, { populate: ['creditPackage', 'user'] });
    if (!r) throw notFound('Purchase request not found');
    return presentRequest(r);
  }

  /** Keyset pages (newest first, id breaking ties) for the GraphQL connections; `first + 1` rows. */
  async pageForUser(user: User, page: { first: number; after?: string | null }) {
    return this.keysetPage({ user: user.id }, page);
  }

  async pageAll(filter: { status?: unknown; first: number; after?: string | null }) {
    const where: Record<string, unknown> = {};
    if (filter.status !== undefined && filter.status !== null && filter.status !== '') {
      if (!PURCHASE_STATUSES.includes(filter.status as PurchaseStatus)) throw badInput(`status must be one of: ${PURCHASE_STATUSES.join(', ')}`);
      where.status = filter.status;
    }
    return this.keysetPage(where, filter);
  }

  private async keysetPage(where: Record<string, unknown>, page: { first: number; after?: string | null }) {
    const after = parseTimeIdCursor('purchaseRequest', page.after);
    const em = this.orm.em.fork();
    const [rows, total] = await Promise.all([
      em.find(
        PurchaseRequest,
        { ...where, ...afterTimeId(after, 'desc') },
        { populate: ['creditPackage', 'user'], orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.first + 1 },
      ),
      em.count(PurchaseRequest, where),
    ]);
    return { requests: rows.map(presentRequest), total };
  }

  async listAll(filter: { status?: unknown; limit: number; offset: number }) {
    const where: Record<string, unknown> = {};
    if (filter.status !== undefined && filter.status !== null && filter.status !== '') {
      if (!PURCHASE_STATUSES.includes(filter.status as PurchaseStatus)) throw badInput(`status must be one of: ${PURCHASE_STATUSES.join(', ')}`);
      where.status = filter.status;
    }
    const [rows, total] = await this.orm.em.fork().findAndCount(PurchaseRequest, where, {
      populate: ['creditPackage', 'user'],
      orderBy: { createdAt: 'desc', id: 'desc' },
      limit: filter.limit,
      offset: filter.offset,
    });
    return { requests: rows.map(presentRequest), total };
  }

  /**
   * Approves a pending request and credits the package. The request row is locked for the whole
   * decision, so concurrent approvals serialise: one credits, the others see it decided (409).
   * The ledger append is idempotent on the request id, so a crash between the append and the
   * status update is repaired by approving again.
   */
  async approve(rawId: unknown, admin: User, rawNotes?: unknown) {
    return this.decide(rawId, admin, 'approved', rawNotes);
  }

  async reject(rawId: unknown, admin: User, rawNotes?: unknown) {
    return this.decide(rawId, admin, 'rejected', rawNotes);
  }

  private async decide(rawId: unknown, admin: User, status: 'approved' | 'rejected', rawNotes: unknown) {
    const id = parseId(rawId, 'purchase request');
    if (rawNotes !== undefined && rawNotes !== null && typeof rawNotes !== 'string') throw badInput('adminNotes must be text');
    const notes = typeof rawNotes === 'string' && rawNotes.trim() ? rawNotes.trim().slice(0, 2000) : null;
    // The request row stays locked (FOR UPDATE) until the decision commits or rolls back.
    const newBalance = await inTransaction(this.pool, async (client): Promise<string | null> => {
      const found = await client.query<{ user_id: string; status: string; credits_cents: number; name: string }>(
        `SELECT r.user_id, r.status, p.credits_cents, p.name FROM purchase_requests r JOIN credit_packages p ON p.id = r.credit_package_id WHERE r.id = $1 FOR UPDATE OF r`,
        [id],
      );
      const row = found.rows[0];
      if (!row) throw notFound('Purchase request not found');
      if (row.status !== 'pending') throw conflict(`Purchase request is already ${row.status}`);
      let balance: string | null = null;
      if (status === 'approved') {
        const posted = await this.ledger.approvePurchase({
          userId: row.user_id,
          purchaseRequestId: id,
          amount: row.credits_cents,
          actorId: admin.id,
          packageName: row.name,
        });
        balance = formatCredits(posted.balance);
      }
      await client.query(`UPDATE purchase_requests SET status = $2, decided_at = now(), decided_by = $3, admin_notes = $4 WHERE id = $1`, [
        id,
        status,
        admin.id,
        notes,
      ]);
      return balance;
    });
    const request = await this.orm.em.fork().findOneOrFail(PurchaseRequest, { id }, { populate: ['creditPackage', 'user'] });
    const view = presentRequest(request);
    await this.events.emit('purchase.decided', { ...purchaseFacts(view), status, notes });
    const message =
      status === 'approved'
        ? `Purchase request approved: ${view.creditPackage.credits} credits added to ${view.user.username}. New balance: ${newBalance}`
        : `Purchase request rejected${notes ? `: ${notes}` : ''}`;
    return { request: view, message, newBalance };
  }
}
