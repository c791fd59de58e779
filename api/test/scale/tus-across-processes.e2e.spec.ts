/**
 * Resumable uploads in the scaled topology (issue 18 item 5): two API processes on one database
 * and one files volume. An upload begun on API #1 continues on API #2; a client that reconnects
 * to API #2 while its old request still holds the upload on API #1 gets it (the lock is asked for
 * across processes), and the file that joins the set is byte for byte what was sent.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { jest } from '@jest/globals';
import { createTestDatabase, TEST_REDIS_URL } from '../support/test-database.js';
import { apiClient, killAll, startApi, type Child } from './test-support/processes.js';
import { createProject, register, sharedEnv } from './test-support/topology.js';
import { tusCreate, tusDelete, tusHead, tusPatch, fakeMovie, sha256Hex } from '../../src/features/resumable-uploads/test-support/tus-requests.js';

jest.setTimeout(180_000);

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let api1: Child & { url: string };
let api2: Child & { url: string };

beforeAll(async () => {
  db = await createTestDatabase();
  const shared = await sharedEnv({ databaseUrl: db.url, redisUrl: TEST_REDIS_URL });
  dataDir = shared.dataDir;
  [api1, api2] = await Promise.all([startApi('api-1', shared.env), startApi('api-2', shared.env)]);
});
afterAll(async () => {
  await Promise.all([api1, api2].filter(Boolean).map((c) => c.stop()));
  await killAll();
  await db?.drop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const sha = sha256Hex;
const movie = fakeMovie;

it('continues on API #2 an upload begun on API #1, and takes it over from a request still open there', async () => {
  const u = await register(apiClient(api1.url));
  const projectId = await createProject(apiClient(api2.url), u.token);
  const data = movie(3 * 1024 * 1024);
  const created = await tusCreate(api1.url, u.token, { filename: 'DJI_0001.MP4', projectId, length: data.length });
  expect(created.status).toBe(201);
  const loc = created.location!;
  expect((await tusPatch(api1.url, loc, u.token, 0, data.subarray(0, 1024 * 1024))).status).toBe(204);

  // API #1 now holds the upload for a request that sends half a chunk and then stalls (a half-open connection).
  const stalled = http.request(api1.url + loc, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${u.token}`,
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': String(1024 * 1024),
      'Content-Type': 'application/offset+octet-stream',
      'Content-Length': String(1024 * 1024),
    },
  });
  stalled.on('error', () => undefined);
  stalled.write(data.subarray(1024 * 1024, 1024 * 1024 + 300 * 1024));
  await new Promise((r) => setTimeout(r, 500));

  // The client gives up on it and comes back through API #2: HEAD takes the lock over from API #1.
  const started = Date.now();
  const head = await tusHead(api2.url, loc, u.token);
  expect(head.status).toBe(200);
  const offset = Number(head.headers.get('upload-offset'));
  expect(offset).toBeGreaterThanOrEqual(1024 * 1024);
  expect(offset).toBeLessThanOrEqual(1024 * 1024 + 300 * 1024);
  const rest = await tusPatch(api2.url, loc, u.token, offset, data.subarray(offset));
  expect(rest.status).toBe(204);
  // Well within the 30 s a lock wait may take: the holder was asked to let go.
  expect(Date.now() - started).toBeLessThan(20_000);
  stalled.destroy();

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const rows = (
      await client.query(
        `select m.filename, m.sha256, m.size_bytes::int as size from media_files m join file_sets s on s.id = m.file_set_id where s.project_id = $1`,
        [projectId],
      )
    ).rows;
    expect(rows).toEqual([{ filename: 'DJI_0001.MP4', sha256: sha(data), size: data.length }]);
  } finally {
    await client.end();
  }
  // Either process answers the finished upload as complete.
  for (const api of [api1, api2]) expect((await tusHead(api.url, loc, u.token)).headers.get('upload-offset')).toBe(String(data.length));
});

it('lets one of two processes write an upload at a time: the same chunk sent to both never corrupts the file', async () => {
  const u = await register(apiClient(api2.url));
  const projectId = await createProject(apiClient(api1.url), u.token);
  const data = movie(2 * 1024 * 1024);
  const created = await tusCreate(api2.url, u.token, { filename: 'DJI_0002.MP4', projectId, length: data.length });
  const loc = created.location!;
  const both = await Promise.all([api1, api2].map((api) => tusPatch(api.url, loc, u.token, 0, data.subarray(0, 1024 * 1024))));
  // One wrote from offset 0 under the lock; the other then found the offset moved (409), or took the lock over.
  expect(both.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
  const offset = Number((await tusHead(api1.url, loc, u.token)).headers.get('upload-offset'));
  expect(offset).toBeLessThanOrEqual(1024 * 1024);
  expect((await tusPatch(api1.url, loc, u.token, offset, data.subarray(offset))).status).toBe(204);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query(`select m.sha256 from media_files m join file_sets s on s.id = m.file_set_id where s.project_id = $1`, [projectId]);
    expect(rows).toEqual([{ sha256: sha(data) }]);
  } finally {
    await client.end();
  }
});

it('records the SHA-256 of the stored bytes for an upload that moves from API #1 to API #2 and back, with a cut on the way', async () => {
  const u = await register(apiClient(api1.url));
  const projectId = await createProject(apiClient(api1.url), u.token);
  const mib = 1024 * 1024;
  const data = movie(7 * mib + 333);
  const created = await tusCreate(api1.url, u.token, { filename: 'DJI_0003.MP4', projectId, length: data.length });
  const loc = created.location!;
  // API #1 hashes its chunk; API #2 writes the next one; API #1's job no longer matches the offset.
  expect((await tusPatch(api1.url, loc, u.token, 0, data.subarray(0, 2 * mib))).status).toBe(204);
  expect((await tusPatch(api2.url, loc, u.token, 2 * mib, data.subarray(2 * mib, 4 * mib))).status).toBe(204);
  // On API #1 a chunk is cut part-way; the client resumes from what HEAD answers on API #2, then finishes on API #1.
  await new Promise<void>((resolve) => {
    const req = http.request(api1.url + loc, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${u.token}`,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(4 * mib),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(2 * mib),
      },
    });
    req.on('error', () => resolve());
    req.write(data.subarray(4 * mib, 5 * mib + 4321), () => setTimeout(() => (req.destroy(), resolve()), 300));
  });
  let offset = -1;
  for (let i = 0; i < 100 && offset < 0; i++) {
    const head = await tusHead(api2.url, loc, u.token);
    if (head.status === 200) offset = Number(head.headers.get('upload-offset'));
    else await new Promise((r) => setTimeout(r, 100));
  }
  expect(offset).toBeGreaterThanOrEqual(4 * mib);
  expect(offset).toBeLessThanOrEqual(5 * mib + 4321);
  expect((await tusPatch(api2.url, loc, u.token, offset, data.subarray(offset, 6 * mib))).status).toBe(204);
  expect((await tusPatch(api1.url, loc, u.token, 6 * mib, data.subarray(6 * mib))).status).toBe(204);

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query(`select m.sha256, m.storage_key from media_files m join file_sets s on s.id = m.file_set_id where s.project_id = $1`, [
      projectId,
    ]);
    expect(rows.map((r: { sha256: string }) => r.sha256)).toEqual([sha(data)]);
    expect(sha(await fs.readFile(path.join(dataDir, 'files', rows[0].storage_key)))).toBe(sha(data));
  } finally {
    await client.end();
  }
});

it('drops an upload ended with DELETE on API #2 from API #1’s list and counts at once (issue 28 finding 8)', async () => {
  const u = await register(apiClient(api1.url));
  const projectId = await createProject(apiClient(api1.url), u.token);
  const data = movie(1024 * 1024);
  const created = await tusCreate(api1.url, u.token, { filename: 'DJI_0004.MP4', projectId, length: data.length });
  const loc = created.location!;
  expect((await tusPatch(api1.url, loc, u.token, 0, data.subarray(0, 4096))).status).toBe(204);
  const listed = async () =>
    ((await apiClient(api1.url).request('GET', `/api/upload/${projectId}/unfinished`, { token: u.token })).body.uploads as Array<{ filename: string }>).map(
      (x) => x.filename,
    );
  expect(await listed()).toEqual(['DJI_0004.MP4']);
  expect((await tusDelete(api2.url, loc, u.token)).status).toBe(204);
  expect(await listed()).toEqual([]);
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const { rows } = await client.query(`select count(*)::int as n from resumable_uploads where project_id = $1 and status = 'uploading'`, [projectId]);
    expect(rows).toEqual([{ n: 0 }]);
  } finally {
    await client.end();
  }
  expect((await tusHead(api1.url, loc, u.token)).status).toBe(404);
  expect(await fs.readdir(path.join(dataDir, 'files', '.tus'))).not.toContain(loc.split('/').pop());
});
