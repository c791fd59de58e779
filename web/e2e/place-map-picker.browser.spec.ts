/// <reference lib="dom" />
/**
 * Issue 32 item 3 in Chromium against the built app: in the place editor the user opens the map
 * (a vector basemap from the shipped country shapes: no tile is requested from anywhere), clicks a
 * point, sees how Shotlog reads the place there (the same as the API's placeAt for that point), uses
 * it, sees the rewrite preview, saves, and the stored place and the editor's fields match.
 */
import path from 'node:path';
import { signUp } from '../../api/test/support/test-server.js';
import { seedProject } from '../../api/src/features/exports/test-support/seed-results.js';
import { SCREENSHOT_DIR, startBrowserHarness, type BrowserHarness } from './support/browser.js';

let h: BrowserHarness;
let account: Awaited<ReturnType<typeof signUp>>;
let projectId: string;
let setId: string;

beforeAll(async () => {
  h = await startBrowserHarness();
  account = await signUp(h.server);
  // A set placed by the geocoder at the wrong town, beside Venice.
  const seeded = await seedProject(h.server.services, {
    ownerId: account.id,
    name: 'Map picker',
    sets: [
      {
        baseName: 'DJI_0601',
        files: [{ filename: 'DJI_0601.MP4' }],
        result: {
          title: 'Canals near Mestre in Italy in a drone flyover',
          description: 'Canals near Mestre in Italy seen from a drone.',
          keywords: ['Mestre', 'Italy', 'canals'],
          city: 'Mestre',
          country: 'Italy',
          latitude: 45.4375,
          longitude: 12.3358,
          shotTypes: { aerial: true },
        },
      },
    ],
  });
  projectId = seeded.projectId;
  setId = seeded.fileSetIds[0]!;
});
afterAll(() => h.close());

const PLACE_AT =
  'query($latitude: Float!, $longitude: Float!) { placeAt(latitude: $latitude, longitude: $longitude) { city region country placeLine features } }';

it('picks a point, previews the place read there, applies it and saves what the API reads', async () => {
  const { context, page } = await h.newPage({ width: 1366, height: 1000 });
  await context.addInitScript((t) => localStorage.setItem('token', t), account.token);
  // Every request that leaves the test server is recorded (and refused): the map must need none.
  const outside: string[] = [];
  await context.route(
    (url) => url.origin !== new URL(h.server.url).origin,
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  await page.goto(`/project/${projectId}?set=${setId}`);
  await page.getByRole('button', { name: 'Pick on map' }).click();
  const map = page.getByTestId('place-pick-map');
  await page.locator('[data-testid=place-pick-map][data-basemap=ready]').waitFor();
  // Land is drawn from the shipped shapes.
  expect(await map.locator('path.place-pick-land').count()).toBeGreaterThan(100);

  // The map opens on the set's position: a click at its centre picks a point beside Venice.
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const preview = page.getByTestId('place-pick-preview');
  await preview.getByRole('button', { name: 'Use this place' }).waitFor();
  const [lat, lon] = (await preview.locator('p.small').first().innerText()).replace('Point ', '').split(', ').map(Number);
  const api = (await h.server.graphql(PLACE_AT, { latitude: lat, longitude: lon }, account.token)).data.placeAt;
  expect(api).toMatchObject({ region: 'Veneto', country: 'Italy' });
  const dd = await preview.locator('dd').allInnerTexts();
  expect(dd).toEqual([api.placeLine ?? '—', api.city ?? '—', api.region ?? '—', api.country, api.features.length ? api.features.join(', ') : '—']);
  await h.screenshot(page, 'place-map-picker-preview');
  await page.locator('fieldset.place-fields').screenshot({ path: path.join(SCREENSHOT_DIR, 'place-map-picker-preview-fields.png') });

  // Apply: the fields take the place and the rewrite preview shows before anything is saved.
  await preview.getByRole('button', { name: 'Use this place' }).click();
  const fields = page.locator('fieldset.place-fields');
  await expect(fields.getByLabel('Region').inputValue()).resolves.toBe('Veneto');
  await expect(fields.getByLabel('City').inputValue()).resolves.toBe(api.city ?? '');
  await expect(fields.getByLabel('Place line').inputValue()).resolves.toBe(api.placeLine);
  await fields.locator('.place-preview').waitFor();
  const before = (await h.server.request('GET', `/api/filesets/${setId}/results`, { token: account.token })).body.results;
  expect(before.metadata.city).toBe('Mestre'); // nothing saved yet
  await h.screenshot(page, 'place-map-picker-applied');
  await page.locator('fieldset.place-fields').screenshot({ path: path.join(SCREENSHOT_DIR, 'place-map-picker-applied-fields.png') });

  await fields.getByRole('button', { name: 'Save place and rewrite' }).click();
  await page.waitForFunction(() => !document.querySelector('fieldset.place-fields button[disabled]'));
  let stored = before;
  for (let i = 0; i < 50 && stored.metadata.city === 'Mestre'; i++) {
    await page.waitForTimeout(100);
    stored = (await h.server.request('GET', `/api/filesets/${setId}/results`, { token: account.token })).body.results;
  }
  expect(stored.metadata).toMatchObject({ city: api.city, region: 'Veneto', country: 'Italy', place_line: api.placeLine, features: api.features });
  if (api.city !== 'Mestre') expect(stored.content.title).not.toContain('Mestre');

  // A fresh page shows what is stored.
  await page.reload();
  await page.getByTestId('city-input').waitFor();
  expect(await page.getByTestId('city-input').inputValue()).toBe(stored.metadata.city);
  expect(await page.locator('fieldset.place-fields').getByLabel('Region').inputValue()).toBe('Veneto');
  // No tile from anywhere (the location block's own OpenStreetMap embed is another feature's request).
  expect(outside.filter((u) => /\/\d+\/\d+\/\d+(@2x)?\.(png|jpe?g|webp|pbf|mvt)/.test(u))).toEqual([]);
  expect(outside.filter((u) => !u.includes('/export/embed.html'))).toEqual([]);
});
