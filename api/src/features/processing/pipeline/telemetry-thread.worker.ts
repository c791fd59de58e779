/**
 * The telemetry thread (see telemetry-thread.ts): reads one .SRT and posts its facts. Run from the
 * TypeScript sources (tests), its imports need platform/threads/thread-source-hooks.ts first.
 */
import { parentPort, workerData } from 'node:worker_threads';

if (import.meta.url.endsWith('.ts')) {
  const hooks = new URL('../../../platform/threads/thread-source-hooks.ts', import.meta.url).href;
  ((await import(hooks)) as typeof import('../../../platform/threads/thread-source-hooks.js')).resolveTypeScriptSources();
}
const { factsOfFile } = (await import('./telemetry-facts.js')) as typeof import('./telemetry-facts.js');
parentPort!.postMessage(await factsOfFile((workerData as { path: string }).path));
