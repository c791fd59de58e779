// TEMPORARY (issue 17 reshaping in progress): credits, purchases and admin, wired as before until
// their folders export their modules. Deleted then.
import { defineModule, handlers, services } from '../kernel/feature-module.js';
import type { BaseServices } from './compose.js';
import { CreditPackage } from '../purchases/credit-package.entity.js';
import { PurchaseRequest } from '../purchases/purchase-request.entity.js';
import { CreditsResolver } from '../credits/credits.resolver.js';
import { AdminResolver } from '../admin/admin.resolver.js';
import { AdminQueueResolver } from '../admin/admin-queue.resolver.js';
import { LedgerEventResolver } from '../admin/ledger-event.resolver.js';
import { purchaseRoutes, transactionRoutes } from '../credits/credits.routes.js';
import { adminRoutes } from '../admin/admin.routes.js';
import { adminQueueRoutes } from '../admin/admin-queue.routes.js';
import { CreditsService } from '../credits/credits.service.js';
import { PurchasesService } from '../purchases/purchases.service.js';
import { AdminService } from '../admin/admin.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { AccountQuotas } from '../quotas/account-quotas.js';
import type { UsersService } from '../users/users.service.js';

export interface Needs extends BaseServices {
  auth: AuthService;
  settings: SettingsService;
  quotas: AccountQuotas;
  users: UsersService;
}
const needs = {
  config: true,
  logger: true,
  orm: true,
  pool: true,
  queue: true,
  ledger: true,
  jwtSecret: true,
  metrics: true,
  idempotency: true,
  auth: true,
  settings: true,
  quotas: true,
  users: true,
} as const;

function create(d: Needs) {
  const credits = new CreditsService(d.ledger, d.settings);
  // Every new account gets its ledger stream and the sign-up bonus.
  d.auth.onRegistered((user) => credits.onboard(user.id));
  return { credits, purchases: new PurchasesService(d.orm, d.pool, d.ledger, d.quotas), admin: new AdminService(d.users, credits, d.settings, d.ledger) };
}
type Provided = ReturnType<typeof create>;

export const legacyModule = defineModule({
  name: 'legacy',
  entities: [CreditPackage, PurchaseRequest],
  services: services<Needs, Provided>(needs, create),
  handlers: handlers<any>(
    { ...needs, credits: true, purchases: true, admin: true, processing: true, projects: true },
    {
      resolvers: [CreditsResolver, AdminResolver, LedgerEventResolver, AdminQueueResolver] as never,
      routes: [
        { path: '/api/user', json: true, router: transactionRoutes },
        { path: '/api/purchase', json: true, router: purchaseRoutes },
        { path: '/api/admin', json: true, router: adminRoutes },
        { path: '/api/admin', router: adminQueueRoutes },
      ],
    },
  ),
});
