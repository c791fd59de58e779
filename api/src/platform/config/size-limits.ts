/**
 * Size limits of uploaded files and how they read in messages.
 *
 * The .SRT cap comes from the real fixtures (api/test/fixtures/srt): the densest writes 17.7 KB per
 * second of flight (Mavic 2 Zoom, 30 entries a second); a 2-hour flight of that is 127 MB, and x2
 * for 60 fps footage and odd firmware gives 256 MiB. A larger "telemetry" file is not from a
 * flight, and only costs the server time to parse.
 */
export const DEFAULT_SRT_MAX_BYTES = 256 * 1024 ** 2;

/**
 * 100 megapixels: a Mavic 3 still (8064x6048, 48.8 MP) and a Zenmuse P1 still (8192x5460, 44.7 MP)
 * pass with room; a progressive JPEG at the limit costs about 300 MB to decode.
 */
export const DEFAULT_MAX_IMAGE_PIXELS = 100_000_000;

/** 268435456 -> "256 MiB". */
export function formatBytes(n: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let i = 0;
  let v = n;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Number.isInteger(v) ? v : v.toFixed(1)} ${units[i]}`;
}

/** Why a .SRT file is refused for its size (upload and processing say the same, after the file's name). */
export function srtTooLarge(maxBytes: number): string {
  return `The file is larger than the ${formatBytes(maxBytes)} limit for .SRT telemetry (a 2-hour flight writes about 130 MB)`;
}
