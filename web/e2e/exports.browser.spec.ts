import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { signUp } from '../../api/src/test-support/test-server.js';
import { seedGoldenProject } from '../../api/src/exports/test-support/golden-project.js';
import { seedProject } from '../../api/src/exports/test-support/seed-results.js';
import { Project } from '../../api/src/projects/project.entity.js';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';

const GOLDEN = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../api/src/exports/golden');

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
