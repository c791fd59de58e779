/// <reference lib="dom" />
/**
 * Issue 3 in a real browser: the credit badge (states, colours, refresh timing, a rejected token),
 * Transactions (table, cards, paging), the purchase flow from request to an administrator's
 * approval or rejection, Admin Controls (credit adjustment, markup), the user list and the
 * ledger explorer. An administrator is ensured at start-up from ADMIN_* like `npm start` does.
 */
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { signUp } from '../../api/test/support/test-server.js';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';
import { loginThroughUi, shootThemes, shootViewportThemes, storedToken } from './support/session.js';

const ADMIN = { username: 'finance', password: 'admin-secret-1', email: 'finance@example.com' };

let h: BrowserHarness;
let adminToken: string;
beforeAll(async () => {
  h = await startBrowserHarness({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ADMIN_EMAIL: ADMIN.email } });
  const r = await h.server.graphql('mutation($input: LoginInput!) { login(input: $input) { token } }', {
    input: { username: ADMIN.username, password: ADMIN.password },
  });
  adminToken = r.data.login.token;
});
afterAll(() => h.close());

async function adjust(userId: string, amount: string, reason?: string): Promise<void> {
  const r = await h.server.graphql(
    'mutation($userId: ID!, $amount: Money!, $reason: String) { adjustUserCredits(userId: $userId, amount: $amount, reason: $reason) { newBalance } }',
    { userId, amount, reason },
    adminToken,
  );
  if (r.errors) throw new Error(JSON.stringify(r.errors));
}

const badge = (page: Page) => page.getByTestId('credit-badge');
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The colour a user sees on an element, and the theme colour it should be, both as computed rgb(). */
const colourOf = (l: Locator, prop: 'color' | 'borderTopColor' = 'color') => l.evaluate((el, p) => getComputedStyle(el)[p], prop);
const themeColour = (page: Page, name: 'good' | 'warn' | 'bad') =>
  page.evaluate((n) => {
    const probe = document.createElement('span');
    probe.style.color = `var(--${n})`;
    document.body.append(probe);
    const c = getComputedStyle(probe).color;
    probe.remove();
    return c;
  }, name);

const focusWindow = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

it('shows the balance in the badge with its colour by threshold, refetches every 60 s and on focus after 30 s, and a rejected token goes to /login', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage();
  await page.clock.install();
  await loginThroughUi(page, user.username, user.password);
  await expect(badge(page).innerText()).resolves.toMatch(/^100\s+credits$/);
  const amount = badge(page).locator('.balance');
  expect(await colourOf(amount)).toBe(await themeColour(page, 'good'));
  await shootThemes(h, page, 'badge-green');

  // 40 credits: gold. Picked up on focus once the last fetch is older than 30 s.
  await adjust(user.id, '-60');
  await page.clock.fastForward('00:31');
  await focusWindow(page);
  await badge(page).getByText('40', { exact: true }).waitFor();
  expect(await colourOf(amount)).toBe(await themeColour(page, 'warn'));
  await h.screenshot(page, 'badge-gold-web3');

  // 5 credits: red badge. A focus 10 s after the last fetch does not refetch; the 60 s poll does.
  await adjust(user.id, '-35');
  await page.clock.fastForward('00:10');
  await focusWindow(page);
  await page.waitForTimeout(700);
  await expect(badge(page).innerText()).resolves.toMatch(/^40\s+credits$/);
  await page.clock.fastForward('00:51');
  await badge(page).getByText('5', { exact: true }).waitFor();
  expect(await colourOf(amount)).toBe(await themeColour(page, 'bad'));
  expect(await colourOf(badge(page), 'borderTopColor')).toBe(await themeColour(page, 'bad'));
  await shootThemes(h, page, 'badge-red');

  // The server stops accepting the token (here a forged one): the next balance fetch signs out.
  await page.evaluate(() => localStorage.setItem('token', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJub2JvZHkifQ.forged'));
  await page.clock.fastForward('01:01');
  await page.waitForURL('**/login');
  await expect(storedToken(page)).resolves.toBeNull();
  await nav(page).getByRole('link', { name: 'Sign Up' }).waitFor();
});

it('shows Loading while the balance loads, and Error with the message as a tooltip when it fails', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage();
  await loginThroughUi(page, user.username, user.password);
  // Network faults injected in the browser: the balance answer is held back, then cut.
  let mode: 'slow' | 'fail' = 'slow';
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/graphql', async (route) => {
    if (!route.request().postData()?.includes('CreditBalance')) return route.continue();
    if (mode === 'fail') return route.abort('connectionrefused');
    await held;
    return route.continue();
  });
  await page.reload();
  const loading = nav(page).getByText('Loading', { exact: true });
  await loading.waitFor();
  await shootThemes(h, page, 'badge-loading');
  release();
  await badge(page).waitFor();

  mode = 'fail';
  await page.reload();
  const error = nav(page).getByText('Error', { exact: true });
  await error.waitFor();
  await expect(error.getAttribute('title')).resolves.toBe('Failed to fetch credit balance');
  await shootThemes(h, page, 'badge-error');
});

it('walks a purchase from package to request, an administrator approves one and rejects another, and the user sees the outcome', async () => {
  // The administrators published how to pay (Venmo left empty: not offered).
  const adminId = (await h.server.services.users.admins())[0]!.id;
  await h.server.services.siteText.setPaymentInstructions(
    { bank: 'Shotlog Ltd\nIBAN DE89 3704 0044 0532 0130 00\nBIC COBADEFFXXX', paypal: 'pay@shotlog.example' },
    adminId,
  );
  const user = await signUp(h.server);
  const { page } = await h.newPage();
  await loginThroughUi(page, user.username, user.password);
  await nav(page).getByRole('link', { name: 'Buy Credits' }).click();
  await page.getByRole('heading', { name: 'Buy Credits' }).waitFor();
  await page.getByText(/Current balance:\s*100\s*credits/).waitFor();
  const packages = page.locator('.package-grid > *');
  await packages.nth(2).waitFor();
  await expect(packages.count()).resolves.toBe(3);
  const texts = await packages.allInnerTexts();
  expect(texts[1]).toContain('BEST VALUE');
  expect(texts.filter((t) => t.includes('BEST VALUE'))).toHaveLength(1);
  expect(texts[0]).toMatch(/Starter[\s\S]*100 credits[\s\S]*\$9\.00[\s\S]*Save 10%[\s\S]*\$0\.0900 per credit/);
  expect(texts[1]).toMatch(/Professional[\s\S]*500 credits[\s\S]*\$37\.50[\s\S]*Save 25%[\s\S]*\$0\.0750 per credit/);
  expect(texts[2]).toMatch(/Studio[\s\S]*1,000 credits[\s\S]*\$70\.00[\s\S]*Save 30%[\s\S]*\$0\.0700 per credit/);
  await shootThemes(h, page, 'purchase-packages');

  await packages.nth(1).click();
  await page.getByText(/You selected\s+Professional/).waitFor();
  await page.getByText(/Balance after purchase:\s*600 credits/).waitFor();
  await shootThemes(h, page, 'purchase-selected');
  await page.getByRole('button', { name: 'Purchase', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Confirm Purchase' });
  await modal.waitFor();
  await expect(modal.innerText()).resolves.toMatch(/Professional[\s\S]*500[\s\S]*\$37\.50[\s\S]*payment instructions[\s\S]*administrator/i);
  await shootThemes(h, page, 'purchase-confirm');
  await modal.getByRole('button', { name: 'Confirm Purchase' }).click();
  await page.getByRole('heading', { name: 'Purchase Request Submitted!' }).waitFor();
  const requestId = await page.getByTestId('request-reference').innerText();
  expect(requestId).toMatch(/^SL-[2-9A-HJKMNP-Z]{5}$/);
  for (const method of ['Bank transfer', 'PayPal']) await page.getByText(method, { exact: true }).waitFor();
  await page.getByText(/IBAN DE89 3704 0044 0532 0130 00/).waitFor();
  await expect(page.getByText('Venmo', { exact: true }).count()).resolves.toBe(0);
  await shootThemes(h, page, 'purchase-submitted');

  // A second request (to be rejected): 'Purchase Another Package' clears the selection.
  await page.getByRole('button', { name: 'Purchase Another Package' }).click();
  await expect(page.getByText(/You selected/).count()).resolves.toBe(0);
  await packages.nth(0).click();
  await page.getByRole('button', { name: 'Purchase', exact: true }).click();
  await page.getByRole('dialog', { name: 'Confirm Purchase' }).getByRole('button', { name: 'Confirm Purchase' }).click();
  await page.getByRole('heading', { name: 'Purchase Request Submitted!' }).waitFor();
  await page.getByRole('link', { name: 'View My Purchase Requests' }).click();
  await page.getByRole('heading', { name: 'Purchase Requests' }).waitFor();
  const requests = page.getByTestId('purchase-request');
  await expect(requests.count()).resolves.toBe(2);
  const professional = requests.filter({ hasText: 'Professional' });
  const shown = await professional.innerText();
  for (const part of [requestId, 'pending', '500 credits', '$37.50', 'Awaiting Admin Approval']) expect(shown.toLowerCase()).toContain(part.toLowerCase());
  expect(shown).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  // I Have Paid: the buyer's note goes to the request (and to the administrators by e-mail).
  page.once('dialog', (d) => void d.accept('Bank transfer of 27 Nov, bank ref 4411'));
  await professional.getByRole('button', { name: 'I Have Paid' }).click();
  await page.getByText('Thank you: the administrators have been told about your payment.').waitFor();
  await professional.getByText('Bank transfer of 27 Nov, bank ref 4411').waitFor();
  await shootThemes(h, page, 'purchase-requests-pending');

  // The administrator decides.
  const admin = (await h.newPage()).page;
  await loginThroughUi(admin, ADMIN.username, ADMIN.password);
  await admin.goto('/account');
  await admin.getByRole('heading', { name: 'Admin Controls' }).waitFor();
  await expect(admin.getByRole('heading', { name: 'Account Management' }).count()).resolves.toBe(0);
  await admin.getByRole('link', { name: 'Manage Purchase Requests' }).click();
  await admin.getByRole('heading', { name: 'Manage Purchase Requests' }).waitFor();
  const pending = admin.getByTestId('purchase-request');
  await pending.filter({ hasText: requestId }).waitFor();
  await expect(pending.filter({ hasText: user.username }).count()).resolves.toBe(2);
  await shootThemes(h, admin, 'admin-purchase-requests');
  await pending.filter({ hasText: requestId }).getByRole('button', { name: 'Approve' }).click();
  const confirmApproval = admin.getByRole('dialog', { name: `Approve ${requestId}?` });
  await expect(confirmApproval.innerText()).resolves.toMatch(new RegExp(`${user.username}[\\s\\S]*\\$37\\.50[\\s\\S]*500`));
  await shootThemes(h, admin, 'admin-purchase-approve-confirm');
  await confirmApproval.getByRole('button', { name: 'Approve and add 500 credits' }).click();
  await admin.getByText(new RegExp(`approved: 500 credits added to ${user.username}\\. New balance: 600`)).waitFor();
  await pending.filter({ hasText: requestId }).waitFor({ state: 'detached' });
  const starter = pending.filter({ hasText: user.username }).filter({ hasText: 'Starter' });
  await starter.getByLabel('Admin notes').fill('Payment not received within 7 days');
  await starter.getByRole('button', { name: 'Reject' }).click();
  await admin.getByText('Purchase request rejected: Payment not received within 7 days').waitFor();
  await admin.getByRole('tab', { name: 'All' }).click();
  await pending.filter({ hasText: requestId }).getByText('approved').waitFor();
  await shootThemes(h, admin, 'admin-purchase-requests-all');

  // The e-mail outbox (no SMTP_URL here): the buyer's instructions, the administrators' notices, the decisions.
  await admin.goto('/admin/mail');
  await admin.getByRole('heading', { name: 'E-mail Outbox' }).waitFor();
  await admin.getByText(/No SMTP server is configured/).waitFor();
  await admin.getByRole('button', { name: `Purchase ${requestId} approved: 500 credits added` }).click();
  await admin
    .getByText(/was not approved/)
    .first()
    .waitFor();
  await shootThemes(h, admin, 'admin-mail-outbox');
  await admin.goto('/admin/payments');
  await admin.getByRole('heading', { name: 'Payments and Contact' }).waitFor();
  await admin.getByLabel('Contact e-mail').fill('hello@shotlog.example');
  await admin.getByRole('button', { name: 'Save contact address' }).click();
  await admin.getByText('Contact address set to hello@shotlog.example.').waitFor();
  await admin.locator('.site-footer').getByText('hello@shotlog.example').waitFor();
  await shootThemes(h, admin, 'admin-payments');

  // The user sees the new balance and both outcomes.
  await page.reload();
  await badge(page).getByText('600', { exact: true }).waitFor();
  await expect(professional.innerText()).resolves.toMatch(/approved[\s\S]*500 credits added/i);
  await expect(requests.filter({ hasText: 'Starter' }).innerText()).resolves.toMatch(/rejected[\s\S]*Reason:\s*Payment not received within 7 days/i);
  await expect(page.getByRole('button', { name: 'I Have Paid' }).count()).resolves.toBe(0);
  await shootThemes(h, page, 'purchase-requests-decided');

  // Transactions: the bonus and the purchase, as a table on wide screens.
  await badge(page).click();
  await page.getByRole('heading', { name: 'Transaction History' }).waitFor();
  await page.getByText('Showing 2 of 2 total transactions').waitFor();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader').allInnerTexts()).resolves.toEqual(['DATE', 'DESCRIPTION', 'AMOUNT', 'BALANCE AFTER', 'TYPE']);
  const rows = await table.getByRole('row').allInnerTexts();
  expect(rows[1]).toMatch(/\+500\.00[\s\S]*600\.00[\s\S]*purchase/i);
  expect(rows[2]).toMatch(/\+100\.00[\s\S]*100[\s\S]*credit/i);
  await shootThemes(h, page, 'transactions');
});

it('pages Transactions 50 at a time, as cards at 375 px', async () => {
  const user = await signUp(h.server);
  for (let i = 1; i <= 55; i++) await adjust(user.id, '1', `Goodwill credit ${i}`);
  const { page } = await h.newPage();
  await loginThroughUi(page, user.username, user.password);
  await page.goto('/transactions');
  await page.getByText('Showing 50 of 56 total transactions').waitFor();
  await page.getByText('1 / 2').waitFor();
  await expect(page.getByRole('row').count()).resolves.toBe(51);
  await expect(page.getByRole('button', { name: 'Previous' }).isDisabled()).resolves.toBe(true);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Showing 6 of 56 total transactions').waitFor();
  await page.getByText('2 / 2').waitFor();
  await expect(page.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
  await page.getByRole('button', { name: 'Previous' }).click();
  await page.getByText('1 / 2').waitFor();
  await page.getByRole('table').getByText('Goodwill credit 55').waitFor();

  const narrow = (await h.newPage({ width: 375, height: 800 })).page;
  await loginThroughUi(narrow, user.username, user.password);
  await narrow.goto('/transactions');
  await narrow.getByText('Showing 50 of 56 total transactions').waitFor();
  await expect(narrow.getByRole('table').isVisible()).resolves.toBe(false);
  const cards = narrow.locator('.transaction-card');
  await expect(cards.count()).resolves.toBe(50);
  await expect(cards.first().innerText()).resolves.toMatch(/credit[\s\S]*\+1\.00[\s\S]*Goodwill credit 55[\s\S]*Balance after 155\.00/i);
  await shootViewportThemes(narrow, 'transactions-narrow');
  await narrow.goto('/purchase-credits');
  await narrow.locator('.package-grid > *').nth(1).click();
  await narrow.getByText(/You selected/).waitFor();
  await shootThemes(h, narrow, 'narrow-purchase');
  await narrow.goto('/purchase-requests');
  await narrow.getByText('No purchase requests yet').waitFor();
  await shootThemes(h, narrow, 'narrow-purchase-requests-empty');

  const empty = (await h.newPage()).page;
  const fresh = await signUp(h.server);
  await loginThroughUi(empty, fresh.username, fresh.password);
  // The sign-up bonus is a transaction, so "No transactions yet" belongs to accounts before it.
  await empty.goto('/transactions');
  await empty.getByText('Showing 1 of 1 total transactions').waitFor();
});

it('gives administrators Manage User Credits and the markup form with the exact messages, the user list and the ledger explorer', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage();
  await loginThroughUi(page, ADMIN.username, ADMIN.password);
  await page.goto('/account');
  const controls = page.locator('section', { has: page.getByRole('heading', { name: 'Admin Controls' }) }).last();
  await controls.waitFor();
  const adjustButton = controls.getByRole('button', { name: 'Adjust Credits' });
  const ok = (text: string) => page.getByRole('status').filter({ hasText: text });
  const bad = (text: string) => page.getByRole('alert').filter({ hasText: text });

  await adjustButton.click();
  await bad('Please select a user').waitFor();
  // The user is found through the server-side search (any account, not just the first page), with the balance shown.
  const userPicker = controls.getByRole('combobox', { name: 'User', exact: true });
  const userMatches = controls.getByRole('listbox', { name: 'User matches' }).getByRole('option');
  await userPicker.pressSequentially(user.username);
  await expect(userPicker.getAttribute('aria-expanded')).resolves.toBe('true');
  // Settled on the search's answer (the list shows every user while the first keystrokes are debounced).
  await controls
    .getByRole('status')
    .and(page.getByText('1 user', { exact: true }))
    .waitFor();
  await expect(userMatches.count()).resolves.toBe(1);
  await expect(userMatches.innerText()).resolves.toMatch(new RegExp(`^${user.username}\\s+${user.username}@example\\.com\\s+100 credits$`));
  await shootThemes(h, page, 'admin-credits-user-search');
  await userMatches.click();
  await expect(userPicker.inputValue()).resolves.toBe(user.username);
  await expect(userPicker.getAttribute('aria-expanded')).resolves.toBe('false');
  await adjustButton.click();
  await bad('Please enter a valid credit amount').waitFor();
  await controls.getByLabel('Amount').fill('12.345');
  await adjustButton.click();
  await bad('Please enter a valid credit amount').waitFor();
  await shootThemes(h, page, 'admin-controls-error');
  await controls.getByLabel('Amount').fill('25.5');
  await adjustButton.click();
  await ok('Successfully added 25.50 credits. New balance: 125.50').waitFor();
  await controls.getByLabel('Amount').fill('-10');
  await controls.getByLabel('Reason').fill('Duplicate bonus');
  await adjustButton.click();
  await ok('Successfully removed 10.00 credits. New balance: 115.50').waitFor();
  await shootThemes(h, page, 'admin-controls');
  // The user stays picked; reopening the list shows the balance as it is now, not as first fetched.
  await expect(userPicker.inputValue()).resolves.toBe(user.username);
  await userPicker.press('ArrowDown');
  await userMatches.filter({ hasText: '115.5 credits' }).waitFor();
  await userPicker.press('Escape');

  // Markup: Save appears only when the value differs; the server's range is 0 to 1000.
  const markup = controls.getByLabel('Markup percentage');
  const save = controls.getByRole('button', { name: 'Save Markup' });
  await expect(markup.inputValue()).resolves.toBe('50');
  await expect(save.count()).resolves.toBe(0);
  await markup.fill('-5');
  await save.click();
  await bad('Please enter a valid markup percentage (0 or greater)').waitFor();
  await markup.fill('1001');
  await save.click();
  await bad('Markup percentage must be between 0 and 1000').waitFor();
  await markup.fill('75');
  await save.click();
  await ok('Markup updated to 75%. This affects all future processing costs.').waitFor();
  await save.waitFor({ state: 'detached' });
  await controls.getByText('Current: 75%').waitFor();

  await controls.getByRole('link', { name: 'View All Users' }).click();
  await page.getByRole('heading', { name: 'All Users' }).waitFor();
  const row = page.getByRole('row').filter({ hasText: user.username });
  await expect(row.innerText()).resolves.toMatch(new RegExp(`${user.username}[\\s\\S]*${user.username}@example.com[\\s\\S]*User[\\s\\S]*115\\.5`));
  await expect(page.getByRole('row').filter({ hasText: ADMIN.email }).innerText()).resolves.toContain('Admin');
  await shootThemes(h, page, 'admin-users');

  // The ledger explorer: every event with actor and reason, filters, CSV, verification, replay.
  await page.goto('/account');
  await page.getByRole('link', { name: 'Ledger Explorer' }).click();
  await page.getByRole('heading', { name: 'Ledger Explorer' }).waitFor();
  await page.getByText(/^\d+ events$/).waitFor();
  // The user picker searches the server as one types (part of the e-mail here), from the keyboard alone.
  const picker = page.getByRole('combobox', { name: 'User', exact: true });
  const matches = page.getByRole('listbox', { name: 'User matches' }).getByRole('option');
  // What the picker's live region tells screen readers (the same line is shown under the list).
  const pickerSays = (text: string) => page.getByRole('status').and(page.getByText(text, { exact: true }));
  await picker.focus();
  await picker.pressSequentially(`${user.username}@example`);
  await expect(picker.getAttribute('aria-expanded')).resolves.toBe('true');
  await pickerSays('1 user').waitFor();
  await expect(matches.count()).resolves.toBe(1);
  await expect(matches.innerText()).resolves.toMatch(new RegExp(`${user.username}\\s+${user.username}@example\\.com`));
  await expect(matches.getAttribute('aria-selected')).resolves.toBe('true');
  await expect(picker.getAttribute('aria-activedescendant')).resolves.toBe(await matches.getAttribute('id'));
  await shootThemes(h, page, 'admin-ledger-user-search');
  await picker.press('Enter');
  await page.getByText('4 events').waitFor();
  await expect(picker.inputValue()).resolves.toBe(user.username);
  await expect(picker.getAttribute('aria-expanded')).resolves.toBe('false');
  // Text that matches no one says so; Escape puts the picked user back and keeps the filter.
  await picker.fill('no-such-user%');
  await pickerSays('No users match “no-such-user%”').waitFor();
  await expect(matches.count()).resolves.toBe(0);
  await picker.press('Escape');
  await expect(picker.inputValue()).resolves.toBe(user.username);
  await page.getByText('4 events').waitFor();
  const eventRows = page.getByRole('row');
  await expect(eventRows.filter({ hasText: 'AdminAdjusted' }).filter({ hasText: 'Duplicate bonus' }).innerText()).resolves.toMatch(
    new RegExp(`${user.username}[\\s\\S]*${ADMIN.username}[\\s\\S]*-10\\.00`),
  );
  await expect(eventRows.filter({ hasText: 'AdminAdjusted' }).filter({ hasText: '+25.50' }).innerText()).resolves.toContain('Manual adjustment by admin');
  await page.getByLabel('Event type').selectOption('AdminAdjusted');
  await page.getByText('2 events').waitFor();
  await shootThemes(h, page, 'admin-ledger');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = fs.readFileSync((await (await download).path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines).toHaveLength(3);
  expect(lines.slice(1).every((l) => l.includes('AdminAdjusted'))).toBe(true);
  // The CSV names the user and the administrator too, next to their ids.
  expect(lines.slice(1).every((l) => l.includes(`,${user.username},`) && l.includes(`,${ADMIN.username},`))).toBe(true);
  const tomorrow = new Date(Date.now() + 36 * 3600_000).toISOString().slice(0, 10);
  await page.getByLabel('From').fill(tomorrow);
  await page.getByText('0 events').waitFor();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByText(/^\d+ events$/).waitFor();
  await expect(picker.inputValue()).resolves.toBe('');
  // A name in the table picks that user too; the picker's × drops the user again.
  await page.getByRole('button', { name: user.username, exact: true }).first().click();
  await page.getByText('4 events').waitFor();
  await expect(picker.inputValue()).resolves.toBe(user.username);
  await page.getByRole('button', { name: 'Clear user' }).click();
  await expect(picker.inputValue()).resolves.toBe('');
  await page.getByText(/^(?!4 )\d+ events$/).waitFor();

  await page.getByRole('button', { name: 'Verify hash chain' }).click();
  await page.getByText(/^Chain intact: \d+ events checked$/).waitFor();
  await page.getByRole('button', { name: 'Replay and compare' }).click();
  await page.getByText(/^Projections match: \d+ events replayed$/).waitFor();
  await shootThemes(h, page, 'admin-ledger-verified');

  // Non-administrators get none of it.
  const plain = (await h.newPage()).page;
  await loginThroughUi(plain, user.username, user.password);
  for (const path of ['/admin/users', '/admin/purchase-requests', '/admin/ledger']) {
    await plain.goto(path);
    await plain.getByRole('heading', { name: 'Page not found' }).waitFor();
  }
  const denied = await h.server.graphql('{ adminUsers(first: 5) { totalCount } }', {}, await storedToken(plain));
  expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
});
