// Lighthouse benchmark (`npm run bench:lighthouse`, issue 15 §1): Lighthouse's mobile performance
// score of the sign-in page and of the signed-in home page, as Lighthouse's default (mobile) config
// measures them: a Moto G Power sized screen, simulated slow 4G and 4× CPU slow-down, cold load
// (empty caches, no service worker). It builds the client if stale, starts the production server
// on a fresh embedded database (demo users on), and drives Debian's Chromium (no browser download)
// in a throwaway profile that Lighthouse reaches over the DevTools port. Home is measured signed
// in: the profile signs in first; before each run the HTTP cache, the caches and the service worker
// are emptied while local storage (the token) stays, and Lighthouse keeps the storage.
// Median of BENCH_RUNS (default 3) per page. Prints a table, then one JSON line.
import { chromium, type BrowserContext } from 'playwright-core';
import lighthouse from 'lighthouse';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HOME_PATH, LOGIN_PATH, STORAGE_KEYS, STORAGE_PREFIX } from '../contract/constants';
import { ensureClientBuilt } from '../tests/e2e/lib/build';
import { temporaryDataDir } from '../tests/e2e/lib/database';
import { freePort, startServer } from '../tests/e2e/lib/server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/lib/browser';
import { DEMO_PASSWORD, signIn } from '../tests/e2e/lib/session';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const GOAL = 95;

interface Run {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
}

async function audit(port: number, url: string, keepStorage: boolean): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Signed-in pages need the token in local storage; caches and the service worker are cleared all the same.
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // BENCH_DEBUG=1: what the largest paint was, and the requests it waited on.
  if (process.env.BENCH_DEBUG) {
    console.log(JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details, null, 1).slice(0, 3000));
    console.log(JSON.stringify(lhr.audits['critical-request-chains']?.details, null, 1).slice(0, 6000));
    const items = (id: string) => (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
    console.log('long tasks', JSON.stringify(items('long-tasks').map((t) => [t.url, t.startTime, t.duration])));
    console.log('bootup', JSON.stringify(items('bootup-time').map((t) => [t.url, t.total, t.scripting, t.scriptParseCompile])));
  }
  const num = (id: string) => Math.round(Number(lhr.audits[id]?.numericValue ?? NaN));
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: num('first-contentful-paint'),
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: Math.round(Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    siMs: num('speed-index'),
  };
}

/** Empties the HTTP cache, the caches and the service workers of `origin`, keeping local storage. */
async function coldStart(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'cache_storage,service_workers' });
  await cdp.detach();
  await page.close();
}

const median = (runs: Run[]): Run => {
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main(): Promise<void> {
  ensureClientBuilt();
  const dataDir = temporaryDataDir('boss-lighthouse-');
  const profile = mkdtempSync(path.join(tmpdir(), 'boss-lighthouse-profile-'));
  const keys = { BOSS_DATA_KEY: randomBytes(32).toString('hex'), BOSS_LEDGER_KEY: randomBytes(32).toString('hex'), BOSS_DEMO: '1' };
  const server = await startServer({ name: 'bench-lighthouse-server', env: { DATA_DIR: dataDir, NODE_ENV: 'production', ...keys } });
  const port = await freePort();
  let context: BrowserContext | undefined;
  const figures: Record<string, number | string> = {};
  const rows: string[][] = [];
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
      headless: true,
      baseURL: server.baseURL,
      locale: 'zh-CN',
    });
    for (const [name, url, signedIn] of [
      ['login', LOGIN_PATH, false],
      ['home', HOME_PATH, true],
    ] as const) {
      if (signedIn) {
        // Signed in on a phone of the size Lighthouse emulates, as the phone user whose cold start
        // this is: their home page has been drawn there before (and kept its first screen).
        const page = await context.newPage();
        await page.setViewportSize({ width: 412, height: 823 });
        await signIn(page, process.env.BENCH_USER ?? 'admin', process.env.BENCH_PASSWORD ?? DEMO_PASSWORD);
        await page.waitForFunction(
          ([key, path]) => (localStorage.getItem(key) ?? '').includes(path),
          [STORAGE_PREFIX + STORAGE_KEYS.firstPaint, JSON.stringify(HOME_PATH)],
        );
        await page.close();
      }
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        // Lighthouse keeps the storage when asked (the token), and with it the HTTP cache and the
        // service worker: clear those, so home is measured cold like the sign-in page.
        if (signedIn) await coldStart(context, server.baseURL);
        runs.push(await audit(port, server.baseURL + url, signedIn));
      }
      const m = median(runs);
      console.log(`[bench] ${name}: scores ${runs.map((r) => r.score).join(', ')}`);
      figures[`lighthouse_${name}_score`] = m.score;
      figures[`lighthouse_${name}_fcp_ms`] = m.fcpMs;
      figures[`lighthouse_${name}_lcp_ms`] = m.lcpMs;
      figures[`lighthouse_${name}_tbt_ms`] = m.tbtMs;
      figures[`lighthouse_${name}_cls`] = m.cls;
      figures[`lighthouse_${name}_si_ms`] = m.siMs;
      rows.push([name, String(m.score), String(m.fcpMs), String(m.lcpMs), String(m.tbtMs), String(m.cls), String(m.siMs)]);
    }
  } finally {
    await context?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profile, { recursive: true, force: true });
  }
  const head = ['page', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'SI ms'];
  for (const line of [head, ...rows]) console.log(line.map((cell, i) => (i === 0 ? cell.padEnd(6) : cell.padStart(8))).join(' '));
  for (const name of ['login', 'home']) {
    const score = Number(figures[`lighthouse_${name}_score`]);
    console.log(`${score >= GOAL ? 'ok  ' : 'UNDER'} lighthouse_${name}_score = ${score} (goal ≥ ${GOAL})`);
  }
  console.log(JSON.stringify({ runs: RUNS, ...figures }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
