/// <reference lib="dom" />
/**
 * Issue 16 item 8: the web3 theme's sticky header is glass (a 7 %-opaque surface over a blur).
 * The production CSS once kept only `-webkit-backdrop-filter`, so Chromium drew page text sharply
 * under the links. This reads the computed style on the built app (web/dist), as a user gets it.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR, startBrowserHarness, type BrowserHarness } from './support/browser.js';
import { shootThemes } from './support/session.js';

let h: BrowserHarness;
beforeAll(async () => {
  h = await startBrowserHarness();
});
afterAll(() => h.close());

const backdropOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).backdropFilter);

it('blurs what scrolls under the web3 header and cards in Chromium (standard backdrop-filter survives the build)', async () => {
  const { page } = await h.newPage();
  await page.goto('/about');
  await page.locator('.navbar').waitFor();
  expect(await page.evaluate(() => document.documentElement.dataset.theme ?? 'web3')).toBe('web3');
  const header = await backdropOf(page, '.navbar');
  expect(header).not.toBe('none');
  expect(header).toMatch(/blur\(\d+(\.\d+)?px\)/);
  expect(await backdropOf(page, '.card')).toMatch(/blur\(/);

  // The built stylesheet carries both forms: the standard one for Chromium/Firefox, -webkit- for Safari 16.
  const css = await page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel=stylesheet]')!.href;
    return (await fetch(href)).text();
  });
  const navbarRule = /\.navbar\{[^}]*\}/.exec(css)?.[0] ?? '';
  expect(navbarRule).toContain('-webkit-backdrop-filter:');
  expect(navbarRule.replace(/-webkit-backdrop-filter/g, '')).toContain('backdrop-filter:');

  // Text scrolled under the header: the picture shows it blurred in web3.
  await page.evaluate(() => window.scrollTo(0, 120));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'glass-header-scrolled-web3.png') });
  await shootThemes(h, page, 'glass-header');
  await page.setViewportSize({ width: 375, height: 800 });
  await shootThemes(h, page, 'glass-header-375');
});
