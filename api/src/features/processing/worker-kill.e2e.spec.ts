/**
 * Separate worker processes (`node api/dist/worker.js`, built first): one is SIGKILLed in the middle
 * of a run and another takes over. Every set still completes exactly once (one job row settled, one
 * result row), the ledger holds exactly one charge and the right refund (for the corrupt set).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../platform/config/config.js';
import { TEST_REDIS_URL } from '../../../test/support/test-database.js';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { createProject, seedFileSets, waitForRun } from './test-support/seed-file-sets.js';
import { createMediaGate, type MediaGate } from '../../../test/support/media-gate.js';

let server: TestServer & { close(): Promise<void> };
let gate: MediaGate;
const LOCK_MS = 2500;

beforeAll(async () => {
  execFileSync(path.join(repoRoot, 'node_modules/.bin/tsc'), ['-b', 'ledger', 'api'], { cwd: repoRoot, stdio: 'inherit' });
  // No worker in the API process: only the spawned ones process jobs.
  server = await startTestServer({ env: { RUN_WORKER: 'false', WORKER_LOCK_MS: String(LOCK_MS), ADMIN_USERNAME: 'finance', ADMIN_PASSWORD: 'finance-pass' } });
  // The workers' ffprobe is a gate: the test decides when a job goes on (never a race with a timer).
  gate = await createMediaGate();
}, 240_000);
afterAll(async () => {
  await server.close();
  await gate?.remove();
});

function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(repoRoot, 'api/dist/worker.js')], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: server.databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      QUEUE_PREFIX: server.services.config.queuePrefix,
      DATA_DIR: server.dataDir,
      WORKER_CONCURRENCY: '1',
      WORKER_LOCK_MS: String(LOCK_MS),
      JOB_BACKOFF_MS: '100',
      LOG_LEVEL: 'warn',
      ...gate.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b) => {
      out += b;
      if (out.includes('worker is ready')) resolve(child);
    });
    child.stderr!.on('data', (b) => (out += b));
    child.once('exit', (code) => reject(new Error(`worker exited ${code}: ${out}`)));
  });
}

const exited = (c: ChildProcess) => new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())));

it('survives a worker killed mid-run: each set completes once, one charge, the right refund', async () => {
  const u = await signUp(server);
  const projectId = await createProject(server, u.token);
  const fixtures = [
    'JuanIrache__DJI_SRT_Parser__air2s.srt',
    'Nunzio03__python_DJI_SRT_parser__DJI_0023.SRT',
    'ruz76__dji_srt2gpx__DJI.SRT',
    'JuanIrache__DJI_SRT_Parser__p4_rtk.SRT',
    'JuanIrache__DJI_SRT_Parser__m2zoom.SRT',
  ];
  const ids = await seedFileSets(server.services, projectId, [
    ...fixtures.map((srtFixture, i) => ({ baseName: `K${i + 1}`, srtFixture, video: { seconds: 4 } })),
    { baseName: 'K9', corruptVideo: true },
  ]);
  expect((await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token })).status).toBe(202);

  // Kill the first worker while it is inside a job: every set's probe is held until the kill is done.
  const held = await gate.hold(path.join(server.dataDir, 'files'));
  const first = await startWorker();
  await held.entered({ timeoutMs: 60_000 });
  first.kill('SIGKILL');
  await exited(first);
  const afterKill = (await server.request('GET', `/api/projects/${projectId}/progress`, { token: u.token })).body;
  expect(afterKill.runStatus).toBe('running');
  const interrupted = afterKill.jobs.filter((j: { status: string }) => j.status === 'processing').map((j: { fileSetId: string }) => j.fileSetId);
  expect(interrupted).toHaveLength(1);

  await held.release();
  const second = await startWorker();
  const done = await waitForRun(server, u.token, projectId, 120_000);
  second.kill('SIGTERM');
  await exited(second);
  expect(second.exitCode).toBe(0); // graceful close on SIGTERM

  expect(done).toMatchObject({ totalJobs: 6, completedJobs: 5, failedJobs: 1, status: 'completed' });
  const byId = Object.fromEntries(done.jobs.map((j: { fileSetId: string }) => [j.fileSetId, j]));
  expect(byId[interrupted[0]].status).toBe('completed');
  expect(byId[interrupted[0]].attempts).toBe(2); // taken over after the lock expired
  expect(byId[ids.at(-1)!].status).toBe('failed');

  // Exactly one result per completed set, none for the failed one.
  const rows = await server.services.pool.query<{ file_set_id: string; n: string }>(
    'select file_set_id, count(*) as n from file_set_results where file_set_id = any($1::uuid[]) group by file_set_id',
    [ids],
  );
  expect(rows.rows).toHaveLength(5);
  expect(rows.rows.every((r) => r.n === '1')).toBe(true);
  const runs = await server.services.pool.query(
    'select status, succeeded_jobs, failed_jobs, charged_cents, refunded_cents from processing_runs where project_id = $1',
    [projectId],
  );
  expect(runs.rows).toEqual([{ status: 'completed', succeeded_jobs: 5, failed_jobs: 1, charged_cents: 18, refunded_cents: 3 }]);

  const admin = (await server.request('POST', '/auth/login', { body: { username: 'finance', password: 'finance-pass' } })).body.token;
  const events = (await server.request('GET', `/api/admin/ledger/events?userId=${u.id}&limit=100&offset=0`, { token: admin })).body.events;
  const charges = events.filter((e: { type: string }) => e.type === 'ProcessingCharged');
  const refunds = events.filter((e: { type: string }) => e.type === 'ProcessingRefunded');
  expect(charges).toHaveLength(1);
  expect(refunds).toHaveLength(1);
  expect((await server.request('GET', '/api/user/credits/balance', { token: u.token })).body.creditBalance).toBe(99.85);
}, 240_000);
