/**
 * Issue 14 in the browser: the narrow menu keeps every entry (#14, in accounts-projects), the
 * dashboard shows the server's reason when the trash move is refused (#12), wizard step 4 shows the
 * exact cost per file set (#13), the purchase request pages page instead of stopping at 100/200
 * (#11), and the map preview sends no referrer (#8). Screenshots at 375 px in both themes.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { logIn, signUp } from '../../api/test/support/test-server.js';
import { makeTestFileSet } from '../../api/test/support/media-fixtures.js';
import { seedProject } from '../../api/src/features/exports/test-support/seed-results.js';
import { CreditPackage } from '../../api/src/features/purchases/credit-package.entity.js';
import { PurchaseRequest } from '../../api/src/features/purchases/purchase-request.entity.js';
import { User } from '../../api/src/features/users/user.entity.js';
import { startBrowserHarness, type BrowserHarness } from './support/browser.js';
import { nextDialog, shootThemes, shootViewportThemes } from './support/session.js';

const ADMIN = { username: 'listsadmin', password: 'lists-secret' };
let h: BrowserHarness;
let dir: string;
beforeAll(async () => {
  h = await startBrowserHarness({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password } });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shotlog-lists-'));
});
afterAll(async () => {
  await h.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** The token in the app's local storage before any script runs (not in the map's frame, another origin). */
const signIn = (context: BrowserContext, token: string) =>
  context.addInitScript(({ t, origin }) => location.origin === origin && localStorage.setItem('token', t), { t: token, origin: new URL(h.server.url).origin });

/** A page at 375 px, signed in with the token in local storage before any script runs. */
async function narrowPageAs(token: string, at: string): Promise<Page> {
  const { context, page } = await h.newPage({ width: 375, height: 780 });
  await signIn(context, token);
  await page.goto(at);
  return page;
}

/** The pager at the end of a long list, in view, in both themes (a full-page picture is 50 cards tall). */
async function shootPager(page: Page, name: string) {
  await page.locator('.pager').scrollIntoViewIfNeeded();
  await shootViewportThemes(page, name);
}

/** `count` purchase requests of one user, the oldest first, written as the service writes them. */
async function seedPurchaseRequests(userId: string, count: number) {
  const em = h.server.services.orm.em.fork();
  const pkg = await em.findOneOrFail(CreditPackage, { active: true }, { orderBy: { position: 'asc' } });
  const start = Date.now() - count * 60_000;
  for (let i = 0; i < count; i++)
    em.create(PurchaseRequest, { user: em.getReference(User, userId), creditPackage: pkg, createdAt: new Date(start + i * 60_000) });
  await em.flush();
}

it("shows the server's reason after SPEC's text when moving a processing project to the trash is refused", async () => {
  const user = await signUp(h.server);
  await seedProject(h.server.services, { ownerId: user.id, name: 'Busy flight', status: 'processing', sets: [] });
  const page = await narrowPageAs(user.token, '/dashboard');
  const dialog = nextDialog(page);
  await page.getByRole('button', { name: 'Move Busy flight to trash' }).click();
  expect((await dialog).message).toBe('Failed to move project to trash: A project cannot be moved to the trash while it is processing');
  await shootThemes(h, page, 'narrow-dashboard-processing-card');
});

it('wizard step 4 shows the cost per file set the server charges by, the total at 2 decimals', async () => {
  const admin = await h.server.request('PUT', '/api/admin/settings/CREDIT_MARKUP_PERCENTAGE', { token: await logIn(h.server, ADMIN), body: { value: 33 } });
  expect(admin.body.costPerFileset).toBe(0.0266);
  try {
    const user = await signUp(h.server);
    const files = [...(await makeTestFileSet(dir, 'DJI_0001')), ...(await makeTestFileSet(dir, 'DJI_0002'))];
    const page = await narrowPageAs(user.token, '/createproject');
    await page.getByLabel('Project name').fill('Exact cost');
    await page.locator('select[name=cameraType]').selectOption('dji-mavic-3-pro-series');
    await page.getByRole('button', { name: 'Create Project and Continue' }).click();
    await page.getByTestId('file-picker').setInputFiles(files);
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByRole('heading', { name: 'Verify File Sets' }).waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Credit Cost' }).waitFor();
    expect(await page.getByTestId('cost-per-fileset').innerText()).toBe('0.0266 credits');
    // 2 x 0.0266 = 0.0532, charged as 0.05 (SPEC §9: the total at 2 decimals).
    await page.getByText('0.05 credits').waitFor();
    await shootThemes(h, page, 'narrow-wizard-exact-cost');
  } finally {
    await h.server.request('PUT', '/api/admin/settings/CREDIT_MARKUP_PERCENTAGE', { token: await logIn(h.server, ADMIN), body: { value: 50 } });
  }
});

it('pages the purchase request history instead of stopping at the first 100', async () => {
  const user = await signUp(h.server);
  await seedPurchaseRequests(user.id, 103);
  const page = await narrowPageAs(user.token, '/purchase-requests');
  await page.getByText('1 / 3').waitFor();
  const ids = new Set<string>();
  for (let p = 1; p <= 3; p++) {
    await page.getByText(`${p} / 3`).waitFor();
    await page.locator('.card-grid > *').first().waitFor();
    for (const text of await page.locator('.card-grid > *').allInnerTexts()) ids.add(text);
    if (p === 1) await shootPager(page, 'narrow-purchase-requests-paged');
    if (p < 3) await page.getByRole('button', { name: 'Next' }).click();
  }
  expect(ids.size).toBe(103);
  expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
});

it('pages the admin purchase requests instead of stopping at the first 200', async () => {
  const buyer = await signUp(h.server);
  await seedPurchaseRequests(buyer.id, 201);
  const page = await narrowPageAs(await logIn(h.server, ADMIN), '/admin/purchase-requests');
  const pages = Math.ceil((await h.server.services.orm.em.fork().count(PurchaseRequest, { status: 'pending' })) / 50);
  expect(pages).toBeGreaterThanOrEqual(5);
  await page.getByText(`1 / ${pages}`).waitFor();
  await shootPager(page, 'narrow-admin-purchase-requests-paged');
  for (let p = 2; p <= pages; p++) {
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`${p} / ${pages}`).waitFor();
  }
  await page.locator('.card-grid > *').first().waitFor();
  expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
});

it('the map preview sends no referrer to the street-map service', async () => {
  const user = await signUp(h.server);
  const { projectId } = await seedProject(h.server.services, {
    ownerId: user.id,
    name: 'Mapped',
    sets: [
      {
        baseName: 'DJI_0001',
        files: [{ filename: 'DJI_0001.MP4' }],
        result: { title: 'Harbour', latitude: 41.14, longitude: -8.61, city: 'Porto', country: 'Portugal' },
      },
    ],
  });
  const { context, page } = await h.newPage({ width: 375, height: 780 });
  await signIn(context, user.token);
  // No network in tests: the embed is answered locally; the request still shows what the browser sent.
  await context.route(/openstreetmap\.org/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>map</p>' }));
  const mapRequest = page.waitForRequest(/openstreetmap\.org/);
  await page.goto(`/project/${projectId}`);
  const frame = page.getByTestId('map-preview');
  await frame.scrollIntoViewIfNeeded();
  expect(await frame.getAttribute('referrerpolicy')).toBe('no-referrer');
  const headers = await (await mapRequest).allHeaders();
  expect(headers.referer).toBeUndefined();
});
