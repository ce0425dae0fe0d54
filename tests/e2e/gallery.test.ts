// The building-block gallery (issue 16 §5): /test/home lists every block with its caption at both
// sizes, and each entry opens its own page, titled, with its states and without a page error.
// Each block's own behaviour is exercised by its gallery-<block> e2e file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEVICES, launchChromium, screenshot } from './lib/browser';
import { signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(DEVICES)('gallery at $name', ({ name, newContext }) => {
  it('lists every block and opens each one in its states', async () => {
    const context = await newContext(browser, { baseURL, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // Some blocks call the API (users, departments, dictionaries), as they do inside the app.
    await signIn(page, 'admin');
    await page.goto('/test/home');
    const links = page.locator('.gallery-catalogue a');
    await expect.poll(() => links.count()).toBeGreaterThan(0);
    const entries = await links.evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href') ?? '', title: a.textContent ?? '' })));
    await screenshot(page, `gallery-catalogue-${name}`);
    for (const { href, title } of entries) {
      await page.goto(href);
      await expect.poll(() => page.locator('.gallery-page h1').innerText()).toBe(title);
      await expect.poll(() => page.locator('.gallery-state').count()).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
    // An unknown block is the 404 page, not an empty frame.
    await page.goto('/test/home/no-such-block');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/404');
    await context.close();
  });
});
