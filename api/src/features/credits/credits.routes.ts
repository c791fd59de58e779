import { Router } from 'express';
import { authed, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import { intParam } from '../../platform/http/query-params.js';
import type { CreditsService } from './credits.service.js';

/** What /api/user/transactions is built with (app/http-app.ts). */
export interface TransactionRoutesDeps extends RouteAuth {
  credits: Pick<CreditsService, 'transactions' | 'transactionsBefore'>;
}

const num = (s: string) => Number(s);

/** GET /api/user/transactions (SPEC §7). Mounted under /api/user. */
export function transactionRoutes(services: TransactionRoutesDeps): Router {
  const r = Router();
  r.get(
    '/transactions',
    authed(services, async (req, user) => {
      const limit = intParam(req.query.limit, 'limit', 50, 1, 200);
      const offset = intParam(req.query.offset, 'offset', 0, 0, 1_000_000_000);
      const { rows, total } = await services.credits.transactions(user.id, { limit, offset });
      return {
        // SPEC §7's fields only (the run a line belongs to is GraphQL's).
        transactions: rows.map(({ runId: _run, ...t }) => ({ ...t, amount: num(t.amount), balanceAfterTransaction: num(t.balanceAfterTransaction) })),
        total,
        limit,
        offset,
      };
    }),
  );
  return r;
}
