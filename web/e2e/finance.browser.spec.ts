import fs from 'node:fs/promises';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';
import { signUp } from '../../api/test/support/test-server.js';

/** The Finance page: reached from Admin Controls, trial balance with its zero check, statement, journal download; both themes, 375 px. */
let h: BrowserHarness;
let adminToken: string;

beforeAll(async () => {
  h = await startBrowserHarness({ env: { ADMIN_USERNAME: 'financeadmin', ADMIN_PASSWORD: 'finance-admin-1' } });
  adminToken = (await h.server.request('POST', '/auth/login', { body: { username: 'financeadmin', password: 'finance-admin-1' } })).body.token;
  const user = await signUp(h.server);
  const packages = (await h.server.request('GET', '/api/purchase/packages')).body.packages;
  const req = await h.server.request('POST', '/api/purchase/request', { token: user.token, body: { packageId: packages[0].id } });
  await h.server.request('POST', `/api/admin/purchase-requests/${req.body.request.id}/approve`, { token: adminToken, body: {} });
  await h.server.request('POST', `/api/admin/users/${user.id}/credits`, { token: adminToken, body: { amount: -12.5, reason: 'correction' } });
}, 90_000);
afterAll(() => h.close());

it('shows an administrator the trial balance, the statement and the journal, in both themes and at 375 px', async () => {
  for (const theme of ['web3', 'minimalist']) {
    await h.server.request('PUT', '/api/user/theme', { token: adminToken, body: { theme } });
    for (const width of [1280, 375]) {
      const { page } = await h.newPage({ width });
      await page.addInitScript((token) => localStorage.setItem('token', token), adminToken);
      await page.goto('/account');
      await page.getByRole('link', { name: 'Finance', exact: true }).click();
      await page.waitForURL('**/admin/finance');
      await page.getByTestId('zero-check').getByText('Books balance').waitFor();
      expect(await page.getByTestId('tb-total').textContent()).toBe('0.00');
      await page.getByTestId('statement-check').getByText('Opening + movements = closing').waitFor();
      expect(await page.getByTestId('opening').textContent()).toBe('0.00');
      expect(Number((await page.getByTestId('closing').textContent())!.replace(/,/g, ''))).toBeGreaterThan(0);
      expect(await page.locator('.owed-chart svg path').count()).toBe(2);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await h.screenshot(page, `admin-finance-${theme}-${width}`);
      if (width === 1280 && theme === 'web3') {
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download journal (CSV)' }).click()]);
        const text = await fs.readFile((await download.path())!, 'utf8');
        const lines = text.trim().split('\r\n');
        expect(lines[0]).toBe('date,eventId,eventType,account,debit,credit,userId,actorId,reason,userName,userEmail');
        expect(lines.length).toBeGreaterThanOrEqual(1 + 2 * 3);
        // An earlier day: the as-of picker reloads the trial balance (nothing had happened by then).
        await page.getByLabel('As of').fill('2001-01-01');
        await page.getByText('No postings by then.').waitFor();
      }
      await page.close();
    }
  }
}, 180_000);

it('is not there for other users', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage();
  await page.addInitScript((token) => localStorage.setItem('token', token), user.token);
  await page.goto('/admin/finance');
  await page.getByRole('heading', { name: /not found/i }).waitFor();
  expect(await page.getByText('Trial balance').count()).toBe(0);
});
