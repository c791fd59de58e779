/**
 * Headless Chromium for browser tests, driven by playwright-core: CHROMIUM_PATH when set, else
 * a `chromium` on the PATH (Debian's), else the Chromium the `@sparticuz/chromium` npm package
 * ships (decompressed into the temp folder on first use; npm test does that once up front), against a real API server that serves the built web app (npm test builds
 * web/dist first). Screenshots go to the git-ignored screenshots/ folder, to be looked at.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../../api/test/support/test-server.js';
import { systemChromium } from '../../../api/src/startup/test-browser.js';

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
      // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
    },
    async close() {
      await Promise.allSettled(contexts.map((c) => c.close()));
      await browser.close();
      await server.close();
    },
  };
}
