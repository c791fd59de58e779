import { signUp } from '../../api/test/support/test-server.js';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';
import { shootThemes } from './support/session.js';

let h: BrowserHarness;
beforeAll(async () => {
  h = await startBrowserHarness();
});
afterAll(() => h.close());

it('shows one processing run charged set by set as one line, expandable to its sets, amounts with two decimals', async () => {
  const user = await signUp(h.server);
  const { ledger } = h.server.services;
  // A run charged per set (keys "<run>/<set>") and one failed set refunded, as processing posts them.
  for (const set of ['s1', 's2', 's3'])
    await ledger.chargeProcessing({ userId: user.id, runId: `run-a/${set}`, amount: 150, description: `1 file set of "Coast" (${set})` });
  await ledger.refundProcessing({ userId: user.id, runId: 'run-a/s3', amount: 150, description: '1 failed file set' });
  const { context, page } = await h.newPage({ width: 1280, height: 900 });
  await context.addInitScript((t) => localStorage.setItem('token', t), user.token);
  await page.goto('/transactions');
  const summary = page.locator('summary', { hasText: 'Processing run: 4 entries (3 charges, 1 refund)' });
  const row = page.locator('table tbody tr', { has: summary });
  const run = row.locator('summary');
  await run.waitFor();
  expect(await row.locator('td.num').first().textContent()).toBe('-3.00');
  expect(await page.locator('table tbody tr').count()).toBe(2); // the run and the sign-up bonus
  await run.click();
  await row.getByText('Processing: 1 file set of "Coast" (s2)').waitFor();
  await row.getByText('Refund: 1 failed file set').waitFor();
  await shootThemes(h, page, 'transactions-run-grouped');
});
