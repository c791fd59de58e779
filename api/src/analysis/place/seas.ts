/**
 * Names for a point the sea data puts at sea. The seas dataset (OSM coastline polygons) carries no
 * names, and no npm package ships named sea areas (IHO S-23 or Natural Earth marine polygons), so the
 * names come from the IHO S-23 limits in coarse form: the oceans split by their conventional
 * meridians (Atlantic/Indian 20 E, Indian/Pacific 146.9 E, Pacific/Atlantic 67.3 W, Southern Ocean
 * south of 60 S, Arctic north of the polar circle outside the Norwegian and Barents Seas) and a short
 * list of enclosed seas whose limits are straits (Mediterranean, Black, Baltic, Red, North Sea...).
 * Everything else at sea gets its ocean's name, which is never wrong, only less specific (a gap: the
 * Caribbean, South China Sea and the like read as their ocean). Pure, no data loading.
 */

/** What the water data says at one position (adapters/place-data/water-data.ts). */
export interface WaterSample {
  /** Inside the seas-and-oceans polygons (includes fjords, estuaries and harbours the coastline encloses). */
  sea: boolean;
  /** Metres to the nearest sea coastline, null when farther than the lookup measures (~12 km). */
  coastM: number | null;
  /** Inside an inland water polygon (lake, reservoir, or a wide river mapped as an area). */
  inlandWater: boolean;
  /** Inside a river area (OSM river polygons): the inland water is a river, never a lake. */
  river: boolean;
  /** Metres to the nearest inland water shore, null when farther than ~12 km. */
  shoreM: number | null;
  /** Compactness 4*pi*A/P^2 of that water body's outline: a river is long and thin (low), a lake is not. */
  shoreCompactness: number | null;
}

/** The lookup the place analysis is given (the data loading lives in an adapter). */
export interface WaterLookup {
  sample(lat: number, lon: number): WaterSample | null | Promise<WaterSample | null>;
}

interface Box {
  name: string;
  test: (lat: number, lon: number) => boolean;
}

const within = (v: number, lo: number, hi: number) => v >= lo && v <= hi;

/** Enclosed seas bounded by straits, tried in order (first match wins). */
const SEAS: readonly Box[] = [
  { name: 'Sea of Marmara', test: (la, lo) => within(la, 40.25, 41.1) && within(lo, 26.6, 29.95) && !(la < 40.45 && lo < 27) },
  { name: 'Black Sea', test: (la, lo) => within(la, 40.9, 47.5) && within(lo, 27.3, 42) },
  // Gibraltar at 5.6 W; the Bay of Biscay (north of 43 N, west of 1 W) and the Black Sea are not part of it.
  { name: 'Mediterranean Sea', test: (la, lo) => within(la, 30, 46) && within(lo, -5.6, 36.5) && !(la > 43 && lo < -1) && !(la > 40.25 && lo > 26.6) },
  { name: 'Red Sea', test: (la, lo) => within(la, 12.6, 30) && within(lo, 32, 43.4) },
  { name: 'Persian Gulf', test: (la, lo) => within(la, 23.5, 30.5) && within(lo, 47.5, 56.3) },
  {
    name: 'Baltic Sea',
    test: (la, lo) => (within(la, 53.5, 66) && within(lo, 12.8, 30.5) && (la < 60.3 || lo > 16.8)) || (within(la, 53.8, 56.4) && within(lo, 9.8, 12.8)),
  },
  { name: 'English Channel', test: (la, lo) => within(la, 48.4, 51.1) && within(lo, -5.7, 1.9) },
  { name: 'North Sea', test: (la, lo) => within(la, 51.0, 61) && within(lo, -4, 8.2) && !(la < 58.5 && lo < -2.5) },
  { name: 'Norwegian Sea', test: (la, lo) => within(la, 61, 72) && within(lo, -5, 26) },
  { name: 'Gulf of Mexico', test: (la, lo) => within(la, 18, 31) && within(lo, -98, -81) && (la > 21.6 || lo < -87.2) },
  { name: 'Caspian Sea', test: (la, lo) => within(la, 36.5, 47.2) && within(lo, 46.5, 55) },
  { name: 'White Sea', test: (la, lo) => within(la, 63.7, 66.6) && within(lo, 32, 44.5) },
  { name: 'Sea of Japan', test: (la, lo) => within(la, 34, 52) && within(lo, 127.5, 142) && !(la < 41.5 && lo > 139.8) && !(la < 36 && lo > 131.5) },
];

/** West edge of the Atlantic by latitude: the Americas' coasts (67.3 W at Cape Horn, Panama's isthmus further north). */
function atlanticWestEdge(lat: number): number {
  if (lat < -55) return -67.3;
  if (lat < -35) return -70;
  if (lat < 8) return lat < -5 ? -60 : -77;
  if (lat < 9.3) return -77.5;
  if (lat < 18) return -83;
  if (lat < 31) return -98;
  return -82;
}

/** The ocean by the conventional meridians and parallels (IHO S-23, coarse), or null where it would be a guess. */
export function oceanName(lat: number, lon: number): string | null {
  if (lat <= -60) return 'Southern Ocean';
  if (lat >= 66.5) return lon > -30 && lon < 60 && lat < 72 ? (lon < 26 ? 'Norwegian Sea' : 'Barents Sea') : 'Arctic Ocean';
  if (lon >= atlanticWestEdge(lat) && lon <= 20) return 'Atlantic Ocean';
  if (lon > 20 && lat < 31 && (lon < 100 || (lon < 146.9 && lat <= -10))) return 'Indian Ocean';
  // Inland of Eurasia between the Mediterranean and the Pacific a "sea" unmatched above is not an ocean.
  if (lon > 20 && lon < 100 && lat >= 31) return null;
  return 'Pacific Ocean';
}

/** The most specific name for a point at sea: an enclosed sea when one matches, else its ocean. */
export function seaName(lat: number, lon: number): string | null {
  for (const s of SEAS) if (s.test(lat, lon)) return s.name;
  return oceanName(lat, lon);
}

/** "the North Atlantic Ocean" style hemisphere qualifier for open ocean far from any country. */
export function openOceanName(lat: number, lon: number): string | null {
  const name = seaName(lat, lon);
  if (name === 'Atlantic Ocean' || name === 'Pacific Ocean') return `${lat >= 0 ? 'North' : 'South'} ${name}`;
  return name;
}
