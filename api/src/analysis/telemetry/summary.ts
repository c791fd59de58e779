/**
 * Figures of a parsed track: start and centre, altitude range, distance, speed, heading, climb,
 * duration, local and UTC time, camera settings. Only real fixes are used (0,0 pre-lock entries
 * have null lat/lon and are skipped).
 */
import { cleanSamples, noneDropped } from './clean.js';
import { destinationPoint, haversineM, initialBearingDeg } from './geo.js';
import { localToUtc, timeZoneAt } from './timezone.js';
import type { CameraSummary, LatLon, LookAt, Telemetry, TelemetrySample, TrackSummary } from './types.js';

/** Nearer the horizon than this the ground point is kilometres away and uncertain: no look point. */
export const LOOK_MIN_DOWN_DEG = 5;
/** Look points further than this are the horizon, not a subject. */
export const LOOK_MAX_DISTANCE_M = 3000;

/** The ground point the camera looks at in the entry nearest the middle of the clip that has a fix, a height and a gimbal. */
function lookAtOf(samples: readonly TelemetrySample[]): LookAt | null {
  const usable = samples.filter((s) => s.lat !== null && s.lon !== null && s.relAlt !== null && s.gimbalPitch !== null && s.gimbalYaw !== null);
  if (!usable.length) return null;
  const s = usable[usable.length >> 1]!;
  const pitch = s.gimbalPitch!;
  const height = s.relAlt!;
  if (pitch > -LOOK_MIN_DOWN_DEG || height <= 0) return null;
  const distanceM = pitch <= -89.5 ? 0 : height / Math.tan((-pitch * Math.PI) / 180);
  if (distanceM > LOOK_MAX_DISTANCE_M) return null;
  const p = destinationPoint(s.lat!, s.lon!, s.gimbalYaw!, distanceM);
  return { lat: p.lat, lon: p.lon, distanceM, pitch, yaw: s.gimbalYaw!, height, from: { lat: s.lat!, lon: s.lon! } };
}

/**
 * Movement below this (metres) does not define a heading: consumer GPS wanders 1-3 m while hovering,
 * and 4-decimal legacy files are quantised to ~11 m, so a smaller step is noise, not a direction.
 */
export const HEADING_MIN_MOVE_M = 15;
/**
 * Positions are thinned to at least this many seconds apart before summing the path length: at 30-50
 * entries per second the 0.1 m coordinate rounding alone would add metres per second of fake distance.
 */
export const DISTANCE_MIN_DT_S = 1;
/** Window (seconds) over which position-derived speeds are measured, to average out GPS jitter. */
export const SPEED_WINDOW_S = 2;
/**
 * Largest speed error (m/s) we accept from coordinate rounding: with 4-decimal files (~11 m steps)
 * the speed window is stretched to step / this (~5.6 s) so rounding cannot fake a 5 m/s burst.
 */
export const MAX_ROUNDING_SPEED_ERROR = 2;
/** Metres per degree of latitude (and of longitude at the equator). */
const M_PER_DEG = 111_320;

type Fix = { t: number; lat: number; lon: number };

function fixesOf(samples: readonly TelemetrySample[]): Fix[] {
  const out: Fix[] = [];
  for (const s of samples) {
    if (s.lat !== null && s.lon !== null) out.push({ t: s.time, lat: s.lat, lon: s.lon });
  }
  return out;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const v = [...values].sort((a, b) => a - b);
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

function mode<T>(values: readonly (T | null)[]): T | null {
  const counts = new Map<T, number>();
  let best: T | null = null;
  let bestN = 0;
  for (const v of values) {
    if (v === null) continue;
    const n = (counts.get(v) ?? 0) + 1;
    counts.set(v, n);
    if (n > bestN) {
      best = v;
      bestN = n;
    }
  }
  return best;
}

function minMax(values: readonly (number | null)[]): { min: number | null; max: number | null } {
  let min: number | null = null;
  let max: number | null = null;
  for (const v of values) {
    if (v === null) continue;
    if (min === null || v < min) min = v;
    if (max === null || v > max) max = v;
  }
  return { min, max };
}

/** Path length in metres over fixes thinned to >= DISTANCE_MIN_DT_S apart (the last fix always counts). */
export function pathLengthM(fixes: readonly { t: number; lat: number; lon: number }[]): number {
  if (fixes.length < 2) return 0;
  let total = 0;
  let anchor = fixes[0]!;
  for (let i = 1; i < fixes.length; i++) {
    const p = fixes[i]!;
    if (p.t - anchor.t >= DISTANCE_MIN_DT_S || i === fixes.length - 1) {
      total += haversineM(anchor.lat, anchor.lon, p.lat, p.lon);
      anchor = p;
    }
  }
  return total;
}

/** Highest speed in m/s between fixes >= `window` seconds apart; null when the fixes span less than that. */
function maxWindowSpeed(fixes: readonly Fix[], window: number): number | null {
  let best: number | null = null;
  let j = 0;
  for (let i = 0; i < fixes.length; i++) {
    const a = fixes[i]!;
    if (j < i) j = i;
    while (j < fixes.length && fixes[j]!.t - a.t < window) j++;
    if (j >= fixes.length) break;
    const b = fixes[j]!;
    const v = haversineM(a.lat, a.lon, b.lat, b.lon) / (b.t - a.t);
    if (best === null || v > best) best = v;
  }
  return best;
}

function summarizeCamera(samples: readonly TelemetrySample[]): CameraSummary {
  const isos = minMax(samples.map((s) => s.camera.iso));
  const zoom = minMax(samples.map((s) => s.camera.digitalZoom));
  const cts: number[] = [];
  for (const s of samples) if (s.camera.colorTemperature !== null) cts.push(s.camera.colorTemperature);
  return {
    isoMin: isos.min,
    isoMax: isos.max,
    shutter: mode(samples.map((s) => s.camera.shutter)),
    fnum: mode(samples.map((s) => s.camera.fnum)),
    ev: mode(samples.map((s) => s.camera.ev)),
    focalLength: mode(samples.map((s) => s.camera.focalLength)),
    digitalZoomMax: zoom.max,
    colorMode: mode(samples.map((s) => s.camera.colorMode)),
    colorTemperature: median(cts),
  };
}

function firstLast<T>(values: readonly (T | null)[]): { first: T | null; last: T | null } {
  let first: T | null = null;
  let last: T | null = null;
  for (const v of values) {
    if (v === null) continue;
    if (first === null) first = v;
    last = v;
  }
  return { first, last };
}

/**
 * Summarises a parsed track. Accepts the parser's result or a bare sample list (e.g. a hand-made
 * track in a test). Never throws.
 */
export function summarizeTrack(t: Telemetry | readonly TelemetrySample[], options: SummaryOptions = {}): TrackSummary {
  const all: readonly TelemetrySample[] = Array.isArray(t) ? t : ((t as Telemetry | null | undefined)?.samples ?? []);
  const decimals = Array.isArray(t) ? null : ((t as Telemetry | null | undefined)?.coordinateDecimals ?? null);
  const positionPrecision = decimals !== null ? M_PER_DEG * 10 ** -decimals : null;
  const cleaned = options.raw ? { samples: all, dropped: noneDropped() } : cleanSamples(all, positionPrecision);
  const samples = cleaned.samples;
  const fixes = fixesOf(samples);
  const hasGps = fixes.length > 0;
  const firstFix: LatLon | null = hasGps ? { lat: fixes[0]!.lat, lon: fixes[0]!.lon } : null;
  const lastFix: LatLon | null = hasGps ? { lat: fixes.at(-1)!.lat, lon: fixes.at(-1)!.lon } : null;

  let bbox: TrackSummary['bbox'] = null;
  let centre: LatLon | null = null;
  let meanPosition: LatLon | null = null;
  if (hasGps) {
    let minLat = Infinity;
    let maxLat = -Infinity;
    let minLon = Infinity;
    let maxLon = -Infinity;
    let sLat = 0;
    let sLon = 0;
    for (const f of fixes) {
      if (f.lat < minLat) minLat = f.lat;
      if (f.lat > maxLat) maxLat = f.lat;
      if (f.lon < minLon) minLon = f.lon;
      if (f.lon > maxLon) maxLon = f.lon;
      sLat += f.lat;
      sLon += f.lon;
    }
    bbox = { minLat, minLon, maxLat, maxLon };
    centre = { lat: (minLat + maxLat) / 2, lon: (minLon + maxLon) / 2 };
    meanPosition = { lat: sLat / fixes.length, lon: sLon / fixes.length };
  }

  // Altitude: relative (height above take-off) is what "high/low" means for a shot; absolute as fallback.
  const rel = samples.map((s) => s.relAlt);
  const abs = samples.map((s) => s.absAlt);
  const relMM = minMax(rel);
  const absMM = minMax(abs);
  const altitudeReference = relMM.min !== null ? 'relative' : absMM.min !== null ? 'absolute' : null;
  const series = altitudeReference === 'relative' ? rel : altitudeReference === 'absolute' ? abs : [];
  const altMM = minMax(series);
  const altFL = firstLast(series);
  const altTimes = firstLast(samples.map((s, i) => (series[i] !== null && series[i] !== undefined ? s.time : null)));
  const altSpan = altTimes.first !== null && altTimes.last !== null ? altTimes.last - altTimes.first : 0;
  const altValues = series.filter((v): v is number => v !== null);

  // The SRT's length and its wall-clock times include every entry: a frame before GPS lock is still a frame.
  const start = all.length > 0 ? all[0]!.time : 0;
  const lastSample = all.at(-1);
  const end = lastSample ? Math.max(lastSample.endTime ?? lastSample.time, lastSample.time) : 0;
  const duration = Math.max(0, end - start);

  const distance = pathLengthM(fixes);
  const netDisplacement = hasGps && lastFix && firstFix ? haversineM(firstFix.lat, firstFix.lon, lastFix.lat, lastFix.lon) : 0;
  const fixSpan = hasGps ? fixes.at(-1)!.t - fixes[0]!.t : 0;
  const avgGroundSpeed = hasGps && fixSpan > 0 ? distance / fixSpan : null;
  const reported = minMax(samples.map((s) => s.hSpeed));
  const speedWindow = Math.max(SPEED_WINDOW_S, (positionPrecision ?? 0) / MAX_ROUNDING_SPEED_ERROR);
  const maxGroundSpeed = reported.max ?? (hasGps ? maxWindowSpeed(fixes, speedWindow) : null);

  let initialHeading: number | null = null;
  if (firstFix) {
    for (const f of fixes) {
      if (haversineM(firstFix.lat, firstFix.lon, f.lat, f.lon) >= HEADING_MIN_MOVE_M) {
        initialHeading = initialBearingDeg(firstFix.lat, firstFix.lon, f.lat, f.lon);
        break;
      }
    }
  }
  const netHeading =
    firstFix && lastFix && netDisplacement >= HEADING_MIN_MOVE_M ? initialBearingDeg(firstFix.lat, firstFix.lon, lastFix.lat, lastFix.lon) : null;

  const climb = altFL.first !== null && altFL.last !== null ? altFL.last - altFL.first : null;
  const times = firstLast(all.map((s) => s.localTime));
  const timeZone = firstFix ? timeZoneAt(firstFix.lat, firstFix.lon) : null;
  const gimbalPitches: number[] = [];
  for (const s of samples) if (s.gimbalPitch !== null) gimbalPitches.push(s.gimbalPitch);

  return {
    sampleCount: Array.isArray(t) ? samples.length : ((t as Telemetry | null | undefined)?.entryCount ?? samples.length),
    fixCount: fixes.length,
    hasGps,
    firstFix,
    lastFix,
    centre,
    meanPosition,
    bbox,
    positionPrecision,
    altitudeReference,
    altitudeMin: altMM.min,
    altitudeMax: altMM.max,
    altitudeStart: altFL.first,
    altitudeEnd: altFL.last,
    altitudeMedian: median(altValues),
    climb,
    // Over the telemetry time the altitudes span, not the clip's (or the SRT's) length.
    climbRate: climb !== null && altSpan > 0 ? climb / altSpan : null,
    relAltMin: relMM.min,
    relAltMax: relMM.max,
    absAltMin: absMM.min,
    absAltMax: absMM.max,
    distance,
    netDisplacement,
    avgGroundSpeed,
    maxGroundSpeed,
    initialHeading,
    netHeading,
    startYaw: firstLast(samples.map((s) => s.yaw)).first,
    startGimbalYaw: firstLast(samples.map((s) => s.gimbalYaw)).first,
    gimbalPitchMedian: median(gimbalPitches),
    duration,
    localStart: times.first,
    localEnd: times.last,
    timeZone,
    utcStart: times.first && timeZone ? localToUtc(times.first, timeZone) : null,
    utcEnd: times.last && timeZone ? localToUtc(times.last, timeZone) : null,
    camera: summarizeCamera(all),
    dropped: cleaned.dropped,
    lookAt: lookAtOf(samples),
    telemetrySpan: samples.length > 1 ? samples.at(-1)!.time - samples[0]!.time : 0,
  };
}

export interface SummaryOptions {
  /** Skip the track cleaner (clean.ts): the figures as they were before it, for the benchmark's comparison. */
  raw?: boolean;
}
