// The installable PWA at both sizes: the manifest is linked and valid, the service worker takes
// control, precaches the shell and its own device's kit only (a phone never downloads desktop-only
// code, not even into a cache), caches other chunks when first used, an offline reload shows the
// app shell with the offline banner (not the browser's error page), and no API response is kept
// in a cache except the dictionaries.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { API_BASE, LOGIN_PATH, SYSTEM_NAME } from '../../contract/constants';
import { MSG } from '../../contract/messages';
import { KITS_REPORT, type KitsReport } from '../../scripts/precacheKits';
import { DEVICES, launchChromium, screenshot } from './lib/browser';
import { repoRoot } from './lib/build';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

/** What the build put in each device's precache (written by scripts/precacheKits.ts). */
const kits = JSON.parse(readFileSync(path.join(repoRoot, 'dist', KITS_REPORT), 'utf8')) as KitsReport;
const urlPath = (url: string) => new URL(url).pathname;

/** Every cached URL path, with its cache. */
async function cachedEntries(page: Page): Promise<{ cache: string; url: string }[]> {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string }[] = [];
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName);
      for (const request of await cache.keys()) entries.push({ cache: cacheName, url: new URL(request.url).pathname });
    }
    return entries;
  });
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
  /** Paths of every request of the context, the page's and the worker's. */
  const requested: string[] = [];
  const otherDevice = name === 'phone' ? 'desktop' : 'phone';
  const ownFiles = new Set([...kits.shell, ...kits.kits[name]].map((file) => '/' + file));
  /** Files only the other device's kit holds: this device must never fetch them on its first visit. */
  const otherOnly = kits.kits[otherDevice].filter((file) => !kits.kits[name].includes(file)).map((file) => '/' + file);

  beforeAll(async () => {
    context = await newContext(browser, { baseURL });
    context.on('request', (request) => requested.push(urlPath(request.url())));
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
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseURL}/sw.js?kit=${name}`);
    await screenshot(page, `pwa-${name}-online`);
  });

  it('precaches the shell and its own kit, nothing of the other device and no business data', async () => {
    const cached = await cachedEntries(page);
    const precached = cached.filter((entry) => entry.cache.startsWith('workbox-precache')).map((entry) => entry.url);
    expect(precached).toContain('/index.html');
    expect(new Set(precached)).toEqual(ownFiles);
    expect(otherOnly.length, `the ${otherDevice} kit has files of its own`).toBeGreaterThan(0);
    const fetchedOtherKit = requested.filter((url) => otherOnly.includes(url));
    expect(fetchedOtherKit, `the ${name} fetched chunks of the ${otherDevice} kit`).toEqual([]);
    const apiEntries = cached.filter((entry) => entry.url.startsWith(API_BASE));
    for (const entry of apiEntries) {
      expect(entry.cache, `${entry.url} may only be cached as a dictionary`).toBe('boss-dict');
      expect(entry.url).toMatch(/\/sys\/dict\/(queryAllDictItems|getDictItems\/)/);
    }
  });

  it('caches a chunk outside the precache the first time a page uses it', async () => {
    await page.goto('/user/register', { waitUntil: 'load' });
    await page.locator('#root input').first().waitFor({ state: 'visible', timeout: 20_000 });
    await expect
      .poll(async () => (await cachedEntries(page)).filter((entry) => entry.cache === 'boss-assets' && !ownFiles.has(entry.url)).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    await page.goto(LOGIN_PATH, { waitUntil: 'load' });
  });

  it('reloads offline into the shell with the offline banner', async () => {
    await context.setOffline(true);
    try {
      await page.reload({ waitUntil: 'load' });
      expect(page.url()).not.toMatch(/^chrome-error:/);
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
      await expect.poll(() => page.locator('#root').evaluate((root) => root.childElementCount), { timeout: 15_000 }).toBeGreaterThan(0);
      const banner = page.getByTestId('offline-banner').filter({ hasText: MSG.offline });
      await banner.waitFor({ state: 'visible', timeout: 15_000 });
      // API calls are not answered from a cache while offline: they fail like the network does.
      const apiReached = await page.evaluate(
        async (url) =>
          fetch(url).then(
            () => true,
            () => false,
          ),
        `${API_BASE}/health`,
      );
      expect(apiReached).toBe(false);
      await screenshot(page, `pwa-${name}-offline`);
    } finally {
      await context.setOffline(false);
    }
  });

  it('hides the offline banner when the network comes back', async () => {
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByTestId('offline-banner').filter({ hasText: MSG.offline }).waitFor({ state: 'hidden', timeout: 10_000 });
  });
});
