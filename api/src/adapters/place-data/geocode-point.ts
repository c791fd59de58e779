/**
 * The place at a point as the product names it: the offline geocoder (analysis/place: city, country,
 * named territory) with the US state by boundary (us-states.ts). Used by the pipeline for every clip
 * and by the map picker's point re-read; no water data (that loads only in the pipeline).
 */
import { placeLineOf, reverseGeocodeDetail, type Place } from '../../analysis/place/index.js';
import { usStateAt } from './us-states.js';

/**
 * The geocoder's place with the US state by boundary: the nearest town's state is wrong on the far
 * side of a state line (Grand Prismatic Spring is in Wyoming, its nearest town in Montana) and missing
 * where no town lies within 30 km (Monument Valley, Death Valley).
 */
export function geocodePoint(lat: number, lon: number): Place {
  const place = reverseGeocodeDetail(lat, lon);
  if (place.countryCode !== 'US') return place;
  const state = usStateAt(lat, lon);
  return state ? { ...place, region: state } : place;
}

/** The place fields an editor shows for a point (the map picker), with its place line. */
export function placeFieldsAt(lat: number, lon: number): { city: string | null; region: string | null; country: string | null; placeLine: string | null } {
  const p = geocodePoint(lat, lon);
  return { city: p.city, region: p.region ?? null, country: p.country, placeLine: placeLineOf(p) };
}
