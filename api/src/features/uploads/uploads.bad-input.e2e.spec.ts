import http from 'node:http';
import pg from 'pg';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { fixtureSrtPath, makeTestJpg, makeTestVideo } from '../../../test/support/media-fixtures.js';
import { filePart, multipartBody, send, storageState, type Part } from './test-support/upload-test-helpers.js';

// Small limits so that "too large" and "too many" are cheap to send.
const MAX_BYTES = 1_000_000;
const MAX_FILES = 6;

let server: TestServer & { close(): Promise<void> };
let alice: { token: string; id: string };
let bob: { token: string; id: string };
let db: pg.Client;
let projectId: string;
let mp4: string;
let jpg: string;
let bigMp4: string;
const srt = fixtureSrtPath('JuanIrache__DJI_SRT_Parser__air2s.srt');

beforeAll(async () => {
  server = await startTestServer({ env: { MAX_UPLOAD_BYTES: String(MAX_BYTES), MAX_UPLOAD_FILES: String(MAX_FILES) } });
  [alice, bob] = [await signUp(server), await signUp(server)];
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  [mp4, jpg, bigMp4] = await Promise.all([makeTestVideo(), makeTestJpg(), makeTestVideo({ seconds: 4, width: 1280, height: 720 })]);
  projectId = (await server.request('POST', '/api/projects', { token: alice.token, body: { name: 'Edge cases', cameraType: 'dji-mavic-mini-4-pro' } })).body
    .project.id;
});
afterAll(async () => {
  await db.end();
  await server.close();
});

const upload = (parts: Part[], opts: { token?: string; project?: string } = {}) =>
  send(`${server.url}/api/upload/${opts.project ?? projectId}`, opts.token ?? alice.token, multipartBody(parts));
const counts = async () => ({
  files: Number((await db.query('select count(*) from media_files')).rows[0].count),
  sets: Number((await db.query('select count(*) from file_sets')).rows[0].count),
  storage: await storageState(server.dataDir),
});

/** Asserts that nothing was stored or recorded by the request under test. */
async function expectNothingKept(run: () => Promise<unknown>) {
  const before = await counts();
  await run();
  const after = await counts();
  expect(after.files).toBe(before.files);
  expect(after.sets).toBe(before.sets);
  expect(after.storage.stored).toEqual(before.storage.stored);
  expect(after.storage.incoming).toEqual([]);
}

describe('bad uploads get a clear 4xx and leave no file or record', () => {
  it.each<[string, () => Promise<Part>, RegExp]>([
    ['a file with no extension', async () => ({ filename: 'DJI_0001', data: Buffer.from('x') }), /has no extension/],
    ['a path in the name', async () => ({ ...(await filePart(jpg)), filename: '../../etc/passwd' }), /must not contain a path/],
    ['a path ending in a set extension', async () => ({ ...(await filePart(jpg)), filename: '../../etc/passwd.jpg' }), /must not contain a path/],
    ['a NUL byte in the name (encoded)', async () => ({ ...(await filePart(jpg)), filename: 'DJI\u00000001.JPG', encodedName: true }), /control characters/],
    ['a 0-byte file', async () => ({ filename: 'DJI_0001.SRT', data: Buffer.alloc(0) }), /The file is empty/],
    [
      'an .srt with NUL bytes',
      async () => ({ filename: 'DJI_0001.SRT', data: Buffer.from('1\n00:00:00,000 --> 00:00:01,000\n\u0000\u0001binary') }),
      /\.srt file is not text/,
    ],
    ['an .srt that is not UTF-8', async () => ({ filename: 'DJI_0001.SRT', data: Buffer.from([0x31, 0x0a, 0xff, 0xfe, 0xc3, 0x28, 0x41]) }), /not UTF-8 text/],
    ['a .jpg that is not a JPEG', async () => ({ ...(await filePart(mp4)), filename: 'DJI_0001.JPG' }), /not a JPEG image/],
    ['a video that is not a movie', async () => ({ ...(await filePart(jpg)), filename: 'DJI_0001.MP4' }), /not an MP4 or MOV movie/],
  ])('%s: 400 naming the file', async (_what, part, reason) => {
    await expectNothingKept(async () => {
      const p = await part();
      const r = await upload([p]);
      expect(r.status).toBe(400);
      expect(r.body.refused).toEqual([{ filename: expect.any(String), reason: expect.stringMatching(reason) }]);
      expect(r.body.message).toMatch(reason);
    });
  });

  it('a raw NUL byte in a part header is a malformed request: 400', async () => {
    await expectNothingKept(async () => {
      const r = await upload([{ ...(await filePart(jpg)), filename: 'DJI\u00000001.JPG' }]);
      expect(r.status).toBe(400);
    });
  });

  it('refuses bad files by name while the rest upload', async () => {
    const r = await upload([
      await filePart(jpg, 'KEEP.JPG'),
      { filename: 'EMPTY.SRT', data: Buffer.alloc(0) },
      { filename: 'README', data: Buffer.from('hi') },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.accepted.map((f: { filename: string }) => f.filename)).toEqual(['KEEP.JPG']);
    expect(r.body.refused.map((f: { filename: string }) => f.filename)).toEqual(['EMPTY.SRT', 'README']);
    expect((await storageState(server.dataDir)).incoming).toEqual([]);
  });

  it("another user's project: 404; a project in the trash: 409; signed out: 401", async () => {
    await expectNothingKept(async () => {
      const other = await upload([await filePart(jpg, 'A.JPG')], { token: bob.token });
      expect([other.status, other.body.message]).toEqual([404, 'Project not found']);
      const missing = await upload([await filePart(jpg, 'A.JPG')], { project: '11111111-2222-3333-4444-555555555555' });
      expect(missing.status).toBe(404);
      const trashed = (await server.request('POST', '/api/projects', { token: alice.token, body: { name: 'Old', cameraType: 'dji-mavic-mini-4-pro' } })).body
        .project.id;
      await server.request('DELETE', `/api/projects/${trashed}`, { token: alice.token });
      const t = await upload([await filePart(jpg, 'A.JPG')], { project: trashed });
      expect(t.status).toBe(409);
      expect(t.body.message).toMatch(/in the trash/);
      const anon = await send(`${server.url}/api/upload/${projectId}`, null, multipartBody([await filePart(jpg, 'A.JPG')]));
      expect(anon.status).toBe(401);
    });
  });

  it('a file over MAX_UPLOAD_BYTES: 413, and the files before it in the request are removed too', async () => {
    await expectNothingKept(async () => {
      const r = await upload([await filePart(jpg, 'BIG.JPG'), await filePart(bigMp4, 'BIG.MP4')]);
      expect(r.status).toBe(413);
      expect(r.body.message).toBe('BIG.MP4 is larger than the 976.6 KiB upload limit');
    });
  });

  it('more files than MAX_UPLOAD_FILES: 413', async () => {
    await expectNothingKept(async () => {
      const parts = await Promise.all(Array.from({ length: MAX_FILES + 1 }, (_, i) => filePart(srt, `S${i}.SRT`)));
      const r = await upload(parts);
      expect([r.status, r.body.message]).toEqual([413, `Too many files: at most ${MAX_FILES} files per upload`]);
    });
  });

  it('no files: 400; not multipart: 415; a malformed body: 400', async () => {
    await expectNothingKept(async () => {
      const none = await send(`${server.url}/api/upload/${projectId}`, alice.token, multipartBody([{ field: 'note', value: 'hello' }]));
      expect([none.status, none.body.message]).toEqual([400, 'No files were uploaded: send them in the repeated multipart field "files"']);
      const json = await server.request('POST', `/api/upload/${projectId}`, { token: alice.token, body: { files: ['a.jpg'] } });
      expect(json.status).toBe(415);
      const noBoundary = await send(`${server.url}/api/upload/${projectId}`, alice.token, { body: Buffer.from('x'), contentType: 'multipart/form-data' });
      expect(noBoundary.status).toBe(400);
      const cut = multipartBody([await filePart(jpg, 'CUT.JPG')]);
      const truncated = await send(`${server.url}/api/upload/${projectId}`, alice.token, {
        body: cut.body.subarray(0, cut.body.length - 40),
        contentType: cut.contentType,
      });
      expect(truncated.status).toBe(400);
    });
  });

  it('a client that disconnects halfway leaves nothing, and a concurrent upload succeeds', async () => {
    const before = await counts();
    const other = (await server.request('POST', '/api/projects', { token: alice.token, body: { name: 'Concurrent', cameraType: 'dji-mavic-mini-4-pro' } })).body
      .project.id;
    const { body, contentType } = multipartBody([await filePart(jpg, 'GONE.JPG'), await filePart(mp4, 'GONE.MP4')]);
    const url = new URL(`/api/upload/${projectId}`, server.url);
    const aborted = new Promise<void>((resolve) => {
      const req = http.request(url, {
        method: 'POST',
        headers: { 'content-type': contentType, 'content-length': String(body.length), authorization: `Bearer ${alice.token}` },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      // The first file and part of the second, then the connection drops.
      req.write(body.subarray(0, Math.floor(body.length * 0.6)), () => setTimeout(() => req.destroy(), 300));
    });
    const concurrent = send(
      `${server.url}/api/upload/${other}`,
      alice.token,
      multipartBody([await filePart(mp4, 'OK.MP4'), await filePart(jpg, 'OK.JPG'), await filePart(srt, 'OK.SRT')]),
    );
    await aborted;
    const ok = await concurrent;
    expect(ok.status).toBe(200);
    expect(ok.body.summary).toEqual({ fileSets: 1, complete: 1, incomplete: 0 });
    // Clean-up runs when the server sees the socket close: the half-received file goes at once, the
    // whole first file the request had stored a moment later (UploadSession.abort). Both are waited
    // for, bounded (a loaded run read the folder between the two).
    const cleaned = async () => {
      const c = await counts();
      return c.storage.incoming.length === 0 && c.storage.stored.length === before.storage.stored.length + 3;
    };
    for (let i = 0; i < 300 && !(await cleaned()); i++) await new Promise((r) => setTimeout(r, 100));
    const after = await counts();
    expect(after.storage.incoming).toEqual([]);
    expect(after.files).toBe(before.files + 3);
    expect(after.storage.stored.length).toBe(before.storage.stored.length + 3);
    const rows = await db.query("select filename from media_files where filename like 'GONE%'");
    expect(rows.rowCount).toBe(0);
    expect((await server.request('GET', '/api/health')).status).toBe(200);
  });
});
