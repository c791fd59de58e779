import { defineModule, handlers, services } from '../kernel/feature-module.js';
import type { Orm } from '../db/database.js';
import type { RouteAuth } from '../auth/signed-in-routes.js';
import { ApiToken } from './api-token.entity.js';
import { ApiTokensService } from './api-tokens.service.js';
import { ApiTokensResolver } from './api-tokens.resolver.js';
import { apiTokenRoutes } from './api-tokens.routes.js';

/** What the API-token resolver and routes use. */
export interface ApiTokensDeps extends RouteAuth {
  apiTokens: Pick<ApiTokensService, 'page' | 'create' | 'revoke'>;
}

/** Personal API tokens: hashed, scoped, revocable (the auth module checks them on every request). */
export const apiTokensModule = defineModule({
  name: 'api-tokens',
  entities: [ApiToken],
  services: services({ orm: true }, (d: { orm: Orm }) => ({ apiTokens: new ApiTokensService(d.orm) })),
  handlers: handlers<ApiTokensDeps>(
    { auth: true, apiTokens: true },
    // Before the users module's /api/user routes, as http/app.ts mounted them.
    { resolvers: [ApiTokensResolver], routes: [{ path: '/api/user/tokens', json: true, router: apiTokenRoutes }] },
  ),
});
