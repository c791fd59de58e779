import path from 'node:path';
import type { Express, Request } from 'express';
import type { Config } from '../../platform/config/config.js';
import { notFound } from '../../platform/errors/app-error.js';
import { sendBuiltPage } from '../../platform/http/http-app.js';

/**
 * The in-browser GraphQL explorer (GraphiQL, built by Vite as the `explorer` entry into
 * web/dist/explorer.html, so it needs no network). It exists only where introspection is on:
 * elsewhere /explorer is a 404 like any unknown path. A browser opening /graphql (GET, wants
 * HTML, no query) is sent to it. Mounted before GraphQL and the static files.
 */
/** What the explorer reads. */
export interface ExplorerDeps {
  config: Pick<Config, 'webDistDir' | 'introspection'>;
}

export function mountExplorer(app: Express, services: ExplorerDeps): void {
  const page = path.join(services.config.webDistDir, 'explorer.html');
  const enabled = services.config.introspection;
  const wantsPage = (req: Request) =>
    req.query.query === undefined && req.accepts(['application/json', 'application/graphql-response+json', 'text/html']) === 'text/html';

  app.get('/graphql', (req, res, next) => {
    if (enabled && wantsPage(req)) return res.redirect(302, '/explorer');
    next();
  });
  app.get(['/explorer', '/explorer.html'], (req, res, next) => {
    if (!enabled) return next(notFound(`No route for GET ${req.path}`));
    sendBuiltPage(res, page);
  });
}
