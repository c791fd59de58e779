/// <reference lib="dom" />
/**
 * Issue 31 items 3, 4 and 5 in Chromium: the keyword rules panel beside the grid (reached from the
 * project page), with the API's refusals in place, the preview of what each rule changes, presets;
 * keyword chips edited in the grid; undo in words that keeps a set edited since; the grid at
 * 1366 px (column chooser, pinned file name) and a card per set at 375 px.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signUp } from '../../api/test/support/test-server.js';
import { seedProject, type SeedFileSet } from '../../api/src/features/exports/test-support/seed-results.js';
import { SCREENSHOT_DIR, startBrowserHarness, type BrowserHarness } from './support/browser.js';

let h: BrowserHarness;
let account: Awaited<ReturnType<typeof signUp>>;
let projectId: string;
let ids: string[];

const name = (i: number) => `DJI_${String(i).padStart(4, '0')}`;
const SETS: SeedFileSet[] = Array.from({ length: 12 }, (_, k) => ({
  baseName: name(k + 1),
  files: [{ filename: `${name(k + 1)}.MP4` }],
  result: {
    title: `Old town of Porto from the river, clip number ${k + 1}`,
    description: `The old town of Porto seen from above the river Douro, clip ${k + 1}.`,
    keywords: ['porto', 'river', 'old town', 'bridge', k % 3 ? 'drone footage' : 'nobody', 'boats'],
    adobe: 'Travel',
    shutterstockA: 'Buildings/Landmarks',
    city: 'Porto',
    country: 'Portugal',
    shotTypes: { aerial: true, high_altitude: k % 2 === 0 },
  },
}));

beforeAll(async () => {
  h = await startBrowserHarness();
  account = await signUp(h.server);
  ({ projectId, fileSetIds: ids } = await seedProject(h.server.services, { ownerId: account.id, name: 'Porto', sets: SETS }));
});
afterAll(() => h.close());

async function open(width = 1366): Promise<Page> {
  const { context, page } = await h.newPage({ width, height: 900 });
  await context.addInitScript((t) => localStorage.setItem('token', t), account.token);
  return page;
}
const keywordsOf = async (id: string): Promise<string[]> =>
  (await h.server.request('GET', `/api/filesets/${id}/results`, { token: account.token })).body.results.content.keywords;

it('shows the keyword rules beside the grid, reached from the project page: refusals in place, a preview per rule, presets', async () => {
  const page = await open();
  await page.goto(`/project/${projectId}`);
  await page.getByRole('link', { name: 'Keyword rules' }).click();
  const panel = page.getByTestId('keyword-rules-panel');
  await panel.waitFor();
  await page.getByText('Old town of Porto from the river, clip number 1', { exact: true }).waitFor();

  await panel.getByLabel('Always include').fill('Portugal, Europe');
  await panel.getByLabel('Never include').fill('nobody');
  await panel.getByLabel(/Synonyms/).fill('drone footage -> aerial footage');
  await panel.getByRole('spinbutton', { name: /Pond5/ }).fill('5');
  await panel.getByTestId('impact-alwaysInclude').getByText("Adds 'Portugal' to 12 of 12 sets").waitFor();
  expect(await panel.getByTestId('impact-neverInclude').innerText()).toBe("Removes 'nobody' from 4 sets");
  expect(await panel.getByTestId('impact-synonyms').innerText()).toBe("Replaces 'drone footage' by 'aerial footage' in 8 sets");
  expect(await panel.getByTestId('impact-maxPerAgency').innerText()).toContain("Pond5's export keeps 5 keywords: 12 sets have more");
  expect(await panel.getByTestId('rules-preview-total').innerText()).toBe('These rules change 12 of 12 sets.');
  await h.screenshot(page, 'review-rules-panel-1366');

  // A contradiction: the server's message beside the list it is about, and nothing saved.
  await panel.getByLabel('Never include').fill('nobody, europe');
  await panel.getByTestId('rules-error').getByText("'Europe' is both always-include and never-include").waitFor();
  await panel.getByLabel('Never include').fill('nobody');
  await panel.getByTestId('rules-error').waitFor({ state: 'detached' });
  // A synonym line the form cannot read.
  await panel.getByLabel(/Synonyms/).fill('drone footage');
  await panel.getByTestId('rules-error').getByText("Synonym line 1 ('drone footage'): write it as 'drone footage -> aerial footage'").waitFor();
  await panel.getByLabel(/Synonyms/).fill('drone footage -> aerial footage');

  await panel.getByRole('button', { name: 'Save rules' }).click();
  await panel
    .getByTestId('rules-notice')
    .getByText(/Keyword rules saved/)
    .waitFor();
  const stored = await h.server.graphql(
    `query($p: ID!) { keywordRules(projectId: $p) { alwaysInclude maxPerAgency { pond5 } } }`,
    { p: projectId },
    account.token,
  );
  expect(stored.data.keywordRules).toEqual({ alwaysInclude: ['Portugal', 'Europe'], maxPerAgency: { pond5: 5 } });

  // Saved as a preset, then used on a new project.
  await panel.getByLabel('Preset name').fill('Portugal trips');
  await panel.getByRole('button', { name: 'Save as preset' }).click();
  await panel.getByTestId('rules-notice').getByText("Preset 'Portugal trips' saved: apply it to any project from here.").waitFor();
  const other = await seedProject(h.server.services, { ownerId: account.id, name: 'Lisbon', sets: SETS.slice(0, 2) });
  await page.goto(`/project/${other.projectId}/review?panel=rules`);
  await panel.getByLabel('Saved presets').selectOption({ label: 'Portugal trips' });
  await panel.getByRole('button', { name: 'Use', exact: true }).click();
  expect(await panel.getByLabel('Always include').inputValue()).toBe('Portugal, Europe');
  await panel.getByRole('button', { name: 'Save rules' }).click();
  await panel
    .getByTestId('rules-notice')
    .getByText(/Keyword rules saved/)
    .waitFor();
  const applied = await h.server.graphql(`query($p: ID!) { keywordRules(projectId: $p) { alwaysInclude } }`, { p: other.projectId }, account.token);
  expect(applied.data.keywordRules.alwaysInclude).toEqual(['Portugal', 'Europe']);
});

it('edits keywords as chips in the grid, says what Undo undoes, and keeps the set edited since', async () => {
  const page = await open();
  await page.goto(`/project/${projectId}/review`);
  await page.getByText('Old town of Porto from the river, clip number 1', { exact: true }).waitFor();
  // The file name stays pinned when the grid scrolls sideways.
  const grid = page.getByTestId('review-grid');
  await grid.evaluate((el) => (el.scrollLeft = 600));
  const file = page.getByTestId('open-in-editor').filter({ hasText: 'DJI_0001.MP4' });
  const box = await file.boundingBox();
  expect(box && box.x > 0 && box.x < 300).toBe(true);
  await h.screenshot(page, 'review-grid-1366-scrolled');
  await grid.evaluate((el) => (el.scrollLeft = 0));

  // Keywords: double-click the cell, remove one chip, add two, save.
  await page.getByTestId('review-row').nth(0).locator('.rv-keywords').dblclick();
  const editor = page.getByRole('group', { name: `Edit Keywords of ${name(1)}` });
  await editor.getByRole('button', { name: 'Remove boats' }).click();
  await editor.getByRole('textbox', { name: 'Add keywords' }).fill('ribeira, sunset');
  await page.keyboard.press('Enter');
  expect(await editor.getByTestId('grid-keyword-count').innerText()).toBe('7/30 keywords');
  // The viewport only. The editor first seen closing here was Enter saving the cell (async, so it
  // closed during the capture); Enter now only adds chips. A full-page capture (it resizes the
  // viewport) then passed 8 of 9 runs; the one failure (no "Saved" within 30 s) is not yet explained.
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'review-grid-keyword-chips.png') });
  await editor.getByRole('textbox', { name: 'Add keywords' }).press('Control+s');
  await page.getByText(`Saved ${name(1)}.`).waitFor();
  expect(await keywordsOf(ids[0]!)).toEqual(['porto', 'river', 'old town', 'bridge', 'nobody', 'ribeira', 'sunset']);

  // A bulk action on three sets, an inline edit of one of them, then Undo in words.
  for (const i of [2, 3, 4]) await page.getByRole('checkbox', { name: `Select ${name(i)}` }).click();
  await page.getByRole('textbox', { name: 'Keywords (comma-separated)' }).fill('tiles, azulejo, tram');
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByTestId('undo-button').getByText('Undo: added 3 keywords to 3 sets').waitFor();
  await h.server.request('PUT', `/api/filesets/${ids[2]}/results`, { token: account.token, body: { content: { title: 'Mine now' } } });
  await page.getByTestId('undo-button').click();
  await page.getByText(`Undone: added 3 keywords to 3 sets (2 sets restored). One set was edited since and kept as it is: ${name(3)}.`).waitFor();
  expect(await keywordsOf(ids[1]!)).not.toContain('tram');
  expect(await keywordsOf(ids[2]!)).toContain('tram');
});

it('shows a card per set at 375 px, each opening its set in the editor', async () => {
  const page = await open(375);
  await page.goto(`/project/${projectId}/review`);
  const cards = page.getByTestId('review-card');
  await cards.first().waitFor();
  expect(await page.getByTestId('review-grid').count()).toBe(0);
  await h.screenshot(page, 'review-cards-375');
  await cards.nth(1).getByTestId('open-in-editor').click();
  await page.waitForURL(`**/project/${projectId}?set=${ids[1]}`);
  await page.getByTestId('title-input').waitFor();
});
