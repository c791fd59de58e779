import { sha256 } from '@noble/hashes/sha2';

/**
 * How a card's file is recognised by content without reading it all (the server's
 * api/src/features/uploads/sample-hash.ts computes the same): the SHA-256 of the whole file up to
 * 2 MiB (then it is the file's own SHA-256, compared with the stored one), else of its first and
 * last MiB. Read with Blob slices, hashed by the browser's SubtleCrypto (off the main thread), or
 * where that is missing (plain http on a LAN address is not a secure context) by @noble/hashes.
 */
export const SAMPLE_EDGE_BYTES = 1024 * 1024;

export async function sampleHash(file: Blob): Promise<string> {
  const size = file.size;
  const parts = size <= 2 * SAMPLE_EDGE_BYTES ? [file] : [file.slice(0, SAMPLE_EDGE_BYTES), file.slice(size - SAMPLE_EDGE_BYTES, size)];
  const bytes = new Uint8Array(await new Blob(parts).arrayBuffer());
  const digest = globalThis.crypto?.subtle ? new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)) : sha256(bytes);
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Samples of many files, a few at a time, reporting how many are done (a card of thousands keeps the page responsive). */
export async function sampleHashes(files: Blob[], onProgress?: (done: number) => void, atOnce = 4): Promise<string[]> {
  const out = new Array<string>(files.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      out[i] = await sampleHash(files[i]!);
      done++;
      if (done % 20 === 0 || done === files.length) onProgress?.(done);
      // Yield to rendering between files when hashing runs on the main thread.
      if (!globalThis.crypto?.subtle) await new Promise((r) => setTimeout(r, 0));
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, files.length) }, worker));
  return out;
}
