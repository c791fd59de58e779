import type { Express, Request, RequestHandler, Response } from 'express';
import { requireAdmin, requireUser } from './viewer.js';
import { requireScope, type RequiredScope, type Scope } from './scopes.js';
import type { Account, Authenticator, Principal } from './principal.js';
import { unauthenticated } from '../errors/app-error.js';
import { route, type Handler } from '../http/route.js';
import { routeTable } from '../http/route-table.js';

/** What a signed-in route needs to know who is asking: the one authenticator. */
export interface RouteAuth {
  auth: Authenticator;
}

/**
 * Who is asking, from the bearer token: 401 when the token is missing or bad, 403 when an API
 * token lacks `scope`. The scope is what the matched route DECLARED (`authed`, `adminOnly`, or a
 * handler naming it), never something read from the request's path: Express matches paths
 * case-insensitively, so a rule on the path's text is a rule a client can spell around.
 */
export async function principalOf(services: RouteAuth, req: Request, scope: RequiredScope): Promise<Principal> {
  const principal = await services.auth.authenticate(req.headers.authorization);
  if (!principal) throw unauthenticated();
  requireScope(principal.scopes, scope);
  return principal;
}

export async function userOf(services: RouteAuth, req: Request, scope: RequiredScope): Promise<Account> {
  return requireUser(await principalOf(services, req, scope));
}

export async function adminOf(services: RouteAuth, req: Request): Promise<Account> {
  return requireAdmin(await principalOf(services, req, 'admin'));
}

/**
 * The scope a signed-in route needs when it declares none: decided by the method the route is
 * REGISTERED for (`r.get` reads, `r.post` writes), bound once at start-up by `bindRouteScopes`.
 */
export const METHOD_DEFAULT_SCOPES: Readonly<Record<string, Scope>> = {
  get: 'read',
  head: 'read',
  post: 'write',
  put: 'write',
  patch: 'write',
  delete: 'write',
};

/** A signed-in handler's scope: declared with it, or bound from its route's method at start-up. */
interface ScopeSlot {
  declared: RequiredScope | null;
  bound: Scope | null;
}
const scopeSlots = new WeakMap<RequestHandler, ScopeSlot>();

function scopeOf(slot: ScopeSlot): RequiredScope {
  const scope = slot.declared ?? slot.bound;
  // Fail closed: a handler outside any route (bindRouteScopes never saw it) serves nobody.
  if (!scope) throw new Error('This signed-in handler has no scope: declare one, or mount it on a route (bindRouteScopes)');
  return scope;
}

function signedIn(slot: ScopeSlot, handler: Handler, status: number): RequestHandler {
  const h = route(handler, status);
  scopeSlots.set(h, slot);
  return h;
}

/**
 * A handler for signed-in users only. An API token needs `scope`; without one, the scope of the
 * method the route is registered for (METHOD_DEFAULT_SCOPES).
 */
export function authed(
  services: RouteAuth,
  handler: (req: Request, user: Account, res: Response) => Promise<unknown>,
  status = 200,
  scope?: RequiredScope,
): RequestHandler {
  const slot: ScopeSlot = { declared: scope ?? null, bound: null };
  return signedIn(slot, async (req, res) => handler(req, await userOf(services, req, scopeOf(slot)), res), status);
}

/** A handler for administrators (roleId 2) only: 401 signed out, 403 for other users; an API token needs `admin`. */
export function adminOnly(services: RouteAuth, handler: (req: Request, admin: Account, res: Response) => Promise<unknown>, status = 200): RequestHandler {
  return signedIn({ declared: 'admin', bound: null }, async (req, res) => handler(req, await adminOf(services, req), res), status);
}

/**
 * Start-up check and binding, run on the finished app: every signed-in handler gets the default
 * scope of the method its route registers it for, and the app refuses to start when that is not
 * one decision (a handler on `route.all()` or as plain middleware, or shared by a reading and a
 * writing method, must declare its scope). Returns how many signed-in handlers it saw.
 */
export function bindRouteScopes(app: Express): number {
  const { routes, middleware } = routeTable(app);
  const problems: string[] = [];
  let seen = 0;
  for (const r of routes) {
    for (const { method, handle } of r.handlers) {
      const slot = scopeSlots.get(handle);
      if (!slot) continue;
      seen++;
      if (slot.declared) continue;
      const scope = method ? METHOD_DEFAULT_SCOPES[method] : undefined;
      if (!scope) problems.push(`${method?.toUpperCase() ?? 'ALL'} ${r.path}: no default scope for this method; declare the route's scope`);
      else if (slot.bound && slot.bound !== scope)
        problems.push(`${method!.toUpperCase()} ${r.path}: one handler serves '${slot.bound}' and '${scope}' methods; declare its scope`);
      else slot.bound = scope;
    }
  }
  for (const handle of middleware) {
    const slot = scopeSlots.get(handle);
    if (slot && !slot.declared) problems.push('a signed-in handler mounted as middleware must declare its scope');
  }
  if (problems.length) throw new Error(`Routes without a decided API-token scope:\n${problems.join('\n')}`);
  return seen;
}
