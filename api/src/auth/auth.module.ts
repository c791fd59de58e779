import type pg from 'pg';
import { defineModule, handlers, services } from '../kernel/feature-module.js';
import type { Config } from '../config/config.js';
import type { Orm } from '../db/database.js';
import type { UsersService } from '../users/users.service.js';
import type { ApiTokensService } from '../api-tokens/api-tokens.service.js';
import type { AccountCredits } from '../users/account-credits.js';
import { PasswordReset } from './password-reset.entity.js';
import { AuthService } from './auth.service.js';
import { JwtService } from './jwt.js';
import { AttemptLimiter, PgAttemptStore } from './rate-limit.js';
import { PasswordResets } from './password-resets.js';
import { AuthResolver } from './auth.resolver.js';
import { authRoutes } from './auth.routes.js';

/** What the auth resolver and /auth routes use. */
export interface AuthDeps {
  auth: Pick<AuthService, 'register' | 'login' | 'changePassword' | 'resetPassword' | 'issuePasswordReset'>;
  /** The signed-in user's balance in the REST answers. */
  credits: Pick<AccountCredits, 'balance'>;
  /** Reset links point at the web app. */
  config: Pick<Config, 'publicUrl'>;
}

/** What building the auth service takes. */
export interface AuthServiceNeeds {
  config: Pick<Config, 'jwtExpiresIn' | 'authRateLimitPerMinute'>;
  jwtSecret: string;
  orm: Orm;
  pool: pg.Pool;
  users: UsersService;
  apiTokens: ApiTokensService;
}

/**
 * Sign-up, login, password change and reset links, and turning a bearer token (login token or
 * API token) into its user: `auth.authenticate` is what every signed-in route and operation uses.
 * New accounts' sign-up bonus is the credits module's reaction (`auth.onRegistered`).
 */
export const authModule = defineModule({
  name: 'auth',
  entities: [PasswordReset],
  services: services({ config: true, jwtSecret: true, orm: true, pool: true, users: true, apiTokens: true }, (d: AuthServiceNeeds) => ({
    auth: new AuthService(
      d.users,
      new JwtService(d.jwtSecret, d.config.jwtExpiresIn),
      new AttemptLimiter(d.config.authRateLimitPerMinute, new PgAttemptStore(d.pool)),
      d.apiTokens,
      new PasswordResets(d.orm),
    ),
  })),
  handlers: handlers<AuthDeps>(
    { auth: true, credits: true, config: true },
    { resolvers: [AuthResolver], routes: [{ path: '/auth', json: true, router: authRoutes }] },
  ),
});
