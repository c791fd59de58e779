/**
 * The track cleaner: which telemetry entries the summary and the shot-type rules may believe.
 *
 * - Entries written before GPS lock (0,0 coordinates) are left out whole: their altitude is a
 *   placeholder too (0 on the Neo 2 sample), and taking it as the start turned a hover into a climb.
 * - An entry implying impossible motion from the previous kept entry is a glitch: more than
 *   `GLITCH_MAX_H_SPEED` horizontally or `GLITCH_MAX_V_SPEED` vertically, or a timecode earlier than
 *   the previous one (the clock jumped back). The next entries are compared with the last kept one,
 *   so a one-entry spike is dropped and the track carries on.
 *
 * Pure and idempotent: cleaning a cleaned list changes nothing, so the summary and the rules can
 * both call it on the parser's samples.
 */
import { haversineM } from './geo.js';
import type { DroppedSamples, TelemetrySample } from './types.js';

/** 40 m/s (144 km/h) is above every consumer drone's top speed (the fastest DJI camera drones do ~27 m/s in sport mode). */
export const GLITCH_MAX_H_SPEED = 40;
/** 15 m/s vertically is above any camera drone's climb or descent rate (~8 m/s in sport mode). */
export const GLITCH_MAX_V_SPEED = 15;
/** GPS jitter allowed on top of the speed limit between two close entries, metres. */
const H_JITTER_M = 3;
/** Barometer jitter allowed on top of the vertical limit, metres. */
const V_JITTER_M = 1;
/** Timecode rounding tolerated before an entry counts as going back in time, seconds. */
const CLOCK_EPSILON_S = 0.001;
/** Examples kept per reason, so a long pre-lock run does not hide a glitch. */
const MAX_EXAMPLES_PER_REASON = 3;

export interface CleanedTrack {
  samples: TelemetrySample[];
  dropped: DroppedSamples;
}

export const noneDropped = (): DroppedSamples => ({ preLock: 0, horizontalGlitch: 0, verticalGlitch: 0, clockBack: 0, examples: [] });

export const droppedCount = (d: DroppedSamples): number => d.preLock + d.horizontalGlitch + d.verticalGlitch + d.clockBack;

const fmt = (n: number) => (Math.abs(n) >= 10 ? n.toFixed(0) : n.toFixed(2));

/**
 * Keeps the entries the figures may use. `positionPrecision`: metres per coordinate step (~11 m for
 * 4-decimal files), allowed on top of the speed limit so quantised positions do not look like jumps.
 */
export function cleanSamples(samples: readonly TelemetrySample[], positionPrecision: number | null = null): CleanedTrack {
  const dropped = noneDropped();
  const kept: TelemetrySample[] = [];
  const useRel = samples.some((s) => s.relAlt !== null && !s.preLock);
  const altOf = (s: TelemetrySample) => (useRel ? s.relAlt : s.absAlt);
  const hTolerance = H_JITTER_M + (positionPrecision ?? 0);
  let last: TelemetrySample | null = null;
  let lastFix: TelemetrySample | null = null;
  let lastAlt: TelemetrySample | null = null;
  const perReason = new Map<string, number>();
  const note = (s: TelemetrySample, reason: keyof Omit<DroppedSamples, 'examples'>, why: string) => {
    const n = perReason.get(reason) ?? 0;
    if (n < MAX_EXAMPLES_PER_REASON) dropped.examples.push(`entry ${s.index}: ${why}`);
    perReason.set(reason, n + 1);
  };

  for (const s of samples) {
    if (s.preLock) {
      dropped.preLock++;
      note(s, 'preLock', 'before GPS lock (0,0 coordinates)');
      continue;
    }
    if (last && s.time < last.time - CLOCK_EPSILON_S) {
      dropped.clockBack++;
      note(s, 'clockBack', `timecode ${fmt(s.time)} s is earlier than entry ${last.index}'s ${fmt(last.time)} s`);
      continue;
    }
    if (s.lat !== null && s.lon !== null && lastFix) {
      const dt = s.time - lastFix.time;
      const d = haversineM(lastFix.lat!, lastFix.lon!, s.lat, s.lon);
      if (d > GLITCH_MAX_H_SPEED * dt + hTolerance) {
        dropped.horizontalGlitch++;
        note(s, 'horizontalGlitch', `${fmt(d)} m in ${fmt(dt)} s from entry ${lastFix.index} (over ${GLITCH_MAX_H_SPEED} m/s)`);
        continue;
      }
    }
    const alt = altOf(s);
    if (alt !== null && lastAlt) {
      const dt = s.time - lastAlt.time;
      const dz = alt - altOf(lastAlt)!;
      if (Math.abs(dz) > GLITCH_MAX_V_SPEED * dt + V_JITTER_M) {
        dropped.verticalGlitch++;
        note(s, 'verticalGlitch', `${fmt(dz)} m of altitude in ${fmt(dt)} s from entry ${lastAlt.index} (over ${GLITCH_MAX_V_SPEED} m/s)`);
        continue;
      }
    }
    kept.push(s);
    last = s;
    if (s.lat !== null && s.lon !== null) lastFix = s;
    if (alt !== null) lastAlt = s;
  }
  return { samples: kept, dropped };
}
