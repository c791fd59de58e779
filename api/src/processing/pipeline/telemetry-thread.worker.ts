/**
 * The telemetry thread (see telemetry-thread.ts): reads one .SRT and posts its facts. Run from the
 * TypeScript sources (tests), Node strips the types but resolves `./x.js` literally, so a resolve
 * hook then falls back to `./x.ts`; the build has the .js files and needs none.
 */
import { registerHooks } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

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
const { factsOfFile } = (await import('./telemetry-facts.js')) as typeof import('./telemetry-facts.js');
parentPort!.postMessage(await factsOfFile((workerData as { path: string }).path));
