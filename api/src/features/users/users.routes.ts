import { Router } from 'express';
import { jsonBody } from '../../platform/http/route.js';
import { authed } from '../../platform/principal/signed-in-routes.js';
import { presentUserRest } from './user.presenter.js';
import type { Authenticator, Principal } from '../../platform/principal/principal.js';
import type { UsersService } from './users.service.js';
import type { AccountCredits } from './account-credits.js';

/** What /api/user is built with (app/http-app.ts). */
export interface UserRoutesDeps {
  /** Who is asking (signed-in routes), and the password change of POST /api/user/password. */
  auth: Authenticator & {
    /** The auth feature's password change: a new login token for the caller. */
    changePassword(principal: Principal, raw: unknown, address?: string): Promise<{ token: string }>;
  };
  users: Pick<UsersService, 'setTheme'>;
  /** A user's balance (profile, `creditBalance`). */
  credits: Pick<AccountCredits, 'balance'>;
}

/** /api/user/*: profile, theme and balance of the signed-in user (SPEC §7). */
export function userRoutes(services: UserRoutesDeps): Router {
  const r = Router();
  r.get(
    '/profile',
    authed(services, async (_req, user) => ({ user: await presentUserRest(services, user) })),
  );
  r.get(
    '/theme',
    authed(services, async (_req, user) => ({ theme: user.theme })),
  );
  r.put(
    '/theme',
    authed(services, async (req, user) => {
      const updated = await services.users.setTheme(user.id, jsonBody(req).theme);
      return { message: 'Theme updated', theme: updated.theme };
    }),
  );
  // Body: currentPassword, newPassword, confirmPassword. Answers a new token: other sessions end.
  r.post(
    '/password',
    authed(
      services,
      async (req, user) => {
        // The 'session' scope below refuses every API token before this runs: the caller is a login session.
        const { token } = await services.auth.changePassword({ user, scopes: null, apiTokenId: null, expiresAt: null }, jsonBody(req), req.ip);
        return { message: 'Password changed. Your other sessions have been signed out.', token };
      },
      200,
      'session',
    ), // a script's token never takes over the account
  );
  r.get(
    '/credits/balance',
    authed(services, async (_req, user) => ({ creditBalance: Number(await services.credits.balance(user.id)) })),
  );
  return r;
}
