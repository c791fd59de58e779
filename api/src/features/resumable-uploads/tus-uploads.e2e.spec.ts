import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { signUp, startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';
import { fixtureSrtPath, makeTestJpg, makeTestVideo } from '../../../test/support/media-fixtures.js';
import { tusCreate, tusDelete, tusHead, tusMetadata, tusPatch, tusUploadAll } from './test-support/tus-requests.js';

/**
 * The tus endpoint end to end against a real API, PostgreSQL and storage: creation, chunks,
 * creation-with-upload, termination, expiry, and the same rules as the multipart route.
 */
let server: StartedTestServer;
let alice: { token: string; id: string };
let bob: { token: string; id: string };
let db: pg.Client;
let mp4: Buffer;
let jpg: Buffer;
let srt: Buffer;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  server = await startTestServer({ env: { MAX_UPLOAD_BYTES: String(64 * 1024 * 1024) } });
  alice = await signUp(server);
  bob = await signUp(server);
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  [mp4, jpg, srt] = await Promise.all([
    makeTestVideo().then((p) => fs.readFile(p)),
    makeTestJpg().then((p) => fs.readFile(p)),
    fs.readFile(fixtureSrtPath('JuanIrache__DJI_SRT_Parser__air2s.srt')),
  ]);
});
afterAll(async () => {
  await db.end();
  await server.close();
});

const newProject = async (token = alice.token) =>
  (await server.request('POST', '/api/projects', { token, body: { name: 'Card', cameraType: 'dji-mavic-3-pro-series' } })).body.project.id as string;
const setsOf = async (projectId: string) =>
  (
    await db.query(
      `select s.base_name, m.filename, m.kind, m.sha256, m.size_bytes::int as size from file_sets s join media_files m on m.file_set_id = s.id where s.project_id = $1 order by m.filename`,
      [projectId],
    )
  ).rows as Array<{ base_name: string; filename: string; kind: string; sha256: string; size: number }>;
const tusDir = () => path.join(server.services.config.storageDir, '.tus');
const tusFiles = async () => (await fs.readdir(tusDir())).sort();
/** A PATCH from `offset` that sends `cutAfter` bytes of `bytes`, then drops the connection (a client killed mid-chunk). */
const cutPatch = (loc: string, offset: number, bytes: Uint8Array, cutAfter: number) =>
  new Promise<void>((resolve) => {
    const req = http.request(server.url + loc, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${alice.token}`,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(bytes.length),
      },
    });
    req.on('error', () => resolve());
    req.write(bytes.subarray(0, cutAfter), () => setTimeout(() => (req.destroy(), resolve()), 300));
  });
/** The offset HEAD answers once the server noticed a cut and let go of the upload's lock. */
const offsetAfterCut = async (loc: string) => {
  for (let i = 0; i < 50; i++) {
    const head = await tusHead(server.url, loc, alice.token);
    if (head.status === 200) return Number(head.headers.get('upload-offset'));
    await new Promise((r) => setTimeout(r, 100));
  }
  return -1;
};

describe('tus 1.0.0 at /api/uploads/tus', () => {
  it('announces the version and extensions without a token (OPTIONS)', async () => {
    const res = await fetch(`${server.url}/api/uploads/tus`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    expect(res.headers.get('tus-extension')?.split(',')).toEqual(expect.arrayContaining(['creation', 'creation-with-upload', 'termination', 'expiration']));
    expect(res.headers.get('tus-max-size')).toBe(String(64 * 1024 * 1024));
  });

  it('takes a video in chunks: nothing in the set until the last byte, then the file with its SHA-256', async () => {
    const projectId = await newProject();
    const created = await tusCreate(server.url, alice.token, { filename: 'DJI_0001.MP4', projectId, length: mp4.length });
    expect(created.status).toBe(201);
    expect(created.location).toMatch(/^\/api\/uploads\/tus\/[0-9a-f]{32}$/);
    expect(created.headers.get('upload-expires')).toBeTruthy();
    const half = Math.floor(mp4.length / 2);
    const first = await tusPatch(server.url, created.location!, alice.token, 0, mp4.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    // Half-uploaded: resumable, but not part of any set.
    expect((await tusHead(server.url, created.location!, alice.token)).headers.get('upload-offset')).toBe(String(half));
    expect(await setsOf(projectId)).toEqual([]);
    const last = await tusPatch(server.url, created.location!, alice.token, half, mp4.subarray(half));
    expect(last.status).toBe(204);
    const setId = last.headers.get('shotlog-file-set-id');
    expect(setId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await setsOf(projectId)).toEqual([{ base_name: 'DJI_0001', filename: 'DJI_0001.MP4', kind: 'video', sha256: sha(mp4), size: mp4.length }]);
    // The bytes left the tus folder for storage; a finished upload answers HEAD complete, so nobody sends it again.
    expect(await tusFiles()).not.toContain(created.location!.split('/').pop());
    const head = await tusHead(server.url, created.location!, alice.token);
    expect([head.status, head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual([200, String(mp4.length), String(mp4.length)]);
    expect((await tusPatch(server.url, created.location!, alice.token, mp4.length, new Uint8Array(0))).status).toBe(409);
  });

  it('takes a whole small file in its creation request (creation-with-upload); the set completes by base name, any case', async () => {
    const projectId = await newProject();
    for (const [name, bytes] of [
      ['dji_0002.srt', srt],
      ['DJI_0002.jpg', jpg],
    ] as const) {
      const created = await tusCreate(server.url, alice.token, { filename: name, projectId, length: bytes.length, body: bytes });
      expect([created.status, created.headers.get('upload-offset')]).toEqual([201, String(bytes.length)]);
    }
    // Base names are kept as given: dji_0002 and DJI_0002 are two sets, as on the multipart route.
    const rows = await setsOf(projectId);
    expect(rows.map((r) => [r.filename, r.sha256])).toEqual([
      ['DJI_0002.jpg', sha(jpg)],
      ['dji_0002.srt', sha(srt)],
    ]);
  });

  it('replaces the earlier file of the same kind when a later one finishes', async () => {
    const projectId = await newProject();
    await tusUploadAll(server.url, alice.token, { filename: 'DJI_0003.SRT', projectId, data: srt });
    const other = Buffer.from(srt.toString('utf8').replace(/1/g, '2'));
    const { last } = await tusUploadAll(server.url, alice.token, { filename: 'DJI_0003.SRT', projectId, data: other, chunk: 4096 });
    expect(decodeURIComponent(last.headers.get('shotlog-replaced') ?? '')).toBe('DJI_0003.SRT');
    expect((await setsOf(projectId)).map((r) => r.sha256)).toEqual([sha(other)]);
  });

  it('ends an upload on DELETE (termination): its bytes go and it is gone', async () => {
    const projectId = await newProject();
    const created = await tusCreate(server.url, alice.token, { filename: 'DJI_0004.MP4', projectId, length: mp4.length });
    await tusPatch(server.url, created.location!, alice.token, 0, mp4.subarray(0, 1000));
    const id = created.location!.split('/').pop()!;
    expect(await tusFiles()).toContain(id);
    expect((await tusDelete(server.url, created.location!, alice.token)).status).toBe(204);
    expect(await tusFiles()).not.toContain(id);
    expect((await tusHead(server.url, created.location!, alice.token)).status).toBe(404);
    expect(await setsOf(projectId)).toEqual([]);
  });

  it('keeps the offset at the last byte stored when the client disconnects mid-chunk, and resumes from there', async () => {
    const projectId = await newProject();
    const created = await tusCreate(server.url, alice.token, { filename: 'DJI_0005.MP4', projectId, length: mp4.length });
    const cut = Math.floor(mp4.length * 0.6);
    await new Promise<void>((resolve) => {
      const req = http.request(server.url + created.location!, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${alice.token}`,
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(mp4.length),
        },
      });
      req.on('error', () => resolve());
      req.write(mp4.subarray(0, cut), () => setTimeout(() => (req.destroy(), resolve()), 300));
    });
    // The server notices the cut, stores what arrived and lets go of the lock.
    let offset = -1;
    for (let i = 0; i < 50 && offset < 0; i++) {
      const head = await tusHead(server.url, created.location!, alice.token);
      if (head.status === 200) offset = Number(head.headers.get('upload-offset'));
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(cut);
    const partial = await fs.readFile(path.join(tusDir(), created.location!.split('/').pop()!));
    expect(partial.subarray(0, offset).equals(mp4.subarray(0, offset))).toBe(true);
    const rest = await tusPatch(server.url, created.location!, alice.token, offset, mp4.subarray(offset));
    expect(rest.status).toBe(204);
    expect((await setsOf(projectId)).map((r) => r.sha256)).toEqual([sha(mp4)]);
  });

  it('records the SHA-256 of the stored bytes when a chunk is sent twice and another is cut and sent again (hashed while they arrive)', async () => {
    const projectId = await newProject();
    // Large enough for the hashing thread to be told several times per chunk.
    const data = randomBytes(21 * 1024 * 1024 + 777);
    data.writeUInt32BE(24, 0);
    data.write('ftypisom', 4, 'latin1');
    const chunk = 8 * 1024 * 1024;
    const created = await tusCreate(server.url, alice.token, { filename: 'DJI_0011.MP4', projectId, length: data.length });
    const loc = created.location!;
    expect((await tusPatch(server.url, loc, alice.token, 0, data.subarray(0, chunk))).status).toBe(204);
    // The same chunk again (a client that missed the answer): refused, nothing written twice.
    expect((await tusPatch(server.url, loc, alice.token, 0, data.subarray(0, chunk))).status).toBe(409);
    // The next chunk cut part-way (not at a multiple of anything), then sent again from the answered offset.
    await cutPatch(loc, chunk, data.subarray(chunk, 2 * chunk), 5 * 1024 * 1024 + 12_345);
    const offset = await offsetAfterCut(loc);
    expect(offset).toBeGreaterThan(chunk);
    expect(offset).toBeLessThanOrEqual(chunk + 5 * 1024 * 1024 + 12_345);
    expect((await tusPatch(server.url, loc, alice.token, offset, data.subarray(offset, 2 * chunk))).status).toBe(204);
    // A client that resumes with the same bytes it already sent (its offset was stale): 409 again.
    expect((await tusPatch(server.url, loc, alice.token, chunk, data.subarray(chunk, 2 * chunk))).status).toBe(409);
    expect((await tusPatch(server.url, loc, alice.token, 2 * chunk, data.subarray(2 * chunk))).status).toBe(204);
    expect((await setsOf(projectId)).map((r) => r.sha256)).toEqual([sha(data)]);
    // The hash is of the bytes kept in storage.
    const { rows } = await db.query(`select m.storage_key from media_files m join file_sets s on s.id = m.file_set_id where s.project_id = $1`, [projectId]);
    expect(sha(await fs.readFile(path.join(server.services.config.storageDir, rows[0].storage_key)))).toBe(sha(data));
  });

  it('answers GraphQL and REST with what did not end in a file', async () => {
    const projectId = await newProject();
    const open = await tusCreate(server.url, alice.token, { filename: 'DJI_0006.MP4', projectId, length: mp4.length });
    await tusPatch(server.url, open.location!, alice.token, 0, mp4.subarray(0, 500));
    // Bytes that are not what the name says are refused once they are all in, and named.
    const fake = await tusCreate(server.url, alice.token, { filename: 'DJI_0007.JPG', projectId, length: 10, body: Buffer.from('not a jpeg') });
    expect(fake.status).toBe(400);
    expect(fake.body).toContain('DJI_0007.JPG: The .jpg file is not a JPEG image');
    const rest = await server.request('GET', `/api/upload/${projectId}/unfinished`, { token: alice.token });
    expect(rest.status).toBe(200);
    expect(rest.body.uploads.map((u: any) => [u.filename, u.status, u.receivedBytes])).toEqual([
      ['DJI_0007.JPG', 'refused', 0],
      ['DJI_0006.MP4', 'uploading', 500],
    ]);
    const gql = await server.graphql(`query($p: ID!) { unfinishedUploads(projectId: $p) { filename status reason sizeBytes } }`, { p: projectId }, alice.token);
    expect(gql.data.unfinishedUploads[0]).toEqual({
      filename: 'DJI_0007.JPG',
      status: 'refused',
      reason: 'DJI_0007.JPG: The .jpg file is not a JPEG image',
      sizeBytes: 10,
    });
    expect((await server.request('GET', `/api/upload/${projectId}/unfinished`, { token: bob.token })).status).toBe(404);
  });
});

describe('bad input', () => {
  let projectId: string;
  beforeAll(async () => {
    projectId = await newProject();
  });

  it.each([
    ['a path', '../DJI_0001.MP4', 'The file name must not contain a path'],
    ['a control character', 'DJI\u0007_0001.MP4', 'The file name contains control characters'],
    ['no extension', 'DJI_0001', 'The file has no extension'],
    ['a kind that fits no set', 'DJI_0001.TXT', '.TXT files fit no file set'],
    ['a thumbnail', 'DJI_0001.THM', '.THM files fit no file set'],
  ])('refuses a name with %s before any byte is stored', async (_what, filename, reason) => {
    const before = await tusFiles();
    const r = await tusCreate(server.url, alice.token, { filename, projectId, length: 100, body: Buffer.alloc(100) });
    expect(r.status).toBe(400);
    expect(r.body).toContain(reason);
    expect(await tusFiles()).toEqual(before);
  });

  it('refuses metadata without filename or projectId, and unknown lengths', async () => {
    expect((await tusCreate(server.url, alice.token, { projectId, length: 10 })).body).toContain('Upload-Metadata must carry filename and projectId');
    expect((await tusCreate(server.url, alice.token, { filename: 'A.SRT', length: 10 })).status).toBe(400);
    const deferred = await fetch(`${server.url}/api/uploads/tus`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${alice.token}`,
        'Tus-Resumable': '1.0.0',
        'Upload-Defer-Length': '1',
        'Upload-Metadata': tusMetadata({ filename: 'A.SRT', projectId }),
      },
    });
    expect(deferred.status).toBe(400);
  });

  it('answers 404 for another user’s project and for another user’s upload', async () => {
    const r = await tusCreate(server.url, bob.token, { filename: 'DJI_0001.SRT', projectId, length: srt.length });
    expect(r.status).toBe(404);
    const mine = await tusCreate(server.url, alice.token, { filename: 'DJI_0008.SRT', projectId, length: srt.length });
    for (const call of [
      () => tusHead(server.url, mine.location!, bob.token),
      () => tusPatch(server.url, mine.location!, bob.token, 0, srt),
      () => tusDelete(server.url, mine.location!, bob.token),
    ])
      expect((await call()).status).toBe(404);
    expect((await tusHead(server.url, '/api/uploads/tus/0123456789abcdef0123456789abcdef', alice.token)).status).toBe(404);
    expect((await tusHead(server.url, '/api/uploads/tus/..%2f..%2fjwt-secret', alice.token)).status).toBe(404);
  });

  it('answers 401 without a token and 403 for an API token without write', async () => {
    expect((await tusCreate(server.url, null, { filename: 'A.SRT', projectId, length: 10 })).status).toBe(401);
    const token = (await server.request('POST', '/api/user/tokens', { token: alice.token, body: { name: 'reader', scopes: ['read'] } })).body.secret;
    expect((await tusCreate(server.url, token, { filename: 'A.SRT', projectId, length: 10 })).status).toBe(403);
  });

  it('refuses a PATCH at the wrong offset (409) and a chunk past the declared length (413)', async () => {
    const created = await tusCreate(server.url, alice.token, { filename: 'DJI_0009.SRT', projectId, length: 100 });
    expect((await tusPatch(server.url, created.location!, alice.token, 50, Buffer.alloc(10))).status).toBe(409);
    expect((await tusPatch(server.url, created.location!, alice.token, 0, Buffer.alloc(150, 65))).status).toBe(413);
    // Nothing past the length was kept, and nothing joined a set.
    expect(Number((await tusHead(server.url, created.location!, alice.token)).headers.get('upload-offset'))).toBeLessThanOrEqual(100);
  });

  it('refuses a file over MAX_UPLOAD_BYTES at creation', async () => {
    const r = await tusCreate(server.url, alice.token, { filename: 'DJI_0010.MP4', projectId, length: 64 * 1024 * 1024 + 1 });
    expect(r.status).toBe(413);
  });

  it('refuses uploads into a project in the trash (409) with the reason', async () => {
    const trashed = await newProject();
    await server.request('DELETE', `/api/projects/${trashed}`, { token: alice.token });
    const r = await tusCreate(server.url, alice.token, { filename: 'DJI_0001.SRT', projectId: trashed, length: srt.length });
    expect(r.status).toBe(409);
    expect(r.body).toContain('trash');
  });
});

describe('expiry (UPLOAD_EXPIRY_HOURS)', () => {
  let short: StartedTestServer;
  beforeAll(async () => {
    short = await startTestServer({ env: { UPLOAD_EXPIRY_HOURS: String(1.5 / 3600) } });
  });
  afterAll(() => short.close());

  it('sweeps an unfinished upload with its bytes, answers 410 after, and names it as expired', async () => {
    const user = await signUp(short);
    const projectId = (await short.request('POST', '/api/projects', { token: user.token, body: { name: 'Old', cameraType: 'dji-mavic-3-pro-series' } })).body
      .project.id as string;
    const created = await tusCreate(short.url, user.token, { filename: 'DJI_0001.SRT', projectId, length: srt.length });
    await tusPatch(short.url, created.location!, user.token, 0, srt.subarray(0, 100));
    const id = created.location!.split('/').pop()!;
    const dir = path.join(short.services.config.storageDir, '.tus');
    expect(await fs.readdir(dir)).toContain(id);
    // The sweep runs on its own clock: wait for what it does (bounded), not for a guess of when.
    for (const until = Date.now() + 30_000; (await fs.readdir(dir)).includes(id) && Date.now() < until;) await new Promise((r) => setTimeout(r, 100));
    expect(await fs.readdir(dir)).not.toContain(id);
    const late = await tusPatch(short.url, created.location!, user.token, 100, srt.subarray(100));
    expect(late.status).toBe(410);
    expect(late.body).toContain('expired');
    const listed = await short.request('GET', `/api/upload/${projectId}/unfinished`, { token: user.token });
    expect(listed.body.uploads.map((u: any) => [u.filename, u.status])).toEqual([['DJI_0001.SRT', 'expired']]);
  });
});
