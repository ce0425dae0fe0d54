// Debian's Chromium driven by playwright-core (no browser download), and the two device sizes
// every journey runs at: a phone (390×844) and a desktop (1440×900).
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './build';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A browser of its own (tools that need a fresh profile process; the journeys share one, below). */
export function launchOwnChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}

let shared: Promise<Browser> | null = null;

/**
 * The test file's browser: a handle on the one Chromium its Vitest worker shares with the worker's
 * other files (the e2e files run without isolation, two workers at a time), launched on first use
 * and again if it went away. Files still launch in beforeAll and close in afterAll; closing the
 * handle closes the contexts the file opened through it (each is a fresh profile: storage, cache,
 * service workers), not the browser, which Playwright ends with the worker. A launch and a close
 * per file cost about a CPU-second each on a machine whose test run is CPU-bound from start to end.
 */
export async function launchChromium(): Promise<Browser> {
  shared ??= launchOwnChromium().then((b) => {
    b.on('disconnected', () => (shared = null));
    return b;
  });
  const browser = await shared;
  const mine = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    mine.add(context);
    context.once('close', () => mine.delete(context));
    return context;
  };
  return new Proxy(browser, {
    get(target, prop) {
      if (prop === 'close') return async () => void (await Promise.all([...mine].map((c) => c.close().catch(() => undefined))));
      if (prop === 'newContext') return async (options?: BrowserContextOptions) => track(await target.newContext(options));
      if (prop === 'newPage')
        return async (options?: BrowserContextOptions) => {
          // Like Browser.newPage: a context of its own, closed with the page.
          const context = track(await target.newContext(options));
          const page = await context.newPage();
          page.once('close', () => void context.close().catch(() => undefined));
          return page;
        };
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';

export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: PHONE_UA,
};
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 };

const common = (baseURL?: string): BrowserContextOptions => ({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai', baseURL, serviceWorkers: 'allow' });

export function phoneContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ ...common(), ...PHONE, ...options });
}

export function desktopContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ ...common(), ...DESKTOP, ...options });
}

/** The two sizes, for `describe.each(DEVICES)`. */
export const DEVICES = [
  { name: 'phone', newContext: phoneContext },
  { name: 'desktop', newContext: desktopContext },
] as const;

export const SCREENSHOT_DIR = path.join(repoRoot, 'test-results', 'screenshots');

/**
 * Saves a full-page screenshot as test-results/screenshots/<name>.png and returns its path. It is
 * taken at CSS pixels (a phone's 390 px wide, not its 1,170 device pixels): the shots are a record
 * to look at, and encoding nine times the pixels of every phone shot (about 850 megapixels a run)
 * cost a fifth of a screenshot-heavy file's CPU (gallery-grid: 65 s of CPU with device pixels, 58
 * at CSS pixels, 53 without shots) on a run that is CPU-bound from start to end.
 */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true, scale: 'css' });
  return file;
}
