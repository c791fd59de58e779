import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AppServices } from '../app/services.js';
import { requireAdmin, requireUser } from '../auth/viewer.js';
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

/** Who is asking, from the bearer token; 401 when the token is missing or bad. */
export async function userOf(services: AppServices, req: Request): Promise<User> {
  return requireUser({ user: await services.auth.userForAuthorization(req.headers.authorization) });
}

export async function adminOf(services: AppServices, req: Request): Promise<User> {
  return requireAdmin({ user: await services.auth.userForAuthorization(req.headers.authorization) });
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
