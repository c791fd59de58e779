import type { BrowserContext, Page } from 'playwright-core';

/** When the page first showed a text, and when it then stopped showing it, on the page's own clock (ms). */
export interface TextMark {
  shown?: number;
  gone?: number;
}

/**
 * Marks, for each named pattern, when the page's text first matched it and when it then stopped
 * matching, on the page's own clock (`performance.now()`, kept across in-app navigation). A timing
 * the page promises (a popup open 5 s, a redirect after 2 s) is then read where it happens: the
 * test process sees each change later, by a delay that varies on a loaded machine (a loaded run
 * measured a 2 s redirect as 1.49 s from there). Install before the page loads.
 */
export async function markTexts(context: BrowserContext, patterns: Record<string, RegExp>): Promise<void> {
  const sources = Object.fromEntries(Object.entries(patterns).map(([name, re]) => [name, [re.source, re.flags] as [string, string]]));
  await context.addInitScript((all: Record<string, [string, string]>) => {
    const marks: Record<string, { shown?: number; gone?: number }> = {};
    const tests = Object.entries(all).map(([name, [source, flags]]) => [name, new RegExp(source, flags)] as const);
    Object.assign(window, { textMarks: marks });
    const check = () => {
      // textContent, not innerText: no layout on every change.
      const text = document.body?.textContent ?? '';
      const at = performance.now();
      for (const [name, re] of tests) {
        const mark = (marks[name] ??= {});
        const on = re.test(text);
        if (on && mark.shown === undefined) mark.shown = at;
        else if (!on && mark.shown !== undefined && mark.gone === undefined) mark.gone = at;
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  }, sources);
}

/**
 * One text's mark once the page has both shown it and stopped showing it (markTexts). Waits on the
 * page itself: a sign the test sees first (the URL changing) can come before the DOM drops the text.
 */
export async function shownThenGone(page: Page, name: string, timeout = 15_000): Promise<Required<TextMark>> {
  const handle = await page.waitForFunction(
    (key) => {
      const mark = (window as unknown as { textMarks: Record<string, TextMark | undefined> }).textMarks[key];
      return mark?.shown !== undefined && mark.gone !== undefined ? mark : null;
    },
    name,
    { timeout },
  );
  return (await handle.jsonValue()) as Required<TextMark>;
}
