/// <reference lib="dom" />
/**
 * Issue 16 item 7 in the browser: the project page's set list loads each set's small WebP
 * thumbnail, never the original still; the original is loaded only for the large preview of the
 * selected set. Bytes are read from the browser's own network events (bench/project-page-bytes.mjs
 * measures a 30-set project of real-size stills the same way).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { makeTestJpg } from '../../api/test/support/media-fixtures.js';
import { signUp } from '../../api/test/support/test-server.js';
import { seedProject } from '../../api/src/features/exports/test-support/seed-results.js';
import { SCREENSHOT_DIR, startBrowserHarness, type BrowserHarness } from './support/browser.js';
import { loginThroughUi, shootThemes } from './support/session.js';

let h: BrowserHarness;
beforeAll(async () => {
  h = await startBrowserHarness();
});
afterAll(() => h.close());

it('lists thumbnails and loads the original JPG only for the selected set', async () => {
  const account = await signUp(h.server);
  const still = await makeTestJpg({ width: 2400, height: 1600 });
  const stillBytes = (await fs.stat(still)).size;
  const names = ['DJI_0501', 'DJI_0502', 'DJI_0503', 'DJI_0504'];
  const { projectId } = await seedProject(h.server.services, {
    ownerId: account.id,
    name: 'Stills',
    sets: names.map((baseName) => ({ baseName, files: [{ filename: `${baseName}.JPG`, sourcePath: still }], result: { title: `Still ${baseName}` } })),
  });

  const { page } = await h.newPage();
  await loginThroughUi(page, account.username, account.password);
  const images: Array<{ url: string; bytes: number; type: string }> = [];
  page.on('requestfinished', async (req) => {
    if (req.resourceType() !== 'image') return;
    const sizes = await req.sizes();
    images.push({ url: new URL(req.url()).pathname, bytes: sizes.responseBodySize, type: (await req.response())?.headers()['content-type'] ?? '' });
  });
  await page.goto(`/project/${projectId}`);
  await page.getByTestId('preview-image').waitFor();
  await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete && i.naturalWidth > 0));
  await page.waitForLoadState('networkidle');

  const thumbs = images.filter((i) => i.url.endsWith('/thumbnail'));
  const originals = images.filter((i) => !i.url.endsWith('/thumbnail'));
  expect(thumbs).toHaveLength(names.length);
  expect(thumbs.every((t) => t.type === 'image/webp' && t.bytes < stillBytes / 10)).toBe(true);
  // One original: the selected set's, shown large.
  expect(originals).toHaveLength(1);
  expect(await page.locator('.pd-thumb img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth))).toEqual([320, 320, 320, 320]);

  // Another set selected: its original comes for the preview; the list asks for nothing again.
  await page.getByTestId('file-set-item').nth(2).click();
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid=preview-image]');
    return !!img && img.complete && img.naturalWidth > 0 && img.alt === 'Still DJI_0503';
  });
  await page.waitForLoadState('networkidle');
  expect(images.filter((i) => i.url.endsWith('/thumbnail'))).toHaveLength(names.length);
  await shootThemes(h, page, 'project-thumbnails');
  await page.setViewportSize({ width: 375, height: 800 });
  await h.screenshot(page, 'project-thumbnails-375');
  // The list sits below the editor at this width: scrolled into view, its thumbnails are there.
  await page.getByTestId('file-set-item').last().scrollIntoViewIfNeeded();
  await page.waitForFunction(() => Array.from(document.querySelectorAll<HTMLImageElement>('.pd-thumb img')).every((i) => i.complete && i.naturalWidth > 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'project-thumbnails-375-list.png') });
});
