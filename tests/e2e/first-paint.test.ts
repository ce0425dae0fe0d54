// The phone's first paint (src/lib/firstPaint.ts): before any script has loaded, a cold start paints
// the page's largest text where the page will draw it — the sign-in header from the build on a first
// visit, the home greeting the user's last visit drew — and the page replaces it in the commit that
// draws its own, never showing both. Scripts are held back (the service worker is blocked, so the
// page's own requests are all there is) to see what is painted without them. A desktop paints nothing,
// and signing out forgets the greeting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { HOME_PATH, LOGIN_PATH, STORAGE_KEYS, STORAGE_PREFIX, SYSTEM_NAME } from '../../contract/constants';
import { FIRST_PAINT_ID } from '../../src/lib/firstPaintScript';
import { desktopContext, launchChromium, phoneContext, screenshot } from './lib/browser';
import { signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const SCRIPTS = '**/assets/*.js';
const PAINTED = `#${FIRST_PAINT_ID}`;

type Box = { x: number; y: number; width: number; height: number };

/** The box of the first element of `selector` inside (painted) or outside (drawn) the first paint. */
function boxOf(page: Page, selector: string, painted: boolean): Promise<Box | null> {
  return page.evaluate(
    ([sel, id, inside]) => {
      const el = [...document.querySelectorAll(sel)].find((e) => !!e.closest(`#${id}`) === inside);
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    },
    [selector, FIRST_PAINT_ID, painted] as const,
  );
}

/** Loads `path` with every script held back, so only index.html's own first paint can draw. */
async function coldWithoutScripts(page: Page, path: string): Promise<void> {
  await page.route(SCRIPTS, (route) => route.abort());
  await page.goto(path);
  await page.waitForLoadState('load');
}

/** Loads `path` with scripts, recording whether the painted and the drawn `selector` ever coexisted. */
async function coldWithScripts(page: Page, path: string, selector: string): Promise<void> {
  await page.unroute(SCRIPTS);
  await page.goto(path);
  await expect.poll(() => boxOf(page, selector, false), { timeout: 20_000 }).not.toBeNull();
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('first paint on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
    // Counts every moment the painted and the drawn copy are in the page together.
    await context.addInitScript((id) => {
      (window as unknown as { both: number }).both = 0;
      new MutationObserver(() => {
        const painted = document.getElementById(id);
        if (painted && [...document.querySelectorAll('h1, section h2')].some((e) => !painted.contains(e))) (window as unknown as { both: number }).both++;
      }).observe(document, { childList: true, subtree: true });
    }, FIRST_PAINT_ID);
    page = await context.newPage();
  });
  afterAll(async () => context?.close());
  const both = () => page.evaluate(() => (window as unknown as { both: number }).both);
  /** A cold start with scripts draws `selector` in the painted copy's box, the copy gone and never beside it. */
  async function expectDrawnWherePainted(path: string, selector: string, painted: Box | null) {
    await coldWithScripts(page, path, selector);
    expect(await page.locator(PAINTED).count()).toBe(0);
    expect(await boxOf(page, selector, false)).toEqual(painted);
    expect(await both()).toBe(0);
  }

  it('paints the sign-in header on a first visit before any script, where the page then draws it', async () => {
    await coldWithoutScripts(page, LOGIN_PATH);
    await expect.poll(() => page.locator(`${PAINTED} h1`).textContent()).toBe(SYSTEM_NAME);
    expect(await page.locator(`${PAINTED} header`).textContent()).toContain('欢迎登录');
    const painted = await boxOf(page, 'header h1', true);
    await screenshot(page, 'first-paint-phone-sign-in-without-scripts');

    await expectDrawnWherePainted(LOGIN_PATH, 'header h1', painted);
  });

  it('paints the greeting the last visit drew, while signed in, where the page then draws it', async () => {
    await page.unroute(SCRIPTS);
    await signIn(page, 'admin');
    const greeting = page.locator('section h2').filter({ hasText: '，' });
    await expect.poll(() => greeting.count(), { timeout: 20_000 }).toBe(1);
    const text = await greeting.textContent();
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE_PREFIX + STORAGE_KEYS.firstPaint)).toContain(HOME_PATH);

    await coldWithoutScripts(page, HOME_PATH);
    await expect.poll(() => page.locator(`${PAINTED} section h2`).textContent()).toBe(text);
    const painted = await boxOf(page, 'section h2', true);
    await screenshot(page, 'first-paint-phone-home-without-scripts');

    await expectDrawnWherePainted(HOME_PATH, 'section h2', painted);
  });

  it('forgets the greeting when the user signs out', async () => {
    await page.goto(`${HOME_PATH}?tab=me`);
    await page.getByText('退出登录', { exact: true }).click();
    await page.getByRole('button', { name: '退出登录' }).last().click();
    await page.waitForURL(/\/user\/login-admin$/);
    expect(await page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE_PREFIX + STORAGE_KEYS.firstPaint)).not.toContain(HOME_PATH);
    await coldWithoutScripts(page, HOME_PATH);
    expect(await page.locator(PAINTED).count()).toBe(0);
  });
});

describe('first paint on a desktop', () => {
  it('paints nothing before the scripts', async () => {
    const context = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
    try {
      const page = await context.newPage();
      await coldWithoutScripts(page, LOGIN_PATH);
      expect(await page.locator(PAINTED).count()).toBe(0);
      expect(await page.locator('#app-loading').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
