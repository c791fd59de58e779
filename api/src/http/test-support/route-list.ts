import type { Express } from 'express';

/** One REST route of the live app: method and full path template, e.g. `GET /api/projects/:id`. */
export interface RouteEntry {
  method: string;
  path: string;
}

interface Layer {
  route?: { path: unknown; methods?: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
}

const join = (prefix: string, p: string) => {
  const joined = `${prefix}/${p}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
};

const pathsOf = (p: unknown): string[] => (Array.isArray(p) ? p.flat(Infinity).map(String) : p instanceof RegExp ? [String(p)] : [String(p ?? '/')]);

/**
 * Walks the Express 5 router stacks of `app` and lists every route, with the prefixes of the
 * routers mounted by `app.use(prefix, router)` (router 2 keeps a layer's mount path as `rawPath`).
 * Middleware that is not a router is skipped; a RegExp route is listed as its source.
 */
export function listRoutes(app: Express): RouteEntry[] {
  const out: RouteEntry[] = [];
  const visit = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const methods = Object.keys(layer.route.methods ?? {}).filter((m) => m !== '_all');
        const template = layer.route.path;
        for (const p of pathsOf(template)) {
          // A RegExp route is listed as its source, prefixed by its mount path if any.
          const full = template instanceof RegExp ? `${prefix === '/' ? '' : prefix}${p}` : join(prefix, p);
          for (const m of methods) out.push({ method: m.toUpperCase(), path: full });
        }
      } else if (Array.isArray(layer.handle?.stack)) {
        for (const p of pathsOf(layer.rawPath)) visit(layer.handle.stack, join(prefix, p));
      }
    }
  };
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  visit(router.stack, '');
  const seen = new Set<string>();
  return out.filter((r) => {
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Fills `:param` segments of a route template. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`No value for :${name} in ${template}`);
    return encodeURIComponent(v);
  });
}
