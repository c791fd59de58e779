/// <reference lib="dom" />
/**
 * Issue 17 item 6: the styles moved from one theme.css into files beside their modules, and every
 * page must look the same in both themes. Each page is drawn twice in the same browser, with the
 * same data: once with the stylesheets the build ships (the module files, in bundle order), once
 * with those replaced by the reference stylesheet `web/e2e/visual-reference/styles.css` (the
 * single theme.css as it was before the split). The two pictures are compared with pixelmatch.
 *
 * Tolerance: pixelmatch's colour threshold 0.1 (anti-aliasing noise) and at most 0.1 % of the
 * pixels differing; a moved rule that loses or wins the cascade changes whole boxes, far more.
 * On a failure the three pictures (ours, reference, diff) are in screenshots/visual-diff/.
 *
 * When styles change on purpose, the reference follows: `UPDATE_VISUAL_REFERENCE=1` writes the
 * stylesheets the build ships now (concatenated in bundle order) as the new reference.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { makeTestJpg } from '../../api/test/support/media-fixtures.js';
import { signUp } from '../../api/test/support/test-server.js';
import { seedProject } from '../../api/src/features/exports/test-support/seed-results.js';
import { fullPageScreenshot, SCREENSHOT_DIR, startBrowserHarness, type BrowserHarness } from './support/browser.js';
import { loginThroughUi, THEMES } from './support/session.js';

const REFERENCE = fileURLToPath(new URL('./visual-reference/styles.css', import.meta.url));
const DIFF_DIR = path.join(SCREENSHOT_DIR, 'visual-diff');
const MAX_DIFFERING = 0.001;
const ADMIN = { username: 'visualadmin', password: 'admin-secret-1', email: 'visualadmin@example.com' };

/** Every route of web/src/app/App.tsx, by who can see it. */
const PUBLIC_PAGES = ['/', '/login', '/createacct', '/about', '/contact', '/notice', '/reset-password?token=abc', '/no-such-page'];
const USER_PAGES = ['/dashboard', '/createproject', '/project/:id', '/account', '/purchase-credits', '/transactions', '/purchase-requests'];
const ADMIN_PAGES = ['/admin/users', '/admin/purchase-requests', '/admin/ledger', '/admin/queue', '/admin/finance'];

/** No motion and no caret: two pictures of one state must be the same picture. */
const STILL = '*, *::before, *::after { animation: none !important; transition: none !important; caret-color: transparent !important; }';

let h: BrowserHarness;
let projectId: string;
let owner: { username: string; password: string };
beforeAll(async () => {
  h = await startBrowserHarness({ env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, ADMIN_EMAIL: ADMIN.email } });
  const account = await signUp(h.server, 'visualowner');
  owner = account;
  const still = await makeTestJpg({ width: 640, height: 360 });
  ({ projectId } = await seedProject(h.server.services, {
    ownerId: account.id,
    name: 'Coastline at dawn',
    description: 'Drone footage of the coast.',
    sets: ['DJI_0001', 'DJI_0002', 'DJI_0003'].map((baseName) => ({
      baseName,
      files: [{ filename: `${baseName}.JPG`, sourcePath: still }],
      result: { title: `Cliffs and surf ${baseName}` },
    })),
  }));
  fs.rmSync(DIFF_DIR, { recursive: true, force: true });
});
afterAll(() => h?.close());

/** The stylesheets the build ships, as served, in document order (what the reference replaces). */
const shippedCss = (page: Page) =>
  page.evaluate(async () => {
    const texts: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLLinkElement | HTMLStyleElement>('link[rel=stylesheet], style'))) {
      if (el.id === 'visual-still') continue;
      texts.push(el instanceof HTMLLinkElement ? await (await fetch(el.href)).text() : (el.textContent ?? ''));
    }
    return texts.join('\n');
  });

async function settle(page: Page): Promise<void> {
  // Live pages keep a websocket open: 'networkidle' counts HTTP only, and is bounded anyway.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page
    .waitForFunction(() => Array.from(document.images).every((i) => i.complete || i.loading === 'lazy'), undefined, { timeout: 5000 })
    .catch(() => undefined);
}

/** Draws the page with the shipped styles and with the reference, in each theme; returns what differs. */
async function compare(page: Page, name: string, reference: string): Promise<string[]> {
  const problems: string[] = [];
  await page.evaluate((css) => {
    const still = document.createElement('style');
    still.id = 'visual-still';
    still.textContent = css;
    document.head.append(still);
  }, STILL);
  await settle(page);
  // One theme drawn with the shipped styles, then with the reference.
  const drawBoth = async (theme: string) => {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
      window.scrollTo(0, 0);
    }, theme);
    const ours = await fullPageScreenshot(page);
    // Swap: the shipped sheets off, the reference on (inserted first, where theme.css was).
    await page.evaluate((css) => {
      for (const el of Array.from(document.querySelectorAll<HTMLLinkElement | HTMLStyleElement>('link[rel=stylesheet], style')))
        if (el.id !== 'visual-still') el.disabled = true;
      const ref = document.createElement('style');
      ref.id = 'visual-reference';
      ref.textContent = css;
      document.head.prepend(ref);
      window.scrollTo(0, 0);
    }, reference);
    const theirs = await fullPageScreenshot(page);
    await page.evaluate(() => {
      document.getElementById('visual-reference')?.remove();
      for (const el of Array.from(document.querySelectorAll<HTMLLinkElement | HTMLStyleElement>('link[rel=stylesheet], style'))) el.disabled = false;
    });
    return { ours, theirs };
  };
  const differingPixels = ({ ours, theirs }: { ours: PNG; theirs: PNG }, diff?: PNG) =>
    ours.width !== theirs.width || ours.height !== theirs.height
      ? Number.POSITIVE_INFINITY
      : pixelmatch(ours.data, theirs.data, diff?.data, ours.width, ours.height, { threshold: 0.1 });
  // One encoder on the same pixels writes the same bytes: a pair of equal files needs no decoding.
  const decode = (shots: { ours: Buffer; theirs: Buffer }) => ({ ours: PNG.sync.read(shots.ours), theirs: PNG.sync.read(shots.theirs) });
  for (const theme of THEMES) {
    let shots = await drawBoth(theme);
    if (shots.ours.equals(shots.theirs)) continue;
    let pair = decode(shots);
    // A page still loading between the two shots (a slow query under load) differs once; a style
    // difference differs every time: a difference must show again after the page settles anew.
    if (differingPixels(pair) > pair.ours.width * pair.ours.height * MAX_DIFFERING) {
      await settle(page);
      shots = await drawBoth(theme);
      if (shots.ours.equals(shots.theirs)) continue;
      pair = decode(shots);
    }
    const { ours, theirs } = pair;
    const label = `${name} (${theme})`;
    if (ours.width !== theirs.width || ours.height !== theirs.height) {
      problems.push(`${label}: ${ours.width}x${ours.height} against the reference's ${theirs.width}x${theirs.height}`);
      continue;
    }
    const diff = new PNG({ width: ours.width, height: ours.height });
    const differing = differingPixels(pair, diff);
    if (differing > ours.width * ours.height * MAX_DIFFERING) {
      problems.push(`${label}: ${differing} of ${ours.width * ours.height} pixels differ`);
      fs.mkdirSync(DIFF_DIR, { recursive: true });
      const file = `${name.replace(/[^a-z0-9]+/gi, '_')}-${theme}`;
      for (const [suffix, png] of [
        ['ours', ours],
        ['reference', theirs],
        ['diff', diff],
      ] as const)
        fs.writeFileSync(path.join(DIFF_DIR, `${file}-${suffix}.png`), PNG.sync.write(png));
    }
  }
  return problems;
}

async function visitAll(pages: string[], credentials: { username: string; password: string } | null): Promise<string[]> {
  const { page } = await h.newPage();
  if (credentials) await loginThroughUi(page, credentials.username, credentials.password);
  if (process.env.UPDATE_VISUAL_REFERENCE === '1') {
    await page.goto('/');
    fs.mkdirSync(path.dirname(REFERENCE), { recursive: true });
    fs.writeFileSync(REFERENCE, (await shippedCss(page)) + '\n');
  }
  const reference = fs.readFileSync(REFERENCE, 'utf8');
  const problems: string[] = [];
  for (const route of pages) {
    await page.goto(route.replace(':id', projectId));
    await page.locator('main, #root > *').first().waitFor();
    problems.push(...(await compare(page, route, reference)));
  }
  return problems;
}

const PAGE_SET_TIMEOUT_MS = 240_000;

describe('every page looks the same with the styles split into modules as with the one stylesheet before', () => {
  it(
    'public pages, both themes',
    async () => {
      expect(await visitAll(PUBLIC_PAGES, null)).toEqual([]);
    },
    PAGE_SET_TIMEOUT_MS,
  );
  it(
    "a user's pages, both themes",
    async () => {
      expect(await visitAll(USER_PAGES, owner)).toEqual([]);
    },
    PAGE_SET_TIMEOUT_MS,
  );
  it(
    "an administrator's pages, both themes",
    async () => {
      expect(await visitAll(ADMIN_PAGES, ADMIN)).toEqual([]);
    },
    PAGE_SET_TIMEOUT_MS,
  );
});
