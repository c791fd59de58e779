/**
 * Reads one DJI .SRT entry's body into a telemetry sample: the generic `key: value` scanner (bracket
 * and legacy `KEY:value` layouts), the tuple patterns (`GPS(..)`, `HOME(..)`, `F.PRY`) and the
 * compact comma-separated layout; which layout it was is told from what matched (parse.ts lists
 * the known layouts). Entries are framed by parse.ts's SrtStreamParser.
 */
import type { CameraSettings, SrtFormat, TelemetrySample } from './types.js';
import { decimals, fractionOrNum, normYaw, num, parseFnum, parseFocal, parseLocalDate, parseShutter, parseZoom } from './srt-values.js';

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

export interface RawEntry {
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

export interface EntryStats {
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
export function parseEntry(raw: RawEntry, stats: EntryStats): TelemetrySample {
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
