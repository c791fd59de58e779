import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { fixtureSrtPath, makeTestJpg, makeTestVideo } from '../../../test/support/media-fixtures.js';
import { filePart, graphqlMultipart, multipartBody, send, storageState, type Part } from './test-support/upload-test-helpers.js';

let server: TestServer & { close(): Promise<void> };
let alice: { token: string; id: string };
let bob: { token: string; id: string };
let db: pg.Client;
let mp4: string;
let mov: string;
let jpg: string;
let jpg2: string;
const srtA = fixtureSrtPath('JuanIrache__DJI_SRT_Parser__air2s.srt');
const srtB = fixtureSrtPath('JuanIrache__DJI_SRT_Parser__mavic_air.SRT');

beforeAll(async () => {
  server = await startTestServer();
  alice = await signUp(server);
  bob = await signUp(server);
  db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  [mp4, mov, jpg, jpg2] = await Promise.all([makeTestVideo(), makeTestVideo({ container: 'mov' }), makeTestJpg(), makeTestJpg({ source: 'testsrc' })]);
});
afterAll(async () => {
  await db.end();
  await server.close();
});

const sha = async (file: string) =>
  createHash('sha256')
    .update(await fs.readFile(file))
    .digest('hex');
const newProject = async (token = alice.token) =>
  (await server.request('POST', '/api/projects', { token, body: { name: 'Coast', cameraType: 'dji-mavic-3-pro-series' } })).body.project.id as string;
const upload = (projectId: string, parts: Part[], token = alice.token) => send(`${server.url}/api/upload/${projectId}`, token, multipartBody(parts));
/**
 * Stored files that no media_files row names and that were not in `before`, once the work under way
 * settles: a still's bytes land a moment before its row, so a name gets up to 10 s to be recorded.
 * A real leak never is.
 */
const unrecordedOnceSettled = async (before: string[]) => {
  const unrecorded = async () => {
    const stored = (await storageState(server.dataDir)).stored;
    const recorded = new Set((await db.query<{ storage_key: string }>('select storage_key from media_files')).rows.map((r) => r.storage_key));
    return stored.filter((n) => !before.includes(n) && !recorded.has(n));
  };
  let left = await unrecorded();
  for (let i = 0; i < 100 && left.length > 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    left = await unrecorded();
  }
  return left;
};
const fileRows = async (projectId: string) =>
  (
    await db.query(
      'select m.filename, m.kind, m.sha256, m.storage_key from media_files m join file_sets s on s.id = m.file_set_id where s.project_id = $1 order by m.filename',
      [projectId],
    )
  ).rows;

describe('POST /api/upload/{projectId}', () => {
  let projectId: string;
  let body: any;

  it('groups files by base name, any extension case, and refuses by name what fits no set', async () => {
    projectId = await newProject();
    const r = await upload(projectId, [
      await filePart(mp4, 'DJI_0001.MP4'),
      await filePart(jpg, 'DJI_0001.JPG'),
      await filePart(srtA, 'DJI_0001.SRT'),
      await filePart(mov, 'DJI_0002.mov'),
      await filePart(jpg, 'DJI_0002.Jpg'),
      await filePart(srtB, 'DJI_0002.srt'),
      await filePart(mp4, 'DJI_0003.MP4'),
      await filePart(jpg, 'DJI_0003.JPG'),
      { filename: 'notes.txt', data: Buffer.from('flight notes') },
    ]);
    expect(r.status).toBe(200);
    body = r.body;
    expect(body.accepted.map((f: { filename: string }) => f.filename)).toEqual([
      'DJI_0001.MP4',
      'DJI_0001.JPG',
      'DJI_0001.SRT',
      'DJI_0002.mov',
      'DJI_0002.Jpg',
      'DJI_0002.srt',
      'DJI_0003.MP4',
      'DJI_0003.JPG',
    ]);
    expect(body.refused).toEqual([{ filename: 'notes.txt', reason: expect.stringContaining('.txt files fit no file set') }]);
    expect(body.fileSets.map((s: { baseName: string; status: string; missing: string[] }) => [s.baseName, s.status, s.missing])).toEqual([
      ['DJI_0001', 'complete', []],
      ['DJI_0002', 'complete', []],
      ['DJI_0003', 'incomplete', ['srt']],
    ]);
    expect(body.summary).toEqual({ fileSets: 3, complete: 2, incomplete: 1 });
    expect(body.project.status).toBe('uploaded');
    const mp4Accepted = body.accepted[0];
    expect(mp4Accepted).toMatchObject({ fileTypeInfo: 'mp4', sizeBytes: (await fs.stat(mp4)).size, sha256: await sha(mp4), replaced: null });

    // Stored under server-made names, one per accepted file, nothing left in .incoming; rows match.
    const state = await storageState(server.dataDir);
    expect(state.incoming).toEqual([]);
    const rows = await fileRows(projectId);
    expect(rows).toHaveLength(8);
    expect(state.stored).toEqual(expect.arrayContaining(rows.map((r) => r.storage_key)));
    expect(rows.map((r) => r.storage_key).every((k: string) => /^[0-9a-f-]{36}\.(mp4|mov|jpg|srt)$/.test(k))).toBe(true);
    const project = await server.request('GET', `/api/projects/${projectId}`, { token: alice.token });
    expect(project.body.status).toBe('uploaded');
  });

  it('adds later uploads to the existing sets, and a second file of a kind replaces the first', async () => {
    const before = await fileRows(projectId);
    const oldJpg = before.find((r) => r.filename === 'DJI_0001.JPG')!;
    const r = await upload(projectId, [await filePart(srtA, 'DJI_0003.SRT'), await filePart(jpg2, 'DJI_0001.jpg')]);
    expect(r.status).toBe(200);
    expect(r.body.summary).toEqual({ fileSets: 3, complete: 3, incomplete: 0 });
    expect(r.body.accepted.map((f: { filename: string; replaced: string | null }) => [f.filename, f.replaced])).toEqual([
      ['DJI_0003.SRT', null],
      ['DJI_0001.jpg', 'DJI_0001.JPG'],
    ]);
    const rows = await fileRows(projectId);
    expect(rows).toHaveLength(9);
    expect(rows.find((x) => x.filename === 'DJI_0001.jpg')!.sha256).toBe(await sha(jpg2));
    // The replaced bytes are gone from storage.
    expect((await storageState(server.dataDir)).stored).not.toContain(oldJpg.storage_key);
  });

  it('verify-filesets lists every set with status, what is missing and files with resource_uri', async () => {
    const p2 = await newProject();
    await upload(p2, [await filePart(mp4, 'A.MP4'), await filePart(jpg, 'A.JPG')]);
    const r = await server.request('GET', `/api/projects/${p2}/verify-filesets`, { token: alice.token });
    expect(r.status).toBe(200);
    expect(r.body.project.id).toBe(p2);
    const [set] = r.body.project.fileSets;
    expect(set).toMatchObject({ status: 'incomplete', missing: ['srt'], baseName: 'A' });
    expect(set.files.map((f: { filename: string; fileTypeInfo: string }) => [f.filename, f.fileTypeInfo])).toEqual([
      ['A.MP4', 'mp4'],
      ['A.JPG', 'jpg'],
    ]);
    for (const f of set.files) {
      expect(f.resource_uri).toBe(f.resourceUri);
      expect(f.resourceUri).toMatch(new RegExp(`^/api/files/${f.id}\\?token=`));
      expect(f.sizeBytes).toBeGreaterThan(0);
    }
    expect((await server.request('GET', `/api/projects/${p2}/verify-filesets`, { token: bob.token })).status).toBe(404);

    // generate-json refuses while a set is incomplete.
    const gen = await server.request('POST', `/api/projects/${p2}/generate-json`, { token: alice.token });
    expect([gen.status, gen.body.message]).toEqual([409, 'Every file set must be complete: A (missing srt)']);

    // The missing file, named anything, takes the set's base name.
    const add = await send(`${server.url}/api/filesets/${set.id}/files?kind=srt`, alice.token, multipartBody([await filePart(srtB, 'telemetry.srt', 'file')]));
    expect(add.status).toBe(200);
    expect(add.body.fileSet).toMatchObject({ id: set.id, status: 'complete', missing: [] });
    expect(add.body.file.filename).toBe('A.srt');
    // Wrong kind for the slot, and another user's set.
    const wrong = await send(`${server.url}/api/filesets/${set.id}/files?kind=video`, alice.token, multipartBody([await filePart(jpg, 'x.jpg', 'file')]));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/needs its video file/);
    const other = await send(`${server.url}/api/filesets/${set.id}/files`, bob.token, multipartBody([await filePart(jpg, 'x.jpg', 'file')]));
    expect([other.status, other.body.message]).toEqual([404, 'File set not found']);
    // A replacement of the video: the kind as a form field before the file; old bytes removed.
    const oldVideo = (await fileRows(p2)).find((x) => x.kind === 'video')!;
    const rep = await send(
      `${server.url}/api/filesets/${set.id}/files`,
      alice.token,
      multipartBody([{ field: 'kind', value: 'video' }, await filePart(mov, 'new.MOV', 'file')]),
    );
    expect(rep.status).toBe(200);
    expect([rep.body.file.filename, rep.body.replaced]).toEqual(['A.MOV', 'A.MP4']);
    expect((await storageState(server.dataDir)).stored).not.toContain(oldVideo.storage_key);
  });

  it('generate-json writes the manifest with every set, camera type, sizes and sha256 of the bytes', async () => {
    const r = await server.request('POST', `/api/projects/${projectId}/generate-json`, { token: alice.token });
    expect(r.status).toBe(200);
    const m = r.body.manifest;
    expect(m).toMatchObject({ cameraType: 'dji-mavic-3-pro-series', fileSetCount: 3, fileCount: 9, project: { id: projectId, name: 'Coast' } });
    const set1 = m.fileSets.find((s: { baseName: string }) => s.baseName === 'DJI_0001');
    expect(set1.files.map((f: { kind: string }) => f.kind)).toEqual(['video', 'jpg', 'srt']);
    expect(set1.files.map((f: { sha256: string }) => f.sha256)).toEqual([await sha(mp4), await sha(jpg2), await sha(srtA)]);
    expect(set1.files[0].sizeBytes).toBe((await fs.stat(mp4)).size);
    const onDisk = JSON.parse(await fs.readFile(path.join(server.dataDir, 'projects', projectId, 'manifest.json'), 'utf8'));
    expect(onDisk).toEqual(m);
    expect((await server.request('GET', `/api/projects/${projectId}`, { token: alice.token })).body.status).toBe('ready');
    expect((await server.request('POST', `/api/projects/${projectId}/generate-json`, { token: bob.token })).status).toBe(404);
  });

  it('cost-estimate answers cost per set, count, total and balance', async () => {
    const r = await server.request('GET', `/api/projects/${projectId}/cost-estimate`, { token: alice.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ costPerFileset: 0.03, fileSetCount: 3, totalCost: 0.09, currentBalance: 100, sufficient: true });
    expect((await server.request('GET', `/api/projects/${projectId}/cost-estimate`, { token: bob.token })).status).toBe(404);
  });

  it('GET /api/projects/{id} shows FileSets with Files and resource_uri', async () => {
    const r = await server.request('GET', `/api/projects/${projectId}`, { token: alice.token });
    expect(r.body).toMatchObject({ id: projectId, name: 'Coast', fileSetCount: 3 });
    expect(r.body.FileSets).toHaveLength(3);
    const f = r.body.FileSets[0].Files[0];
    expect(f).toMatchObject({ filename: 'DJI_0001.MP4', fileTypeInfo: 'mp4' });
    expect(f.resource_uri).toBe(f.resourceUri);
  });
});

describe('concurrent uploads to one project', () => {
  it('never leave two files of a kind in a set, nor bytes without a row', async () => {
    const p = await newProject();
    const before = (await storageState(server.dataDir)).stored;
    const results = await Promise.all([
      upload(p, [await filePart(jpg, 'DJI_0009.JPG'), await filePart(mp4, 'DJI_0009.MP4')]),
      upload(p, [await filePart(jpg2, 'DJI_0009.JPG'), await filePart(srtA, 'DJI_0009.SRT')]),
      upload(p, [await filePart(jpg, 'DJI_0009.jpg')]),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await fileRows(p);
    expect(rows.map((r) => r.kind).sort()).toEqual(['image', 'subtitle', 'video']);
    // Bytes without a row: none once the work under way settles (a still taken from the clip while
    // its JPG was still coming is removed again when the JPG wins).
    expect(await unrecordedOnceSettled(before)).toEqual([]);
    expect((await storageState(server.dataDir)).stored).toEqual(expect.arrayContaining(rows.map((r) => r.storage_key)));
  });
});

describe('large videos (hashed on the hashing thread)', () => {
  // Past the 8 MiB hashed inline, in uneven pieces: the hashing thread reads back what is written.
  const big = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), randomBytes(20 * 1024 * 1024 + 12_345)]);
  const bigSha = createHash('sha256').update(big).digest('hex');

  it('stores a large video with the SHA-256 of its bytes, over REST and GraphQL', async () => {
    const p = await newProject();
    const rest = await upload(p, [{ filename: 'BIG_0001.MP4', data: big }]);
    expect(rest.status).toBe(200);
    expect(rest.body.accepted[0]).toMatchObject({ filename: 'BIG_0001.MP4', sizeBytes: big.length, sha256: bigSha });
    const query =
      'mutation($projectId: ID!, $files: [Upload!]!) { uploadFiles(projectId: $projectId, files: $files) { accepted { filename sizeBytes sha256 } } }';
    const gql = await send(
      `${server.url}/graphql`,
      alice.token,
      graphqlMultipart(query, { projectId: p, files: [null] }, [{ path: 'variables.files.0', part: { filename: 'BIG_0002.MP4', data: big } }]),
      { 'apollo-require-preflight': 'true' },
    );
    expect(gql.body.data.uploadFiles.accepted).toEqual([{ filename: 'BIG_0002.MP4', sizeBytes: big.length, sha256: bigSha }]);
    const rows = await fileRows(p);
    expect(rows.map((r) => [r.filename, r.sha256])).toEqual([
      ['BIG_0001.MP4', bigSha],
      ['BIG_0002.MP4', bigSha],
    ]);
    const stored = await fs.readFile(path.join(server.dataDir, 'files', rows[0].storage_key));
    expect(stored.equals(big)).toBe(true);
    expect((await storageState(server.dataDir)).incoming).toEqual([]);
  });

  it('a client that disconnects in the middle of one leaves no file and no row', async () => {
    const p = await newProject();
    const before = await storageState(server.dataDir);
    const { body, contentType } = multipartBody([{ filename: 'GONE_0001.MP4', data: big }]);
    await new Promise<void>((resolve) => {
      const req = http.request(new URL(`/api/upload/${p}`, server.url), {
        method: 'POST',
        headers: { 'content-type': contentType, 'content-length': String(body.length), authorization: `Bearer ${alice.token}` },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(body.subarray(0, 15 * 1024 * 1024), () => setTimeout(() => req.destroy(), 300));
    });
    for (let i = 0; i < 300 && (await storageState(server.dataDir)).incoming.length; i++) await new Promise((r) => setTimeout(r, 100));
    const after = await storageState(server.dataDir);
    expect(after).toEqual({ stored: before.stored, incoming: [] });
    expect(await fileRows(p)).toEqual([]);
  });
});

describe('deleting a project for good', () => {
  it('removes its stored files too', async () => {
    const p = await newProject();
    const r = await upload(p, [await filePart(mp4, 'Z.MP4'), await filePart(jpg, 'Z.JPG')]);
    const keys = (await fileRows(p)).map((x) => x.storage_key);
    expect(keys).toHaveLength(2);
    expect((await storageState(server.dataDir)).stored).toEqual(expect.arrayContaining(keys));
    await server.request('DELETE', `/api/projects/${p}`, { token: alice.token });
    expect((await server.request('DELETE', `/api/projects/${p}/permanent`, { token: alice.token })).status).toBe(200);
    const stored = (await storageState(server.dataDir)).stored;
    expect(keys.filter((k) => stored.includes(k))).toEqual([]);
    expect((await fetch(server.url + r.body.accepted[0].resourceUri)).status).toBe(404);
    expect((await db.query('select count(*) from deleted_media_files')).rows[0].count).toBe('0');
  });
});

describe('GET /api/files/{id}', () => {
  let files: Array<{ id: string; filename: string; resourceUri: string; fileTypeInfo: string }>;
  let projectId: string;
  beforeAll(async () => {
    projectId = await newProject();
    const r = await upload(projectId, [
      await filePart(mp4, 'S.MP4'),
      await filePart(mov, 'T.MOV'),
      await filePart(jpg, 'S.JPG'),
      await filePart(srtA, 'S.SRT'),
    ]);
    files = r.body.accepted;
  });
  const byExt = (e: string) => files.find((f) => f.fileTypeInfo === e)!;

  it('serves the bytes with the right content type, length and ETag, by signed URL or bearer token', async () => {
    const bytes = await fs.readFile(mp4);
    const signed = await fetch(server.url + byExt('mp4').resourceUri);
    expect(signed.status).toBe(200);
    expect(Buffer.from(await signed.arrayBuffer()).equals(bytes)).toBe(true);
    expect(signed.headers.get('content-type')).toBe('video/mp4');
    expect(signed.headers.get('content-length')).toBe(String(bytes.length));
    expect(signed.headers.get('accept-ranges')).toBe('bytes');
    expect(signed.headers.get('etag')).toBe(`"${await sha(mp4)}"`);
    const bearer = await server.request('GET', `/api/files/${byExt('mp4').id}`, { token: alice.token });
    expect(bearer.status).toBe(200);
    for (const [ext, type] of [
      ['mov', 'video/quicktime'],
      ['jpg', 'image/jpeg'],
      ['srt', 'application/x-subrip; charset=utf-8'],
    ]) {
      const r = await fetch(server.url + byExt(ext!).resourceUri);
      expect([ext, r.status, r.headers.get('content-type')]).toEqual([ext, 200, type]);
    }
    // node:http, because fetch adds Cache-Control: no-cache to conditional requests.
    const etag = `"${await sha(mp4)}"`;
    const status = await new Promise<number | undefined>((resolve, reject) =>
      http
        .get(server.url + byExt('mp4').resourceUri, { headers: { 'if-none-match': etag } }, (res) => (res.resume(), resolve(res.statusCode)))
        .on('error', reject),
    );
    expect(status).toBe(304);
  });

  it('answers Range requests with 206 and the right bytes, and 416 for a range past the end', async () => {
    const bytes = await fs.readFile(mp4);
    const url = server.url + byExt('mp4').resourceUri;
    const part = await fetch(url, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 200))).toBe(true);
    const tail = await fetch(url, { headers: { range: 'bytes=-50' } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(bytes.length - 50))).toBe(true);
    const open = await fetch(url, { headers: { range: `bytes=${bytes.length - 10}-` } });
    expect([open.status, (await open.arrayBuffer()).byteLength]).toEqual([206, 10]);
    const bad = await fetch(url, { headers: { range: `bytes=${bytes.length + 5}-` } });
    expect(bad.status).toBe(416);
    expect(bad.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('is served to its owner only: 404 for another user, 401 without auth or with a bad token', async () => {
    const f = byExt('jpg');
    const other = await server.request('GET', `/api/files/${f.id}`, { token: bob.token });
    expect([other.status, other.body.message]).toEqual([404, 'File not found']);
    expect((await server.request('GET', `/api/files/${f.id}`)).status).toBe(401);
    expect((await fetch(`${server.url}/api/files/${f.id}?token=123.${'A'.repeat(43)}`)).status).toBe(401);
    // A token made for one file does not open another.
    const tokenOfMp4 = new URL(byExt('mp4').resourceUri, server.url).searchParams.get('token');
    expect((await fetch(`${server.url}/api/files/${f.id}?token=${tokenOfMp4}`)).status).toBe(401);
    expect((await server.request('GET', '/api/files/not-an-id', { token: alice.token })).status).toBe(400);
  });
});

/** The wizard's sample (sample-hash.ts), computed here on its own: whole file up to 2 MiB, else first and last MiB. */
const sampleOf = (data: Buffer) => {
  const mib = 1024 * 1024;
  const h = createHash('sha256');
  if (data.length <= 2 * mib) h.update(data);
  else h.update(data.subarray(0, mib)).update(data.subarray(data.length - mib));
  return h.digest('hex');
};
const batch = (projectId: string, parts: Part[], token = alice.token) => send(`${server.url}/api/upload/${projectId}/batch`, token, multipartBody(parts));
const plan = (projectId: string, files: unknown, token = alice.token) => server.request('POST', `/api/upload/${projectId}/plan`, { token, body: { files } });
const uploadState = async (projectId: string) =>
  (await server.graphql('query($id: ID!) { project(id: $id) { uploadState { filesToSend setsToSend incompleteSets } } }', { id: projectId }, alice.token)).data
    .project.uploadState;

describe('POST /api/upload/{projectId}/batch and the card plan (issue 30 items 4 and 6)', () => {
  it('records a batch in one answer per file; the same batch again (a retry after a cut) is "already uploaded", recorded once, its bytes dropped', async () => {
    const projectId = await newProject();
    const parts = [await filePart(jpg, 'DJI_0101.JPG'), await filePart(srtA, 'DJI_0101.SRT'), await filePart(srtB, 'DJI_0102.SRT')];
    const first = await batch(projectId, parts);
    expect(first.status).toBe(200);
    expect(first.body.fileSets).toBeUndefined();
    expect(first.body.accepted.map((a: any) => [a.filename, a.alreadyUploaded])).toEqual([
      ['DJI_0101.JPG', false],
      ['DJI_0101.SRT', false],
      ['DJI_0102.SRT', false],
    ]);
    const storedBefore = (await storageState(server.dataDir)).stored;
    const again = await batch(projectId, parts);
    expect(again.status).toBe(200);
    expect(again.body.accepted.map((a: any) => [a.filename, a.alreadyUploaded, a.fileId])).toEqual(
      first.body.accepted.map((a: any) => [a.filename, true, a.fileId]),
    );
    expect((await fileRows(projectId)).map((r) => r.filename)).toEqual(['DJI_0101.JPG', 'DJI_0101.SRT', 'DJI_0102.SRT']);
    // No stored file that no row names: the resent bytes were dropped. (Other projects of this file
    // may be storing a still taken from their clips meanwhile: its row follows its bytes.)
    expect(await unrecordedOnceSettled(storedBefore)).toEqual([]);
    // The same name with other bytes is a replacement, as before.
    const replaced = await batch(projectId, [await filePart(srtB, 'DJI_0101.SRT')]);
    expect([replaced.body.accepted[0].alreadyUploaded, replaced.body.accepted[0].replaced]).toEqual([false, 'DJI_0101.SRT']);
  });

  it('two tabs sending the same card at once record each file once', async () => {
    const projectId = await newProject();
    const parts = [await filePart(jpg, 'DJI_0201.JPG'), await filePart(srtA, 'DJI_0201.SRT')];
    const [a, b] = await Promise.all([batch(projectId, parts), batch(projectId, parts)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const flags = [...a.body.accepted, ...b.body.accepted].map((x: any) => x.alreadyUploaded).sort();
    expect(flags).toEqual([false, false, true, true]);
    expect((await fileRows(projectId)).map((r) => r.filename)).toEqual(['DJI_0201.JPG', 'DJI_0201.SRT']);
  });

  it('answers refusals by name with 200, and refuses over the count or byte limit (413), without Content-Length (400), and for another user (404)', async () => {
    const projectId = await newProject();
    const mixed = await batch(projectId, [{ filename: 'notes.txt', data: Buffer.from('x') }]);
    expect([mixed.status, mixed.body.accepted, mixed.body.refused[0].filename]).toEqual([200, [], 'notes.txt']);
    const many = Array.from({ length: 101 }, (_, i) => ({ filename: `DJI_${String(i).padStart(4, '0')}.SRT`, data: Buffer.from('1\n') }));
    const tooMany = await batch(projectId, many);
    expect([tooMany.status, tooMany.body.message]).toEqual([413, 'Too many files: at most 100 files per upload']);
    expect(await fileRows(projectId)).toEqual([]);
    // Declared past 32 MiB: refused before a byte is read.
    const declared = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${server.url}/api/upload/${projectId}/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(40 * 1024 * 1024) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.write('--x\r\n');
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).message).toMatch(/^A batch may carry at most 32 MiB \(40 MiB sent\)/);
    const chunked = await fetch(`${server.url}/api/upload/${projectId}/batch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'multipart/form-data; boundary=x' },
      body: new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode('--x--\r\n')), c.close()) }),
      duplex: 'half',
    } as RequestInit);
    expect([chunked.status, ((await chunked.json()) as { message: string }).message]).toEqual([400, 'Send the batch with a Content-Length']);
    const other = await batch(projectId, [await filePart(srtA, 'DJI_0001.SRT')], bob.token);
    expect(other.status).toBe(404);
  });

  it('a card chosen again: files held already (name, size and content) are answered "already uploaded"; the rest stay planned until recorded', async () => {
    const projectId = await newProject();
    // A JPG past 2 MiB: its sample is its first and last MiB, read back from storage.
    const big = Buffer.concat([await fs.readFile(jpg), randomBytes(3 * 1024 * 1024)]);
    const bigPath = path.join(server.dataDir, 'big-test.jpg');
    await fs.writeFile(bigPath, big);
    const srt = await fs.readFile(srtA);
    expect((await batch(projectId, [await filePart(bigPath, 'DJI_0301.JPG'), await filePart(srtA, 'DJI_0301.SRT')])).status).toBe(200);
    const sameSizeOtherEdge = Buffer.from(big);
    sameSizeOtherEdge[big.length - 1] ^= 0xff;
    const srt2 = Buffer.from(srt);
    srt2[0] ^= 0x01;
    const answer = await plan(projectId, [
      { filename: 'DJI_0301.JPG', size: big.length, sample: sampleOf(big) },
      { filename: 'DJI_0301.SRT', size: srt.length, sample: sampleOf(srt) },
      { filename: 'DJI_0302.JPG', size: big.length, sample: sampleOf(sameSizeOtherEdge) },
      { filename: 'DJI_0302.SRT', size: srt.length, sample: sampleOf(srt2) },
      { filename: 'DJI_0303.SRT', size: srt.length, sample: sampleOf(srt) },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.alreadyUploaded.map((f: any) => f.filename).sort()).toEqual(['DJI_0301.JPG', 'DJI_0301.SRT']);
    expect([answer.body.filesToSend, answer.body.setsToSend]).toEqual([3, 2]);
    // The same names with other bytes are not "already uploaded": content decides, not name and size.
    const changed = await plan(projectId, [
      { filename: 'DJI_0301.JPG', size: big.length, sample: sampleOf(sameSizeOtherEdge) },
      { filename: 'DJI_0301.SRT', size: srt.length, sample: sampleOf(srt2) },
      { filename: 'DJI_0302.SRT', size: srt.length, sample: sampleOf(srt) },
      { filename: 'DJI_0303.SRT', size: srt.length, sample: sampleOf(srt) },
    ]);
    expect([changed.body.alreadyUploaded, changed.body.filesToSend]).toEqual([[], 4]);
    expect(await uploadState(projectId)).toEqual({ filesToSend: 4, setsToSend: ['DJI_0301', 'DJI_0302', 'DJI_0303'], incompleteSets: 1 });
    // Sent since: they leave what is still to send.
    expect((await batch(projectId, [await filePart(srtA, 'DJI_0302.SRT'), await filePart(srtA, 'DJI_0303.SRT')])).status).toBe(200);
    expect(await uploadState(projectId)).toEqual({ filesToSend: 2, setsToSend: ['DJI_0301'], incompleteSets: 3 });
    expect((await server.request('DELETE', `/api/upload/${projectId}/plan`, { token: alice.token })).status).toBe(200);
    expect((await uploadState(projectId)).filesToSend).toBe(0);
  });

  it('refuses a malformed plan by entry (400), one past 20,000 files (413), and another user (404)', async () => {
    const projectId = await newProject();
    expect((await server.request('POST', `/api/upload/${projectId}/plan`, { token: alice.token, body: {} })).status).toBe(400);
    const badSample = await plan(projectId, [{ filename: 'DJI_0001.SRT', size: 10, sample: 'abc' }]);
    expect([badSample.status, badSample.body.message]).toEqual([400, 'files[0] DJI_0001.SRT: sample must be 64 lower-case hex digits (SHA-256)']);
    const badName = await plan(projectId, [{ filename: 'notes.txt', size: 10, sample: '0'.repeat(64) }]);
    expect(badName.status).toBe(400);
    const twice = await plan(projectId, [
      { filename: 'A.SRT', size: 1, sample: '0'.repeat(64) },
      { filename: 'A.SRT', size: 1, sample: '0'.repeat(64) },
    ]);
    expect([twice.status, twice.body.message]).toEqual([400, 'files[1] A.SRT is named twice']);
    const huge = await plan(
      projectId,
      Array.from({ length: 20_001 }, (_, i) => ({ filename: `D${i}.SRT`, size: 1, sample: '0'.repeat(64) })),
    );
    expect([huge.status, huge.body.message]).toEqual([413, 'Too many files in one plan: at most 20000 (20001 sent)']);
    expect((await plan(projectId, [{ filename: 'A.SRT', size: 1, sample: '0'.repeat(64) }], bob.token)).status).toBe(404);
    expect((await server.request('DELETE', `/api/upload/${projectId}/plan`, { token: bob.token })).status).toBe(404);
  });
});

describe('adding clips to a processed project (issue 30 item 5)', () => {
  it('a later card joins the project: what is there is "already uploaded", only the new set is priced, processed and charged, the earlier result untouched', async () => {
    const u = await signUp(server);
    const projectId = await newProject(u.token);
    const first = [await filePart(mp4, 'DJI_0401.MP4'), await filePart(jpg, 'DJI_0401.JPG'), await filePart(srtA, 'DJI_0401.SRT')];
    expect((await batch(projectId, first, u.token)).status).toBe(200);
    const started = await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token });
    expect(started.status).toBe(202);
    const settled = async () => {
      for (let i = 0; i < 600; i++) {
        const p = await server.request('GET', `/api/projects/${projectId}/progress`, { token: u.token });
        if (p.body.status !== 'processing') return p.body;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the run did not end');
    };
    expect((await settled()).status).toBe('completed');
    const resultRows = () =>
      db.query('select r.* from file_set_results r join file_sets s on s.id = r.file_set_id where s.project_id = $1 order by s.base_name', [projectId]);
    const before = (await resultRows()).rows;
    expect(before).toHaveLength(1);

    // The next card of the shoot, chosen whole: the processed clip's files are answered "already uploaded".
    const second = [await filePart(mov, 'DJI_0402.MOV'), await filePart(jpg2, 'DJI_0402.JPG'), await filePart(srtB, 'DJI_0402.SRT')];
    const answer = await plan(
      projectId,
      [...first, ...second].map((p) => ({ filename: p.filename, size: p.data.length, sample: sampleOf(p.data) })),
      u.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.alreadyUploaded.map((f: any) => f.filename).sort()).toEqual(['DJI_0401.JPG', 'DJI_0401.MP4', 'DJI_0401.SRT']);
    expect([answer.body.filesToSend, answer.body.setsToSend]).toEqual([3, 1]);
    expect((await batch(projectId, second, u.token)).body.accepted.map((a: any) => a.alreadyUploaded)).toEqual([false, false, false]);
    // Sent whole anyway (another tab): nothing of the processed set is recorded again or replaced.
    expect((await batch(projectId, first, u.token)).body.accepted.map((a: any) => a.alreadyUploaded)).toEqual([true, true, true]);

    const estimate = await server.request('GET', `/api/projects/${projectId}/cost-estimate`, { token: u.token });
    expect(estimate.body).toMatchObject({ scope: 'unprocessed', fileSetCount: 1, totalFileSets: 2, totalCost: 0.03 });
    const again = await server.request('POST', `/api/projects/${projectId}/process`, { token: u.token });
    expect(again.status).toBe(202);
    expect(again.body.run).toMatchObject({ totalJobs: 1, charged: '0.03' });
    expect((await settled()).status).toBe('completed');
    const after = (await resultRows()).rows;
    expect(after).toHaveLength(2);
    expect(after[0]).toEqual(before[0]);
  });
});
