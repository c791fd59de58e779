/**
 * Pixel bombs (issue 28 finding 2): a JPEG's memory cost when decoded follows the size its header
 * states, not its bytes (a 3 MB progressive 16383x16383 JPEG takes about 1.6 GB). Every place that
 * decodes an uploaded image reads the header first (`jpegSize`, a few small reads, no decoding) and
 * refuses images beyond MAX_IMAGE_PIXELS; sharp is given the same `limitInputPixels` as well.
 */
import fsp from 'node:fs/promises';

import { DEFAULT_MAX_IMAGE_PIXELS } from '../../platform/config/size-limits.js';

export { DEFAULT_MAX_IMAGE_PIXELS };

export interface ImageSize {
  width: number;
  height: number;
}

/** Segments read before giving up on finding the frame header (real files have under 20 before it). */
const MAX_SEGMENTS = 1000;

/** SOF0-SOF15 (frame headers) except DHT (C4), JPG (C8) and DAC (CC). */
const isFrameHeader = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/**
 * The width and height a JPEG's frame header (SOF) states, read segment by segment without
 * decoding anything; null when the file is not a JPEG or has no frame header before its image data.
 */
export async function jpegSize(file: string): Promise<ImageSize | null> {
  const fd = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(9);
    let { bytesRead } = await fd.read(buf, 0, 2, 0);
    if (bytesRead < 2 || buf[0] !== 0xff || buf[1] !== 0xd8) return null;
    let pos = 2;
    for (let i = 0; i < MAX_SEGMENTS; i++) {
      ({ bytesRead } = await fd.read(buf, 0, 9, pos));
      if (bytesRead < 2 || buf[0] !== 0xff) return null;
      const marker: number = buf.readUInt8(1);
      if (marker === 0xff) {
        pos += 1; // fill byte
        continue;
      }
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
        pos += 2; // markers without a length
        continue;
      }
      if (marker === 0xd9 || marker === 0xda || bytesRead < 4) return null; // image data or end before any frame header
      const length = buf.readUInt16BE(2);
      if (length < 2) return null;
      if (isFrameHeader(marker)) {
        if (bytesRead < 9) return null;
        return { height: buf.readUInt16BE(5), width: buf.readUInt16BE(7) };
      }
      pos += 2 + length;
    }
    return null;
  } finally {
    await fd.close();
  }
}

const megapixels = (pixels: number) => {
  const mp = pixels / 1e6;
  if (mp >= 10) return String(Math.round(mp));
  return mp >= 0.1 ? String(Math.round(mp * 10) / 10) : String(Number(mp.toPrecision(2)));
};

/** Why an image of `size` is not decoded, or null when it is within `maxPixels`. */
export function pixelProblem(size: ImageSize, maxPixels: number): string | null {
  const pixels = size.width * size.height;
  if (pixels <= maxPixels) return null;
  return `is ${size.width}x${size.height} (${megapixels(pixels)} megapixels); the limit is ${megapixels(maxPixels)} megapixels (MAX_IMAGE_PIXELS=${maxPixels})`;
}

/** An image over the pixel limit: refused before any decoding. */
export class ImageTooLargeError extends Error {
  constructor(
    readonly size: ImageSize,
    readonly maxPixels: number,
    what = 'The image',
  ) {
    super(`${what} ${pixelProblem(size, maxPixels)}`);
    this.name = 'ImageTooLargeError';
  }
}

/**
 * Throws ImageTooLargeError when the JPEG at `file` states more than `maxPixels`. A file whose
 * header cannot be read is let through: the decoder refuses it (and sharp's `limitInputPixels`
 * bounds whatever it does decode).
 */
export async function checkJpegPixels(file: string, maxPixels: number, what?: string): Promise<ImageSize | null> {
  const size = await jpegSize(file);
  if (size && pixelProblem(size, maxPixels)) throw new ImageTooLargeError(size, maxPixels, what);
  return size;
}
