/**
 * The track thread (see track-thread.ts): streams each .SRT it is sent through the parser and answers
 * with the built track. Loaded from the TypeScript sources (tests), its imports need
 * platform/threads/thread-source-hooks.ts first.
 */
import { parentPort, threadId } from 'node:worker_threads';

if (import.meta.url.endsWith('.ts')) {
  const hooks = new URL('../../platform/threads/thread-source-hooks.ts', import.meta.url).href;
  ((await import(hooks)) as typeof import('../../platform/threads/thread-source-hooks.js')).resolveTypeScriptSources();
}
const fs = await import('node:fs');
const { SrtStreamParser } = (await import('../../analysis/telemetry/parse.js')) as typeof import('../../analysis/telemetry/parse.js');
const { buildTrack } = (await import('./track.js')) as typeof import('./track.js');
type Request = import('./track-thread.js').TrackRequest;

// The pool's protocol (platform/threads/thread-pool.ts): one answer per request, by its id.
parentPort!.on('message', async ({ id, path, meta }: Request & { id: number }) => {
  try {
    const parser = new SrtStreamParser();
    for await (const chunk of fs.createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 })) parser.push(chunk as string);
    parentPort!.postMessage({ id, threadId, value: buildTrack(parser.end(), meta) });
  } catch (err) {
    parentPort!.postMessage({ id, threadId, error: err instanceof Error ? err.message : String(err), code: (err as NodeJS.ErrnoException).code });
  }
});
