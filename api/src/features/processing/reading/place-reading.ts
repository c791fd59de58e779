/**
 * The held-out reading check (issue 32 item 5): a generated flight over a real place goes through the
 * pipeline's own telemetry, place and water stages and the offline wording, with pictures of the kind
 * that place shows; the title, description and keywords are then read for words that must and must
 * not appear. Used by place-reading.unit.spec.ts and bench/places.mjs (from dist).
 */
import type { ImageAnalysis, RegionAnalysis } from '../../../adapters/media-tools/image-analysis.js';
import { COAST_M, NEAR_SHORE_SEA_M } from '../../../analysis/place/index.js';
import { offlineMetadata } from '../../../analysis/metadata/offline.js';
import type { ClipFacts } from '../../../analysis/metadata/types.js';
import { srtText, track } from '../../../analysis/quality/generated-srt.js';
import { waterLookup } from '../../../adapters/place-data/water-data.js';
import { placeOf, placeWithWater, readTelemetry } from '../pipeline/telemetry-stage.js';

/** What the pictures of a kind of place show (colour-class shares, as image-analysis.ts measures them). */
export type PictureKind =
  'sea' | 'beach' | 'cliffs' | 'harbour' | 'lake' | 'river' | 'fjord' | 'desert' | 'mountain' | 'city' | 'village' | 'forest' | 'landmark';

const region = (p: Partial<RegionAnalysis>): RegionAnalysis => ({
  sky: 0,
  water: 0,
  vegetation: 0,
  snow: 0,
  dark: 0,
  builtOrBare: 0,
  brightness: 0.45,
  saturation: 0.4,
  ...p,
});
const picture = (top: Partial<RegionAnalysis>, bottom: Partial<RegionAnalysis>, colors: string[]): ImageAnalysis => {
  const t = region(top);
  const b = region(bottom);
  const whole = region(Object.fromEntries(Object.keys(b).map((k) => [k, ((t as never)[k] + (b as never)[k]) / 2])) as Partial<RegionAnalysis>);
  return { width: 512, height: 288, top: t, bottom: b, whole, dominantColors: colors, roadStrip: 0 };
};

export const PICTURES: Record<PictureKind, ImageAnalysis> = {
  sea: picture({ sky: 0.5, water: 0.4 }, { water: 0.9 }, ['blue', 'white']),
  beach: picture({ sky: 0.4, water: 0.4 }, { water: 0.35, builtOrBare: 0.3, brightness: 0.62 }, ['blue', 'white', 'yellow']),
  cliffs: picture({ sky: 0.3, water: 0.4 }, { water: 0.3, builtOrBare: 0.35, vegetation: 0.1, brightness: 0.42 }, ['blue', 'brown']),
  harbour: picture({ sky: 0.3, water: 0.2 }, { water: 0.3, builtOrBare: 0.45, brightness: 0.4 }, ['blue', 'orange']),
  lake: picture({ sky: 0.3, vegetation: 0.3 }, { water: 0.55, vegetation: 0.25 }, ['blue', 'green']),
  river: picture({ sky: 0.3, builtOrBare: 0.3 }, { water: 0.3, builtOrBare: 0.35, vegetation: 0.1 }, ['grey', 'blue']),
  fjord: picture({ sky: 0.2, vegetation: 0.4 }, { water: 0.45, vegetation: 0.35, brightness: 0.35 }, ['green', 'blue']),
  desert: picture({ sky: 0.4 }, { builtOrBare: 0.7, brightness: 0.6 }, ['orange', 'brown']),
  mountain: picture({ sky: 0.4, builtOrBare: 0.3 }, { builtOrBare: 0.5, snow: 0.1, vegetation: 0.1 }, ['grey', 'white']),
  city: picture({ sky: 0.3 }, { builtOrBare: 0.6 }, ['grey', 'orange']),
  village: picture({ sky: 0.4 }, { vegetation: 0.55, builtOrBare: 0.2, brightness: 0.55 }, ['green', 'blue']),
  forest: picture({ vegetation: 0.5 }, { vegetation: 0.8, brightness: 0.3 }, ['green']),
  landmark: picture({ sky: 0.3 }, { builtOrBare: 0.55 }, ['grey', 'orange']),
};

/** The water type a place must get: from the seas and inland water data at the point. */
export type WaterType = 'sea' | 'coast' | 'lake' | 'river' | 'land';

export interface ReadingPlace {
  name: string;
  /** The kind of place (sea, beach, fjord, desert, ...): for the figures, not the wording. */
  kind: string;
  lat: number;
  lon: number;
  /** Ground height above sea level at take-off, m (the telemetry's abs_alt minus rel_alt). */
  groundM: number;
  pictures: PictureKind;
  /** The drone's move over the place. */
  move?: 'orbit' | 'flyover' | 'rising' | 'hover';
  water: WaterType;
  /** Every group must have at least one of its words (case-insensitive, whole words) in title + description + keywords. */
  must: string[][];
  /** None of these words may appear. */
  mustNot: string[];
  /** The place line must contain this (e.g. "Utah, United States"). */
  placeLine?: string;
  /** The named feature the place must carry ("Atlantic Ocean"), when the data names one. */
  feature?: string;
}

const MOVES = {
  orbit: (t: number) => ({ x: 60 * Math.cos(t / 6), y: 60 * Math.sin(t / 6), h: 60 }),
  flyover: (t: number) => ({ x: 10 * t - 100, y: 2 * t - 20, h: 80 }),
  rising: (t: number) => ({ x: 0, y: 0, h: 10 + 4 * t }),
  hover: () => ({ x: 0, y: 0, h: 50 }),
};

/** The facts a generated flight over the place gives (through the pipeline's own stages). */
export async function readingFacts(p: ReadingPlace, ordinal = 1): Promise<ClipFacts> {
  const entries = track(20, MOVES[p.move ?? 'flyover'], { lat0: p.lat, lon0: p.lon, dt: 0.5 }).map((e) => ({ ...e, absAlt: p.groundM + e.relAlt }));
  const t = readTelemetry(srtText(entries, { start: '2024-06-01T14:00:00' }));
  const places = placeOf(t.summary);
  const scene = PICTURES[p.pictures];
  return {
    baseName: `DJI_${String(ordinal).padStart(4, '0')}`,
    ordinal,
    cameraType: 'dji-mavic-3-pro-series',
    cameraTypeSource: 'project',
    probe: { duration: 20, width: 3840, height: 2160, fps: 30, codec: 'h264', container: 'mp4', hasAudio: false, bitRate: null },
    summary: t.summary,
    motion: t.motion,
    shotTypes: t.shotTypes,
    light: t.light,
    sunAltitude: t.sunAltitude,
    position: places.position,
    // The pipeline's own stage, with the water data built on this thread (the pipeline uses a worker thread).
    place: await placeWithWater(places, scene, waterLookup),
    placeSource: places.placeSource,
    image: scene,
    frames: [],
    scene,
  };
}

export interface ReadingOutcome {
  place: ReadingPlace;
  text: string;
  title: string;
  placeLine: string | null;
  water: WaterType | null;
  /** must groups with none of their words present. */
  missing: string[][];
  /** must-not words present. */
  forbidden: string[];
  placeLineRight: boolean;
  waterRight: boolean;
  featureRight: boolean;
  /** The named features the result carries (named places, then the sea). */
  features: string[];
}

/** Words no stock text may carry, whatever the place (issue 32 item 4): film jargon and filler. */
export const MUST_NOT_ANYWHERE = ['dolly', 'pedestal down', 'point of interest', 'footage follows', 'lasts', 'clip runs', 'Landscape in United States'];

const hasWord = (text: string, word: string) => new RegExp(`(^|[^\\p{L}])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'iu').test(text);

function waterTypeOf(f: ClipFacts): WaterType | null {
  const p = f.place;
  if (!p) return null;
  // Not consulted: the pictures show no water and the point is in a country.
  if (p.waterBody === undefined) return p.country ? 'land' : null;
  if (p.waterBody === 'sea') return p.coastM != null && p.coastM <= NEAR_SHORE_SEA_M ? 'coast' : 'sea';
  if (p.waterBody === 'lake') return 'lake';
  if (p.waterBody === 'river') return 'river';
  return p.coastM != null && p.coastM <= COAST_M ? 'coast' : 'land';
}

/** Reads one place's generated metadata against its expectations. */
export async function readPlace(p: ReadingPlace, ordinal = 1): Promise<ReadingOutcome> {
  const facts = await readingFacts(p, ordinal);
  const g = offlineMetadata(facts);
  const c = g.result.content;
  const text = [c.title, c.final_description, c.keywords.join(', ')].join('\n');
  const placeLine = g.result.metadata.place_line ?? null;
  const water = waterTypeOf(facts);
  const features = g.result.metadata.features ?? [];
  return {
    place: p,
    text,
    title: c.title,
    placeLine,
    water,
    missing: p.must.filter((group) => !group.some((w) => hasWord(text, w))),
    forbidden: [...p.mustNot, ...MUST_NOT_ANYWHERE].filter((w) => hasWord(text, w)),
    placeLineRight: p.placeLine ? (placeLine ?? '').includes(p.placeLine) : !!placeLine,
    waterRight: water === p.water,
    featureRight: p.feature ? features.includes(p.feature) : true,
    features,
  };
}
