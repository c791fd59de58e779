import { Router } from 'express';
import type { AppServices } from '../app/services.js';
import { jsonBody, route } from '../http/route.js';
import { authed } from '../auth/signed-in-routes.js';
import { badInput } from '../errors/app-error.js';
import { intParam } from '../http/query-params.js';
import { createPurchaseRequestOnce } from '../idempotency/idempotent-writes.js';
import { idempotencyKeyOf } from '../idempotency/idempotency.service.js';

const num = (s: string) => Number(s);

/** GET /api/user/transactions (SPEC §7). Mounted under /api/user. */
export function transactionRoutes(services: AppServices): Router {
  const r = Router();
  r.get(
    '/transactions',
    authed(services, async (req, user) => {
      const limit = intParam(req.query.limit, 'limit', 50, 1, 200);
      const offset = intParam(req.query.offset, 'offset', 0, 0, 1_000_000_000);
      const { rows, total } = await services.credits.transactions(user.id, { limit, offset });
      return {
        transactions: rows.map((t) => ({ ...t, amount: num(t.amount), balanceAfterTransaction: num(t.balanceAfterTransaction) })),
        total,
        limit,
        offset,
      };
    }),
  );
  return r;
}

/** /api/purchase: packages (no sign-in), request creation and listing (SPEC §7). */
export function purchaseRoutes(services: AppServices): Router {
  const r = Router();
  r.get(
    '/packages',
    route(async () => ({ packages: (await services.purchases.packages()).map((p) => ({ ...p, price: num(p.price), pricePerCredit: num(p.pricePerCredit) })) })),
  );
  r.post(
    '/request',
    authed(
      services,
      async (req, user) => {
        const request = await createPurchaseRequestOnce(services, user, jsonBody(req).packageId, idempotencyKeyOf(req));
        return { message: 'Purchase request submitted', request: presentPurchaseRest(request) };
      },
      201,
    ),
  );
  r.get(
    '/requests',
    authed(services, async (req, user) => {
      const limit = intParam(req.query.limit, 'limit', 100, 1, 200);
      const offset = intParam(req.query.offset, 'offset', 0, 0, 1_000_000_000);
      const { requests, total } = await services.purchases.listForUser(user, { limit, offset });
      return { requests: requests.map(presentPurchaseRest), total, limit, offset };
    }),
  );
  return r;
}

/** SPEC §3's shape: CreditPackage capitalised. */
export function presentPurchaseRest(p: Awaited<ReturnType<AppServices['purchases']['createRequest']>>) {
  return {
    id: p.id,
    status: p.status,
    createdAt: p.createdAt,
    decidedAt: p.decidedAt,
    adminNotes: p.adminNotes,
    paymentProof: p.paymentProof,
    CreditPackage: { id: p.creditPackage.id, name: p.creditPackage.name, credits: p.creditPackage.credits, price: num(p.creditPackage.price) },
    user: p.user,
  };
}
