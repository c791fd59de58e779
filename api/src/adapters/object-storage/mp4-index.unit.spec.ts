/**
 * Reading an MP4's index for the clip relay, on files built box by box (test/support/synthetic-mp4.ts):
 * where the index starts, which keyframes ffmpeg's seeks reach, and nothing thrown or guessed from
 * garbage. Against ffmpeg's own seeks on clips it encodes: mp4-index.int.spec.ts.
 */
import { randomBytes } from 'node:crypto';
import { box, syntheticMoov, syntheticMp4, TEN_SECONDS, u32, type SyntheticVideo } from '../../../test/support/synthetic-mp4.js';
import { boxSize, indexStart, keyframesAt } from './mp4-index.js';

const video = TEN_SECONDS;

it('tells where the index starts, before or after the media, and nothing it cannot tell', () => {
  const camera = Buffer.alloc(64);
  camera.writeUInt32BE(24, 0);
  camera.write('ftyp', 4, 'latin1');
  camera.writeUInt32BE(4000, 24);
  camera.write('mdat', 28, 'latin1');
  expect(indexStart(camera, 5000)).toBe(4024);
  expect(indexStart(camera, 4024)).toBeNull(); // the media runs to the end: no index after it
  const large = Buffer.alloc(64);
  large.writeUInt32BE(24, 0);
  large.write('ftyp', 4, 'latin1');
  large.writeUInt32BE(1, 24);
  large.write('mdat', 28, 'latin1');
  large.writeBigUInt64BE(5n * 1024n ** 3n, 32); // a clip over 4 GiB
  expect(indexStart(large, 6 * 1024 ** 3)).toBe(24 + 5 * 1024 ** 3);
  const faststart = Buffer.from(camera);
  faststart.write('moov', 28, 'latin1');
  expect(indexStart(faststart, 5000)).toBe(24);
  expect(indexStart(camera.subarray(0, 30), 5000)).toBeNull(); // the first bytes end before the media's box does
  expect(indexStart(randomBytes(64), 5000)).toBeNull();
  expect(indexStart(Buffer.alloc(64), 5000)).toBeNull(); // a box of size 0 runs to the end of the file
  expect(boxSize(large, 24)).toEqual({ size: 5 * 1024 ** 3, header: 16 });
  expect(boxSize(large.subarray(0, 30), 24)).toBeNull();
});

/** The keyframe with the pictures ffmpeg reads after it (300 bytes each, next to it in these files): two, four out of order. */
const read = (k: { start: number; end: number }, after = 2) => ({ start: k.start, end: k.end + after * 300 });

it("finds the keyframe at or before each moment with the pictures read after it, in the file's order, once each", () => {
  for (const layout of ['camera', 'faststart'] as const) {
    const { bytes, keyframes } = syntheticMp4(video, layout);
    const at = indexStart(bytes, bytes.length)!;
    const moov = bytes.subarray(at, at + boxSize(bytes, at)!.size);
    // 10 s: 0.2 is 2 s (a keyframe's own moment), 0.25 is 2.5 s (its group), 0.05 the first, 0.999 the last
    expect(keyframesAt(moov, [0.8, 0.2, 0.25, 0.05, 0.999])).toEqual([keyframes[0], keyframes[2], keyframes[8], keyframes[9]].map((k) => read(k!)));
    expect(keyframesAt(moov, [])).toEqual([]);
  }
});

it('seeks as ffmpeg does: by decoding time after the edit list, 3/23 s early for reordered H.264', () => {
  // B-frames: pictures shown 0.1 or 0.2 s after they are decoded, the edit list starting 0.2 s in.
  // The keyframe decoded at 2 s is at 1.8 s on ffmpeg's seek clock (and shown at 1.9 s).
  const reordered: SyntheticVideo = { ...video, compositionOffsets: video.sizes.map((_, i) => (i % 3 === 0 ? 2000 : 1000)), editStart: 2000 };
  const { bytes, keyframes } = syntheticMp4(reordered, 'camera');
  const moov = bytes.subarray(indexStart(bytes, bytes.length)!);
  // 1.9 s is asked as 1.77 s: the keyframe before (by its showing time it would be this one)
  expect(keyframesAt(moov, [0.19])).toEqual([read(keyframes[1]!, 4)]);
  // 1.95 s is asked as 1.82 s: this one (by its showing time, 1.9 s, the one before)
  expect(keyframesAt(moov, [0.195])).toEqual([read(keyframes[2]!, 4)]);
  // The same tables in HEVC: no early seek (ffmpeg estimates a decoding delay for H.264 alone)
  const hevc = syntheticMp4({ ...reordered, codec: 'hvc1' }, 'camera');
  expect(keyframesAt(hevc.bytes.subarray(indexStart(hevc.bytes, hevc.bytes.length)!), [0.19])).toEqual([read(hevc.keyframes[2]!, 4)]);
  // A moment before the first keyframe (0 s asked as -0.13 s, no edit list): ffmpeg reads from the start
  const early = syntheticMp4({ ...reordered, editStart: undefined }, 'camera');
  expect(keyframesAt(early.bytes.subarray(indexStart(early.bytes, early.bytes.length)!), [0])).toEqual([read(early.keyframes[0]!, 4)]);
});

it('reads the first video track after an audio one', () => {
  const { bytes, keyframes } = syntheticMp4({ ...video, audioFirst: true }, 'camera');
  const moov = bytes.subarray(indexStart(bytes, bytes.length)!);
  expect(keyframesAt(moov, [0.5])).toEqual([read(keyframes[5]!)]);
});

it('gives null, never a throw, for an index without video, cut short or garbled', () => {
  const moov = syntheticMoov(video, 1000);
  expect(keyframesAt(randomBytes(2000), [0.5])).toBeNull();
  expect(keyframesAt(box('moov', box('mvhd', u32(0, 0, 0, 1000, 10_000), Buffer.alloc(80))), [0.5])).toBeNull(); // no track
  expect(keyframesAt(box('free', moov), [0.5])).toBeNull(); // not an index
  for (let cut = 0; cut < moov.length; cut += 7) expect(() => keyframesAt(moov.subarray(0, cut), [0.5])).not.toThrow();
  // A track claiming more pictures than are walked on the event loop (300,000): not read
  const many = Buffer.from(moov);
  const stsz = many.indexOf('stsz', 0, 'latin1');
  many.writeUInt32BE(300, stsz + 8); // every picture 300 bytes: no table of sizes to hold them
  many.writeUInt32BE(300_000, stsz + 12);
  expect(keyframesAt(many, [0.5])).not.toBeNull();
  many.writeUInt32BE(300_001, stsz + 12);
  expect(keyframesAt(many, [0.5])).toBeNull();
  // Bytes flipped anywhere: an answer or null, quickly, whatever the tables now claim
  for (let i = 0; i < 300; i++) {
    const garbled = Buffer.from(moov);
    for (let k = 0; k < 4; k++) garbled[Math.floor(Math.random() * garbled.length)] = Math.floor(Math.random() * 256);
    const found = keyframesAt(garbled, [0.2, 0.5, 0.8]);
    expect(found === null || Array.isArray(found)).toBe(true);
  }
});
