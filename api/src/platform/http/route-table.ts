import type { Express, RequestHandler } from 'express';

/** One handler of one route, as Express registered it: `r.get(path, handler)` gives method `get`. */
export interface RouteHandlerEntry {
  /** Lower-case method the handler was registered for; undefined for `route.all()`. */
  method: string | undefined;
  handle: RequestHandler;
}

/** One route of the live app with its full path template (mount prefixes joined). */
export interface RouteTableEntry {
  path: string;
  /** Upper-case methods the route declares (HEAD only when declared; Express also answers it for GET). */
  methods: string[];
  handlers: RouteHandlerEntry[];
}

/** What the walk found: the routes, and the middleware handlers outside any route. */
export interface RouteTable {
  routes: RouteTableEntry[];
  middleware: RequestHandler[];
}

interface Layer {
  route?: { path: unknown; methods?: Record<string, boolean>; stack?: Array<{ method?: string; handle: RequestHandler }> };
  handle?: RequestHandler & { stack?: Layer[] };
  rawPath?: unknown;
}

const join = (prefix: string, p: string) => {
  const joined = `${prefix}/${p}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
};

const pathsOf = (p: unknown): string[] => (Array.isArray(p) ? p.flat(Infinity).map(String) : p instanceof RegExp ? [String(p)] : [String(p ?? '/')]);

/**
 * Walks the Express 5 router stacks of `app`: every route with the prefixes of the routers
 * mounted by `app.use(prefix, router)` (router 2 keeps a layer's mount path as `rawPath`), and
 * every other middleware. A RegExp route is listed as its source. Used at start-up to bind each
 * signed-in route's scope (http/route.ts) and by the tests that call every route.
 */
export function routeTable(app: Express): RouteTable {
  const routes: RouteTableEntry[] = [];
  const middleware: RequestHandler[] = [];
  const visit = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const template = layer.route.path;
        const methods = Object.keys(layer.route.methods ?? {})
          .filter((m) => m !== '_all')
          .map((m) => m.toUpperCase());
        const handlers = (layer.route.stack ?? []).map((l) => ({ method: l.method, handle: l.handle }));
        for (const p of pathsOf(template)) {
          const path = template instanceof RegExp ? `${prefix === '/' ? '' : prefix}${p}` : join(prefix, p);
          routes.push({ path, methods, handlers });
        }
      } else if (Array.isArray(layer.handle?.stack)) {
        for (const p of pathsOf(layer.rawPath)) visit(layer.handle.stack, join(prefix, p));
      } else if (layer.handle) {
        middleware.push(layer.handle);
      }
    }
  };
  visit((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return { routes, middleware };
}
