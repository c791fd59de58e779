import http from 'node:http';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';

let server: TestServer & { close(): Promise<void> };
beforeAll(async () => {
  server = await startTestServer({ env: { ADMIN_USERNAME: 'ops', ADMIN_PASSWORD: 'ops-pass-1', METRICS_TOKEN: 'scrape-secret' } });
});
afterAll(() => server.close());

describe('health, readiness and metrics', () => {
  it('reports liveness and readiness of database and queue', async () => {
    expect((await server.request('GET', '/api/health')).body).toEqual({ status: 'ok' });
    const ready = (await server.request('GET', '/api/ready')).body;
    expect(ready).toMatchObject({ status: 'ready', database: true, queue: true });
    // The media tools processing uses are named (version and origin; where the binary lives is not said).
    expect(ready.mediaTools).toEqual({
      ffprobe: { version: expect.any(String), source: expect.stringMatching(/^(env|path|npm)$/) },
      ffmpeg: { version: expect.any(String), source: expect.stringMatching(/^(env|path|npm)$/) },
    });
  });

  it('serves Prometheus metrics to admins and the scrape token only', async () => {
    const user = await signUp(server);
    expect((await server.request('GET', '/metrics')).status).toBe(401);
    expect((await server.request('GET', '/metrics', { token: user.token })).status).toBe(403);
    const admin = (await server.request('POST', '/auth/login', { body: { username: 'ops', password: 'ops-pass-1' } })).body.token;
    const byAdmin = await server.request('GET', '/metrics', { token: admin });
    expect(byAdmin.status).toBe(200);
    const scraped = await server.request('GET', '/metrics', { headers: { authorization: 'Bearer scrape-secret' } });
    expect(scraped.body).toMatch(/shotlog_http_request_duration_seconds_bucket\{[^}]*route="\/auth\/login"/);
    expect(scraped.body).toMatch(/shotlog_ledger_events \d+/);
  });

  it('keeps an idle connection 65 s, longer than clients keep theirs, and says so', async () => {
    // Node's 5 s let a client reuse a socket just as the server closed it (ECONNRESET on a loaded machine).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ port: number; keepAlive: string | string[] | undefined }>((resolve, reject) => {
        http
          .get(`${server.url}/api/health`, { agent }, (res) => {
            const port = res.socket.localPort!;
            res.resume();
            res.on('end', () => resolve({ port, keepAlive: res.headers['keep-alive'] }));
          })
          .on('error', reject);
      });
    try {
      const first = await get();
      expect(first.keepAlive).toBe('timeout=65');
      await new Promise((r) => setTimeout(r, 6000));
      // The same socket, idle past the old 5 s, still open on both ends.
      expect((await get()).port).toBe(first.port);
    } finally {
      agent.destroy();
    }
  });

  it('answers unknown API paths with 404 JSON and unknown pages with the web app or a clear 503', async () => {
    const r = await server.request('GET', '/api/nope');
    expect([r.status, r.body.code]).toEqual([404, 'NOT_FOUND']);
    expect(r.headers.get('x-request-id')).toBeTruthy();
  });
});
