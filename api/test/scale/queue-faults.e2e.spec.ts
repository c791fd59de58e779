/**
 * Queue faults: a worker SIGKILLed mid-run (BullMQ's stalled-job recovery hands its set to the
 * other worker) and a Redis restarted mid-run without its data (the worker queues the lost jobs
 * again from PostgreSQL). Either way: every set done once, one result row per set, charged once.
 * A set that fails after a kill (its retry fails, or every worker that takes it dies) is refunded
 * once, and the run still ends: project completed, one charge, one refund, an intact hash chain.
 * A worker stopped with SIGTERM finishes the job it is in and exits 0.
 *
 * Every fault lands inside a job by a signal the test controls, never by racing the job: the
 * workers' ffprobe is a gate (api/test/support/media-gate.ts) that holds a chosen set's probe, so the
 * set's job stays open until the test has killed, stopped or cut off what it wants to.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import pg from 'pg';
import { createTestDatabase } from '../support/test-database.js';
import { FileStorage } from '../../src/features/files/file-storage.js';
import { createMediaGate, type HeldFile, type MediaGate } from '../support/media-gate.js';
import { until } from '../support/until.js';
import { apiClient, killAll, startApi, startOwnRedis, startWorker, type Child } from './test-support/processes.js';
import { createProject, ledgerEvents, login, register, sharedEnv, uploadSets, waitForRun } from './test-support/topology.js';

jest.setTimeout(240_000);

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  await killAll();
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

/**
 * One API process, database, data folder, ffprobe gate and Redis of its own (the last test
 * restarts it) for the whole file; each test starts its own workers, and they are gone before
 * the next test (a worker left over would take the next test's jobs).
 */
let base: {
  api: Child & { url: string };
  client: ReturnType<typeof apiClient>;
  pool: pg.Pool;
  env: Record<string, string>;
  dataDir: string;
  gate: MediaGate;
  redis: Awaited<ReturnType<typeof startOwnRedis>>;
};
beforeAll(async () => {
  const redis = await startOwnRedis();
  cleanups.push(() => redis.stop());
  const db = await createTestDatabase();
  cleanups.push(() => db.drop());
  const gate = await createMediaGate();
  cleanups.push(() => gate.remove());
  // WORKER_CONCURRENCY is the workers'; JOB_BACKOFF_MS is read where jobs are queued (the API).
  const { env, dataDir } = await sharedEnv({
    databaseUrl: db.url,
    redisUrl: redis.url,
    extra: { WORKER_CONCURRENCY: '1', JOB_BACKOFF_MS: '100', ...gate.env },
  });
  cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
  const api = await startApi('api', env);
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  cleanups.push(() => pool.end());
  base = { api, client: apiClient(api.url), pool, env, dataDir, gate, redis };
});

const testWorkers: Child[] = [];
/** A worker for this test only (afterEach kills it). */
async function worker(name: string, env: Record<string, string>): Promise<Child> {
  const w = await startWorker(name, env);
  testWorkers.push(w);
  return w;
}
afterEach(async () => {
  const left = testWorkers.splice(0);
  for (const w of left) w.kill('SIGKILL');
  await Promise.all(left.map((w) => w.exited));
});

/** The file's API with `workerCount` fresh workers started with `extra` in their environment. */
async function cluster(workerCount: number, extra: Record<string, string>) {
  const env = { ...base.env, ...extra };
  const workers: Child[] = [];
  for (let i = 1; i <= workerCount; i++) workers.push(await worker(`worker-${i}`, env));
  const { api, client, pool, dataDir, gate } = base;
  /** Holds the probe of one set's video (by its set id), or of every set (no id): its job stays open until released. */
  const hold = async (fileSetId?: string): Promise<HeldFile> => {
    if (!fileSetId) return gate.hold(path.join(dataDir, 'files'));
    const video = await pool.query<{ storage_key: string }>(`select storage_key from media_files where file_set_id = $1 and kind = 'video'`, [fileSetId]);
    return gate.hold(video.rows[0]!.storage_key);
  };
  return { api, workers, client, pool, env, dataDir, hold };
}
type Cluster = Awaited<ReturnType<typeof cluster>>;

const logged = (w: Child, msg: string) => w.logLines().filter((l) => l.msg === msg);
const taken = (w: Child) => logged(w, 'processing file set');
/**
 * A worker's lines with `msg` once `enough` holds for them (bounded): they come over its stdout pipe,
 * which this process may read after the signal that came another way (the API, the media gate).
 */
const loggedOnce = (w: Child, msg: string, enough: (lines: Array<Record<string, any>>) => boolean) =>
  until(() => (enough(logged(w, msg)) ? logged(w, msg) : null), `"${msg}" in ${w.name}'s log`, 30_000).catch(() => logged(w, msg));

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
  // The run ends first, then its settlement posts the refund to the ledger and marks it posted:
  // wait for that mark (bounded), as a loaded run once read the row between the two.
  const readRuns = () =>
    c.pool.query(
      'select status, succeeded_jobs, failed_jobs, charged_cents, refunded_cents, refund_posted_at is not null as refund_posted from processing_runs where project_id = $1',
      [projectId],
    );
  await until(async () => ((await readRuns()).rows.every((r) => r.refund_posted) ? true : null), "the run's refund posted", 30_000).catch(() => undefined);
  const runs = await readRuns();
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
 * Waits until one of `workers` is inside the held set's job (held in its first step, the probe),
 * SIGKILLs that worker's process group (ffmpeg too) and checks the job is still open: it cannot
 * have finished, the probe is held.
 */
async function killInsideJob(c: Cluster, workers: Child[], fileSetId: string, held: HeldFile): Promise<{ worker: Child }> {
  const gone = workers.filter((w) => !w.running).map((w) => w.pid);
  const { pid } = await held.entered({ skip: gone });
  const worker = workers.find((w) => w.pid === pid);
  if (!worker) throw new Error(`a process that is not one of the workers (${pid}) probed ${fileSetId}`);
  // Its log line naming the set was written before the probe; wait for it to arrive through the pipe.
  await worker.waitFor(new RegExp(`"fileSetId":"${fileSetId}"[^\\n]*"msg":"processing file set"`), 30_000);
  worker.kill('SIGKILL');
  await worker.exited;
  const row = await c.pool.query(`select status from processing_jobs where file_set_id = $1`, [fileSetId]);
  expect(row.rows[0].status).toBe('processing'); // killed mid-job, not after it
  return { worker };
}

/** The project's sets in upload order (DJI_0001 first). */
async function setIds(c: Cluster, projectId: string): Promise<string[]> {
  const r = await c.pool.query<{ id: string }>(`select id from file_sets where project_id = $1 order by base_name`, [projectId]);
  return r.rows.map((row) => row.id);
}

/** Uploads `sets` sets and starts the run; `held` picks the set whose probe is held first (by upload index), or all ('all'). */
async function startRun(c: Cluster, sets: number, held: number | 'all') {
  const u = await register(c.client);
  const projectId = await createProject(c.client, u.token);
  await uploadSets(c.client, u.token, projectId, sets);
  const ids = await setIds(c, projectId);
  const heldSet = held === 'all' ? null : ids[held]!;
  const hold = await c.hold(heldSet ?? undefined);
  expect((await c.client.request('POST', `/api/projects/${projectId}/process`, { token: u.token })).status).toBe(202);
  return { u, projectId, heldSet, hold };
}

it('a worker killed with SIGKILL mid-job: its set is retried by the other worker, done once, charged once', async () => {
  const c = await cluster(2, { WORKER_LOCK_MS: '1500' });
  const { u, projectId, heldSet, hold } = await startRun(c, 5, 2);
  const { worker: victim } = await killInsideJob(c, c.workers, heldSet!, hold);
  const survivor = c.workers.find((w) => w !== victim)!;
  await hold.release();

  await assertSettledOnce(c, u, projectId, { completed: 5, failed: 0 });
  // The killed worker's set went to the survivor once its lock expired.
  const survivorTook = await loggedOnce(survivor, 'processing file set', (ls) => ls.some((l) => l.fileSetId === heldSet));
  expect(survivorTook.map((l) => l.fileSetId)).toContain(heldSet);
});

it('a worker killed mid-job whose set then fails on the retry: refunded once for that set, the run ends', async () => {
  const c = await cluster(2, { WORKER_LOCK_MS: '1500' });
  const { u, projectId, heldSet: broken, hold } = await startRun(c, 4, 1);
  const { worker: victim } = await killInsideJob(c, c.workers, broken!, hold);
  const survivor = c.workers.find((w) => w !== victim)!;
  // While its probe is still held its video turns unreadable: the takeover fails the set for good.
  const video = await c.pool.query<{ storage_key: string }>(`select storage_key from media_files where file_set_id = $1 and kind = 'video'`, [broken]);
  await fs.writeFile(new FileStorage(path.join(c.dataDir, 'files')).absolutePath(video.rows[0]!.storage_key), randomBytes(64 * 1024));
  await hold.release();

  const done = await assertSettledOnce(c, u, projectId, { completed: 3, failed: 1 });
  const job = done.jobs.find((j: { fileSetId: string }) => j.fileSetId === broken);
  expect(job).toMatchObject({ status: 'failed', attempts: 2 });
  expect(job.error).toMatch(/video could not be read/i);
  const failures = await loggedOnce(survivor, 'file set processing failed', (ls) => ls.length > 0);
  expect(failures.map((l) => [l.fileSetId, l.permanent])).toEqual([[broken, true]]);
});

it('a set whose worker dies every time fails at the stall limit: refunded once, the run ends, no second refund later', async () => {
  const c = await cluster(2, { WORKER_LOCK_MS: '1500' });
  const { u, projectId, heldSet: poison, hold } = await startRun(c, 3, 0);
  // Each worker that takes the poison set is killed inside it (its probe is held for good) and
  // replaced; BullMQ fails the job after its third stall (maxStalledCount 2) without running it,
  // and the worker settles it.
  const workers = [...c.workers];
  for (const n of [3, 4, 5]) {
    await killInsideJob(c, workers, poison!, hold);
    workers.push(await worker(`worker-${n}`, c.env));
  }

  const done = await assertSettledOnce(c, u, projectId, { completed: 2, failed: 1 });
  const job = done.jobs.find((j: { fileSetId: string }) => j.fileSetId === poison);
  expect(job).toMatchObject({ status: 'failed', attempts: 3 });
  expect(job.error).toMatch(/stalled/);
  expect(workers.flatMap(taken).filter((l) => l.fileSetId === poison)).toHaveLength(3);

  // A worker started afterwards re-posts only refunds that never reached the ledger: none here.
  const late = await worker('worker-late', c.env);
  await late.waitFor(/"msg":"pending refunds settled"/, 30_000);
  const admin = await login(c.client, 'finance', 'finance-pass');
  expect((await ledgerEvents(c.client, admin, u.id)).filter((e) => e.type === 'ProcessingRefunded')).toHaveLength(1);
  expect(late.output).not.toMatch(/could not settle/);
});

it('a worker stopped with SIGTERM mid-job finishes that job, takes no other, exits 0; the run completes later', async () => {
  const c = await cluster(1, {});
  const { u, projectId, hold } = await startRun(c, 3, 'all');
  const w = c.workers[0]!;
  await hold.entered(); // inside its first job, held at the probe
  const [first] = await loggedOnce(w, 'processing file set', (ls) => ls.length > 0);
  process.kill(w.pid, 'SIGTERM'); // the process only, as an orchestrator does (its ffmpeg children are its own)
  await w.waitFor(/"msg":"worker shutting down"/, 60_000); // it takes no new job from here on
  await hold.release();
  expect(await w.exited).toBe(0);
  expect(taken(w).map((l) => l.fileSetId)).toEqual([first!.fileSetId]);
  const rows = await c.pool.query<{ file_set_id: string; status: string }>(`select file_set_id, status from processing_jobs where file_set_id = $1`, [
    first!.fileSetId,
  ]);
  expect(rows.rows[0]!.status).toBe('completed');
  expect(w.output).not.toMatch(/did not stop in time/);

  await worker('worker-2', c.env);
  await assertSettledOnce(c, u, projectId, { completed: 3, failed: 0 });
});

it('Redis restarted mid-run (its data gone): the run completes after it returns', async () => {
  const c = await cluster(1, { QUEUE_RECONCILE_MS: '1000' });
  const { u, projectId, hold } = await startRun(c, 6, 'all');
  await hold.entered(); // the worker is inside a job, held at the probe: the run cannot end meanwhile

  await base.redis.restart(2000);
  const mid = await c.client.request('GET', `/api/projects/${projectId}/progress`, { token: u.token });
  expect(mid.body.runStatus).toBe('running');
  await hold.release();

  await assertSettledOnce(c, u, projectId, { completed: 6, failed: 0 });
  expect(c.workers[0]!.output).toMatch(/queued again processing jobs the queue had lost/);
  expect(c.workers[0]!.running).toBe(true);
  expect(c.api.running).toBe(true);
});
