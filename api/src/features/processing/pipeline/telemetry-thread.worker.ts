/**
 * The telemetry thread (see telemetry-thread.ts): reads each .SRT it is sent and answers with its
 * facts. Run from the TypeScript sources (tests), its imports need platform/threads/thread-source-hooks.ts first.
 */
import { parentPort, threadId } from 'node:worker_threads';

if (import.meta.url.endsWith('.ts')) {
  const hooks = new URL('../../../platform/threads/thread-source-hooks.ts', import.meta.url).href;
  ((await import(hooks)) as typeof import('../../../platform/threads/thread-source-hooks.js')).resolveTypeScriptSources();
}
const { factsOfFile } = (await import('./telemetry-facts.js')) as typeof import('./telemetry-facts.js');

// The pool's protocol (platform/threads/thread-pool.ts): one answer per request, by its id.
parentPort!.on('message', async ({ id, path }: { id: number; path: string }) => {
  try {
    parentPort!.postMessage({ id, threadId, value: await factsOfFile(path) });
  } catch (err) {
    parentPort!.postMessage({ id, threadId, error: err instanceof Error ? err.message : String(err), code: (err as NodeJS.ErrnoException).code });
  }
});
