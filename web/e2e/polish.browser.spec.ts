/// <reference lib="dom" />
/**
 * Issue 16 item 11's smaller points in a real browser: /account fits 375 px, long card
 * descriptions clamp, Export on a never-processed project warns first, the contact form says what
 * happened, the ledger says "1 event", and the credit packages get cheaper per credit with volume.
 */
import type { Page } from 'playwright-core';
import { signUp } from '../../api/test/support/test-server.js';
import { seedProject } from '../../api/src/features/exports/test-support/seed-results.js';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';
import { loginThroughUi, shootThemes, shootViewportThemes } from './support/session.js';

const ADMIN = { username: 'polish-admin', password: 'polish-admin-1' };
let h: BrowserHarness;
beforeAll(async () => {
  h = await startBrowserHarness({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
});
afterAll(() => h.close());

const overflowX = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

it('/account fits a 375 px screen, API token expiry field included', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage({ width: 375, height: 780 });
  await loginThroughUi(page, user.username, user.password);
  await page.goto('/account');
  await page.getByLabel('Expiry date').waitFor();
  expect(await overflowX(page)).toBeLessThanOrEqual(0);
  const field = await page.getByLabel('Expiry date').boundingBox();
  expect(field!.x + field!.width).toBeLessThanOrEqual(375);
  await page.getByLabel('Expiry date').scrollIntoViewIfNeeded();
  await shootViewportThemes(page, 'narrow-account-token-expiry');
  await shootThemes(h, page, 'narrow-account');
});

it('clamps a long description on its dashboard card, and warns before exporting a project never processed', async () => {
  const user = await signUp(h.server);
  const long = 'Cliffs, coves and the old harbour at dawn, filmed over three mornings with the tide coming in. '.repeat(12);
  await seedProject(h.server.services, { ownerId: user.id, name: 'Never processed', status: 'uploaded', sets: [], description: long });
  await seedProject(h.server.services, { ownerId: user.id, name: 'Done', sets: [], description: 'Short.' });
  const { page } = await h.newPage();
  await loginThroughUi(page, user.username, user.password);
  const card = page.getByTestId('project-card').filter({ hasText: 'Never processed' });
  const description = card.locator('.description');
  await description.waitFor();
  const { scroll, client, lineHeight } = await description.evaluate((el) => ({
    scroll: el.scrollHeight,
    client: el.clientHeight,
    lineHeight: parseFloat(getComputedStyle(el).lineHeight),
  }));
  expect(scroll).toBeGreaterThan(client);
  expect(client).toBeLessThanOrEqual(Math.ceil(lineHeight * 4) + 2);
  await shootThemes(h, page, 'dashboard-clamped-description');

  // Never processed: a confirm first; declining downloads nothing.
  const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.message()))));
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByRole('combobox', { name: 'Export Never processed' }).selectOption('standard');
  expect(await asked).toMatch(/has not been processed yet.*Export anyway\?/);
  await page.waitForTimeout(500);
  expect(downloads).toBe(0);
  // Accepting downloads it.
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('combobox', { name: 'Export Never processed' }).selectOption('pond5');
  // Pond5 shows its check first, as the other agencies do (issue 21).
  const check = page.getByRole('dialog');
  await check.getByText(/All 0 rows meet Pond5's rules/).waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), check.getByRole('button', { name: 'Download', exact: true }).click()]);
  expect(download.suggestedFilename()).toBe('Never processed_pond5_export.csv');
  // A processed project downloads without asking.
  let askedAgain = false;
  page.on('dialog', (d) => {
    askedAgain = true;
    void d.dismiss();
  });
  const [done] = await Promise.all([page.waitForEvent('download'), page.getByRole('combobox', { name: 'Export Done' }).selectOption('standard')]);
  expect(done.suggestedFilename()).toBe('Done_export.csv');
  expect(askedAgain).toBe(false);
});

it('the contact form sends the message to the administrators’ inbox, after its required checks', async () => {
  const { page } = await h.newPage({ width: 375, height: 780 });
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send' }).click();
  expect(await page.getByRole('status').count()).toBe(0); // the browser's required checks stop it first
  await page.getByLabel('Name').fill('Ada');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('Hello');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('status').getByText('Thank you, your message has been sent. We reply by e-mail.').waitFor();
  const { items } = await h.server.services.contact.inbox({ unreadOnly: true });
  expect(items.find((m) => m.email === 'ada@example.com')).toMatchObject({ name: 'Ada', message: 'Hello' });
  await shootViewportThemes(page, 'narrow-contact-submitted');

  // The administrator reads it in the inbox and replies; the reply goes out as e-mail (kept in the outbox here).
  const admin = (await h.newPage()).page;
  await loginThroughUi(admin, ADMIN.username, ADMIN.password);
  await admin.goto('/admin/inbox');
  const message = admin.getByTestId('contact-message').filter({ hasText: 'ada@example.com' });
  await message.getByLabel('Reply by e-mail').fill('Hello Ada, thanks for writing.');
  await shootThemes(h, admin, 'admin-contact-inbox');
  await message.getByRole('button', { name: 'Send reply' }).click();
  await admin.getByText('Reply sent to ada@example.com.').waitFor();
  await message.getByRole('button', { name: 'Mark unread' }).waitFor();
});

it('an amount with 3 decimals is refused saying why; the ledger explorer then says "1 event"', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage();
  await loginThroughUi(page, ADMIN.username, ADMIN.password);
  await page.goto('/account');
  const controls = page.locator('section', { has: page.getByRole('heading', { name: 'Admin Controls' }) }).last();
  const picker = controls.getByRole('combobox', { name: 'User', exact: true });
  await picker.pressSequentially(user.username);
  await controls.getByRole('listbox', { name: 'User matches' }).getByRole('option').filter({ hasText: user.username }).click();
  await controls.getByLabel('Amount').fill('25.555');
  await controls.getByRole('button', { name: 'Adjust Credits' }).click();
  await page.getByRole('alert').getByText('Please enter a valid credit amount: at most 2 decimals (25.555 has 3)').waitFor();
  await controls.getByLabel('Amount').fill('25.56');
  await controls.getByRole('button', { name: 'Adjust Credits' }).click();
  await page.getByRole('status').getByText('Successfully added 25.56 credits. New balance: 125.56').waitFor();

  // The only adjustment on this server (no other test here makes one): "1 event", not "1 events".
  await page.goto('/admin/ledger');
  await page.getByLabel('Event type').selectOption('AdminAdjusted');
  await page.getByText('1 event', { exact: true }).waitFor();
  await shootThemes(h, page, 'ledger-one-event');
});

it('sells credits cheaper per credit the more one buys', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage();
  await loginThroughUi(page, user.username, user.password);
  await page.goto('/purchase-credits');
  const packages = page.locator('.package-grid > *');
  await packages.nth(2).waitFor();
  const perCredit = (await packages.allInnerTexts()).map((t) => Number(/\$(\d+\.\d{4}) per credit/.exec(t)![1]));
  expect(perCredit).toEqual([0.09, 0.075, 0.07]);
  await shootThemes(h, page, 'purchase-packages-by-volume');
});
