import { ensureAdminStep } from './ensure-admin.js';
import { defineModule, handlers, services } from '../kernel/feature-module.js';
import type { Config } from '../config/config.js';
import type { Orm } from '../db/database.js';
import type { AuthService } from '../auth/auth.service.js';
import type { AccountCredits } from './account-credits.js';
import { User } from './user.entity.js';
import { UsersService } from './users.service.js';
import { UsersResolver } from './users.resolver.js';
import { userRoutes } from './users.routes.js';

/** What the users resolver and /api/user routes use. */
export interface UsersDeps {
  /** Who is asking (signed-in routes), and the password change of POST /api/user/password. */
  auth: Pick<AuthService, 'authenticate' | 'changePassword'>;
  users: Pick<UsersService, 'setTheme'>;
  /** A user's balance (profile, `creditBalance`). */
  credits: Pick<AccountCredits, 'balance'>;
}

/**
 * Accounts: the user rows, profile and theme (SPEC §7). The reserved administrator account
 * (config.admin) is made or promoted at start by `ensureAdminStep` (ensure-admin.ts).
 */
export const usersModule = defineModule({
  name: 'users',
  entities: [User],
  services: services({ orm: true, config: true }, (d: { orm: Orm; config: Pick<Config, 'admin'> }) => ({
    users: new UsersService(d.orm, d.config.admin),
  })),
  handlers: handlers<UsersDeps>(
    { auth: true, users: true, credits: true },
    // After the api-tokens module's /api/user/tokens, as http/app.ts mounted them.
    { resolvers: [UsersResolver], routes: [{ path: '/api/user', json: true, router: userRoutes }] },
  ),
  start: ensureAdminStep,
});
