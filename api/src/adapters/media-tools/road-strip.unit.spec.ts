/**
 * The road evidence of the image analysis (issue 21: categories per clip, roads only from what the
 * pictures show), on generated aerial pictures: a road through fields at several angles and widths is
 * found; grey roofs, a field, a sea under a grey sky, and a grey shore along the frame's edge are not.
 */
import sharp from 'sharp';
import { analyseImage, combineAnalyses, ROAD_STRIP_THRESHOLD } from './image-analysis.js';

type Rgb = [number, number, number];
const FIELD: Rgb = [70, 130, 50];
const ASPHALT: Rgb = [85, 88, 90];
const ROOF_GREY: Rgb = [120, 118, 115];
const ROOF_RED: Rgb = [170, 80, 50];
/** Roof colours, one per 32 px block chosen by a fixed hash (grey two times in five). */
const ROOFS: Rgb[] = [ROOF_GREY, ROOF_RED, [150, 100, 60], ROOF_GREY, [190, 170, 140]];

/** A W x H picture painted pixel by pixel, as a JPEG like a drone's still. */
async function picture(w: number, h: number, paint: (x: number, y: number) => Rgb): Promise<Buffer> {
  const raw = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [r, g, b] = paint(x, y);
      raw.set([r, g, b], (y * w + x) * 3);
    }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** Fields with a road of `width` px through the centre at `deg` degrees. */
function roadThroughFields(deg: number, width: number): (x: number, y: number) => Rgb {
  const c = Math.cos((deg * Math.PI) / 180);
  const s = Math.sin((deg * Math.PI) / 180);
  return (x, y) => {
    const d = Math.abs((x - 480) * -s + (y - 270) * c);
    // A little texture on the fields, so the picture is not flat colour.
    return d <= width / 2 ? ASPHALT : (x >> 4) % 2 ? FIELD : [80, 140, 60];
  };
}

describe('road evidence from the pictures', () => {
  it.each([
    [0, 40],
    [30, 30],
    [90, 50],
    [135, 25],
  ])('finds a road at %d degrees, %d px wide in a 960 x 540 picture', async (deg, width) => {
    const a = await analyseImage(await picture(960, 540, roadThroughFields(deg, width)));
    expect(a.roadStrip).toBeGreaterThanOrEqual(ROAD_STRIP_THRESHOLD);
  });

  it.each([
    ['grey, red and brown roofs (a town seen from above)', (x: number, y: number): Rgb => ROOFS[((x >> 5) * 7919 + (y >> 5) * 104729) % 5]!],
    ['a field', (x: number): Rgb => ((x >> 4) % 2 ? FIELD : [80, 140, 60])],
    ['the sea under a grey sky', (_x: number, y: number): Rgb => (y < 250 ? [150, 152, 155] : [20, 60, 110])],
    ['a grey concrete shore along the bottom edge', (_x: number, y: number): Rgb => (y > 470 ? ASPHALT : [20, 60, 110])],
    ['grey all over (fog)', (): Rgb => [128, 128, 130]],
  ])('no road in %s', async (_label, paint) => {
    const a = await analyseImage(await picture(960, 540, paint));
    expect(a.roadStrip ?? 0).toBeLessThan(ROAD_STRIP_THRESHOLD);
  });

  it('a clip needs two pictures showing the road', async () => {
    const road = await analyseImage(await picture(960, 540, roadThroughFields(20, 40)));
    const field = await analyseImage(await picture(960, 540, roadThroughFields(20, 0)));
    expect(combineAnalyses([road, field, field])!.roadStrip).toBeLessThan(ROAD_STRIP_THRESHOLD);
    expect(combineAnalyses([road, road, field])!.roadStrip).toBeGreaterThanOrEqual(ROAD_STRIP_THRESHOLD);
  });
});
