import { signUp } from '../../api/test/support/test-server.js';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';

let h: BrowserHarness;
beforeAll(async () => {
  h = await startBrowserHarness({ env: { GRAPHQL_INTROSPECTION: 'true' } });
});
afterAll(() => h.close());

async function signedInPage(token: string) {
  const { context, page } = await h.newPage({ width: 1280, height: 900 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.server.url });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  return { context, page };
}

const me = (token: string) =>
  fetch(`${h.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: '{ me { username } }' }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data?: { me: { username: string } } | null; errors?: Array<{ message: string }> } }));

it('creates a token on the Account page, shows it once, copies it, and refuses it once revoked', async () => {
  const user = await signUp(h.server);
  const { page } = await signedInPage(user.token);
  await page.goto('/account');
  await page.getByRole('heading', { name: 'API Tokens' }).waitFor();
  await page.getByText('No API tokens yet.').waitFor();
  await page.getByRole('link', { name: 'Open GraphQL Explorer' }).waitFor();

  await page.getByLabel('Token name').fill('nightly ingest');
  await page.getByLabel('Scope write').check();
  await page.getByRole('button', { name: 'Create Token' }).click();
  const secretBox = page.getByTestId('new-token-secret');
  await secretBox.waitFor();
  const secret = (await secretBox.textContent())!.trim();
  expect(secret).toMatch(/^shl_[A-Za-z0-9_-]{43}$/);
  await page.getByText('it will not be shown again').waitFor();
  await page.getByRole('button', { name: 'Copy' }).click();
  await page.getByRole('button', { name: 'Copied' }).waitFor();
  expect(
    await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText()),
  ).toBe(secret);
  const row = page.getByTestId('api-token-row').filter({ hasText: 'nightly ingest' });
  await row.waitFor();
  expect(await row.textContent()).toContain('read, write');
  expect(await row.textContent()).toContain(secret.slice(0, 12));
  await h.screenshot(page, 'api-tokens-created');

  // The token works like a login token, within its scopes.
  const ok = await me(secret);
  expect(ok.body.data?.me.username).toBe(user.username);

  // Shown once: after Done and a reload the secret is nowhere on the page; last use is listed.
  await page.getByRole('button', { name: 'Done' }).click();
  await page.reload();
  await row.waitFor();
  expect(await page.content()).not.toContain(secret);
  expect(await row.locator('td').nth(5).textContent()).not.toBe('Never'); // Last used, after the fetch above
  await h.screenshot(page, 'api-tokens-listed');

  page.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: 'Revoke' }).click();
  await row.getByText('Revoked').waitFor();
  await page.getByText('API token “nightly ingest” revoked').waitFor();
  await h.screenshot(page, 'api-tokens-revoked');
  const refused = await me(secret);
  expect(refused.body.errors?.[0]?.message).toBe('API token has been revoked');
});

it('looks finished in the minimalist theme too', async () => {
  const user = await signUp(h.server);
  await h.server.request('PUT', '/api/user/theme', { token: user.token, body: { theme: 'minimalist' } });
  await h.server.request('POST', '/api/user/tokens', { token: user.token, body: { name: 'ci export', scopes: ['read'] } });
  const { page } = await signedInPage(user.token);
  await page.goto('/account');
  await page.getByTestId('api-token-row').first().waitFor();
  await page.getByLabel('Token name').fill('second');
  await page.getByRole('button', { name: 'Create Token' }).click();
  await page.getByTestId('new-token-secret').waitFor();
  await h.screenshot(page, 'api-tokens-minimalist');
});

it('opens /explorer signed in and runs { me { username } } with the stored token', async () => {
  const user = await signUp(h.server);
  const { page } = await signedInPage(user.token);
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(r.url()));
  page.on('console', (m) => m.type() === 'error' && failed.push(m.text()));
  page.on(
    'response',
    async (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()} ${r.request().postData()?.slice(0, 300)} => ${(await r.text()).slice(0, 300)}`),
  );
  await page.goto('/explorer');
  const editor = page.locator('.graphiql-query-editor .CodeMirror').first();
  await editor.waitFor();
  // Replace the welcome query with ours through CodeMirror's own API.
  await page.evaluate(() => {
    const cm = (globalThis as unknown as { document: { querySelector(s: string): { CodeMirror: { setValue(v: string): void } } } }).document.querySelector(
      '.graphiql-query-editor .CodeMirror',
    ).CodeMirror;
    cm.setValue('{ me { username } }');
  });
  await page.getByRole('button', { name: /execute query/i }).click();
  const response = page.locator('.result-window');
  await response.getByText(user.username).waitFor({ timeout: 15_000 });
  expect(await response.textContent()).toContain(`"username": "${user.username}"`);
  await h.screenshot(page, 'explorer-me');
  // Introspection works in the explorer: the docs list the root types.
  await page.getByRole('button', { name: /documentation explorer/i }).click();
  await page.locator('.graphiql-doc-explorer').getByText('Query', { exact: true }).first().waitFor();
  await h.screenshot(page, 'explorer-docs');
  expect(failed).toEqual([]);
});
