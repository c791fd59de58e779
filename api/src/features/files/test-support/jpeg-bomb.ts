/**
 * Pixel bombs for the tests (issue 28 finding 2): a tiny real JPEG whose frame header (SOF) is made
 * to state huge dimensions, the shape of the real attack (a few KB that would decode to gigabytes),
 * made in milliseconds without ever holding the pixels.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** A JPEG of `width` x `height` as its header says (16383x16383 by default), a few hundred bytes long. */
export async function jpegBomb(opts: { width?: number; height?: number; progressive?: boolean } = {}): Promise<Buffer> {
  const { width = 16383, height = 16383, progressive = false } = opts;
  const buf = await sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 90, g: 140, b: 200 } } })
    .jpeg({ progressive, quality: 80 })
    .toBuffer();
  let pos = 2;
  while (pos + 9 <= buf.length) {
    const marker = buf[pos + 1]!;
    if (buf[pos] !== 0xff) throw new Error('not a JPEG segment');
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      buf.writeUInt16BE(height, pos + 5);
      buf.writeUInt16BE(width, pos + 7);
      return buf;
    }
    pos += 2 + buf.readUInt16BE(pos + 2);
  }
  throw new Error('no frame header in the JPEG sharp wrote');
}

/** The bomb written to a temporary file (its path). */
export async function jpegBombFile(opts: Parameters<typeof jpegBomb>[0] = {}): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-bomb-'));
  const file = path.join(dir, 'bomb.jpg');
  await fs.writeFile(file, await jpegBomb(opts));
  return file;
}

/** A real still of a drone camera's full size (default a Mavic 3's 8064x6048), plain blue sky: small on disk, real to decode. */
export async function realSizeStill(width = 8064, height = 6048): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-still-'));
  const file = path.join(dir, 'still.jpg');
  await sharp({ create: { width, height, channels: 3, background: { r: 110, g: 160, b: 220 } } })
    .jpeg({ quality: 70 })
    .toFile(file);
  return file;
}
