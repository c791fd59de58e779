import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signUp } from '../../api/test/support/test-server.js';
import { seedProject } from '../../api/src/features/exports/test-support/seed-results.js';
import { loopbackCertificate, startFtpsServer, type FtpsTestServer } from '../../api/src/features/delivery/test-support/ftps-test-server.js';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';

/** The Delivery panel: add a connection to a real FTPS server, test it, deliver, watch the live status. */
let h: BrowserHarness;
let ftps: FtpsTestServer;
let tmp: string;
let token: string;
/** The owner, whom the history names as who started each delivery. */
let username: string;
let projectId: string;
const FTP = { username: 'contrib', password: 'browser-pass' };

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'delivery-browser-'));
  const cert = await loopbackCertificate();
  await fs.writeFile(path.join(tmp, 'ca.pem'), cert.cert);
  ftps = await startFtpsServer({ ...FTP, tls: cert });
  h = await startBrowserHarness({ env: { DELIVERY_EXTRA_HOSTS: '127.0.0.1', DELIVERY_CA_FILE: path.join(tmp, 'ca.pem'), SECRETS_KEY: 'browser' } });
  const user = await signUp(h.server);
  token = user.token;
  username = user.username;
  const sets = [];
  for (const n of ['DJI_0101', 'DJI_0102']) {
    const video = path.join(tmp, `${n}.MP4`);
    const jpg = path.join(tmp, `${n}.JPG`);
    await fs.writeFile(video, randomBytes(400_000));
    await fs.writeFile(jpg, randomBytes(30_000));
    sets.push({
      baseName: n,
      files: [
        { filename: `${n}.MP4`, sourcePath: video },
        { filename: `${n}.JPG`, sourcePath: jpg },
      ],
      // Processed: an "Other server" holds back sets that failed or were never processed.
      result: { title: `Coast at dawn ${n}`, keywords: ['coast', 'aerial', 'dawn'] },
    });
  }
  projectId = (await seedProject(h.server.services, { ownerId: user.id, name: 'Coast shoot', sets })).projectId;
});
afterAll(async () => {
  await h?.close();
  await ftps?.close();
  await fs.rm(tmp, { recursive: true, force: true });
});

it('walks connection setup, test, deliver and live status, in both themes', async () => {
  const { context, page } = await h.newPage();
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  await page.goto(`/project/${projectId}`);
  const panel = page.getByRole('region', { name: 'Delivery' });
  await panel.getByText('No agency connection yet.').waitFor();

  await panel.getByRole('button', { name: 'Add connection' }).click();
  const form = panel.getByRole('form', { name: 'New agency connection' });
  await form.getByLabel('Agency').selectOption('custom');
  await form.getByLabel('Protocol').selectOption('ftps');
  await form.getByLabel('Host').fill('127.0.0.1');
  await form.getByLabel('Port').fill(String(ftps.port));
  await form.getByLabel('Username').fill(FTP.username);
  await form.getByLabel('Password').fill(FTP.password);
  await form.getByLabel('Name', { exact: true }).fill('Studio FTPS');
  await h.screenshot(page, 'delivery-setup');
  await form.getByRole('button', { name: 'Save connection' }).click();
  await panel.getByText('Studio FTPS').waitFor();

  await panel.getByRole('button', { name: 'Test' }).click();
  await panel
    .getByRole('status')
    .getByText(/Logged in to 127.0.0.1 and listed \//)
    .waitFor();

  await panel.getByRole('checkbox', { name: /Studio FTPS/ }).check();
  await panel.getByRole('button', { name: 'Deliver' }).click();
  await panel.getByText('Delivering…').or(panel.getByText('Last delivery')).first().waitFor();
  await panel.getByText('Last delivery').waitFor({ timeout: 60_000 });
  const rows = panel.locator('tr[data-status]');
  expect(await rows.count()).toBe(4);
  expect(await panel.locator('tr[data-status="sent"]').count()).toBe(4);
  await panel.getByText('4 sent · 0 skipped').first().waitFor();
  for (const n of ['DJI_0101.MP4', 'DJI_0102.JPG']) expect((await fs.stat(path.join(ftps.root, n))).isFile()).toBe(true);
  await h.screenshot(page, 'delivery-done');

  await page.locator('html').evaluate((html) => html.setAttribute('data-theme', 'minimalist'));
  await h.screenshot(page, 'delivery-done-minimalist');
  await page.setViewportSize({ width: 375, height: 800 });
  await h.screenshot(page, 'delivery-done-375');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

it('offers Deliver after a failed test only once confirmed; a refused login pauses the connection, and Resume after the password is entered again sends the files', async () => {
  const { context, page } = await h.newPage();
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  await page.goto(`/project/${projectId}`);
  const panel = page.getByRole('region', { name: 'Delivery' });
  await panel.getByRole('button', { name: 'Add connection' }).click();
  const form = panel.getByRole('form', { name: 'New agency connection' });
  await form.getByLabel('Agency').selectOption('custom');
  await form.getByLabel('Protocol').selectOption('ftps');
  await form.getByLabel('Host').fill('127.0.0.1');
  await form.getByLabel('Port').fill(String(ftps.port));
  await form.getByLabel('Username').fill(FTP.username);
  await form.getByLabel('Password').fill('wrong-pass');
  await form.getByLabel('Name', { exact: true }).fill('Wrong FTPS');
  await form.getByRole('button', { name: 'Save connection' }).click();
  const item = panel.getByRole('listitem').filter({ hasText: 'Wrong FTPS' });
  await item.waitFor();

  await item.getByRole('button', { name: 'Test' }).click();
  await item
    .getByRole('status')
    .getByText(/Login refused/)
    .waitFor();
  await item.getByRole('checkbox', { name: /Wrong FTPS/ }).check();
  const deliver = panel.getByRole('button', { name: 'Deliver', exact: true });
  expect(await deliver.isDisabled()).toBe(true);
  await panel.getByRole('checkbox', { name: /Deliver although the last test of Wrong FTPS failed/ }).check();
  expect(await deliver.isEnabled()).toBe(true);
  const loginsBefore = ftps.logins.length;
  await deliver.click();
  await item.getByText(/Paused: Login refused by 127.0.0.1: nothing was sent; fix the connection and resume/).waitFor({ timeout: 60_000 });
  expect(await panel.locator('tr[data-status="paused"]').count()).toBe(4);
  expect(ftps.logins.length - loginsBefore).toBe(1);
  expect(await deliver.isDisabled()).toBe(true);
  await h.screenshot(page, 'delivery-paused');

  await item.getByLabel('Password', { exact: true }).fill(FTP.password);
  await item.getByRole('button', { name: 'Save password' }).click();
  await item.getByRole('button', { name: 'Resume' }).click();
  // Test 1 put these files there through another connection: for this one they are files it did not send (conflicts).
  await page.waitForFunction(() => document.querySelectorAll('tr[data-status="conflict"]').length === 4, null, { timeout: 60_000 });
  expect(await panel.locator('tr[data-status="paused"]').count()).toBe(0);
  await item.getByText(/Paused:/).waitFor({ state: 'detached' });
  await panel
    .getByText(/4 in conflict/)
    .first()
    .waitFor();

  // Edit: rename it and allow overwriting; then "Send all again" replaces the files.
  await item.getByRole('button', { name: 'Edit Wrong FTPS' }).click();
  const edit = panel.getByRole('form', { name: 'Edit Wrong FTPS' });
  await edit.getByLabel('Name', { exact: true }).fill('Fixed FTPS');
  await edit.getByLabel('Replace files Shotlog did not send').check();
  await h.screenshot(page, 'delivery-edit');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  const fixedItem = panel.getByRole('list', { name: 'Connections' }).getByRole('listitem').filter({ hasText: 'Fixed FTPS' });
  await fixedItem.getByText(/replaces files it did not send/).waitFor();
  await panel.getByRole('button', { name: 'Send all again' }).click();
  await page.waitForFunction(() => document.querySelectorAll('tr[data-status="sent"]').length === 4, null, { timeout: 60_000 });
  await panel.getByText(/History \(\d+ deliveries\)/).click();
  await h.screenshot(page, 'delivery-history');
  // Who started each delivery (issue 33 item 5): here always the owner.
  expect(await panel.locator('.delivery-history-list li').first().innerText()).toContain(`by ${username} · to Fixed FTPS`);

  // Deleting a ticked connection drops it from the selection at once: Deliver is not offered for it.
  await fixedItem.getByRole('checkbox').check();
  await fixedItem.getByRole('button', { name: 'Delete Fixed FTPS' }).click();
  await fixedItem.waitFor({ state: 'detached' });
  expect(await deliver.isDisabled()).toBe(true);
  // Three deliveries over a real FTPS server, each awaited by what the page shows: on a loaded CI
  // machine the whole walk has taken over 60 s (jest's default here), so it gets its own bound.
}, 180_000);
