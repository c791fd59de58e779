import type { Express } from 'express';
import { routeTable } from '../route-table.js';

/** One REST route of the live app: method and full path template, e.g. `GET /api/projects/:id`. */
export interface RouteEntry {
  method: string;
  path: string;
}

/** Every route of `app` once per method, from the live router stacks (http/route-table.ts). */
export function listRoutes(app: Express): RouteEntry[] {
  const seen = new Set<string>();
  const out: RouteEntry[] = [];
  for (const route of routeTable(app).routes) {
    for (const method of route.methods) {
      const key = `${method} ${route.path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ method, path: route.path });
    }
  }
  return out;
}

/** Fills `:param` segments of a route template. */
export function fillPath(template: string, params: Record<string, string>): string {
  return template.replace(/:(\w+)/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`No value for :${name} in ${template}`);
    return encodeURIComponent(v);
  });
}
