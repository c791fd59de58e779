/** Test helpers for the analysis specs (excluded from the build by api/tsconfig.json). */
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CameraSettings, TelemetrySample } from '../telemetry/types.js';

/** api/test/fixtures/srt, resolved from this file: api/src/analysis/test-support -> repo root. */
export const FIXTURE_DIR = fileURLToPath(new URL('../../../../api/test/fixtures/srt/', import.meta.url));

export function fixtureNames(): string[] {
  return readdirSync(FIXTURE_DIR)
    .filter((f) => /\.srt$/i.test(f))
    .sort();
}

export function readFixture(name: string): string {
  return readFileSync(FIXTURE_DIR + name, 'utf8');
}

const NO_CAMERA: CameraSettings = {
  iso: null,
  shutter: null,
  shutterSeconds: null,
  fnum: null,
  ev: null,
  focalLength: null,
  digitalZoom: null,
  colorMode: null,
  colorTemperature: null,
};

/** A sample with every field null except those given. */
export function sample(partial: Partial<TelemetrySample> & { time: number }): TelemetrySample {
  return {
    index: 1,
    endTime: null,
    localTime: null,
    lat: null,
    lon: null,
    relAlt: null,
    absAlt: null,
    hSpeed: null,
    vSpeed: null,
    yaw: null,
    pitch: null,
    roll: null,
    gimbalYaw: null,
    gimbalPitch: null,
    gimbalRoll: null,
    satellites: null,
    distanceFromHome: null,
    home: null,
    camera: { ...NO_CAMERA },
    format: 'bracket',
    ...partial,
  };
}

/** Metres per degree of latitude on the sphere used by geo.ts (6 371 008.8 m * pi / 180). */
export const M_PER_DEG_LAT = (6_371_008.8 * Math.PI) / 180;

/** Offsets a position by east/north metres (flat-earth, fine for < 1 km). */
export function offset(lat: number, lon: number, east: number, north: number): { lat: number; lon: number } {
  return {
    lat: lat + north / M_PER_DEG_LAT,
    lon: lon + east / (M_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180)),
  };
}
