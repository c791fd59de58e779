import { Router } from 'express';
import type { CreditsDeps } from './credits.module.js';
import { authed } from '../auth/signed-in-routes.js';
import { intParam } from '../http/query-params.js';

const num = (s: string) => Number(s);

/** GET /api/user/transactions (SPEC §7). Mounted under /api/user. */
export function transactionRoutes(services: CreditsDeps): Router {
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
