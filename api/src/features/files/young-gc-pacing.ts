import v8 from 'node:v8';
import { v8Gc } from '../../platform/memory/v8-gc.js';

/**
 * Upload bytes between two minor GCs: well under the 64 MiB that make V8 start a full GC. 16 MiB
 * (32 before) took a 2 GiB upload into the bucket from +109-128 to +100-107 MB of API RSS (bench/storage.mjs).
 */
export const PACE_BYTES = 16 * 1024 * 1024;
const GARBAGE_ARRAY_LENGTH = 8 * 1024;

let sinceLast = 0;
/** Holds the last garbage array, only so that its allocation cannot be optimised away. */
const holder: { garbage: unknown[] | null } = { garbage: null };

let minorGc: (() => void) | undefined;

/**
 * Keeps a large upload from costing full garbage collections. Node hands each piece of a request
 * body to JavaScript in a Buffer of its own, memory outside the JavaScript heap; such memory is
 * freed only by a garbage collection, and V8 answers every 64 MiB of it with a full one (marking
 * the whole heap, tens of megabytes here). A multi-gigabyte upload allocates hardly any heap
 * objects, so no cheap minor GC comes first: measured on bench/upload.mjs, full GCs took more
 * CPU than hashing the file. So every PACE_BYTES of stored upload this runs a minor GC, which
 * frees the body Buffers already written (well under a millisecond), and the full ones never
 * trigger. Process-wide, so concurrent uploads share one pace.
 */
export function paceYoungGc(bytes: number): void {
  sinceLast += bytes;
  if (sinceLast < PACE_BYTES) return;
  sinceLast = 0;
  (minorGc ??= v8MinorGc() ?? fillYoungGeneration)();
}

/** V8's own `gc({ type: 'minor' })` (platform/memory/v8-gc.ts), undefined where V8 refuses. */
function v8MinorGc(): (() => void) | undefined {
  const gc = v8Gc();
  return gc ? () => gc({ type: 'minor', execution: 'sync' }) : undefined;
}

/** The fallback: fill what is left of the young generation with short-lived arrays, so V8 runs a minor GC. */
export function fillYoungGeneration(): void {
  const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  if (!young) return;
  const step = GARBAGE_ARRAY_LENGTH * 8;
  for (let left = young.space_available_size + step; left > 0; left -= step) holder.garbage = new Array<unknown>(GARBAGE_ARRAY_LENGTH);
  holder.garbage = null;
}
