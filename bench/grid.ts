// Editable grid benchmark (`npm run bench:grid`, issue 16 §1): builds the client if stale, starts
// the server with a fresh embedded database, and in headless Chromium opens the grid's gallery page
// with 100 000 generated rows × 12 mixed columns (/test/home/grid?rows=100000, the real built app)
// at the desktop size. It measures:
//   render_100k_ms      from the click that hands the (empty, loaded) grid its rows (generated in
//                       memory beforehand) to the first rows painted (first row in the DOM, then the
//                       next animation frame);
//   scroll_p95_frame_ms the 95th percentile of requestAnimationFrame deltas while the row list is
//                       scrolled programmatically for 5 s (a fixed step each frame, top to bottom).
//                       Frames are paced by the display's 60 Hz vsync, so this can never be below
//                       16.7 ms however cheap a frame is: it says "no frame was dropped", not how
//                       close to the limit a frame came.
//   scroll_p95_frame_work_ms   what a frame of that scroll costs the page's main thread (script,
//                       style, layout, paint recording): for each frame, its length minus the idle
//                       time left in it (requestIdleCallback's timeRemaining() at the start of the
//                       frame's idle period; a frame with no idle period counts whole). 95th
//                       percentile over the same frames. (Launching Chromium with
//                       --disable-gpu-vsync --disable-frame-rate-limit does not unpace rAF in this
//                       headless, software-composited browser: an idle page still ticks at 17 ms,
//                       so the frame's cost is measured from its idle time instead.)
//   idle_p95_frame_ms   the same frame deltas on the same page, not scrolling, for 2 s: the floor of
//                       scroll_p95_frame_ms on this browser and machine.
//   scroll_long_frames  frames of the scroll that the browser itself reports as long
//                       (PerformanceObserver 'long-animation-frame', 50 ms or more), summed over the runs.
// Median of BENCH_RUNS (default 3) for each. BENCH_DEVICES=desktop,phone also measures the phone
// card list (figures with a phone_ prefix). Prints a table, then one JSON line.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import os from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { ensureClientBuilt } from '../tests/e2e/lib/build';
import { temporaryDataDir } from '../tests/e2e/lib/database';
import { startServer } from '../tests/e2e/lib/server';
import { DESKTOP, launchOwnChromium, PHONE } from '../tests/e2e/lib/browser';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const SCROLL_MS = 5000;
const DEVICES = (process.env.BENCH_DEVICES ?? 'desktop').split(',').filter((d): d is 'phone' | 'desktop' => d === 'phone' || d === 'desktop');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number) => Math.round(x * 10) / 10;

// The page scripts are plain text: tsx names functions with a helper (__name) that the page lacks.
const RENDER_SCRIPT = `new Promise((resolve, reject) => {
  const button = document.querySelector('[data-testid="grid-mount"]');
  const found = () => document.querySelector('[data-row-no="1"], [role="listitem"]');
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    if (!found()) return;
    obs.disconnect();
    requestAnimationFrame(() => resolve(performance.now() - t0));
  });
  obs.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => reject(new Error('no rows within 30 s')), 30000);
  button.click();
})`;

// Desktop: the react-window list is the scroll box; phone: the page (the cards are part of it).
// With scroll false, the same loop on the same page without scrolling: the floor the frame deltas
// cannot go under on this browser (vsync, and performance.now() coarsened to 0.1 ms on a page that
// is not cross-origin isolated, so a perfect 60 Hz run reads 16.6 / 16.7 / 16.8 ms).
const scrollScript = (duration: number, phone: boolean, scroll = true) => `new Promise((resolve) => {
  const rowsBox = document.querySelector('[data-row-no="1"]')?.parentElement;
  const box = ${phone} || !rowsBox ? document.scrollingElement : rowsBox;
  const max = box.scrollHeight - box.clientHeight;
  const deltas = [];
  // Idle time left in each frame (index = the frame's number), from the first idle callback after its rAF.
  const idle = [];
  const start = performance.now();
  let last = start;
  const step = (now) => {
    deltas.push(now - last);
    last = now;
    const frame = deltas.length;
    requestIdleCallback((d) => { if (idle[frame] === undefined && deltas.length === frame) idle[frame] = d.timeRemaining(); });
    const t = now - start;
    if (${scroll}) box.scrollTop = Math.min(max, (t / ${duration}) * max);
    if (t < ${duration}) requestAnimationFrame(step);
    else {
      // Work of frame k: the time from its rAF to the next one, less the idle time left in it.
      const work = deltas.slice(1).map((d, i) => Math.max(0, d - (idle[i + 1] ?? 0)));
      resolve({ deltas: deltas.slice(1), work });
    }
  };
  requestAnimationFrame(step);
})`;

/** Long animation frames (≥ 50 ms) the browser reports from now on; read() answers how many. */
const LONG_FRAMES_START = `(() => {
  window.__longFrames = 0;
  try {
    new PerformanceObserver((list) => { window.__longFrames += list.getEntries().length; }).observe({ type: 'long-animation-frame' });
  } catch { window.__longFrames = -1; }
})()`;

/** Mounts the grid by its button; answers ms from the click to the first painted rows. */
async function measureRender(page: Page): Promise<number> {
  await page.getByTestId('grid-mount').waitFor();
  await page.getByText('点击上方按钮显示数据').waitFor(); // the (empty) grid's code is loaded
  return page.evaluate<number>(RENDER_SCRIPT);
}

/** Scrolls the rows for SCROLL_MS at a fixed step per frame; answers the frame deltas and each frame's main-thread work in ms. */
async function measureScroll(page: Page, phone: boolean): Promise<{ deltas: number[]; work: number[] }> {
  return page.evaluate<{ deltas: number[]; work: number[] }>(scrollScript(SCROLL_MS, phone));
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] ?? 0;

async function benchDevice(browser: Browser, baseURL: string, device: 'phone' | 'desktop', figures: Record<string, number>): Promise<void> {
  const renders: number[] = [];
  const frames: number[] = [];
  const counts: number[] = [];
  const works: number[] = [];
  const idles: number[] = [];
  let longFrames = 0;
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ ...(device === 'phone' ? PHONE : DESKTOP), baseURL, locale: 'zh-CN', serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`/test/home/grid?rows=${ROWS}`);
    renders.push(await measureRender(page));
    await page.waitForTimeout(300);
    idles.push(p95((await page.evaluate<{ deltas: number[] }>(scrollScript(2000, device === 'phone', false))).deltas));
    await page.evaluate(LONG_FRAMES_START);
    const { deltas, work } = await measureScroll(page, device === 'phone');
    works.push(p95(work));
    longFrames += await page.evaluate<number>('window.__longFrames');
    frames.push(p95(deltas));
    counts.push(deltas.length);
    const rendered = await page.locator('[data-row-no], [role="listitem"]').count();
    if (run === 0) console.log(`${device}: rows in the DOM after scrolling: ${rendered} (of ${ROWS})`);
    await context.close();
  }
  const prefix = device === 'phone' ? 'phone_' : '';
  figures[`${prefix}render_100k_ms`] = round(median(renders));
  figures[`${prefix}scroll_p95_frame_ms`] = round(median(frames));
  figures[`${prefix}scroll_frames`] = median(counts);
  figures[`${prefix}scroll_p95_frame_work_ms`] = round(median(works));
  figures[`${prefix}scroll_long_frames`] = longFrames;
  figures[`${prefix}idle_p95_frame_ms`] = round(median(idles));
  console.log(
    `${device}: render ${renders.map(round).join(' / ')} ms; scroll p95 frame ${frames.map(round).join(' / ')} ms; frames in ${SCROLL_MS} ms ${counts.join(' / ')}`,
  );
  console.log(`${device}: main-thread work per frame (p95) ${works.map(round).join(' / ')} ms; long animation frames: ${longFrames}`);
  console.log(`${device}: the same page not scrolling, p95 frame ${idles.map(round).join(' / ')} ms (the floor of this measure)`);
}

async function main(): Promise<void> {
  ensureClientBuilt();
  const dataDir = temporaryDataDir('boss-bench-grid-');
  const keys = { BOSS_DATA_KEY: randomBytes(32).toString('hex'), BOSS_LEDGER_KEY: randomBytes(32).toString('hex') };
  const server = await startServer({ name: 'bench-grid-server', env: { DATA_DIR: dataDir, NODE_ENV: 'production', ...keys } });
  const browser = await launchOwnChromium();
  const figures: Record<string, number> = {};
  try {
    for (const device of DEVICES) await benchDevice(browser, server.baseURL, device, figures);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  figures.load_avg_1m = round(os.loadavg()[0]!);
  console.log(`load average (1 min) at the end: ${figures.load_avg_1m} on ${os.cpus().length} cores`);
  console.log('');
  for (const [key, limit] of [
    ['render_100k_ms', 300],
    ['scroll_p95_frame_ms', 16.7],
    ['scroll_p95_frame_work_ms', 16.7],
  ] as const)
    if (figures[key] !== undefined) console.log(`${figures[key]! <= limit ? 'ok  ' : 'OVER'} ${key} = ${figures[key]} (goal ≤ ${limit})`);
  console.log(JSON.stringify(figures));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
