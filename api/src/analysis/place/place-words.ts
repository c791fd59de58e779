/**
 * The place as buyers write it, from the geocoder's names plus what the water data says at the point:
 * sea or ocean (named), coast (within a few hundred metres of the coastline), inland water (only where
 * the data has a water body) or land; the place line ("Cape Town, Western Cape, South Africa") and
 * country names in sentences ("the United States") and keywords ("USA"). Pure.
 */
import type { Place } from './reverse-geocode.js';
import { openOceanName, seaName, type WaterSample } from './seas.js';

/** A point this close to the coastline is on the coast (a beach, cliffs, a harbour). */
export const COAST_M = 400;
/** Over the sea within this of the coastline the subject is still the coast; farther out it is the open sea. */
export const NEAR_SHORE_SEA_M = 1500;
/** On land this close to an inland water body's shore, water in the pictures is that water body. */
export const LAKE_SHORE_M = 300;

/** The place with what the water data says at (lat, lon); unchanged when there is no sample. */
export function withWater<P extends Place>(place: P, lat: number, lon: number, sample: WaterSample | null): P {
  if (!sample) return place;
  const waterBody = sample.sea ? 'sea' : sample.river ? 'river' : sample.inlandWater ? 'lake' : 'land';
  const nearSea = sample.sea || (sample.coastM !== null && sample.coastM <= NEAR_SHORE_SEA_M);
  // Far out (no country's waters) the plain ocean with its hemisphere: "South Atlantic Ocean".
  const name = nearSea ? (place.country === null && sample.sea ? openOceanName(lat, lon) : seaName(lat, lon)) : null;
  return { ...place, waterBody, coastM: sample.coastM, shoreM: sample.shoreM, seaName: name };
}

/** Countries whose English name takes "the" in a sentence. */
const WITH_ARTICLE =
  /^(United States|United Kingdom|Netherlands|Philippines|Bahamas|Gambia|Maldives|Seychelles|United Arab Emirates|Czech Republic|Dominican Republic|Central African Republic|Democratic Republic of the Congo|Solomon Islands|Marshall Islands|Cayman Islands|Faroe Islands|British Virgin Islands|Falkland Islands|Comoros)$/;

/** The country as a sentence names it: "the United States", "Italy". */
export function countryInSentence(country: string): string {
  return WITH_ARTICLE.test(country) ? `the ${country}` : country;
}

/** Short forms buyers type as keywords (agencies accept common abbreviations as extra keywords). */
const COUNTRY_KEYWORDS: Readonly<Record<string, string>> = { US: 'USA', GB: 'UK', AE: 'UAE' };

/** Keywords for the country: its name and the abbreviation buyers type, if any. */
export function countryKeywords(place: Pick<Place, 'country' | 'countryCode'>): string[] {
  if (!place.country) return [];
  const short = place.countryCode ? COUNTRY_KEYWORDS[place.countryCode] : undefined;
  return short ? [place.country, short] : [place.country];
}

/** The sea's name as an adjective for "coastline": "Atlantic", "Mediterranean", "North Sea". */
export function seaAdjective(name: string): string {
  if (/ Ocean$/.test(name)) return name.replace(/^(North|South) /, '').replace(/ Ocean$/, '');
  if (/^(Mediterranean|Baltic|Caspian|Adriatic|Aegean|Caribbean) Sea$/.test(name)) return name.replace(/ Sea$/, '');
  return name;
}

/**
 * The place line, most specific first: a named feature, the city, the region, the country
 * ("Monument Valley, Utah, United States"). At sea outside every country's waters: the sea's name
 * ("South Atlantic Ocean"). Null when nothing is known.
 */
export function placeLineOf(place: (Place & { features?: string[] | null }) | null): string | null {
  if (!place) return null;
  const parts = [place.features?.[0] ?? place.namedPlaces?.[0] ?? null, place.city, place.region ?? null, place.country];
  const out: string[] = [];
  for (const p of parts) if (p && !out.some((o) => o.toLowerCase() === p.toLowerCase())) out.push(p);
  if (!out.length && place.seaName) return place.seaName;
  return out.length ? out.join(', ') : null;
}
