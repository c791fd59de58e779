/**
 * Unfinished tus uploads against the account's storage quota and MAX_UPLOAD_FILES (issue 28,
 * findings 4 and 8): an upload reserves its declared Upload-Length at creation, under the account's
 * lock, until it finishes (its reservation becomes stored bytes), is terminated (DELETE) or expires.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { signUp, startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';
import { tusCreate, tusDelete, tusMetadata, tusPatch, tusUploadAll, fakeMovie } from './test-support/tus-requests.js';

const QUOTA = 1024 * 1024; // 1 MiB
const MAX_FILES = 3;
let server: StartedTestServer;
let db: pg.Client;

beforeAll(async () => {
  server = await startTestServer({ env: { MAX_STORAGE_BYTES_PER_ACCOUNT: String(QUOTA), MAX_UPLOAD_FILES: String(MAX_FILES) } });
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  await server.close();
});

const newProject = async (token: string) =>
  (await server.request('POST', '/api/projects', { token, body: { name: 'Card', cameraType: 'dji-mavic-3-pro-series' } })).body.project.id as string;
const movie = fakeMovie;
const rowsOf = async (userId: string) =>
  (await db.query(`select id, status, size_bytes::int as size from resumable_uploads where user_id = $1 order by created_at`, [userId])).rows as Array<{
    id: string;
    status: string;
    size: number;
  }>;
const tusFiles = async () => fs.readdir(path.join(server.services.config.storageDir, '.tus'));
const unfinishedList = async (token: string, projectId: string) =>
  ((await server.request('GET', `/api/upload/${projectId}/unfinished`, { token })).body.uploads as Array<{ filename: string; status: string }>).map(
    (u) => u.filename,
  );
const STORAGE_FULL = /^This upload needs .+ but your account has .+ of its 1 MiB storage left \(.+ stored, .+ reserved by unfinished uploads\)/;

describe('unfinished uploads hold their declared length against MAX_STORAGE_BYTES_PER_ACCOUNT', () => {
  it('refuses the 2nd to the 11th unfinished upload of 1 MB with a 1 MiB quota (413 naming the quota and the figures), keeping nothing of them', async () => {
    const u = await signUp(server);
    const answers = [];
    for (let i = 0; i < 11; i++) {
      // Spread over projects, so MAX_UPLOAD_FILES (per project) is not what refuses them.
      const projectId = await newProject(u.token);
      answers.push(await tusCreate(server.url, u.token, { filename: `DJI_${String(i).padStart(4, '0')}.MP4`, projectId, length: 1_000_000 }));
    }
    expect(answers[0]!.status).toBe(201);
    for (const a of answers.slice(1)) {
      expect(a.status).toBe(413);
      expect(a.body).toMatch(STORAGE_FULL);
    }
    expect((await rowsOf(u.id)).map((r) => r.status)).toEqual(['uploading']);
    const before = await tusFiles();
    expect(before.filter((f) => !f.endsWith('.json'))).toContain(answers[0]!.location!.split('/').pop());
  });

  it('lets exactly one of several creations at once pass when only one fits', async () => {
    const u = await signUp(server);
    const projectId = await newProject(u.token);
    const answers = await Promise.all(
      Array.from({ length: MAX_FILES }, (_, i) => tusCreate(server.url, u.token, { filename: `DJI_000${i}.MP4`, projectId, length: 600_000 })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(MAX_FILES - 1).fill(413)]);
    expect(await rowsOf(u.id)).toHaveLength(1);
  });

  it('turns a finished upload’s reservation into its stored bytes (counted once), and frees a terminated one’s at once', async () => {
    const u = await signUp(server);
    const projectId = await newProject(u.token);
    // 600 KB: counted twice (stored and reserved) it would not fit a 1 MiB quota.
    const data = movie(600_000);
    const { last } = await tusUploadAll(server.url, u.token, { filename: 'DJI_0001.MP4', projectId, data, chunk: 256 * 1024 });
    expect(last.status).toBe(204);
    expect((await rowsOf(u.id)).map((r) => r.status)).toEqual(['complete']);

    const left = QUOTA - data.length;
    const over = await tusCreate(server.url, u.token, { filename: 'DJI_0002.MP4', projectId, length: left + 1 });
    expect(over.status).toBe(413);
    const fits = await tusCreate(server.url, u.token, { filename: 'DJI_0002.MP4', projectId, length: left });
    expect(fits.status).toBe(201);
    expect((await tusCreate(server.url, u.token, { filename: 'DJI_0003.MP4', projectId, length: 1 })).status).toBe(413);

    // Terminated: its reservation is free for the next creation at once.
    expect((await tusDelete(server.url, fits.location!, u.token)).status).toBe(204);
    expect((await tusCreate(server.url, u.token, { filename: 'DJI_0003.MP4', projectId, length: left })).status).toBe(201);
  });

  it('never starts an upload of deferred length (nothing to reserve): 400, nothing kept', async () => {
    const u = await signUp(server);
    const projectId = await newProject(u.token);
    const res = await fetch(`${server.url}/api/uploads/tus`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${u.token}`,
        'Tus-Resumable': '1.0.0',
        'Upload-Defer-Length': '1',
        'Upload-Metadata': tusMetadata({ filename: 'DJI_0001.MP4', projectId }),
      },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/Upload-Length/);
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it('refuses a PATCH that would grow an upload past its declared (reserved) length', async () => {
    const u = await signUp(server);
    const projectId = await newProject(u.token);
    const created = await tusCreate(server.url, u.token, { filename: 'DJI_0001.MP4', projectId, length: 1000 });
    expect(created.status).toBe(201);
    expect((await tusPatch(server.url, created.location!, u.token, 0, movie(2000))).status).toBe(413);
    const grow = await fetch(server.url + created.location!, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${u.token}`,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Upload-Length': String(QUOTA * 2),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(movie(10)),
    });
    expect(grow.status).toBeGreaterThanOrEqual(400);
    expect(grow.status).toBeLessThan(500);
    expect((await rowsOf(u.id)).map((r) => r.size)).toEqual([1000]);
  });
});

describe('a terminated upload (tus DELETE)', () => {
  it('leaves the unfinished list and the MAX_UPLOAD_FILES count at once', async () => {
    const u = await signUp(server);
    const projectId = await newProject(u.token);
    const created = [];
    for (let i = 0; i < MAX_FILES; i++) {
      const c = await tusCreate(server.url, u.token, { filename: `DJI_000${i}.SRT`, projectId, length: 100 });
      expect(c.status).toBe(201);
      created.push(c);
    }
    const full = await tusCreate(server.url, u.token, { filename: 'DJI_0009.SRT', projectId, length: 100 });
    expect(full.status).toBe(413);
    expect(full.body).toMatch(new RegExp(`${MAX_FILES}`));

    const gone = created[0]!;
    expect((await tusDelete(server.url, gone.location!, u.token)).status).toBe(204);
    expect(await unfinishedList(u.token, projectId)).not.toContain('DJI_0000.SRT');
    expect((await rowsOf(u.id)).map((r) => r.id)).not.toContain(gone.location!.split('/').pop());
    expect((await tusCreate(server.url, u.token, { filename: 'DJI_0009.SRT', projectId, length: 100 })).status).toBe(201);
    // Ended for good: it cannot be continued.
    expect((await tusPatch(server.url, gone.location!, u.token, 0, Buffer.from('1\n'))).status).toBe(404);
  });
});
