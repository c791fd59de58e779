/**
 * Derives the shot types of a clip from its telemetry (movement, height, gimbal) and from the sun's
 * altitude at the place and time. Every threshold is a named constant in thresholds.ts with the reason
 * for its value.
 */
import { angleDiffDeg, haversineM, localProjection } from '../telemetry/geo.js';
import { MAX_ROUNDING_SPEED_ERROR } from '../telemetry/summary.js';
import { cleanSamples } from '../telemetry/clean.js';
import type { TelemetrySample, TrackSummary } from '../telemetry/types.js';
import { lightPhase, sunAltitudeDeg, sunIsRising, type LightPhase } from './sun.js';
import {
  AIRBORNE_MIN_HEIGHT_M,
  FLYOVER_MAX_GIMBAL_PITCH_DEG,
  FLYOVER_MIN_DISTANCE_M,
  FLYOVER_MIN_HEIGHT_M,
  FLYOVER_MIN_SPEED,
  FLYOVER_MIN_STRAIGHTNESS,
  HIGH_ALTITUDE_MIN_M,
  HOVER_MAX_RADIUS_M,
  HOVER_MAX_VERTICAL_M,
  LOW_ALTITUDE_MAX_M,
  MIN_MOTION_DURATION_S,
  MOTION_SAMPLE_DT_S,
  ORBIT_MAX_RADIUS_M,
  ORBIT_MAX_RESIDUAL_RATIO,
  ORBIT_MIN_MONOTONIC_RATIO,
  ORBIT_MIN_RADIUS_M,
  ORBIT_MIN_SWEEP_DEG,
  PAN_MIN_SWEEP_DEG,
  TOP_DOWN_MAX_GIMBAL_PITCH_DEG,
  TRACKING_MAX_SPEED_CV,
  TRACKING_MIN_DISTANCE_M,
  TRACKING_MIN_SPEED,
  TRACKING_MIN_STRAIGHTNESS,
  VERTICAL_MIN_CHANGE_M,
  VERTICAL_MIN_RATE,
} from './thresholds.js';
import { SHOT_TYPE_IDS, type ShotType } from './vocabulary.js';

/** The movement figures the rules read (exported for logging and tests). */
export interface MotionFeatures {
  /** Seconds between the first and last fix. */
  fixSpan: number;
  /** Fixes used after thinning to MOTION_SAMPLE_DT_S. */
  points: number;
  /** Largest horizontal distance of a fix from their mean, m. */
  radius: number | null;
  /** Path length over the thinned fixes, m. */
  pathLength: number | null;
  /** Net displacement first -> last fix, m. */
  netDisplacement: number | null;
  /** netDisplacement / pathLength (1 = straight line), null for paths under 1 m. */
  straightness: number | null;
  /** Mean ground speed over the thinned fixes, m/s. */
  meanSpeed: number | null;
  /** Coefficient of variation of the per-interval ground speed. */
  speedCv: number | null;
  /** Fitted circle radius, m (null when the fit fails). */
  orbitRadius: number | null;
  /** RMS residual of the circle fit as a fraction of its radius. */
  orbitResidualRatio: number | null;
  /** Net angle swept around the fitted centre, degrees (signed: positive counter-clockwise). */
  orbitSweep: number | null;
  /** |net sweep| / total absolute sweep (1 = always the same way round). */
  orbitMonotonic: number | null;
  /** Net change of the camera (gimbal, else aircraft) heading, degrees, unwrapped and signed. */
  yawSweep: number | null;
  /** Vertical change end - start, m. */
  climb: number | null;
  /** climb / duration, m/s. */
  climbRate: number | null;
  /** Median height above take-off, m (null without relative altitude). */
  medianHeight: number | null;
  /** Median gimbal pitch, degrees (null without gimbal data). */
  gimbalPitch: number | null;
}

interface Pt {
  t: number;
  x: number;
  y: number;
}

function thinnedFixes(samples: readonly TelemetrySample[], minDt: number): { t: number; lat: number; lon: number }[] {
  const out: { t: number; lat: number; lon: number }[] = [];
  let lastT = -Infinity;
  let last: { t: number; lat: number; lon: number } | null = null;
  for (const s of samples) {
    if (s.lat === null || s.lon === null) continue;
    last = { t: s.time, lat: s.lat, lon: s.lon };
    if (s.time - lastT >= minDt) {
      out.push(last);
      lastT = s.time;
    }
  }
  if (last && out.at(-1) !== last) out.push(last);
  return out;
}

/** Algebraic (Kasa) least-squares circle fit. */
function fitCircle(pts: readonly Pt[]): { cx: number; cy: number; r: number } | null {
  if (pts.length < 5) return null;
  // Solve [Sxx Sxy Sx; Sxy Syy Sy; Sx Sy n] [D E F]^T = -[Sxz Syz Sz] with z = x^2 + y^2.
  let sx = 0,
    sy = 0,
    sxx = 0,
    syy = 0,
    sxy = 0,
    sxz = 0,
    syz = 0,
    sz = 0;
  for (const p of pts) {
    const z = p.x * p.x + p.y * p.y;
    sx += p.x;
    sy += p.y;
    sxx += p.x * p.x;
    syy += p.y * p.y;
    sxy += p.x * p.y;
    sxz += p.x * z;
    syz += p.y * z;
    sz += z;
  }
  const n = pts.length;
  const m = [
    [sxx, sxy, sx, -sxz],
    [sxy, syy, sy, -syz],
    [sx, sy, n, -sz],
  ];
  // Gaussian elimination with partial pivoting.
  for (let c = 0; c < 3; c++) {
    let piv = c;
    for (let r = c + 1; r < 3; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[piv]![c]!)) piv = r;
    if (Math.abs(m[piv]![c]!) < 1e-9) return null;
    [m[c], m[piv]] = [m[piv]!, m[c]!];
    for (let r = 0; r < 3; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / m[c]![c]!;
      for (let k = c; k < 4; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  const D = m[0]![3]! / m[0]![0]!;
  const E = m[1]![3]! / m[1]![1]!;
  const F = m[2]![3]! / m[2]![2]!;
  const cx = -D / 2;
  const cy = -E / 2;
  const r2 = cx * cx + cy * cy - F;
  if (!(r2 > 0) || !Number.isFinite(r2)) return null;
  return { cx, cy, r: Math.sqrt(r2) };
}

/** Unwrapped net and absolute sweep of a sequence of angles in degrees. */
function sweep(angles: readonly number[]): { net: number; total: number } {
  let net = 0;
  let total = 0;
  for (let i = 1; i < angles.length; i++) {
    const d = angleDiffDeg(angles[i - 1]!, angles[i]!);
    net += d;
    total += Math.abs(d);
  }
  return { net, total };
}

/** Computes the movement figures the shot-type rules use. */
export function analyseMotion(summary: TrackSummary, samples: readonly TelemetrySample[]): MotionFeatures {
  const minDt = Math.max(MOTION_SAMPLE_DT_S, (summary.positionPrecision ?? 0) / MAX_ROUNDING_SPEED_ERROR);
  const fixes = thinnedFixes(samples, minDt);
  const features: MotionFeatures = {
    fixSpan: fixes.length > 1 ? fixes.at(-1)!.t - fixes[0]!.t : 0,
    points: fixes.length,
    radius: null,
    pathLength: null,
    netDisplacement: null,
    straightness: null,
    meanSpeed: null,
    speedCv: null,
    orbitRadius: null,
    orbitResidualRatio: null,
    orbitSweep: null,
    orbitMonotonic: null,
    yawSweep: null,
    climb: summary.climb,
    climbRate: summary.climbRate,
    medianHeight: summary.altitudeReference === 'relative' ? summary.altitudeMedian : null,
    gimbalPitch: summary.gimbalPitchMedian,
  };

  // Camera heading sweep: gimbal yaw when present (where the picture points), else aircraft yaw.
  const gimbalYaws: number[] = [];
  const yaws: number[] = [];
  for (const s of samples) {
    if (s.gimbalYaw !== null) gimbalYaws.push(s.gimbalYaw);
    if (s.yaw !== null) yaws.push(s.yaw);
  }
  const headingSeries = gimbalYaws.length > 1 ? gimbalYaws : yaws.length > 1 ? yaws : null;
  if (headingSeries) features.yawSweep = sweep(headingSeries).net;

  if (fixes.length < 2) return features;
  let mLat = 0;
  let mLon = 0;
  for (const f of fixes) {
    mLat += f.lat;
    mLon += f.lon;
  }
  mLat /= fixes.length;
  mLon /= fixes.length;
  const proj = localProjection(mLat, mLon);
  const pts: Pt[] = fixes.map((f) => ({ t: f.t, ...proj.toXY(f.lat, f.lon) }));

  let radius = 0;
  for (const p of pts) radius = Math.max(radius, Math.hypot(p.x, p.y));
  features.radius = radius;

  let path = 0;
  const speeds: number[] = [];
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    const d = Math.hypot(b.x - a.x, b.y - a.y);
    path += d;
    if (b.t > a.t) speeds.push(d / (b.t - a.t));
  }
  const first = fixes[0]!;
  const last = fixes.at(-1)!;
  const net = haversineM(first.lat, first.lon, last.lat, last.lon);
  features.pathLength = path;
  features.netDisplacement = net;
  features.straightness = path >= 1 ? Math.min(1, net / path) : null;
  if (features.fixSpan > 0) features.meanSpeed = path / features.fixSpan;
  if (speeds.length > 1) {
    const mean = speeds.reduce((a, b) => a + b, 0) / speeds.length;
    const variance = speeds.reduce((a, b) => a + (b - mean) ** 2, 0) / speeds.length;
    features.speedCv = mean > 0 ? Math.sqrt(variance) / mean : null;
  }

  const circle = fitCircle(pts);
  if (circle) {
    let sq = 0;
    const angles: number[] = [];
    for (const p of pts) {
      const dx = p.x - circle.cx;
      const dy = p.y - circle.cy;
      sq += (Math.hypot(dx, dy) - circle.r) ** 2;
      angles.push((Math.atan2(dy, dx) * 180) / Math.PI);
    }
    const sw = sweep(angles);
    features.orbitRadius = circle.r;
    features.orbitResidualRatio = Math.sqrt(sq / pts.length) / circle.r;
    features.orbitSweep = sw.net;
    features.orbitMonotonic = sw.total > 0 ? Math.abs(sw.net) / sw.total : null;
  }
  return features;
}

/** Shot types, the figures behind them and the sun, for logs and the result editor's "why". */
export interface ShotTypeAnalysis {
  types: Record<ShotType, boolean>;
  motion: MotionFeatures;
  /** Sun altitude in degrees at the track centre, mid-clip; null without a fix or a date. */
  sunAltitude: number | null;
  /** Light phase from `sunAltitude`, or null. */
  light: LightPhase | null;
  /** UTC instant the sun was computed for (ISO), or null. */
  sunTime: string | null;
}

/** Same as `deriveShotTypes`, with the evidence. */
export function analyseShotTypes(summary: TrackSummary, rawSamples: readonly TelemetrySample[], options: { raw?: boolean } = {}): ShotTypeAnalysis {
  // The same entries the summary used: pre-lock and glitch entries never count as movement.
  const samples = options.raw ? rawSamples : cleanSamples(rawSamples, summary.positionPrecision).samples;
  const types = Object.fromEntries(SHOT_TYPE_IDS.map((id) => [id, false])) as Record<ShotType, boolean>;
  const motion = analyseMotion(summary, samples);

  // --- height ---
  const relMax = summary.relAltMax;
  const airborne = relMax !== null ? relMax >= AIRBORNE_MIN_HEIGHT_M : samples.length > 0;
  types.aerial = airborne;
  if (airborne && motion.medianHeight !== null) {
    types.high_altitude = motion.medianHeight >= HIGH_ALTITUDE_MIN_M;
    types.low_altitude = motion.medianHeight <= LOW_ALTITUDE_MAX_M;
  }

  // --- vertical movement ---
  const longEnough = summary.duration >= MIN_MOTION_DURATION_S;
  if (airborne && longEnough && motion.climb !== null && motion.climbRate !== null) {
    types.rising = motion.climb >= VERTICAL_MIN_CHANGE_M && motion.climbRate >= VERTICAL_MIN_RATE;
    types.descending = motion.climb <= -VERTICAL_MIN_CHANGE_M && motion.climbRate <= -VERTICAL_MIN_RATE;
  }

  // --- horizontal movement (needs GPS) ---
  const precision = summary.positionPrecision ?? 0;
  const hoverRadius = Math.max(HOVER_MAX_RADIUS_M, 1.5 * precision);
  const vertical = summary.altitudeMin !== null && summary.altitudeMax !== null ? summary.altitudeMax - summary.altitudeMin : 0;
  const moving = motion.fixSpan >= MIN_MOTION_DURATION_S && motion.radius !== null;
  if (airborne && moving) {
    const stationary = motion.radius! <= hoverRadius;
    types.hover = stationary && vertical <= HOVER_MAX_VERTICAL_M;
    if (stationary && motion.yawSweep !== null) types.pan = Math.abs(motion.yawSweep) >= PAN_MIN_SWEEP_DEG;

    const straight = motion.straightness ?? 0;
    const path = motion.pathLength ?? 0;
    const speed = motion.meanSpeed ?? 0;
    types.tracking =
      !stationary &&
      speed >= TRACKING_MIN_SPEED &&
      path >= TRACKING_MIN_DISTANCE_M &&
      straight >= TRACKING_MIN_STRAIGHTNESS &&
      motion.speedCv !== null &&
      motion.speedCv <= TRACKING_MAX_SPEED_CV;

    const lookingDown = motion.gimbalPitch === null || motion.gimbalPitch <= FLYOVER_MAX_GIMBAL_PITCH_DEG;
    const highEnough = motion.medianHeight === null || motion.medianHeight >= FLYOVER_MIN_HEIGHT_M;
    types.flyover =
      !stationary && speed >= FLYOVER_MIN_SPEED && path >= FLYOVER_MIN_DISTANCE_M && straight >= FLYOVER_MIN_STRAIGHTNESS && lookingDown && highEnough;

    if (!stationary && motion.orbitRadius !== null && motion.orbitSweep !== null && motion.orbitResidualRatio !== null && motion.orbitMonotonic !== null) {
      const r = motion.orbitRadius;
      const sweepOk = Math.abs(motion.orbitSweep) >= ORBIT_MIN_SWEEP_DEG;
      // When the heading is known, it must turn with the drone (at least half the positional sweep).
      const headingOk = motion.yawSweep === null || Math.abs(motion.yawSweep) >= Math.abs(motion.orbitSweep) / 2;
      types.orbit =
        sweepOk &&
        headingOk &&
        r >= Math.max(ORBIT_MIN_RADIUS_M, 3 * precision) &&
        r <= ORBIT_MAX_RADIUS_M &&
        motion.orbitResidualRatio <= ORBIT_MAX_RESIDUAL_RATIO &&
        motion.orbitMonotonic >= ORBIT_MIN_MONOTONIC_RATIO;
    }
  }

  // --- camera angle ---
  if (motion.gimbalPitch !== null) types.top_down = motion.gimbalPitch <= TOP_DOWN_MAX_GIMBAL_PITCH_DEG;

  // --- light: sun altitude at the track centre, mid-clip ---
  let sunAltitude: number | null = null;
  let light: LightPhase | null = null;
  let sunTime: string | null = null;
  const where = summary.centre ?? summary.firstFix;
  if (where && summary.utcStart) {
    const startMs = Date.parse(summary.utcStart);
    if (Number.isFinite(startMs)) {
      const when = new Date(startMs + (summary.duration * 1000) / 2);
      sunAltitude = sunAltitudeDeg(when, where.lat, where.lon);
      if (sunAltitude !== null) {
        sunTime = when.toISOString();
        light = lightPhase(sunAltitude);
        types.golden_hour = light === 'golden_hour';
        types.blue_hour = light === 'blue_hour';
        types.night = light === 'night';
        types.daylight = light === 'daylight';
        if (light === 'golden_hour' || light === 'blue_hour') {
          const rising = sunIsRising(when, where.lat, where.lon);
          types.sunrise = rising === true;
          types.sunset = rising === false;
        }
      }
    }
  }
  return { types, motion, sunAltitude, light, sunTime };
}

/**
 * Shot types of a clip: one boolean per id of the vocabulary (`SHOT_TYPES`). Movement types need GPS
 * and at least MIN_MOTION_DURATION_S of track; light types need a fix and a date (a file without a
 * date, such as the Mavic Mini's, gets none of them). Never throws.
 */
export function deriveShotTypes(summary: TrackSummary, samples: readonly TelemetrySample[]): Record<ShotType, boolean> {
  try {
    return analyseShotTypes(summary, samples).types;
  } catch {
    return Object.fromEntries(SHOT_TYPE_IDS.map((id) => [id, false])) as Record<ShotType, boolean>;
  }
}
