/**
 * Pure analysis of a DJI clip's telemetry: our own .SRT parser and track summary, offline reverse
 * geocoding, and the shot-type vocabulary with its rules. No I/O beyond loading packaged data.
 *
 * Typical use:
 *   const telemetry = parseDjiSrt(srtText);
 *   const summary = summarizeTrack(telemetry);
 *   const place = summary.firstFix ? reverseGeocode(summary.firstFix.lat, summary.firstFix.lon) : null;
 *   const shotTypes = deriveShotTypes(summary, telemetry.samples);
 */
export * from './telemetry/index.js';
export * from './place/index.js';
export * from './shot-types/index.js';
