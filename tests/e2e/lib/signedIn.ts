// The signed-in page of a describe block: a fresh desktop or phone context (service worker blocked)
// opened and signed in before its tests and closed after them, with a screenshot of the page after
// each failed test (test-results/screenshots/<name>-failed-<test id>.png).
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { desktopContext, phoneContext } from './browser';
import { signIn } from './session';

export function signedInPage(o: { browser: () => Browser; baseURL: string; phone?: boolean; user: string; name: string }, use: (page: Page) => void): void {
  let ctx: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    ctx = await (o.phone ? phoneContext : desktopContext)(o.browser(), { baseURL: o.baseURL, serviceWorkers: 'block' });
    page = await ctx.newPage();
    await signIn(page, o.user);
    use(page);
  });
  afterAll(async () => ctx?.close());
  afterEach(async (c) => {
    if (c.task.result?.state === 'fail') await page?.screenshot({ path: `test-results/screenshots/${o.name}-failed-${c.task.id}.png` });
  });
}
