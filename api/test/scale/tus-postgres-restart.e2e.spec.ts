/**
 * Resumable uploads while PostgreSQL restarts (issue 28 finding 9; a throwaway embedded PostgreSQL,
 * never the shared one): the API process stays up (its lock session's loss used to be an uncaught
 * exception), the lock session comes back by itself (logged), an upload whose PATCH was in flight
 * across the restart completes, another one is resumed after it, and each file is recorded once.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import pg from 'pg';
import { jest } from '@jest/globals';
import { TEST_REDIS_URL } from '../support/test-database.js';
import { apiClient, killAll, sleep, startApi, startOwnPostgres } from './test-support/processes.js';
import { createProject, register, sharedEnv } from './test-support/topology.js';
import { tusCreate, tusHead, tusPatch, fakeMovie, sha256Hex } from '../../src/features/resumable-uploads/test-support/tus-requests.js';

jest.setTimeout(180_000);

let own: Awaited<ReturnType<typeof startOwnPostgres>>;
let dataDir: string | undefined;
afterAll(async () => {
  await killAll();
  await own?.remove();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const sha = sha256Hex;
const movie = fakeMovie;
/** Polls a condition of the database (not a clock): resolves once `check` holds. */
const until = async (what: string, check: () => Promise<boolean>, timeoutMs = 30_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
};
const query = async (url: string, sql: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
};

it('keeps the API up through a PostgreSQL restart while uploads run: the uploads complete, each recorded once', async () => {
  own = await startOwnPostgres();
  const shared = await sharedEnv({ databaseUrl: own.url, redisUrl: TEST_REDIS_URL, extra: { LOG_LEVEL: 'info' } });
  dataDir = shared.dataDir;
  const api = await startApi('api', shared.env);
  const c = apiClient(api.url);
  const u = await register(c);
  const projectId = await createProject(c, u.token);
  const half = 1024 * 1024;
  const inFlight = movie(2 * half);
  const resumed = movie(2 * half);
  const a = await tusCreate(api.url, u.token, { filename: 'DJI_0001.MP4', projectId, length: inFlight.length });
  const b = await tusCreate(api.url, u.token, { filename: 'DJI_0002.MP4', projectId, length: resumed.length });
  expect([a.status, b.status]).toEqual([201, 201]);
  expect((await tusPatch(api.url, a.location!, u.token, 0, inFlight.subarray(0, half))).status).toBe(204);
  expect((await tusPatch(api.url, b.location!, u.token, 0, resumed.subarray(0, half))).status).toBe(204);

  // A's last chunk is in flight and holds A's lock (seen in pg_locks) when PostgreSQL goes down.
  const answer = new Promise<{ status: number; fileSet: string | undefined }>((resolve, reject) => {
    const req = http.request(api.url + a.location!, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${u.token}`,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(half),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(half),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, fileSet: res.headers['shotlog-file-set-id'] as string | undefined }));
    });
    req.on('error', reject);
    req.write(inFlight.subarray(half, half + 1000));
    void (async () => {
      await until('the in-flight PATCH to hold its lock', async () => {
        const rows = await query(
          own.url,
          `select count(*)::int as n from pg_locks l join pg_stat_activity s on s.pid = l.pid where l.locktype = 'advisory' and s.application_name = 'shotlog-tus-locker'`,
        );
        return rows[0].n === 1;
      });
      await own.stop();
      await api.waitFor(/shotlog-tus-locker: lost its database connection/);
      await own.start();
      await api.waitFor(/shotlog-tus-locker: listening again/);
      req.end(inFlight.subarray(half + 1000));
    })().catch(reject);
  });

  const last = await answer;
  expect(api.running).toBe(true);
  expect(last.status).toBe(204);
  expect(last.fileSet).toBeDefined();

  // B resumes where it stopped, as a tus client does after the outage.
  const head = await tusHead(api.url, b.location!, u.token);
  expect(head.status).toBe(200);
  expect(Number(head.headers.get('upload-offset'))).toBe(half);
  expect((await tusPatch(api.url, b.location!, u.token, half, resumed.subarray(half))).status).toBe(204);

  expect(api.running).toBe(true);
  expect(api.output).not.toMatch(/already been released|uncaught/i);
  const files = await query(
    own.url,
    `select m.filename, m.sha256 from media_files m join file_sets s on s.id = m.file_set_id where s.project_id = '${projectId}' order by m.filename`,
  );
  expect(files).toEqual([
    { filename: 'DJI_0001.MP4', sha256: sha(inFlight) },
    { filename: 'DJI_0002.MP4', sha256: sha(resumed) },
  ]);
  const rows = await query(own.url, `select status from resumable_uploads where project_id = '${projectId}'`);
  expect(rows).toEqual([{ status: 'complete' }, { status: 'complete' }]);
  expect((await c.request('GET', '/api/health')).status).toBe(200);
});
