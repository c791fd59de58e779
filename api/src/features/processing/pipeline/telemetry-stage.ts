/**
 * The telemetry and place stages: the .SRT through our parser, track summary and shot-type rules,
 * then offline reverse geocoding of the first fix (where the clip was filmed from).
 *
 * Rule for a track without GPS (no fix at all, e.g. the Mavic Air sample, or 0,0 before lock only):
 * the set still completes; location is 'Unknown' (city and country), latitude and longitude null,
 * and movement shot types stay false. A fix at sea keeps its coordinates with null city and country.
 */
import fs from 'node:fs/promises';
import { withWater, type DroneDetection, type Place, type TrackSummary, type WaterLookup } from '../../../analysis/index.js';
import type { ImageAnalysis } from '../../../adapters/media-tools/index.js';
import { geocodePoint as geocode, withPlaceNames } from '../../../adapters/place-data/geocode-point.js';
import { waterLookupOffThread } from '../../../adapters/place-data/water-data.js';
import { PermanentProcessingError } from '../../../analysis/metadata/index.js';
import { srtTooLarge } from '../../../platform/config/size-limits.js';
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
  /** The drone's first fix (what the latitude and longitude fields hold). */
  position: { latitude: number; longitude: number } | null;
  /** The place the wording and the city/country fields use: the subject's when it differs, else the drone's. */
  place: Place | null;
  /** Which place `place` is: where the camera looks (`subject`) or where the drone flies (`drone`). */
  placeSource: 'drone' | 'subject' | null;
  /** The drone's own place. */
  dronePlace: Place | null;
  /** The place at the point the gimbal looks at, when the telemetry has a gimbal (summary.lookAt). */
  subjectPlace: Place | null;
  /** The point `place` names (the look-at point or the drone's fix): the water data is read there. */
  placePoint?: { lat: number; lon: number } | null;
}

/** Water in the pictures above which the water data is consulted (sea, coast or lake decides the words). */
export const WATER_LOOKUP_MIN_SHARE = 0.05;

/**
 * The place with what the water data says at its point (sea and its name, distance to the coast,
 * inland water). Read only when it can change the words: water in the pictures, no pictures, or a
 * point outside every country (to name the sea); a dry inland clip never loads the data.
 */
export async function placeWithWater(facts: PlaceFacts, scene: ImageAnalysis | null, lookup: WaterLookup = waterLookupOffThread): Promise<Place | null> {
  const { placePoint } = facts;
  if (!facts.place || !placePoint) return facts.place;
  // The admin-1 region and named places at the point (the region layer loads on the place data thread).
  const place = await withPlaceNames(facts.place, placePoint.lat, placePoint.lon);
  const water = scene ? Math.max(scene.whole.water, scene.bottom.water) : 1;
  if (water < WATER_LOOKUP_MIN_SHARE && place.country !== null) return place;
  return withWater(place, placePoint.lat, placePoint.lon, await lookup.sample(placePoint.lat, placePoint.lon));
}

const samePlace = (a: Place, b: Place) => a.city === b.city && a.country === b.country;

/**
 * Place of the first fix, and of the point the camera looks at when the SRT carries the gimbal's
 * pitch and heading: a buyer searches for what is shown (a coast filmed from the sea is the coast's
 * town), so the subject's place wins when the two differ. Null place without a fix.
 */
export function placeOf(summary: TrackSummary): PlaceFacts {
  const fix = summary.firstFix;
  if (!fix) return { position: null, place: null, placeSource: null, dronePlace: null, subjectPlace: null, placePoint: null };
  const dronePlace = geocode(fix.lat, fix.lon);
  const look = summary.lookAt;
  const subjectPlace = look ? geocode(look.lat, look.lon) : null;
  // A subject point at sea names nothing: keep the drone's place then.
  const useSubject = !!subjectPlace && subjectPlace.country !== null && !samePlace(subjectPlace, dronePlace);
  return {
    position: { latitude: fix.lat, longitude: fix.lon },
    place: useSubject ? subjectPlace : dronePlace,
    placeSource: useSubject ? 'subject' : 'drone',
    dronePlace,
    subjectPlace,
    placePoint: useSubject && look ? { lat: look.lat, lon: look.lon } : { lat: fix.lat, lon: fix.lon },
  };
}
