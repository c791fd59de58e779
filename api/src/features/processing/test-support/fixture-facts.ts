/**
 * A real fixture .SRT through the pipeline's telemetry and place stages, as the facts the metadata
 * providers get, without pictures (the fixtures are telemetry only): for tests of the wording and
 * categories on real flights.
 */
import { readFileSync } from 'node:fs';
import type { ClipFacts } from '../../../analysis/metadata/types.js';
import { FIXTURE_DIR } from '../../../analysis/test-support/fixtures.js';
import { clipCameraType, placeOf, readTelemetry } from '../pipeline/telemetry-stage.js';

export function fixtureFacts(name: string, ordinal = 1, projectCameraType = 'dji-mavic-3-pro-series'): ClipFacts {
  const t = readTelemetry(readFileSync(FIXTURE_DIR + name, 'utf8'));
  const { position, place } = placeOf(t.summary);
  return {
    baseName: name,
    ordinal,
    ...clipCameraType(t.drone, projectCameraType),
    probe: null,
    summary: t.summary,
    motion: t.motion,
    shotTypes: t.shotTypes,
    light: t.light,
    sunAltitude: t.sunAltitude,
    position,
    place,
    image: null,
    frames: [],
    scene: null,
  };
}
