/**
 * The water data thread (see water-data.ts): parses both GeoJSON packages, packs them and transfers
 * the typed arrays back, so the ~0.6 GB of parsed JSON and the seconds of parsing never touch the
 * main thread. Run from the TypeScript sources (tests), its imports need thread-source-hooks first.
 */
import { parentPort, workerData } from 'node:worker_threads';

if (import.meta.url.endsWith('.ts')) {
  const hooks = new URL('../../platform/threads/thread-source-hooks.ts', import.meta.url).href;
  ((await import(hooks)) as typeof import('../../platform/threads/thread-source-hooks.js')).resolveTypeScriptSources();
}
const { packPolygons, packedBuffers } = (await import('./polygon-index.js')) as typeof import('./polygon-index.js');
const paths = (workerData as { paths: string[] }).paths;
const packed = paths.map((p) => packPolygons(p));
parentPort!.postMessage(packed, packed.flatMap(packedBuffers));
