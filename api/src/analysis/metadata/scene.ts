/**
 * Turns the measured facts into the words a stock editor would use: what the clip shows (the
 * subject), how the camera moves, and the light. Pure functions, shared by the offline provider
 * and by the OpenAI prompt (which gets these words as hints next to the pictures).
 */
import { normalizeDeg } from '../telemetry/index.js';
import { COAST_M, LAKE_SHORE_M, NEAR_SHORE_SEA_M } from '../place/index.js';
import type { ClipFacts } from './types.js';

export type Subject = 'open-sea' | 'coast' | 'beach' | 'cliffs' | 'lake' | 'river' | 'waterside' | 'snow' | 'forest' | 'countryside' | 'city' | 'landscape';

/** Scene-share thresholds (fractions of pixels of the JPG and frames combined). */
export const SCENE_THRESHOLDS = { water: 0.22, snow: 0.3, forest: 0.5, vegetation: 0.28, built: 0.42, land: 0.12 } as const;

/** Beach: bright bare ground (sand) in the lower half of the pictures, next to the water. */
export const BEACH_MIN_BARE = 0.1;
export const BEACH_MIN_BRIGHTNESS = 0.5;
/** Cliffs: the take-off point (ground under the drone) this high above the sea, next to the coastline. */
export const CLIFF_MIN_GROUND_M = 40;

/** Height of the take-off ground above sea level, when the track has both altitudes. */
export function groundAboveSeaM(f: ClipFacts): number | null {
  const { absAltMin, relAltMin } = f.summary;
  return absAltMin !== null && relAltMin !== null ? absAltMin - relAltMin : null;
}

/** Beach, cliffs or plain coastline at a point on the coast, by what the pictures and the take-off ground show. */
function coastKind(f: ClipFacts): Subject {
  const b = f.scene?.bottom;
  const ground = groundAboveSeaM(f);
  if (ground !== null && ground >= CLIFF_MIN_GROUND_M && (b?.builtOrBare ?? 0) >= BEACH_MIN_BARE) return 'cliffs';
  if (
    b &&
    b.builtOrBare >= BEACH_MIN_BARE &&
    b.brightness >= BEACH_MIN_BRIGHTNESS &&
    b.builtOrBare < SCENE_THRESHOLDS.built &&
    (ground === null || ground < CLIFF_MIN_GROUND_M)
  )
    return 'beach';
  return 'coast';
}

/**
 * The main subject of the clip. The water data decides sea, coast and inland water where it was
 * consulted (place.waterBody): over the sea away from the coast it is the open sea whatever the
 * pixels say; water in the pictures near the coastline is the coast (beach or cliffs by the
 * pictures); inland it is a river inside a river area, a lake only where the data has a water body, else plain water ("waterside").
 * Without water data (older analyses) a point outside every country is the open sea.
 */
export function subjectOf(f: ClipFacts): Subject {
  const p = f.place;
  if (p && f.position) {
    if (p.waterBody === 'sea' && (p.coastM == null || p.coastM > NEAR_SHORE_SEA_M)) return 'open-sea';
    if (p.country === null && p.waterBody !== 'lake' && p.waterBody !== 'river' && p.waterBody !== 'land') return 'open-sea';
  }
  const s = f.scene;
  if (!s) return p?.city ? 'city' : 'landscape';
  const water = Math.max(s.bottom.water, s.whole.water);
  const land = s.bottom.vegetation + s.bottom.builtOrBare;
  const coastal = !!p && (p.waterBody === 'sea' || (p.coastM != null && p.coastM <= COAST_M));
  if (water >= SCENE_THRESHOLDS.water) {
    if (coastal || (p?.waterBody === undefined && land >= SCENE_THRESHOLDS.land && !p?.country))
      return land >= SCENE_THRESHOLDS.land ? coastKind(f) : 'open-sea';
    // A river area (OSM river polygons) is a river even beside a lake's shore.
    if (p?.waterBody === 'river') return 'river';
    if (p?.waterBody === 'lake' || (p?.shoreM != null && p.shoreM <= LAKE_SHORE_M)) return 'lake';
    return 'waterside';
  }
  if (coastal && p?.coastM != null && p.coastM <= COAST_M && land >= SCENE_THRESHOLDS.land && water >= 0.08) return coastKind(f);
  if (s.whole.snow >= SCENE_THRESHOLDS.snow) return 'snow';
  if (s.bottom.vegetation >= SCENE_THRESHOLDS.forest && s.bottom.brightness < 0.45) return 'forest';
  if (s.bottom.vegetation >= SCENE_THRESHOLDS.vegetation) return 'countryside';
  if (s.bottom.builtOrBare >= SCENE_THRESHOLDS.built && p?.city) return 'city';
  return 'landscape';
}

/**
 * Desert: open land whose pictures show bright, warm-coloured bare ground with next to no plants,
 * water or snow (sand, dunes, sandstone). A plain landscape that shows it is called a desert,
 * the word buyers search ("Atacama desert", "Negev desert"), wherever it is: the named-places table
 * is not needed for it. Thresholds: colour-class shares as image-analysis.ts measures them.
 */
export const DESERT = { minBare: 0.55, maxVegetation: 0.08, maxWater: 0.05, maxSnow: 0.05, minBrightness: 0.55 } as const;
const WARM = new Set(['orange', 'brown', 'yellow']);

/** Whether the pictures show desert ground (see DESERT). */
export function desertScene(f: ClipFacts): boolean {
  const s = f.scene;
  if (!s) return false;
  const b = s.bottom;
  return (
    b.builtOrBare >= DESERT.minBare &&
    b.vegetation <= DESERT.maxVegetation &&
    Math.max(b.water, s.whole.water) <= DESERT.maxWater &&
    s.whole.snow <= DESERT.maxSnow &&
    b.brightness >= DESERT.minBrightness &&
    // Sand and sandstone lead the colours; grey among them is roofs, roads or rock, not a desert we can tell.
    WARM.has(s.dominantColors[0] ?? '') &&
    !s.dominantColors.includes('grey')
  );
}

/** Title noun per subject; with a city it reads "<City> <noun>". */
export const SUBJECT_NOUN: Record<Subject, string> = {
  'open-sea': 'Open Sea',
  coast: 'Coastline',
  beach: 'Beach',
  cliffs: 'Sea Cliffs',
  lake: 'Lake',
  river: 'River',
  waterside: 'Waterscape',
  snow: 'Snowy Landscape',
  forest: 'Forest',
  countryside: 'Countryside',
  city: 'Cityscape',
  landscape: 'Landscape',
};

export const SUBJECT_KEYWORDS: Record<Subject, string[]> = {
  // "ocean" only where the sea is an ocean (offline.ts keywords): the Baltic is not one.
  'open-sea': ['sea', 'open water', 'seascape', 'waves', 'horizon'],
  coast: ['coast', 'coastline', 'sea', 'shore', 'seaside', 'waterfront'],
  beach: ['beach', 'coast', 'sea', 'sand', 'shore', 'seaside'],
  cliffs: ['cliffs', 'sea cliffs', 'coast', 'coastline', 'sea', 'rocky coast'],
  lake: ['lake', 'water', 'lakeshore', 'waterscape'],
  river: ['river', 'water', 'riverbank', 'waterscape'],
  // Water inland where the data has no water body: neither a lake nor a river is claimed.
  waterside: ['water', 'waterscape', 'waterside'],
  snow: ['snow', 'winter', 'snowy landscape', 'cold', 'frozen'],
  forest: ['forest', 'trees', 'woodland', 'green', 'wilderness'],
  // Farmland, rural and urban come from the gazetteer (land-cover.ts landCoverOf), not from the subject.
  countryside: ['countryside', 'green'],
  city: ['city', 'cityscape', 'urban', 'buildings', 'rooftops', 'architecture'],
  landscape: ['landscape', 'terrain', 'scenery'],
};

/** How the camera moves, in title words, with the preposition that reads naturally after it. */
export interface Movement {
  id: string;
  title: string;
  phrase: string;
  prep: string;
  keywords: string[];
}

/**
 * Keywords name what buyers type: Adobe Stock's keyword guide asks for words that describe what is
 * seen and where, not technical or camera terms, and Shutterstock's for terms buyers search. So the
 * moves keep "aerial", "orbit", "flyover", "top-down" and drop film-school terms ("dolly",
 * "pedestal down", "point of interest", "static shot"), which stay in the shot types.
 */
export function movementOf(f: ClipFacts): Movement {
  const t = f.shotTypes;
  if (t.orbit) return { id: 'orbit', title: 'Orbit', phrase: 'orbit', prep: 'around', keywords: ['orbit', 'circling'] };
  if (t.flyover) return { id: 'flyover', title: 'Flyover', phrase: 'flyover', prep: 'of', keywords: ['flyover', 'flying over'] };
  if (t.rising) return { id: 'rising', title: 'Rising Reveal', phrase: 'rising reveal', prep: 'over', keywords: ['rising', 'ascending', 'reveal'] };
  if (t.descending) return { id: 'descending', title: 'Descending Shot', phrase: 'descending shot', prep: 'over', keywords: ['descending'] };
  if (t.tracking) return { id: 'tracking', title: 'Tracking Shot', phrase: 'tracking shot', prep: 'over', keywords: ['tracking shot', 'moving forward'] };
  if (t.pan) return { id: 'pan', title: 'Panorama', phrase: 'panorama', prep: 'of', keywords: ['panorama', 'panning', 'panoramic view'] };
  if (t.top_down) return { id: 'top_down', title: 'Top-Down View', phrase: 'top-down view', prep: 'of', keywords: ['top-down', "bird's eye view", 'overhead'] };
  if (t.hover) return { id: 'hover', title: 'Hovering Shot', phrase: 'hovering shot', prep: 'above', keywords: ['hovering'] };
  return { id: 'footage', title: 'Footage', phrase: 'footage', prep: 'of', keywords: ['flight'] };
}

/** Title suffix and keywords for the light; daylight needs no words. */
export function lightOf(f: ClipFacts): { title: string | null; phrase: string | null; keywords: string[] } {
  const t = f.shotTypes;
  if (t.sunset) return { title: 'at Sunset', phrase: 'at sunset', keywords: ['sunset', t.golden_hour ? 'golden hour' : 'blue hour', 'dusk', 'evening'] };
  if (t.sunrise) return { title: 'at Sunrise', phrase: 'at sunrise', keywords: ['sunrise', t.golden_hour ? 'golden hour' : 'blue hour', 'dawn', 'morning'] };
  if (t.golden_hour) return { title: 'at Golden Hour', phrase: 'at golden hour', keywords: ['golden hour', 'warm light'] };
  if (t.blue_hour) return { title: 'at Blue Hour', phrase: 'at blue hour', keywords: ['blue hour', 'twilight'] };
  if (t.night) return { title: 'at Night', phrase: 'at night', keywords: ['night', 'lights', 'dark'] };
  // "sunny" is weather: only the picture can say it (offline.ts keywords), not the sun's altitude.
  if (t.daylight) return { title: null, phrase: null, keywords: ['daylight'] };
  return { title: null, phrase: null, keywords: [] };
}

const COMPASS = ['North', 'North-East', 'East', 'South-East', 'South', 'South-West', 'West', 'North-West'];

/** "North-East" for a bearing in degrees. */
export function compassName(deg: number): string {
  return COMPASS[Math.round(normalizeDeg(deg) / 45) % 8]!;
}

/** Morning / Midday / Afternoon / Evening / Night from the drone's local wall-clock start. */
export function timeOfDay(localStart: string | null): string | null {
  const m = /T(\d\d):/.exec(localStart ?? '');
  if (!m) return null;
  const h = Number(m[1]);
  if (h < 5) return 'Night';
  if (h < 11) return 'Morning';
  if (h < 14) return 'Midday';
  if (h < 18) return 'Afternoon';
  if (h < 21) return 'Evening';
  return 'Night';
}

/** Height class for a title qualifier, from the typical height above take-off. */
export function heightPhrase(f: ClipFacts): string | null {
  const h = f.motion?.medianHeight ?? f.summary.altitudeMedian;
  if (h === null || h === undefined || !Number.isFinite(h)) return null;
  if (f.shotTypes.high_altitude) return `from ${Math.round(h)} m High`;
  if (f.shotTypes.low_altitude) return 'at Low Altitude';
  return `from ${Math.round(h)} m`;
}

/** Video resolution label a buyer filters by. */
export function resolutionLabel(width: number | null, height: number | null): string | null {
  if (!width || !height) return null;
  const long = Math.max(width, height);
  if (long >= 5000) return '5K';
  if (long >= 3800) return '4K';
  if (long >= 2600) return '2.7K';
  if (long >= 1900) return 'Full HD';
  if (long >= 1200) return 'HD';
  return null;
}
