// Two operators on one batch-pay draft (issue 16 §1): the operator at 1440×900 shares the draft's
// link, the administrator opens it on a phone (390×844). Edits, inserts and deletes of one show in
// the other within 2 s; both changing one cell at once marks it as a conflict on the side whose
// write came second, and 使用我的 / 使用对方的 settle it for both. Then the block's gallery page at
// both sizes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import path from 'node:path';
import { desktopContext, launchChromium, phoneContext, screenshot, SCREENSHOT_DIR } from './lib/browser';
import { eventually, signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
let browser: Browser;
const contexts: BrowserContext[] = [];
let desk: Page;
let phone: Page;

const cell = (page: Page, row: number, title: string) => page.getByRole('textbox', { name: `第${row}行${title}`, exact: true });
const status = (page: Page) => page.getByText(/^实时协同/);
/** Polls until `page` shows `value` in the cell; answers how long that took. */
async function shows(page: Page, row: number, title: string, value: string): Promise<number> {
  const at = Date.now();
  await expect.poll(() => cell(page, row, title).inputValue(), { timeout: 5_000, interval: 50 }).toBe(value);
  return Date.now() - at;
}

beforeAll(async () => {
  browser = await launchChromium();
  const d = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
  const p = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
  contexts.push(d, p);
  desk = await d.newPage();
  phone = await p.newPage();
  await signIn(desk, 'operator');
  await signIn(phone, 'admin');
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

describe('批量付款 draft edited by two operators at once', () => {
  it('opens the same draft through the shared link on both devices', async () => {
    await desk.goto('/payCus/batchPay');
    await eventually(() => status(desk).innerText()).toBe('实时协同：已同步');
    const link = await desk.getByLabel('协同链接', { exact: true }).innerText();
    expect(link).toMatch(/\/payCus\/batchPay\?draft=[A-Za-z0-9_-]{6,40}$/);
    await phone.goto(new URL(link).pathname + new URL(link).search);
    await eventually(() => status(phone).innerText()).toBe('实时协同：已同步');
    // A new draft shows one blank row on each side; blank rows are each side's own until typed in.
    expect(await cell(desk, 1, '收款人名称').inputValue()).toBe('');
    await eventually(() => cell(phone, 1, '收款人名称').count()).toBe(1);
  });

  it('shows an edit and an insert of one side in the other within 2 s', async () => {
    await cell(desk, 1, '收款人名称').fill('供应商甲');
    const typed = await shows(phone, 1, '收款人名称', '供应商甲');
    expect(typed).toBeLessThan(2_000);
    console.log(`[grid-sync] an edit on the desktop showed on the phone after ${typed} ms`);
    // The phone's own blank row gave way to the desk's row (same place, one row).
    await eventually(() => phone.getByText('共 1 行').count()).toBe(1);

    await cell(phone, 1, '金额（元）').fill('12.50');
    await cell(phone, 1, '金额（元）').blur();
    expect(await shows(desk, 1, '金额（元）', '12.50')).toBeLessThan(2_000);
    await eventually(() => desk.locator('.ant-statistic', { hasText: '付款总额' }).innerText()).toContain('¥12.50');

    await desk.getByRole('button', { name: '新增' }).click();
    await cell(desk, 2, '收款人名称').fill('供应商乙');
    expect(await shows(phone, 2, '收款人名称', '供应商乙')).toBeLessThan(2_000);
    await screenshot(desk, 'grid-sync-desktop-two-rows');
    await screenshot(phone, 'grid-sync-phone-two-rows');
  });

  /** Both sides type into 第1行备注 at once; answers the page that shows the conflict and the other one. */
  async function collide(deskText: string, phoneText: string): Promise<{ loser: Page; winner: Page; mine: string; theirs: string }> {
    await Promise.all([cell(desk, 1, '备注').fill(deskText), cell(phone, 1, '备注').fill(phoneText)]);
    const list = (p: Page) => p.getByLabel('冲突列表');
    await expect.poll(async () => (await list(desk).count()) + (await list(phone).count()), { timeout: 5_000, interval: 50 }).toBe(1);
    const loser = (await list(desk).count()) ? desk : phone;
    const winner = loser === desk ? phone : desk;
    const mine = loser === desk ? deskText : phoneText;
    const theirs = loser === desk ? phoneText : deskText;
    await eventually(() => list(loser).innerText()).toContain(`第1行「备注」该行已被他人修改：对方「${theirs}」，我的「${mine}」`.slice(0, 12));
    // The one who wrote second keeps their text in the cell; the other sees the stored one.
    expect(await cell(loser, 1, '备注').inputValue()).toBe(mine);
    await shows(winner, 1, '备注', theirs);
    return { loser, winner, mine, theirs };
  }

  it('marks a cell both changed at once as a conflict; 使用我的 writes mine for both, 使用对方的 takes theirs', async () => {
    const first = await collide('桌面备注', '手机备注');
    const text = await first.loser.getByLabel('冲突列表').innerText();
    expect(text).toContain('该行已被他人修改');
    expect(text).toContain(`对方「${first.theirs}」`);
    expect(text).toContain(`我的「${first.mine}」`);
    await screenshot(first.loser, `grid-sync-conflict-${first.loser === desk ? 'desktop' : 'phone'}`);
    await first.loser.getByRole('button', { name: '使用我的' }).click();
    expect(await shows(first.winner, 1, '备注', first.mine)).toBeLessThan(2_000);
    await eventually(() => first.loser.getByLabel('冲突列表').count()).toBe(0);

    const second = await collide('桌面再改', '手机再改');
    await second.loser.getByRole('button', { name: '使用对方的' }).click();
    await shows(second.loser, 1, '备注', second.theirs);
    await eventually(() => second.loser.getByLabel('冲突列表').count()).toBe(0);
    // Nothing more was written: both sides agree and are in sync.
    await shows(second.winner, 1, '备注', second.theirs);
    await eventually(() => status(desk).innerText()).toBe('实时协同：已同步');
    await eventually(() => status(phone).innerText()).toBe('实时协同：已同步');
    await screenshot(desk, 'grid-sync-desktop-resolved');
  });

  it('keeps the draft on the server: a reload shows the rows as they were left', async () => {
    await phone.reload();
    await eventually(() => status(phone).innerText()).toBe('实时协同：已同步');
    expect(await cell(phone, 1, '收款人名称').inputValue()).toBe('供应商甲');
    expect(await cell(phone, 1, '金额（元）').inputValue()).toBe('12.50');
    expect(await cell(phone, 2, '收款人名称').inputValue()).toBe('供应商乙');
  });

  it('shows a delete within 2 s, on the phone', async () => {
    // The phone's card window shrinks with the rows (it once rendered a card past the end and crashed).
    const watcher = phone;
    const errors: string[] = [];
    watcher.on('pageerror', (e) => errors.push(String(e)));
    await eventually(() => cell(watcher, 2, '收款人名称').inputValue()).toBe('供应商乙');
    await desk.getByLabel('选择第2行').check();
    await desk.getByRole('button', { name: '删除' }).click();
    await desk
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    const at = Date.now();
    await expect.poll(() => cell(watcher, 2, '收款人名称').count(), { timeout: 5_000, interval: 50 }).toBe(0);
    expect(Date.now() - at).toBeLessThan(2_000);
    console.log(`[grid-sync] a delete showed on the phone after ${Date.now() - at} ms`);
    expect(await cell(watcher, 1, '收款人名称').inputValue()).toBe('供应商甲');
    expect(errors).toEqual([]);
  });
});

describe('gallery /test/home/grid-sync', () => {
  const state = (page: Page, title: string) => page.locator('.gallery-state', { has: page.getByRole('heading', { name: title, exact: true }) });

  it('at 1440×900: an edit in 表格A shows in 表格B, the scripted collision is marked in 表格B and resolved', async () => {
    await desk.goto('/test/home/grid-sync');
    const live = state(desk, '已同步');
    const a = live.getByTestId('grid-表格A');
    const b = live.getByTestId('grid-表格B');
    await eventually(() => b.getByText(/^实时协同/).innerText()).toBe('实时协同：已同步');
    await cell(desk, 1, '收款人名称').and(a.getByRole('textbox')).fill('画廊供应商');
    await expect.poll(() => b.getByRole('textbox', { name: '第1行收款人名称', exact: true }).inputValue(), { timeout: 2_000, interval: 50 }).toBe('画廊供应商');

    const conflict = state(desk, '冲突');
    const loser = conflict.getByTestId('grid-表格B');
    await eventually(() => loser.getByLabel('冲突列表').innerText()).toContain('第1行「金额（元）」该行已被他人修改：对方「200.00」，我的「300.00」');
    for (const [title, text] of [
      ['加载中', '实时协同连接中…'],
      ['出错（已断开）', '实时协同已断开，5秒后重连'],
    ])
      expect(
        await state(desk, title)
          .getByText(/^实时协同/)
          .innerText(),
      ).toBe(text);
    // An empty page shows one blank row of this grid's own.
    await eventually(() => state(desk, '空').getByText('共 1 行').count()).toBe(1);
    await screenshot(desk, 'gallery-grid-sync-desktop');
    await loser.getByRole('button', { name: '使用我的' }).click();
    const winner = conflict.getByTestId('grid-表格A');
    await expect
      .poll(() => winner.getByRole('textbox', { name: '第1行金额（元）', exact: true }).inputValue(), { timeout: 2_000, interval: 50 })
      .toBe('300.00');
    await eventually(() => loser.getByLabel('冲突列表').count()).toBe(0);
  });

  it('at 390×844: the same states render, and 使用对方的 takes the other value', async () => {
    await phone.goto('/test/home/grid-sync');
    const conflict = state(phone, '冲突');
    const loser = conflict.getByTestId('grid-表格B');
    await eventually(() => loser.getByLabel('冲突列表').innerText()).toContain('对方「200.00」，我的「300.00」');
    await screenshot(phone, 'gallery-grid-sync-phone');
    await loser.screenshot({ path: path.join(SCREENSHOT_DIR, 'gallery-grid-sync-phone-conflict.png') });
    await loser.getByRole('button', { name: '使用对方的' }).click();
    await eventually(() => loser.getByRole('textbox', { name: '第1行金额（元）', exact: true }).inputValue()).toBe('200.00');
    await eventually(() => loser.getByLabel('冲突列表').count()).toBe(0);
    expect(await state(phone, '只读').getByRole('button', { name: '新增' }).count()).toBe(0);
  });
});
