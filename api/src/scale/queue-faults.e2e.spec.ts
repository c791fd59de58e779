/**
 * Queue faults: a worker SIGKILLed mid-run (BullMQ's stalled-job recovery hands its set to the
 * other worker) and a Redis restarted mid-run without its data (the worker queues the lost jobs
 * again from PostgreSQL). Either way: every set done once, one result row per set, charged once.
 */
import fs from 'node:fs/promises';
import { jest } from '@jest/globals';
import pg from 'pg';
import { createTestDatabase, TEST_REDIS_URL } from '../test-support/test-database.js';
import { apiClient, killAll, startApi, startOwnRedis, startWorker, type Child } from './test-support/processes.js';
import { createProject, ledgerEvents, login, register, sharedEnv, uploadSets, waitForRun } from './test-support/topology.js';

jest.setTimeout(240_000);

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  await killAll();
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

async function cluster(redisUrl: string, workerCount: number, extra: Record<string, string>) {
  const db = await createTestDatabase();
  cleanups.push(() => db.drop());
  const { env, dataDir } = await sharedEnv({ databaseUrl: db.url, redisUrl, extra: { WORKER_CONCURRENCY: '1', ...extra } });
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const api = await startApi('api', env);
  const workers: Child[] = [];
  for (let i = 1; i <= workerCount; i++) workers.push(await startWorker(`worker-${i}`, env));
  const client = apiClient(api.url);
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  cleanups.push(() => pool.end());
  return { api, workers, client, pool };
}

const taken = (w: Child) => w.logLines().filter((l) => l.msg === 'processing file set');

async function assertDoneOnce(c: Awaited<ReturnType<typeof cluster>>, user: { id: string; token: string }, projectId: string, sets: number) {
  const done = await waitForRun(c.client, user.token, projectId, 150_000);
  expect(done).toMatchObject({ totalJobs: sets, completedJobs: sets, failedJobs: 0, progress: 100 });
  const results = await c.pool.query<{ file_set_id: string; n: string }>(
    `select r.file_set_id, count(*) as n from file_set_results r join file_sets f on f.id = r.file_set_id where f.project_id = $1 group by r.file_set_id`,
    [projectId],
  );
  expect(results.rows).toHaveLength(sets);
  for (const r of results.rows) expect(Number(r.n)).toBe(1);
  const admin = await login(c.client, 'finance', 'finance-pass');
  const events = (await ledgerEvents(c.client, admin, user.id)).filter((e) => e.type.startsWith('Processing'));
  expect(events.map((e) => e.type)).toEqual(['ProcessingCharged']);
  const balance = await c.client.request('GET', '/api/user/credits/balance', { token: user.token });
  expect(balance.body.creditBalance).toBeCloseTo(100 - 0.03 * sets, 2);
}

it('a worker killed with SIGKILL mid-job: its set is retried by the other worker, done once, charged once', async () => {
  const c = await cluster(TEST_REDIS_URL, 2, { WORKER_LOCK_MS: '1500', JOB_BACKOFF_MS: '100' });
  const u = await register(c.client);
  const projectId = await createProject(c.client, u.token);
  await uploadSets(c.client, u.token, projectId, 5);
  expect((await c.client.request('POST', `/api/projects/${projectId}/process`, { token: u.token })).status).toBe(202);

  const [victim, survivor] = c.workers as [Child, Child];
  const first = await victim.waitFor(/"msg":"processing file set"/, 60_000).then(() => taken(victim)[0]!);
  victim.kill('SIGKILL');
  await victim.exited;
  const row = await c.pool.query(`select status from processing_jobs where file_set_id = $1`, [first.fileSetId]);
  expect(row.rows[0].status).toBe('processing'); // killed mid-job, not after it

  await assertDoneOnce(c, u, projectId, 5);
  // The killed worker's set went to the survivor once its lock expired.
  expect(taken(survivor).map((l) => l.fileSetId)).toContain(first.fileSetId);
});

it('Redis restarted mid-run (its data gone): the run completes after it returns', async () => {
  const redis = await startOwnRedis();
  cleanups.push(() => redis.stop());
  const c = await cluster(redis.url, 1, { QUEUE_RECONCILE_MS: '1000', JOB_BACKOFF_MS: '100' });
  const u = await register(c.client);
  const projectId = await createProject(c.client, u.token);
  await uploadSets(c.client, u.token, projectId, 6);
  expect((await c.client.request('POST', `/api/projects/${projectId}/process`, { token: u.token })).status).toBe(202);
  await c.workers[0]!.waitFor(/"msg":"processing file set"/, 60_000);

  await redis.restart(2000);
  const mid = await c.client.request('GET', `/api/projects/${projectId}/progress`, { token: u.token });
  expect(mid.body.runStatus).toBe('running');

  await assertDoneOnce(c, u, projectId, 6);
  expect(c.workers[0]!.output).toMatch(/queued again processing jobs the queue had lost/);
  expect(c.workers[0]!.running).toBe(true);
  expect(c.api.running).toBe(true);
});
