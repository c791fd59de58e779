/**
 * The review grid (issue 20) in headless Chromium against a real server: a project of 1,000 sets
 * read in keyset pages while scrolling, keyboard editing, shift-click ranges, a bulk action and its
 * undo, at 375 px and in both themes. Timings are printed (figures to report), never asserted.
 */
import type { Page } from 'playwright-core';
import { signUp } from '../../api/test/support/test-server.js';
import { seedProject, type SeedFileSet } from '../../api/src/features/exports/test-support/seed-results.js';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';

const SETS = 1000;
let h: BrowserHarness;
let token: string;
let projectId: string;
let fileSetIds: string[];

const name = (i: number) => `DJI_${String(i).padStart(4, '0')}`;

beforeAll(async () => {
  h = await startBrowserHarness();
  const user = await signUp(h.server);
  token = user.token;
  const sets: SeedFileSet[] = Array.from({ length: SETS }, (_, k) => {
    const i = k + 1;
    return {
      baseName: name(i),
      files: [{ filename: `${name(i)}.MP4` }],
      result:
        i % 50 === 0
          ? undefined
          : {
              title: `Coastline ${i}`,
              description: `Waves along the coast, clip ${i}`,
              keywords: i % 7 === 0 ? ['coast'] : ['coast', 'sea', 'waves', 'cliff', 'aerial', 'ocean', 'nature', 'travel'],
              adobe: i % 3 ? 'Landscape' : null,
              shutterstockA: 'Nature',
              city: i % 2 ? 'Porto' : 'Lisbon',
              country: 'Portugal',
              shotTypes: { aerial: true, orbit: i % 4 === 0 },
            },
    };
  });
  ({ projectId, fileSetIds } = await seedProject(h.server.services, { ownerId: user.id, name: 'Big shoot', sets }));
}, 120_000);
afterAll(() => h.close());

async function open(width = 1280, theme?: 'minimalist'): Promise<Page> {
  const { context, page } = await h.newPage({ width, height: 860 });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  await page.goto('/dashboard');
  if (theme) await page.locator('html').evaluate((html, t) => html.setAttribute('data-theme', t), theme);
  return page;
}

const keywordsOf = async (id: string): Promise<string[]> =>
  (await h.server.request('GET', `/api/filesets/${id}/results`, { token })).body.results.content.keywords;

it('keeps the grid out of the first load and shows 1,000 sets in pages as it scrolls', async () => {
  const { context, page } = await h.newPage({ width: 1280, height: 860 });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const scripts: string[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('.js')) scripts.push(r.url());
  });
  await page.goto('/dashboard');
  await page.getByText('Big shoot').first().waitFor();
  expect(scripts.some((s) => /ReviewPage/.test(s))).toBe(false);

  await page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.longTasks.push(e.duration))).observe({ type: 'longtask', buffered: false });
  });
  const started = Date.now();
  await page.evaluate((id) => {
    history.pushState({}, '', `/project/${id}/review`);
    dispatchEvent(new PopStateEvent('popstate'));
  }, projectId);
  await page.getByText('Coastline 1', { exact: true }).waitFor();
  const firstRows = Date.now() - started;
  console.log(`first rows after ${firstRows} ms`);
  expect(scripts.some((s) => /ReviewPage/.test(s))).toBe(true);
  expect(await page.getByText(`${SETS} sets`).count()).toBe(1);
  // Only the rows in view are in the DOM.
  expect(await page.getByTestId('review-row').count()).toBeLessThan(60);

  const scrollStart = Date.now();
  const grid = page.getByTestId('review-grid');
  for (let i = 0; i < 200; i++) {
    await grid.evaluate((el) => el.scrollBy(0, 4000));
    if (await page.getByText(`${name(SETS)}.MP4`, { exact: true }).count()) break;
    await page.waitForTimeout(50);
  }
  await page.getByText(`${name(SETS)}.MP4`, { exact: true }).waitFor();
  const scrollEnd = Date.now() - scrollStart;
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
  console.log(
    `review grid, ${SETS} sets: first rows ${firstRows} ms; scrolled to the end in ${scrollEnd} ms; long tasks ${longTasks.length}, longest ${Math.round(Math.max(0, ...longTasks))} ms`,
  );
  await h.screenshot(page, 'review-grid-end');
}, 240_000);

it('edits a title with the keyboard: arrows, Enter, Ctrl+S; Escape cancels', async () => {
  const page = await open();
  await page.goto(`/project/${projectId}/review`);
  await page.getByText('Coastline 1', { exact: true }).waitFor();
  const grid = page.getByTestId('review-grid');
  await grid.focus();
  // Active cell starts on the thumbnail of row 1: three right is the title.
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const input = page.getByRole('textbox', { name: `Edit Title of ${name(2)}` });
  await input.fill('Cliffs at dawn');
  await page.keyboard.press('Escape');
  await input.waitFor({ state: 'detached' });
  expect(await page.getByText('Cliffs at dawn').count()).toBe(0);
  await page.keyboard.press('Enter');
  await input.fill('Cliffs at dawn');
  await page.keyboard.press('Control+s');
  await page.getByText(`Saved ${name(2)}.`).waitFor();
  const saved = await h.server.request('GET', `/api/filesets/${fileSetIds[1]}/results`, { token });
  expect(saved.body.results.content.title).toBe('Cliffs at dawn');
  // The rest of the result is kept (the save sends the title only).
  expect(saved.body.results.content.keywords).toHaveLength(8);
  await h.screenshot(page, 'review-grid-edited');
});

it('selects a range with shift-click, adds keywords to it in bulk, and undoes it', async () => {
  const page = await open();
  await page.goto(`/project/${projectId}/review`);
  await page.getByText('Coastline 1', { exact: true }).waitFor();
  await page.getByRole('checkbox', { name: `Select ${name(3)}` }).click();
  await page.getByRole('checkbox', { name: `Select ${name(6)}` }).click({ modifiers: ['Shift'] });
  await page.getByText('4 selected').waitFor();
  await page.getByRole('textbox', { name: 'Keywords (comma-separated)' }).fill('Douro, sunset');
  await page.getByRole('checkbox', { name: 'at the start' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText('Add keywords: changed 4 of 4 sets.').waitFor();
  expect((await keywordsOf(fileSetIds[3]!)).slice(0, 3)).toEqual(['Douro', 'sunset', 'coast']);
  await h.screenshot(page, 'review-grid-bulk');
  // In words (issue 31), not the mutation's name.
  await page.getByRole('button', { name: 'Undo: added 2 keywords to 4 sets' }).click();
  await page.getByText('Undone: added 2 keywords to 4 sets (4 sets restored).').waitFor();
  expect(await keywordsOf(fileSetIds[3]!)).toEqual(['coast', 'sea', 'waves', 'cliff', 'aerial', 'ocean', 'nature', 'travel']);
});

it('filters by city and agency problems on the server, with a badge per agency (Pond5 too), and sorts by any column', async () => {
  const page = await open();
  await page.goto(`/project/${projectId}/review`);
  await page.getByText('Coastline 1', { exact: true }).waitFor();
  // Every title ("Coastline 1") is under Pond5's 40 characters: its badge says so, from the export check.
  await page.locator('[title="Pond5 would refuse: Title is 11 characters; Pond5 wants at least 40"]').first().waitFor();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('PENDING');
  await page.getByText('20 sets').waitFor();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('');
  await page.getByRole('textbox', { name: 'City' }).fill('lisbon');
  await page.getByText('480 sets').waitFor();
  await h.screenshot(page, 'review-grid-city');
  await page.getByRole('textbox', { name: 'City' }).fill('');
  await page.getByText(`${SETS} sets`).waitFor();
  // Adobe Stock refuses only the sets without a result (every 50th): counted over every set, not the rows loaded.
  await page.getByRole('combobox', { name: 'Agency problems' }).selectOption('ADOBE_STOCK');
  await page.getByText('20 sets', { exact: true }).waitFor();
  await page
    .getByTestId('review-row')
    .first()
    .getByText(`${name(50)}.MP4`, { exact: true })
    .waitFor();
  await h.screenshot(page, 'review-grid-filtered');
  await page.getByTestId('review-grid').evaluate((el) => el.scrollBy(0, 10_000));
  await page.getByText(`${name(1000)}.MP4`, { exact: true }).waitFor();
  await page.getByRole('combobox', { name: 'Agency problems' }).selectOption('');
  await page.getByText(`${SETS} sets`).waitFor();
  // Shot types, descending: "Aerial, Orbit" (every 4th set) first; ties in reverse project order (the whole key descends).
  await page.getByRole('button', { name: 'Sort by Shot types' }).click();
  await page.getByRole('button', { name: 'Sort by Shot types' }).click();
  await page.locator('[role=columnheader][aria-sort=descending]').getByText('Shot types').waitFor();
  const firstRow = page.locator('[data-testid=review-row][aria-rowindex="2"]');
  await firstRow.getByText(`${name(996)}.MP4`, { exact: true }).waitFor();
  expect(await firstRow.getByText(/Orbit/).count()).toBe(1);
  expect(
    await page
      .locator('[data-testid=review-row][aria-rowindex="3"]')
      .getByText(`${name(992)}.MP4`, { exact: true })
      .count(),
  ).toBe(1);
});

it('edits the categories in place with the keyboard: Enter, Escape cancels, Ctrl+S and Enter save', async () => {
  const page = await open();
  await page.goto(`/project/${projectId}/review`);
  await page.getByText('Coastline 1', { exact: true }).waitFor();
  const grid = page.getByTestId('review-grid');
  await grid.focus();
  // From the thumbnail of row 1: six right is Categories, two down is DJI_0003 (no Adobe category).
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const editor = page.getByRole('group', { name: `Edit Categories of ${name(3)}` });
  await editor.waitFor();
  const adobe = editor.getByRole('combobox', { name: 'Adobe Stock' });
  expect(await adobe.evaluate((el) => el === document.activeElement)).toBe(true);
  await adobe.selectOption('Travel');
  await page.keyboard.press('Escape');
  await editor.waitFor({ state: 'detached' });
  const stored = async () => (await h.server.request('GET', `/api/filesets/${fileSetIds[2]}/results`, { token })).body.results.content.categories;
  expect((await stored()).adobe_category).toBeNull();

  await page.keyboard.press('Enter');
  await editor.getByRole('combobox', { name: 'Adobe Stock' }).selectOption('Travel');
  // Tab moves between the three selectors (native focus order).
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const shutterstockB = editor.getByRole('combobox', { name: 'Shutterstock B' });
  expect(await shutterstockB.evaluate((el) => el === document.activeElement)).toBe(true);
  await shutterstockB.selectOption('Transportation');
  await h.screenshot(page, 'review-grid-categories-editor');
  expect(await shutterstockB.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Control+s');
  // The save's notice, whichever it is: a refusal fails here with its text, not as a missing "Saved".
  const notice = page.locator('.banner > span').filter({ hasText: name(3) });
  await notice.waitFor({ timeout: 60_000 });
  expect(await notice.innerText()).toBe(`Saved ${name(3)}.`);
  expect(await stored()).toEqual({ adobe_category: 'Travel', shutterstock_a_category: 'Nature', shutterstock_b_category: 'Transportation' });
  await page.getByTestId('review-row').nth(2).getByText('Travel · Nature · Transportation').waitFor();
  expect(await page.getByTestId('review-row').nth(2).getByText('Edited').count()).toBe(1);

  // Enter on a selector saves too.
  await grid.focus();
  await page.keyboard.press('Enter');
  await editor.getByRole('combobox', { name: 'Adobe Stock' }).selectOption('');
  await editor.getByRole('combobox', { name: 'Adobe Stock' }).focus();
  await page.keyboard.press('Enter');
  await editor.waitFor({ state: 'detached' });
  await page.getByTestId('review-row').nth(2).getByText('Nature · Transportation', { exact: true }).waitFor();
  expect((await stored()).adobe_category).toBeNull();
});

it('works at 375 px and in the minimalist theme', async () => {
  const narrow = await open(375);
  await narrow.goto(`/project/${projectId}/review`);
  await narrow.getByText('Coastline 1', { exact: true }).waitFor();
  const overflow = await narrow.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await narrow.getByRole('checkbox', { name: `Select ${name(1)}` }).click();
  await narrow.getByText('1 selected').waitFor();
  await h.screenshot(narrow, 'review-grid-375');
  const light = await open(1280, 'minimalist');
  await light.goto(`/project/${projectId}/review`);
  await light.locator('html').evaluate((html) => html.setAttribute('data-theme', 'minimalist'));
  await light.getByText('Coastline 1', { exact: true }).waitFor();
  await light.getByRole('checkbox', { name: `Select ${name(2)}` }).click();
  await h.screenshot(light, 'review-grid-minimalist');
});

it('is linked from the project page', async () => {
  const page = await open();
  await page.goto(`/project/${projectId}`);
  await page.getByRole('link', { name: 'Review grid' }).click();
  await page.getByTestId('review-grid').getByText('Coastline 1', { exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/project/${projectId}/review`);
  await page.goBack();
  await page.getByRole('link', { name: 'Review grid' }).waitFor();
  await h.screenshot(page, 'review-link-project-page');
});

it('edits City, Region, the place line and named features in the grid (Country the same way); the place survives a reload and a reprocess', async () => {
  const page = await open();
  await page.goto(`/project/${projectId}/review`);
  await page.getByText('Coastline 5', { exact: true }).waitFor();
  const row = page.locator('[data-testid=review-row][aria-rowindex="6"]');
  const cell = (header: string) => row.getByRole('gridcell').nth(COLUMN_INDEX[header]!);
  const edit = async (header: string, value: string) => {
    await cell(header).dblclick();
    const input = page.getByRole('textbox', { name: `Edit ${header} of ${name(5)}` });
    await input.fill(value);
    await page.keyboard.press('Enter');
    await input.waitFor({ state: 'detached' });
    await page.getByText(`Saved ${name(5)}.`).waitFor();
  };
  await edit('City', 'Sintra');
  await edit('Region', 'Lisbon District');
  await edit('Place line', 'Pena Palace, Sintra, Portugal');
  await edit('Named features', 'Pena Palace, Serra de Sintra');
  // The editor's limits: a city over 200 characters cannot be typed (the input stops at 200).
  await cell('City').dblclick();
  const city = page.getByRole('textbox', { name: `Edit City of ${name(5)}` });
  expect(await city.getAttribute('maxlength')).toBe('200');
  await page.keyboard.press('Escape');
  await h.screenshot(page, 'review-grid-place-edited');

  const stored = async () => (await h.server.request('GET', `/api/filesets/${fileSetIds[4]}/results`, { token })).body;
  const saved = await stored();
  expect(saved.results.metadata).toMatchObject({
    city: 'Sintra',
    region: 'Lisbon District',
    country: 'Portugal',
    place_line: 'Pena Palace, Sintra, Portugal',
    features: ['Pena Palace', 'Serra de Sintra'],
  });
  // Only the place was saved: the title and keywords are kept, the result is the user's.
  expect(saved.results.content.title).toBe('Coastline 5');
  expect(saved.edited).toBe(true);

  await page.reload();
  await row.getByText('Sintra', { exact: true }).waitFor();
  await row.getByText('Pena Palace, Serra de Sintra', { exact: true }).waitFor();
  expect(await cell('Place line').textContent()).toBe('Pena Palace, Sintra, Portugal');

  // A later reprocess (the worker's save of a generated result) keeps the place the user edited.
  await h.server.services.results.saveGenerated({
    fileSetId: fileSetIds[4]!,
    projectId,
    result: saved.original,
    titleCandidates: [saved.original.content.title],
    fallbackSuffix: name(5),
    provider: 'offline',
    analysis: {},
  });
  expect((await stored()).results.metadata).toMatchObject({
    city: 'Sintra',
    place_line: 'Pena Palace, Sintra, Portugal',
    features: ['Pena Palace', 'Serra de Sintra'],
  });
  await page.reload();
  await row.getByText('Sintra', { exact: true }).waitFor();
});

/** Where each column sits in a row (every column shown: a fresh browser). */
const COLUMN_INDEX: Record<string, number> = { City: 8, Region: 9, Country: 10, 'Place line': 11, 'Named features': 12 };
