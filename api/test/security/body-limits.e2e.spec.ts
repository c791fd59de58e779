import http from 'node:http';
import { listRoutes } from '../../src/platform/http/test-support/route-list.js';
import { MAX_JSON_DEPTH } from '../../src/platform/http/body-limits.js';
import { signUp, startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer & { close(): Promise<void> };
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await signUp(server)).token;
});
afterAll(() => server.close());

const oversizedFor = (limit: number) => JSON.stringify({ name: 'x'.repeat(limit + 10), cameraType: 'dji-mavic-3-pro-series' });
const oversized = oversizedFor(1024 * 1024);
/** A card's upload plan is a list with its own count limit (MAX_PLAN_FILES): its JSON may reach 4 MB. */
const LARGER_JSON = new Map([
  ['POST /api/upload/:projectId/plan', 4 * 1024 * 1024],
  ['DELETE /api/upload/:projectId/plan', 4 * 1024 * 1024],
]);
const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
/**
 * Routes that take uploads rather than JSON have their own limits (MAX_UPLOAD_BYTES): multipart,
 * and tus (bytes at an offset, never more than the declared Upload-Length).
 */
const UPLOAD_ROUTES = new Set([
  'POST /api/upload/:projectId',
  'POST /api/upload/:projectId/batch',
  'POST /api/filesets/:id/files',
  'POST /api/uploads/tus',
  'PATCH /api/uploads/tus/:id',
  'DELETE /api/uploads/tus/:id',
]);

describe('request body limits', () => {
  it('answers 413 for JSON over 1 MB (4 MB for an upload plan) and 400 for JSON too deep on every route that takes a body, and on /graphql', async () => {
    const writes = listRoutes(server.app).filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && !UPLOAD_ROUTES.has(`${r.method} ${r.path}`));
    expect(writes.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const r of [...writes, { method: 'POST', path: '/graphql' }]) {
      const path = r.path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
      const larger = LARGER_JSON.get(`${r.method} ${r.path}`);
      const res = await server.request(r.method, path, { token, body: larger ? oversizedFor(larger) : oversized });
      if (res.status !== 413 || res.body?.message !== 'Request body is too large')
        wrong.push(`${r.method} ${r.path}: ${res.status} ${JSON.stringify(res.body).slice(0, 100)}`);
      // The same parser everywhere: the depth limit too.
      const tooDeep = await server.request(r.method, path, { token, body: deep(MAX_JSON_DEPTH + 1) });
      if (tooDeep.status !== 400 || !/nested too deeply/.test(tooDeep.body?.message))
        wrong.push(`${r.method} ${r.path} (deep): ${tooDeep.status} ${JSON.stringify(tooDeep.body).slice(0, 100)}`);
    }
    expect(wrong).toEqual([]);
  });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels with 400, on REST and /graphql`, async () => {
    for (const path of ['/api/projects', '/auth/login', '/graphql']) {
      const res = await server.request('POST', path, { token, body: deep(10_000) });
      expect([path, res.status, res.body.message]).toEqual([path, 400, `Request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`]);
    }
    // Nesting within the limit is parsed as usual (and then validated by the route).
    const ok = await server.request('POST', '/api/projects', {
      token,
      body: JSON.stringify({ name: 'Nested', cameraType: 'dji-mavic-3-pro-series', description: 'x', extra: JSON.parse(deep(30)) }),
    });
    expect(ok.status).toBe(201);
  });

  it('answers 431 to a huge header line and stays up', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: server.port, path: '/api/health', headers: { 'x-huge': 'h'.repeat(100_000) } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(431);
    expect((await server.request('GET', '/api/health')).status).toBe(200);
  });

  it('answers 400 (not 500) to a body that is not valid JSON, and 415 to an unsupported encoding', async () => {
    const bad = await server.request('POST', '/api/projects', { token, body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect([bad.status, bad.body.message]).toEqual([400, 'Request body is not valid JSON']);
    const enc = await fetch(server.url + '/api/projects', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'br-x', authorization: `Bearer ${token}` },
      body: '{}',
    });
    expect(enc.status).toBe(415);
  });
});
