/**
 * For worker threads started from the TypeScript sources (the tests): Node strips the types but
 * resolves `./x.js` literally, so this resolve hook falls back to `./x.ts`. The build has the .js
 * files and needs none. A thread's entry imports this file by its .ts URL, before anything else,
 * since its other imports would not resolve without it.
 */
import { registerHooks } from 'node:module';

export function resolveTypeScriptSources(): void {
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
