/**
 * The telemetry and place stages: the .SRT through our parser, track summary and shot-type rules,
 * then offline reverse geocoding of the first fix (where the clip was filmed from).
 *
 * Rule for a track without GPS (no fix at all, e.g. the Mavic Air sample, or 0,0 before lock only):
 * the set still completes; location is 'Unknown' (city and country), latitude and longitude null,
 * and movement shot types stay false. A fix at sea keeps its coordinates with null city and country.
 */
import fs from 'node:fs/promises';
import { reverseGeocode, type DroneDetection, type Place, type TrackSummary } from '../../analysis/index.js';
import { PermanentProcessingError } from '../../analysis/metadata/index.js';
import { srtTooLarge } from '../../config/size-limits.js';
import { factsOfText, type TelemetryFacts } from './telemetry-facts.js';
import { telemetryFactsOnThread } from './telemetry-thread.js';

export type { TelemetryFacts } from './telemetry-facts.js';

/** Facts of a .SRT text in memory (tests, fixtures). */
export function readTelemetry(srtText: string): TelemetryFacts {
  return factsOfText(srtText);
}

/**
 * The .SRT file streamed through the parser, summary and rules on a worker thread (bounded memory,
 * the event loop free). A file over `maxBytes` (SRT_MAX_BYTES: uploads refuse it, but one may be in
 * storage from before the cap or under a larger one) fails the set for good, by name.
 */
export async function readTelemetryFile(srtPath: string, maxBytes: number, filename: string): Promise<TelemetryFacts> {
  const { size } = await fs.stat(srtPath);
  if (size > maxBytes) throw new PermanentProcessingError(`${filename}: ${srtTooLarge(maxBytes)}`);
  return telemetryFactsOnThread(srtPath);
}

/** The clip's camera type: the generation its telemetry tells, else the project's choice. */
export function clipCameraType(drone: DroneDetection | null, projectCameraType: string): { cameraType: string; cameraTypeSource: 'telemetry' | 'project' } {
  return drone ? { cameraType: drone.cameraType, cameraTypeSource: 'telemetry' } : { cameraType: projectCameraType, cameraTypeSource: 'project' };
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
