/**
 * The renditions of just-stored JPGs (ThumbnailService.prepare) on real files: made from the local
 * copy handed over (a still just extracted) rather than the stored file, the copy released once made,
 * and at most a bounded number of such copies held while they wait (the rest let go at once).
 */
import fs from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createLogger } from '../../platform/logging/logger.js';
import { makeTestJpg } from '../../../test/support/media-fixtures.js';
import { FileStorage } from './file-storage.js';
import { RENDITIONS, ThumbnailService } from './thumbnails.js';

let dir: string;
let storage: FileStorage;
let thumbnails: ThumbnailService;
let jpg: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-thumbs-int-'));
  storage = new FileStorage(path.join(dir, 'files'));
  await fs.mkdir(path.join(dir, 'files'), { recursive: true });
  await storage.init();
  thumbnails = new ThumbnailService(storage, createLogger('silent'));
  jpg = await makeTestJpg({ width: 1600, height: 1200 });
});
afterAll(async () => {
  await thumbnails.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const store = async () => (await storage.write(createReadStream(jpg), { extension: 'jpg' })).storageKey;

it('makes both renditions from the local copy handed over, then releases it', async () => {
  const key = await store();
  // The stored file's bytes are replaced by a 64x48 image: a rendition made from it would be 64 px wide.
  await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
    .jpeg()
    .toFile(`${storage.absolutePath(key)}.small`);
  await fs.rename(`${storage.absolutePath(key)}.small`, storage.absolutePath(key));
  let released = 0;
  thumbnails.prepare([{ storageKey: key, local: { path: jpg, release: () => released++ } }]);
  await thumbnails.whenIdle();
  expect(released).toBe(1);
  for (const { variant, width } of Object.values(RENDITIONS)) expect((await sharp(storage.derivedPath(key, variant)).metadata()).width).toBe(width); // from the 1600 px copy
});

it('holds at most 16 local copies while they wait; the others are let go at once and made from the stored file', async () => {
  const keys = await Promise.all(Array.from({ length: 20 }, store));
  const released: number[] = [];
  const started = thumbnails.decodes.started;
  thumbnails.prepare(keys.map((storageKey, i) => ({ storageKey, local: { path: jpg, release: () => released.push(i) } })));
  // Synchronously: the copies beyond the first 16 were released as they came.
  expect(released).toEqual([16, 17, 18, 19]);
  await thumbnails.whenIdle();
  expect(released.sort((a, b) => a - b)).toEqual(keys.map((_, i) => i));
  expect(thumbnails.decodes.started - started).toBe(2 * keys.length);
  for (const key of keys)
    for (const { variant } of Object.values(RENDITIONS)) await expect(fs.access(storage.derivedPath(key, variant))).resolves.toBeUndefined();
});
