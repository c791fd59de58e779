import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { signUp } from '../../api/test/support/test-server.js';
import { seedGoldenProject } from '../../api/src/features/exports/test-support/golden-project.js';
import { seedProject } from '../../api/src/features/exports/test-support/seed-results.js';
import { Project } from '../../api/src/features/projects/project.entity.js';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../api/src/features/exports/golden');

let h: BrowserHarness;
let token: string;
beforeAll(async () => {
  h = await startBrowserHarness();
  const user = await signUp(h.server);
  token = user.token;
  await seedGoldenProject(h.server.services, user.id);
  await seedProject(h.server.services, { ownerId: user.id, name: 'Doomed', sets: [] });
});
afterAll(() => h.close());

async function dashboard(): Promise<Page> {
  const { context, page } = await h.newPage();
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  await page.goto('/dashboard');
  await page.getByRole('combobox', { name: 'Export Golden Project' }).waitFor();
  return page;
}

it('downloads the Standard CSV from the dashboard Export dropdown, named after the project', async () => {
  const page = await dashboard();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('combobox', { name: 'Export Golden Project' }).selectOption('standard')]);
  expect(download.suggestedFilename()).toBe('Golden Project_export.csv');
  const file = await download.path();
  expect(fs.readFileSync(file).equals(fs.readFileSync(path.join(GOLDEN, 'standard.csv')))).toBe(true);
  await h.screenshot(page, 'exports-dashboard');
});

it('shows the agency check with the refused rows before downloading the Adobe Stock CSV', async () => {
  const page = await dashboard();
  await page.getByRole('combobox', { name: 'Export Golden Project' }).selectOption('adobe');
  const dialog = page.getByRole('dialog');
  await dialog.getByText('1 of 4 rows would be refused by Adobe Stock.').waitFor();
  const refused = dialog.getByTestId('refused-row');
  expect(await refused.count()).toBe(1);
  expect(await refused.first().innerText()).toContain('DJI_0003.MOV');
  expect(await refused.first().innerText()).toContain('No processed result yet');
  await h.screenshot(page, 'exports-adobe-check');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download anyway' }).click()]);
  expect(download.suggestedFilename()).toBe('Golden Project_adobe_stock.csv');
  expect(fs.readFileSync(await download.path()).equals(fs.readFileSync(path.join(GOLDEN, 'adobe.csv')))).toBe(true);
  await dialog.waitFor({ state: 'detached' });

  // Issue 31 item 7: the accepted rows only, beside "Download anyway"; the refused row is left out.
  await page.getByRole('combobox', { name: 'Export Golden Project' }).selectOption('adobe');
  expect(await dialog.getByTestId('keyword-limit-note').innerText()).toContain('Adobe Stock takes up to 49 keywords a row');
  const [accepted] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export the accepted rows only (3)' }).click()]);
  const golden = fs.readFileSync(path.join(GOLDEN, 'adobe.csv'), 'utf8').trim().split(/\r?\n/);
  const written = fs
    .readFileSync(await accepted.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(written).toEqual(golden.filter((line) => !line.includes('DJI_0003')));
  expect(written).toHaveLength(4);
});

it('shows the Pond5 check before downloading the Pond5 CSV, from the dashboard and the project page', async () => {
  const page = await dashboard();
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByRole('combobox', { name: 'Export Golden Project' }).selectOption('pond5');
  const dialog = page.getByRole('dialog');
  await dialog.getByText(/rows? would be refused by Pond5\.|meet Pond5's rules\./).waitFor();
  await dialog.getByTestId('export-check').waitFor();
  expect(downloads).toBe(0); // nothing downloads before the check is answered
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: /^Download/ }).click()]);
  expect(download.suggestedFilename()).toBe('Golden Project_pond5_export.csv');
  expect(fs.readFileSync(await download.path()).equals(fs.readFileSync(path.join(GOLDEN, 'pond5.csv')))).toBe(true);
  await dialog.waitFor({ state: 'detached' });

  // The project page's Export Pond5 button shows the same check; Cancel downloads nothing.
  await page.getByTestId('project-card').filter({ hasText: 'Golden Project' }).getByRole('link', { name: 'View' }).click();
  await page.getByRole('button', { name: 'Export Pond5' }).click();
  await page.getByRole('dialog').getByText(/Pond5/).first().waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  expect(downloads).toBe(1);
});

it("alerts 'Failed to download CSV' when the export fails", async () => {
  const page = await dashboard();
  await page.getByRole('combobox', { name: 'Export Doomed' }).waitFor();
  // The project disappears after the page loaded (deleted in another tab).
  await h.server.services.orm.em.fork().nativeDelete(Project, { name: 'Doomed' });
  const dialog = page.waitForEvent('dialog');
  await page.getByRole('combobox', { name: 'Export Doomed' }).selectOption('standard');
  const alert = await dialog;
  expect(alert.message()).toBe('Failed to download CSV');
  await alert.dismiss();
});

it('looks finished in the minimalist theme too', async () => {
  const page = await dashboard();
  await page.locator('html').evaluate((html) => html.setAttribute('data-theme', 'minimalist'));
  await page.getByRole('combobox', { name: 'Export Golden Project' }).selectOption('shutterstock');
  await page.getByRole('dialog').getByText('3 of 4 rows would be refused by Shutterstock.').waitFor();
  await h.screenshot(page, 'exports-shutterstock-check-minimalist');
});

it("says which rows the project's keyword rules changed after a download, without changing the file's columns", async () => {
  const golden = await h.server.services.orm.em.fork().findOneOrFail(Project, { name: 'Golden Project' });
  const rules = (r: Record<string, unknown>) =>
    h.server.graphql(`mutation($p: ID!, $r: KeywordRulesInput!) { setKeywordRules(projectId: $p, rules: $r) { alwaysInclude } }`, { p: golden.id, r }, token);
  await rules({ alwaysInclude: ['golden hour'] });
  try {
    const rest = await h.server.request('GET', `/api/projects/csv/${golden.id}`, { token });
    const count = Number(rest.headers.get('x-shotlog-keyword-rule-rows'));
    const files = rest.headers.get('x-shotlog-keyword-rule-files')!.split(',').map(decodeURIComponent);
    expect(count).toBeGreaterThan(0);
    const page = await dashboard();
    await page.goto(`/project/${golden.id}`);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    // The header row is SPEC's, exactly as without rules.
    const header = fs.readFileSync(await download.path(), 'utf8').split('\n')[0];
    expect(header).toBe(fs.readFileSync(path.join(GOLDEN, 'standard.csv'), 'utf8').split('\n')[0]);
    const news = page.getByTestId('keyword-rule-news');
    await news.waitFor();
    expect(await news.innerText()).toBe(
      `Standard CSV: the project's keyword rules changed the keywords of ${count} ${count === 1 ? 'row' : 'rows'}: ${files.join(', ')}. The agency check lists what changed in each.`,
    );
    await h.screenshot(page, 'exports-keyword-rule-news');
  } finally {
    await rules({});
  }
});
