import { Router } from 'express';
import { jsonBody } from '../../platform/http/route.js';
import { authed, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import { intParam } from '../../platform/http/query-params.js';
import { timeIdCursor } from '../../platform/graphql/relay.js';
import type { ApiTokensService } from './api-tokens.service.js';

/** What /api/user/tokens is built with (app/http-app.ts). */
export interface ApiTokenRoutesDeps extends RouteAuth {
  apiTokens: Pick<ApiTokensService, 'page' | 'create' | 'revoke'>;
}

/** /api/user/tokens: the REST twin of the apiTokens query and the create/revoke mutations. */
export function apiTokenRoutes(services: ApiTokenRoutesDeps): Router {
  const r = Router();
  const { apiTokens } = services;
  r.get(
    '/',
    authed(services, async (req, user) => {
      const first = intParam(req.query.first, 'first', 50, 1, 200);
      const after = typeof req.query.after === 'string' && req.query.after ? req.query.after : null;
      const page = await apiTokens.page(user, { first, after });
      const rows = page.rows.slice(0, first);
      const last = rows[rows.length - 1];
      return { tokens: rows, totalCount: page.totalCount, hasNextPage: page.rows.length > first, endCursor: last ? timeIdCursor('apiToken', last) : null };
    }),
  );
  r.post(
    '/',
    authed(
      services,
      async (req, user) => {
        const { token, secret } = await apiTokens.create(user, jsonBody(req));
        return { message: 'API token created. Copy the secret now: it will not be shown again.', token, secret };
      },
      201,
      'session', // a token never mints tokens (issue 14 item 6)
    ),
  );
  r.delete(
    '/:id',
    authed(services, async (req, user) => ({ message: 'API token revoked', token: await apiTokens.revoke(user, req.params.id) }), 200, 'session'),
  );
  return r;
}
