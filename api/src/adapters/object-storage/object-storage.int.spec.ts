/**
 * The bucket backend against a real S3-compatible server on loopback (s3rver behind the tests'
 * fault proxy): objects in and out, ranges, server-side copies, presigned links, the start-up
 * check's one line per fault, a 5xx retried, the bounded cache, and FileStorage writing into the
 * bucket (hash, size, checks; nothing left behind by a refused or cut file).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { startTestBucket, type TestBucket } from '../../../test/support/s3-test-server.js';
import { FileStorage, FileTooLargeError } from '../../features/files/file-storage.js';
import { ObjectMissingError, type S3Settings } from './index.js';
import { COPY_LIMITS, S3ObjectStore } from './s3-store.js';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mediaToolPath } from '../media-tools/media-tools.js';
import { extractFrames, FRAME_POSITIONS } from '../media-tools/frames.js';
import { probeVideo } from '../media-tools/probe.js';
import { measureCandidates, STILL_CANDIDATE_POSITIONS } from '../media-tools/still-frames.js';
import { CLIP_RELAY_LIMITS } from './clip-relay.js';
import { catchClipSeed } from './clip-seed.js';
import { makeTestVideo } from '../../../test/support/media-fixtures.js';

const run = promisify(execFile);

let bucket: TestBucket;
let dir: string;
let settings: S3Settings;
let store: S3ObjectStore;

beforeAll(async () => {
  bucket = await startTestBucket();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-objects-'));
  settings = bucket.settings();
  store = new S3ObjectStore(settings, path.join(dir, 'cache'));
  await store.init();
});
afterAll(async () => {
  await store?.close();
  await bucket?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const bytesOf = async (r: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
const key = (ext = 'mp4') => `files/${crypto.randomUUID()}.${ext}`;

it('keeps, reads (whole and by range), sizes, copies and removes objects; a missing one is reported, not empty', async () => {
  const data = randomBytes(20 * 1024 * 1024 + 17); // three parts of a multipart upload
  const k = key();
  await store.putStream(k, Readable.from([data.subarray(0, 5_000_000), data.subarray(5_000_000)]));
  expect(await store.size(k)).toBe(data.length);
  expect(sha(await bytesOf(await store.get(k)))).toBe(sha(data));
  expect(await bytesOf(await store.get(k, { start: 10, end: 19 }))).toEqual(data.subarray(10, 20));
  const copy = key();
  await store.copy(k, copy);
  expect(sha(await bytesOf(await store.get(copy)))).toBe(sha(data));
  await store.remove(k);
  await store.remove(copy);
  expect(await store.size(k)).toBeNull();
  await expect(store.get(k)).rejects.toBeInstanceOf(ObjectMissingError);
  await expect(store.localFile(k)).rejects.toBeInstanceOf(ObjectMissingError);
});

it('copies an object above the single-copy limit in parts (ranged GET into UploadPart where the server lacks UploadPartCopy, as s3rver does)', async () => {
  const data = randomBytes(11 * 1024 * 1024 + 5); // three parts of 5 MiB with the limits lowered
  const k = key();
  const copy = key();
  await store.putStream(k, Readable.from([data]));
  const servedBefore = bucket.bytesServed(k);
  store.copyLimits = { singleCopyBytes: 1024 * 1024, copyPartBytes: 5 * 1024 * 1024 };
  try {
    await store.copy(k, copy);
  } finally {
    store.copyLimits = { ...COPY_LIMITS };
  }
  expect(bucket.bytesServed(k) - servedBefore).toBe(data.length);
  expect(await store.size(copy)).toBe(data.length);
  expect(sha(await bytesOf(await store.get(copy)))).toBe(sha(data));
  await store.remove(k);
  await store.remove(copy);
});

it('copies an object above the single-copy limit with UploadPartCopy where the server has it: its bytes never pass through this process', async () => {
  const data = randomBytes(11 * 1024 * 1024 + 5);
  const k = key();
  const copy = key();
  await store.putStream(k, Readable.from([data]));
  const servedBefore = bucket.bytesServed(k);
  const copiesBefore = bucket.partCopies;
  bucket.servePartCopy(true);
  store.copyLimits = { singleCopyBytes: 1024 * 1024, copyPartBytes: 5 * 1024 * 1024 };
  try {
    await store.copy(k, copy);
  } finally {
    store.copyLimits = { ...COPY_LIMITS };
    bucket.servePartCopy(false);
  }
  expect(bucket.partCopies - copiesBefore).toBe(3);
  expect(bucket.bytesServed(k)).toBe(servedBefore);
  expect(await store.size(copy)).toBe(data.length);
  expect(sha(await bytesOf(await store.get(copy)))).toBe(sha(data));
  await store.remove(k);
  await store.remove(copy);
});

it('lets ffprobe and ffmpeg read a large clip through its tool input, transferring a few blocks, not the clip', async () => {
  const clip = path.join(dir, 'big.mp4');
  // 8 s of noise at a high bitrate (~40 MB), index at the front (as cameras that write for streaming
  // do): one second encoded, then looped by stream copy (encoding 8 s of noise took over a minute of
  // a loaded machine's time)
  const second = path.join(dir, 'second.mp4');
  const ffmpeg = mediaToolPath('ffmpeg');
  await run(ffmpeg, [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'nullsrc=s=640x360:d=1,geq=random(1)*255:128:128',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    '24M',
    '-y',
    second,
  ]);
  await run(ffmpeg, ['-v', 'error', '-stream_loop', '7', '-i', second, '-c', 'copy', '-movflags', '+faststart', '-y', clip]);
  const k = key();
  const size = (await fs.stat(clip)).size;
  await store.putFile(k, clip);
  const input = (await store.toolInput(k, size))!;
  expect(input.path).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[0-9a-f]{32}$/);
  const probe = await probeVideo(input.path);
  expect(probe).toMatchObject({ width: 640, height: 360, codec: 'h264' });
  const read = bucket.bytesServed(k);
  expect(size).toBeGreaterThan(12 * 1024 * 1024);
  // The header, the index and the first frames ffprobe decodes, a few of the relay's blocks (704 KiB
  // here; a presigned URL sent 0.9-2.5 MB: what loopback socket buffers held when ffprobe hung up)
  expect(read).toBeGreaterThan(0);
  expect(read).toBeLessThanOrEqual(16 * CLIP_RELAY_LIMITS.blockBytes);
  // Three frames at once, each the same as read from a file: the header block is not asked again,
  // and each reads its keyframe, not the rest of the clip.
  const { dir: framesDir, frames } = await extractFrames(input.path, probe.duration, { maxWidth: 160 });
  const local = path.join(dir, 'local.mp4');
  await fs.writeFile(local, await bytesOf(await store.get(k)));
  const servedByRelay = bucket.bytesServed(k) - size;
  const { dir: localDir, frames: localFrames } = await extractFrames(local, probe.duration, { maxWidth: 160 });
  expect(frames).toHaveLength(3);
  for (const [i, f] of frames.entries()) expect(sha(await fs.readFile(f))).toBe(sha(await fs.readFile(localFrames[i]!)));
  expect(servedByRelay).toBeLessThan(size / 2);
  expect(store.relay.heldBytes).toBeGreaterThan(0);
  input.release();
  expect(store.relay.heldBytes).toBe(0);
  expect((await fetch(input.path)).status).toBe(404);
  await Promise.all([framesDir, localDir].map((d) => fs.rm(d, { recursive: true, force: true })));
  await store.remove(k);
});

it.each([
  // As a drone writes H.264: B-frames, a keyframe a second, the index after the media
  ['with B-frames, the index last', ['-preset', 'ultrafast', '-bf', '2']],
  // Pictures in order (one read after the keyframe, not four), the index first
  ['in order, the index first', ['-preset', 'ultrafast', '-movflags', '+faststart']],
])("fetches the frames' keyframes while the clip is probed, so ffmpeg's reads of them wait on no GET (%s)", async (_, codec) => {
  const clip = path.join(dir, 'camera.mp4');
  const src = ['-f', 'lavfi', '-i', 'testsrc2=s=1920x1080:r=30000/1001:d=10'];
  await run(mediaToolPath('ffmpeg'), ['-v', 'error', ...src, '-c:v', 'libx264', ...codec, '-g', '30', '-pix_fmt', 'yuv420p', '-y', clip]);
  const k = key();
  const size = (await fs.stat(clip)).size;
  await store.putFile(k, clip);
  const gets = async () => {
    // The GETs asked so far, once none has come for a while (what the relay fetches ahead has settled)
    for (let n = -1; ; await new Promise((r) => setTimeout(r, 100))) {
      const now = bucket.requests('GET', k);
      if (now === n) return now;
      n = now;
    }
  };
  const duringFrames: number[] = [];
  for (const framesAt of [undefined, FRAME_POSITIONS]) {
    const input = (await store.toolInput(k, size, { framesAt }))!;
    const probe = await probeVideo(input.path);
    const before = await gets();
    const { dir: framesDir, frames } = await extractFrames(input.path, probe.duration, { maxWidth: 160 });
    expect(frames).toHaveLength(3);
    duringFrames.push((await gets()) - before);
    input.release();
    await fs.rm(framesDir, { recursive: true, force: true });
  }
  // Without the moments, each frame's keyframe is a GET ffmpeg waits for; with them, none is
  expect(duringFrames[0]).toBeGreaterThanOrEqual(3);
  expect(duringFrames[1]).toBe(0);
  // A still's eight candidates, read four to an ffmpeg (each input reading on while the others start)
  const input = (await store.toolInput(k, size, { framesAt: STILL_CANDIDATE_POSITIONS }))!;
  const { duration } = await probeVideo(input.path);
  const before = await gets();
  expect(await measureCandidates(input.path, duration!)).toHaveLength(STILL_CANDIDATE_POSITIONS.length);
  expect((await gets()) - before).toBe(0);
  input.release();
  await store.remove(k);
});

it("ends the tools at once when the bucket fails a read past the clip's start, and the reader knows why", async () => {
  // The start and the index here already (kept from the upload, clip-seed.ts), the rest gone from the
  // bucket: ffprobe reads all it needs; ffmpeg's frames meet the 404 on a read it makes on from an
  // answer, which it once asked again for with a back-off of two minutes (1, 3, 7 ... 63 s).
  const clip = await makeTestVideo({ seconds: 6, width: 1280, height: 720 });
  const bytes = await fs.readFile(clip);
  const k = key();
  await store.putStream(k, Readable.from([bytes]));
  const seed = catchClipSeed();
  for (let at = 0; at < bytes.length; at += 64 * 1024) seed.take(bytes.subarray(at, at + 64 * 1024));
  await store.keepToolBytes(k, bytes.length, seed.parts(bytes.length)!);
  bucket.failReads('.mp4', 404);
  try {
    const input = (await store.toolInput(k, bytes.length, { framesAt: STILL_CANDIDATE_POSITIONS }))!;
    const { duration } = await probeVideo(input.path);
    const measured = await measureCandidates(input.path, duration!);
    expect(measured.length).toBeLessThan(STILL_CANDIDATE_POSITIONS.length);
    expect(input.fault!()).toBeInstanceOf(ObjectMissingError);
    input.release();
  } finally {
    bucket.failReads(null);
  }
  await store.remove(k);
}, 30_000);

it('refuses keys it did not make', async () => {
  await expect(store.get('files/../../etc/passwd')).rejects.toThrow('Invalid object key');
  await expect(store.putStream('DJI_0001.MP4', Readable.from([Buffer.from('x')]))).rejects.toThrow('Invalid object key');
});

it('retries a 5xx from the bucket', async () => {
  const k = key('srt');
  const before = bucket.failed;
  bucket.failNext(2);
  await store.putStream(k, Readable.from([Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nx\n')]));
  expect(bucket.failed - before).toBe(2);
  expect(await store.size(k)).toBeGreaterThan(0);
  // The clip relay's ranged reads (presigned, plain HTTP) are retried the same way
  const size = (await store.size(k))!;
  const input = (await store.toolInput(k, size))!;
  bucket.failNext(2);
  const res = await fetch(input.path, { headers: { range: 'bytes=2-' } });
  expect(res.status).toBe(206);
  expect(await res.text()).toBe('00:00:00,000 --> 00:00:01,000\nx\n');
  expect(bucket.failed - before).toBe(4);
  expect(input.fault!()).toBeNull();
  input.release(); // its blocks go with it
  // A bucket that stays down is a 502 to the tool once the attempts are spent, and the fault is the reader's to tell
  const again = (await store.toolInput(k, size))!;
  bucket.failNext(100);
  const status = await fetch(again.path, { headers: { range: 'bytes=0-' } })
    .then((r) => r.status)
    .finally(() => bucket.failNext(0));
  expect(status).toBe(502);
  expect(again.fault!()?.message).toMatch(/503/);
  again.release();
});

describe('start-up check: one line naming the variable', () => {
  const check = (over: Partial<S3Settings>) => new S3ObjectStore({ ...settings, ...over }, path.join(dir, 'c2')).init();
  it('a bucket that does not exist', async () => {
    await expect(check({ bucket: 'no-such-bucket' })).rejects.toThrow(/^The bucket no-such-bucket at .* does not exist: create it, or set S3_BUCKET/);
  });
  it('wrong credentials', async () => {
    await expect(check({ accessKeyId: 'WRONG' })).rejects.toThrow(/refused these credentials .*check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
  });
  it('an endpoint nobody answers', async () => {
    await expect(check({ endpoint: 'http://127.0.0.1:9' })).rejects.toThrow(/cannot be reached or written .*check S3_ENDPOINT/);
  });
});

it('presigns short-lived download links with the file name set, only with S3_PUBLIC_ENDPOINT', async () => {
  const k = key('jpg');
  await store.putStream(k, Readable.from([Buffer.from('jpeg bytes')]));
  expect(await store.presign(k, { expiresInSeconds: 60 })).toBeNull();
  const pub = new S3ObjectStore({ ...settings, publicEndpoint: bucket.directEndpoint }, path.join(dir, 'c3'));
  const url = (await pub.presign(k, { expiresInSeconds: 60, contentType: 'image/jpeg', contentDisposition: 'inline; filename="DJI_0001.JPG"' }))!;
  expect(url.startsWith(bucket.directEndpoint)).toBe(true);
  expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-disposition')).toBe('inline; filename="DJI_0001.JPG"');
  expect(await res.text()).toBe('jpeg bytes');
  await pub.close();
});

it('keeps at most its budget of local copies not in use, never removing one in use', async () => {
  const keys = await Promise.all(
    [0, 1, 2].map(async () => {
      const k = key('jpg');
      await store.putStream(k, Readable.from([randomBytes(30 * 1024)]));
      return k;
    }),
  );
  const held = await store.localFile(keys[0]!);
  for (const k of keys.slice(1)) (await store.localFile(k)).release();
  // 90 KB asked for, 64 KB allowed: an idle copy went, the held one stays readable.
  expect(store.cache.bytes).toBeLessThanOrEqual(64 * 1024 + 30 * 1024);
  expect((await fs.stat(held.path)).size).toBe(30 * 1024);
  held.release();
  const again = await store.localFile(keys[2]!);
  again.release();
  expect(store.cache.bytes).toBeLessThanOrEqual(64 * 1024);
  // One larger than the whole budget is still there for the reader it was fetched for, then goes
  const large = key('jpg');
  const bytes = randomBytes(100 * 1024);
  await store.putStream(large, Readable.from([bytes]));
  const copy = await store.localFile(large);
  expect(sha(await fs.readFile(copy.path))).toBe(sha(bytes));
  copy.release();
  expect(store.cache.bytes).toBeLessThanOrEqual(64 * 1024);
});

describe('FileStorage on the bucket', () => {
  let storage: FileStorage;
  beforeAll(async () => {
    const root = path.join(dir, 'files');
    storage = new FileStorage(root, undefined, undefined, new S3ObjectStore(settings, path.join(dir, 'c4')));
    await storage.init();
  });
  afterAll(() => storage.close());

  it('streams a file in, hashed and measured, readable back by its key', async () => {
    const data = randomBytes(9 * 1024 * 1024);
    const stored = await storage.write(Readable.from([data.subarray(0, 4_000_000), data.subarray(4_000_000)]), { extension: 'MP4' });
    expect(stored).toEqual({ storageKey: expect.stringMatching(/^[0-9a-f-]{36}\.mp4$/), sizeBytes: data.length, sha256: sha(data) });
    expect(sha(await bytesOf(await storage.read(stored.storageKey)))).toBe(sha(data));
    await storage.remove(stored.storageKey);
    expect(await storage.sizeOf(stored.storageKey)).toBeNull();
  });

  it('keeps an uploaded SRT or JPG where this process processes the sets (its check and its processing read no byte back), never a clip', async () => {
    const keeping = new FileStorage(
      path.join(dir, 'files-k'),
      undefined,
      undefined,
      new S3ObjectStore(bucket.settings({ cacheBytes: 16 * 1024 * 1024 }), path.join(dir, 'c5')),
      {
        keepUploads: true,
      },
    );
    await keeping.init();
    try {
      const srt = Buffer.from('1\n00:00:00,000 --> 00:00:00,033\n[latitude: 59.9] [longitude: 10.7]\n\n');
      const jpg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(3 * 1024 * 1024)]); // in pieces, one part
      let checked = '';
      const [s, j] = await Promise.all([
        keeping.write(Readable.from([srt]), { extension: 'srt' }),
        keeping.write(Readable.from([jpg.subarray(0, 1000), jpg.subarray(1000)]), {
          extension: 'jpg',
          checkFile: async (file) => void (checked = sha(await fs.readFile(file))),
        }),
      ]);
      expect(checked).toBe(sha(jpg));
      for (const [stored, bytes] of [
        [s, srt],
        [j, jpg],
      ] as const) {
        const copy = await keeping.localFile(stored.storageKey);
        expect(sha(await fs.readFile(copy.path))).toBe(sha(bytes));
        copy.release();
        expect(bucket.requests('GET', stored.storageKey)).toBe(0);
      }
      // A clip is read through the relay, never as a whole file: not kept
      const clip = await keeping.write(Readable.from([Buffer.concat([Buffer.from('\0\0\0\x20ftypisom'), randomBytes(4096)])]), { extension: 'mp4' });
      (await keeping.localFile(clip.storageKey)).release();
      expect(bucket.requests('GET', clip.storageKey)).toBe(1);
      // Without keepUploads (no worker here), the JPG's check reads it back from the bucket
      const plain = await storage.write(Readable.from([jpg]), { extension: 'jpg', checkFile: async () => undefined });
      expect(bucket.requests('GET', plain.storageKey)).toBe(1);
    } finally {
      await keeping.close();
    }
  });

  it('leaves no object behind for a refused, too large or cut file', async () => {
    const before = await bucket.keys();
    await expect(
      storage.write(Readable.from([randomBytes(2048)]), {
        extension: 'jpg',
        check: () => {
          throw new Error('not a JPG');
        },
      }),
    ).rejects.toThrow('not a JPG');
    await expect(storage.write(Readable.from([randomBytes(4096)]), { extension: 'srt', maxBytes: 1000 })).rejects.toBeInstanceOf(FileTooLargeError);
    const cut = Readable.from(
      (function* () {
        yield randomBytes(6 * 1024 * 1024);
        throw new Error('connection reset');
      })(),
    );
    await expect(storage.write(cut, { extension: 'mp4' })).rejects.toThrow('connection reset');
    expect(await bucket.keys()).toEqual(before);
  });

  it('answers 503 (not a refusal of the file) when the bucket is unreachable mid-file', async () => {
    const writer = storage.open({ extension: 'mp4' });
    writer.sink.write(randomBytes(1024 * 1024));
    bucket.goDown();
    try {
      writer.sink.end(randomBytes(9 * 1024 * 1024));
      await expect(writer.stored).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    } finally {
      bucket.restore();
    }
  });
});
