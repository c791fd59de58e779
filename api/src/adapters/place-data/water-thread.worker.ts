/**
 * The place data thread (see water-data.ts, admin-regions.ts): parses a large GeoJSON package, packs
 * it and transfers the typed arrays back, so the parsed JSON (~0.6 GB for the water data, ~250 MB for
 * the admin-1 regions) and the seconds of parsing never touch the main thread. Run from the TypeScript
 * sources (tests), its imports need thread-source-hooks first.
 */
import { parentPort, workerData } from 'node:worker_threads';

if (import.meta.url.endsWith('.ts')) {
  const hooks = new URL('../../platform/threads/thread-source-hooks.ts', import.meta.url).href;
  ((await import(hooks)) as typeof import('../../platform/threads/thread-source-hooks.js')).resolveTypeScriptSources();
}
const { kind, paths } = workerData as { kind?: 'water' | 'regions'; paths: string[] };
if (kind === 'regions') {
  const { packRegions, packedRegionBuffers } = (await import('./admin-regions.js')) as typeof import('./admin-regions.js');
  const packed = packRegions(paths[0]);
  parentPort!.postMessage(packed, packedRegionBuffers(packed));
} else {
  const { packPolygons, packedBuffers } = (await import('./polygon-index.js')) as typeof import('./polygon-index.js');
  const packed = paths.map((p) => packPolygons(p));
  parentPort!.postMessage(packed, packed.flatMap(packedBuffers));
}
