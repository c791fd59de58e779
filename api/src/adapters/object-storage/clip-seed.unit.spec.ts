/**
 * What an upload leaves the clip relay of an MP4 as it streams into the bucket: its start and its
 * index, caught whatever the chunks' sizes (files built box by box: test/support/synthetic-mp4.ts),
 * then seeded into a relay whose tools find them there; nothing caught of anything else.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { syntheticMp4, TEN_SECONDS, type SyntheticVideo } from '../../../test/support/synthetic-mp4.js';
import { ClipRelay, type ClipRelayLimits } from './clip-relay.js';
import { ClipSeedCatcher } from './clip-seed.js';
import { indexStart, boxSize } from './mp4-index.js';

const BLOCK = 1000;
const limits: ClipRelayLimits = { blockBytes: BLOCK, cacheBytes: 100 * BLOCK, firstAnswerBytes: 500, maxAnswerBytes: 4 * BLOCK, prefetchIndex: true };
const KEY = 'files/00000000-0000-4000-8000-000000000002.mp4';
/** 10 s of pictures: about 47 blocks, the index about 1 block. */
const video = TEN_SECONDS;

/**
 * `bytes` through a catcher in chunks of random sizes (1 byte to 3 blocks), as a request body comes;
 * the first `oneByOne` bytes one at a time (a body's first bytes may come in pieces).
 */
function caught(bytes: Buffer, maxIndexBytes = 10 * BLOCK, oneByOne = 0): ReturnType<ClipSeedCatcher['parts']> {
  const catcher = new ClipSeedCatcher(2 * BLOCK, maxIndexBytes, BLOCK);
  for (let at = 0; at < bytes.length;) {
    const n = at < oneByOne ? 1 : 1 + Math.floor(Math.random() * 3 * BLOCK);
    catcher.take(bytes.subarray(at, at + n));
    at += n;
  }
  return catcher.parts(bytes.length);
}

it('catches the start and the index of a clip, before or after the media, whatever the chunks', () => {
  // A thousand pictures: an index of about 5 blocks, which runs past the start when it comes first
  const long: SyntheticVideo = { ...video, sizes: Array.from({ length: 1000 }, (_, i) => (i % 10 === 0 ? 200 : 30)) };
  for (const [layout, v] of [
    ['camera', video],
    ['camera', long],
    ['faststart', long],
    ['faststart', video],
  ] as const) {
    const { bytes } = syntheticMp4(v, layout);
    const at = indexStart(bytes, bytes.length)!;
    const end = at + boxSize(bytes, at)!.size;
    // The index from the start of its block, or from the end of the start where it begins there
    const from = at < 2 * BLOCK ? 2 * BLOCK : Math.floor(at / BLOCK) * BLOCK;
    const expected = [{ at: 0, bytes: bytes.subarray(0, 2 * BLOCK) }, ...(end > from ? [{ at: from, bytes: bytes.subarray(from, end) }] : [])];
    for (let run = 0; run < 20; run++) expect(caught(bytes)).toEqual(expected);
    expect(caught(bytes, undefined, 16)).toEqual(expected);
  }
});

it('catches nothing of a JPG or an SRT, and only the start where the index is too large to keep', () => {
  expect(caught(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(5000)]))).toBeNull();
  expect(caught(Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nF/2.8, SS 1000\n'))).toBeNull();
  const { bytes } = syntheticMp4(video, 'camera');
  expect(caught(bytes, 100)).toEqual([{ at: 0, bytes: bytes.subarray(0, 2 * BLOCK) }]);
  // A clip shorter than its start: all of it
  const tiny = Buffer.concat([bytes.subarray(0, 24), Buffer.alloc(100)]);
  expect(caught(tiny)).toEqual([{ at: 0, bytes: tiny }]);
});

it("serves what was caught to the clip's tools, fetching only what it lacks", async () => {
  const { bytes, keyframes } = syntheticMp4(video, 'camera');
  const fetches: Array<[number, number]> = [];
  const relay = new ClipRelay(async (_key, range) => {
    fetches.push([range.start, range.end]);
    return Readable.from([bytes.subarray(range.start, range.end + 1)]);
  }, limits);
  try {
    relay.seed(KEY, bytes.length, caught(bytes)!, 60_000);
    const at = indexStart(bytes, bytes.length)!;
    // The start's two blocks, and the index's from the start of its block to the end of the file
    const held = relay.heldBytes;
    expect(held).toBe(2 * BLOCK + bytes.length - Math.floor(at / BLOCK) * BLOCK);
    // Opened for its still: the start and the index are here, the keyframes are fetched, nothing else
    const input = await relay.open(KEY, bytes.length, { framesAt: [0.5] });
    const read = (range: string) =>
      new Promise<Buffer>((resolve, reject) =>
        http
          .get(input.path, { headers: { range } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
          })
          .on('error', reject),
      );
    expect(await read('bytes=0-99')).toEqual(bytes.subarray(0, 100));
    expect(await read(`bytes=${at}-${at + 99}`)).toEqual(bytes.subarray(at, at + 100));
    for (let i = 0; i < 50 && !fetches.length; i++) await new Promise((r) => setTimeout(r, 10));
    const k = keyframes[5]!;
    expect(fetches).toEqual([[Math.floor(k.start / BLOCK) * BLOCK, Math.floor((k.end + 2 * 300) / BLOCK) * BLOCK + BLOCK - 1]]);
    input.release();
    // Kept for the time given, not dropped with the reader
    expect(relay.heldBytes).toBeGreaterThanOrEqual(held);
  } finally {
    await relay.close();
  }
});
