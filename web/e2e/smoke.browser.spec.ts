import { startBrowserHarness, type BrowserHarness } from './support/browser.js';

let h: BrowserHarness;
beforeAll(async () => {
  h = await startBrowserHarness();
});
afterAll(() => h.close());

it('serves the home page with sign-up and login buttons', async () => {
  const { page } = await h.newPage();
  await page.goto('/');
  await page
    .getByRole('link', { name: /sign up/i })
    .first()
    .waitFor();
  await h.screenshot(page, 'home');
});
