import type pg from 'pg';
import type { Ledger } from '@shotlog/ledger';
import { defineModule, handlers, services } from '../kernel/feature-module.js';
import type { Orm } from '../db/database.js';
import type { RouteAuth } from '../auth/signed-in-routes.js';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import type { AccountQuotas } from '../quotas/account-quotas.js';
import { CreditPackage } from './credit-package.entity.js';
import { PurchaseRequest } from './purchase-request.entity.js';
import { PurchasesService } from './purchases.service.js';
import { PurchasesResolver } from './purchases.resolver.js';
import { adminPurchaseRoutes, purchaseRoutes } from './purchases.routes.js';

/** What the purchase resolver and routes use (the users' side and the administrators'). */
export interface PurchasesDeps extends RouteAuth {
  purchases: PurchasesService;
  idempotency: IdempotencyService;
}

export interface PurchasesNeeds {
  orm: Orm;
  pool: pg.Pool;
  ledger: Ledger;
  quotas: AccountQuotas;
}

/** Buying credits: packages, a user's requests, an administrator's approval (credits posted once) or rejection. */
export const purchasesModule = defineModule({
  name: 'purchases',
  entities: [CreditPackage, PurchaseRequest],
  services: services({ orm: true, pool: true, ledger: true, quotas: true }, (d: PurchasesNeeds) => ({
    purchases: new PurchasesService(d.orm, d.pool, d.ledger, d.quotas),
  })),
  handlers: handlers<PurchasesDeps>(
    { auth: true, purchases: true, idempotency: true },
    {
      resolvers: [PurchasesResolver],
      routes: [
        { path: '/api/purchase', json: true, router: purchaseRoutes },
        { path: '/api/admin', json: true, router: adminPurchaseRoutes },
      ],
    },
  ),
});
