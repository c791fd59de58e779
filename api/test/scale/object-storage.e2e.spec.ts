/**
 * Issue 35: media in an S3-compatible bucket (s3rver on loopback, behind the tests' fault proxy).
 * Two API processes share only PostgreSQL and the bucket (each its own DATA_DIR): a set uploaded
 * through API #1 (multipart) is served, thumbnailed, processed and exported through either; API #2
 * has S3_PUBLIC_ENDPOINT and redirects downloads to short-lived presigned URLs; a tus upload begun
 * on API #1 survives the bucket going down and is finished on API #2; nothing media-sized stays on
 * an API's disk; a missing object is a 404, never an empty file; wrong credentials stop start-up
 * with one line naming the variable.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { jest } from '@jest/globals';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startTestBucket, type TestBucket } from '../support/s3-test-server.js';
import { until } from '../support/until.js';
import pg from 'pg';
import { signUp, startTestServer, type StartedTestServer } from '../support/test-server.js';
import { fixtureSrtPath, makeTestFileSet } from '../support/media-fixtures.js';
import { mediaToolPath } from '../../src/adapters/media-tools/media-tools.js';
import { multipartBody, type Part } from '../../src/features/uploads/test-support/upload-test-helpers.js';
import { createProject, waitForRun } from '../../src/features/processing/test-support/seed-file-sets.js';
import { readZip } from '../../src/features/exports/test-support/read-zip.js';
import { fakeMovie, sha256Hex, tusCreate, tusHead, tusPatch } from '../../src/features/resumable-uploads/test-support/tus-requests.js';
import { storageKeyOfUpload } from '../../src/features/resumable-uploads/tus-ids.js';
import { s3ClientConfig } from '../../src/adapters/object-storage/index.js';
import { startSftpServer, type SftpTestServer } from '../../src/features/delivery/test-support/sftp-test-server.js';

jest.setTimeout(120_000);
const run = promisify(execFile);

let bucket: TestBucket;
let sftp: SftpTestServer;
const SFTP_USER = { username: 'contrib', password: 'sftp-pass-1' };
let api1: StartedTestServer;
let api2: StartedTestServer;
let owner: Awaited<ReturnType<typeof signUp>>;
let projectId: string;
const sent = new Map<string, Buffer>();

beforeAll(async () => {
  [bucket, sftp] = await Promise.all([startTestBucket(), startSftpServer(SFTP_USER)]);
  const shared = {
    ...bucket.env,
    JWT_SECRET: randomBytes(32).toString('hex'),
    QUEUE_PREFIX: `s3${randomBytes(4).toString('hex')}`,
    SECRETS_KEY: 'storage-e2e-key',
    DELIVERY_EXTRA_HOSTS: '127.0.0.1',
  };
  api1 = await startTestServer({ env: { ...shared, JOB_BACKOFF_MS: '100' } });
  api2 = await startTestServer({
    databaseUrl: api1.databaseUrl,
    env: { ...shared, RUN_WORKER: 'false', S3_PUBLIC_ENDPOINT: bucket.directEndpoint, S3_PRESIGN_SECONDS: '120' },
  });
  owner = await signUp(api1);
  projectId = await createProject(api1, owner.token);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-s3-set-'));
  const parts: Part[] = [];
  for (const file of await makeTestFileSet(dir, 'DJI_0001')) {
    const data = await fs.readFile(file);
    sent.set(path.basename(file), data);
    parts.push({ filename: path.basename(file), data });
  }
  await fs.rm(dir, { recursive: true, force: true });
  const { body, contentType } = multipartBody(parts);
  // Sent through API #2, which runs no worker: API #1's worker reads every byte it needs from the
  // bucket, as a worker on another machine does (the process that takes an upload keeps a clip's
  // start and index for a while: clip-seed.ts).
  const res = await fetch(`${api2.url}/api/upload/${projectId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
    body: new Uint8Array(body),
  });
  if (res.status >= 300) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
});
afterAll(async () => {
  await api2?.close();
  await api1?.close();
  await bucket?.close();
  await sftp?.close();
});

const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

async function filesOf(server: StartedTestServer) {
  const r = await server.graphql(
    'query($id: ID!) { project(id: $id) { fileSets { id baseName thumbnailUri files { id filename resourceUri sizeBytes } } } }',
    { id: projectId },
    owner.token,
  );
  return r.data.project.fileSets as Array<{
    id: string;
    baseName: string;
    thumbnailUri: string;
    files: Array<{ id: string; filename: string; resourceUri: string; sizeBytes: number }>;
  }>;
}

/** Every file under a data folder that is not the cache of bucket objects or the empty work folders. */
async function mediaOnDisk(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (d: string) => {
    for (const e of await fs.readdir(d, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else found.push(path.relative(dataDir, p));
    }
  };
  await walk(path.join(dataDir, 'files'));
  await walk(path.join(dataDir, 'derived'));
  return found;
}

it('stores the multipart upload in the bucket under server-made keys, nothing on the API disk', async () => {
  // The JPG's thumbnail and preview are made in the background; their scratch files (the only
  // temporary files) are removed just after each is in the bucket: wait for both objects and for the
  // disk to be empty again (a clean-clone run read the preview's scratch file between the two).
  const derived = async () => (await bucket.keys()).filter((k) => k.startsWith('derived/')).length;
  const onDisks = async () => [...(await mediaOnDisk(api1.dataDir)), ...(await mediaOnDisk(api2.dataDir))];
  await until(
    async () => (await derived()) >= 2 && (await onDisks()).length === 0,
    'the thumbnail and preview in the bucket and their scratch files gone',
    60_000,
  );
  const keys = await bucket.keys();
  const stored = keys.filter((k) => k.startsWith('files/'));
  expect(stored).toHaveLength(3);
  for (const k of stored) expect(k).toMatch(/^files\/[0-9a-f-]{36}\.(mp4|jpg|srt)$/);
  expect(keys.join(' ')).not.toContain('DJI_0001');
  expect(await onDisks()).toEqual([]);
  // Made in the background and kept: never fetched back from the bucket (nothing asked for them yet).
  expect(bucket.bytesServed('derived/')).toBe(0);
});

it('streams a file from the bucket through API #1, with Range', async () => {
  const [set] = await filesOf(api1);
  const video = set!.files.find((f) => f.filename === 'DJI_0001.MP4')!;
  const whole = await fetch(api1.url + video.resourceUri);
  expect(whole.status).toBe(200);
  expect(whole.headers.get('etag')).toBe(`"${sha(sent.get('DJI_0001.MP4')!)}"`);
  expect(sha(Buffer.from(await whole.arrayBuffer()))).toBe(sha(sent.get('DJI_0001.MP4')!));
  const part = await fetch(api1.url + video.resourceUri, { headers: { range: 'bytes=100-199' } });
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 100-199/${video.sizeBytes}`);
  expect(Buffer.from(await part.arrayBuffer())).toEqual(sent.get('DJI_0001.MP4')!.subarray(100, 200));
  const beyond = await fetch(api1.url + video.resourceUri, { headers: { range: `bytes=${video.sizeBytes}-` } });
  expect(beyond.status).toBe(416);
  await beyond.arrayBuffer();
});

it('redirects API #2 downloads to a presigned URL that ends before the file link does', async () => {
  const [set] = await filesOf(api2);
  const jpg = set!.files.find((f) => f.filename === 'DJI_0001.JPG')!;
  const res = await fetch(api2.url + jpg.resourceUri, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const url = new URL(res.headers.get('location')!);
  expect(url.origin).toBe(bucket.directEndpoint);
  const linkExpiry = Number(new URL(api2.url + jpg.resourceUri).searchParams.get('token')!.split('.')[0]);
  const expires = Number(url.searchParams.get('X-Amz-Expires'));
  expect(expires).toBeLessThanOrEqual(120);
  expect(Date.now() / 1000 + expires).toBeLessThanOrEqual(linkExpiry + 1);
  expect(url.searchParams.get('response-content-disposition')).toContain('filename="DJI_0001.JPG"');
  const bytes = await fetch(url);
  expect(bytes.status).toBe(200);
  expect(sha(Buffer.from(await bytes.arrayBuffer()))).toBe(sha(sent.get('DJI_0001.JPG')!));
  // A link that is not valid never reaches the bucket.
  expect((await fetch(`${api2.url}/api/files/${jpg.id}?token=1.bad`, { redirect: 'manual' })).status).toBe(401);
});

it('makes the thumbnail and preview into the bucket and serves them through either API', async () => {
  const [set] = await filesOf(api1);
  const res = await fetch(api2.url + set!.thumbnailUri);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  expect(
    Buffer.from(await res.arrayBuffer())
      .subarray(8, 12)
      .toString('latin1'),
  ).toBe('WEBP');
  expect((await bucket.keys()).filter((k) => k.startsWith('derived/')).sort()).toEqual([
    expect.stringMatching(/^derived\/[0-9a-f-]{36}\.jpg\.preview-1024\.webp$/),
    expect.stringMatching(/^derived\/[0-9a-f-]{36}\.jpg\.thumb-320\.webp$/),
  ]);
  expect((await fetch(api1.url + set!.thumbnailUri)).status).toBe(200);
});

it('processes the set from the bucket (a clip the bucket fails to give is retried, not called broken) and exports the metadata ZIP with the JPG read from it', async () => {
  // Every read of the clip fails: the tools say only that they cannot read it, the worker knows
  // the bucket failed, so the set is retried rather than failed as an unreadable video.
  bucket.failReads('.mp4');
  const started = await api1.request('POST', `/api/projects/${projectId}/process`, { token: owner.token });
  expect(started.status).toBe(202);
  const retried = await until(async () => {
    const job = (await api1.request('GET', `/api/projects/${projectId}/progress`, { token: owner.token })).body?.jobs?.[0];
    return job?.error ? job : null;
  }, 'a retry after the bucket failed the clip');
  bucket.failReads(null);
  expect(retried.error).toMatch(/could not be read from the bucket/);
  expect(retried.status).not.toBe('failed');
  const done = await waitForRun(api1, owner.token, projectId);
  expect(done).toMatchObject({ completedJobs: 1, failedJobs: 0 });
  // With all of its frames: a frame the bucket did not give would have failed the attempt
  const db = new pg.Client({ connectionString: api1.databaseUrl });
  await db.connect();
  const { rows } = await db
    .query(
      `select jsonb_array_length(r.analysis->'frames') as frames from file_set_results r join file_sets s on s.id = r.file_set_id where s.project_id = $1`,
      [projectId],
    )
    .finally(() => db.end());
  expect(rows).toEqual([{ frames: 3 }]);
  const zip = await fetch(`${api2.url}/api/projects/${projectId}/metadata.zip?withJpgs=true`, { headers: { authorization: `Bearer ${owner.token}` } });
  expect(zip.status).toBe(200);
  const entries = readZip(Buffer.from(await zip.arrayBuffer()));
  expect([...entries.keys()].sort()).toEqual(['DJI_0001.JPG', 'DJI_0001.xmp']);
  expect(entries.get('DJI_0001.JPG')!.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
});

it('delivers the processed set from the bucket to an agency server (SFTP), byte for byte', async () => {
  const c = await api2.request('POST', '/api/delivery/connections', {
    token: owner.token,
    body: { agency: 'custom', protocol: 'sftp', host: '127.0.0.1', port: sftp.port, ...SFTP_USER, remoteFolder: '/' },
  });
  expect(c.status).toBe(201);
  const d = await api2.request('POST', `/api/delivery/projects/${projectId}/deliveries`, {
    token: owner.token,
    body: { connectionIds: [c.body.connection.id] },
  });
  expect(d.status).toBe(202);
  let delivery: { done: boolean; items: Array<{ filename: string; status: string; message: string | null }> };
  for (let i = 0; ; i++) {
    delivery = (await api2.request('GET', `/api/delivery/deliveries/${d.body.delivery.id}`, { token: owner.token })).body.delivery;
    if (delivery.done || i > 400) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  expect(delivery.items.find((it) => it.filename === 'DJI_0001.MP4')).toMatchObject({ status: 'sent' });
  expect(sha(await fs.readFile(path.join(sftp.root, 'DJI_0001.MP4')))).toBe(sha(sent.get('DJI_0001.MP4')!));
});

it('resumes on API #2 a tus upload cut on API #1 by the bucket going down; nothing recorded half', async () => {
  const data = fakeMovie(12 * 1024 * 1024);
  const created = await tusCreate(api1.url, owner.token, { filename: 'DJI_0002.MP4', projectId, length: data.length });
  expect(created.status).toBe(201);
  const loc = created.location!;
  expect((await tusPatch(api1.url, loc, owner.token, 0, data.subarray(0, 8 * 1024 * 1024))).status).toBe(204);
  bucket.goDown();
  let cut;
  try {
    cut = await tusPatch(api1.url, loc, owner.token, 8 * 1024 * 1024, data.subarray(8 * 1024 * 1024));
  } finally {
    bucket.restore();
  }
  expect(cut.status).toBe(503);
  expect((await filesOf(api1)).map((s) => s.baseName)).toEqual(['DJI_0001']);
  const head = await tusHead(api2.url, loc, owner.token);
  expect(head.status).toBe(200);
  const offset = Number(head.headers.get('upload-offset'));
  expect(offset).toBe(8 * 1024 * 1024);
  const rest = await tusPatch(api2.url, loc, owner.token, offset, data.subarray(offset));
  expect(rest.status).toBe(204);
  expect(rest.headers.get('shotlog-file-set-id')).toBeTruthy();
  const sets = await filesOf(api2);
  const file = sets.find((s) => s.baseName === 'DJI_0002')!.files[0]!;
  const back = await fetch(api1.url + file.resourceUri);
  expect(sha256Hex(new Uint8Array(await back.arrayBuffer()))).toBe(sha256Hex(data));
  // The upload's side objects went once it joined its set; its object is the file's, never copied.
  const id = loc.split('/').pop()!;
  expect((await bucket.keys()).filter((k) => k.startsWith(id))).toEqual([]);
  expect(await bucket.keys()).toContain(`files/${storageKeyOfUpload(id)}`);
  expect(await mediaOnDisk(api2.dataDir)).toEqual([]);
});

it("hashes a tus upload as its PATCHes pass through one process: the finish reads back only the first KB, and the hash is the content's", async () => {
  // 5 + 5 + 2 MiB against 8 MiB parts: each PATCH after the first continues from a tail part the store kept in the bucket.
  const data = fakeMovie(12 * 1024 * 1024);
  const created = await tusCreate(api1.url, owner.token, { filename: 'DJI_0003.MP4', projectId, length: data.length });
  const loc = created.location!;
  const id = loc.split('/').pop()!;
  const copiesBefore = bucket.copies;
  for (const [from, to] of [
    [0, 5],
    [5, 10],
    [10, 12],
  ] as const) {
    const res = await tusPatch(api1.url, loc, owner.token, from * 1024 * 1024, data.subarray(from * 1024 * 1024, to * 1024 * 1024));
    expect(res.status).toBe(204);
  }
  // What the upload's keys served (its object is the file's): the kept tail parts (5 + 2 MiB) and the first KB; a read-back would add 12 MiB.
  expect(bucket.bytesServed(id) + bucket.bytesServed(storageKeyOfUpload(id))).toBeLessThan(8 * 1024 * 1024);
  const file = (await filesOf(api1)).find((s) => s.baseName === 'DJI_0003')!.files[0]!;
  const back = await fetch(api1.url + file.resourceUri);
  expect(sha256Hex(new Uint8Array(await back.arrayBuffer()))).toBe(sha256Hex(data));
  // The finished upload is the stored file where it lies: no copy inside the bucket (minutes for a 20 GiB clip on S3).
  expect(bucket.copies - copiesBefore).toBe(0);
  expect(await bucket.keys()).toContain(`files/${storageKeyOfUpload(id)}`);
});

it('answers 404 for a file whose object is missing from the bucket, never an empty file', async () => {
  const [set] = await filesOf(api1);
  const srt = set!.files.find((f) => f.filename === 'DJI_0001.SRT')!;
  const key = (await bucket.keys()).find((k) => k.endsWith('.srt'))!;
  const client = new S3Client(s3ClientConfig(bucket.settings({ endpoint: bucket.directEndpoint, cacheBytes: 1 << 26 })));
  await client.send(new DeleteObjectCommand({ Bucket: bucket.bucket, Key: key }));
  client.destroy();
  const res = await fetch(api1.url + srt.resourceUri);
  expect(res.status).toBe(404);
  expect(await res.json()).toMatchObject({ message: 'File not found' });
});

it('refuses to start with credentials the bucket refuses: one line naming the variable', async () => {
  await expect(startTestServer({ env: { ...bucket.env, S3_ACCESS_KEY_ID: 'WRONG' } })).rejects.toThrow(
    /^The bucket shotlog-test at http:\/\/127\.0\.0\.1:\d+ refused these credentials \(403\): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
  );
});

it("takes a clip's still from the bucket by ranged reads (the clip never fetched whole nor copied to the API's disk), processed from the copy kept as it was stored", async () => {
  // A card's clip without its JPG: 20 s with a keyframe each second (1 s of noise looped by stream
  // copy: encoding 20 s of noise is slow). ffprobe and ffmpeg read it through the clip relay, which
  // fetches byte ranges; before, the API copied the whole clip into its cache of bucket objects first.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-s3-still-'));
  const second = path.join(dir, 'second.mp4');
  const clip = path.join(dir, 'DJI_0002.MP4');
  const ffmpeg = mediaToolPath('ffmpeg');
  const lavfi = 'nullsrc=s=640x360:d=1,geq=random(1)*255:128:128';
  await run(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', lavfi, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', second]);
  await run(ffmpeg, ['-v', 'error', '-stream_loop', '19', '-i', second, '-c', 'copy', '-movflags', '+faststart', '-y', clip]);
  const size = (await fs.stat(clip)).size;
  const clipProject = await createProject(api1, owner.token);
  const before = new Set(await bucket.keys());
  // Streamed from disk: the clip is not held in this process's memory.
  const boundary = `----still${randomBytes(6).toString('hex')}`;
  const head = (name: string) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\n\r\n`);
  const srt = await fs.readFile(fixtureSrtPath('JuanIrache__DJI_SRT_Parser__air2s.srt'));
  const body = Readable.from(
    (async function* () {
      yield head('DJI_0002.MP4');
      yield* createReadStream(clip);
      yield Buffer.concat([Buffer.from('\r\n'), head('DJI_0002.SRT'), srt, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    })(),
  );
  const res = await fetch(`${api1.url}/api/upload/${clipProject}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(body) as ReadableStream<Uint8Array>,
    duplex: 'half',
  } as RequestInit);
  await fs.rm(dir, { recursive: true, force: true });
  expect(res.status).toBeLessThan(300);
  const clipKey = (await bucket.keys()).find((k) => !before.has(k) && k.endsWith('.mp4'))!;
  expect(clipKey).toMatch(/^files\/[0-9a-f-]{36}\.mp4$/);
  const files = async () => {
    const r = await api1.graphql('query($id: ID!) { project(id: $id) { fileSets { files { filename } } } }', { id: clipProject }, owner.token);
    return (r.data.project.fileSets[0]?.files ?? []).map((f: { filename: string }) => f.filename).sort();
  };
  await until(async () => (await files()).includes('DJI_0002.JPG'), 'the still taken from the clip in the bucket', 60_000);
  expect(await files()).toEqual(['DJI_0002.JPG', 'DJI_0002.MP4', 'DJI_0002.SRT']);
  // Read from the bucket, every request a byte range (the cache's copy was one GET of the whole object).
  expect(bucket.bytesServed(clipKey)).toBeGreaterThan(0);
  expect(bucket.wholeReads(clipKey)).toBe(0);
  // Its start (and its index, there) caught as it was stored: never fetched back (clip-seed.ts)
  expect(bucket.rangesRead(clipKey).filter((r) => r.startsWith('bytes=0-'))).toEqual([]);
  // No copy of the clip in the API's cache of bucket objects (a copy was how stills read it before).
  const cached = await fs.readdir(path.join(api1.dataDir, 'cache'), { recursive: true }).catch(() => []);
  for (const name of cached) {
    const st = await fs.stat(path.join(api1.dataDir, 'cache', String(name)));
    if (st.isFile()) expect(st.size).not.toBe(size);
  }
  // The clip's size is the one recorded with it: the bucket is not asked (a HEAD per clip opened).
  expect(bucket.requests('HEAD', clipKey)).toBe(0);
  // The still's thumbnail and preview are made from the still just extracted: the still is never
  // fetched back from the bucket, nor its renditions looked for first (the key is new).
  const stillKey = (await bucket.keys()).find((k) => !before.has(k) && k.endsWith('.jpg'))!.slice('files/'.length);
  await until(async () => (await bucket.keys()).filter((k) => k.startsWith(`derived/${stillKey}.`)).length === 2, "the still's thumbnail and preview", 60_000);
  expect(bucket.requests('GET', stillKey)).toBe(0);
  expect(bucket.requests('HEAD', `derived/${stillKey}`)).toBe(0);
  // Processed by this process's worker: the still is read from the copy kept as it was stored, not
  // fetched back, and so is the SRT, kept from the bytes it was uploaded with.
  expect((await api1.request('POST', `/api/projects/${clipProject}/process`, { token: owner.token })).status).toBe(202);
  expect(await waitForRun(api1, owner.token, clipProject)).toMatchObject({ completedJobs: 1, failedJobs: 0 });
  expect(bucket.requests('GET', stillKey)).toBe(0);
  const srtKey = (await bucket.keys()).find((k) => !before.has(k) && k.endsWith('.srt'))!.slice('files/'.length);
  expect(bucket.requests('GET', srtKey)).toBe(0);
});

it('says a clip gone from the bucket is missing (its still and its processing), never broken, never retried', async () => {
  // The bucket answers 404 for every read of a clip (the object deleted behind Shotlog's back). The
  // clip's size comes from the database, so the tools meet the 404 first: the relay tells the caller.
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-s3-missing-'));
  const partsOf = async (files: string[]): Promise<Part[]> =>
    Promise.all(files.map(async (file) => ({ filename: path.basename(file), data: await fs.readFile(file) })));
  // Clips of a few MB: the API that takes one keeps its start and index a while (clip-seed.ts), the
  // pictures past them are read from the bucket.
  const video = { seconds: 6, width: 1280, height: 720 };
  const complete = await partsOf(await makeTestFileSet(dir, 'DJI_0010', { video }));
  const card = await partsOf(await makeTestFileSet(dir, 'DJI_0011', { video, omit: ['jpg'] }));
  await fs.rm(dir, { recursive: true, force: true });
  const uploadTo = async (project: string, parts: Part[]) => {
    const { body, contentType } = multipartBody(parts);
    const up = await fetch(`${api1.url}/api/upload/${project}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
      body: new Uint8Array(body),
    });
    expect(up.status).toBeLessThan(300);
  };
  const [withJpg, withoutJpg] = [await createProject(api1, owner.token), await createProject(api1, owner.token)];
  bucket.failReads('.mp4', 404);
  try {
    // A clip without its JPG: the set says why it has no still.
    await uploadTo(withoutJpg, card);
    const problemOf = async () => {
      const r = await api1.graphql('query($id: ID!) { project(id: $id) { fileSets { stillProblem } } }', { id: withoutJpg }, owner.token);
      return (r.data.project.fileSets[0]?.stillProblem as string | null) ?? null;
    };
    expect(await until(problemOf, "the set's still problem", 60_000)).toBe('the video is missing from storage: replace it');
    // A complete set: its processing fails at once as a missing file, not as an unreadable video.
    await uploadTo(withJpg, complete);
    expect((await api1.request('POST', `/api/projects/${withJpg}/process`, { token: owner.token })).status).toBe(202);
    const done = await waitForRun(api1, owner.token, withJpg);
    expect(done).toMatchObject({ completedJobs: 0, failedJobs: 1 });
    expect(done.jobs[0]).toMatchObject({ status: 'failed', error: 'The video file is missing from storage' });
  } finally {
    bucket.failReads(null);
  }
});
