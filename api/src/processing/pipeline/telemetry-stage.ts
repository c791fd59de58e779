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
  detectDroneModel,
  type DroneDetection,
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

export interface TelemetryFacts {
  telemetry: Telemetry;
  summary: TrackSummary;
  motion: MotionFeatures | null;
  shotTypes: Record<ShotType, boolean>;
  light: LightPhase | null;
  sunAltitude: number | null;
  sunTime: string | null;
  /** The drone generation the .SRT layout tells, when it tells one. */
  drone: DroneDetection | null;
}

export function readTelemetry(srtText: string): TelemetryFacts {
  const telemetry = parseDjiSrt(srtText);
  const summary = summarizeTrack(telemetry);
  const shots = analyseShotTypes(summary, telemetry.samples);
  return {
    telemetry,
    summary,
    motion: shots.motion,
    shotTypes: shots.types,
    light: shots.light,
    sunAltitude: shots.sunAltitude,
    sunTime: shots.sunTime,
    drone: detectDroneModel(srtText, telemetry),
  };
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
