import { Router } from 'express';
import { adminOnly, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import { intParam } from '../../platform/http/query-params.js';
import type { FinanceService } from './finance.service.js';

/** What the finance routes under /api/admin are built with (app/http-app.ts). */
export interface FinanceRoutesDeps extends RouteAuth {
  finance: FinanceService;
}

/** /api/admin/ledger/{trial-balance,statement,journal.csv} and /api/admin/users/:id/balance: administrators only. */
export function financeRoutes(services: FinanceRoutesDeps): Router {
  const r = Router();
  const { finance } = services;

  r.get(
    '/ledger/trial-balance',
    adminOnly(services, async (req) => {
      const limit = intParam(req.query.limit, 'limit', 100, 1, 1000);
      const { nextCursor, ...rest } = await finance.trialBalance({ asOf: req.query.asOf, after: req.query.cursor, limit });
      return { ...rest, nextCursor };
    }),
  );
  r.get(
    '/ledger/statement',
    adminOnly(services, async (req) => finance.statement({ from: req.query.from, to: req.query.to, groupBy: req.query.groupBy })),
  );
  r.get(
    '/ledger/journal.csv',
    adminOnly(services, async (req, _me, res) => {
      const csv = finance.journalCsv({ from: req.query.from, to: req.query.to });
      const header = await csv.next(); // checks the period before any byte is sent
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', 'attachment; filename="ledger_journal.csv"');
      let closed = false;
      res.once('close', () => (closed = true));
      for (let chunk = header; !chunk.done && !closed; chunk = await csv.next()) {
        if (chunk.value && !res.write(chunk.value)) await new Promise((done) => (res.once('drain', done), res.once('close', done)));
      }
      if (closed) await csv.return(undefined);
      res.end();
      return undefined;
    }),
  );
  r.get(
    '/users/:id/balance',
    adminOnly(services, async (req) => finance.userBalance(req.params.id, req.query.asOf)),
  );
  return r;
}
