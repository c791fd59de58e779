export { parseDjiSrt } from './parse.js';
export { summarizeTrack, pathLengthM, HEADING_MIN_MOVE_M, DISTANCE_MIN_DT_S, SPEED_WINDOW_S, MAX_ROUNDING_SPEED_ERROR } from './summary.js';
export { cleanSamples, droppedCount, GLITCH_MAX_H_SPEED, GLITCH_MAX_V_SPEED, type CleanedTrack } from './clean.js';
export { timeZoneAt, localToUtc, zoneOffsetMs } from './timezone.js';
export { haversineM, initialBearingDeg, angleDiffDeg, normalizeDeg, localProjection, EARTH_RADIUS_M, type LocalProjection } from './geo.js';
export type { CameraSettings, CameraSummary, LatLon, SrtFormat, Telemetry, TelemetrySample, TrackSummary } from './types.js';
export { detectDroneModel, type DroneDetection } from './drone-model.js';
