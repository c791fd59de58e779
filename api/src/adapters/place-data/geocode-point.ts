/**
 * The place at a point as the product names it: the offline geocoder (analysis/place: city, country,
 * named territory) with the US state by boundary (us-states.ts), the admin-1 region elsewhere
 * (admin-regions.ts, loaded on the place data thread) and the named places at the point
 * (named-places.ts). Used by the pipeline for every clip and by the map picker's point re-read; no
 * water data (that loads only in the pipeline).
 */
import { placeLineOf, reverseGeocodeDetail, type Place } from '../../analysis/place/index.js';
import { regionAt } from './admin-regions.js';
import { namedPlacesAt } from './named-places.js';
import { usStateAt } from './us-states.js';

/**
 * The geocoder's place with the US state by boundary: the nearest town's state is wrong on the far
 * side of a state line (Grand Prismatic Spring is in Wyoming, its nearest town in Montana) and missing
 * where no town lies within 30 km (Monument Valley, Death Valley). A nearest town in another state
 * than the point is not named with it ("Carson City, California" for the middle of Lake Tahoe): the
 * place is then the state alone, plus any named place.
 */
export function geocodePoint(lat: number, lon: number): Place {
  const place = reverseGeocodeDetail(lat, lon);
  if (place.countryCode !== 'US') return place;
  const state = usStateAt(lat, lon);
  if (!state) return place;
  if (place.city && place.region && place.region !== state) return { ...place, city: null, population: null, distanceKm: null, region: state };
  return { ...place, region: state };
}

/**
 * The place with the admin-1 region (where the geocoder named none: its named territories, Scotland or
 * the Azores, stay) and the named places at (lat, lon). The region is taken only when its shape lies in
 * the geocoder's country (a point on a border keeps a consistent pair).
 */
export async function withPlaceNames<P extends Place>(place: P, lat: number, lon: number): Promise<P> {
  const named = namedPlacesAt(lat, lon);
  let out: P = named.names.length ? { ...place, namedPlaces: named.names, namedPlacePhrase: named.phrase, namedPlaceKind: named.kind } : place;
  if (!out.region && out.countryCode && out.countryCode !== 'US') {
    const r = await regionAt(lat, lon);
    if (r && r.countryCode === out.countryCode && r.region !== out.country) out = { ...out, region: r.region, regionFromAdmin1: true };
  }
  return out;
}

/** The place fields an editor shows for a point (the map picker), with its place line and named places. */
export async function placeFieldsAt(
  lat: number,
  lon: number,
): Promise<{ city: string | null; region: string | null; country: string | null; placeLine: string | null; features: string[] }> {
  const p = await withPlaceNames(geocodePoint(lat, lon), lat, lon);
  const features = [...(p.namedPlaces ?? [])];
  return { city: p.city, region: p.region ?? null, country: p.country, placeLine: placeLineOf({ ...p, features }), features };
}
