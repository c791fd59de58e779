import { Router } from 'express';
import type { AppServices } from '../app/services.js';
import { jsonBody } from '../http/route.js';
import { adminOnly } from '../auth/signed-in-routes.js';
import { presentPurchaseRest } from '../credits/credits.routes.js';
import { intParam } from '../http/query-params.js';
import { notFound } from '../errors/app-error.js';
import { MARKUP_KEY } from '../settings/settings.service.js';
import { resetLinkUrl } from '../auth/password-resets.js';
import { ledgerCsvHeader, ledgerCsvRows } from './ledger-csv.js';

const num = (s: string | null) => (s === null ? null : Number(s));

/** /api/admin/*: administrators only (401 signed out, 403 for other users). */
export function adminRoutes(services: AppServices): Router {
  const r = Router();
  const { admin, purchases } = services;

  r.get(
    '/users',
    adminOnly(services, async (req) => {
      const limit = intParam(req.query.limit, 'limit', 500, 1, 500);
      const offset = intParam(req.query.offset, 'offset', 0, 0, 1_000_000_000);
      const { rows, total } = await admin.listUsers({ limit, offset });
      return { users: rows.map((u) => ({ ...u, creditBalance: Number(u.creditBalance) })), total };
    }),
  );
  r.post(
    '/users/:id/credits',
    adminOnly(services, async (req, me) => {
      const body = jsonBody(req);
      const result = await admin.adjustCredits(req.params.id, body.amount, body.description ?? body.reason, me.id, req.get('idempotency-key') ?? undefined);
      return { message: result.message, newBalance: Number(result.newBalance), amount: Number(result.amount) };
    }),
  );
  // A one-time password-reset link for the user, for the administrator to hand over (no e-mail).
  r.post(
    '/users/:id/password-reset',
    adminOnly(
      services,
      async (req, me) => {
        const link = await services.auth.issuePasswordReset(String(req.params.id), me);
        return {
          message: `Password-reset link for ${link.user.username} created`,
          userId: link.user.id,
          username: link.user.username,
          url: resetLinkUrl(link.secret, services.config.publicUrl),
          expiresAt: link.expiresAt,
        };
      },
      201,
    ),
  );
  r.get(
    '/settings',
    adminOnly(services, async () => ({ settings: await services.settings.all() })),
  );
  r.put(
    '/settings/:key',
    adminOnly(services, async (req, me) => {
      if (req.params.key !== MARKUP_KEY) throw notFound(`Unknown setting: ${req.params.key}`);
      const result = await admin.setMarkup(jsonBody(req).value, me.id);
      return { message: result.message, setting: result.setting, costPerFileset: Number(result.costPerFileset) };
    }),
  );

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
        return { message: result.message, request: presentPurchaseRest(result.request), newBalance: num(result.newBalance) };
      }),
    );
  }

  // The ledger explorer; `format=csv` streams every matching event as a CSV file for finance,
  // read page by page so memory stays flat however long the ledger is.
  r.get(
    '/ledger/events',
    adminOnly(services, async (req, _me, res) => {
      const filter = { userId: req.query.userId, type: req.query.type, from: req.query.from, to: req.query.to };
      if (req.query.format !== 'csv') {
        const limit = intParam(req.query.limit, 'limit', 100, 1, 1000);
        const offset = intParam(req.query.offset, 'offset', 0, 0, 1_000_000_000);
        const { rows, total } = await admin.ledgerEvents({ ...filter, limit, offset });
        return { events: rows, total, limit, offset };
      }
      const first = await admin.ledgerEvents({ ...filter, limit: 1000, offset: 0 }); // validates before any byte is sent
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', 'attachment; filename="ledger_events.csv"');
      // The same writer as the agency CSVs (quoting, formula guard), one page at a time.
      const write = async (text: string) => {
        if (text && !res.write(text)) await new Promise((r) => (res.once('drain', r), res.once('close', r)));
      };
      await write(ledgerCsvHeader());
      let page = first;
      for (let offset = 0; ;) {
        // Names for the page's users and actors, in one query per page.
        const names = await services.users.summaries(page.rows.flatMap((e) => (e.actorId ? [e.userId, e.actorId] : [e.userId])));
        await write(ledgerCsvRows(page.rows, (id) => (id ? (names.get(id)?.username ?? '') : '')));
        offset += page.rows.length;
        if (page.rows.length === 0 || offset >= page.total) break;
        page = await admin.ledgerEvents({ ...filter, limit: 1000, offset });
      }
      res.end();
      return undefined;
    }),
  );
  r.get(
    '/ledger/verify',
    adminOnly(services, async () => admin.verifyChain()),
  );
  r.get(
    '/ledger/replay',
    adminOnly(services, async () => admin.replay()),
  );
  return r;
}
