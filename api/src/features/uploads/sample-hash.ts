import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';

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

/** The sample hash of a file on disk of `size` bytes. */
export async function sampleSha256OfFile(filePath: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  const fd = await fsp.open(filePath, 'r');
  try {
    for (const [start, end] of sampleRanges(size)) {
      const buf = Buffer.alloc(end - start);
      const { bytesRead } = await fd.read(buf, 0, buf.length, start);
      if (bytesRead !== buf.length) throw new Error('stored file shorter than recorded');
      hash.update(buf);
    }
  } finally {
    await fd.close();
  }
  return hash.digest('hex');
}
