import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * A card's file is recognised by content without reading it all (the wizard computes the same in
 * web/src/modules/wizard/sample-hash.ts): the SHA-256 of its first and last MiB. A file of up to
 * two MiB is hashed whole, so for it the sample IS its SHA-256, compared with the stored one
 * without any read; a larger one is read back from storage (2 MiB) when its name and size match.
 */
export const SAMPLE_EDGE_BYTES = 1024 * 1024;

/** The byte ranges hashed: the whole file, or its first and last SAMPLE_EDGE_BYTES. */
export function sampleRanges(size: number): Array<[number, number]> {
  if (size <= 2 * SAMPLE_EDGE_BYTES) return [[0, size]];
  return [
    [0, SAMPLE_EDGE_BYTES],
    [size - SAMPLE_EDGE_BYTES, size],
  ];
}

/** Reads an inclusive byte range of a stored file (local disk or bucket alike). */
export type RangeReader = (range: { start: number; end: number }) => Promise<Readable>;

/** The sample hash of a stored file of `size` bytes, read by ranges (2 MiB at most). */
export async function sampleSha256OfStored(read: RangeReader, size: number): Promise<string> {
  const hash = createHash('sha256');
  for (const [start, end] of sampleRanges(size)) {
    let got = 0;
    if (end > start) {
      for await (const chunk of await read({ start, end: end - 1 })) {
        const buf = chunk as Buffer;
        got += buf.length;
        hash.update(buf);
      }
    }
    if (got !== end - start) throw new Error('stored file shorter than recorded');
  }
  return hash.digest('hex');
}
