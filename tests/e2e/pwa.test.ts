// The installable PWA at both sizes: the manifest is linked and valid, the service worker takes
// control, an offline reload shows the app shell with the offline banner (not the browser's error
// page), and no API response is kept in a cache except the dictionaries.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { API_BASE, LOGIN_PATH, SYSTEM_NAME } from '../../contract/constants';
import { MSG } from '../../contract/messages';
import { DEVICES, launchChromium, screenshot } from './lib/browser';

const baseURL = inject('baseURL');

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(DEVICES)('PWA at $name size', ({ name, newContext }) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await newContext(browser, { baseURL });
    page = await context.newPage();
    await page.goto(LOGIN_PATH, { waitUntil: 'load' });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('links a valid web app manifest with its icons', async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href, 'index.html links the manifest').toBeTruthy();
    const response = await context.request.get(new URL(href!, baseURL).href);
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ name: SYSTEM_NAME, short_name: 'BOSS', start_url: '/Home', scope: '/', display: 'standalone', theme_color: '#0267B5' });
    const sizes = (purpose: string) => manifest.icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes(purpose)).map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable')).toContain('512x512');
    for (const icon of manifest.icons) {
      const file = await context.request.get(new URL(icon.src, baseURL).href);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type'], icon.src).toContain(icon.type.split('+')[0]);
    }
  });

  it('is controlled by the service worker after at most one reload', async () => {
    // The page registers /sw.js from <UpdatePrompt> in production builds only.
    const ready = await page.evaluate(() =>
      Promise.race([navigator.serviceWorker.ready.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000))]),
    );
    expect(ready, 'a service worker is active (production build with <UpdatePrompt> mounted)').toBe(true);
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload({ waitUntil: 'load' });
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseURL}/sw.js`);
    await screenshot(page, `pwa-${name}-online`);
  });

  it('precaches the shell and no business data', async () => {
    const cached = await page.evaluate(async () => {
      const entries: { cache: string; url: string }[] = [];
      for (const cacheName of await caches.keys()) {
        const cache = await caches.open(cacheName);
        for (const request of await cache.keys()) entries.push({ cache: cacheName, url: new URL(request.url).pathname });
      }
      return entries;
    });
    const paths = cached.map((entry) => entry.url);
    expect(paths).toContain('/index.html');
    expect(paths).toContain('/manifest.webmanifest');
    expect(paths.some((path) => path.endsWith('.js'))).toBe(true);
    const apiEntries = cached.filter((entry) => entry.url.startsWith(API_BASE));
    for (const entry of apiEntries) {
      expect(entry.cache, `${entry.url} may only be cached as a dictionary`).toBe('boss-dict');
      expect(entry.url).toMatch(/\/sys\/dict\/(queryAllDictItems|getDictItems\/)/);
    }
  });

  it('reloads offline into the shell with the offline banner', async () => {
    await context.setOffline(true);
    try {
      await page.reload({ waitUntil: 'load' });
      expect(page.url()).not.toMatch(/^chrome-error:/);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      await expect.poll(() => page.locator('#root').evaluate((root) => root.childElementCount), { timeout: 15_000 }).toBeGreaterThan(0);
      const banner = page.getByText(MSG.offline);
      await banner.waitFor({ state: 'visible', timeout: 15_000 });
      // API calls are not answered from a cache while offline: they fail like the network does.
      const apiReached = await page.evaluate(async (url) => fetch(url).then(() => true, () => false), `${API_BASE}/health`);
      expect(apiReached).toBe(false);
      await screenshot(page, `pwa-${name}-offline`);
    } finally {
      await context.setOffline(false);
    }
  });

  it('hides the offline banner when the network comes back', async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByText(MSG.offline).waitFor({ state: 'hidden', timeout: 10_000 });
  });
});
