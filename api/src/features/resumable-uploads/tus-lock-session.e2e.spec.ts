/**
 * The tus lock session when PostgreSQL drops it (issue 28 finding 9): the backend of the locker's
 * LISTEN session is terminated while a PATCH holds an upload; the API stays up (an exception in the
 * session's 'error' handler would be uncaught and fail this file), the session comes back and takes
 * the held lock again, the upload completes, and its file is recorded once.
 */
import http from 'node:http';
import pg from 'pg';
import type { RequestRelease } from '@tus/server';
import { signUp, startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';
import { tusCreate, tusPatch, fakeMovie, sha256Hex } from './test-support/tus-requests.js';
import { LOCKER_APPLICATION_NAME } from './pg-upload-locker.js';

let server: StartedTestServer;
let db: pg.Client;

beforeAll(async () => {
  server = await startTestServer();
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await server.close();
});

const sha = sha256Hex;
const movie = fakeMovie;
/** The locker's sessions of this test's database, and the advisory locks they hold. */
const lockerSessions = async () =>
  (
    await db.query(
      `select a.pid, (select count(*)::int from pg_locks l where l.pid = a.pid and l.locktype = 'advisory') as locks
       from pg_stat_activity a where a.application_name = $1 and a.datname = current_database()`,
      [LOCKER_APPLICATION_NAME],
    )
  ).rows as Array<{ pid: number; locks: number }>;

it('survives its lock session being terminated while a PATCH holds the upload: the upload completes, recorded once', async () => {
  const locker = server.services.resumableUploads.locker;
  const alice = await signUp(server);
  const projectId = (await server.request('POST', '/api/projects', { token: alice.token, body: { name: 'Card', cameraType: 'dji-mavic-3-pro-series' } })).body
    .project.id as string;
  const data = movie(2 * 1024 * 1024);
  const half = 1024 * 1024;
  const created = await tusCreate(server.url, alice.token, { filename: 'DJI_0001.MP4', projectId, length: data.length });
  expect(created.status).toBe(201);
  const loc = created.location!;
  expect((await tusPatch(server.url, loc, alice.token, 0, data.subarray(0, half))).status).toBe(204);

  // The last chunk's PATCH begins and holds the upload's lock (the test is told when it has it).
  let locked!: () => void;
  const holding = new Promise<void>((r) => (locked = r));
  const tryAcquire = locker.tryAcquire.bind(locker);
  locker.tryAcquire = async (id: string, release: RequestRelease) => {
    const ok = await tryAcquire(id, release);
    if (ok) locked();
    return ok;
  };
  const answer = new Promise<{ status: number; fileSet: string | undefined }>((resolve, reject) => {
    const req = http.request(server.url + loc, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${alice.token}`,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(half),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(data.length - half),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, fileSet: res.headers['shotlog-file-set-id'] as string | undefined }));
    });
    req.on('error', reject);
    req.write(data.subarray(half, half + 1000));
    void holding.then(async () => {
      // PostgreSQL drops the lock session (as on a restart or failover) while the upload is held.
      const before = await lockerSessions();
      expect(before).toEqual([expect.objectContaining({ locks: 1 })]);
      const generation = locker.generation;
      await db.query('select pg_terminate_backend($1)', [before[0]!.pid]);
      await locker.connection(generation);
      // The new session holds the upload again.
      const after = await lockerSessions();
      expect(after).toHaveLength(1);
      expect(after[0]!.locks).toBe(1);
      expect(after[0]!.pid).not.toBe(before[0]!.pid);
      req.end(data.subarray(half + 1000));
    }, reject);
  });

  const last = await answer;
  expect(last.status).toBe(204);
  expect(last.fileSet).toBeDefined();
  expect((await lockerSessions())[0]!.locks).toBe(0);
  const files = (await db.query(`select m.sha256 from media_files m join file_sets s on s.id = m.file_set_id where s.project_id = $1`, [projectId])).rows;
  expect(files).toEqual([{ sha256: sha(data) }]);
  const rows = (await db.query(`select status from resumable_uploads where project_id = $1`, [projectId])).rows;
  expect(rows).toEqual([{ status: 'complete' }]);
  expect((await server.request('GET', '/api/health')).status).toBe(200);
});
