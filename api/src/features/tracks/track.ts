/**
 * A set's flight track, built from the parsed SRT: the fixes only (frames written before GPS lock
 * carry no position), each with its time, altitude and ground speed, and where the camera was at
 * the frames the analysis looked at.
 */
import { haversineM, localToUtc, timeZoneAt, type Telemetry, type TelemetrySample } from '../../analysis/telemetry/index.js';

export interface TrackPoint {
  /** Seconds from the start of the video (the SRT timecode). */
  t: number;
  /** UTC instant (ISO 8601), or null when the SRT carries no date. */
  time: string | null;
  lat: number;
  lon: number;
  /** Metres, in the track's `altitudeReference`; null when this sample has none. */
  altitude: number | null;
  /** Ground speed in m/s: the drone's own when reported, else from the positions; null for a lone point. */
  speed: number | null;
}

/** Where the camera was at one of the analysed frames. */
export interface TrackFrame {
  /** Which frame: 1, 2, 3 (at 20 %, 50 %, 80 % of the video). */
  index: number;
  /** Seconds from the start of the video. */
  t: number;
  lat: number;
  lon: number;
  altitude: number | null;
}

export interface Track {
  fileSetId: string;
  baseName: string;
  /** The set's current title, else its base name. */
  title: string;
  /** First and last point's UTC time, when known. */
  start: string | null;
  end: string | null;
  /** `absolute` (the drone's abs_alt / altitude, for GPX `ele` and KML `absolute`) or `relative` (height above take-off). */
  altitudeReference: 'absolute' | 'relative' | null;
  points: TrackPoint[];
  frames: TrackFrame[];
}

/** Speed is measured over at least this many seconds, so 0.1 m coordinate rounding at 30 fps is not read as motion. */
const SPEED_WINDOW_S = 2;
/** Largest speed error (m/s) coordinate rounding may cause: 4-decimal files (~11 m steps) get a ~5.6 s window. */
const MAX_ROUNDING_SPEED_ERROR = 2;

const hasFix = (s: TelemetrySample): s is TelemetrySample & { lat: number; lon: number } => s.lat !== null && s.lon !== null && !(s.lat === 0 && s.lon === 0);

/** The instants of the samples: the drone's local wall clock moved into UTC with the zone at the first fix. */
function utcClock(fixes: readonly TelemetrySample[]): (s: TelemetrySample) => string | null {
  const first = fixes[0];
  const dated = fixes.find((s) => s.localTime !== null);
  const zone = first ? timeZoneAt(first.lat!, first.lon!) : null;
  const utc = dated && zone ? localToUtc(dated.localTime!, zone) : null;
  if (!dated || !utc) return () => null;
  // One offset for the clip (a clip does not cross a DST change in practice); the Intl lookup once, not per frame.
  const offsetMs = Date.parse(`${dated.localTime}Z`) - Date.parse(utc);
  const baseMs = Date.parse(utc);
  return (s) => {
    const ms = s.localTime !== null ? Date.parse(`${s.localTime}Z`) - offsetMs : baseMs + (s.time - dated.time) * 1000;
    return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
  };
}

export interface TrackMeta {
  fileSetId: string;
  baseName: string;
  title: string | null;
  /** Video length in seconds from the stored analysis (the frames were taken at fractions of it), or null before processing. */
  videoDuration: number | null;
  /** Fractions of the video the analysed frames were taken at. */
  framePositions: readonly number[];
}

export function buildTrack(telemetry: Telemetry, meta: TrackMeta): Track {
  const fixes = telemetry.samples.filter(hasFix);
  const absCount = fixes.filter((s) => s.absAlt !== null).length;
  const relCount = fixes.filter((s) => s.relAlt !== null).length;
  const altitudeReference = absCount > 0 && absCount >= relCount ? 'absolute' : relCount > 0 ? 'relative' : null;
  const altOf = (s: TelemetrySample) => (altitudeReference === 'absolute' ? s.absAlt : altitudeReference === 'relative' ? s.relAlt : null);
  const clock = utcClock(fixes);
  const stepM = telemetry.coordinateDecimals === null ? 0 : 111_320 * 10 ** -telemetry.coordinateDecimals;
  const windowS = Math.max(SPEED_WINDOW_S, stepM / MAX_ROUNDING_SPEED_ERROR);

  const points: TrackPoint[] = [];
  let back = 0; // the earliest fix still inside the speed window
  for (let i = 0; i < fixes.length; i++) {
    const s = fixes[i]!;
    let speed = s.hSpeed;
    if (speed === null && i > 0) {
      while (back < i - 1 && s.time - fixes[back + 1]!.time >= windowS) back++;
      const from = fixes[back]!;
      const dt = s.time - from.time;
      speed = dt > 0 ? haversineM(from.lat!, from.lon!, s.lat, s.lon) / dt : null;
    }
    points.push({ t: s.time, time: clock(s), lat: s.lat, lon: s.lon, altitude: altOf(s), speed: speed === null ? null : Math.round(speed * 100) / 100 });
  }

  const frames: TrackFrame[] = [];
  if (meta.videoDuration !== null && meta.videoDuration > 0 && points.length) {
    for (const [i, at] of meta.framePositions.entries()) {
      const p = nearest(points, meta.videoDuration * at);
      frames.push({ index: i + 1, t: Math.round(meta.videoDuration * at * 1000) / 1000, lat: p.lat, lon: p.lon, altitude: p.altitude });
    }
  }

  return {
    fileSetId: meta.fileSetId,
    baseName: meta.baseName,
    title: meta.title?.trim() || meta.baseName,
    start: points[0]?.time ?? null,
    end: points.at(-1)?.time ?? null,
    altitudeReference,
    points,
    frames,
  };
}

/** The point closest in time to `t` (points are in time order). */
function nearest(points: readonly TrackPoint[], t: number): TrackPoint {
  let lo = 0;
  let hi = points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.t < t) lo = mid + 1;
    else hi = mid;
  }
  const prev = points[lo - 1];
  return prev && Math.abs(prev.t - t) <= Math.abs(points[lo]!.t - t) ? prev : points[lo]!;
}

/** At most `max` points, evenly spaced, the first and last kept: what a map or a chart needs. */
export function thinPoints<T>(points: readonly T[], max: number): T[] {
  if (points.length <= max || max < 2) return [...points];
  const out: T[] = [];
  const step = (points.length - 1) / (max - 1);
  for (let i = 0; i < max; i++) out.push(points[Math.round(i * step)]!);
  return out;
}
