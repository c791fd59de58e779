import { Router } from 'express';
import { jsonBody } from '../../platform/http/route.js';
import { adminOnly } from '../../platform/principal/signed-in-routes.js';
import { intParam } from '../../platform/http/query-params.js';
import { notFound } from '../../platform/errors/app-error.js';
import { MARKUP_KEY, type SettingsService } from '../settings/settings.service.js';
import { resetLinkUrl } from '../auth/password-resets.js';
import type { AdminService } from './admin.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { Config } from '../../platform/config/config.js';

/** What /api/admin (users, credits, settings) is built with (app/http-app.ts). */
export interface AdminRoutesDeps {
  admin: AdminService;
  /** Who is asking, and the password-reset links an administrator issues. */
  auth: Pick<AuthService, 'authenticate' | 'issuePasswordReset'>;
  settings: Pick<SettingsService, 'all'>;
  /** Reset links point at the web app. */
  config: Pick<Config, 'publicUrl'>;
}

/** /api/admin/*: administrators only (401 signed out, 403 for other users). */
export function adminRoutes(services: AdminRoutesDeps): Router {
  const r = Router();
  const { admin } = services;

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
      const csv = admin.ledgerCsv(filter);
      const header = await csv.next(); // validates the filter before any byte is sent
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', 'attachment; filename="ledger_events.csv"');
      for (let chunk = header; !chunk.done; chunk = await csv.next()) {
        if (chunk.value && !res.write(chunk.value)) await new Promise((r) => (res.once('drain', r), res.once('close', r)));
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
