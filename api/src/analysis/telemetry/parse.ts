/**
 * Our own parser for DJI .SRT telemetry subtitles.
 *
 * Entries are found by their header - an index line followed by an `hh:mm:ss,mmm --> hh:mm:ss,mmm`
 * timecode line, read line by line (\r\n, \n or \r) - and NOT by blank lines: some firmware (ruz76 DJI.SRT) writes a blank line and a
 * stray `0` inside every entry. Each entry's body is then read with one generic `key: value` scanner
 * (bracket and legacy `KEY:value` layouts) plus a few tuple patterns (`GPS(..)`, `HOME(..)`, `F.PRY`)
 * and the comma-separated "compact" layout of the Mavic Mini / Phantom 4 RTK.
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
import type { CameraSettings, SrtFormat, Telemetry, TelemetrySample } from './types.js';

const TIMECODE_RE = /^\s*(\d+):(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?\s*-->\s*(?:(\d+):(\d{1,2}):(\d{1,2})(?:[,.](\d{1,3}))?)?/;
const INDEX_RE = /^\s*(\d+)\s*$/;
/** The `key: value` / `KEY:value` fields we read (lower case), bracket and legacy layouts. */
const KEYS = [
  'latitude',
  'longitude',
  'longtitude',
  'rel_alt',
  'abs_alt',
  'altitude',
  'barometer',
  'hb',
  'iso',
  'shutter',
  'tv',
  'fnum',
  'ir',
  'ev',
  'ct',
  'color_md',
  'focal_len',
  'dzoom_ratio',
  'dzoom',
  'drone_speedx',
  'drone_speedy',
  'drone_speedz',
  'drone_yaw',
  'drone_pitch',
  'drone_roll',
  'gb_yaw',
  'gb_pitch',
  'gb_roll',
  'framecnt',
  'srtcnt',
] as const;
type Key = (typeof KEYS)[number];
type Fields = Record<Key, string | undefined>;
/**
 * `key: value` / `key : value` scanner for the known keys only (so no strings are made for the
 * dozens of other fields). The value must end at whitespace, `]`, `,` or the end, so `EV: Fnum:2.2`
 * (an empty EV) does not read `Fnum` as the EV. Longer keys come first in the alternation.
 */
const KV_RE = new RegExp(`\\b(${[...KEYS].sort((a, b) => b.length - a.length).join('|')})\\s*:\\s*([^\\s\\],:]+)(?=[\\s\\],]|$)`, 'gi');
/** A fresh record of every key (an object literal, so all records share one fast shape). */
function emptyFields(): Fields {
  return {
    latitude: undefined,
    longitude: undefined,
    longtitude: undefined,
    rel_alt: undefined,
    abs_alt: undefined,
    altitude: undefined,
    barometer: undefined,
    hb: undefined,
    iso: undefined,
    shutter: undefined,
    tv: undefined,
    fnum: undefined,
    ir: undefined,
    ev: undefined,
    ct: undefined,
    color_md: undefined,
    focal_len: undefined,
    dzoom_ratio: undefined,
    dzoom: undefined,
    drone_speedx: undefined,
    drone_speedy: undefined,
    drone_speedz: undefined,
    drone_yaw: undefined,
    drone_pitch: undefined,
    drone_roll: undefined,
    gb_yaw: undefined,
    gb_pitch: undefined,
    gb_roll: undefined,
    framecnt: undefined,
    srtcnt: undefined,
  };
}

/** `2017.08.05 14:11:51`, `2017.8.5 ..`, `2022-12-29 08:32:20.113`, `2022-08-07 13:40:40,774,808`. */
const DATE_RE = /(\d{4})[-./](\d{1,2})[-./](\d{1,2})[ T]+(\d{1,2}):(\d{2}):(\d{2})(?:[.,](\d{1,3})(?:[.,]\d{1,3})?)?/;
const GPS_TUPLE_RE = /\bGPS\s*\(([^)]*)\)/;
const HOME_TUPLE_RE = /\bHOME\s*\(([^)]*)\)/;
const F_PRY_RE = /F\.PRY\s*\(\s*(-?[\d.]+)°?\s*,\s*(-?[\d.]+)°?\s*,\s*(-?[\d.]+)°?\s*\)/;
const G_PRY_RE = /G\.PRY\s*\(\s*(-?[\d.]+)°?\s*,\s*(-?[\d.]+)°?\s*,\s*(-?[\d.]+)°?\s*\)/;
// Compact (Mavic Mini / Phantom 4 RTK) fields: `F/2.8, SS 30.15, ISO 260, EV -1.7, D 221.21m, H 200.70m`.
const C_FNUM_RE = /(?:^|[\s,])F\/(\d+(?:\.\d+)?)/;
const C_SS_RE = /(?:^|[\s,])SS\s+(\d[\d./]*)/;
const C_ISO_RE = /(?:^|[\s,])ISO\s+(\d+)/;
const C_EV_RE = /(?:^|[\s,])EV\s+([+-]?\d[\d./]*)/;
const C_DIST_RE = /(?:^|[\s,])D\s+(-?\d+(?:\.\d+)?)\s*m\b/;
const C_HEIGHT_RE = /(?:^|[\s,])H\s+(-?\d+(?:\.\d+)?)\s*m\b/;
const C_HS_RE = /H\.S\s+(-?\d+(?:\.\d+)?)\s*m\/s/;
const C_VS_RE = /V\.S\s+(-?\d+(?:\.\d+)?)\s*m\/s/;
const C_DZOOM_RE = /(?:^|[\s,])DZOOM\s+(\d+(?:\.\d+)?)/;

/** Parses a number; null for empty, `n/a`, NaN or infinite values. Accepts trailing units (`83.4M`, `33ms`). */
function num(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const v = parseFloat(raw);
  return Number.isFinite(v) ? v : null;
}

/** A fraction such as `-1/3` or a plain number. */
function fractionOrNum(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const slash = raw.indexOf('/');
  if (slash > 0) {
    const a = parseFloat(raw.slice(0, slash));
    const b = parseFloat(raw.slice(slash + 1));
    return Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : null;
  }
  return num(raw);
}

/** Trims a number to at most `digits` decimals without trailing zeros: 6400.0 -> "6400", 239.89 -> "239.89". */
function fmt(v: number, digits = 2): string {
  return String(Number(v.toFixed(digits)));
}

/**
 * Shutter speed. `1/8000.0` -> 1/8000 s. A bare number is a denominator, as DJI's legacy and compact
 * layouts write it (`Shutter:60`, `TV:60`, `SS 400` = 1/60 s, 1/400 s). `2s` or `2"` is 2 seconds.
 */
function parseShutter(raw: string | undefined): { text: string; seconds: number } | null {
  if (raw === undefined || raw === '') return null;
  const slash = raw.indexOf('/');
  if (slash > 0) {
    const a = parseFloat(raw.slice(0, slash));
    const b = parseFloat(raw.slice(slash + 1));
    if (!Number.isFinite(a) || !Number.isFinite(b) || a <= 0 || b <= 0) return null;
    return { text: `${fmt(a)}/${fmt(b)}`, seconds: a / b };
  }
  const v = parseFloat(raw);
  if (!Number.isFinite(v) || v <= 0) return null;
  if (/\d\s*(?:s|")\s*$/i.test(raw)) return { text: `${fmt(v)}s`, seconds: v };
  if (v >= 1) return { text: `1/${fmt(v)}`, seconds: 1 / v };
  return { text: `${fmt(v, 4)}s`, seconds: v };
}

/** f-number: `2.8`, `F2.8`, `F/2.8`, or older firmware's hundredths `280` (no decimal point, >= 100). */
function parseFnum(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const s = raw.replace(/^[Ff]\/?/, '');
  const v = num(s);
  if (v === null || v <= 0) return null;
  return !s.includes('.') && v >= 100 ? v / 100 : v;
}

/** Focal length: `24.00` mm, or older firmware's tenths `240` (no decimal point, >= 100) = 24 mm. */
function parseFocal(raw: string | undefined): number | null {
  const v = num(raw);
  if (v === null || v <= 0 || raw === undefined) return null;
  return !raw.includes('.') && v >= 100 ? v / 10 : v;
}

/** Digital zoom: `4.00`, or `dzoom_ratio: 10000` (x10000 fixed point) = 1.0. */
function parseZoom(raw: string | undefined): number | null {
  const v = num(raw);
  if (v === null || v <= 0 || raw === undefined) return null;
  return !raw.includes('.') && v >= 100 ? v / 10000 : v;
}

function normYaw(v: number | null): number | null {
  if (v === null) return null;
  const d = v % 360;
  return d < 0 ? d + 360 : d;
}

function decimals(raw: string): number {
  const dot = raw.indexOf('.');
  if (dot < 0) return 0;
  let end = dot + 1;
  while (end < raw.length && raw.charCodeAt(end) >= 48 && raw.charCodeAt(end) <= 57) end++;
  return end - dot - 1;
}

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

/** Local wall-clock date/time written by the drone, as `YYYY-MM-DDTHH:mm:ss.sss`, or null. */
function parseLocalDate(body: string): string | null {
  const m = DATE_RE.exec(body);
  if (!m) return null;
  const y = +m[1]!;
  const mo = +m[2]!;
  const d = +m[3]!;
  const h = +m[4]!;
  const mi = +m[5]!;
  const s = +m[6]!;
  if (y < 1990 || y > 2200 || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) {
    return null;
  }
  const msRaw = m[7];
  const ms = msRaw ? Math.round(+msRaw * 10 ** (3 - msRaw.length)) : 0;
  return `${pad(y, 4)}-${pad(mo)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(Math.min(s, 59))}.${pad(ms, 3)}`;
}

function timecodeSeconds(h: string, m: string, s: string, frac: string | undefined): number {
  // Seconds = 60 (Matrice 300) is accepted as is: 00:00:60,000 is simply 60 s.
  const ms = frac ? +frac * 10 ** (3 - frac.length) : 0;
  return +h * 3600 + +m * 60 + +s + ms / 1000;
}

interface RawEntry {
  index: number;
  time: number;
  endTime: number | null;
  body: string;
}

/** Camera settings with nothing known (a sample whose source carries none). */
export function emptyCamera(): CameraSettings {
  return {
    iso: null,
    shutter: null,
    shutterSeconds: null,
    fnum: null,
    ev: null,
    focalLength: null,
    digitalZoom: null,
    colorMode: null,
    colorTemperature: null,
  };
}

interface EntryStats {
  preLock: number;
  outOfRange: number;
  maxDecimals: number | null;
}

function validFix(lat: number | null, lon: number | null, stats: EntryStats): { lat: number; lon: number } | null {
  if (lat === null || lon === null) return null;
  if (lat === 0 && lon === 0) {
    stats.preLock++;
    return null;
  }
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    stats.outOfRange++;
    return null;
  }
  return { lat, lon };
}

/** Reads one entry body into a sample. */
function parseEntry(raw: RawEntry, stats: EntryStats): TelemetrySample {
  const body = raw.body;
  const kv = emptyFields();
  let kvCount = 0;
  KV_RE.lastIndex = 0;
  for (let m = KV_RE.exec(body); m !== null; m = KV_RE.exec(body)) {
    const key = m[1]!.toLowerCase() as Key;
    if (kv[key] === undefined) {
      kv[key] = m[2]!;
      kvCount++;
    }
  }

  const camera = emptyCamera();
  const sample: TelemetrySample = {
    index: raw.index,
    time: raw.time,
    endTime: raw.endTime,
    localTime: parseLocalDate(body),
    lat: null,
    lon: null,
    relAlt: null,
    absAlt: null,
    hSpeed: null,
    vSpeed: null,
    yaw: null,
    pitch: null,
    roll: null,
    gimbalYaw: null,
    gimbalPitch: null,
    gimbalRoll: null,
    satellites: null,
    distanceFromHome: null,
    home: null,
    camera,
    format: 'unknown',
  };

  let format: SrtFormat = 'unknown';
  let rawLat: string | undefined;
  let rawLon: string | undefined;

  // Bracket layouts: [latitude: ] [longitude: ] (or the misspelt longtitude).
  if (kv.latitude !== undefined || kv.longitude !== undefined || kv.longtitude !== undefined) {
    rawLat = kv.latitude;
    rawLon = kv.longitude ?? kv.longtitude;
    format = 'bracket';
  }

  // GPS(..) tuple: legacy (lon, lat, sats), compact (lon, lat, sats) or Matrice 300 (lat, lon, altM).
  const gps = body.includes('GPS') ? GPS_TUPLE_RE.exec(body) : null;
  if (gps && rawLat === undefined) {
    const parts = gps[1]!.split(',').map((p) => p.trim());
    const third = parts[2] ?? '';
    const latFirst = /[Mm]$/.test(third);
    rawLat = latFirst ? parts[0] : parts[1];
    rawLon = latFirst ? parts[1] : parts[0];
    if (latFirst) {
      format = 'matrice';
    } else {
      sample.satellites = third !== '' && /^\d+$/.test(third) ? +third : null;
      format = /\bGPS\s+\(/.test(body) ? 'compact' : 'legacy';
    }
  }

  if (rawLat !== undefined && rawLon !== undefined) {
    let lat = num(rawLat);
    let lon = num(rawLon);
    // A latitude beyond +-90 with a longitude that fits is a swapped pair (defensive; not seen in fixtures).
    if (lat !== null && lon !== null && Math.abs(lat) > 90 && Math.abs(lon) <= 90) {
      [lat, lon] = [lon, lat];
    }
    const fix = validFix(lat, lon, stats);
    if (!fix && lat === 0 && lon === 0) sample.preLock = true;
    if (fix) {
      sample.lat = fix.lat;
      sample.lon = fix.lon;
      const dec = Math.max(decimals(rawLat), decimals(rawLon));
      if (stats.maxDecimals === null || dec > stats.maxDecimals) stats.maxDecimals = dec;
    }
  }

  const home = body.includes('HOME') ? HOME_TUPLE_RE.exec(body) : null;
  if (home) {
    const parts = home[1]!.split(',');
    const hLon = num(parts[0]?.trim());
    const hLat = num(parts[1]?.trim());
    if (hLat !== null && hLon !== null && !(hLat === 0 && hLon === 0) && Math.abs(hLat) <= 90 && Math.abs(hLon) <= 180) {
      sample.home = { lat: hLat, lon: hLon };
    }
    if (format === 'unknown') format = 'legacy';
  }

  // Altitudes.
  sample.relAlt = num(kv.rel_alt) ?? num(kv.barometer) ?? num(kv.hb);
  sample.absAlt = num(kv.abs_alt) ?? num(kv.altitude);

  // Attitude and speeds (bracket multi-line layouts).
  sample.yaw = normYaw(num(kv.drone_yaw));
  sample.pitch = num(kv.drone_pitch);
  sample.roll = num(kv.drone_roll);
  sample.gimbalYaw = normYaw(num(kv.gb_yaw));
  sample.gimbalPitch = num(kv.gb_pitch);
  sample.gimbalRoll = num(kv.gb_roll);
  const sx = num(kv.drone_speedx);
  const sy = num(kv.drone_speedy);
  const sz = num(kv.drone_speedz);
  if (sx !== null && sy !== null) sample.hSpeed = Math.hypot(sx, sy);
  // DJI's speeds are north-east-down: positive z is downwards.
  if (sz !== null) sample.vSpeed = sz === 0 ? 0 : -sz;

  // Camera (bracket and legacy KEY:value).
  camera.iso = num(kv.iso);
  const sh = parseShutter(kv.shutter ?? kv.tv);
  if (sh) {
    camera.shutter = sh.text;
    camera.shutterSeconds = sh.seconds;
  }
  camera.fnum = parseFnum(kv.fnum ?? kv.ir);
  camera.ev = fractionOrNum(kv.ev);
  camera.focalLength = parseFocal(kv.focal_len);
  camera.digitalZoom = parseZoom(kv.dzoom_ratio ?? kv.dzoom);
  camera.colorMode = kv.color_md ?? null;
  camera.colorTemperature = num(kv.ct);

  // Compact layout (Mavic Mini, Phantom 4 RTK): comma-separated, no colons.
  if (camera.iso === null && (body.includes('F/') || body.includes('ISO ') || body.includes('SS '))) {
    const iso = C_ISO_RE.exec(body);
    if (iso) camera.iso = +iso[1]!;
    const f = C_FNUM_RE.exec(body);
    if (f) camera.fnum = parseFnum(f[1]);
    const ss = C_SS_RE.exec(body);
    const csh = ss ? parseShutter(ss[1]) : null;
    if (csh) {
      camera.shutter = csh.text;
      camera.shutterSeconds = csh.seconds;
    }
    const ev = C_EV_RE.exec(body);
    if (ev) camera.ev = fractionOrNum(ev[1]);
    const d = C_DIST_RE.exec(body);
    if (d) sample.distanceFromHome = num(d[1]);
    const h = C_HEIGHT_RE.exec(body);
    if (h && sample.relAlt === null) sample.relAlt = num(h[1]);
    const hs = C_HS_RE.exec(body);
    if (hs) sample.hSpeed = num(hs[1]);
    const vs = C_VS_RE.exec(body);
    if (vs) sample.vSpeed = num(vs[1]);
    const dz = C_DZOOM_RE.exec(body);
    if (dz) camera.digitalZoom = parseZoom(dz[1]); // Mini 2 style `DZOOM 1.000`
    if (format === 'unknown') format = 'compact';
  }
  if (body.includes('PRY')) {
    const fp = F_PRY_RE.exec(body);
    if (fp) {
      sample.pitch = num(fp[1]);
      sample.roll = num(fp[2]);
      sample.yaw = normYaw(num(fp[3]));
    }
    const gp = G_PRY_RE.exec(body);
    if (gp) {
      sample.gimbalPitch = num(gp[1]);
      sample.gimbalRoll = num(gp[2]);
      sample.gimbalYaw = normYaw(num(gp[3]));
    }
  }

  if (format === 'unknown' && kvCount > 0 && (camera.iso !== null || kv.framecnt !== undefined || kv.srtcnt !== undefined)) {
    format = 'bracket'; // e.g. Mavic Air: camera fields only, no GPS
  }
  if (format === 'unknown' && sample.localTime !== null && sample.relAlt !== null) format = 'matrice';
  sample.format = format;
  return sample;
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
