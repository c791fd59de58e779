/**
 * Issue 16 item 7: a stored JPG is served as a 320 px WebP thumbnail (made when it is uploaded or
 * replaced, or on first request for files stored before), with caching headers (ETag, immutable),
 * to its owner or through the signed link; the thumbnail goes when its JPG goes.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { makeTestJpg } from '../../../test/support/media-fixtures.js';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { seedProject } from '../exports/test-support/seed-results.js';
import { jpegBombFile, realSizeStill } from './test-support/jpeg-bomb.js';
import { tusCreate } from '../resumable-uploads/test-support/tus-requests.js';
import type { ThumbnailService } from './thumbnails.js';

let server: TestServer & { close(): Promise<void> };
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let work: string;
let bigJpg: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server);
  other = await signUp(server);
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-thumbs-'));
  bigJpg = await makeTestJpg({ width: 2000, height: 1500 });
});
afterAll(async () => {
  await server.close();
  await fs.rm(work, { recursive: true, force: true });
});

function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
}

const derivedDir = () => path.join(server.dataDir, 'derived');

async function thumbnailUriOf(projectId: string): Promise<string> {
  const r = await server.graphql('query($id: ID!) { project(id: $id) { fileSets { thumbnailUri files { fileTypeInfo } } } }', { id: projectId }, owner.token);
  return r.data.project.fileSets[0].thumbnailUri as string;
}

async function upload(projectId: string, name: string, file: string) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(await fs.readFile(file))], { type: 'image/jpeg' }), name);
  const res = await fetch(`${server.url}/api/upload/${projectId}`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
  expect(res.status).toBeLessThan(300);
  return res.json() as Promise<{ fileSets: Array<{ id: string }> }>;
}

it('serves an uploaded JPG as a 320 px WebP with caching headers; 304 on its ETag; HEAD alike', async () => {
  const projectId = (await server.request('POST', '/api/projects', { token: owner.token, body: { name: 'Thumbs', cameraType: 'dji-mavic-3-pro-series' } })).body
    .project.id as string;
  await upload(projectId, 'DJI_0001.JPG', bigJpg);
  const uri = await thumbnailUriOf(projectId);
  expect(uri).toMatch(/^\/api\/files\/[0-9a-f-]{36}\/thumbnail\?token=/);

  const res = await fetch(server.url + uri);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
  const etag = res.headers.get('etag')!;
  expect(etag).toMatch(/^"[0-9a-f]{64}-w320"$/);
  const body = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(body).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
  expect(body.length).toBeLessThan((await fs.stat(bigJpg)).size / 10);

  // A browser revalidating its copy (fetch() would add `cache-control: no-cache`, which forbids a 304).
  expect(await statusOf(server.url + uri, { 'if-none-match': etag })).toBe(304);
  const head = await fetch(server.url + uri, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(head.headers.get('content-type')).toBe('image/webp');
});

it('makes the thumbnail on first request for a JPG stored before thumbnails existed', async () => {
  const { projectId } = await seedProject(server.services, {
    ownerId: owner.id,
    name: 'Older',
    sets: [{ baseName: 'DJI_0100', files: [{ filename: 'DJI_0100.MP4' }, { filename: 'DJI_0100.JPG', sourcePath: bigJpg }] }],
  });
  const uri = await thumbnailUriOf(projectId);
  const res = await fetch(server.url + uri);
  expect(res.status).toBe(200);
  expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(320);
});

it('is for the owner only (header or signed link), for JPGs only, whatever the path case', async () => {
  const { projectId } = await seedProject(server.services, {
    ownerId: owner.id,
    name: 'Private',
    sets: [{ baseName: 'DJI_0200', files: [{ filename: 'DJI_0200.MP4' }, { filename: 'DJI_0200.JPG', sourcePath: bigJpg }] }],
  });
  const files = (await server.graphql('query($id: ID!) { project(id: $id) { fileSets { files { id fileTypeInfo } } } }', { id: projectId }, owner.token)).data
    .project.fileSets[0].files as Array<{ id: string; fileTypeInfo: string }>;
  const jpg = files.find((f) => f.fileTypeInfo === 'jpg')!.id;
  const video = files.find((f) => f.fileTypeInfo === 'mp4')!.id;
  const path = `/api/files/${jpg}/thumbnail`;
  expect((await server.request('GET', path, { token: owner.token })).status).toBe(200);
  expect((await server.request('GET', path, { token: other.token })).status).toBe(404);
  expect((await server.request('GET', path)).status).toBe(401);
  expect((await server.request('GET', `${path}?token=1.${'A'.repeat(43)}`)).status).toBe(401);
  // Upper case reaches the same route and the same decisions.
  const upper = path.toUpperCase();
  expect((await server.request('GET', upper, { token: owner.token })).status).toBe(200);
  expect((await server.request('GET', upper, { token: other.token })).status).toBe(404);
  expect((await server.request('GET', upper)).status).toBe(401);
  const notJpg = await server.request('GET', `/api/files/${video}/thumbnail`, { token: owner.token });
  expect(notJpg.status).toBe(404);
  expect(notJpg.body.message).toBe('Only JPG images have a thumbnail');
  expect((await server.request('GET', '/api/files/not-a-uuid/thumbnail', { token: owner.token })).status).toBeGreaterThanOrEqual(400);
});

it('makes a new thumbnail when the JPG is replaced, and removes the old one with the old JPG', async () => {
  const projectId = (await server.request('POST', '/api/projects', { token: owner.token, body: { name: 'Replace', cameraType: 'dji-mavic-3-pro-series' } }))
    .body.project.id as string;
  const { fileSets } = await upload(projectId, 'DJI_0300.JPG', bigJpg);
  const first = await thumbnailUriOf(projectId);
  expect((await fetch(server.url + first)).status).toBe(200);
  const small = await makeTestJpg({ width: 640, height: 640 });
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(await fs.readFile(small))], { type: 'image/jpeg' }), 'DJI_0300.JPG');
  const replaced = await fetch(`${server.url}/api/filesets/${fileSets[0]!.id}/files?kind=jpg`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}` },
    body: form,
  });
  expect(replaced.status).toBeLessThan(300);
  const second = await thumbnailUriOf(projectId);
  expect(second).not.toBe(first);
  const res = await fetch(server.url + second);
  expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).height).toBe(320); // square source: 320x320
  // Settled: the background makings this upload started have ended.
  await server.services.thumbnails.close();
  expect((await fetch(server.url + first)).status).toBe(404); // the old file is gone
  const left = await fs.readdir(derivedDir());
  const storageKeys = (await server.services.pool.query<{ storage_key: string }>('select storage_key from media_files')).rows.map((r) => r.storage_key);
  // Every thumbnail on disk belongs to a stored file: none was left behind by the replaced JPG.
  expect(left.every((name) => storageKeys.some((k) => name.startsWith(`${k}.`)))).toBe(true);
});

it('removes the thumbnails with a project deleted for good', async () => {
  const projectId = (await server.request('POST', '/api/projects', { token: owner.token, body: { name: 'Gone', cameraType: 'dji-mavic-3-pro-series' } })).body
    .project.id as string;
  await upload(projectId, 'DJI_0400.JPG', bigJpg);
  expect((await fetch(server.url + (await thumbnailUriOf(projectId)))).status).toBe(200);
  const key = (
    await server.services.pool.query<{ storage_key: string }>(
      'select m.storage_key from media_files m join file_sets s on s.id = m.file_set_id where s.project_id = $1',
      [projectId],
    )
  ).rows[0]!.storage_key;
  expect((await fs.readdir(derivedDir())).some((n) => n.startsWith(key))).toBe(true);
  expect((await server.request('DELETE', `/api/projects/${projectId}`, { token: owner.token })).status).toBe(200);
  expect((await server.request('DELETE', `/api/projects/${projectId}/permanent`, { token: owner.token })).status).toBe(200);
  // Settled: a rendition the upload started may still be in the making (the preview, after the
  // thumbnail the page showed); made after the deletion, it finds its JPG gone and goes too.
  await server.services.thumbnails.whenIdle();
  expect((await fs.readdir(derivedDir())).some((n) => n.startsWith(key))).toBe(false);
});

/**
 * Issue 28 finding 2: a pixel bomb (a small JPG whose header states 16383x16383) is refused at upload
 * by name, and a stored one is answered 413 without being decoded; decodes run on a bounded queue.
 */
describe('pixel bombs', () => {
  const LIMIT = '16383x16383 (268 megapixels); the limit is 100 megapixels (MAX_IMAGE_PIXELS=100000000)';
  let bomb: string;
  const thumbs = () => server.services.thumbnails as ThumbnailService;
  const newProject = async (name: string) =>
    (await server.request('POST', '/api/projects', { token: owner.token, body: { name, cameraType: 'dji-mavic-3-pro-series' } })).body.project.id as string;
  const jpgIdsOf = async (projectId: string) =>
    (
      (await server.graphql('query($id: ID!) { project(id: $id) { fileSets { files { id fileTypeInfo } } } }', { id: projectId }, owner.token)).data.project
        .fileSets as Array<{ files: Array<{ id: string; fileTypeInfo: string }> }>
    ).map((s) => s.files.find((f) => f.fileTypeInfo === 'jpg')!.id);
  const incoming = () => fs.readdir(path.join(server.services.config.storageDir, '.incoming'));

  beforeAll(async () => {
    bomb = await jpegBombFile();
  });

  it('refuses a bomb at upload (multipart and tus) naming its size and the limit; nothing of it is stored', async () => {
    const projectId = await newProject('Bombs');
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await fs.readFile(bomb))], { type: 'image/jpeg' }), 'DJI_0666.JPG');
    form.append('files', new Blob([new Uint8Array(await fs.readFile(bigJpg))], { type: 'image/jpeg' }), 'DJI_0667.JPG');
    const res = await fetch(`${server.url}/api/upload/${projectId}`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: form });
    expect(res.status).toBeLessThan(300);
    const body = (await res.json()) as { refused: Array<{ filename: string; reason: string }>; fileSets: Array<{ baseName: string }> };
    expect(body.refused).toEqual([{ filename: 'DJI_0666.JPG', reason: `The image is ${LIMIT}` }]);
    expect(body.fileSets.map((s) => s.baseName)).toEqual(['DJI_0667']);

    // Alone, the refusal is the answer (4xx), with the file's name.
    const alone = new FormData();
    alone.append('files', new Blob([new Uint8Array(await fs.readFile(bomb))], { type: 'image/jpeg' }), 'DJI_0668.JPG');
    const refused = await fetch(`${server.url}/api/upload/${projectId}`, { method: 'POST', headers: { authorization: `Bearer ${owner.token}` }, body: alone });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(`DJI_0668.JPG: The image is ${LIMIT}`);

    // The resumable upload's last byte: refused with the reason the wizard shows.
    const data = await fs.readFile(bomb);
    const tus = await tusCreate(server.url, owner.token, { filename: 'DJI_0669.JPG', projectId, length: data.length, body: data });
    expect(tus.status).toBe(413);
    expect(tus.body).toContain(`DJI_0669.JPG: The image is ${LIMIT}`);
    const unfinished = await server.graphql('query($p: ID!) { unfinishedUploads(projectId: $p) { filename status reason } }', { p: projectId }, owner.token);
    expect(unfinished.data.unfinishedUploads).toEqual([{ filename: 'DJI_0669.JPG', status: 'refused', reason: `DJI_0669.JPG: The image is ${LIMIT}` }]);

    const { rows } = await server.services.pool.query('select m.filename from media_files m join file_sets s on s.id = m.file_set_id where s.project_id = $1', [
      projectId,
    ]);
    expect(rows.map((r: { filename: string }) => r.filename)).toEqual(['DJI_0667.JPG']);
    expect(await incoming()).toEqual([]);
    expect(await fs.readdir(path.join(server.services.config.storageDir, '.tus')).then((n) => n.filter((f) => !f.startsWith('.')))).toEqual([]);
  });

  it('answers 413 naming the limit for a bomb stored before the check, and never decodes it', async () => {
    const { projectId } = await seedProject(server.services, {
      ownerId: owner.id,
      name: 'Old bomb',
      sets: [{ baseName: 'DJI_0700', files: [{ filename: 'DJI_0700.JPG', sourcePath: bomb }] }],
    });
    const [jpg] = await jpgIdsOf(projectId);
    await thumbs().whenIdle(); // the last test's JPG's renditions, made in the background, are not counted here
    const before = thumbs().decodes.started;
    const res = await server.request('GET', `/api/files/${jpg}/thumbnail`, { token: owner.token });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: `No thumbnail: DJI_0700.JPG is ${LIMIT}`, width: 16383, height: 16383 });
    expect(thumbs().decodes.started).toBe(before); // the decoder was never asked
    // Nothing half-written for the bomb (another test's preview may be on its way meanwhile).
    const { rows } = await server.services.pool.query<{ storage_key: string }>(
      'select m.storage_key from media_files m join file_sets s on s.id = m.file_set_id where s.project_id = $1',
      [projectId],
    );
    const bombKey = rows[0]!.storage_key;
    expect((await fs.readdir(derivedDir())).filter((n) => n.startsWith(bombKey) && n.includes('.tmp'))).toEqual([]);
  });

  it('still makes the thumbnail of a real 8064x6048 Mavic 3 still', async () => {
    const still = await realSizeStill();
    const projectId = await newProject('Mavic 3');
    await upload(projectId, 'DJI_0800.JPG', still);
    const res = await fetch(server.url + (await thumbnailUriOf(projectId)));
    expect(res.status).toBe(200);
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 320, height: 240 });
    await fs.rm(path.dirname(still), { recursive: true, force: true });
  });

  it('never runs more decodes at once than IMAGE_DECODE_CONCURRENCY; a full queue answers 503 with Retry-After, then recovers', async () => {
    const { projectId } = await seedProject(server.services, {
      ownerId: owner.id,
      name: 'Many',
      sets: Array.from({ length: 9 }, (_, i) => ({ baseName: `DJI_09${i}0`, files: [{ filename: `DJI_09${i}0.JPG`, sourcePath: bigJpg }] })),
    });
    const [held, ...jpgs] = await jpgIdsOf(projectId);
    const queue = thumbs().decoding;
    const { concurrency, maxQueued } = thumbs().options;
    queue.stats.peak = 0;
    const answers = await Promise.all(jpgs.map((id) => server.request('GET', `/api/files/${id}/thumbnail`, { token: owner.token })));
    expect(answers.map((a) => a.status)).toEqual(jpgs.map(() => 200));
    expect(queue.stats.peak).toBeGreaterThan(0);
    expect(queue.stats.peak).toBeLessThanOrEqual(concurrency);

    // Every place taken (running and waiting): the next decode is refused at once, nothing left behind.
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const holders = Array.from({ length: concurrency + maxQueued }, () => queue.run(() => gate));
    const busy = await fetch(`${server.url}/api/files/${held}/thumbnail`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(busy.status).toBe(503);
    expect(Number(busy.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await busy.json()) as { message: string }).message).toMatch(
      new RegExp(
        `^Thumbnail making is busy: ${concurrency} running and ${maxQueued} waiting, the most this server allows \\(IMAGE_DECODE_CONCURRENCY=${concurrency}, IMAGE_DECODE_QUEUE=${maxQueued}\\)`,
      ),
    );
    expect((await fs.readdir(derivedDir())).filter((n) => n.includes('.tmp'))).toEqual([]);
    open();
    await Promise.all(holders);
    expect((await server.request('GET', `/api/files/${held}/thumbnail`, { token: owner.token })).status).toBe(200);
    expect(queue.stats.peak).toBeLessThanOrEqual(concurrency);
  });
});

it('serves a 1024 px WebP preview of a 4000x3000 still (made once, cached for good), never the original, to the owner only', async () => {
  const still = await makeTestJpg({ width: 4000, height: 3000 });
  const projectId = (await server.request('POST', '/api/projects', { token: owner.token, body: { name: 'Previews', cameraType: 'dji-mavic-3-pro-series' } }))
    .body.project.id as string;
  await upload(projectId, 'DJI_0400.JPG', still);
  const r = await server.graphql('query($id: ID!) { project(id: $id) { fileSets { previewImageUri } } }', { id: projectId }, owner.token);
  const uri = r.data.project.fileSets[0].previewImageUri as string;
  expect(uri).toMatch(/^\/api\/files\/[0-9a-f-]{36}\/preview\?token=/);
  const res = await fetch(server.url + uri);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
  expect(res.headers.get('etag')).toMatch(/-w1024"$/);
  const body = Buffer.from(await res.arrayBuffer());
  expect(await sharp(body).metadata()).toMatchObject({ format: 'webp', width: 1024, height: 768 });
  expect(body.length).toBeLessThan((await fs.stat(still)).size);
  // Made once: a second request decodes nothing.
  const decodes = (server.services.thumbnails as ThumbnailService).decodes.started;
  expect((await fetch(server.url + uri)).status).toBe(200);
  expect((server.services.thumbnails as ThumbnailService).decodes.started).toBe(decodes);
  // Another user, without the signed token: refused.
  const bare = uri.split('?')[0]!;
  expect((await server.request('GET', bare, { token: other.token })).status).toBe(404);
});
