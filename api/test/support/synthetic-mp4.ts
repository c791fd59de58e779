/**
 * MP4s built box by box for tests of what reads their index (object-storage/mp4-index.ts, the clip
 * relay): the sample tables a camera writes (stts, ctts, stss, stsc, stsz, stco) with known sample
 * places, so a test knows where each keyframe lies without ffmpeg.
 */

export function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

export function u32(...values: number[]): Buffer {
  const out = Buffer.alloc(4 * values.length);
  values.forEach((v, i) => out.writeUInt32BE(v >>> 0, i * 4));
  return out;
}

/** A full box: version and flags, then its fields. */
function full(type: string, version: number, ...parts: Buffer[]): Buffer {
  return box(type, u32(version << 24), ...parts);
}

/** 10 s at 10 pictures a second, a keyframe each second (2,000 bytes, the others 300): about 47 kB. */
export const TEN_SECONDS: SyntheticVideo = {
  timescale: 10_000,
  frameTicks: 1000,
  sizes: Array.from({ length: 100 }, (_, i) => (i % 10 === 0 ? 2000 : 300)),
  keyEvery: 10,
  perChunk: 4,
};

export interface SyntheticVideo {
  /** Ticks a second, and ticks a picture. */
  timescale: number;
  frameTicks: number;
  /** Each picture's size in bytes; a keyframe every `keyEvery` pictures, from the first. */
  sizes: number[];
  keyEvery: number;
  /** Pictures a chunk (the last may hold fewer). */
  perChunk: number;
  /** Each picture's composition offset (B-frames), when given. */
  compositionOffsets?: number[];
  /** The edit list's first media time (a B-frame stream's delay), when given. */
  editStart?: number;
  codec?: string;
  /** An audio track before the video one, as some cameras write. */
  audioFirst?: boolean;
}

/** The moov box for `video`, its pictures laid out one after the other from byte `mediaStart` of the file. */
export function syntheticMoov(video: SyntheticVideo, mediaStart: number): Buffer {
  const n = video.sizes.length;
  const chunks = Math.ceil(n / video.perChunk);
  const offsets: number[] = [];
  for (let c = 0, at = mediaStart; c < chunks; c++) {
    offsets.push(at);
    for (let i = c * video.perChunk; i < Math.min(n, (c + 1) * video.perChunk); i++) at += video.sizes[i]!;
  }
  const keys = Array.from({ length: Math.ceil(n / video.keyEvery) }, (_, k) => k * video.keyEvery + 1);
  const stbl = box(
    'stbl',
    full('stsd', 0, u32(1), box(video.codec ?? 'avc1', Buffer.alloc(78))),
    full('stts', 0, u32(1, n, video.frameTicks)),
    ...(video.compositionOffsets ? [full('ctts', 0, u32(n), u32(...video.compositionOffsets.flatMap((o) => [1, o])))] : []),
    full('stss', 0, u32(keys.length, ...keys)),
    full('stsc', 0, u32(1, 1, video.perChunk, 1)),
    full('stsz', 0, u32(0, n, ...video.sizes)),
    full('stco', 0, u32(chunks, ...offsets)),
  );
  const duration = n * video.frameTicks;
  const track = (handler: string, tables: Buffer) =>
    box(
      'trak',
      ...(video.editStart !== undefined && handler === 'vide' ? [box('edts', full('elst', 0, u32(1, duration, video.editStart, 1 << 16)))] : []),
      box(
        'mdia',
        full('mdhd', 0, u32(0, 0, video.timescale, duration, 0)),
        full('hdlr', 0, u32(0), Buffer.from(handler, 'latin1'), Buffer.alloc(13)),
        box('minf', tables),
      ),
    );
  const audio = track('soun', box('stbl', full('stsd', 0, u32(1), box('mp4a', Buffer.alloc(28)))));
  // The movie's clock in milliseconds, as cameras and ffmpeg write it.
  const mvhd = full('mvhd', 0, u32(0, 0, 1000, Math.round((duration / video.timescale) * 1000)), Buffer.alloc(80));
  return box('moov', mvhd, ...(video.audioFirst ? [audio] : []), track('vide', stbl));
}

/**
 * A whole file as a camera writes it (ftyp, the pictures in mdat, then the index) or "faststart"
 * (the index first): its bytes and where each keyframe lies (inclusive ends).
 */
export function syntheticMp4(video: SyntheticVideo, layout: 'camera' | 'faststart'): { bytes: Buffer; keyframes: Array<{ start: number; end: number }> } {
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(512), Buffer.from('isomavc1', 'latin1'));
  const pictures = Buffer.alloc(
    video.sizes.reduce((a, b) => a + b, 0),
    7,
  );
  // The index's size does not depend on where the media starts: built once to learn it.
  const moovBytes = syntheticMoov(video, 0).length;
  const mediaStart = ftyp.length + (layout === 'faststart' ? moovBytes : 0) + 8;
  const moov = syntheticMoov(video, mediaStart);
  const mdat = box('mdat', pictures);
  const bytes = Buffer.concat(layout === 'faststart' ? [ftyp, moov, mdat] : [ftyp, mdat, moov]);
  const keyframes: Array<{ start: number; end: number }> = [];
  for (let i = 0, at = mediaStart; i < video.sizes.length; at += video.sizes[i]!, i++) {
    if (i % video.keyEvery === 0) keyframes.push({ start: at, end: at + video.sizes[i]! - 1 });
  }
  return { bytes, keyframes };
}
