/// <reference lib="dom" />
/**
 * Issue 2 in a real browser: the signed-out screens, login failure, sign-up to the dashboard,
 * the project life cycle (create, trash, restore, delete, Empty Trash), the dashboard's empty
 * states and filters, Account Settings (theme saved on the server, profile, placeholders),
 * logout, and the collapsed menu at 375 px. Screenshots land in screenshots/ in both themes.
 */
import pg from 'pg';
import type { Page } from 'playwright-core';
import { signUp } from '../../api/test/support/test-server.js';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';
import { markTexts, shownThenGone } from './support/page-marks.js';
import { browserToday, collectDialogs, graphqlAs, loginThroughUi, nextDialog, shootThemes, storedToken } from './support/session.js';

let h: BrowserHarness;
beforeAll(async () => {
  h = await startBrowserHarness();
});
afterAll(() => h.close());

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const card = (page: Page, name: string) => page.getByTestId('project-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * Creates a project through the wizard's step 1 when the page has it (labels 'Project name',
 * camera type, a submit button); while /createproject is still a placeholder, through GraphQL.
 */
async function createProject(page: Page, name: string, description: string): Promise<void> {
  await page.goto('/createproject');
  await page.getByRole('heading').first().waitFor();
  const nameInput = page.getByLabel(/project name/i);
  if (await nameInput.count()) {
    await nameInput.fill(name);
    await page.getByLabel(/camera/i).selectOption('dji-mavic-3-pro-series');
    const desc = page.getByLabel(/description/i);
    if (await desc.count()) await desc.fill(description);
    await page
      .getByRole('button', { name: /create|next|continue/i })
      .first()
      .click();
    // Step 1 is done when the project exists (the wizard then moves on to its upload step).
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = await graphqlAs(h, page, 'query($s: String) { projects(view: ACTIVE, search: $s, tzOffsetMinutes: 0, first: 5) { totalCount } }', {
        s: name,
      });
      if (found.projects.totalCount > 0) break;
      if (Date.now() > deadline) throw new Error(`the wizard's step 1 did not create "${name}"`);
      await page.waitForTimeout(250);
    }
  } else {
    console.info('[note] /createproject has no step 1 form yet; the project is created through GraphQL');
    await graphqlAs(h, page, 'mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }', {
      input: { name, description, cameraType: 'dji-mavic-3-pro-series' },
    });
  }
  await page.goto('/dashboard');
  await card(page, name).waitFor();
}

async function withDb<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: h.server.databaseUrl });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

it('shows the signed-out screens: navigation, Home, About, Notices, and a Contact form that sends nothing', async () => {
  const { page } = await h.newPage();
  await page.goto('/');
  for (const item of ['Home', 'About', 'Contact', 'Notices', 'Login', 'Sign Up'])
    await expect(nav(page).getByRole('link', { name: item, exact: true }).isVisible()).resolves.toBe(true);
  await expect(nav(page).getByText('Dashboard').count()).resolves.toBe(0);
  await expect(page.getByRole('link', { name: /create account/i }).isVisible()).resolves.toBe(true);
  await expect(page.getByText('100 free credits').first().isVisible()).resolves.toBe(true);
  await shootThemes(h, page, 'home');

  await nav(page).getByRole('link', { name: 'About', exact: true }).click();
  await page.getByRole('heading', { name: 'About Shotlog' }).waitFor();
  await shootThemes(h, page, 'about');

  await nav(page).getByRole('link', { name: 'Notices', exact: true }).click();
  await page.getByRole('heading', { name: 'Notices' }).waitFor();
  await expect(page.locator('article').count()).resolves.toBeGreaterThanOrEqual(2);
  await shootThemes(h, page, 'notices');

  await nav(page).getByRole('link', { name: 'Contact', exact: true }).click();
  await page.getByRole('heading', { name: 'Contact' }).waitFor();
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'fetch' || r.resourceType() === 'xhr' || r.method() !== 'GET') sent.push(`${r.method()} ${r.url()}`);
  });
  await page.getByLabel('Name').fill('Ada');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill('Hello there');
  await page.getByRole('button', { name: 'Send' }).click();
  // The message goes to the administrators' inbox (one GraphQL request); the form empties on success.
  await page.waitForFunction(() => (document.querySelector('textarea[name="message"]') as HTMLTextAreaElement | null)?.value === '');
  expect(sent.filter((r) => r.startsWith('POST ') && r.endsWith('/graphql'))).toHaveLength(1);
  expect(new URL(page.url()).pathname).toBe('/contact');
  await shootThemes(h, page, 'contact');

  await page.goto('/login');
  await shootThemes(h, page, 'login');
  await page.goto('/createacct');
  // The primary action keeps its accent fill (a base button rule once painted it grey, text unreadable).
  const primary = page.getByRole('button', { name: 'Create Account' });
  await expect(primary.evaluate((el) => getComputedStyle(el).backgroundImage)).resolves.toContain('linear-gradient');
  await shootThemes(h, page, 'create-account');
});

it('shows a login failure in a popup with the server message that closes after 5 s, or at once on a click', async () => {
  const user = await signUp(h.server);
  const { context, page } = await h.newPage();
  await markTexts(context, { popup: /Invalid username or password\. Please try again\./ });
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Login' }).click();
  const popup = page.getByRole('alert').filter({ hasText: 'Invalid username or password. Please try again.' });
  await popup.waitFor();
  await shootThemes(h, page, 'login-error');
  await popup.waitFor({ state: 'detached', timeout: 15_000 });
  // Open for 5 s on the page's clock (a busy renderer fires its timer late, never early).
  const shown = await shownThenGone(page, 'popup');
  const openFor = shown.gone - shown.shown;
  expect(openFor).toBeGreaterThanOrEqual(4990);
  expect(openFor).toBeLessThan(10_000);
  expect(new URL(page.url()).pathname).toBe('/login');
  await expect(storedToken(page)).resolves.toBeNull();

  await page.getByRole('button', { name: 'Login' }).click();
  await popup.waitFor();
  await page.mouse.click(10, 400);
  await popup.waitFor({ state: 'detached', timeout: 1000 });
});

it('signs up with the 100-credit welcome, lands on the dashboard after 2 s, and runs a project through trash, restore and delete', async () => {
  const { context, page } = await h.newPage();
  const username = `pilot${Date.now().toString(36)}`;
  await markTexts(context, { welcome: new RegExp(`Welcome.*${username}.*100 free credits`) });
  await page.goto('/createacct');
  await expect(
    page
      .getByText(/100 free credits/)
      .first()
      .isVisible(),
  ).resolves.toBe(true);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret124');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByText('Passwords do not match').waitFor();
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm password').fill('abc');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByText('Password must be at least 6 characters long').waitFor();
  await shootThemes(h, page, 'create-account-error');

  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret123');
  await page.getByLabel(/first name/i).fill('Ada');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const welcome = page.getByText(new RegExp(`Welcome.*${username}.*100 free credits`));
  await welcome.waitFor();
  await shootThemes(h, page, 'create-account-welcome');
  await page.waitForURL('**/dashboard', { timeout: 15_000 });
  // The welcome stays 2 s on the page's clock, then the dashboard replaces it.
  const shown = await shownThenGone(page, 'welcome');
  const waited = shown.gone - shown.shown;
  expect(waited).toBeGreaterThanOrEqual(1990);
  expect(waited).toBeLessThan(6000);
  expect(await storedToken(page)).toBeTruthy();

  // Signed in: the bar changes, the badge shows the sign-up bonus.
  await page.getByRole('heading', { name: 'Your Projects' }).waitFor();
  for (const item of ['Dashboard', 'New Project', 'About', 'Contact', 'Buy Credits', 'Account', 'Logout']) {
    await expect(nav(page).getByText(item, { exact: true }).isVisible()).resolves.toBe(true);
  }
  await expect(nav(page).getByText('Notices', { exact: true }).count()).resolves.toBe(0);
  await expect(page.getByTestId('credit-badge').innerText()).resolves.toMatch(/100\s+credits/);
  await page.getByText('No projects yet').waitFor();
  await expect(page.getByRole('tab', { name: 'Active (0)' }).isVisible()).resolves.toBe(true);
  await expect(page.getByRole('tab', { name: 'Trash (0)' }).isVisible()).resolves.toBe(true);
  await shootThemes(h, page, 'dashboard-empty');

  await createProject(page, 'Coastline at dawn', 'Cliffs and surf from 120 m');
  const coast = card(page, 'Coastline at dawn');
  const now = new Date();
  await expect(coast.innerText()).resolves.toContain(`${MONTHS[now.getMonth()]} ${now.getDate()}, ${now.getFullYear()}`);
  await expect(coast.innerText()).resolves.toContain('Cliffs and surf from 120 m');
  for (const action of ['View']) await expect(coast.getByRole('link', { name: action }).isVisible()).resolves.toBe(true);
  await expect(coast.getByRole('combobox', { name: 'Export' }).isVisible()).resolves.toBe(true);
  await expect(page.getByRole('tab', { name: 'Active (1)' }).isVisible()).resolves.toBe(true);
  await shootThemes(h, page, 'dashboard-active');

  // Trash, then restore.
  await coast.getByRole('button', { name: /trash/i }).click();
  await page.getByRole('tab', { name: 'Trash (1)' }).waitFor();
  await page.getByText('No projects yet').waitFor();
  await page.getByRole('tab', { name: 'Trash (1)' }).click();
  await coast.waitFor();
  await expect(coast.getByRole('link', { name: 'View' }).isVisible()).resolves.toBe(true);
  await expect(page.getByRole('button', { name: 'Empty Trash' }).isVisible()).resolves.toBe(true);
  await shootThemes(h, page, 'dashboard-trash');
  await coast.getByRole('button', { name: 'Restore' }).click();
  await page.getByText('Trash is empty').waitFor();
  await expect(page.getByRole('tab', { name: 'Active (1)' }).isVisible()).resolves.toBe(true);
  await shootThemes(h, page, 'dashboard-trash-empty');

  // Trash again and delete permanently, through the confirm dialog (dismissing keeps it).
  await page.getByRole('tab', { name: /Active/ }).click();
  await coast.getByRole('button', { name: /trash/i }).click();
  await page.getByRole('tab', { name: 'Trash (1)' }).click();
  // Destructive actions are drawn in the theme's red.
  const red = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--bad').trim());
  const redRgb = await page.evaluate((c) => {
    const probe = document.createElement('span');
    probe.style.color = c;
    document.body.append(probe);
    const rgb = getComputedStyle(probe).color;
    probe.remove();
    return rgb;
  }, red);
  await expect(coast.getByRole('button', { name: 'Delete' }).evaluate((el) => getComputedStyle(el).color)).resolves.toBe(redRgb);
  let dialog = nextDialog(page, 'dismiss');
  await coast.getByRole('button', { name: 'Delete' }).click();
  expect((await dialog).type).toBe('confirm');
  await expect(coast.isVisible()).resolves.toBe(true);
  dialog = nextDialog(page, 'accept');
  await coast.getByRole('button', { name: 'Delete' }).click();
  expect((await dialog).message).toMatch(/permanently/i);
  await page.getByText('Trash is empty').waitFor();
  await expect(page.getByRole('tab', { name: 'Trash (0)' }).isVisible()).resolves.toBe(true);
  await expect(page.getByRole('tab', { name: 'Active (0)' }).isVisible()).resolves.toBe(true);

  // Empty Trash removes what has been in the trash for more than 30 days and keeps the rest.
  await createProject(page, 'Old harbour', 'Trashed long ago');
  await createProject(page, 'Recent ridge', 'Trashed today');
  // Two trashes in quick succession. The first one's list refetch is answered by the server, then held
  // in the browser while the second trash runs: the second refetch must ask again, not join the
  // first (Apollo's deduplication did, and a loaded run kept Trash (1) after two trashes).
  let releaseList!: () => void;
  const listHeld = new Promise<void>((r) => (releaseList = r));
  const listAnswers: Array<() => void> = [];
  const answered = (n: number) => new Promise<void>((r) => (listAnswers[n] = r));
  const firstAnswered = answered(0);
  const secondAnswered = answered(1);
  let lists = 0;
  await page.route('**/graphql', async (route) => {
    if (JSON.parse(route.request().postData() ?? '{}').operationName !== 'Projects') return route.continue();
    const response = await route.fetch();
    listAnswers[lists++]?.();
    await listHeld;
    // The page may have cancelled the request meanwhile (a newer refetch replaces an older one).
    await route.fulfill({ response }).catch(() => undefined);
  });
  await card(page, 'Old harbour').getByRole('button', { name: /trash/i }).click();
  await firstAnswered;
  const trashed = page.waitForResponse((r) => r.request().postData()?.includes('TrashProject') ?? false);
  await card(page, 'Recent ridge').getByRole('button', { name: /trash/i }).click();
  await trashed;
  // The second refetch's own answer, or (when it joined the first) none: released after 3 s then.
  await Promise.race([secondAnswered, page.waitForTimeout(3000)]);
  releaseList();
  await page.getByRole('tab', { name: 'Trash (2)' }).click({ timeout: 10_000 });
  await page.unroute('**/graphql');
  await withDb((c) => c.query(`update projects set deleted_at = now() - interval '31 days' where name = 'Old harbour'`));
  dialog = nextDialog(page, 'accept');
  await page.getByRole('button', { name: 'Empty Trash' }).click();
  expect((await dialog).type).toBe('confirm');
  await page.getByText('1 project deleted; 1 newer than 30 days remain in the trash').waitFor();
  await page.getByRole('tab', { name: 'Trash (1)' }).waitFor();
  await expect(card(page, 'Old harbour').count()).resolves.toBe(0);
  await expect(card(page, 'Recent ridge').isVisible()).resolves.toBe(true);
  await shootThemes(h, page, 'dashboard-empty-trash-done');
});

it('filters the dashboard by text and creation day, with Clear All and the no-match empty state', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage();
  await loginThroughUi(page, user.username, user.password);
  await createProject(page, 'Coastline at dawn', 'Cliffs and surf');
  await createProject(page, 'City lights', 'Night orbit over downtown');

  const search = page.getByRole('searchbox', { name: 'Search projects' });
  await search.fill('surf');
  await card(page, 'City lights').waitFor({ state: 'detached' });
  await card(page, 'Coastline at dawn').waitFor();
  await search.fill('CITY');
  await card(page, 'Coastline at dawn').waitFor({ state: 'detached' });
  await card(page, 'City lights').waitFor();
  await search.fill('volcano');
  await page.getByText('No projects match your filters').waitFor();
  await shootThemes(h, page, 'dashboard-no-match');
  await page.getByRole('button', { name: 'Clear All' }).click();
  await card(page, 'City lights').waitFor();
  await card(page, 'Coastline at dawn').waitFor();
  await expect(search.inputValue()).resolves.toBe('');

  const today = await browserToday(page);
  const date = page.getByLabel('Created on');
  await date.fill(today);
  await card(page, 'City lights').waitFor();
  await expect(page.getByTestId('project-card').count()).resolves.toBe(2);
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  await date.fill(d.toISOString().slice(0, 10));
  await page.getByText('No projects match your filters').waitFor();
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(date.inputValue()).resolves.toBe('');
  await card(page, 'City lights').waitFor();
  await expect(page.getByTestId('project-card').count()).resolves.toBe(2);
});

it('switches the theme on Account Settings at once and keeps it on the server; shows profile and placeholders; logs out', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage();
  await loginThroughUi(page, user.username, user.password);
  await nav(page).getByRole('link', { name: 'Account', exact: true }).click();
  await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
  await expect(page.getByText('Admin Controls').count()).resolves.toBe(0);
  await expect(page.locator('section.card', { has: page.getByRole('heading', { name: 'Credit Overview' }) }).innerText()).resolves.toMatch(/100\s+credits/);
  await expect(page.getByText('Current theme: Web 3.0').isVisible()).resolves.toBe(true);
  await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('web3');
  await h.screenshot(page, 'account-web3');

  await page.getByRole('button', { name: /Minimalist/ }).click();
  await page.getByText('Current theme: Minimalist').waitFor();
  await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('minimalist');
  await h.screenshot(page, 'account-minimalist');
  expect((await graphqlAs(h, page, '{ me { theme } }')).me.theme).toBe('minimalist');
  // Stored on the server, not only in this browser: forget the local copy and reload.
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.reload();
  await page.getByText('Current theme: Minimalist').waitFor();
  await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('minimalist');

  // Profile: username and email read-only; names editable; Save only announces, Cancel restores.
  const profile = page.locator('section.card', { has: page.getByRole('heading', { name: 'Profile Information' }) });
  await expect(profile.innerText()).resolves.toContain(user.username);
  await expect(profile.innerText()).resolves.toContain(`${user.username}@example.com`);
  await expect(profile.innerText()).resolves.toMatch(/Member since\s+[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await profile.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(profile.getByRole('textbox').count()).resolves.toBe(2);
  await profile.getByLabel('First name').fill('Grace');
  await shootThemes(h, page, 'account-profile-edit');
  await profile.getByRole('button', { name: 'Cancel' }).click();
  await expect(profile.getByRole('textbox').count()).resolves.toBe(0);
  await expect(profile.innerText()).resolves.not.toContain('Grace');
  await profile.getByRole('button', { name: 'Edit Profile' }).click();
  await profile.getByLabel('First name').fill('Ada');
  await profile.getByLabel('Last name').fill('Hopper');
  await profile.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Profile update functionality coming soon!').waitFor();
  await expect(profile.getByRole('textbox').count()).resolves.toBe(0);
  expect((await graphqlAs(h, page, '{ me { firstName lastName } }')).me).toEqual({ firstName: null, lastName: null });
  // Nothing was saved, so the stored names show again (issue 16: the typed name stayed on screen as if saved).
  await expect(profile.innerText()).resolves.not.toMatch(/Ada|Hopper/);

  // Account Management placeholders (non-admins).
  await page.getByRole('heading', { name: 'Account Management' }).waitFor();
  // Change Password works now (issue 16; its own journey in accounts-passwords.browser.spec.ts): it opens a form.
  await page.getByRole('button', { name: 'Change Password' }).click();
  await page.getByRole('form', { name: 'Change password' }).getByRole('button', { name: 'Cancel' }).click();
  const dialog = nextDialog(page, 'dismiss');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  expect(await dialog).toEqual({ type: 'confirm', message: 'Are you sure you want to delete your account? This action cannot be undone.' });
  const both = collectDialogs(page, 2);
  await page.getByRole('button', { name: 'Delete Account' }).click();
  expect((await both)[1]).toEqual({ type: 'alert', message: 'Account deletion functionality coming soon!' });
  await shootThemes(h, page, 'account');

  // Logout removes the token and goes to /.
  await nav(page).getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await expect(storedToken(page)).resolves.toBeNull();
  await nav(page).getByRole('link', { name: 'Login', exact: true }).waitFor();
  // The signed-out home keeps the last theme this browser used.
  await expect(page.evaluate(() => document.documentElement.dataset.theme)).resolves.toBe('minimalist');
});

it('at 375 px collapses the bar into a menu that also lists Transaction History and Account Settings', async () => {
  const user = await signUp(h.server);
  const { page } = await h.newPage({ width: 375, height: 780 });
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu.isVisible()).resolves.toBe(true);
  await expect(nav(page).getByRole('link', { name: 'About', exact: true }).isVisible()).resolves.toBe(false);
  await menu.click();
  for (const item of ['Home', 'About', 'Contact', 'Notices', 'Login', 'Sign Up'])
    await expect(nav(page).getByRole('link', { name: item, exact: true }).isVisible()).resolves.toBe(true);
  await shootThemes(h, page, 'narrow-menu-signed-out');
  await nav(page).getByRole('link', { name: 'Login', exact: true }).click();
  await nav(page).getByRole('link', { name: 'About', exact: true }).waitFor({ state: 'hidden' });
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByText('No projects yet').waitFor();
  await shootThemes(h, page, 'narrow-dashboard');

  await menu.click();
  // SPEC §2: every entry of the signed-in bar, and the menu ALSO lists Transaction History and Account Settings.
  for (const item of ['Dashboard', 'New Project', 'About', 'Contact', 'Buy Credits', 'Account', 'Transaction History', 'Account Settings', 'Logout']) {
    await expect(nav(page).getByText(item, { exact: true }).isVisible()).resolves.toBe(true);
  }
  await expect(nav(page).getByTestId('credit-badge').isVisible()).resolves.toBe(true);
  await shootThemes(h, page, 'narrow-menu-signed-in');
  await nav(page).getByRole('link', { name: 'Transaction History' }).click();
  await page.getByRole('heading', { name: 'Transaction History' }).waitFor();
  await nav(page).getByRole('link', { name: 'Account Settings' }).waitFor({ state: 'hidden' });
  await menu.click();
  await nav(page).getByRole('link', { name: 'Account Settings' }).click();
  await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
  await shootThemes(h, page, 'narrow-account');
  await menu.click();
  await nav(page).getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((u) => u.pathname === '/');
  await expect(storedToken(page)).resolves.toBeNull();
});
