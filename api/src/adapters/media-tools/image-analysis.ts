/**
 * What a still shows, measured on its pixels with sharp: brightness, dominant colour names and the
 * share of pixels that look like sky, water, vegetation, snow or darkness, for the whole image and
 * for its top and bottom halves (a drone shot's sky is on top, the ground or sea below).
 *
 * The classes are colour rules, not object recognition: "water" is a dark-to-mid blue or teal,
 * "sky" a light, unsaturated-to-mid blue, so a blue car roof may count as water. They are
 * evidence for wording (keywords, categories), weighed together with the telemetry and place.
 */
// sharp (libvips, ~30 MB) loads on the first image analysed: API processes that analyse none never carry it.
const loadSharp = async () => (await import('sharp')).default;
import { checkJpegPixels, DEFAULT_MAX_IMAGE_PIXELS, ImageTooLargeError } from './image-limits.js';

/** Shares of pixels, 0-1. */
export interface PixelClasses {
  sky: number;
  water: number;
  vegetation: number;
  snow: number;
  dark: number;
  /** Grey, brown or beige at mid brightness: roads, roofs, rock, bare soil. */
  builtOrBare: number;
}

export interface RegionAnalysis extends PixelClasses {
  /** Mean luma, 0 (black) - 1 (white). */
  brightness: number;
  /** Mean saturation, 0-1. */
  saturation: number;
}

export interface ImageAnalysis {
  width: number;
  height: number;
  whole: RegionAnalysis;
  top: RegionAnalysis;
  bottom: RegionAnalysis;
  /** Up to three colour names, most frequent first, e.g. ["green", "blue", "white"]. */
  dominantColors: string[];
  /**
   * Road evidence, 0-1 (absent in analyses stored before it existed): how clearly the picture holds a
   * long straight strip of asphalt grey with other ground on both sides (see `roadStripScore`).
   * For combined analyses, the second-best picture's score, so one picture alone does not make a road.
   */
  roadStrip?: number;
}

/** A road is asserted when `roadStrip` reaches this (generated roads score 0.6-0.9, roofs and fields under 0.2). */
export const ROAD_STRIP_THRESHOLD = 0.45;

/** Asphalt: unsaturated dark-to-mid grey (roofs and rock share it; the strip shape tells a road). */
export function isAsphalt(s: number, v: number): boolean {
  return s < 0.2 && v >= 0.15 && v <= 0.62;
}

/**
 * A small Hough transform over an asphalt mask: for every direction (5 degree steps) and offset, the
 * share of a line's pixels that are asphalt. A road is a band a few pixels wide whose lines are mostly
 * asphalt while the lines a few pixels to either side are mostly not; lines shorter than half the
 * picture do not count. Returns the best band's centre coverage minus its busier side's, 0-1.
 */
export function roadStripScore(mask: Uint8Array, width: number, height: number): number {
  const maxRho = Math.ceil(Math.hypot(width, height));
  const bins = 2 * maxRho + 1;
  const hits = new Uint16Array(bins);
  const len = new Uint16Array(bins);
  let best = 0;
  for (let deg = 0; deg < 180; deg += 5) {
    const c = Math.cos((deg * Math.PI) / 180);
    const s = Math.sin((deg * Math.PI) / 180);
    hits.fill(0);
    len.fill(0);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const r = Math.round(x * c + y * s) + maxRho;
        len[r]!++;
        if (mask[y * width + x]) hits[r]!++;
      }
    const cover = (r: number, w: number): number => {
      let h = 0;
      let n = 0;
      for (let i = r; i < r + w; i++) {
        if (i < 0 || i >= bins) return -1;
        h += hits[i]!;
        n += len[i]!;
      }
      return n ? h / n : -1;
    };
    const minLen = Math.min(width, height) / 2;
    for (const w of [2, 4, 6]) {
      for (let r = 0; r + w < bins; r++) {
        if (len[r]! < minLen || len[r + w - 1]! < minLen) continue;
        const mid = cover(r, w);
        if (mid < 0.6) continue;
        const left = cover(r - 3 - w, w);
        const right = cover(r + w + 3, w);
        if (left < 0 || right < 0) continue;
        best = Math.max(best, mid - Math.max(left, right));
      }
    }
  }
  return Math.round(best * 1000) / 1000;
}

/** Pixels analysed per side: plenty for shares in percent, fast enough for every frame. */
const SAMPLE_SIZE = 96;

function hsv(r: number, g: number, b: number): [number, number, number] {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let h = 0;
  if (d > 0) {
    if (max === r) h = ((g - b) / d) % 6;
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
    if (h < 0) h += 360;
  }
  return [h, max === 0 ? 0 : d / max, max];
}

/** A coarse colour name a stock buyer would type. */
export function colorName(h: number, s: number, v: number): string {
  if (v < 0.18) return 'black';
  if (s < 0.12) return v > 0.82 ? 'white' : 'grey';
  if (h < 15 || h >= 345) return v < 0.5 ? 'brown' : 'red';
  if (h < 40) return v < 0.6 || s < 0.45 ? 'brown' : 'orange';
  if (h < 65) return 'yellow';
  if (h < 160) return 'green';
  if (h < 190) return 'turquoise';
  if (h < 255) return 'blue';
  if (h < 290) return 'purple';
  return 'pink';
}

/** Which class one pixel belongs to, or null for none. */
export function classifyPixel(h: number, s: number, v: number): keyof PixelClasses | null {
  if (v < 0.15) return 'dark';
  if (s < 0.1 && v > 0.85) return 'snow';
  if (h >= 185 && h <= 250 && s >= 0.12 && v >= 0.55 && s <= 0.85) return 'sky';
  if (h >= 165 && h <= 250 && s >= 0.2 && v < 0.55) return 'water';
  if (h >= 60 && h < 165 && s >= 0.18 && v >= 0.15) return 'vegetation';
  if ((s < 0.18 && v >= 0.25 && v <= 0.85) || (h >= 15 && h < 50 && s < 0.5 && v >= 0.25)) return 'builtOrBare';
  return null;
}

function emptyTally() {
  return { n: 0, luma: 0, sat: 0, sky: 0, water: 0, vegetation: 0, snow: 0, dark: 0, builtOrBare: 0 };
}

function finish(t: ReturnType<typeof emptyTally>): RegionAnalysis {
  const n = Math.max(1, t.n);
  const r = (x: number) => Math.round((x / n) * 1000) / 1000;
  return {
    brightness: r(t.luma),
    saturation: r(t.sat),
    sky: r(t.sky),
    water: r(t.water),
    vegetation: r(t.vegetation),
    snow: r(t.snow),
    dark: r(t.dark),
    builtOrBare: r(t.builtOrBare),
  };
}

/**
 * Analyses an image file or buffer (JPEG, PNG, anything sharp reads). Throws when it is not an image,
 * and ImageTooLargeError, before decoding, when its header states more than `maxPixels` (MAX_IMAGE_PIXELS).
 */
export async function analyseImage(input: string | Buffer, maxPixels = DEFAULT_MAX_IMAGE_PIXELS): Promise<ImageAnalysis> {
  if (typeof input === 'string') await checkJpegPixels(input, maxPixels);
  const sharp = await loadSharp();
  const img = sharp(input, { failOn: 'error', limitInputPixels: maxPixels }).rotate();
  const meta = await img.metadata(); // the header only
  if (meta.width && meta.height && meta.width * meta.height > maxPixels) throw new ImageTooLargeError({ width: meta.width, height: meta.height }, maxPixels);
  const { data, info } = await img
    .resize(SAMPLE_SIZE, SAMPLE_SIZE, { fit: 'fill' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const whole = emptyTally();
  const top = emptyTally();
  const bottom = emptyTally();
  const colors = new Map<string, number>();
  const asphalt = new Uint8Array(info.width * info.height);
  const ch = info.channels;
  for (let y = 0; y < info.height; y++) {
    const half = y < info.height / 2 ? top : bottom;
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * ch;
      const r = data[i]! / 255;
      const g = data[i + 1]! / 255;
      const b = data[i + 2]! / 255;
      const [h, s, v] = hsv(r, g, b);
      const luma = 0.2126 * r + 0.7152 * g + 0.0722 * b;
      const cls = classifyPixel(h, s, v);
      if (isAsphalt(s, v)) asphalt[y * info.width + x] = 1;
      for (const t of [whole, half]) {
        t.n++;
        t.luma += luma;
        t.sat += s;
        if (cls) t[cls]++;
      }
      const name = colorName(h, s, v);
      colors.set(name, (colors.get(name) ?? 0) + 1);
    }
  }
  const total = whole.n;
  const dominantColors = [...colors.entries()]
    .filter(([, c]) => c / total >= 0.08)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 3)
    .map(([name]) => name);
  return {
    width: meta.width ?? 0,
    height: meta.height ?? 0,
    whole: finish(whole),
    top: finish(top),
    bottom: finish(bottom),
    dominantColors,
    roadStrip: roadStripScore(asphalt, info.width, info.height),
  };
}

/** Averages several analyses (the JPG and the frames) into one scene description. */
export function combineAnalyses(items: readonly ImageAnalysis[]): ImageAnalysis | null {
  if (!items.length) return null;
  const avg = (pick: (a: ImageAnalysis) => RegionAnalysis): RegionAnalysis => {
    const keys = Object.keys(items[0]!.whole) as Array<keyof RegionAnalysis>;
    return Object.fromEntries(
      keys.map((k) => [k, Math.round((items.reduce((s, a) => s + pick(a)[k], 0) / items.length) * 1000) / 1000]),
    ) as unknown as RegionAnalysis;
  };
  const votes = new Map<string, number>();
  // A road needs two pictures that show it (one frame's shadow or roof edge is not a road).
  const roads = items.map((a) => a.roadStrip ?? 0).sort((a, b) => b - a);
  for (const a of items) a.dominantColors.forEach((c, i) => votes.set(c, (votes.get(c) ?? 0) + (3 - i)));
  return {
    width: items[0]!.width,
    height: items[0]!.height,
    whole: avg((a) => a.whole),
    top: avg((a) => a.top),
    bottom: avg((a) => a.bottom),
    dominantColors: [...votes.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 3)
      .map(([c]) => c),
    roadStrip: roads[Math.min(1, roads.length - 1)]!,
  };
}

/** A downscaled JPEG for a vision model, as a data URL. */
export async function toJpegDataUrl(input: string | Buffer, maxSide = 512, maxPixels = DEFAULT_MAX_IMAGE_PIXELS): Promise<string> {
  if (typeof input === 'string') await checkJpegPixels(input, maxPixels);
  const sharp = await loadSharp();
  const buf = await sharp(input, { limitInputPixels: maxPixels })
    .rotate()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
  return `data:image/jpeg;base64,${buf.toString('base64')}`;
}
