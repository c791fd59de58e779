/**
 * The fixed shot-type vocabulary. Every processed clip gets a boolean for each id; the ids are stable
 * (stored with results and shown as chips), so add new ones at the end and never rename one.
 * Descriptions are written from the rule thresholds, so they always state the values in force.
 */
import { BLUE_HOUR_MIN_DEG, GOLDEN_HOUR_MAX_DEG, GOLDEN_HOUR_MIN_DEG } from './sun.js';
import {
  AIRBORNE_MIN_HEIGHT_M,
  FLYOVER_MAX_GIMBAL_PITCH_DEG,
  FLYOVER_MIN_DISTANCE_M,
  FLYOVER_MIN_SPEED,
  HIGH_ALTITUDE_MIN_M,
  HOVER_MAX_RADIUS_M,
  HOVER_MAX_VERTICAL_M,
  LOW_ALTITUDE_MAX_M,
  ORBIT_MIN_SWEEP_DEG,
  PAN_MIN_SWEEP_DEG,
  TOP_DOWN_MAX_GIMBAL_PITCH_DEG,
  TRACKING_MIN_SPEED,
  VERTICAL_MIN_CHANGE_M,
  VERTICAL_MIN_RATE,
} from './thresholds.js';

export const SHOT_TYPES = [
  {
    id: 'aerial',
    label: 'Aerial',
    description: `Filmed from the air: the drone rose at least ${AIRBORNE_MIN_HEIGHT_M} m above its take-off point (a drone file without height data is assumed airborne).`,
  },
  {
    id: 'hover',
    label: 'Hover',
    description: `Static aerial shot: the drone stays within ${HOVER_MAX_RADIUS_M} m horizontally and ${HOVER_MAX_VERTICAL_M} m vertically for the whole clip.`,
  },
  {
    id: 'flyover',
    label: 'Flyover',
    description: `A fast, straight pass (at least ${FLYOVER_MIN_SPEED} m/s over ${FLYOVER_MIN_DISTANCE_M} m or more) with the camera tilted at least ${-FLYOVER_MAX_GIMBAL_PITCH_DEG} deg down when the gimbal angle is known: the scene streams beneath the drone.`,
  },
  {
    id: 'rising',
    label: 'Rising',
    description: `The drone climbs at least ${VERTICAL_MIN_CHANGE_M} m at ${VERTICAL_MIN_RATE} m/s or more: a pedestal up or rising reveal.`,
  },
  {
    id: 'descending',
    label: 'Descending',
    description: `The drone descends at least ${VERTICAL_MIN_CHANGE_M} m at ${VERTICAL_MIN_RATE} m/s or more: a pedestal down.`,
  },
  {
    id: 'orbit',
    label: 'Orbit',
    description: `The drone circles a point: its positions lie on a circle and sweep at least ${ORBIT_MIN_SWEEP_DEG} deg around the centre, the heading turning with it when yaw is recorded.`,
  },
  {
    id: 'tracking',
    label: 'Tracking',
    description: `Steady, straight travel at ${TRACKING_MIN_SPEED} m/s or more: a dolly / tracking move (consistent heading and speed).`,
  },
  {
    id: 'high_altitude',
    label: 'High altitude',
    description: `Typical (median) height at least ${HIGH_ALTITUDE_MIN_M} m above take-off, near the 120 m legal ceiling: wide, map-like vistas.`,
  },
  {
    id: 'low_altitude',
    label: 'Low altitude',
    description: `Airborne with a typical (median) height of at most ${LOW_ALTITUDE_MAX_M} m above take-off: tree-top / roof-top level.`,
  },
  {
    id: 'golden_hour',
    label: 'Golden hour',
    description: `Sun between ${GOLDEN_HOUR_MIN_DEG} and ${GOLDEN_HOUR_MAX_DEG} deg above the horizon at the place and time: warm, low light.`,
  },
  {
    id: 'blue_hour',
    label: 'Blue hour',
    description: `Sun between ${BLUE_HOUR_MIN_DEG} and ${GOLDEN_HOUR_MIN_DEG} deg (below the horizon): deep blue twilight.`,
  },
  {
    id: 'night',
    label: 'Night',
    description: `Sun more than ${-BLUE_HOUR_MIN_DEG} deg below the horizon (after civil twilight).`,
  },
  {
    id: 'daylight',
    label: 'Daylight',
    description: `Sun higher than ${GOLDEN_HOUR_MAX_DEG} deg: ordinary daylight.`,
  },
  // Additions, each derivable from data the parser already reads and each a common stock search term:
  {
    id: 'top_down',
    label: 'Top-down',
    description: `Bird's-eye view: the gimbal points (nearly) straight down (median pitch ${TOP_DOWN_MAX_GIMBAL_PITCH_DEG} deg or lower). Needs gimbal telemetry.`,
  },
  {
    id: 'pan',
    label: 'Pan',
    description: `The view turns on the spot: the camera (or aircraft) heading sweeps at least ${PAN_MIN_SWEEP_DEG} deg while the drone hovers. Needs yaw telemetry.`,
  },
  {
    id: 'sunrise',
    label: 'Sunrise',
    description: 'Golden or blue hour with the sun rising (the morning side of the day).',
  },
  {
    id: 'sunset',
    label: 'Sunset',
    description: 'Golden or blue hour with the sun setting (the evening side of the day).',
  },
] as const satisfies readonly { id: string; label: string; description: string }[];

/** One shot-type id of the vocabulary. */
export type ShotType = (typeof SHOT_TYPES)[number]['id'];

/** All ids in vocabulary order. */
export const SHOT_TYPE_IDS: readonly ShotType[] = SHOT_TYPES.map((s) => s.id);

/** True for a string that is one of the vocabulary's ids. */
export function isShotType(value: string): value is ShotType {
  return (SHOT_TYPE_IDS as readonly string[]).includes(value);
}
