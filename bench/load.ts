// Load benchmark (`npm run bench:load`): builds the client if stale, starts the server on a free port
// with a fresh embedded database (PGlite in a temp DATA_DIR, as a new user would run it), and in
// headless Chromium measures the login page and the home page at the phone and desktop sizes,
// first visit (fresh context: empty HTTP cache, no service worker; the visit lasts until the
// worker is active, so its precache is counted) and repeat visit (same context, service worker
// warm): JS/CSS/all bytes over the network, the page's and the worker's requests alike, and first
// contentful paint without and with 4× CPU throttling (median of BENCH_RUNS, default 3). Prints a
// table, then one JSON line with every figure.
import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page, Request } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import {
  API_BASE,
  DEFAULT_TENANT_ID,
  HEADER_SIGN,
  HEADER_TENANT,
  HEADER_TIMESTAMP,
  HOME_PATH,
  LOGIN_PATH,
  STORAGE_KEYS,
  STORAGE_PREFIX,
  TOKEN_LIFETIME_MS,
} from '../contract/constants';
import { DEFAULT_LOGIN_AES_KEY, DEFAULT_SIGN_SECRET, encodePassword, signRequest, signTimestamp } from '../contract/crypto';
import { ensureClientBuilt } from '../tests/e2e/lib/build';
import { temporaryDataDir } from '../tests/e2e/lib/database';
import { startServer } from '../tests/e2e/lib/server';
import { DESKTOP, launchOwnChromium, PHONE } from '../tests/e2e/lib/browser';

const USERNAME = process.env.BENCH_USER ?? 'admin';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'Demo@2026';
const SETTLE_MS = 1500;
/** Runs per figure; paint times are the median over them (2 cores make single runs noisy). */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** BENCH_DEVICES=phone measures the phone only (while tuning); the figures of issue 15 need both. */
const DEVICES = (process.env.BENCH_DEVICES ?? 'phone,desktop').split(',').filter((d): d is 'phone' | 'desktop' => d === 'phone' || d === 'desktop');

interface Load {
  jsBytes: number;
  cssBytes: number;
  totalBytes: number;
  /** Part of totalBytes that answered API calls (never cached, so not part of the shell). */
  apiBytes: number;
  /** Requests that went to the network, the page's and the service worker's. */
  requests: number;
  /** Of those, the service worker's own (precache and runtime fetches). */
  workerRequests: number;
  /** Bytes of the worker's own requests (part of totalBytes). */
  workerBytes: number;
  /** Page requests the service worker answered (no network bytes of their own). */
  swRequests: number;
  fcpMs: number | null;
  /** content-encoding of the largest script, to tell whether the server compresses. */
  jsEncoding: string;
}

const isScript = (url: string) => new URL(url).pathname.endsWith('.js');
const isStyle = (url: string) => new URL(url).pathname.endsWith('.css');

/**
 * Counts what one visit transfers over the network: every request of the context, the page's and
 * the service worker's own (Playwright follows service-worker targets through the DevTools
 * protocol, so the precache and the worker's runtime fetches are counted with the page's). A page
 * request the worker answered from its cache costs nothing; one it fetched shows as the worker's
 * request. A response from the HTTP cache carries no bytes. The visit ends when the page is ready,
 * the worker (if any) is active and the network has been quiet.
 */
async function measureNavigation(
  page: Page,
  url: string,
  options: { cpuThrottle?: number; waitFor?: (page: Page) => Promise<void>; waitForWorker?: boolean } = {},
): Promise<Load> {
  const context = page.context();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuThrottle ?? 1 });
  const load: Load = {
    jsBytes: 0,
    cssBytes: 0,
    totalBytes: 0,
    apiBytes: 0,
    requests: 0,
    workerRequests: 0,
    workerBytes: 0,
    swRequests: 0,
    fcpMs: null,
    jsEncoding: 'none',
  };
  let largestJs = 0;
  const pending: Promise<void>[] = [];
  const onFinished = (request: Request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        if (response.fromServiceWorker()) {
          load.swRequests += 1;
          return;
        }
        const sizes = await request.sizes();
        // What crossed the network (Chromium's encodedDataLength): a response from the HTTP cache
        // reports its headers with a body of minus their size, 0 in all (checked against the
        // server's own request log: it saw exactly the requests counted here).
        const bytes = sizes.responseBodySize + sizes.responseHeadersSize;
        if (bytes <= 0) return;
        const fromWorker = request.serviceWorker() !== null;
        load.requests += 1;
        load.totalBytes += bytes;
        if (fromWorker) {
          load.workerRequests += 1;
          load.workerBytes += bytes;
        }
        if (new URL(request.url()).pathname.startsWith(API_BASE + '/')) load.apiBytes += bytes;
        if (isScript(request.url())) {
          load.jsBytes += bytes;
          if (bytes > largestJs) {
            largestJs = bytes;
            load.jsEncoding = (await response.headerValue('content-encoding')) ?? 'none';
          }
        } else if (isStyle(request.url())) load.cssBytes += bytes;
      })().catch(() => undefined),
    );
  };
  context.on('requestfinished', onFinished);

  await page.goto(url, { waitUntil: 'load' });
  if (options.waitFor) await options.waitFor(page);
  if (options.waitForWorker) await waitForServiceWorker(page);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(SETTLE_MS);
  load.fcpMs = await page.evaluate(() => {
    const entry = performance.getEntriesByName('first-contentful-paint')[0];
    return entry ? Math.round(entry.startTime) : null;
  });
  context.off('requestfinished', onFinished);
  await Promise.all(pending);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return load;
}

async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return;
    await Promise.race([navigator.serviceWorker.ready, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  });
}

/** Signs in through the login form; falls back to the API and the client's storage format. */
async function signIn(page: Page, baseURL: string): Promise<'form' | 'api'> {
  await page.goto(LOGIN_PATH, { waitUntil: 'load' });
  try {
    const password = page.locator('input[type="password"]').first();
    await password.waitFor({ state: 'visible', timeout: 20_000 });
    const username = page
      .locator('input#username, input[name="username"], input[placeholder*="用户名"], input[placeholder*="账号"], input[autocomplete="username"]')
      .or(page.locator('input:not([type="password"]):not([type="hidden"]):not([type="checkbox"])'))
      .first();
    await username.fill(USERNAME);
    await password.fill(PASSWORD);
    await page
      .getByRole('button', { name: /^\s*登\s*录\s*$/ })
      .first()
      .click();
    await page.waitForURL((url) => !url.pathname.startsWith('/user/'), { timeout: 30_000 });
    return 'form';
  } catch (error) {
    console.warn(`[bench] form sign-in failed (${(error as Error).message.split('\n')[0]}); signing in through the API`);
  }
  const data = { username: USERNAME, password: encodePassword(PASSWORD, process.env.LOGIN_AES_KEY ?? DEFAULT_LOGIN_AES_KEY) };
  const response = await page.request.post(`${baseURL}${API_BASE}/sys/login`, {
    data,
    headers: {
      [HEADER_TENANT]: DEFAULT_TENANT_ID,
      [HEADER_SIGN]: signRequest({}, data, process.env.SIGN_SECRET ?? DEFAULT_SIGN_SECRET),
      [HEADER_TIMESTAMP]: signTimestamp(),
    },
  });
  const body = (await response.json()) as { success?: boolean; message?: string; result?: { token: string; refreshToken: string; userInfo: unknown } };
  if (!body.success || !body.result) throw new Error(`sign-in through the API failed: ${response.status()} ${body.message ?? ''}`);
  const { token, refreshToken, userInfo } = body.result;
  const expire = Date.now() + TOKEN_LIFETIME_MS;
  const entries = [
    [STORAGE_KEYS.token, token],
    [STORAGE_KEYS.refreshToken, refreshToken],
    [STORAGE_KEYS.userInfo, userInfo],
  ].map(([key, value]) => [STORAGE_PREFIX + key, JSON.stringify({ value, expire })]);
  // No helper functions inside evaluate: tsx would wrap them in a __name() the page lacks.
  await page.evaluate((pairs) => pairs.forEach(([key, value]) => localStorage.setItem(key, value)), entries);
  return 'api';
}

type Figures = Record<string, number | string | null>;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

async function benchDevice(browser: Browser, baseURL: string, device: 'phone' | 'desktop', figures: Figures, rows: string[][]): Promise<void> {
  const contextOptions: BrowserContextOptions = { ...(device === 'phone' ? PHONE : DESKTOP), baseURL, locale: 'zh-CN', serviceWorkers: 'allow' };
  const fresh = () => browser.newContext(contextOptions);
  const record = (pageName: string, visit: 'first' | 'repeat', load: Load, fcp4x: number | null) => {
    const key = visit === 'first' ? `${device}_${pageName}` : `${device}_${pageName}_repeat`;
    figures[`${key}_js_kb`] = kb(load.jsBytes);
    figures[`${key}_css_kb`] = kb(load.cssBytes);
    figures[`${key}_kb`] = kb(load.totalBytes);
    figures[`${key}_shell_kb`] = kb(load.totalBytes - load.apiBytes);
    figures[`${key}_requests`] = load.requests;
    figures[`${key}_worker_requests`] = load.workerRequests;
    figures[`${key}_worker_kb`] = kb(load.workerBytes);
    figures[`${key}_sw_requests`] = load.swRequests;
    figures[`${key}_fcp_ms`] = load.fcpMs;
    figures[`${key}_fcp_4x_ms`] = fcp4x;
    if (visit === 'first') figures[`${key}_js_encoding`] = load.jsEncoding;
    rows.push(
      [
        device,
        pageName,
        visit,
        kb(load.jsBytes),
        kb(load.cssBytes),
        kb(load.totalBytes),
        kb(load.apiBytes),
        load.requests,
        load.workerRequests,
        load.swRequests,
        load.fcpMs ?? '-',
        fcp4x ?? '-',
      ].map(String),
    );
  };

  // Sign in once to learn what the client keeps in storage; every home visit starts from it.
  const signInContext = await fresh();
  const signInPage = await signInContext.newPage();
  figures[`${device}_sign_in`] = await signIn(signInPage, baseURL);
  const storageState = await signInContext.storageState();
  await signInContext.close();

  for (const pageName of ['login', 'home'] as const) {
    const path = pageName === 'login' ? LOGIN_PATH : HOME_PATH;
    const open = async (): Promise<BrowserContext> => (pageName === 'login' ? fresh() : browser.newContext({ ...contextOptions, storageState }));

    // First visits, each in a fresh context. The first one's context is kept, its service worker
    // warm, for the repeat visits. Bytes come from the first run; paint times are medians.
    const firsts: Load[] = [];
    let warm: BrowserContext | undefined;
    for (let run = 0; run < RUNS; run += 1) {
      const context = await open();
      const page = await context.newPage();
      firsts.push(await measureNavigation(page, path, { waitForWorker: true }));
      if (run === 0) {
        await waitForServiceWorker(page);
        await page.close();
        warm = context;
      } else await context.close();
    }
    // The worker is installed and its precache filled: what a repeat visit finds.
    const firsts4x: Load[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const context = await open();
      firsts4x.push(await measureNavigation(await context.newPage(), path, { cpuThrottle: 4, waitForWorker: true }));
      await context.close();
    }
    const repeats: Load[] = [];
    const repeats4x: Load[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      repeats.push(await measureNavigation(await warm!.newPage(), path));
      repeats4x.push(await measureNavigation(await warm!.newPage(), path, { cpuThrottle: 4 }));
    }
    await warm!.close();

    record(pageName, 'first', { ...firsts[0], fcpMs: medianFcp(firsts) }, medianFcp(firsts4x));
    record(pageName, 'repeat', { ...repeats[0], fcpMs: medianFcp(repeats) }, medianFcp(repeats4x));
  }
}

function medianFcp(loads: Load[]): number | null {
  const times = loads
    .map((load) => load.fcpMs)
    .filter((ms): ms is number => ms !== null)
    .sort((a, b) => a - b);
  return times.length ? times[Math.floor(times.length / 2)] : null;
}

function printTable(rows: string[][]): void {
  const header = ['device', 'page', 'visit', 'JS KB', 'CSS KB', 'all KB', 'API KB', 'net req', 'worker req', 'sw answered', 'FCP ms', 'FCP 4× ms'];
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column].length)));
  const line = (row: string[]) => row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  rows.forEach((row) => console.log(line(row)));
}

async function main(): Promise<void> {
  ensureClientBuilt();
  const dataDir = temporaryDataDir('boss-bench-');
  // Production settings: its server-only keys (thrown away with the data) and the demo users to sign in as.
  const keys = { BOSS_DATA_KEY: randomBytes(32).toString('hex'), BOSS_LEDGER_KEY: randomBytes(32).toString('hex'), BOSS_DEMO: '1' };
  const server = await startServer({ name: 'bench-server', env: { DATA_DIR: dataDir, NODE_ENV: 'production', ...keys } });
  const browser = await launchOwnChromium();
  const figures: Figures = {};
  const rows: string[][] = [];
  try {
    for (const device of DEVICES) await benchDevice(browser, server.baseURL, device, figures, rows);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  // Everything a first visit downloads, the worker's precache included (issue 15's keys), and what
  // a repeat visit to phone home downloads besides API answers (the goal: nothing).
  figures.phone_login_first_visit_js_kb = figures.phone_login_js_kb;
  figures.phone_login_first_visit_requests = figures.phone_login_requests;
  figures.phone_home_first_visit_js_kb = figures.phone_home_js_kb;
  figures.desktop_login_first_visit_js_kb = figures.desktop_login_js_kb;
  figures.desktop_home_first_visit_js_kb = figures.desktop_home_js_kb;
  figures.repeat_visit_kb = Math.max(Number(figures.phone_home_repeat_shell_kb), Number(figures.desktop_home_repeat_shell_kb));
  figures.compressed = ['br', 'gzip', 'zstd', 'deflate'].includes(String(figures.phone_login_js_encoding)) ? 'yes' : 'no';
  printTable(rows);
  const goals: [string, number][] = [
    ['phone_login_first_visit_js_kb', 200],
    ['phone_login_first_visit_requests', 60],
    ['phone_home_first_visit_js_kb', 300],
    ['desktop_home_first_visit_js_kb', 500],
    // Nothing but API answers, and the one conditional request for /sw.js (a 304, headers only) that
    // the browser makes on a navigation to check the worker for an update, whatever the HTTP cache says.
    ['repeat_visit_kb', 1],
  ];
  console.log('');
  for (const [key, limit] of goals) console.log(`${Number(figures[key]) <= limit ? 'ok  ' : 'OVER'} ${key} = ${figures[key]} (goal ≤ ${limit})`);
  if (figures.compressed === 'no') console.log('note: the server sent JavaScript without content-encoding; byte figures are uncompressed');
  console.log(JSON.stringify(figures));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
