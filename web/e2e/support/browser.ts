/**
 * Headless Chromium for browser tests, driven by playwright-core: CHROMIUM_PATH when set, else
 * a `chromium` on the PATH (Debian's), else the Chromium the `@sparticuz/chromium` npm package
 * ships (decompressed into the temp folder on first use; npm test does that once up front), against a real API server that serves the built web app (npm test builds
 * web/dist first). Screenshots go to the git-ignored screenshots/ folder, to be looked at.
 */
import { jest } from '@jest/globals';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../../api/test/support/test-server.js';
import { systemChromium } from '../../../api/src/startup/test-browser.js';

// Each browser test's time limit is a hang guard, not a speed check: a walk that takes 25-35 s on a
// quiet machine took over a minute with a second suite running beside it (issue 29: the suite must
// pass on a loaded machine). A file's own jest.setTimeout, after its imports, still wins.
jest.setTimeout(180_000);

/** The Chromium browser tests run: see the comment at the top. */
export async function chromiumPath(): Promise<string> {
  const system = systemChromium();
  if (system) return system;
  const shipped = (await import('@sparticuz/chromium')).default;
  return shipped.executablePath();
}
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../screenshots/', import.meta.url));

const cdpSessions = new WeakMap<Page, Promise<CDPSession>>();
const cdpOf = (page: Page): Promise<CDPSession> => {
  let session = cdpSessions.get(page);
  if (!session) cdpSessions.set(page, (session = page.context().newCDPSession(page)));
  return session;
};

/** What is in the viewport as PNG bytes, at the fastest encoding (see fullPageScreenshot). */
export async function viewportScreenshot(page: Page): Promise<Buffer> {
  const { data } = await (await cdpOf(page)).send('Page.captureScreenshot', { format: 'png', optimizeForSpeed: true });
  return Buffer.from(data, 'base64');
}

/**
 * The whole page (from the top) as PNG bytes, captured by Chromium at its fastest encoding
 * (`optimizeForSpeed`: the same pixels, a larger file): Playwright's `fullPage` screenshot encodes
 * for size and took ~0.6 s a page here, most of a screenshot-heavy test's time.
 *
 * The viewport is made as tall as the page for the capture (same width), then put back. Chromium's
 * `captureBeyondViewport` (and Playwright's `fullPage`, which uses it) resizes the page to 1x1 for a
 * moment: every `max-width` media query matches, and a page mid-interaction changes under the test
 * (the review grid became its narrow card list and dropped the open cell editor).
 */
export async function fullPageScreenshot(page: Page): Promise<Buffer> {
  const cdp = await cdpOf(page);
  await page.evaluate('window.scrollTo(0, 0)');
  const { cssContentSize } = await cdp.send('Page.getLayoutMetrics');
  const viewport = page.viewportSize();
  const height = Math.ceil(cssContentSize.height);
  if (!viewport || height <= viewport.height) return viewportScreenshot(page);
  await page.setViewportSize({ width: viewport.width, height });
  try {
    return await viewportScreenshot(page);
  } finally {
    await page.setViewportSize(viewport);
  }
}

export interface BrowserHarness {
  server: TestServer & { close(): Promise<void> };
  browser: Browser;
  /** A fresh browser context (own local storage) on the server, at the given viewport width. */
  newPage(opts?: { width?: number; height?: number }): Promise<{ context: BrowserContext; page: Page }>;
  /** Saves screenshots/<name>.png (full page). */
  screenshot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

export async function startBrowserHarness(opts: Parameters<typeof startTestServer>[0] = {}): Promise<BrowserHarness> {
  const server = await startTestServer(opts);
  const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_FLAGS, headless: true });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const contexts: BrowserContext[] = [];
  return {
    server,
    browser,
    async newPage({ width = 1280, height = 860 } = {}) {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width, height } });
      contexts.push(context);
      const page = await context.newPage();
      // Surface page errors in the test output: a crash in the page is a test failure waiting to happen.
      page.on('pageerror', (err) => console.error(`[page error] ${err.message}`));
      return { context, page };
    },
    async screenshot(page, name) {
      // From the top (fullPageScreenshot scrolls there): a capture of a scrolled page draws the sticky header mid-page.
      fs.writeFileSync(path.join(SCREENSHOT_DIR, `${name}.png`), await fullPageScreenshot(page));
    },
    async close() {
      await Promise.allSettled(contexts.map((c) => c.close()));
      await browser.close();
      await server.close();
    },
  };
}
