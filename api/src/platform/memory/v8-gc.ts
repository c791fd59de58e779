import v8 from 'node:v8';
import vm from 'node:vm';

/** V8's `gc` as Node exposes it, with the options it passes through. */
export type V8Gc = (options: { type: 'minor' | 'major'; execution: 'sync' | 'async'; flavor?: 'regular' | 'last-resort' }) => void;

let cached: V8Gc | null | undefined;

/**
 * V8's own `gc`: the global one under `node --expose-gc`, else one taken from a context made while
 * the flag is briefly on (set back at once, so no other code sees a `gc` global). Null where V8
 * refuses. Used to pace young collections during uploads and to compact the heap after start-up.
 */
export function v8Gc(): V8Gc | null {
  if (cached !== undefined) return cached;
  const global = (globalThis as { gc?: V8Gc }).gc;
  if (typeof global === 'function') return (cached = global);
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as V8Gc | undefined;
    cached = typeof gc === 'function' ? gc : null;
  } catch {
    cached = null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
  return cached;
}
