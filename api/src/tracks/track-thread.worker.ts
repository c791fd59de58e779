/**
 * The track thread (see track-thread.ts): streams each .SRT it is sent through the parser and answers
 * with the built track. Loaded from the TypeScript sources (tests), Node strips the types but resolves
 * `./x.js` literally, so a resolve hook falls back to `./x.ts`, as the telemetry thread does.
 */
import { registerHooks } from 'node:module';
import { parentPort, threadId } from 'node:worker_threads';

if (import.meta.url.endsWith('.ts')) {
  registerHooks({
    resolve(specifier, context, next) {
      try {
        return next(specifier, context);
      } catch (err) {
        if (!/^\.\.?\//.test(specifier) || !specifier.endsWith('.js')) throw err;
        return next(`${specifier.slice(0, -3)}.ts`, context);
      }
    },
  });
}
const fs = await import('node:fs');
const { SrtStreamParser } = (await import('../analysis/telemetry/parse.js')) as typeof import('../analysis/telemetry/parse.js');
const { buildTrack } = (await import('./track.js')) as typeof import('./track.js');
type Request = import('./track-thread.js').TrackRequest;

parentPort!.on('message', async ({ id, path, meta }: Request) => {
  try {
    const parser = new SrtStreamParser();
    for await (const chunk of fs.createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 })) parser.push(chunk as string);
    parentPort!.postMessage({ id, threadId, track: buildTrack(parser.end(), meta) });
  } catch (err) {
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    parentPort!.postMessage({ id, threadId, error: err instanceof Error ? err.message : String(err), missing });
  }
});
