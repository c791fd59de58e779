/**
 * Turns the measured facts into the words a stock editor would use: what the clip shows (the
 * subject), how the camera moves, and the light. Pure functions, shared by the offline provider
 * and by the OpenAI prompt (which gets these words as hints next to the pictures).
 */
import { normalizeDeg } from '../telemetry/index.js';
import type { ClipFacts } from './types.js';

export type Subject = 'open-sea' | 'coast' | 'lake' | 'snow' | 'forest' | 'countryside' | 'city' | 'landscape';

/** Scene-share thresholds (fractions of pixels of the JPG and frames combined). */
export const SCENE_THRESHOLDS = { water: 0.22, snow: 0.3, forest: 0.5, vegetation: 0.28, built: 0.42, land: 0.12 } as const;

/** The main subject of the clip. At sea (a fix outside every country) it is the open sea whatever the pixels say. */
export function subjectOf(f: ClipFacts): Subject {
  if (f.place && f.place.country === null && f.position) return 'open-sea';
  const s = f.scene;
  if (!s) return f.place?.city ? 'city' : 'landscape';
  const water = Math.max(s.bottom.water, s.whole.water);
  const land = s.bottom.vegetation + s.bottom.builtOrBare;
  if (water >= SCENE_THRESHOLDS.water) return land >= SCENE_THRESHOLDS.land ? 'coast' : f.place?.country ? 'lake' : 'open-sea';
  if (s.whole.snow >= SCENE_THRESHOLDS.snow) return 'snow';
  if (s.bottom.vegetation >= SCENE_THRESHOLDS.forest && s.bottom.brightness < 0.45) return 'forest';
  if (s.bottom.vegetation >= SCENE_THRESHOLDS.vegetation) return 'countryside';
  if (s.bottom.builtOrBare >= SCENE_THRESHOLDS.built && f.place?.city) return 'city';
  return 'landscape';
}

/** Title noun per subject; with a city it reads "<City> <noun>". */
export const SUBJECT_NOUN: Record<Subject, string> = {
  'open-sea': 'Open Sea',
  coast: 'Coastline',
  lake: 'Waterscape',
  snow: 'Snowy Landscape',
  forest: 'Forest',
  countryside: 'Countryside',
  city: 'Cityscape',
  landscape: 'Landscape',
};

export const SUBJECT_KEYWORDS: Record<Subject, string[]> = {
  'open-sea': ['sea', 'ocean', 'open water', 'seascape', 'waves', 'horizon'],
  coast: ['coast', 'coastline', 'water', 'shore', 'seaside', 'waterfront'],
  lake: ['water', 'lake', 'waterscape'],
  snow: ['snow', 'winter', 'snowy landscape', 'cold', 'frozen'],
  forest: ['forest', 'trees', 'woodland', 'green', 'wilderness'],
  // Farmland, rural and urban come from the gazetteer (offline.ts landCoverOf), not from the subject.
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

export function movementOf(f: ClipFacts): Movement {
  const t = f.shotTypes;
  if (t.orbit) return { id: 'orbit', title: 'Orbit', phrase: 'orbit', prep: 'around', keywords: ['orbit', 'circling', 'point of interest'] };
  if (t.flyover) return { id: 'flyover', title: 'Flyover', phrase: 'flyover', prep: 'of', keywords: ['flyover', 'flying over', 'fly through'] };
  if (t.rising) return { id: 'rising', title: 'Rising Reveal', phrase: 'rising reveal', prep: 'over', keywords: ['rising', 'ascending', 'reveal'] };
  if (t.descending) return { id: 'descending', title: 'Descending Shot', phrase: 'descending shot', prep: 'over', keywords: ['descending', 'pedestal down'] };
  if (t.tracking)
    return { id: 'tracking', title: 'Tracking Shot', phrase: 'tracking shot', prep: 'over', keywords: ['tracking shot', 'dolly', 'moving forward'] };
  if (t.pan) return { id: 'pan', title: 'Panorama', phrase: 'panorama', prep: 'of', keywords: ['panorama', 'panning', 'panoramic view'] };
  if (t.top_down) return { id: 'top_down', title: 'Top-Down View', phrase: 'top-down view', prep: 'of', keywords: ["bird's eye view", 'top down', 'overhead'] };
  if (t.hover) return { id: 'hover', title: 'Hovering Shot', phrase: 'hovering shot', prep: 'above', keywords: ['hovering', 'static shot'] };
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
