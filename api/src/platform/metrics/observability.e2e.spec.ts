import { Writable } from 'node:stream';
import pg from 'pg';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { createLogger } from '../logging/logger.js';
import { registerQueueName, unregisterQueueName } from '../queue/queue-registry.js';
import { signUp, startTestServer, startTestServerWithAdmin, type StartedTestServer } from '../../../test/support/test-server.js';

/** Log lines of one server, parsed. */
function logSink() {
  const lines: Array<Record<string, any>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l));
      done();
    },
  });
  return { lines, stream };
}

const QUEUE = 'observability-test';
const ADMIN = { username: 'obsadmin', password: 'obs-admin-1' };
const sink = logSink();
let server: StartedTestServer;
let adminToken: string;

beforeAll(async () => {
  registerQueueName(QUEUE);
  ({ server, adminToken } = await startTestServerWithAdmin(ADMIN, { logger: createLogger('info', sink.stream) }));
  // Real jobs in a real queue: one failed by a worker, two waiting, one delayed.
  const queue = server.services.queue.queue(QUEUE);
  await queue.add('bad-job', { n: 0 });
  const worker = server.services.queue.worker(QUEUE, async () => {
    throw new Error('telemetry file unreadable');
  });
  await new Promise<void>((resolve) => worker.on('failed', () => resolve()));
  await worker.close();
  await queue.add('waiting-1', { n: 1 });
  await queue.add('waiting-2', { n: 2 });
  await queue.add('later', { n: 3 }, { delay: 600_000 });
});
afterAll(async () => {
  unregisterQueueName(QUEUE);
  await server.close();
});

const flush = () => new Promise((r) => setTimeout(r, 100));

describe('request ids in structured logs', () => {
  it('echoes x-request-id and puts it on every log line of that request', async () => {
    const r = await server.request('GET', '/api/projects', { headers: { 'x-request-id': 'trace-abc-123' } });
    expect(r.headers.get('x-request-id')).toBe('trace-abc-123');
    await flush();
    const mine = sink.lines.filter((l) => l.reqId === 'trace-abc-123');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.find((l) => l.msg === 'request completed')).toMatchObject({ res: { statusCode: 401 }, level: 30 });
    expect(typeof mine[0]!.time).toBe('number');
  });

  it('makes up an id when none or an unsafe one is sent', async () => {
    const none = await server.request('GET', '/api/health');
    expect(none.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await server.request('GET', '/api/projects', { headers: { 'x-request-id': 'bad id\twith "quotes"' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('logs GraphQL resolver errors with the request id of their HTTP request', async () => {
    // A queue store that does not answer: the resolver's warning must carry this request's id.
    const deadSink = logSink();
    const { server: dead, adminToken: token } = await startTestServerWithAdmin(ADMIN, {
      env: { REDIS_URL: 'redis://127.0.0.1:1' },
      logger: createLogger('info', deadSink.stream),
    });
    try {
      const r = await fetch(dead.url + '/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-request-id': 'gql-req-77' },
        body: JSON.stringify({ query: '{ adminQueueStats { name } }' }),
      });
      const body = (await r.json()) as any;
      expect(body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      await flush();
      const warning = deadSink.lines.find((l) => l.msg === 'queue statistics could not be read');
      expect(warning?.reqId).toBe('gql-req-77');
      // The same over graphql-ws: the warning carries the operation's own request id.
      const before = deadSink.lines.length;
      const socket = createClient({
        url: dead.url.replace('http', 'ws') + '/graphql',
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
        retryAttempts: 0,
      });
      const wsResult = await new Promise<any>((resolve) =>
        socket.subscribe({ query: '{ adminQueueStats { name } }' }, { next: resolve, error: resolve, complete: () => undefined }),
      );
      await socket.dispose();
      expect(wsResult.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      await flush();
      const wsWarning = deadSink.lines.slice(before).find((l) => l.msg === 'queue statistics could not be read');
      expect(wsWarning?.reqId).toMatch(/^[0-9a-f-]{36}$/);
      // /api/ready names what is down, quickly.
      const started = Date.now();
      const ready = await dead.request('GET', '/api/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'unavailable', database: true, queue: false, down: ['queue'] });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await dead.close();
    }
  }, 60_000);
});
describe('readiness follows the database', () => {
  it('answers 503 naming the database while it refuses connections, and recovers by itself', async () => {
    const target = await startTestServer();
    const dbName = new URL(target.databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: target.databaseUrl.replace(`/${dbName}`, '/postgres') });
    await admin.connect();
    try {
      expect((await target.request('GET', '/api/ready')).status).toBe(200);
      await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [dbName]);
      const down = await target.request('GET', '/api/ready');
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: 'unavailable', database: false, queue: true, down: ['database'], message: 'Not ready: database unreachable' });
      expect((await target.request('GET', '/api/health')).status).toBe(200); // alive, just not ready
      await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`);
      expect((await target.request('GET', '/api/ready')).body).toMatchObject({ status: 'ready', database: true, queue: true });
    } finally {
      await admin.query(`ALTER DATABASE "${dbName}" ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end();
      await target.close();
    }
  }, 60_000);
});

describe('Prometheus metrics', () => {
  it('labels request latency by route template, never the raw URL', async () => {
    const { token } = await signUp(server);
    const id = (await server.request('POST', '/api/projects', { token, body: { name: 'M', cameraType: 'dji-mavic-3-pro-series' } })).body.project.id;
    await server.request('GET', `/api/projects/${id}`, { token });
    const text = (await server.request('GET', '/metrics', { token: adminToken })).body as string;
    expect(text).toMatch(/shotlog_http_request_duration_seconds_bucket\{[^}]*route="\/api\/projects\/:id"/);
    expect(text).not.toContain(id);
  });

  it('reports jobs by state and queue depth for every registered queue, and ledger appends by type', async () => {
    const text = (await server.request('GET', '/metrics', { token: adminToken })).body as string;
    const value = (name: string, labels: string) => Number(new RegExp(`^${name}\\{${labels}\\} (\\d+)$`, 'm').exec(text)?.[1]);
    expect(value('shotlog_queue_jobs', `queue="${QUEUE}",state="failed"`)).toBe(1);
    expect(value('shotlog_queue_jobs', `queue="${QUEUE}",state="waiting"`)).toBe(2);
    expect(value('shotlog_queue_jobs', `queue="${QUEUE}",state="delayed"`)).toBe(1);
    expect(value('shotlog_queue_jobs', `queue="${QUEUE}",state="active"`)).toBe(0);
    expect(value('shotlog_queue_depth', `queue="${QUEUE}"`)).toBe(2);
    expect(text).toMatch(/# TYPE shotlog_ledger_appends_total counter/);
    const bonuses = value('shotlog_ledger_appends_total', 'type="SignupBonusGranted"');
    expect(bonuses).toBeGreaterThanOrEqual(2); // the admin and the user of the previous test
  });
});

describe('the admin view of the queue', () => {
  const expectStats = (queues: any[]) => {
    const q = queues.find((x) => x.name === QUEUE);
    expect(q.counts).toEqual({ waiting: 2, active: 0, completed: 0, failed: 1, delayed: 1 });
    expect(q.recentFailed).toHaveLength(1);
    expect(q.recentFailed[0]).toMatchObject({ name: 'bad-job', failedReason: 'telemetry file unreadable' });
  };

  it('GET /api/admin/queue answers per queue counts and recent failures, to admins only', async () => {
    const r = await server.request('GET', '/api/admin/queue', { token: adminToken });
    expect(r.status).toBe(200);
    expectStats(r.body.queues);
    expect((await server.request('GET', '/api/admin/queue')).status).toBe(401);
    expect((await server.request('GET', '/api/admin/queue', { token: (await signUp(server)).token })).status).toBe(403);
  });

  it('the adminQueueStats query answers the same', async () => {
    const g = await server.graphql(
      '{ adminQueueStats { name counts { waiting active completed failed delayed } recentFailed { id name failedReason attemptsMade failedAt } } }',
      {},
      adminToken,
    );
    expect(g.errors).toBeUndefined();
    expectStats(g.data.adminQueueStats);
  });
});
