import express from 'express';
import { route } from '../http/route.js';
import { adminOnly, authed, bindRouteScopes, type RouteAuth } from './signed-in-routes.js';

/** The start-up check: a signed-in route whose API-token scope is not one decision stops the app. */
const services = {} as RouteAuth; // handlers are never called here
const ok = async () => ({ ok: true });

describe('bindRouteScopes', () => {
  it('binds signed-in routes by the method they are registered for, and counts them', () => {
    const app = express();
    const r = express.Router();
    r.get('/a', authed(services, ok));
    r.post('/a', authed(services, ok));
    r.post('/b/process', authed(services, ok, 202, 'process'));
    r.get('/admin', adminOnly(services, ok));
    r.get('/public', route(ok));
    app.use('/api', r);
    expect(bindRouteScopes(app)).toBe(4);
  });

  it('refuses a signed-in handler on app.all() without a declared scope (OPTIONS, PROPFIND... have no default)', () => {
    const app = express();
    app.all('/x', authed(services, ok));
    expect(() => bindRouteScopes(app)).toThrow(/OPTIONS \/x: no default scope for this method/);
  });

  it('refuses one undeclared handler shared by a reading and a writing method', () => {
    const app = express();
    const h = authed(services, ok);
    app.get('/x', h);
    app.post('/x', h);
    expect(() => bindRouteScopes(app)).toThrow(/POST \/x: one handler serves 'read' and 'write' methods/);
  });

  it('refuses a signed-in handler mounted as middleware without a declared scope, accepts one that declares it', () => {
    const app = express();
    app.use('/x', authed(services, ok));
    expect(() => bindRouteScopes(app)).toThrow(/mounted as middleware must declare its scope/);
    const declared = express();
    declared.use('/x', authed(services, ok, 200, 'read'));
    expect(bindRouteScopes(declared)).toBe(0);
  });
});
