/**
 * Sea, inland water and land at a position, from data shipped in npm packages (no network):
 *  - `@geo-maps/earth-seas-10m`: every sea and ocean as OpenStreetMap coastline polygons simplified to
 *    10 m (582 polygons, 1.78 M vertices; 11.5 MB download, 37 MB unpacked);
 *  - `@geo-maps/earth-lakes-10m`: OpenStreetMap inland water polygons simplified to 10 m (lakes,
 *    reservoirs and the wide rivers mapped as areas; 12.7 MB download, 59 MB unpacked);
 *  - `@geo-maps/earth-rivers-100m`: OpenStreetMap river areas simplified to 100 m (373 k rings,
 *    1.94 M vertices; 37 MB unpacked): a position inside one is a river, which wins over the lakes
 *    layer where both have a polygon (that layer also holds wide rivers, without telling them apart).
 * Data (c) OpenStreetMap contributors, ODbL 1.0; packages MIT.
 *
 * Each dataset is read once per process, lazily on the first clip whose pictures show water, on a
 * worker thread (parsing needs ~0.6 GB and seconds, all on that thread, freed when it exits), and
 * packed into typed arrays (polygon-index.ts) that are transferred to the main thread: about 27 MB
 * for the seas, 41 MB for the inland water and 30 MB for the rivers stay resident (the rivers add
 * ~0.6 s of parse + pack on that thread, 0.3x the seas + lakes). A process that never processes a
 * clip with water (the API without the in-process worker) never loads them. `bench/places.mjs` measures.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WaterLookup, WaterSample } from '../../analysis/place/index.js';
import { PolygonIndex, type PackedPolygons, type PolygonIndexStats } from './polygon-index.js';

const seas = new PolygonIndex('@geo-maps/earth-seas-10m/map.geo.json');
const inland = new PolygonIndex('@geo-maps/earth-lakes-10m/map.geo.json');
const rivers = new PolygonIndex('@geo-maps/earth-rivers-100m/map.geo.json');

// From the build this is a .js file, from the sources under test .ts (run by Node's type stripping).
const WORKER_URL = new URL(`./water-thread.worker${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url);
let loading: Promise<void> | null = null;

/**
 * Builds both indexes on a worker thread (once per process; later calls share the promise): the main
 * thread only adopts the transferred typed arrays. A failed build is retried on the next call.
 */
export function loadWaterData(): Promise<void> {
  if (seas.isBuilt && inland.isBuilt && rivers.isBuilt) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: { paths: [seas.modulePath, inland.modulePath, rivers.modulePath] } });
    let settled = false;
    worker.once('message', (packed: PackedPolygons[]) => {
      settled = true;
      seas.adopt(packed[0]!);
      inland.adopt(packed[1]!);
      rivers.adopt(packed[2]!);
      resolve();
      void worker.terminate();
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`The water data thread stopped (exit code ${code})`));
    });
  }).catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}

/** The pipeline's lookup: the data is built off the event loop on first use. */
export const waterLookupOffThread: WaterLookup = {
  async sample(lat, lon) {
    await loadWaterData();
    return waterSample(lat, lon);
  },
};

/** What the data says at one position (null for an invalid position); builds on this thread if not loaded yet. */
export function waterSample(lat: number, lon: number): WaterSample | null {
  const sea = seas.sample(lat, lon);
  if (!sea) return null;
  // Inland water is only looked up on land (a lake polygon never lies at sea).
  const lake = sea.inside ? null : inland.sample(lat, lon);
  const river = sea.inside ? null : rivers.sample(lat, lon);
  return {
    sea: sea.inside,
    coastM: sea.edgeM,
    inlandWater: (lake?.inside ?? false) || (river?.inside ?? false),
    river: river?.inside ?? false,
    shoreM: lake?.edgeM ?? null,
    shoreCompactness: lake?.compactness ?? null,
  };
}

/** Builds on the calling thread when needed (tests, the bench). */
export const waterLookup: WaterLookup = { sample: waterSample };

export interface WaterDataStats {
  seas: PolygonIndexStats | null;
  inland: PolygonIndexStats | null;
  rivers: PolygonIndexStats | null;
}

/** Builds both indexes now (the worker warms them before taking jobs) and returns what they cost. */
export function warmWaterData(): WaterDataStats {
  seas.build();
  inland.build();
  rivers.build();
  return waterDataStats();
}

export function waterDataStats(): WaterDataStats {
  return { seas: seas.stats, inland: inland.stats, rivers: rivers.stats };
}
