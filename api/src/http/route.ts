import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../app/services.js';
import { requireAdmin, requireUser } from '../auth/viewer.js';
import { requireScope, restScopeFor } from '../auth/scopes.js';
import type { Principal } from '../auth/auth.service.js';
import { unauthenticated } from '../errors/app-error.js';
import type { User } from '../users/user.entity.js';

export type Handler = (req: Request, res: Response) => Promise<unknown>;

/**
 * Wraps an async REST handler: its return value is sent as JSON (unless it answered itself),
 * and anything it throws reaches the one error handler (`http/error-handler.ts`).
 */
export function route(handler: Handler, status = 200): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).then(
      (body) => {
        if (!res.headersSent && body !== undefined) res.status(status).json(body);
      },
      (err: unknown) => next(err),
    );
  };
}

/**
 * Who is asking, from the bearer token: 401 when the token is missing or bad, 403 when an API
 * token lacks the scope this method and path need (auth/scopes.ts). The one place REST checks
 * scopes: every signed-in route goes through here.
 */
export async function principalOf(services: AppServices, req: Request): Promise<Principal> {
  const principal = await services.auth.authenticate(req.headers.authorization);
  if (!principal) throw unauthenticated();
  requireScope(principal.scopes, restScopeFor(req.method, req.baseUrl + req.path));
  (req as Request & { principal?: Principal }).principal = principal;
  return principal;
}

/** The principal `authed()`/`adminOnly()` resolved for this request (e.g. to know a token's scopes). */
export const principalOfRequest = (req: Request): Principal | undefined => (req as Request & { principal?: Principal }).principal;

export async function userOf(services: AppServices, req: Request): Promise<User> {
  return requireUser(await principalOf(services, req));
}

export async function adminOf(services: AppServices, req: Request): Promise<User> {
  return requireAdmin(await principalOf(services, req));
}

/** A handler for signed-in users only. */
export function authed(services: AppServices, handler: (req: Request, user: User, res: Response) => Promise<unknown>, status = 200): RequestHandler {
  return route(async (req, res) => handler(req, await userOf(services, req), res), status);
}

/** A handler for administrators (roleId 2) only: 401 signed out, 403 for other users. */
export function adminOnly(services: AppServices, handler: (req: Request, admin: User, res: Response) => Promise<unknown>, status = 200): RequestHandler {
  return route(async (req, res) => handler(req, await adminOf(services, req), res), status);
}

/** The JSON body as an object; a missing or non-object body is a 400 that says what was expected. */
export function jsonBody(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  return {};
}
