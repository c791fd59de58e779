import { Router } from 'express';
import { jsonBody, route } from '../../platform/http/route.js';
import { adminOnly, authed, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import { intParam } from '../../platform/http/query-params.js';
import { idempotencyKeyOf, type IdempotencyService } from '../../platform/idempotency/idempotency.service.js';
import type { PurchasesService } from './purchases.service.js';
import { createPurchaseRequestOnce } from './create-purchase-request-once.js';

/** What the purchase routes (the users' side and the administrators') are built with (app/http-app.ts). */
export interface PurchaseRoutesDeps extends RouteAuth {
  purchases: PurchasesService;
  idempotency: IdempotencyService;
}

const num = (s: string) => Number(s);
const numOrNull = (s: string | null) => (s === null ? null : Number(s));

/** /api/purchase: packages (no sign-in), request creation and listing (SPEC §7). */
export function purchaseRoutes(services: PurchaseRoutesDeps): Router {
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
  r.post(
    '/requests/:id/proof',
    authed(services, async (req, user) => {
      const request = await services.purchases.submitProof(user, req.params.id, jsonBody(req).paymentProof);
      return { message: 'Thank you: the administrators have been told about your payment.', request: presentPurchaseRest(request) };
    }),
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
export function presentPurchaseRest(p: Awaited<ReturnType<PurchasesService['createRequest']>>) {
  return {
    id: p.id,
    reference: p.reference,
    status: p.status,
    createdAt: p.createdAt,
    decidedAt: p.decidedAt,
    adminNotes: p.adminNotes,
    paymentProof: p.paymentProof,
    CreditPackage: { id: p.creditPackage.id, name: p.creditPackage.name, credits: p.creditPackage.credits, price: num(p.creditPackage.price) },
    user: p.user,
  };
}

/** /api/admin/purchase-requests: the administrators' list, approve and reject (SPEC §7). */
export function adminPurchaseRoutes(services: PurchaseRoutesDeps): Router {
  const r = Router();
  const { purchases } = services;
  r.get(
    '/purchase-requests',
    adminOnly(services, async (req) => {
      const limit = intParam(req.query.limit, 'limit', 100, 1, 500);
      const offset = intParam(req.query.offset, 'offset', 0, 0, 1_000_000_000);
      const { requests, total } = await purchases.listAll({ status: req.query.status, limit, offset });
      return { requests: requests.map(presentPurchaseRest), total, limit, offset };
    }),
  );
  for (const action of ['approve', 'reject'] as const) {
    r.post(
      `/purchase-requests/:id/${action}`,
      adminOnly(services, async (req, me) => {
        const result = await purchases[action](req.params.id, me, jsonBody(req).adminNotes);
        return { message: result.message, request: presentPurchaseRest(result.request), newBalance: numOrNull(result.newBalance) };
      }),
    );
  }

  return r;
}
