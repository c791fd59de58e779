import type pg from 'pg';
import { defineModule, handlers, services } from '../kernel/feature-module.js';
import type { RouteAuth } from '../auth/signed-in-routes.js';
import type { UsersService } from '../users/users.service.js';
import { FinanceService } from './finance.service.js';
import { FinanceResolver } from './finance.resolver.js';
import { financeRoutes } from './finance.routes.js';

/** What the finance resolvers and routes use. */
export interface FinanceDeps extends RouteAuth {
  finance: FinanceService;
}

/** Month-end finance for administrators: trial balance, balances as of an instant, statements, the journal. */
export const financeModule = defineModule({
  name: 'finance',
  services: services({ pool: true, users: true }, (d: { pool: pg.Pool; users: UsersService }) => ({
    finance: new FinanceService(d.pool, d.users),
  })),
  handlers: handlers<FinanceDeps>(
    { finance: true, auth: true },
    {
      resolvers: [FinanceResolver],
      // Beside the admin routes under /api/admin (mounted after them: no path is shared); reads no body.
      routes: [{ path: '/api/admin', router: financeRoutes }],
    },
  ),
});
