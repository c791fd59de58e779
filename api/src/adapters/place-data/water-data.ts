/**
 * Sea, inland water and land at a position, from data shipped in npm packages (no network):
 *  - `@geo-maps/earth-seas-10m`: every sea and ocean as OpenStreetMap coastline polygons simplified to
 *    10 m (582 polygons, 1.78 M vertices; 11.5 MB download, 37 MB unpacked);
 *  - `@geo-maps/earth-lakes-10m`: OpenStreetMap inland water polygons simplified to 10 m (lakes,
 *    reservoirs and the wide rivers mapped as areas; 12.7 MB download, 59 MB unpacked).
 * Data (c) OpenStreetMap contributors, ODbL 1.0; packages MIT.
 *
 * Each dataset is read once per process, lazily on its first lookup (the worker's first geocoded
 * clip; the API process loads it only for the map picker's point re-read) and packed into typed
 * arrays (polygon-index.ts): about 27 MB for the seas and 45 MB for the inland water stay resident;
 * parsing the JSON needs ~170 MB and ~320 MB of heap for a moment (released after the build). The
 * bench (`bench/places.mjs`) prints the measured figures.
 */
import type { WaterLookup, WaterSample } from '../../analysis/place/index.js';
import { PolygonIndex, type PolygonIndexStats } from './polygon-index.js';

const seas = new PolygonIndex('@geo-maps/earth-seas-10m/map.geo.json');
const inland = new PolygonIndex('@geo-maps/earth-lakes-10m/map.geo.json');

/** What the data says at one position (null for an invalid position). */
export function waterSample(lat: number, lon: number): WaterSample | null {
  const sea = seas.sample(lat, lon);
  if (!sea) return null;
  // Inland water is only looked up on land (a lake polygon never lies at sea).
  const lake = sea.inside ? null : inland.sample(lat, lon);
  return {
    sea: sea.inside,
    coastM: sea.edgeM,
    inlandWater: lake?.inside ?? false,
    shoreM: lake?.edgeM ?? null,
    shoreCompactness: lake?.compactness ?? null,
  };
}

export const waterLookup: WaterLookup = { sample: waterSample };

export interface WaterDataStats {
  seas: PolygonIndexStats | null;
  inland: PolygonIndexStats | null;
}

/** Builds both indexes now (the worker warms them before taking jobs) and returns what they cost. */
export function warmWaterData(): WaterDataStats {
  seas.build();
  inland.build();
  return waterDataStats();
}

export function waterDataStats(): WaterDataStats {
  return { seas: seas.stats, inland: inland.stats };
}
