/// <reference lib="dom" />
/**
 * Issue 31 items 1, 2 and 6 in Chromium against the built app: the editor shows exactly the
 * selected set's stored data, every field, whichever way the set was reached (list, pager,
 * ?set=, Back/Forward, the grid's file name), compared field by field with the REST API; a save
 * over 30 keywords is refused by count and nothing is cut; duplicates are pointed out; City,
 * Country and shot types are edited and stored.
 */
import type { Page } from 'playwright-core';
import { signUp } from '../../api/test/support/test-server.js';
import { seedProject, type SeedFileSet } from '../../api/src/features/exports/test-support/seed-results.js';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';

let h: BrowserHarness;
let account: Awaited<ReturnType<typeof signUp>>;
let projectId: string;
let ids: string[];

// Five sets that differ in every field: the shot types especially (the bug showed the first set's).
const SETS: SeedFileSet[] = [
  ['DJI_0501', 'Orbit around the lighthouse at dusk', { aerial: true, orbit: true }, 'Porto', 'Portugal', 'Travel', 41.1, -8.6],
  ['DJI_0502', 'Rising over the vineyards in the valley', { aerial: true, rising: true, golden_hour: true }, 'Pinhao', 'Portugal', 'Landscape', 41.19, -7.54],
  ['DJI_0503', 'Harbour boats seen from straight above', { top_down: true }, 'Lisbon', 'Portugal', 'Transport', 38.7, -9.1],
  ['DJI_0504', 'Cliffs of the west coast on a grey morning', {}, null, null, null, null, null],
  ['DJI_0505', 'Tracking a train along the river Douro', { aerial: true, tracking: true }, 'Regua', 'Portugal', 'Transport', 41.16, -7.79],
].map(([baseName, title, shotTypes, city, country, adobe, latitude, longitude], i) => ({
  baseName: baseName as string,
  files: [{ filename: `${baseName}.MP4` }],
  result: {
    title: title as string,
    description: `Description of ${baseName}, clip ${i + 1}.`,
    keywords: [`keyword ${i + 1}a`, `keyword ${i + 1}b`, ...Array.from({ length: i }, (_, k) => `extra ${k}`)],
    adobe: adobe as never,
    shutterstockA: i % 2 ? 'Nature' : 'Buildings/Landmarks',
    city: city as string | null,
    country: country as string | null,
    latitude: latitude as number | null,
    longitude: longitude as number | null,
    shotTypes: shotTypes as Record<string, boolean>,
  },
}));

beforeAll(async () => {
  h = await startBrowserHarness();
  account = await signUp(h.server);
  ({ projectId, fileSetIds: ids } = await seedProject(h.server.services, { ownerId: account.id, name: 'Five sets', sets: SETS }));
});
afterAll(() => h.close());

async function open(width = 1366): Promise<Page> {
  const { context, page } = await h.newPage({ width, height: 900 });
  await context.addInitScript((t) => localStorage.setItem('token', t), account.token);
  return page;
}

/** What the editor shows, field by field. */
async function shown(page: Page) {
  const editor = page.getByTestId('result-editor');
  await editor.waitFor();
  const selects = editor.locator('select');
  return {
    title: await page.getByTestId('title-input').inputValue(),
    description: await page.getByTestId('description-input').inputValue(),
    keywords: (await page.getByTestId('keywords-input').inputValue())
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
    city: (await page.getByTestId('city-input').inputValue()) || null,
    country: (await page.getByTestId('country-input').inputValue()) || null,
    latitude: await page.getByTestId('location-latitude').innerText(),
    longitude: await page.getByTestId('location-longitude').innerText(),
    shotTypes: (await page.getByTestId('shot-type-on').allInnerTexts()).map((t) => t.replace(/^✓\s*/, '')).sort(),
    categories: [(await selects.nth(0).inputValue()) || null, (await selects.nth(1).inputValue()) || null, (await selects.nth(2).inputValue()) || null],
    editorial: await page.getByTestId('editorial-input').isChecked(),
  };
}

const LABELS: Record<string, string> = {
  aerial: 'Aerial',
  orbit: 'Orbit',
  rising: 'Rising',
  golden_hour: 'Golden hour',
  top_down: 'Top-down',
  tracking: 'Tracking',
};

/** What the REST API stores for the set, in the editor's terms. */
async function stored(id: string) {
  const r = (await h.server.request('GET', `/api/filesets/${id}/results`, { token: account.token })).body.results;
  const fixed = (v: number | null) => (v == null ? 'Unknown' : v.toFixed(5));
  const vocabulary = (await h.server.graphql('{ shotTypeVocabulary { id label } }', {}, account.token)).data.shotTypeVocabulary as Array<{
    id: string;
    label: string;
  }>;
  const label = (id: string) => vocabulary.find((v) => v.id === id)?.label ?? LABELS[id] ?? id;
  return {
    title: r.content.title,
    description: r.content.final_description,
    keywords: r.content.keywords,
    city: r.metadata.city,
    country: r.metadata.country,
    latitude: fixed(r.metadata.latitude),
    longitude: fixed(r.metadata.longitude),
    shotTypes: Object.entries(r.shot_types as Record<string, boolean>)
      .filter(([, on]) => on)
      .map(([id]) => label(id))
      .sort(),
    categories: [r.content.categories.adobe_category, r.content.categories.shutterstock_a_category, r.content.categories.shutterstock_b_category],
    editorial: r.content.editorial === true,
  };
}

const selectedName = (page: Page) => page.locator('[data-testid=file-set-item][aria-current=true] .pd-list-file').innerText();

async function expectShowing(page: Page, i: number) {
  await page.waitForFunction((name) => document.querySelector('[aria-current=true] .pd-list-file')?.textContent === name, SETS[i]!.baseName);
  await page
    .getByTestId('title-input')
    .and(page.locator(`[value="${SETS[i]!.result!.title}"]`))
    .waitFor();
  expect(await shown(page)).toEqual(await stored(ids[i]!));
}

it('shows each of five sets exactly as stored, reached by list, pager, ?set=, Back/Forward and the grid', async () => {
  const page = await open();
  const started = Date.now();
  await page.goto(`/project/${projectId}`);
  await expectShowing(page, 0);
  console.log(`[figures] first set shown in ${Date.now() - started} ms`);

  // The list, in an order that is not the list's.
  for (const i of [3, 1, 4, 2]) {
    const t = Date.now();
    await page.getByTestId('file-set-item').filter({ hasText: SETS[i]!.baseName }).click();
    await expectShowing(page, i);
    console.log(`[figures] set ${SETS[i]!.baseName} shown ${Date.now() - t} ms after the click`);
  }
  // The pager from there (set 3 -> 4 -> 3).
  await page.getByRole('button', { name: 'Next file set' }).click();
  await expectShowing(page, 3);
  await page.getByRole('button', { name: 'Previous file set' }).click();
  await expectShowing(page, 2);
  // Back and Forward walk the same sets again.
  await page.goBack();
  await expectShowing(page, 3);
  await page.goBack();
  await expectShowing(page, 2);
  await page.goForward();
  await expectShowing(page, 3);
  // A link with ?set=, opened fresh.
  await page.goto(`/project/${projectId}?set=${ids[4]}`);
  await expectShowing(page, 4);
  expect(await selectedName(page)).toBe('DJI_0505');
  await h.screenshot(page, 'editor-selected-set-1366');

  // The grid's file name opens the full editor on that set.
  await page.goto(`/project/${projectId}/review`);
  await page.getByTestId('open-in-editor').filter({ hasText: 'DJI_0502' }).click();
  await page.waitForURL(`**/project/${projectId}?set=${ids[1]}`);
  await expectShowing(page, 1);
});

it('refuses a save over 30 keywords naming the count, cuts nothing, and points out duplicates', async () => {
  const page = await open();
  await page.goto(`/project/${projectId}?set=${ids[0]}`);
  await expectShowing(page, 0);
  const before = await stored(ids[0]!);
  const thirtyTwo = [...Array.from({ length: 30 }, (_, k) => `word ${k + 1}`), 'historic', 'old town'];
  await page.getByTestId('keywords-input').fill(thirtyTwo.join(', '));
  expect(await page.getByTestId('keyword-count').innerText()).toBe('32/30 keywords');
  expect(await page.getByTestId('keyword-cap').innerText()).toContain('32 keywords: remove 2');
  await page.keyboard.press('Control+s');
  await page.getByTestId('save-notice').getByText('Failed to save fileset DJI_0501: 32 keywords: remove 2 (the limit is 30)').waitFor();
  expect((await stored(ids[0]!)).keywords).toEqual(before.keywords);
  expect(await page.getByTestId('keywords-input').inputValue()).toBe(thirtyTwo.join(', '));

  // Duplicates, case- and plural-insensitive, before any save.
  await page.getByTestId('keywords-input').fill('Boat, harbour, boats, Harbour');
  expect(await page.getByTestId('keyword-duplicates').innerText()).toBe("Repeated keywords (agencies count them once): 'boats' (as 'Boat'), 'Harbour'.");
  await h.screenshot(page, 'editor-keyword-cap');
});

it('edits City, Country, shot types and the editorial flag and stores them', async () => {
  const page = await open();
  await page.goto(`/project/${projectId}?set=${ids[3]}`);
  await expectShowing(page, 3);
  await page.getByTestId('city-input').fill('Nazaré');
  await page.getByTestId('country-input').fill('Portugal');
  await page.getByRole('button', { name: 'Aerial', exact: true }).click();
  await page.getByTestId('editorial-input').check();
  await page.keyboard.press('Control+s');
  await page.getByTestId('save-notice').getByText('All changes saved successfully!').waitFor();
  const after = await stored(ids[3]!);
  expect(after).toMatchObject({ city: 'Nazaré', country: 'Portugal', shotTypes: ['Aerial'], editorial: true });
  // And moving away and back shows the stored values.
  await page.getByTestId('file-set-item').filter({ hasText: 'DJI_0501' }).click();
  await expectShowing(page, 0);
  await page.getByTestId('file-set-item').filter({ hasText: 'DJI_0504' }).click();
  await page.waitForFunction(() => document.querySelector('[aria-current=true] .pd-list-file')?.textContent === 'DJI_0504');
  await page
    .getByTestId('title-input')
    .and(page.locator(`[value="${SETS[3]!.result!.title}"]`))
    .waitFor();
  expect(await shown(page)).toEqual(after);
  // A reload reads it afresh from the server.
  await page.reload();
  await expectShowing(page, 3);
  await page.setViewportSize({ width: 375, height: 900 });
  await h.screenshot(page, 'editor-selected-set-375');
});

it('copies title, description, keywords and categories from another set, with a preview, saved only with Save', async () => {
  const page = await open();
  await page.goto(`/project/${projectId}?set=${ids[4]}`);
  await expectShowing(page, 4);
  const before = await stored(ids[4]!);
  const source = await stored(ids[1]!);
  const copy = page.getByTestId('copy-metadata');
  await copy.getByText('Copy metadata from another set').click();
  await copy.getByLabel('From').selectOption({ label: `${SETS[1]!.result!.title} · DJI_0502` });
  expect(await copy.getByTestId('copy-preview').innerText()).toContain(source.keywords.join(', '));
  await h.screenshot(page, 'editor-copy-metadata');
  await copy.getByRole('button', { name: 'Copy into this set' }).click();
  expect(await page.getByTestId('title-input').inputValue()).toBe(source.title);
  expect(await shown(page)).toEqual({
    ...before,
    title: source.title,
    description: source.description,
    keywords: source.keywords,
    categories: source.categories,
  });
  // Nothing stored yet; Save keeps it.
  expect((await stored(ids[4]!)).title).toBe(before.title);
  await page.keyboard.press('Control+s');
  await page.getByTestId('save-notice').getByText('All changes saved successfully!').waitFor();
  expect((await stored(ids[4]!)).keywords).toEqual(source.keywords);
});
