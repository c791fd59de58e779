/**
 * A tus upload in the bucket becomes its stored file where it lies (issue 35): the multipart upload
 * is made at `files/<id as a UUID>`, so the finish copies nothing, and only the upload's side
 * objects go. Because the bytes are the file's, the expiry sweep must tell a finished upload whose
 * file was recorded (a process that died before marking it complete) from an unfinished one.
 */
import { startTestBucket, type TestBucket } from '../../../test/support/s3-test-server.js';
import { signUp, startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';
import { createProject } from '../processing/test-support/seed-file-sets.js';
import fs from 'node:fs/promises';
import { makeTestJpg } from '../../../test/support/media-fixtures.js';
import { jpegBomb } from '../files/test-support/jpeg-bomb.js';
import { fakeMovie, sha256Hex, tusCreate, tusPatch } from './test-support/tus-requests.js';
import { storageKeyOfUpload } from './tus-ids.js';

let bucket: TestBucket;
let server: StartedTestServer;
let owner: { token: string };
let projectId: string;

beforeAll(async () => {
  bucket = await startTestBucket();
  server = await startTestServer({ env: bucket.env });
  owner = await signUp(server);
  projectId = await createProject(server, owner.token, 'Bucket tus');
}, 60_000);
afterAll(async () => {
  await server?.close();
  await bucket?.close();
});

const keysOf = async (id: string) => (await bucket.keys()).filter((k) => k.startsWith(id) || k === `files/${storageKeyOfUpload(id)}`).sort();
const expire = (id: string) =>
  server.services.pool.query(`update resumable_uploads set status = 'uploading', expires_at = now() - interval '1 second' where id = $1`, [id]);

async function upload(filename: string, data: Uint8Array, upTo = data.length): Promise<string> {
  const created = await tusCreate(server.url, owner.token, { filename, projectId, length: data.length });
  expect(created.status).toBe(201);
  for (let at = 0; at < upTo; at += 6 * 1024 * 1024) {
    const res = await tusPatch(server.url, created.location!, owner.token, at, data.subarray(at, Math.min(upTo, at + 6 * 1024 * 1024)));
    expect(res.status).toBe(204);
  }
  return created.location!.split('/').pop()!;
}

async function fileBytes(baseName: string): Promise<Uint8Array> {
  const r = await server.graphql(
    'query($id: ID!) { project(id: $id) { fileSets { baseName files { resourceUri } } } }',
    { id: projectId },
    owner.token,
  );
  const set = (r.data.project.fileSets as Array<{ baseName: string; files: Array<{ resourceUri: string }> }>).find((s) => s.baseName === baseName)!;
  const res = await fetch(server.url + set.files[0]!.resourceUri);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

it('finishes an upload without copying it: its object is the stored file, its side objects go', async () => {
  const data = fakeMovie(14 * 1024 * 1024);
  const copies = bucket.copies;
  const id = await upload('DJI_0101.MP4', data);
  expect(bucket.copies - copies).toBe(0);
  expect(await keysOf(id)).toEqual([`files/${storageKeyOfUpload(id)}`]);
  expect(sha256Hex(await fileBytes('DJI_0101'))).toBe(sha256Hex(data));
});

it('keeps the file of a finished upload the sweep finds unmarked (its process died before marking it complete)', async () => {
  const data = fakeMovie(7 * 1024 * 1024);
  const id = await upload('DJI_0102.MP4', data);
  await expire(id);
  expect(await server.services.resumableUploads.sweepExpired()).toBe(1);
  expect(await keysOf(id)).toEqual([`files/${storageKeyOfUpload(id)}`]);
  expect(sha256Hex(await fileBytes('DJI_0102'))).toBe(sha256Hex(data));
});

it('removes every object of an unfinished upload the sweep finds expired', async () => {
  const data = fakeMovie(14 * 1024 * 1024);
  const id = await upload('DJI_0103.MP4', data, 12 * 1024 * 1024);
  expect((await keysOf(id)).length).toBeGreaterThan(0);
  await expire(id);
  expect(await server.services.resumableUploads.sweepExpired()).toBe(1);
  expect(await keysOf(id)).toEqual([]);
});

it('refuses a termination that waited for the lock while the upload finished: the file stays', async () => {
  const data = fakeMovie(3 * 1024 * 1024);
  const id = await upload('DJI_0104.MP4', data);
  // What tus's DELETE handler calls once it holds the lock (the route refuses a finished upload before that, with 409).
  const store = (server.services.resumableUploads as unknown as { store: { remove(id: string): Promise<void> } }).store;
  await expect(store.remove(id)).rejects.toMatchObject({ status_code: 409 });
  expect(await keysOf(id)).toEqual([`files/${storageKeyOfUpload(id)}`]);
  expect(sha256Hex(await fileBytes('DJI_0104'))).toBe(sha256Hex(data));
});

it("makes a photo's thumbnail from its object, stored under its upload's id (no extension in that key), and still refuses a pixel bomb", async () => {
  const photo = await fs.readFile(await makeTestJpg());
  const id = await upload('DJI_0105.JPG', photo);
  expect(await keysOf(id)).toEqual([`files/${storageKeyOfUpload(id)}`]);
  const r = await server.graphql('query($id: ID!) { project(id: $id) { fileSets { baseName thumbnailUri } } }', { id: projectId }, owner.token);
  const set = (r.data.project.fileSets as Array<{ baseName: string; thumbnailUri: string | null }>).find((s) => s.baseName === 'DJI_0105')!;
  let thumb: Response | undefined;
  // The thumbnail is made after the upload answers: wait for it (bounded), not for a guess of when.
  for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((res) => setTimeout(res, 200))) {
    thumb = await fetch(server.url + set.thumbnailUri);
    if (thumb.status === 200) break;
  }
  expect(thumb!.status).toBe(200);
  expect(Buffer.from(await thumb!.arrayBuffer()).subarray(8, 12).toString('latin1')).toBe('WEBP');

  const bomb = await jpegBomb();
  const created = await tusCreate(server.url, owner.token, { filename: 'DJI_0106.JPG', projectId, length: bomb.length });
  const refused = await tusPatch(server.url, created.location!, owner.token, 0, bomb);
  expect(refused.status).toBe(413);
  expect(await keysOf(created.location!.split('/').pop()!)).toEqual([]);
});
