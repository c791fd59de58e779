/**
 * Issue 28 finding 2: an image's decoding cost is judged from its header, never by decoding it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { checkJpegPixels, DEFAULT_MAX_IMAGE_PIXELS, ImageTooLargeError, jpegSize, pixelProblem } from './image-limits.js';
import { jpegBomb } from '../../features/files/test-support/jpeg-bomb.js';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-image-limits-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

const write = async (name: string, bytes: Buffer) => {
  const file = path.join(dir, name);
  await fs.writeFile(file, bytes);
  return file;
};

it('reads the size a baseline or progressive JPEG states, past EXIF segments, without decoding', async () => {
  expect(await jpegSize(await write('baseline.jpg', await jpegBomb()))).toEqual({ width: 16383, height: 16383 });
  expect(await jpegSize(await write('progressive.jpg', await jpegBomb({ progressive: true, width: 12000, height: 9000 })))).toEqual({
    width: 12000,
    height: 9000,
  });
  // A still with EXIF (APP1) before its frame header, as cameras write them.
  const withExif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#456' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'DJI', Model: 'L2D-20c' } })
    .toBuffer();
  expect(withExif.indexOf(Buffer.from([0xff, 0xe1]))).toBeGreaterThan(0);
  expect(await jpegSize(await write('exif.jpg', withExif))).toEqual({ width: 64, height: 48 });
});

it('answers null for what is not a JPEG or has no frame header before its data', async () => {
  expect(
    await jpegSize(
      await write(
        'png.png',
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      ),
    ),
  ).toBeNull();
  expect(await jpegSize(await write('junk.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x02, 0x12, 0x34])))).toBeNull();
  expect(await jpegSize(await write('sos.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 0, 0, 0, 0, 0, 0])))).toBeNull();
});

it('lets a Mavic 3 still through and names a bomb, its size and the limit', async () => {
  expect(DEFAULT_MAX_IMAGE_PIXELS).toBeGreaterThanOrEqual(8064 * 6048);
  expect(pixelProblem({ width: 8064, height: 6048 }, DEFAULT_MAX_IMAGE_PIXELS)).toBeNull();
  expect(pixelProblem({ width: 16383, height: 16383 }, 100_000_000)).toBe(
    'is 16383x16383 (268 megapixels); the limit is 100 megapixels (MAX_IMAGE_PIXELS=100000000)',
  );
  const bomb = await write('bomb.jpg', await jpegBomb());
  const refusal = await checkJpegPixels(bomb, DEFAULT_MAX_IMAGE_PIXELS, 'DJI_0001.JPG').catch((e: unknown) => e);
  expect(refusal).toBeInstanceOf(ImageTooLargeError);
  expect((refusal as Error).message).toBe('DJI_0001.JPG is 16383x16383 (268 megapixels); the limit is 100 megapixels (MAX_IMAGE_PIXELS=100000000)');
});

it('the processing analysis refuses a bomb from its header, before sharp decodes it', async () => {
  const { analyseImage } = await import('./image-analysis.js');
  const bomb = await write('analysis-bomb.jpg', await jpegBomb({ progressive: true }));
  await expect(analyseImage(bomb)).rejects.toBeInstanceOf(ImageTooLargeError);
  // Below the default, a lower MAX_IMAGE_PIXELS refuses it too; within it, it is analysed.
  const small = await write(
    'small.jpg',
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#68c' } })
      .jpeg()
      .toBuffer(),
  );
  await expect(analyseImage(small, 1000)).rejects.toThrow('is 40x30 (0.0012 megapixels); the limit is 0.001 megapixels (MAX_IMAGE_PIXELS=1000)');
  await expect(analyseImage(small)).resolves.toMatchObject({ width: 40, height: 30 });
});
