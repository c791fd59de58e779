/// <reference lib="dom" />
/**
 * Issue 21 item 5 in the browser: the project page's lazy-loaded flight panel draws the set's
 * track on Leaflet (tiles answered here with a blank PNG: the machine has no network), the start,
 * the end and the three analysed frames, the altitude and speed chart, and downloads the tracks.
 * With the tile server unreachable it falls back to the plain background with a scale bar.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { makeTestJpg, fixtureSrtPath } from '../../api/test/support/media-fixtures.js';
import { signUp } from '../../api/test/support/test-server.js';
import { seedProject } from '../../api/src/features/exports/test-support/seed-results.js';
import { FileSetResult } from '../../api/src/features/results/file-set-result.entity.js';
import { ANTIMERIDIAN_FLIGHT, PRE_LOCK, srtText } from '../../api/src/features/tracks/test-support/srt-text.js';
import { SCREENSHOT_DIR, startBrowserHarness, type BrowserHarness } from './support/browser.js';
import { loginThroughUi, shootThemes } from './support/session.js';

const BLANK_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const TILES = 'https://tile.openstreetmap.org/**';

let h: BrowserHarness;
let account: Awaited<ReturnType<typeof signUp>>;
let projectId: string;
beforeAll(async () => {
  h = await startBrowserHarness();
  account = await signUp(h.server);
  const jpg = await makeTestJpg();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-flight-'));
  const preLockSrt = path.join(dir, 'DJI_0002.SRT');
  await fs.writeFile(preLockSrt, srtText(PRE_LOCK));
  const fijiSrt = path.join(dir, 'DJI_0003.SRT');
  await fs.writeFile(fijiSrt, srtText(ANTIMERIDIAN_FLIGHT));
  const seeded = await seedProject(h.server.services, {
    ownerId: account.id,
    name: 'Barcelona flights',
    sets: [
      {
        baseName: 'DJI_0001',
        files: [
          { filename: 'DJI_0001.JPG', sourcePath: jpg },
          { filename: 'DJI_0001.SRT', sourcePath: fixtureSrtPath('JuanIrache__DJI_SRT_Parser__mavic_pro.SRT') },
        ],
        result: { title: 'Coastline at golden hour, Barcelona, rising aerial' },
      },
      { baseName: 'DJI_0002', files: [{ filename: 'DJI_0002.SRT', sourcePath: preLockSrt }] },
      { baseName: 'DJI_0003', files: [{ filename: 'DJI_0003.SRT', sourcePath: fijiSrt }] },
    ],
  });
  projectId = seeded.projectId;
  // The analysis as processing stores it: the frames were taken at 20/50/80 % of this video length.
  const em = h.server.services.orm.em.fork();
  const r = await em.findOneOrFail(FileSetResult, { fileSet: seeded.fileSetIds[0]! });
  r.analysis = { probe: { duration: 299 } };
  await em.flush();
}, 120_000);
afterAll(() => h.close());

/** A page whose script errors are collected (Leaflet errors must fail the test, not only be logged). */
async function openProject(): Promise<{ page: Page; errors: string[] }> {
  const { page } = await h.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, errors };
}

/** Every request that leaves our server, by host. */
function outside(page: Page, base: string): string[] {
  const urls: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(base) && !req.url().startsWith('data:') && !req.url().startsWith('blob:')) urls.push(req.url());
  });
  return urls;
}

it('draws the track, markers and chart on tiles, and downloads the tracks', async () => {
  const { page, errors } = await openProject();
  const external = outside(page, h.server.url);
  let tiles = 0;
  // This machine has no network, so Chromium says it is offline: the page is told it is online, and the tiles come from here.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { get: () => true }));
  await page.route(TILES, (route) => {
    tiles++;
    return route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_PNG });
  });
  await loginThroughUi(page, account.username, account.password);
  await page.goto(`/project/${projectId}`);
  const map = page.getByTestId('flight-map');
  await map.waitFor();
  await page.locator('.flight-line').waitFor();
  await page.locator('.leaflet-tile-loaded').first().waitFor();
  await page.waitForLoadState('networkidle');

  expect(await map.getAttribute('data-offline')).toBe('false');
  expect(tiles).toBeGreaterThan(0);
  // Only tiles leave the machine: no marker icons or styles from a CDN.
  expect(external.filter((u) => !u.startsWith('https://tile.openstreetmap.org/'))).toEqual([]);
  // Leaflet's bundled CSS is applied (panes are absolutely placed).
  expect(await page.locator('.leaflet-map-pane').evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
  expect(await page.locator('.flight-start').count()).toBe(1);
  expect(await page.locator('.flight-end').count()).toBe(1);
  expect(await page.locator('.flight-frame').allTextContents()).toEqual(['1', '2', '3']);
  expect(await page.locator('.leaflet-control-scale-line').count()).toBe(1);
  expect(await page.locator('.leaflet-control-attribution').textContent()).toContain('OpenStreetMap');
  // The track fits the map: the line's box lies inside the map's.
  const mapBox = (await map.boundingBox())!;
  const lineBox = (await page.locator('.flight-line').boundingBox())!;
  expect(lineBox.width).toBeGreaterThan(20);
  expect(lineBox.x).toBeGreaterThanOrEqual(mapBox.x);
  expect(lineBox.x + lineBox.width).toBeLessThanOrEqual(mapBox.x + mapBox.width);
  expect((await page.getByTestId('chart-altitude').getAttribute('d'))!.length).toBeGreaterThan(20);
  expect(await page.locator('.flight-chart-frame').count()).toBe(3);

  const setDownload = page.waitForEvent('download');
  await page.getByTestId('set-track-downloads').getByRole('button', { name: 'GPX' }).click();
  const gpx = await setDownload;
  expect(gpx.suggestedFilename()).toBe('DJI_0001.gpx');
  expect(await fs.readFile((await gpx.path())!, 'utf8')).toContain('<name>Coastline at golden hour, Barcelona, rising aerial</name>');
  const projectDownload = page.waitForEvent('download');
  await page.getByTestId('project-track-downloads').getByRole('button', { name: 'GeoJSON' }).click();
  const geojson = await projectDownload;
  expect(geojson.suggestedFilename()).toBe('Barcelona flights tracks.geojson');
  expect(JSON.parse(await fs.readFile((await geojson.path())!, 'utf8')).features).toHaveLength(3);

  await page.getByTestId('flight-panel').scrollIntoViewIfNeeded();
  await shootThemes(h, page, 'flight-map');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(300);
  await h.screenshot(page, 'flight-map-375');

  // The set whose telemetry never got a GPS lock says so instead of a map.
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.getByTestId('file-set-item').nth(1).click();
  await expect(page.getByTestId('flight-unavailable').textContent()).resolves.toMatch(/no GPS position/);
  expect(await page.getByTestId('flight-map').count()).toBe(0);
  expect(errors).toEqual([]);
});

it('draws the track on a plain background with a scale bar when tiles cannot load', async () => {
  const { page, errors } = await openProject();
  await page.route(TILES, (route) => route.abort('internetdisconnected'));
  await loginThroughUi(page, account.username, account.password);
  await page.goto(`/project/${projectId}`);
  await page.getByTestId('flight-map-offline').waitFor();
  expect(await page.getByTestId('flight-map').getAttribute('data-offline')).toBe('true');
  expect(await page.locator('.leaflet-tile').count()).toBe(0);
  expect(await page.locator('.flight-line').count()).toBe(1);
  expect(await page.locator('.leaflet-control-scale-line').textContent()).toMatch(/^\d+ k?m$/);
  await page.getByTestId('flight-panel').scrollIntoViewIfNeeded();
  await shootThemes(h, page, 'flight-map-offline');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(300);
  await h.screenshot(page, 'flight-map-offline-375');
  expect(errors).toEqual([]);
});

it('draws a track across the antimeridian as one short line, not across the world', async () => {
  const { page, errors } = await openProject();
  await page.route(TILES, (route) => route.abort('internetdisconnected'));
  await loginThroughUi(page, account.username, account.password);
  await page.goto(`/project/${projectId}`);
  await page.getByTestId('file-set-item').nth(2).click();
  await page.getByTestId('flight-map-offline').waitFor();
  // The first set's map stays until the clicked set's replaces it: read the one named for DJI_0003.
  const map = page.locator('[data-testid="flight-map"][aria-label="Map of the flight of DJI_0003"]');
  await map.locator('.flight-line').waitFor();
  // About 2 km of flight: the map zooms to it (a scale of metres or a few km), and the line is one piece.
  expect(await map.locator('.leaflet-control-scale-line').textContent()).toMatch(/^(\d+ m|[1-5] km)$/);
  const d = (await map.locator('.flight-line').getAttribute('d'))!;
  expect(d.match(/M/g)).toHaveLength(1);
  const mapBox = (await map.boundingBox())!;
  const lineBox = (await map.locator('.flight-line').boundingBox())!;
  expect(lineBox.width).toBeGreaterThan(mapBox.width / 3);
  await page.getByTestId('flight-panel').scrollIntoViewIfNeeded();
  await page.getByTestId('flight-panel').screenshot({ path: path.join(SCREENSHOT_DIR, 'flight-map-antimeridian.png') });
  expect(errors).toEqual([]);
});
