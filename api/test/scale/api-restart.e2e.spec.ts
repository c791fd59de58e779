/**
 * API process faults: SIGKILL while a large upload streams (after a restart no partial file is
 * left in the storage folder and no record exists), and SIGTERM during an in-flight upload and a
 * running job (the request completes, the job finishes or is handed back, the process exits 0).
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import pg from 'pg';
import { createTestDatabase, TEST_REDIS_URL } from '../support/test-database.js';
import { makeTestVideo } from '../support/media-fixtures.js';
import { apiClient, killAll, sleep, startApi, startWorker } from './test-support/processes.js';
import { createProject, register, sharedEnv, uploadSets, waitForRun } from './test-support/topology.js';

jest.setTimeout(180_000);

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  await killAll();
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

async function setup(extra: Record<string, string> = {}) {
  const db = await createTestDatabase();
  cleanups.push(() => db.drop());
  const shared = await sharedEnv({ databaseUrl: db.url, redisUrl: TEST_REDIS_URL, extra });
  cleanups.push(() => fs.rm(shared.dataDir, { recursive: true, force: true }));
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  cleanups.push(() => pool.end());
  return { ...shared, pool };
}

/** Every file under `dir` (relative paths). */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []))
    if (e.isFile()) out.push(path.relative(dir, path.join(e.parentPath, e.name)));
  return out;
}

/** Whether a new TCP connection to the server is refused (its listener closed). */
function connectionRefused(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(url).port), new URL(url).hostname);
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

/** A multipart upload of one MP4 that the caller streams: real video bytes first, then `write()` more. */
function streamingUpload(url: string, token: string, projectId: string) {
  const boundary = `----shotlog${randomBytes(8).toString('hex')}`;
  const req = http.request(`${url}/api/upload/${projectId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
  });
  req.write(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="DJI_0001.MP4"\r\nContent-Type: video/mp4\r\n\r\n`);
  return {
    response,
    write: (b: Buffer | string) => new Promise<void>((r) => (req.write(b) ? r() : req.once('drain', () => r()))),
    end: () => req.end(`\r\n--${boundary}--\r\n`),
    abort: () => req.destroy(),
  };
}

it('SIGKILL mid-upload: after the restart no partial file and no record are left', async () => {
  const s = await setup({ RUN_WORKER: 'false' });
  let api = await startApi('api', s.env);
  const c = apiClient(api.url);
  const u = await register(c);
  const projectId = await createProject(c, u.token);
  const up = streamingUpload(api.url, u.token, projectId);
  up.response.catch(() => undefined);
  await up.write(await fs.readFile(await makeTestVideo()));
  const chunk = randomBytes(1024 * 1024);
  for (let i = 0; i < 40 && !(await filesUnder(s.dataDir)).some((f) => f.includes('.incoming')); i++) await up.write(chunk);
  for (let i = 0; i < 20; i++) await up.write(chunk); // well into a large file
  const partial = (await filesUnder(s.dataDir)).filter((f) => f.includes('.incoming'));
  expect(partial.length).toBeGreaterThan(0);

  api.kill('SIGKILL');
  await api.exited;
  up.abort();
  api = await startApi('api-again', s.env);
  const stored = (await filesUnder(s.dataDir)).filter((f) => !f.startsWith('pg') && !f.endsWith('jwt-secret'));
  expect(stored.filter((f) => f.includes('.incoming'))).toEqual([]);
  expect(stored.filter((f) => /\.(mp4|jpg|srt)$/i.test(f))).toEqual([]);
  const rows = await s.pool.query(
    `select (select count(*) from file_sets where project_id = $1)::int as sets, (select count(*) from media_files m join file_sets f on f.id = m.file_set_id where f.project_id = $1)::int as files`,
    [projectId],
  );
  expect(rows.rows[0]).toEqual({ sets: 0, files: 0 });
  const detail = await apiClient(api.url).request('GET', `/api/projects/${projectId}`, { token: u.token });
  expect(detail.status).toBe(200);
});

it('SIGTERM: the in-flight upload completes, the running job finishes or is handed back, exit code 0', async () => {
  const s = await setup({ RUN_WORKER: 'true', WORKER_CONCURRENCY: '1', WORKER_LOCK_MS: '1500' });
  const api = await startApi('api', s.env);
  const c = apiClient(api.url);
  const u = await register(c);
  const toProcess = await createProject(c, u.token, 'Run');
  await uploadSets(c, u.token, toProcess, 3);
  const uploadInto = await createProject(c, u.token, 'Upload');
  expect((await c.request('POST', `/api/projects/${toProcess}/process`, { token: u.token })).status).toBe(202);
  await api.waitFor(/"msg":"processing file set"/, 60_000);

  const up = streamingUpload(api.url, u.token, uploadInto);
  await up.write((await fs.readFile(await makeTestVideo())).subarray(0, 1000));
  // Written is not received: signal only once the server is storing the file (a request whose
  // headers it has not read yet is an idle connection, which a drain may close).
  for (let i = 0; i < 100 && !(await filesUnder(s.dataDir)).some((f) => f.includes('.incoming')); i++) await sleep(50);
  process.kill(api.pid, 'SIGTERM'); // the process only, as an orchestrator does (its ffmpeg children are its own)
  // The drain has begun once the listener refuses new connections; the process must then wait for
  // the upload it is still receiving (which completes below, after the refusal).
  await api.waitFor(/"msg":"shutting down"/);
  let refused = false;
  for (let i = 0; i < 200 && !refused && api.running; i++) {
    refused = await connectionRefused(api.url);
    if (!refused) await sleep(25);
  }
  expect(refused).toBe(true);
  expect([api.running, api.exitCode]).toEqual([true, undefined]); // waiting for the upload
  await up.write((await fs.readFile(await makeTestVideo())).subarray(1000));
  up.end();
  const res = await up.response;
  expect(res.status).toBeLessThan(300);
  expect(await api.exited).toBe(0);

  // Whatever was left of the run is taken by another worker and completes, each set once.
  const worker = await startWorker('worker', s.env);
  const api2 = await startApi('api-2', { ...s.env, RUN_WORKER: 'false' });
  const done = await waitForRun(apiClient(api2.url), u.token, toProcess, 90_000);
  expect(done).toMatchObject({ totalJobs: 3, completedJobs: 3, failedJobs: 0 });
  const results = await s.pool.query(
    `select count(*)::int as n, count(distinct r.file_set_id)::int as d from file_set_results r join file_sets f on f.id = r.file_set_id where f.project_id = $1`,
    [toProcess],
  );
  expect(results.rows[0]).toEqual({ n: 3, d: 3 });
  // The uploaded clip, recorded once (a still Shotlog may have taken from it since is not an upload).
  const uploaded = await s.pool.query(
    `select count(*)::int as n from media_files m join file_sets f on f.id = m.file_set_id where f.project_id = $1 and not m.from_video`,
    [uploadInto],
  );
  expect(uploaded.rows[0].n).toBe(1);
  await worker.stop();
});
