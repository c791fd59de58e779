/**
 * The loopback relay ffprobe and ffmpeg read bucket clips through, over real HTTP, with the bucket's
 * ranged GET played by a function over bytes in memory (the relay against s3rver, with ffmpeg, is
 * in object-storage.int.spec.ts): what each answer carries, what is fetched and kept, and faults.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { ClipRelay, type ClipRelayLimits } from './clip-relay.js';
import { indexStart } from './mp4-index.js';
import { syntheticMp4, TEN_SECONDS } from '../../../test/support/synthetic-mp4.js';
import { ObjectMissingError } from './object-store.js';

const BLOCK = 1000;
const FIRST = BLOCK / 2;
// Without the ends fetched at open, so each test sees the fetches its reads make (one test has them).
const limits: ClipRelayLimits = { blockBytes: BLOCK, cacheBytes: 10 * BLOCK, firstAnswerBytes: FIRST, maxAnswerBytes: 4 * BLOCK, prefetchIndex: false };
const clip = randomBytes(20 * BLOCK + 345);
const KEY = 'files/00000000-0000-4000-8000-000000000001.mp4';

let fetches: Array<{ key: string; start: number; end: number }>;
let fail: Error | null;
let relay: ClipRelay;

beforeEach(() => {
  fetches = [];
  fail = null;
  relay = new ClipRelay(async (key, range) => {
    fetches.push({ key, ...range });
    if (fail) throw fail;
    return Readable.from([clip.subarray(range.start, range.end + 1)]);
  }, limits);
});
afterEach(() => relay.close());

const get = async (url: string, range?: string) => {
  const res = await fetch(url, { headers: range ? { range } : {} });
  return { status: res.status, range: res.headers.get('content-range'), body: Buffer.from(await res.arrayBuffer()) };
};

it('answers a read from a byte with a first few bytes, and twice as many each time the reader reads on', async () => {
  const input = await relay.open(KEY, clip.length);
  let at = 1500;
  const sizes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await get(input.path, `bytes=${at}-`);
    expect(res.status).toBe(206);
    expect(res.body).toEqual(clip.subarray(at, at + res.body.length));
    expect(res.range).toBe(`bytes ${at}-${at + res.body.length - 1}/${clip.length}`);
    sizes.push(res.body.length);
    at += res.body.length;
  }
  // The first answer's bytes, then twice as many each time up to the limit; an answer starting in a
  // block here ends where the blocks here do (the fourth: its first block came with the third's GET)
  expect(sizes).toEqual([FIRST, 2 * FIRST, 4 * FIRST, BLOCK, 4 * BLOCK]);
  // A seek starts again small; a closed range is answered up to its end
  expect((await get(input.path, 'bytes=100-')).body.length).toBe(FIRST);
  expect((await get(input.path, 'bytes=10-19')).body).toEqual(clip.subarray(10, 20));
  // The last bytes, and a read past the end
  expect((await get(input.path, 'bytes=-45')).body).toEqual(clip.subarray(clip.length - 45));
  expect((await get(input.path, `bytes=${clip.length}-`)).status).toBe(416);
  // Each answer's missing blocks by one GET, with the block after them (the reader will most likely
  // go on): blocks 1-10, then 0 (1 is still here), and the last, 20, of 345 bytes; never 11-19
  expect(fetches.map((f) => [f.start, f.end])).toEqual([
    [1000, 2999],
    [3000, 5999],
    [6000, 10_999],
    [0, 999],
    [20_000, 20_344],
  ]);
  expect(new Set(fetches.map((f) => f.start)).size).toBe(fetches.length);
  expect(fetches.every((f) => f.key === KEY && f.start % BLOCK === 0)).toBe(true);
  input.release();
});

it('follows several reads of one URL at once (three frames, a tool with several inputs), each growing on its own', async () => {
  const input = await relay.open(KEY, clip.length);
  const at = [1500, 10_500];
  const sizes: number[][] = [[], []];
  for (let step = 0; step < 3; step++)
    for (const r of [0, 1]) {
      const res = await get(input.path, `bytes=${at[r]}-`);
      expect(res.body).toEqual(clip.subarray(at[r], at[r]! + res.body.length));
      sizes[r]!.push(res.body.length);
      at[r]! += res.body.length;
    }
  expect(sizes).toEqual([
    [FIRST, 2 * FIRST, 4 * FIRST],
    [FIRST, 2 * FIRST, 4 * FIRST],
  ]);
  input.release();
});

it('fetches a block once for all the readers of a clip, and lets the blocks go with the last reader', async () => {
  const a = await relay.open(KEY, clip.length);
  const b = await relay.open(KEY, clip.length);
  const [x, y] = await Promise.all([get(a.path, 'bytes=0-'), get(b.path, 'bytes=0-')]);
  expect(x.body).toEqual(clip.subarray(0, FIRST));
  expect(y.body).toEqual(x.body);
  expect(fetches).toEqual([{ key: KEY, start: 0, end: 2 * BLOCK - 1 }]); // with the block after
  expect(relay.heldBytes).toBe(2 * BLOCK);
  a.release();
  expect(relay.heldBytes).toBe(2 * BLOCK); // b still reads the clip
  expect((await get(a.path, 'bytes=0-')).status).toBe(404);
  b.release();
  b.release();
  expect(relay.heldBytes).toBe(0);
  expect((await get(b.path, 'bytes=0-')).status).toBe(404);
});

it('keeps the blocks of a clip read again soon a while after its last reader, then lets them go', async () => {
  const still = await relay.open(KEY, clip.length, { keepAfterMs: 150 });
  await get(still.path, 'bytes=0-');
  still.release();
  expect(relay.heldBytes).toBe(2 * BLOCK);
  // Read again meanwhile (the set processed after its still): from what was kept
  const processing = await relay.open(KEY, clip.length);
  expect((await get(processing.path, 'bytes=0-')).body).toEqual(clip.subarray(0, FIRST));
  expect(fetches).toHaveLength(1);
  processing.release();
  expect(relay.heldBytes).toBe(2 * BLOCK); // the first reader's time is not over
  await until(() => relay.heldBytes === 0);
  expect(relay.heldBytes).toBe(0);
});

it('answers a read from blocks here at once, up to a block whose GET is still under way (a probe of a seeded start, keyframes fetched behind it)', async () => {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const gated = new ClipRelay(async (key, range) => {
    fetches.push({ key, ...range });
    if (range.start >= 2 * BLOCK) await gate;
    return Readable.from([clip.subarray(range.start, range.end + 1)]);
  }, limits);
  try {
    const input = await gated.open(KEY, clip.length);
    await get(input.path, 'bytes=0-'); // blocks 0 and 1 come
    const slow = get(input.path, `bytes=${2 * BLOCK}-`); // blocks 2 and 3 are on their way
    await until(() => fetches.length === 2);
    expect((await get(input.path, `bytes=${FIRST}-`)).body.length).toBe(2 * FIRST);
    // Reading on for 2 * BLOCK bytes: the rest of block 1, at once, not held until block 2 comes
    const res = await Promise.race([get(input.path, `bytes=${3 * FIRST}-`), sleep(2000, null, { ref: false })]);
    expect(res?.body).toEqual(clip.subarray(3 * FIRST, 2 * BLOCK));
    // Reading on from block 2, on its way: through block 3 too, which comes by the same GET (one wait)
    const together = get(input.path, `bytes=${2 * BLOCK}-`);
    await sleep(100); // its request in, while the GET is held
    open();
    expect((await slow).body).toEqual(clip.subarray(2 * BLOCK, 2 * BLOCK + FIRST));
    expect((await together).body).toEqual(clip.subarray(2 * BLOCK, 4 * BLOCK));
    expect(fetches.map((f) => [f.start, f.end])).toEqual([
      [0, 2 * BLOCK - 1],
      [2 * BLOCK, 4 * BLOCK - 1],
    ]);
    input.release();
  } finally {
    open();
    await gated.close();
  }
});

it('keeps at most its budget of blocks, the least recently read going first', async () => {
  const input = await relay.open(KEY, clip.length);
  for (let block = 0; block < 20; block++) await get(input.path, `bytes=${block * BLOCK}-${block * BLOCK + 9}`);
  expect(relay.heldBytes).toBeLessThanOrEqual(limits.cacheBytes);
  fetches = [];
  await get(input.path, `bytes=${19 * BLOCK}-${19 * BLOCK + 9}`); // kept
  await get(input.path, 'bytes=0-9'); // gone: fetched again
  expect(fetches.map((f) => f.start)).toEqual([0]);
  input.release();
});

it('answers a bucket fault with a 502 and a missing object with a 404 at once, keeping nothing; the reader knows the fault', async () => {
  const input = await relay.open(KEY, clip.length);
  fail = new ObjectMissingError(KEY);
  expect((await get(input.path, 'bytes=0-')).status).toBe(404);
  expect(input.fault!()).toBeInstanceOf(ObjectMissingError); // the caller says the clip is missing, not broken
  fail = new Error('bucket down');
  expect((await get(input.path, 'bytes=0-')).status).toBe(502);
  expect(input.fault!()?.message).toBe('bucket down');
  expect(relay.heldBytes).toBe(0);
  fail = null;
  expect((await get(input.path, 'bytes=0-')).body).toEqual(clip.subarray(0, FIRST));
  input.release();
});

it('refuses a short block (an object replaced meanwhile) rather than sending less than its head says', async () => {
  const short = new ClipRelay(async () => Readable.from([Buffer.alloc(10)]), limits);
  const input = await short.open(KEY, clip.length);
  expect((await get(input.path, 'bytes=0-')).status).toBe(502);
  expect(short.heldBytes).toBe(0);
  await short.close();
});

it('answers only its readers, only GET and HEAD, and a HEAD with the size', async () => {
  const input = await relay.open(KEY, clip.length);
  const base = input.path.replace(/[0-9a-f]{32}$/, '');
  for (const url of [base, `${base}nope`, `${base}..%2F..%2Fetc%2Fpasswd`, `${input.path}/x`]) expect((await get(url)).status).toBe(404);
  expect((await fetch(input.path, { method: 'POST', body: 'x' })).status).toBe(405);
  const head = await fetch(input.path, { method: 'HEAD' });
  expect(head.status).toBe(200);
  expect(head.headers.get('content-length')).toBe(String(clip.length));
  // An empty clip: its size, nothing fetched, whatever range is asked
  const empty = await relay.open(KEY, 0);
  const read = await get(empty.path, 'bytes=0-');
  expect([read.status, read.body.length]).toEqual([200, 0]);
  expect(fetches).toHaveLength(0);
  empty.release();
  input.release();
});

it("reuses the blocks' memory: a block let go goes back to the pool, and the next fetch takes it from there", async () => {
  const input = await relay.open(KEY, clip.length);
  await get(input.path, 'bytes=0-');
  expect(relay.pooledBlocks).toBe(0);
  input.release(); // the clip's last reader: its two blocks go
  expect(relay.heldBytes).toBe(0);
  await new Promise((r) => setImmediate(r));
  expect(relay.pooledBlocks).toBe(2);
  const again = await relay.open(KEY, clip.length);
  expect((await get(again.path, 'bytes=5000-')).body).toEqual(clip.subarray(5000, 5000 + FIRST));
  expect(relay.pooledBlocks).toBe(0); // both taken again, none allocated
  again.release();
});

it('never lends out the memory of an answer still being sent, though its blocks were evicted meanwhile', async () => {
  // Answers larger than loopback's socket buffers: part of a slow reader's answer waits in this
  // process, in the blocks' own memory, while other reads evict those blocks and fetch new ones.
  const MiB = 1024 * 1024;
  const big = randomBytes(48 * MiB);
  const wide = new ClipRelay(async (_key, range) => Readable.from([big.subarray(range.start, range.end + 1)]), {
    blockBytes: MiB,
    cacheBytes: 2 * MiB,
    firstAnswerBytes: 16 * MiB,
    maxAnswerBytes: 16 * MiB,
    prefetchIndex: false,
  });
  const input = await wide.open(KEY, big.length);
  const slow = await new Promise<http.IncomingMessage>((resolve) => http.get(input.path, { headers: { range: 'bytes=0-' } }, resolve));
  slow.pause();
  await new Promise((r) => setTimeout(r, 100));
  // Others read on meanwhile: each fetch takes buffers from the pool
  for (const at of [17, 33, 17, 33]) {
    const res = await get(input.path, `bytes=${at * MiB}-`);
    expect(res.body.equals(big.subarray(at * MiB, at * MiB + res.body.length))).toBe(true); // (toEqual compares 16 MiB byte by byte)
  }
  const chunks: Buffer[] = [];
  for await (const chunk of slow) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  expect(body.length).toBe(16 * MiB);
  expect(body.equals(big.subarray(0, 16 * MiB))).toBe(true);
  input.release();
  await wide.close();
});

/** An MP4's top-level boxes as a camera writes them (index after the media) or "faststart" (index first), over `bytes`. */
function mp4(bytes: Buffer, layout: 'camera' | 'faststart', indexAt: number): Buffer {
  const out = Buffer.from(bytes);
  const box = (at: number, size: number, type: string) => {
    out.writeUInt32BE(size, at);
    out.write(type, at + 4, 'latin1');
  };
  box(0, 24, 'ftyp');
  if (layout === 'camera') {
    box(24, indexAt - 24, 'mdat');
    box(indexAt, out.length - indexAt, 'moov');
  } else {
    box(24, indexAt - 24, 'moov');
    box(indexAt, out.length - indexAt, 'mdat');
  }
  return out;
}

it("fetches a clip's start as it is opened, and its index where the drone wrote it after the media", async () => {
  const INDEX = 15 * BLOCK + 500;
  const files = new Map([
    ['camera', mp4(clip, 'camera', INDEX)],
    ['faststart', mp4(clip, 'faststart', INDEX)],
  ]);
  const prefetching = new ClipRelay(
    async (key, range) => {
      fetches.push({ key, ...range });
      return Readable.from([files.get(key)!.subarray(range.start, range.end + 1)]);
    },
    { ...limits, prefetchIndex: true },
  );
  const camera = await prefetching.open('camera', clip.length);
  // Before any read: the start (with the block after it), then the block the index starts in (with the next)
  await until(() => fetches.length === 2);
  expect(fetches.map((f) => [f.start, f.end])).toEqual([
    [0, 2 * BLOCK - 1],
    [15 * BLOCK, 17 * BLOCK - 1],
  ]);
  expect((await get(camera.path, 'bytes=0-')).body).toEqual(files.get('camera')!.subarray(0, FIRST));
  expect((await get(camera.path, `bytes=${INDEX}-`)).body).toEqual(files.get('camera')!.subarray(INDEX, INDEX + FIRST));
  expect(fetches).toHaveLength(2); // both read from what was fetched at open
  camera.release();
  expect(prefetching.heldBytes).toBe(0);
  // Index first: the start alone
  fetches = [];
  const faststart = await prefetching.open('faststart', clip.length);
  await new Promise((r) => setTimeout(r, 50));
  expect(fetches.map((f) => [f.start, f.end])).toEqual([[0, 2 * BLOCK - 1]]);
  faststart.release();
  // A clip gone from the bucket: the fetch at open keeps nothing, and the tool's read meets the 404
  const gone = new ClipRelay(async () => Promise.reject(new ObjectMissingError(KEY)), { ...limits, prefetchIndex: true });
  const missing = await gone.open(KEY, clip.length);
  expect((await get(missing.path, 'bytes=0-')).status).toBe(404);
  expect(missing.fault!()).toBeInstanceOf(ObjectMissingError);
  missing.release();
  await Promise.all([prefetching.close(), gone.close()]);
});

it('fetches the keyframes of the frames the tools will take as the clip is opened, found in its index', async () => {
  // 10 s at 10 pictures a second, a keyframe a second (2,000 bytes, 2 blocks; the others 300), the index last
  const { bytes, keyframes } = syntheticMp4(TEN_SECONDS, 'camera');
  let gate: Promise<void> = Promise.resolve();
  const ahead = new ClipRelay(
    async (key, range) => {
      fetches.push({ key, ...range });
      if (range.start > 0) await gate;
      return Readable.from([bytes.subarray(range.start, range.end + 1)]);
    },
    { ...limits, cacheBytes: 40 * BLOCK, prefetchIndex: true },
  );
  const input = await ahead.open(KEY, bytes.length, { framesAt: [0.2, 0.5, 0.8] });
  // Each keyframe with the two pictures ffmpeg reads after it (these are in order), and no block more
  const reads = [keyframes[2]!, keyframes[5]!, keyframes[8]!].map((k) => ({ start: k.start, end: k.end + 2 * 300 }));
  const blocksOf = (k: { start: number; end: number }) => [Math.floor(k.start / BLOCK) * BLOCK, (Math.floor(k.end / BLOCK) + 1) * BLOCK - 1];
  const index = Math.floor(indexStart(bytes, bytes.length)! / BLOCK) * BLOCK;
  // The start, the index (its block and the next), then the three frames' reads
  await until(() => fetches.length === 5);
  await new Promise((r) => setTimeout(r, 20));
  expect(fetches.map((f) => [f.start, Math.min(f.end, bytes.length - 1)])).toEqual([
    [0, 2 * BLOCK - 1],
    [index, Math.min(index + 2 * BLOCK, bytes.length) - 1],
    ...reads.map(blocksOf),
  ]);
  // ffmpeg's reads of those are answered from what was fetched ahead
  for (const k of reads) {
    const read: Buffer[] = [];
    for (let at = k.start; at <= k.end; at += read.at(-1)!.length) read.push((await get(input.path, `bytes=${at}-${k.end}`)).body);
    expect(Buffer.concat(read).subarray(0, k.end - k.start + 1)).toEqual(bytes.subarray(k.start, k.end + 1));
  }
  // A seek asking for all that follows is answered up to the end of the blocks here, not past them by a GET
  const keptEnd = blocksOf(reads[0]!)[1]!;
  expect((await get(input.path, `bytes=${keptEnd - 99}-`)).body).toEqual(bytes.subarray(keptEnd - 99, keptEnd + 1));
  expect(fetches).toHaveLength(5);
  input.release();
  expect(ahead.heldBytes).toBe(0);
  // A reader gone before the index came: no keyframes fetched for nobody
  fetches = [];
  let open!: () => void;
  gate = new Promise((r) => (open = r));
  const gone = await ahead.open(KEY, bytes.length, { framesAt: [0.2, 0.5, 0.8] });
  await until(() => fetches.length === 2);
  gone.release();
  open();
  await new Promise((r) => setTimeout(r, 50));
  expect(fetches).toHaveLength(2);
  await ahead.close();
});

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
}
