/// <reference lib="dom" />
/**
 * Issue 16 item 9 and the session points of item 11 in a real browser: Change Password ends the
 * user's other sessions (which land on /login saying why), an administrator's one-time reset link
 * works once, /login explains "Forgot password?", an expired session says so, a deep link returns
 * after login, and every route names itself in the tab title.
 */
import jwt from 'jsonwebtoken';
import type { Page } from 'playwright-core';
import { signUp } from '../../api/test/support/test-server.js';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';
import { loginThroughUi, shootThemes, shootViewportThemes, storedToken } from './support/session.js';

const ADMIN = { username: 'pw-browser-admin', password: 'pw-browser-admin-1' };
let h: BrowserHarness;
beforeAll(async () => {
  h = await startBrowserHarness({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
});
afterAll(() => h.close());

const banner = (page: Page) => page.getByRole('alert');
const title = (page: Page) => page.evaluate(() => document.title);

it('Change Password keeps this session, ends the other one, which returns to its page after logging in again', async () => {
  const user = await signUp(h.server);
  const { page: here } = await h.newPage();
  const { page: elsewhere } = await h.newPage();
  await loginThroughUi(here, user.username, user.password);
  await loginThroughUi(elsewhere, user.username, user.password);
  await elsewhere.goto('/transactions');
  await elsewhere.getByRole('heading', { name: /Transaction History/ }).waitFor();

  await here.goto('/account');
  await here.getByRole('button', { name: 'Change Password' }).click();
  const form = here.getByRole('form', { name: 'Change password' });
  // A wrong current password: the server's message, and still signed in.
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('brand-new-1');
  await form.getByLabel('Confirm new password').fill('brand-new-1');
  await form.getByRole('button', { name: 'Save new password' }).click();
  await form.getByText('Current password is incorrect').waitFor();
  // Mismatch is caught before the server.
  await form.getByLabel('Current password').fill(user.password);
  await form.getByLabel('Confirm new password').fill('brand-new-2');
  await form.getByRole('button', { name: 'Save new password' }).click();
  await form.getByText('Passwords do not match').waitFor();
  await form.getByLabel('Confirm new password').fill('brand-new-1');
  await shootThemes(h, here, 'account-change-password');
  const before = await storedToken(here);
  await form.getByRole('button', { name: 'Save new password' }).click();
  await here
    .getByText('Password changed. Your other sessions have been signed out.')
    .waitFor({ timeout: 8000 })
    .catch(async (e) => {
      await h.screenshot(here, 'debug-change');
      console.log(await here.evaluate(() => document.body.innerText));
      throw e;
    });
  expect(await storedToken(here)).not.toBe(before);
  // This session goes on: a reload still shows the account.
  await here.reload();
  await here.getByRole('heading', { name: 'Account Settings' }).waitFor();

  // The other browser's token is refused: it lands on /login, told why, and returns after login.
  await elsewhere.reload();
  await elsewhere.waitForURL('**/login');
  await banner(elsewhere).getByText('Your session has ended because the password was changed. Please log in again.').waitFor();
  await shootThemes(h, elsewhere, 'login-session-ended');
  await elsewhere.getByLabel('Username').fill(user.username);
  await elsewhere.getByLabel('Password').fill(user.password);
  await elsewhere.getByRole('button', { name: 'Login' }).click();
  await elsewhere.getByText('Invalid username or password. Please try again.').waitFor();
  await elsewhere.getByLabel('Password').fill('brand-new-1');
  await elsewhere.getByRole('button', { name: 'Login' }).click();
  await elsewhere.waitForURL('**/transactions');
  await elsewhere.waitForFunction(() => document.title === 'Transaction History · Shotlog');
});

it('an administrator issues a reset link on the users screen; it works once', async () => {
  const user = await signUp(h.server);
  const { page: admin } = await h.newPage();
  await loginThroughUi(admin, ADMIN.username, ADMIN.password);
  await admin.goto('/admin/users');
  const dialogAnswered = new Promise<string>((resolve) => admin.once('dialog', (d) => void d.accept().then(() => resolve(d.message()))));
  await admin.getByRole('button', { name: `Reset link for ${user.username}` }).click();
  expect(await dialogAnswered).toMatch(new RegExp(`password-reset link for ${user.username}`));
  const modal = admin.getByRole('dialog', { name: `Password-reset link for ${user.username}` });
  const link = await modal.getByLabel('Reset link').inputValue();
  expect(link).toMatch(new RegExp(`^${h.server.url}/reset-password#token=[A-Za-z0-9_-]{43}$`));
  await modal.getByText(/no e-mail is sent/).waitFor();
  await shootThemes(h, admin, 'admin-users-reset-link');

  const { page } = await h.newPage();
  await page.goto(link);
  await page.waitForFunction(() => document.title === 'Reset Password · Shotlog');
  await page.getByLabel('New password', { exact: true }).fill('from-the-link');
  await page.getByLabel('Confirm new password').fill('from-the-link');
  await shootThemes(h, page, 'reset-password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.waitForURL('**/dashboard');
  expect(await storedToken(page)).toBeTruthy();

  // The same link again, in another browser: refused with the reason.
  const { page: again } = await h.newPage({ width: 375, height: 780 });
  await again.goto(link);
  await again.getByLabel('New password', { exact: true }).fill('second-try');
  await again.getByLabel('Confirm new password').fill('second-try');
  await again.getByRole('button', { name: 'Set new password' }).click();
  await again
    .getByText('This password-reset link has already been used. Ask for a new one with "Forgot password?" on the sign-in page, or ask an administrator.')
    .waitFor();
  await shootViewportThemes(again, 'narrow-reset-password-used');
  await loginThroughUi(again, user.username, 'from-the-link');
});

it('/login explains Forgot password?, and an expired session says so', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage({ width: 375, height: 780 });
  await page.goto('/login');
  await page.getByText('Forgot password?').click();
  await page.getByLabel('User name or e-mail').waitFor();
  await shootViewportThemes(page, 'narrow-login-forgot-password');

  // A token past its expiry in storage: the next page asked for sends to /login with the reason.
  const expired = jwt.sign({ ver: 0 }, h.server.services.config.jwtSecret!, { subject: user.id, expiresIn: -10 });
  await page.evaluate((t) => localStorage.setItem('token', t), expired);
  await page.goto('/account');
  await page.waitForURL('**/login');
  await banner(page).getByText('Session expired. Please log in again.').waitFor();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/account');
  // Shown once: a later visit to /login does not repeat it.
  await page.goto('/about');
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto('/login');
  await page.getByRole('heading', { name: 'Login' }).waitFor();
  expect(await banner(page).count()).toBe(0);
});

it('a deep link asked for while signed out opens after login; each page names itself in the tab title', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage();
  await page.goto('/purchase-requests?x=1');
  await page.waitForURL('**/login');
  await page.waitForFunction(() => document.title === 'Login · Shotlog');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((u) => u.pathname === '/purchase-requests' && u.search === '?x=1');

  const titles: Record<string, string> = {
    '/transactions': 'Transaction History',
    '/about': 'About',
    '/contact': 'Contact',
    '/dashboard': 'Your Projects',
    '/account': 'Account Settings',
    '/purchase-credits': 'Buy Credits',
    '/createproject': 'New Project',
    '/no-such-page': 'Page Not Found',
  };
  for (const [path, name] of Object.entries(titles)) {
    await page.goto(path);
    await page
      .waitForFunction((t) => document.title === t, `${name} · Shotlog`, { timeout: 5000 })
      .catch(async (e) => {
        throw new Error(`${path}: the tab title is "${await title(page)}" (${String(e)})`);
      });
  }
  // The favicon is ours, served with the app.
  expect(await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href)).toBe(`${h.server.url}/favicon.svg`);
  const icon = await fetch(`${h.server.url}/favicon.svg`);
  expect(icon.status).toBe(200);
  expect(await icon.text()).toContain('<svg');
});

it('Forgot password? e-mails a one-time link (kept in the admin outbox without SMTP) that sets a new password', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage({ width: 375, height: 780 });
  await page.goto('/login');
  await page.getByText('Forgot password?').click();
  await page.getByLabel('User name or e-mail').fill(user.username);
  await page.getByRole('button', { name: 'E-mail me a reset link' }).click();
  await page.getByText(/If an account matches, we have sent a link/).waitFor();
  await shootViewportThemes(page, 'narrow-login-forgot-password-sent');
  // No SMTP_URL on the test server: the message is kept in the admin outbox; its link opens the reset page.
  const mail = h.server.services.mail;
  let link: string | undefined;
  for (const end = Date.now() + 20_000; !link && Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const { items } = await mail.outbox({ status: 'stored' });
    link = /\/reset-password#token=[A-Za-z0-9_-]{43}/.exec(items.find((m) => m.userId === user.id)?.text ?? '')?.[0];
  }
  expect(link).toBeDefined();
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('from-the-mail');
  await page.getByLabel('Confirm new password').fill('from-the-mail');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/reset-password'));
  await page.evaluate(() => localStorage.removeItem('token'));
  await loginThroughUi(page, user.username, 'from-the-mail');
});
