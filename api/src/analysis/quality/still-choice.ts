/**
 * Which frame of a clip becomes its still: the sharpest well-exposed moment that is not the start
 * of a take-off. Pure: the measures come from adapters/media-tools/still-frames.ts.
 *
 * Score = sharpness (log-scaled, relative to the clip's sharpest frame) x exposure (1 at mid-grey,
 * falling towards black or white and with clipped pixels) x a take-off penalty: frames where the
 * telemetry says the drone is still near the ground (under TAKEOFF_HEIGHT_M above its take-off
 * point), or, without telemetry, the first TAKEOFF_SHARE of the clip, count for half.
 */
import type { FrameMeasure } from '../../adapters/media-tools/still-frames.js';
export type { FrameMeasure };

export interface StillChoice {
  index: number;
  at: number;
  score: number;
  /** Why, for the analysis record: "sharpest well-exposed frame at 44 % (12.3 s)". */
  reason: string;
}

export const TAKEOFF_HEIGHT_M = 5;
export const TAKEOFF_SHARE = 0.15;

export function exposureScore(m: Pick<FrameMeasure, 'brightness' | 'clippedDark' | 'clippedBright'>): number {
  const mid = 1 - Math.min(1, Math.abs(m.brightness - 0.47) / 0.47);
  return Math.max(0, mid) * Math.max(0, 1 - 2 * (m.clippedDark + m.clippedBright));
}

/**
 * Picks the best frame; `heightAt` (metres above take-off at a time, from the .SRT) when known.
 * Returns null for no candidates (the video does not decode).
 */
export function chooseStill(frames: readonly FrameMeasure[], heightAt?: (seconds: number) => number | null): StillChoice | null {
  if (!frames.length) return null;
  const maxSharp = Math.max(...frames.map((f) => f.sharpness), 1e-9);
  let best: StillChoice | null = null;
  frames.forEach((f, index) => {
    const sharp = Math.log1p(f.sharpness) / Math.log1p(maxSharp);
    const h = heightAt?.(f.at);
    const lowTakeoff = h != null ? h < TAKEOFF_HEIGHT_M : f.position < TAKEOFF_SHARE;
    const score = sharp * (0.25 + 0.75 * exposureScore(f)) * (lowTakeoff ? 0.5 : 1);
    if (!best || score > best.score + 1e-9) {
      best = { index, at: f.at, score, reason: `sharpest well-exposed frame at ${Math.round(f.position * 100)} % (${f.at.toFixed(1)} s)` };
    }
  });
  return best;
}
