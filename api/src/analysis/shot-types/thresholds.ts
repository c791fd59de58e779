/**
 * Thresholds of the shot-type rules (derive.ts), each with the reason for its value. The vocabulary's
 * descriptions (vocabulary.ts) are built from these, so the documentation cannot drift from the code.
 */

/** Below this height above take-off the drone is on (or just off) the ground: take-off pad, hand launch. */
export const AIRBORNE_MIN_HEIGHT_M = 2;
/** Movement rules need this much track: shorter clips cannot show a pattern, only noise. */
export const MIN_MOTION_DURATION_S = 2;
/**
 * Fixes are thinned to this spacing (longer for coarse coordinates, see MAX_ROUNDING_SPEED_ERROR)
 * before the motion rules, so 30-50 Hz jitter does not add fake motion.
 */
export const MOTION_SAMPLE_DT_S = 0.5;
/**
 * A hovering drone wanders 1-3 m in consumer GPS; 5 m keeps real hovers in and slow drifts out.
 * (Raised to 1.5x the coordinate step for 4-decimal files, whose positions jump by ~11 m.)
 */
export const HOVER_MAX_RADIUS_M = 5;
/** More vertical change than this is a rising/descending move, not a hover (barometer noise is ~0.5 m). */
export const HOVER_MAX_VERTICAL_M = 3;
/** 5 m is a visible change of perspective; barometric noise and gusts stay well below it. */
export const VERTICAL_MIN_CHANGE_M = 5;
/** 0.3 m/s over the clip separates a deliberate climb or descent from slow drift. */
export const VERTICAL_MIN_RATE = 0.3;
/** An orbit must sweep at least a quarter turn around its centre to read as one on screen. */
export const ORBIT_MIN_SWEEP_DEG = 90;
/** Orbits closer than 5 m are spins in place (GPS noise) ... */
export const ORBIT_MIN_RADIUS_M = 5;
/** ... and beyond 1 km the "circle" is a gentle curve, not an orbit. */
export const ORBIT_MAX_RADIUS_M = 1000;
/** RMS distance from the fitted circle as a fraction of its radius: 25% allows wind and hand-flown orbits. */
export const ORBIT_MAX_RESIDUAL_RATIO = 0.25;
/** Most of the angular motion must go one way (a back-and-forth arc is not an orbit). */
export const ORBIT_MIN_MONOTONIC_RATIO = 0.8;
/** Slowest steady travel that still reads as a move rather than drift, m/s. */
export const TRACKING_MIN_SPEED = 1.5;
/** Net displacement / path length: 0.85 allows gentle curves but not turns. */
export const TRACKING_MIN_STRAIGHTNESS = 0.85;
/** Coefficient of variation of the per-interval speed: above 0.5 the move is stop-and-go, not steady. */
export const TRACKING_MAX_SPEED_CV = 0.5;
/** Shortest path for tracking: under 20 m the "line" is within GPS noise of a hover. */
export const TRACKING_MIN_DISTANCE_M = 20;
/** A flyover is fast: 4 m/s (~15 km/h) and more - the ground visibly streams past. */
export const FLYOVER_MIN_SPEED = 4;
/** ... over at least 50 m, enough to pass over a subject. */
export const FLYOVER_MIN_DISTANCE_M = 50;
/** A flyover path is mostly straight (a pass, not a circle). */
export const FLYOVER_MIN_STRAIGHTNESS = 0.8;
/** With gimbal data, the camera must look down at least 30 deg for the scene to pass beneath. */
export const FLYOVER_MAX_GIMBAL_PITCH_DEG = -30;
/** Flying lower than this a fast pass is a chase, not a flyover. */
export const FLYOVER_MIN_HEIGHT_M = 10;
/** 100 m above take-off is near the 120 m legal ceiling (EU/US): wide, map-like vistas. */
export const HIGH_ALTITUDE_MIN_M = 100;
/** 20 m is roughly tree-top / roof-top level. */
export const LOW_ALTITUDE_MAX_M = 20;
/** -80 deg: the camera points (nearly) straight down - a bird's-eye / top-down shot. */
export const TOP_DOWN_MAX_GIMBAL_PITCH_DEG = -80;
/** A pan turns the view at least 45 deg; less is framing correction. */
export const PAN_MIN_SWEEP_DEG = 45;
