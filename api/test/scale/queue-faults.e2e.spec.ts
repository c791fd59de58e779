/**
 * Queue faults: a worker SIGKILLed mid-run (BullMQ's stalled-job recovery hands its set to the
 * other worker) and a Redis restarted mid-run without its data (the worker queues the lost jobs
 * again from PostgreSQL). Either way: every set done once, one result row per set, charged once.
 * A set that fails after a kill (its retry fails, or every worker that takes it dies) is refunded
 * once, and the run still ends: project completed, one charge, one refund, an intact hash chain.
 * A worker stopped with SIGTERM finishes the job it is in and exits 0.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import pg from 'pg';
import { createTestDatabase, TEST_REDIS_URL } from '../support/test-database.js';
import { FileStorage } from '../../src/features/files/file-storage.js';
import { apiClient, killAll, sleep, startApi, startOwnRedis, startWorker, type Child } from './test-support/processes.js';
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
  return { api, workers, client, pool, env, dataDir };
}
type Cluster = Awaited<ReturnType<typeof cluster>>;

const taken = (w: Child) => w.logLines().filter((l) => l.msg === 'processing file set');

/** One set costs 0.03 credits (the default markup): charge and refund in cents. */
const CENTS_PER_SET = 3;

/**
 * The run ended (not stuck) and settled once: `completed` result rows, one each; project and run
 * completed; one ProcessingCharged for every set and, when sets failed, one ProcessingRefunded of
 * exactly the failed sets, in the admin's events and the user's GraphQL history; the chain verifies.
 */
async function assertSettledOnce(c: Cluster, user: { id: string; token: string }, projectId: string, sets: { completed: number; failed: number }) {
  const total = sets.completed + sets.failed;
  const done = await waitForRun(c.client, user.token, projectId, 150_000);
  expect(done).toMatchObject({
    status: 'completed',
    totalJobs: total,
    completedJobs: sets.completed,
    failedJobs: sets.failed,
    processingJobs: 0,
    pendingJobs: 0,
    progress: 100,
  });
  const results = await c.pool.query<{ file_set_id: string; n: string }>(
    `select r.file_set_id, count(*) as n from file_set_results r join file_sets f on f.id = r.file_set_id where f.project_id = $1 group by r.file_set_id`,
    [projectId],
  );
  expect(results.rows).toHaveLength(sets.completed);
  for (const r of results.rows) expect(Number(r.n)).toBe(1);

  const project = await c.client.request('GET', `/api/projects/${projectId}`, { token: user.token });
  expect([project.body.status, project.body.progress.runStatus]).toEqual(['completed', 'completed']);
  const runs = await c.pool.query(
    'select status, succeeded_jobs, failed_jobs, charged_cents, refunded_cents, refund_posted_at is not null as refund_posted from processing_runs where project_id = $1',
    [projectId],
  );
  const charged = CENTS_PER_SET * total;
  const refunded = CENTS_PER_SET * sets.failed;
  expect(runs.rows).toEqual([
    { status: 'completed', succeeded_jobs: sets.completed, failed_jobs: sets.failed, charged_cents: charged, refunded_cents: refunded, refund_posted: true },
  ]);

  const admin = await login(c.client, 'finance', 'finance-pass');
  const events = (await ledgerEvents(c.client, admin, user.id)).filter((e) => e.type.startsWith('Processing'));
  expect(events.map((e) => [e.type, Math.abs(Number(e.amount))]).sort()).toEqual([
    ['ProcessingCharged', charged / 100],
    ...(refunded ? [['ProcessingRefunded', refunded / 100]] : []),
  ]);
  const history = await c.client.graphql('{ transactions(first: 200) { edges { node { amount transactionType } } } }', {}, user.token);
  expect(history.errors).toBeUndefined();
  const lines = history.data.transactions.edges.map((e: { node: { amount: string; transactionType: string } }) => e.node);
  expect(lines.filter((l: { transactionType: string }) => l.transactionType === 'deduction').map((l: { amount: string }) => Number(l.amount))).toEqual([
    -charged / 100,
  ]);
  expect(lines.filter((l: { transactionType: string }) => l.transactionType === 'refund').map((l: { amount: string }) => Number(l.amount))).toEqual(
    refunded ? [refunded / 100] : [],
  );
  const balance = await c.client.request('GET', '/api/user/credits/balance', { token: user.token });
  expect(balance.body.creditBalance).toBeCloseTo(100 - (charged - refunded) / 100, 2);
  const chain = await c.client.graphql('{ ledgerVerification { ok reason checkedEvents } }', {}, admin);
  expect(chain.data?.ledgerVerification).toMatchObject({ ok: true, reason: null });
  return done;
}

/**
 * Waits until one of `workers` is inside a job (its log names the set; only `fileSetId` if given),
 * SIGKILLs that worker's process group (ffmpeg too) and checks the job was still open.
 */
async function killInsideJob(c: Cluster, workers: Child[], fileSetId?: string): Promise<{ fileSetId: string; worker: Child }> {
  const end = Date.now() + 90_000;
  for (;;) {
    const worker = workers.find((w) => w.running && taken(w).some((l) => !fileSetId || l.fileSetId === fileSetId));
    if (worker) {
      worker.kill('SIGKILL');
      await worker.exited;
      const set = fileSetId ?? (taken(worker)[0]!.fileSetId as string);
      const row = await c.pool.query(`select status from processing_jobs where file_set_id = $1`, [set]);
      expect(row.rows[0].status).toBe('processing'); // killed mid-job, not after it
      return { fileSetId: set, worker };
    }
    if (Date.now() > end) throw new Error(`no worker took ${fileSetId ?? 'a set'}:\n${workers.map((w) => w.output.slice(-1500)).join('\n')}`);
    await sleep(25);
  }
}

async function startRun(c: Cluster, sets: number) {
  const u = await register(c.client);
  const projectId = await createProject(c.client, u.token);
  await uploadSets(c.client, u.token, projectId, sets);
  expect((await c.client.request('POST', `/api/projects/${projectId}/process`, { token: u.token })).status).toBe(202);
  return { u, projectId };
}

it('a worker killed with SIGKILL mid-job: its set is retried by the other worker, done once, charged once', async () => {
  const c = await cluster(TEST_REDIS_URL, 2, { WORKER_LOCK_MS: '1500', JOB_BACKOFF_MS: '100' });
  const { u, projectId } = await startRun(c, 5);
  const [victim, survivor] = c.workers as [Child, Child];
  const { fileSetId } = await killInsideJob(c, [victim]);

  await assertSettledOnce(c, u, projectId, { completed: 5, failed: 0 });
  // The killed worker's set went to the survivor once its lock expired.
  expect(taken(survivor).map((l) => l.fileSetId)).toContain(fileSetId);
});

it('a worker killed mid-job whose set then fails on the retry: refunded once for that set, the run ends', async () => {
  const c = await cluster(TEST_REDIS_URL, 2, { WORKER_LOCK_MS: '1500', JOB_BACKOFF_MS: '100' });
  const { u, projectId } = await startRun(c, 4);
  const [victim, survivor] = c.workers as [Child, Child];
  const { fileSetId: broken } = await killInsideJob(c, [victim]);
  // Before the lock expires its video turns unreadable: the takeover fails the set for good.
  const video = await c.pool.query<{ storage_key: string }>(`select storage_key from media_files where file_set_id = $1 and kind = 'video'`, [broken]);
  await fs.writeFile(new FileStorage(path.join(c.dataDir, 'files')).absolutePath(video.rows[0]!.storage_key), randomBytes(64 * 1024));

  const done = await assertSettledOnce(c, u, projectId, { completed: 3, failed: 1 });
  const job = done.jobs.find((j: { fileSetId: string }) => j.fileSetId === broken);
  expect(job).toMatchObject({ status: 'failed', attempts: 2 });
  expect(job.error).toMatch(/video could not be read/i);
  expect(
    survivor
      .logLines()
      .filter((l) => l.msg === 'file set processing failed')
      .map((l) => [l.fileSetId, l.permanent]),
  ).toEqual([[broken, true]]);
});

it('a set whose worker dies every time fails at the stall limit: refunded once, the run ends, no second refund later', async () => {
  const c = await cluster(TEST_REDIS_URL, 2, { WORKER_LOCK_MS: '1500', JOB_BACKOFF_MS: '100' });
  const { u, projectId } = await startRun(c, 3);
  // Each worker that takes the poison set is killed inside it and replaced; BullMQ fails the job
  // after its third stall (maxStalledCount 2) without running it, and the worker settles it.
  const workers = [...c.workers];
  const { fileSetId: poison } = await killInsideJob(c, workers);
  workers.push(await startWorker('worker-3', c.env));
  for (const n of [4, 5]) {
    await killInsideJob(c, workers, poison);
    workers.push(await startWorker(`worker-${n}`, c.env));
  }

  const done = await assertSettledOnce(c, u, projectId, { completed: 2, failed: 1 });
  const job = done.jobs.find((j: { fileSetId: string }) => j.fileSetId === poison);
  expect(job).toMatchObject({ status: 'failed', attempts: 3 });
  expect(job.error).toMatch(/stalled/);
  expect(workers.flatMap(taken).filter((l) => l.fileSetId === poison)).toHaveLength(3);

  // A worker started afterwards re-posts only refunds that never reached the ledger: none here.
  const late = await startWorker('worker-late', c.env);
  await sleep(1000);
  const admin = await login(c.client, 'finance', 'finance-pass');
  expect((await ledgerEvents(c.client, admin, u.id)).filter((e) => e.type === 'ProcessingRefunded')).toHaveLength(1);
  expect(late.output).not.toMatch(/could not settle/);
});

it('a worker stopped with SIGTERM mid-job finishes that job, takes no other, exits 0; the run completes later', async () => {
  const c = await cluster(TEST_REDIS_URL, 1, { JOB_BACKOFF_MS: '100' });
  const { u, projectId } = await startRun(c, 3);
  const w = c.workers[0]!;
  await w.waitFor(/"msg":"processing file set"/, 60_000);
  const [first] = taken(w);
  process.kill(w.pid, 'SIGTERM'); // the process only, as an orchestrator does (its ffmpeg children are its own)
  expect(await w.exited).toBe(0);
  expect(taken(w).map((l) => l.fileSetId)).toEqual([first!.fileSetId]);
  const rows = await c.pool.query<{ file_set_id: string; status: string }>(`select file_set_id, status from processing_jobs where file_set_id = $1`, [
    first!.fileSetId,
  ]);
  expect(rows.rows[0]!.status).toBe('completed');
  expect(w.output).not.toMatch(/did not stop in time/);

  await startWorker('worker-2', c.env);
  await assertSettledOnce(c, u, projectId, { completed: 3, failed: 0 });
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

  await assertSettledOnce(c, u, projectId, { completed: 6, failed: 0 });
  expect(c.workers[0]!.output).toMatch(/queued again processing jobs the queue had lost/);
  expect(c.workers[0]!.running).toBe(true);
  expect(c.api.running).toBe(true);
});
