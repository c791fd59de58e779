/**
 * docker-compose.yml's topology as plain processes: two API processes (RUN_WORKER=false) and two
 * standalone workers on one database and one Redis. Progress reaches a graphql-ws client on API #1
 * for a run started (and uploaded) through API #2; both workers take jobs; sessions, rate-limit
 * counters and token revocations hold across processes, so no state lives in one process.
 */
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { withMinuteAhead } from '../support/clock-minute.js';
import { createTestDatabase, TEST_REDIS_URL } from '../support/test-database.js';
import { until } from '../support/until.js';
import { apiClient, killAll, startApi, startWorker, type Child } from './test-support/processes.js';
import { createProject, ledgerEvents, login, register, sharedEnv, uploadSets } from './test-support/topology.js';
import fs from 'node:fs/promises';
import { jest } from '@jest/globals';

jest.setTimeout(180_000);

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let api1: Child & { url: string };
let api2: Child & { url: string };
let workers: Child[];

beforeAll(async () => {
  db = await createTestDatabase();
  const shared = await sharedEnv({ databaseUrl: db.url, redisUrl: TEST_REDIS_URL, extra: { WORKER_CONCURRENCY: '1', RATE_LIMIT_AUTH_PER_MINUTE: '30' } });
  dataDir = shared.dataDir;
  // All four at once, as compose starts them: the migrations must not race.
  [api1, api2, ...workers] = (await Promise.all([
    startApi('api-1', shared.env),
    startApi('api-2', shared.env),
    startWorker('worker-1', shared.env),
    startWorker('worker-2', shared.env),
  ])) as [Child & { url: string }, Child & { url: string }, Child, Child];
});

afterAll(async () => {
  await Promise.all([api1, api2, ...(workers ?? [])].filter(Boolean).map((c) => c.stop()));
  await killAll();
  await db?.drop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const PROGRESS = `subscription($id: ID!) { projectProgress(projectId: $id) { runId status totalJobs completedJobs failedJobs processingJobs progress } }`;

it('streams to API #1 the progress of a run started through API #2 and processed by both workers', async () => {
  const a1 = apiClient(api1.url);
  const a2 = apiClient(api2.url);
  const u = await register(a1);
  // A session from API #1 works on API #2: project and upload go there.
  const projectId = await createProject(a2, u.token);
  await uploadSets(a2, u.token, projectId, 6);
  const detail = await a1.request('GET', `/api/projects/${projectId}`, { token: u.token });
  expect(detail.status).toBe(200);

  const started = await a2.request('POST', `/api/projects/${projectId}/process`, { token: u.token });
  expect(started.status).toBe(202);
  expect(started.body.run.totalJobs).toBe(6);

  const client = createClient({
    url: a1.url.replace('http', 'ws') + '/graphql',
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${u.token}` },
    retryAttempts: 0,
  });
  const updates: Array<{ completedJobs: number; status: string; progress: number; totalJobs: number }> = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no completion over graphql-ws: ${JSON.stringify(updates.slice(-3))}`)), 120_000);
      client.subscribe(
        { query: PROGRESS, variables: { id: projectId } },
        {
          next: (r) => (r.errors ? reject(new Error(JSON.stringify(r.errors))) : updates.push((r.data as any).projectProgress)),
          error: (e) => reject(e instanceof Error ? e : new Error(JSON.stringify(e))),
          complete: () => (clearTimeout(timer), resolve()),
        },
      );
    });
  } finally {
    await client.dispose();
  }
  const last = updates.at(-1)!;
  expect(last).toMatchObject({ totalJobs: 6, completedJobs: 6, failedJobs: 0, progress: 100 });
  // Changes arrived while the run was going, not only the final state.
  expect(new Set(updates.map((u) => u.completedJobs)).size).toBeGreaterThan(2);

  // Each worker process took jobs (its own log lines say which sets), six in all, each once. The
  // lines come over the workers' stdout pipes, which this process may read after the completion
  // that came over the WebSocket (a loaded run saw 5 of 6): wait for six lines, then check them.
  const takenNow = () => workers.map((w) => w.logLines().filter((l) => l.msg === 'processing file set'));
  const taken = await until(() => (takenNow().flat().length >= 6 ? takenNow() : null), 'six "processing file set" lines', 30_000).catch(() => takenNow());
  for (const t of taken) expect(t.length).toBeGreaterThan(0);
  const sets = taken.flat().map((l) => l.fileSetId);
  expect(sets).toHaveLength(6);
  expect(new Set(sets).size).toBe(6);
  expect(new Set(taken.flat().map((l) => l.pid)).size).toBe(2);

  // Charged once, through whichever process: one ProcessingCharged event.
  const admin = await login(a1, 'finance', 'finance-pass');
  const events = (await ledgerEvents(a2, admin, u.id)).filter((e) => e.type.startsWith('Processing'));
  expect(events.map((e) => e.type)).toEqual(['ProcessingCharged']);
});

it('revokes an API token made on API #1 on API #2 at once', async () => {
  const a1 = apiClient(api1.url);
  const a2 = apiClient(api2.url);
  const u = await register(a2);
  const made = await a1.graphql(
    'mutation($i: CreateApiTokenInput!) { createApiToken(input: $i) { secret token { id } } }',
    { i: { name: 'ci', scopes: ['read'] } },
    u.token,
  );
  expect(made.errors).toBeUndefined();
  const { secret, token } = made.data.createApiToken;
  expect((await a2.request('GET', '/api/user/credits/balance', { token: secret })).status).toBe(200);
  expect((await a1.request('DELETE', `/api/user/tokens/${token.id}`, { token: u.token })).status).toBe(200);
  expect((await a2.request('GET', '/api/user/credits/balance', { token: secret })).status).toBe(401);
});

it('counts sign-in attempts across both processes (no per-process allowance)', async () => {
  const a = [apiClient(api1.url), apiClient(api2.url)];
  // One counting window for all the attempts (a clean-clone run on a slow machine crossed into the
  // next minute, which allows 30 more, and saw its 429 at the 34th).
  await withMinuteAhead(25);
  const username = `rl${Date.now().toString(36)}`;
  await register(a[0]!, username);
  const statuses: number[] = [];
  for (let i = 0; i < 40 && !statuses.includes(429); i++) {
    // A new name each time: an account over its allowance is slowed down, never refused (issue 14).
    statuses.push((await a[i % 2]!.request('POST', '/auth/login', { body: { username: `${username}${i}`, password: 'wrong-password' } })).status);
  }
  // 30 per minute per address in all: one process alone would have allowed 30 more.
  expect(statuses.indexOf(429)).toBeLessThanOrEqual(30);
  expect(statuses.indexOf(429)).toBeGreaterThan(0);
  expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(5);
});
