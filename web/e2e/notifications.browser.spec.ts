import { signUp } from '../../api/test/support/test-server.js';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';
import { shootThemes } from './support/session.js';

let h: BrowserHarness;
beforeAll(async () => {
  h = await startBrowserHarness();
});
afterAll(() => h.close());

const settings = (token: string) =>
  fetch(`${h.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ notificationSettings { kinds { kind enabled } lowCreditsBelow } }' }),
  }).then(
    async (r) =>
      ((await r.json()) as { data: { notificationSettings: { kinds: Array<{ kind: string; enabled: boolean }>; lowCreditsBelow: string } } }).data
        .notificationSettings,
  );

it('lists recent notifications, turns a kind off and sets the low-credit threshold on the Account page', async () => {
  const user = await signUp(h.server);
  const { context, page } = await h.newPage({ width: 1280, height: 900 });
  await context.addInitScript((t) => localStorage.setItem('token', t), user.token);
  // A run that finished: its e-mail is in the outbox, and the page lists it.
  const projectId = crypto.randomUUID();
  await h.server.services.events.emit('processing.runFinished', {
    runId: crypto.randomUUID(),
    projectId,
    userId: user.id,
    totalJobs: 4,
    succeeded: 3,
    failed: 1,
    spentCents: 300,
  });
  await page.goto('/account');
  await page.getByRole('heading', { name: 'E-mail Notifications' }).waitFor();
  await page.getByText('Processing of "your project": 1 of 4 sets failed').waitFor();
  const low = page.getByLabel('Credits running low');
  expect(await low.isChecked()).toBe(true);
  await low.click();
  await page.locator('label:has-text("Credits running low") input:not(:checked)').waitFor(); // the server's answer is shown
  expect((await settings(user.token)).kinds.find((k) => k.kind === 'credits-low')!.enabled).toBe(false);

  await page.getByLabel('Low-credit threshold').fill('25');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Low-credit threshold saved').waitFor();
  expect((await settings(user.token)).lowCreditsBelow).toBe('25.00');
  await page.getByRole('heading', { name: 'E-mail Notifications' }).scrollIntoViewIfNeeded();
  await shootThemes(h, page, 'account-notifications');
});
