import { Router } from 'express';
import { jsonBody, route } from '../../platform/http/route.js';
import { presentUserRest } from '../users/user.presenter.js';
import { FORGOT_PASSWORD_ANSWER, type AuthService } from './auth.service.js';
import type { AccountCredits } from '../users/account-credits.js';

/** What /auth is built with (app/http-app.ts). */
export interface AuthRoutesDeps {
  auth: Pick<AuthService, 'register' | 'login' | 'resetPassword' | 'requestPasswordReset'>;
  /** The signed-in user's balance in the answers. */
  credits: Pick<AccountCredits, 'balance'>;
}

/** POST /auth/register and /auth/login (SPEC §7), /auth/password-reset/request ("Forgot password?") and /auth/password-reset (using a one-time link). */
export function authRoutes(services: AuthRoutesDeps): Router {
  const r = Router();
  r.post(
    '/register',
    route(async (req) => {
      const { token, user } = await services.auth.register(jsonBody(req), req.ip);
      return { message: 'Registration successful', token, user: await presentUserRest(services, user) };
    }, 201),
  );
  r.post(
    '/login',
    route(async (req) => {
      const { token, user } = await services.auth.login(jsonBody(req), req.ip);
      return { message: 'Login successful', token, user: await presentUserRest(services, user) };
    }),
  );
  r.post(
    '/password-reset/request',
    route(async (req) => {
      await services.auth.requestPasswordReset(jsonBody(req), req.ip);
      return { message: FORGOT_PASSWORD_ANSWER };
    }, 202),
  );
  r.post(
    '/password-reset',
    route(async (req) => {
      const { token, user } = await services.auth.resetPassword(jsonBody(req), req.ip);
      return { message: 'Your password has been reset. You are now signed in.', token, user: await presentUserRest(services, user) };
    }),
  );
  return r;
}
