/**
 * A grid of generated flights as ClipFacts, for the wording's grammar test and the metadata-quality
 * benchmark: every shot type, day / night / golden hour, with and without a place, at sea, urban and
 * rural, with and without a picture, each camera type. Pure data, no I/O. Built with the API (not in
 * test-support) because bench/metadata-quality.mjs runs it from dist.
 */
import type { ImageAnalysis, RegionAnalysis } from '../../adapters/media-tools/image-analysis.js';
import type { ClipFacts } from '../metadata/types.js';
import { CAMERA_TYPES } from '../metadata/camera-types.js';
import type { Place } from '../place/reverse-geocode.js';
import { SHOT_TYPE_IDS, type ShotType } from '../shot-types/vocabulary.js';
import { summarizeTrack } from '../telemetry/summary.js';
import { parseDjiSrt } from '../telemetry/parse.js';
import { srtText, track } from './generated-srt.js';

const region = (p: Partial<RegionAnalysis>): RegionAnalysis => ({
  sky: 0,
  water: 0,
  vegetation: 0,
  snow: 0,
  dark: 0,
  builtOrBare: 0,
  brightness: 0.5,
  saturation: 0.4,
  ...p,
});

const scene = (top: Partial<RegionAnalysis>, bottom: Partial<RegionAnalysis>, colors: string[], roadStrip = 0): ImageAnalysis => {
  const b = region(bottom);
  const t = region(top);
  const whole = region(Object.fromEntries(Object.keys(b).map((k) => [k, ((t as never)[k] + (b as never)[k]) / 2])) as Partial<RegionAnalysis>);
  return { width: 512, height: 288, top: t, bottom: b, whole, dominantColors: colors, roadStrip };
};

/** Pictures of the kinds the wording tells apart. */
export const SCENES: Record<string, ImageAnalysis | null> = {
  none: null,
  sea: scene({ sky: 0.5, water: 0.4 }, { water: 0.9 }, ['blue', 'white']),
  coast: scene({ sky: 0.4, water: 0.3 }, { water: 0.4, builtOrBare: 0.2, vegetation: 0.2 }, ['blue', 'yellow']),
  city: scene({ sky: 0.3 }, { builtOrBare: 0.6 }, ['grey', 'orange']),
  fields: scene({ sky: 0.4 }, { vegetation: 0.6, brightness: 0.55 }, ['green', 'blue']),
  forest: scene({ vegetation: 0.5 }, { vegetation: 0.8, brightness: 0.3 }, ['green']),
  snow: scene({ snow: 0.4, sky: 0.2 }, { snow: 0.7 }, ['white', 'blue']),
  // Bright warm bare ground, no plants or water: a desert (scene.ts desertScene).
  desert: scene({ sky: 0.4 }, { builtOrBare: 0.7, brightness: 0.6 }, ['orange', 'brown']),
  /** Fields with a straight road through them (image-analysis.ts roadStripScore). */
  road: scene({ sky: 0.3, vegetation: 0.3 }, { vegetation: 0.45, builtOrBare: 0.2, brightness: 0.5 }, ['green', 'grey'], 0.72),
};

/** Places of the kinds the wording tells apart (null: no GPS fix). */
export const PLACES: Record<string, { place: Place | null; position: { latitude: number; longitude: number } | null }> = {
  nofix: { place: null, position: null },
  sea: { place: { city: null, country: null, countryCode: null, region: null }, position: { latitude: 3.4, longitude: -3.3 } },
  urban: {
    place: { city: 'Reykjavík', country: 'Iceland', countryCode: 'IS', region: null, population: 118_918, distanceKm: 1.2 },
    position: { latitude: 64.15, longitude: -21.93 },
  },
  rural: {
    place: { city: 'Corato', country: 'Italy', countryCode: 'IT', region: null, population: 48_000, distanceKm: 6.5 },
    position: { latitude: 41.17, longitude: 16.41 },
  },
  region: {
    place: { city: 'Pine Mountain', country: 'United States', countryCode: 'US', region: 'Georgia', population: 1_300, distanceKm: 2 },
    position: { latitude: 32.85, longitude: -84.86 },
  },
  countryOnly: { place: { city: null, country: 'Norway', countryCode: 'NO', region: null }, position: { latitude: 69, longitude: 20 } },
};

/** The movement kinds, each with a track that really does it (so the amounts are real). */
const MOTIONS: Record<string, { track: Parameters<typeof track>[1]; types: ShotType[] }> = {
  hover: { track: () => ({ x: 0, y: 0, h: 45 }), types: ['hover'] },
  rising: { track: (t) => ({ x: 0, y: 0, h: 10 + 4 * t }), types: ['rising'] },
  descending: { track: (t) => ({ x: 0, y: 0, h: 110 - 4 * t }), types: ['descending', 'high_altitude'] },
  flyover: { track: (t) => ({ x: 12 * t, y: 3 * t, h: 80 }), types: ['flyover'] },
  tracking: { track: (t) => ({ x: 0, y: 3 * t, h: 15 }), types: ['tracking', 'low_altitude'] },
  orbit: { track: (t) => ({ x: 40 * Math.cos(t / 5), y: 40 * Math.sin(t / 5), h: 60 }), types: ['orbit'] },
  pan: { track: () => ({ x: 0, y: 0, h: 30 }), types: ['pan', 'hover'] },
  top_down: { track: () => ({ x: 0, y: 0, h: 120 }), types: ['top_down', 'high_altitude'] },
  none: { track: () => ({ x: 0, y: 0, h: 20 }), types: [] },
};

const LIGHTS: Record<string, ShotType[]> = {
  day: ['daylight'],
  night: ['night'],
  sunset: ['golden_hour', 'sunset'],
  sunrise: ['golden_hour', 'sunrise'],
  blue: ['blue_hour'],
  unknown: [],
};

export interface GridFlight {
  label: string;
  facts: ClipFacts;
}

const summaries = new Map<string, ClipFacts['summary']>();
function summaryFor(motion: string, startHour: number): ClipFacts['summary'] {
  const key = `${motion}@${startHour}`;
  let s = summaries.get(key);
  if (!s) {
    const text = srtText(track(20, MOTIONS[motion]!.track, { dt: 0.5 }), { start: `2024-06-01T${String(startHour).padStart(2, '0')}:00:00` });
    s = summarizeTrack(parseDjiSrt(text));
    summaries.set(key, s);
  }
  return s;
}

/** Every combination of motion x light x place x picture (camera types in turn), numbered as one project. */
export function flightGrid(): GridFlight[] {
  const out: GridFlight[] = [];
  const cams = CAMERA_TYPES.map((c) => c.value);
  let n = 0;
  for (const motion of Object.keys(MOTIONS))
    for (const light of Object.keys(LIGHTS))
      for (const placeKey of Object.keys(PLACES))
        for (const sceneKey of Object.keys(SCENES)) {
          n++;
          const types = Object.fromEntries(SHOT_TYPE_IDS.map((id) => [id, false])) as Record<ShotType, boolean>;
          const p = PLACES[placeKey]!;
          const hasFix = p.position !== null;
          if (hasFix) for (const t of [...MOTIONS[motion]!.types, ...LIGHTS[light]!]) types[t] = true;
          types.aerial = true;
          const startHour = light === 'night' ? 23 : light === 'sunrise' ? 6 : light === 'sunset' ? 20 : 14;
          const sc = SCENES[sceneKey]!;
          out.push({
            label: `${motion}/${light}/${placeKey}/${sceneKey}`,
            facts: {
              baseName: `DJI_${String(n).padStart(4, '0')}`,
              ordinal: n,
              cameraType: cams[n % cams.length]!,
              cameraTypeSource: 'project',
              probe: {
                duration: 5 + (n % 50),
                width: n % 3 ? 3840 : 1920,
                height: n % 3 ? 2160 : 1080,
                fps: 30,
                codec: 'h264',
                container: 'mp4',
                hasAudio: false,
                bitRate: null,
              },
              summary: summaryFor(motion, startHour),
              motion: null,
              shotTypes: types,
              light: null,
              sunAltitude: null,
              position: p.position,
              place: p.place,
              image: sc,
              frames: [],
              scene: sc,
            },
          });
        }
  return out;
}
