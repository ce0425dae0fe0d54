// Accessibility (issue 14 §5): axe-core's WCAG 2.0/2.1 A and AA rules find nothing on any page a
// demo user can open, at the phone (390×844) and the desktop (1440×900) size: the sign-in page,
// then every page of the user's menu (the menu the app loaded into its kept resources), the home
// page and, on the phone, the home tabs (审批, 应用, 消息, 我的) that stand in for the desktop's
// header menus. A menu page is audited once per size, by the first demo user whose menu has it.
// One browser for the file, one context per user and device, pages reached by in-app navigation
// (as a menu tap does) so the sign-in and the loaded shell are reused. The test fails listing every
// violation (device, user, page, rule, target selectors); the whole record, with axe's measured
// colours, goes to test-results/a11y-violations.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { HOME_PATH, STORAGE_KEYS, STORAGE_PREFIX } from '../../contract/constants';
import { isPageKey } from '../../contract/pages';
import type { MenuItem } from '../../contract/types';
import { DEVICES, launchChromium, screenshot } from './lib/browser';
import { repoRoot } from './lib/build';
import { settled, signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const USERS = ['admin', 'operator', 'approver', 'customer'] as const;
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Pages whose look is kept as a screenshot (admin), to see what the colour and layout fixes look like. */
const SHOT_PAGES = new Set([HOME_PATH, '/system/user', '/payCus/account', '/account/settings', '/merchantPlatform/distribution', `${HOME_PATH}?tab=me`]);
/** The phone's home tabs and the 我的 password sheet (src/app/layouts/mobile/tabs.ts), audited when the tab bar shows them. */
const PHONE_TABS = [
  { title: '审批', query: 'tab=approve' },
  { title: '应用', query: 'tab=apps' },
  { title: '消息', query: 'tab=messages' },
  { title: '我的', query: 'tab=me' },
  { title: '我的', query: 'tab=me&panel=password' },
];

interface Finding {
  device: string;
  user: string;
  page: string;
  rule: string;
  impact: string;
  targets: string[];
  /** What axe measured, for the record file (colours and ratio for color-contrast). */
  details: unknown[];
}

let browser: Browser;
const findings: Finding[] = [];
let audited = 0;
/** Per size, the menu pages audited so far (by whichever demo user reached them first). */
const auditedPaths = new Map<string, Set<string>>();
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  const byRule = new Map<string, number>();
  for (const f of findings) byRule.set(f.rule, (byRule.get(f.rule) ?? 0) + 1);
  console.log(`[a11y] ${audited} pages audited, ${findings.length} violations`, Object.fromEntries(byRule));
  mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
  writeFileSync(path.join(repoRoot, 'test-results', 'a11y-violations.json'), JSON.stringify(findings, null, 1));
});

/** The paths of the pages the menu leads to, as the router builds them (src/app/router/routes.ts). */
function menuPaths(menu: MenuItem[]): string[] {
  const out: string[] = [];
  for (const item of menu) {
    if (item.route === '0') continue;
    if (item.children?.length) out.push(...menuPaths(item.children));
    const external = !!item.meta?.internalOrExternal && !!item.meta?.url;
    if (external || item.component === 'layouts/RouteView' || !isPageKey(item.component)) continue;
    out.push(item.path);
  }
  return out;
}

async function keptMenu(page: Page): Promise<MenuItem[]> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), STORAGE_PREFIX + STORAGE_KEYS.lastResources);
  if (!raw) throw new Error('no menu kept after sign-in');
  return (JSON.parse(raw) as { value: { menu: MenuItem[] } }).value.menu;
}

/** Counts the page's requests still in flight, so a page is audited after its data has arrived. */
function trackRequests(page: Page): () => number {
  let inFlight = 0;
  page.on('request', () => (inFlight += 1));
  page.on('requestfinished', () => (inFlight -= 1));
  page.on('requestfailed', () => (inFlight -= 1));
  return () => inFlight;
}

async function quiet(page: Page, inFlight: () => number): Promise<void> {
  await settled(page);
  let calm = 0;
  for (let waited = 0; waited < 10_000 && calm < 2; waited += 100) {
    calm = inFlight() <= 0 ? calm + 1 : 0;
    await page.waitForTimeout(100);
  }
  await settled(page);
  // And its transitions over: a menu item caught halfway to its selected colours measured 4.33:1.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined);
}

/** In-app navigation, as a menu tap does: the router moves without reloading the shell. */
async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await page.waitForURL((url) => url.pathname + url.search === to);
}

/**
 * Runs axe's WCAG A/AA rules on the page as it is. Legacy mode runs axe.run in the page (same-origin
 * frames included) instead of opening a blank page per audit for finishRun, which costs a second
 * each on this machine; the app has no cross-origin frames.
 */
/**
 * Pages whose frame holds a third party's own UI, audited without it: 接口文档 frames Swagger UI
 * (an administrators' developer tool, its markup and styles Swagger's own: buttons nested in
 * buttons, its pale version badges). The page around the frame is audited.
 */
const THIRD_PARTY_FRAMES: Record<string, string> = { '/isps/apiDocs': 'iframe' };

async function audit(page: Page, where: Pick<Finding, 'device' | 'user' | 'page'>): Promise<Finding[]> {
  const builder = new AxeBuilder({ page });
  const frame = THIRD_PARTY_FRAMES[where.page];
  if (frame) builder.exclude(frame);
  const { violations } = await builder
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .setLegacyMode()
    .analyze();
  return violations.map((v) => ({
    ...where,
    rule: v.id,
    impact: v.impact ?? '',
    targets: v.nodes.map((n) => n.target.join(' ')),
    details: v.nodes.map((n) => ({ html: n.html.slice(0, 200), data: (n.any[0]?.data as unknown) ?? null })),
  }));
}

/** Every page `user` can open at this size, each audited once it has settled. */
async function auditUser(page: Page, device: string, user: string): Promise<Finding[]> {
  const inFlight = trackRequests(page);
  const found: Finding[] = [];
  await signIn(page, user);
  await quiet(page, inFlight);
  found.push(...(await audit(page, { device, user, page: HOME_PATH })));
  const paths = [...new Set(menuPaths(await keptMenu(page)))].filter((p) => p.toLowerCase() !== HOME_PATH.toLowerCase());
  expect(paths.length, `${user}'s menu`).toBeGreaterThan(0);
  const shownTabs = device === 'phone' ? await page.locator('.adm-tab-bar-item').allInnerTexts() : [];
  const tabs = PHONE_TABS.filter((t) => shownTabs.some((text) => text.includes(t.title))).map((t) => `${HOME_PATH}?${t.query}`);
  // A menu page another demo user has audited (or is auditing) at this size is not audited again:
  // the pages are the same code, and the role-specific parts (the home workbench, the tabs) are kept.
  const seen = auditedPaths.get(device) ?? auditedPaths.set(device, new Set()).get(device)!;
  const fresh = paths.filter((p) => !seen.has(p));
  for (const p of fresh) seen.add(p);
  for (const to of [...tabs, ...fresh]) {
    if (to.includes(':')) throw new Error(`a menu path with a parameter cannot be opened from the menu: ${to}`);
    await navigate(page, to);
    await quiet(page, inFlight);
    found.push(...(await audit(page, { device, user, page: to })));
    if (user === 'admin' && SHOT_PAGES.has(to)) await screenshot(page, `a11y-${device}-${to}`);
  }
  audited += 1 + tabs.length + fresh.length;
  return found;
}

const report = (list: Finding[]) => list.map((f) => `${f.device} ${f.user} ${f.page} [${f.rule}] ${f.targets.join(' | ')}`).join('\n');

/** One user at one size in a context of its own; the first job of each size audits the sign-in page before signing in. */
async function auditJob(device: (typeof DEVICES)[number], user: string, signInPageToo: boolean): Promise<Finding[]> {
  const context = await device.newContext(browser, { baseURL, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const found: Finding[] = [];
    if (signInPageToo) {
      await page.goto('/user/login-admin');
      await page.getByPlaceholder('请输入用户名').waitFor();
      await settled(page);
      found.push(...(await audit(page, { device: device.name, user: '(signed out)', page: '/user/login-admin' })));
      audited += 1;
    }
    return [...found, ...(await auditUser(page, device.name, user))];
  } finally {
    await context.close();
  }
}

describe('axe WCAG 2.1 A/AA', () => {
  // Two jobs at a time (a phone and a desktop context side by side keep both cores busy: one
  // audits while the other loads), run inside one test so that expect.poll knows its test.
  it('finds no violation on any page of any demo user, at the phone and the desktop size', { timeout: 900_000 }, async () => {
    const jobs = USERS.flatMap((user, i) => DEVICES.map((device) => () => auditJob(device, user, i === 0)));
    const results: PromiseSettledResult<Finding[]>[] = [];
    const worker = async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) results.push(...(await Promise.allSettled([job()])));
    };
    await Promise.all([worker(), worker()]);
    for (const r of results) if (r.status === 'fulfilled') findings.push(...r.value);
    const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
    if (failed.length) throw new Error(`${failed.map((e) => e.stack ?? e.message).join('\n')}\n\nviolations found so far:\n${report(findings)}`);
    expect(findings, report(findings)).toEqual([]);
  });
});
