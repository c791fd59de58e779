/**
 * What the clip relay reads of an MP4 (an ISO base media file, as a drone or a camera writes it):
 * where its index (the moov box) starts, and from the index, where the keyframes ffmpeg will read
 * lie in the file. Only ever a hint for fetching ahead: anything these cannot tell is null, and the
 * tool's own reads then fetch what it needs.
 *
 * Not mp4box.js: it builds an object for every sample of the clip (30 min at 60 fps: 108,000, about
 * 28 MB and 30-60 ms on the event loop), where a set needs three to eight keyframes. The tables are
 * walked here once, as numbers, without keeping them.
 */

/** A byte range of the file, inclusive ends. */
export interface ByteRange {
  start: number;
  end: number;
}

interface Box {
  type: string;
  /** Where its header starts, its body starts, and it ends (exclusive), in the buffer. */
  start: number;
  body: number;
  end: number;
}

/** The size of the box starting at `at` of `buf` (a 64-bit size read too), or null when its header is not all there. */
export function boxSize(buf: Buffer, at: number): { size: number; header: number } | null {
  if (at + 8 > buf.length) return null;
  const size = buf.readUInt32BE(at);
  if (size !== 1) return { size, header: 8 };
  if (at + 16 > buf.length) return null;
  return { size: Number(buf.readBigUInt64BE(at + 8)), header: 16 }; // a 64-bit size: a box over 4 GiB
}

/**
 * Where an MP4's index (its moov box) starts, read from the top-level boxes in `head`, the file's
 * first bytes: before the media (a "faststart" file) or after it (as a camera writes it); null when
 * the boxes cannot be told from these bytes, or a box runs to the end of the file (size 0).
 */
export function indexStart(head: Buffer, size: number): number | null {
  for (let at = 0; at + 8 <= head.length;) {
    const box = boxSize(head, at);
    if (!box || box.size < box.header) return null;
    const type = head.toString('latin1', at + 4, at + 8);
    if (type === 'moov') return at;
    if (type === 'mdat') return at + box.size < size ? at + box.size : null;
    at += box.size;
  }
  return null;
}

/** The boxes inside `[from, to)` of `buf`; stops at the first that does not fit. */
function* boxes(buf: Buffer, from: number, to: number): Generator<Box> {
  for (let at = from; at + 8 <= to;) {
    const box = boxSize(buf, at);
    if (!box) return;
    const end = box.size === 0 ? to : at + box.size;
    if (box.size !== 0 && box.size < box.header) return;
    if (end > to) return;
    yield { type: buf.toString('latin1', at + 4, at + 8), start: at, body: at + box.header, end };
    at = end;
  }
}

function child(buf: Buffer, parent: Box, type: string): Box | null {
  for (const b of boxes(buf, parent.body, parent.end)) if (b.type === type) return b;
  return null;
}

/** A full box's table of `count` entries of `entryBytes` from `at`: null when it claims more than the box holds. */
function table(box: Box, at: number, count: number, entryBytes: number): number | null {
  return count >= 0 && at + count * entryBytes <= box.end ? at : null;
}

/**
 * More samples than this in one track and the index is not read (83 min at 60 fps, 2.8 h at 30; a
 * drone's clip is split at 4 GB, ten-odd minutes): the walk runs on the event loop, 2-5 ms for
 * 60,000 samples once warm, 14 ms cold, so 300,000 stay within a few tens of milliseconds whatever
 * an uploaded file's tables claim.
 */
const MAX_SAMPLES = 300_000;

/**
 * The byte ranges ffmpeg reads to take a frame at each of the moments `fractions` of the clip (each
 * a fraction of its length) with `-ss <moment> -noaccurate_seek`: from the keyframe it seeks to (of
 * the first video track, the last at or before the moment: ffmpeg seeks backwards) to the end of the
 * few pictures it reads after it, as the sample tables of `moov` (the whole moov box) place them.
 * Distinct ranges by their keyframe, in the file's order; null when the index has no video track or
 * its tables do not hold together.
 */
export function keyframesAt(moov: Buffer, fractions: readonly number[]): ByteRange[] | null {
  try {
    return readKeyframes(moov, fractions);
  } catch {
    return null; // a read past the buffer: tables that do not hold together
  }
}

function readKeyframes(moov: Buffer, fractions: readonly number[]): ByteRange[] | null {
  const root = boxes(moov, 0, moov.length).next().value;
  if (!root || root.type !== 'moov') return null;
  const mvhd = child(moov, root, 'mvhd');
  if (!mvhd) return null;
  const v1 = moov[mvhd.body] === 1;
  const movieScale = moov.readUInt32BE(mvhd.body + (v1 ? 20 : 12));
  const movieDuration = v1 ? Number(moov.readBigUInt64BE(mvhd.body + 24)) : moov.readUInt32BE(mvhd.body + 16);
  for (const trak of boxes(moov, root.body, root.end)) {
    if (trak.type !== 'trak') continue;
    const mdia = child(moov, trak, 'mdia');
    const hdlr = mdia && child(moov, mdia, 'hdlr');
    if (!mdia || !hdlr || moov.toString('latin1', hdlr.body + 8, hdlr.body + 12) !== 'vide') continue;
    const mdhd = child(moov, mdia, 'mdhd');
    const minf = child(moov, mdia, 'minf');
    const stbl = minf && child(moov, minf, 'stbl');
    if (!mdhd || !stbl) return null;
    const mv1 = moov[mdhd.body] === 1;
    const scale = moov.readUInt32BE(mdhd.body + (mv1 ? 20 : 12));
    const trackDuration = mv1 ? Number(moov.readBigUInt64BE(mdhd.body + 24)) : moov.readUInt32BE(mdhd.body + 16);
    if (!scale) return null;
    // The clip's length as ffprobe gives it (the movie's duration), else the track's.
    const seconds = movieScale && movieDuration ? movieDuration / movieScale : trackDuration / scale;
    return keyframeRanges(moov, trak, stbl, scale, (delayed) =>
      fractions.map((f) => {
        // As ffmpeg is asked (`-ss` in milliseconds, frame-seek.ts) and seeks: in microseconds, 3/23 s
        // earlier for a track whose pictures come out of order (fftools' "dts heuristic"), then in
        // the track's ticks, rounded.
        const us = Math.round(f * seconds * 1000) * 1000 - (delayed ? DTS_HEURISTIC_US : 0);
        return Math.round((us * scale) / 1e6);
      }),
    );
  }
  return null;
}

/** A keyframe reached from a moment: where it starts, and where the pictures ffmpeg reads with it end. */
interface Read {
  time: number;
  start: number;
  end: number;
  /** Pictures after it still to take into `end`. */
  following: number;
}

/**
 * Pictures ffmpeg reads after the keyframe to give its one frame: the demuxer reads one ahead of the
 * decoder, and a decoder of pictures out of order (B-frames) holds back two or three before it gives
 * the first out. At 1080p each is tens of kB (a camera's) to 70 kB (x264 ultrafast).
 */
const PICTURES_AFTER = { inOrder: 2, reordered: 4 };

/** A keyframe with the pictures after it spanning more than this is fetched only so far ahead. */
const MAX_READ_BYTES = 16 * 1024 * 1024;

/**
 * What ffmpeg takes off a seek into a file whose demuxer seeks by decoding time when a video stream
 * has a decoding delay: `3 * AV_TIME_BASE / 23` (fftools/ffmpeg_demux.c), in microseconds.
 */
const DTS_HEURISTIC_US = Math.floor(3_000_000 / 23);

/**
 * Walks the sample tables once: each sample's decoding time, place and size; for each moment the
 * last keyframe at or before it kept. ffmpeg's MP4 demuxer seeks by decoding time (its index holds
 * each sample's, less the edit list's start), and gives an H.264 track whose composition offsets
 * vary (B-frames) a decoding delay, so the moments (from `momentsFor(delayed)`, in the track's
 * ticks) are asked 3/23 s earlier.
 */
function keyframeRanges(buf: Buffer, trak: Box, stbl: Box, scale: number, momentsFor: (delayed: boolean) => number[]): ByteRange[] | null {
  const stts = child(buf, stbl, 'stts');
  const stsc = child(buf, stbl, 'stsc');
  const stsz = child(buf, stbl, 'stsz');
  const stco = child(buf, stbl, 'stco') ?? child(buf, stbl, 'co64');
  if (!stts || !stsc || !stsz || !stco) return null;
  const ctts = child(buf, stbl, 'ctts');
  const stss = child(buf, stbl, 'stss');
  // The presentation starts at the edit list's first media time (B-frames' delay), as ffmpeg counts it.
  let mediaStart = 0;
  const edts = child(buf, trak, 'edts');
  const elst = edts && child(buf, edts, 'elst');
  if (elst) {
    const e1 = buf[elst.body] === 1;
    const count = buf.readUInt32BE(elst.body + 4);
    const at = table(elst, elst.body + 8, count, e1 ? 20 : 12);
    if (at === null) return null;
    for (let i = 0; i < count; i++) {
      const t = e1 ? Number(buf.readBigInt64BE(at + i * 20 + 8)) : buf.readInt32BE(at + i * 12 + 4);
      if (t !== -1) {
        mediaStart = t; // the first edit that is not an empty one
        break;
      }
    }
  }

  const fixedSize = buf.readUInt32BE(stsz.body + 4);
  const samples = buf.readUInt32BE(stsz.body + 8);
  const sizes = fixedSize ? 0 : table(stsz, stsz.body + 12, samples, 4);
  const chunks = buf.readUInt32BE(stco.body + 4);
  const wide = stco.type === 'co64';
  const offsets = table(stco, stco.body + 8, chunks, wide ? 8 : 4);
  const sttsCount = buf.readUInt32BE(stts.body + 4);
  const sttsAt = table(stts, stts.body + 8, sttsCount, 8);
  const stscCount = buf.readUInt32BE(stsc.body + 4);
  const stscAt = table(stsc, stsc.body + 8, stscCount, 12);
  const cttsCount = ctts ? buf.readUInt32BE(ctts.body + 4) : 0;
  const cttsAt = ctts ? table(ctts, ctts.body + 8, cttsCount, 8) : 0;
  const stssCount = stss ? buf.readUInt32BE(stss.body + 4) : 0;
  const stssAt = stss ? table(stss, stss.body + 8, stssCount, 4) : 0;
  if (sizes === null || offsets === null || sttsAt === null || stscAt === null || cttsAt === null || stssAt === null) return null;
  if (samples > MAX_SAMPLES || !stscCount) return null;
  const stsd = child(buf, stbl, 'stsd');
  const codec = stsd && stsd.body + 16 <= stsd.end ? buf.toString('latin1', stsd.body + 12, stsd.body + 16) : '';
  let reordered = false;
  for (let i = 1; i < cttsCount && !reordered; i++) reordered = buf.readInt32BE(cttsAt + i * 8 + 4) !== buf.readInt32BE(cttsAt + 4);
  const moments = momentsFor((codec === 'avc1' || codec === 'avc3') && reordered);
  const following = reordered ? PICTURES_AFTER.reordered : PICTURES_AFTER.inOrder;
  // Decoding times only grow: past the last moment no keyframe can be one of those looked for.
  const last = Math.max(...moments);

  // For each moment, the last keyframe at or before it (start -1: none yet), and the end of what ffmpeg reads from it.
  const best: Read[] = moments.map(() => ({ time: -Infinity, start: -1, end: -1, following: 0 }));
  // Reads still taking in the pictures that follow their keyframe.
  let growing: Read[] = [];
  let dts = 0;
  let sttsRun = 0;
  let sttsLeft = sttsCount ? buf.readUInt32BE(sttsAt) : 0;
  let first: Read | undefined;
  let syncIndex = 0;
  let sample = 1; // 1-based, as the tables count
  walk: for (let run = 0; run < stscCount && sample <= samples; run++) {
    const firstChunk = buf.readUInt32BE(stscAt + run * 12);
    const perChunk = buf.readUInt32BE(stscAt + run * 12 + 4);
    const nextFirst = run + 1 < stscCount ? buf.readUInt32BE(stscAt + (run + 1) * 12) : chunks + 1;
    if (firstChunk < 1 || nextFirst <= firstChunk || nextFirst > chunks + 1) return null;
    for (let chunk = firstChunk; chunk < nextFirst && sample <= samples; chunk++) {
      let offset = wide ? Number(buf.readBigUInt64BE(offsets + (chunk - 1) * 8)) : buf.readUInt32BE(offsets + (chunk - 1) * 4);
      for (let k = 0; k < perChunk && sample <= samples; k++, sample++) {
        if (first && !growing.length && dts - mediaStart > last) break walk;
        const size = fixedSize || buf.readUInt32BE(sizes + (sample - 1) * 4);
        if (growing.length) {
          for (const r of growing) if (offset > r.start && offset + size - 1 - r.start <= MAX_READ_BYTES) r.end = Math.max(r.end, offset + size - 1);
          growing = growing.filter((r) => --r.following > 0);
        }
        // Is this sample a keyframe (no stss: every sample is)?
        while (stss && syncIndex < stssCount && buf.readUInt32BE(stssAt + syncIndex * 4) < sample) syncIndex++;
        const sync = !stss || (syncIndex < stssCount && buf.readUInt32BE(stssAt + syncIndex * 4) === sample);
        if (sync) {
          const time = dts - mediaStart;
          const read: Read = { time, start: offset, end: offset + size - 1, following };
          let kept = !first;
          first ??= read;
          for (let m = 0; m < moments.length; m++) {
            if (time <= moments[m]! && time >= best[m]!.time) {
              best[m] = read;
              kept = true;
            }
          }
          if (kept) growing.push(read);
        }
        offset += size;
        // The next sample's decoding time.
        if (sttsRun < sttsCount) {
          dts += buf.readUInt32BE(sttsAt + sttsRun * 8 + 4);
          if (--sttsLeft <= 0 && ++sttsRun < sttsCount) sttsLeft = buf.readUInt32BE(sttsAt + sttsRun * 8);
        }
      }
    }
  }
  const ranges = new Map<number, ByteRange>();
  // A moment before the first keyframe: ffmpeg's seek fails, and it reads from the start, its first keyframe.
  for (const found of best) {
    const r = found.start >= 0 ? found : first;
    if (r && r.end >= r.start) ranges.set(r.start, { start: r.start, end: r.end });
  }
  return [...ranges.values()].sort((a, b) => a.start - b.start);
}
