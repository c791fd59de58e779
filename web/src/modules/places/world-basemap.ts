/**
 * The map picker's basemap, drawn from data shipped with the app: Natural Earth country shapes at
 * 1:50 m from `world-atlas` (TopoJSON, 756 KB; public domain data, package ISC), turned into GeoJSON
 * by `topojson-client`. Loaded on first use as its own chunk, so no page pays for it until the picker
 * opens, and no map tile is fetched (offline by default). `VITE_MAP_TILE_URL` (a `{z}/{x}/{y}` URL,
 * with `VITE_MAP_TILE_ATTRIBUTION`) adds a tile layer under it where a deployment wants one.
 */
import type { FeatureCollection } from 'geojson';

let countries: Promise<FeatureCollection> | null = null;

export function worldCountries(): Promise<FeatureCollection> {
  countries ??= Promise.all([import('world-atlas/countries-50m.json'), import('topojson-client')]).then(([topo, client]) => {
    const t = (topo.default ?? topo) as unknown as Parameters<typeof client.feature>[0];
    return client.feature(
      t,
      (t as unknown as { objects: { countries: Parameters<typeof client.feature>[1] } }).objects.countries,
    ) as unknown as FeatureCollection;
  });
  return countries;
}

/** A tile URL configured at build time, or null (the default: vector basemap only). */
export const MAP_TILE_URL: string | null = (import.meta.env.VITE_MAP_TILE_URL as string | undefined) || null;
export const MAP_TILE_ATTRIBUTION: string = (import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined) ?? '';
