/**
 * Our own parser for DJI .SRT telemetry subtitles.
 *
 * Entries are found by their header - an index line followed by an `hh:mm:ss,mmm --> hh:mm:ss,mmm`
 * timecode line, read line by line (\r\n, \n or \r) - and NOT by blank lines: some firmware (ruz76 DJI.SRT) writes a blank line and a
 * stray `0` inside every entry. Each entry's body is then read with one generic `key: value` scanner
 * (bracket and legacy `KEY:value` layouts) plus a few tuple patterns (`GPS(..)`, `HOME(..)`, `F.PRY`)
 * and the comma-separated "compact" layout of the Mavic Mini / Phantom 4 RTK. This file frames the
 * entries (SrtStreamParser); srt-entry.ts reads one entry's body, srt-values.ts its single values.
 *
 * Known layouts (see api/test/fixtures/srt/SOURCES.md):
 * - modern bracket `[latitude: x] [longitude: y] [rel_alt: a abs_alt: b]`, also `key : value` with a
 *   space, `],[` without one, the misspelt `longtitude` and `[altitude: ]` (Mavic 2, Air 2S);
 * - legacy 3-line `HOME(lon,lat) 2017.08.05 14:11:51` / `GPS(lon,lat,sats) BAROMETER:1.9` /
 *   `ISO:100 Shutter:60 EV: Fnum:2.2` and the older `GPS(lon,lat,16) Hb:1.9 Hs:1.9`, `ISO:100 TV:60 EV: 0 IR:F2.8`
 *   - LONGITUDE FIRST;
 * - Matrice 300 `2022.06.21 16:06:17` / `GPS(lat,lon,0.0M) BAROMETER:83.4M` - LATITUDE FIRST (the third
 *   value is an altitude with an `M`, not a satellite count, which is how the two are told apart);
 * - compact `F/2.8, SS 30.15, ISO 260, EV -1.7, GPS (lon, lat, 17), D 221.21m, H 200.70m, H.S n/a, V.S n/a`
 *   with optional `HOME (lon, lat, alt)`, `F.PRY (p°, r°, y°)`, `G.PRY (...)`.
 *
 * `0.000000, 0.000000` (written before GPS lock) is not a fix: lat/lon are null for such entries.
 * The parser never throws; anything it cannot read ends up in `warnings`.
 */
import type { SrtFormat, Telemetry, TelemetrySample } from './types.js';
import { parseEntry, type EntryStats } from './srt-entry.js';

const TIMECODE_RE = /^\s*(\d+):(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?\s*-->\s*(?:(\d+):(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?)?/;
const INDEX_RE = /^\s*(\d+)\s*$/;

/** An entry header's `hh:mm:ss,mmm` in seconds. */
function timecodeSeconds(h: string, m: string, s: string, frac: string | undefined): number {
  // Seconds = 60 (Matrice 300) is accepted as is: 00:00:60,000 is simply 60 s.
  const ms = frac ? +frac * 10 ** (3 - frac.length) : 0;
  return +h * 3600 + +m * 60 + +s + ms / 1000;
}

/**
 * Parses the text of a DJI .SRT telemetry file (all of it in memory: fixtures, tests; processing
 * streams the file through SrtStreamParser on a worker thread). Never throws: an unreadable file
 * gives no samples and a warning.
 */
export function parseDjiSrt(text: string): Telemetry {
  if (typeof text !== 'string') {
    return { samples: [], format: 'unknown', warnings: ['input is not a string'], coordinateDecimals: null, entryCount: 0 };
  }
  try {
    const parser = new SrtStreamParser();
    parser.push(text);
    return parser.end();
  } catch (err) {
    // Defensive: the parser is written not to throw, but odd input must never break a run.
    return {
      samples: [],
      format: 'unknown',
      warnings: [`unparseable telemetry: ${err instanceof Error ? err.message : String(err)}`],
      coordinateDecimals: null,
      entryCount: 0,
    };
  }
}

/** Samples kept for the analysis: past this, every other kept sample is dropped (see SrtStreamParser). */
export const MAX_KEPT_SAMPLES = 16_384;
/**
 * Longest line and entry body kept, in characters. Real entries are under 1 KB; a file without line
 * breaks or headers must not grow one string without end.
 */
const MAX_LINE_CHARS = 64 * 1024;
const MAX_BODY_CHARS = 64 * 1024;

/**
 * The same parse as `parseDjiSrt`, fed in chunks of text (e.g. from a read stream) with bounded
 * memory: entries are parsed as their header is passed and only a bounded track is kept. Up to
 * `maxSamples` samples every entry is kept (so every real flight clip gives the exact result of a
 * whole-text parse); past that the kept track is halved (every other sample) and the stride
 * doubles, so a long flight keeps an evenly spaced track with its first and last sample. Counts,
 * formats, warnings and coordinate decimals still cover every entry.
 */
export class SrtStreamParser {
  private readonly maxSamples: number;
  /** Text of the line being read (a line break not yet seen). */
  private partial = '';
  private partialTruncated = false;
  /** A chunk ended in \r: the next chunk's \n (if any) belongs to it. */
  private pendingCr = false;
  private started = false;
  // The entry being read.
  private header: { index: number; time: number; endTime: number | null } | null = null;
  private body: string[] = [];
  private bodyChars = 0;
  /** The previous line, whether it is a body line, and whether it is the last piece of `body` (so an index line can be taken back). */
  private prevLine: string | null = null;
  private prevInBody = false;
  private prevAppended = false;
  // Every entry.
  private entries = 0;
  private unknown = 0;
  private backwards = 0;
  private prevTime: number | null = null;
  private anyFix = false;
  private readonly formatCounts = new Map<SrtFormat, number>();
  private readonly stats: EntryStats = { preLock: 0, outOfRange: 0, maxDecimals: null };
  // The kept track: entries whose ordinal is a multiple of `stride`, and the last entry.
  private kept: Array<{ ordinal: number; sample: TelemetrySample }> = [];
  private stride = 1;
  private last: { ordinal: number; sample: TelemetrySample } | null = null;

  constructor(opts: { maxSamples?: number } = {}) {
    this.maxSamples = Math.max(2, opts.maxSamples ?? MAX_KEPT_SAMPLES);
  }

  /** Feeds the next piece of the text. */
  push(chunk: string): void {
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    let i = 0;
    if (this.pendingCr) {
      this.pendingCr = false;
      if (text.charCodeAt(0) === 10) {
        this.line(this.takePartial(), '\r\n');
        i = 1;
      } else {
        this.line(this.takePartial(), '\r');
      }
    }
    const n = text.length;
    while (i < n) {
      // The next \n or \r from i (two indexOf calls are far faster than a char loop on large text).
      let lf = text.indexOf('\n', i);
      let cr = text.indexOf('\r', i);
      if (lf < 0) lf = n;
      if (cr < 0) cr = n;
      const eol = lf < cr ? lf : cr;
      if (eol === n) {
        this.appendPartial(text.slice(i));
        return;
      }
      this.appendPartial(text.slice(i, eol));
      if (eol === cr) {
        if (eol + 1 === n) {
          this.pendingCr = true; // a \n may start the next chunk
          return;
        }
        if (text.charCodeAt(eol + 1) === 10) {
          this.line(this.takePartial(), '\r\n');
          i = eol + 2;
          continue;
        }
        this.line(this.takePartial(), '\r');
      } else {
        this.line(this.takePartial(), '\n');
      }
      i = eol + 1;
    }
  }

  /** Ends the text: the result, with every entry counted and the kept track. */
  end(): Telemetry {
    if (this.pendingCr) {
      this.pendingCr = false;
      this.line(this.takePartial(), '\r');
    }
    if (this.partial.length > 0) this.line(this.takePartial(), '');
    this.finishEntry();
    const warnings: string[] = [];
    if (this.entries === 0) {
      warnings.push('no subtitle entries (index + "hh:mm:ss,mmm --> hh:mm:ss,mmm" timecode) found');
      return { samples: [], format: 'unknown', warnings, coordinateDecimals: null, entryCount: 0 };
    }
    const samples = this.kept.map((k) => k.sample);
    if (this.last && this.kept.at(-1)?.ordinal !== this.last.ordinal) samples.push(this.last.sample);
    let format: SrtFormat = 'unknown';
    let best = 0;
    for (const [f, n] of this.formatCounts) {
      if (f !== 'unknown' && n > best) {
        best = n;
        format = f;
      }
    }
    const { stats, entries } = this;
    if (this.unknown > 0) warnings.push(`${this.unknown} of ${entries} entries had no recognised telemetry fields`);
    if (stats.preLock > 0) warnings.push(`${stats.preLock} entries had 0,0 coordinates (before GPS lock); not used as fixes`);
    if (stats.outOfRange > 0) warnings.push(`${stats.outOfRange} entries had out-of-range coordinates; ignored`);
    if (this.backwards > 0) warnings.push(`${this.backwards} entries have a timecode earlier than the previous entry`);
    if (!this.anyFix) warnings.push('no GPS fix in the file');
    if (this.stride > 1) warnings.push(`${entries} entries: every ${this.stride}th (and the last) kept for the analysis`);
    return { samples, format, warnings, coordinateDecimals: stats.maxDecimals, entryCount: entries };
  }

  private appendPartial(s: string): void {
    if (this.partialTruncated || s.length === 0) return;
    const room = MAX_LINE_CHARS - this.partial.length;
    if (s.length > room) {
      this.partial += s.slice(0, room);
      this.partialTruncated = true;
    } else {
      this.partial += s;
    }
  }

  private takePartial(): string {
    const s = this.partial;
    this.partial = '';
    this.partialTruncated = false;
    return s;
  }

  /** One line and its terminator ('' for the last line of a text without a final line break). */
  private line(text: string, eol: string): void {
    const tc = text.includes('-->') ? TIMECODE_RE.exec(text) : null;
    if (tc) {
      // The index line just before the timecode belongs to the new entry, not the previous body.
      // Default: the running position, counting the entry this header ends.
      let index = this.entries + (this.header !== null ? 2 : 1);
      const prev = this.prevLine;
      if (prev !== null && (this.header === null || this.prevInBody)) {
        const im = INDEX_RE.exec(prev);
        if (im) {
          index = +im[1]!;
          if (this.prevAppended) this.bodyChars -= this.body.pop()!.length;
        }
      }
      this.finishEntry();
      this.header = {
        index,
        time: timecodeSeconds(tc[1]!, tc[2]!, tc[3]!, tc[4]),
        endTime: tc[5] !== undefined ? timecodeSeconds(tc[5], tc[6]!, tc[7]!, tc[8]) : null,
      };
      this.prevLine = text;
      this.prevInBody = false;
      this.prevAppended = false;
      return;
    }
    this.prevLine = text;
    this.prevInBody = this.header !== null;
    this.prevAppended = false;
    if (this.header === null) return; // before the first entry
    const piece = text + eol;
    if (this.bodyChars + piece.length > MAX_BODY_CHARS) return;
    this.body.push(piece);
    this.bodyChars += piece.length;
    this.prevAppended = true;
  }

  private finishEntry(): void {
    const h = this.header;
    if (h === null) return;
    const sample = parseEntry({ index: h.index, time: h.time, endTime: h.endTime, body: this.body.join('') }, this.stats);
    this.header = null;
    this.body = [];
    this.bodyChars = 0;
    const ordinal = this.entries++;
    this.formatCounts.set(sample.format, (this.formatCounts.get(sample.format) ?? 0) + 1);
    if (sample.format === 'unknown') this.unknown++;
    if (this.prevTime !== null && sample.time < this.prevTime) this.backwards++;
    this.prevTime = sample.time;
    if (sample.lat !== null) this.anyFix = true;
    this.last = { ordinal, sample };
    if (ordinal % this.stride !== 0) return;
    this.kept.push({ ordinal, sample });
    if (this.kept.length >= this.maxSamples) {
      this.stride *= 2;
      this.kept = this.kept.filter((k) => k.ordinal % this.stride === 0);
    }
  }
}
