export { SHOT_TYPES, SHOT_TYPE_IDS, isShotType, type ShotType } from './vocabulary.js';
export { deriveShotTypes, analyseShotTypes, analyseMotion, type MotionFeatures, type ShotTypeAnalysis } from './derive.js';
export * from './thresholds.js';
export { sunAltitudeDeg, lightPhase, sunIsRising, type LightPhase, GOLDEN_HOUR_MAX_DEG, GOLDEN_HOUR_MIN_DEG, BLUE_HOUR_MIN_DEG } from './sun.js';
