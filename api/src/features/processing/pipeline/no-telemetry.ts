/**
 * A clip processed without its .SRT (the user chose "Process without telemetry" in step 3): no
 * position, so no place unless the user sets one; shot types from the picture motion alone.
 */
import type { ShotType } from '../../../analysis/shot-types/vocabulary.js';
import { MOTION_SHOT_TYPES } from '../../../analysis/metadata/photo.js';
import { factsOf, type TelemetryFacts } from './telemetry-facts.js';

/** Stored with the result: what the set lacked and what that means. */
export const NO_TELEMETRY_RESULT_NOTE = 'Processed without telemetry (no .SRT): no place, height or flight path; shot types from the picture motion only.';

/** Frames whose picture changes less than this (mean luma difference, 0-1) are a static shot. */
export const STATIC_PICTURE_MAX_CHANGE = 0.02;

/** The telemetry facts of no telemetry at all: an empty track. */
export function noTelemetryFacts(): TelemetryFacts {
  return factsOf({ samples: [], format: 'unknown', warnings: ['no .SRT: processed from the pictures alone'], coordinateDecimals: null, entryCount: 0 }, '');
}

/** Shot types from the picture alone: aerial (a drone file), and hover when the frames barely change. */
export function pictureMotionShotTypes(base: Record<ShotType, boolean>, change: number | null): Record<ShotType, boolean> {
  const out = { ...base, aerial: true };
  for (const t of MOTION_SHOT_TYPES) out[t] = false;
  if (change !== null && change < STATIC_PICTURE_MAX_CHANGE) out.hover = true;
  return out;
}
