/**
 * putInParts against a real S3-compatible server on loopback (s3rver behind the tests' fault
 * proxy): one PutObject for what fits in a part, parts in order for what does not, the part memory
 * reused and bounded, a 5xx retried, and nothing left behind (no object, no open multipart upload)
 * when the bucket or the stream fails part-way.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { S3Client, GetObjectCommand } from '@aws-sdk/client-s3';
import { startTestBucket, type TestBucket } from '../../../test/support/s3-test-server.js';
import { BufferPool } from './buffer-pool.js';
import { putInParts } from './put-in-parts.js';
import { s3ClientConfig } from './s3-client-config.js';

const MIB = 1024 * 1024;
/** S3's smallest part but the last. */
const PART = 5 * MIB;

let bucket: TestBucket;
let client: S3Client;

beforeAll(async () => {
  bucket = await startTestBucket();
  client = new S3Client({
    ...s3ClientConfig(bucket.settings()),
    // The fault tests cut the bucket: fail fast instead of the SDK's backoff.
    maxAttempts: 2,
  });
});
afterAll(async () => {
  client?.destroy();
  await bucket?.close();
});
afterEach(() => bucket.restore());

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const key = () => `files/${crypto.randomUUID()}`;
const target = (Key: string) => ({ Bucket: bucket.bucket, Key });

/** The bytes in pieces of uneven sizes, as a network read hands them over. */
function pieces(data: Buffer, sizes = [65_536, 1_000_003, 17, 3 * MIB]): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0, i = 0; at < data.length; i++) {
        const n = sizes[i % sizes.length]!;
        yield data.subarray(at, at + n);
        at += n;
      }
    })(),
  );
}

const stored = async (Key: string) => {
  const out = await client.send(new GetObjectCommand(target(Key)));
  return Buffer.from(await out.Body!.transformToByteArray());
};

/** The client, counting the requests of each kind and the most UploadParts at once. */
function counting(real: S3Client) {
  const seen = new Map<string, number>();
  let parts = 0;
  let mostParts = 0;
  const send = async (command: object) => {
    const name = command.constructor.name;
    seen.set(name, (seen.get(name) ?? 0) + 1);
    if (name === 'UploadPartCommand') mostParts = Math.max(mostParts, ++parts);
    try {
      return await real.send(command as never);
    } finally {
      if (name === 'UploadPartCommand') parts--;
    }
  };
  return { client: { send } as unknown as S3Client, seen, mostParts: () => mostParts };
}

/** A pool that counts the Buffers it had to allocate. */
class CountingBuffers extends BufferPool {
  allocated = 0;
  override take(): Buffer {
    if (this.kept === 0) this.allocated++;
    return super.take();
  }
}

it('sends what fits in one part as one PutObject, and an empty stream as an empty object', async () => {
  const data = randomBytes(PART - 1);
  const c = counting(client);
  const k = key();
  await putInParts(c.client, { ...target(k), Metadata: { sha256: sha(data) } }, pieces(data), new BufferPool(PART, 4), 3);
  expect(Object.fromEntries(c.seen)).toEqual({ PutObjectCommand: 1 });
  expect(sha(await stored(k))).toBe(sha(data));

  const empty = key();
  await putInParts(client, target(empty), Readable.from([]), new BufferPool(PART, 4), 3);
  expect((await stored(empty)).length).toBe(0);
  expect(await bucket.pendingUploads()).toBe(0);
});

it('sends a larger stream as parts in order, at most `inFlight` at once, reusing the part memory', async () => {
  const data = randomBytes(6 * PART + 12_345);
  const c = counting(client);
  const buffers = new CountingBuffers(PART, 4);
  const k = key();
  await putInParts(c.client, target(k), pieces(data), buffers, 2);
  expect(sha(await stored(k))).toBe(sha(data));
  expect(Object.fromEntries(c.seen)).toEqual({ CreateMultipartUploadCommand: 1, UploadPartCommand: 7, CompleteMultipartUploadCommand: 1 });
  expect(c.mostParts()).toBeLessThanOrEqual(2);
  // Seven parts from at most three Buffers (two on their way, one filling), all handed back.
  expect(buffers.allocated).toBeLessThanOrEqual(3);
  expect(buffers.kept).toBe(buffers.allocated);
  expect(await bucket.pendingUploads()).toBe(0);

  // A second upload takes the kept Buffers instead of new ones.
  const again = key();
  await putInParts(client, target(again), pieces(data.subarray(0, 2 * PART)), buffers, 2);
  expect(buffers.allocated).toBeLessThanOrEqual(3);
  expect(sha(await stored(again))).toBe(sha(data.subarray(0, 2 * PART)));
});

it('retries a 5xx from the bucket and stores the same bytes', async () => {
  const data = randomBytes(2 * PART + 1);
  const k = key();
  bucket.failNext(1);
  const failedBefore = bucket.failed;
  await putInParts(client, target(k), pieces(data), new BufferPool(PART, 4), 3);
  expect(bucket.failed).toBe(failedBefore + 1);
  expect(sha(await stored(k))).toBe(sha(data));
});

it("stores nothing when the bucket goes away part-way, and every part's memory comes back", async () => {
  const k = key();
  const buffers = new BufferPool(PART, 4);
  const source = new Readable({ read() {} });
  const sending = putInParts(client, target(k), source, buffers, 3);
  source.push(randomBytes(2 * PART));
  await new Promise((r) => setTimeout(r, 300));
  bucket.goDown();
  source.push(randomBytes(3 * PART));
  source.push(null);
  await expect(sending).rejects.toBeTruthy();
  bucket.restore();
  expect(await bucket.keys()).not.toContain(k);
  // Every part's memory came back. (The abort could not reach a bucket that was down: its parts are
  // left to the bucket's lifecycle rule for incomplete multipart uploads, README "Object storage".)
  expect(buffers.kept).toBeGreaterThan(0);

  // Down before the multipart upload could even begin: the part that waited for it comes back too.
  const early = new CountingBuffers(PART, 4);
  bucket.goDown();
  await expect(putInParts(client, target(key()), pieces(randomBytes(2 * PART)), early, 3)).rejects.toBeTruthy();
  bucket.restore();
  expect(early.allocated).toBeGreaterThan(0);
  expect(early.kept).toBe(early.allocated);
});

it('leaves nothing behind when the stream fails part-way, and throws the stream error', async () => {
  const k = key();
  const pendingBefore = await bucket.pendingUploads();
  const cut = Readable.from(
    (function* () {
      yield randomBytes(3 * PART);
      throw new Error('connection reset');
    })(),
  );
  await expect(putInParts(client, target(k), cut, new BufferPool(PART, 4), 3)).rejects.toThrow('connection reset');
  expect(await bucket.keys()).not.toContain(k);
  expect(await bucket.pendingUploads()).toBe(pendingBefore);
});

it('keeps a Buffer handed back twice only once, and drops one of another size', () => {
  const buffers = new BufferPool(PART, 4);
  const a = buffers.take();
  buffers.give(a);
  buffers.give(a.subarray(0, 10));
  buffers.give(Buffer.allocUnsafeSlow(PART - 1));
  expect(buffers.kept).toBe(1);
  expect(buffers.take().buffer).toBe(a.buffer);
  expect(buffers.take().buffer).not.toBe(a.buffer);
  // Taken out again, it is handed back again like any other
  buffers.give(a);
  expect(buffers.kept).toBe(1);
});
