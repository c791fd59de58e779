/**
 * The telemetry and place stages: the .SRT through our parser, track summary and shot-type rules,
 * then offline reverse geocoding of the first fix (where the clip was filmed from).
 *
 * Rule for a track without GPS (no fix at all, e.g. the Mavic Air sample, or 0,0 before lock only):
 * the set still completes; location is 'Unknown' (city and country), latitude and longitude null,
 * and movement shot types stay false. A fix at sea keeps its coordinates with null city and country.
 */
import {
  analyseShotTypes,
  parseDjiSrt,
  reverseGeocode,
  summarizeTrack,
  type LightPhase,
  type MotionFeatures,
  type Place,
  type ShotType,
  type Telemetry,
  type TrackSummary,
} from '../../analysis/index.js';
import fs from 'node:fs/promises';
import { PermanentProcessingError } from '../../analysis/metadata/index.js';
import { parseSrtFile } from '../../analysis/telemetry/srt-file.js';
import { srtTooLarge } from '../../uploads/size-limits.js';

export interface TelemetryFacts {
  telemetry: Telemetry;
  summary: TrackSummary;
  motion: MotionFeatures | null;
  shotTypes: Record<ShotType, boolean>;
  light: LightPhase | null;
  sunAltitude: number | null;
  sunTime: string | null;
}

export function readTelemetry(srtText: string): TelemetryFacts {
  return analyseTelemetry(parseDjiSrt(srtText));
}

/**
 * The .SRT file streamed through the parser on a worker thread (bounded memory, the event loop
 * free). A file over `maxBytes` (SRT_MAX_BYTES: uploads refuse it, but one may be in storage from
 * before the cap or a raised one) fails the set for good, by name.
 */
export async function readTelemetryFile(srtPath: string, maxBytes: number, filename: string): Promise<TelemetryFacts> {
  const { size } = await fs.stat(srtPath);
  if (size > maxBytes) throw new PermanentProcessingError(`${filename}: ${srtTooLarge(maxBytes)}`);
  return analyseTelemetry(await parseSrtFile(srtPath));
}

function analyseTelemetry(telemetry: Telemetry): TelemetryFacts {
  const summary = summarizeTrack(telemetry);
  const shots = analyseShotTypes(summary, telemetry.samples);
  return { telemetry, summary, motion: shots.motion, shotTypes: shots.types, light: shots.light, sunAltitude: shots.sunAltitude, sunTime: shots.sunTime };
}

export interface PlaceFacts {
  position: { latitude: number; longitude: number } | null;
  place: Place | null;
}

/** Place of the first fix; null place without one. */
export function placeOf(summary: TrackSummary): PlaceFacts {
  const fix = summary.firstFix;
  if (!fix) return { position: null, place: null };
  return { position: { latitude: fix.lat, longitude: fix.lon }, place: reverseGeocode(fix.lat, fix.lon) };
}
