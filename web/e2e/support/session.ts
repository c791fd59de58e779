/// <reference lib="dom" />
/**
 * Helpers the browser tests share: signing in through the real Login screen, reading the stored
 * token, answering the next dialog, and screenshots of one screen in both themes.
 */
import type { Dialog, Page } from 'playwright-core';
import fs from 'node:fs';
import path from 'node:path';
import { SCREENSHOT_DIR, viewportScreenshot, type BrowserHarness } from './browser.js';

export const THEMES = ['web3', 'minimalist'] as const;

/** Signs in through /login and waits for the dashboard. */
export async function loginThroughUi(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL('**/dashboard');
}

export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** GraphQL as the signed-in browser user (the token in its local storage). */
export async function graphqlAs(h: BrowserHarness, page: Page, query: string, variables?: Record<string, unknown>) {
  const r = await h.server.graphql(query, variables, await storedToken(page));
  if (r.errors?.length) throw new Error(`GraphQL error: ${JSON.stringify(r.errors)}`);
  return r.data;
}

/** Resolves with the next dialog's type and message after answering it (accept or dismiss). */
export function nextDialog(page: Page, answer: 'accept' | 'dismiss' = 'accept'): Promise<{ type: string; message: string }> {
  return new Promise((resolve) => {
    page.once('dialog', (d: Dialog) => {
      const seen = { type: d.type(), message: d.message() };
      void (answer === 'accept' ? d.accept() : d.dismiss()).then(() => resolve(seen));
    });
  });
}

/** Accepts the next `count` dialogs (a confirm that leads to an alert) and resolves with them in order. */
export function collectDialogs(page: Page, count: number): Promise<Array<{ type: string; message: string }>> {
  const seen: Array<{ type: string; message: string }> = [];
  return new Promise((resolve) => {
    const onDialog = (d: Dialog) => {
      seen.push({ type: d.type(), message: d.message() });
      void d.accept().then(() => {
        if (seen.length < count) return;
        page.off('dialog', onDialog);
        resolve(seen);
      });
    };
    page.on('dialog', onDialog);
  });
}

/**
 * Screenshots the page as it is in each theme: <name>-web3.png and <name>-minimalist.png. The
 * theme attribute is switched only for the picture and put back, so the app's state is untouched.
 */
export async function shootThemes(h: BrowserHarness, page: Page, name: string): Promise<void> {
  // Full-page pictures draw the sticky bar where the page is scrolled to: start at the top.
  const original = await page.evaluate(() => {
    window.scrollTo(0, 0);
    return document.documentElement.dataset.theme ?? 'web3';
  });
  for (const theme of THEMES) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await h.screenshot(page, `${name}-${theme}`);
  }
  await page.evaluate((t) => (document.documentElement.dataset.theme = t), original);
}

/** The date the browser calls today, as yyyy-mm-dd (what a date input takes). */
export const browserToday = (page: Page) => page.evaluate(() => new Date().toLocaleDateString('en-CA'));

/** Screenshots only what is in the viewport, in each theme (for long pages on narrow screens). */
export async function shootViewportThemes(page: Page, name: string): Promise<void> {
  const original = await page.evaluate(() => document.documentElement.dataset.theme ?? 'web3');
  for (const theme of THEMES) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    fs.writeFileSync(path.join(SCREENSHOT_DIR, `${name}-${theme}.png`), await viewportScreenshot(page));
  }
  await page.evaluate((t) => (document.documentElement.dataset.theme = t), original);
}
