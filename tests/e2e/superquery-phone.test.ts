// The super query builder on a 390×844 phone (issue 3 §1): as admin on 用户管理, the 高级查询 sheet
// refuses an empty query, takes two conditions (用户账号 包含 …, 性别 = 男) matched with AND, saves
// them, and applying filters the cards to exactly what the list call answers; after a reload the
// saved query is applied again from 保存的查询, and 重置 clears the active flag. The same saved query
// shows in the desktop builder at 1440×900. The card list stops its infinite scroll at the total,
// offers row actions by swiping, and pull to refresh asks for page 1 again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_P, type SysUserRow } from '../../contract/api/admin';
import type { PageResult } from '../../contract/listQuery';
import { MSG } from '../../contract/messages';
import { STORAGE_PREFIX } from '../../contract/constants';
import { encodePassword } from '../../contract/crypto';
import { desktopContext, launchChromium, phoneContext } from './lib/browser';
import { apiCall, eventually, settled, signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const SFX = Date.now().toString(36);
const PREFIX = `sqp${SFX}`;
const USERS = Array.from({ length: 12 }, (_, i) => ({ username: `${PREFIX}${String(i + 1).padStart(2, '0')}`, sex: i % 2 === 0 ? '1' : '2' }));
const SAVED_NAME = `男性测试用户${SFX}`;
const SAVED_KEY = `${STORAGE_PREFIX}superQuery:system/UserList`;
const SHOTS = '/tmp/shots-listkit';

let browser: Browser;
let ctx: BrowserContext;
let phone: Page;

beforeAll(async () => {
  browser = await launchChromium();
  ctx = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
  phone = await ctx.newPage();
  await signIn(phone, 'admin');
  const answers = await Promise.all(
    USERS.map((u) =>
      apiCall(phone, baseURL, 'POST', ADMIN_P.userAdd, {
        signed: true,
        data: {
          username: u.username,
          realname: `测试${u.username.slice(-2)}`,
          password: encodePassword('Limited@2026'),
          sex: u.sex,
          selectedroles: '',
          selecteddeparts: '',
        },
      }),
    ),
  );
  for (const res of answers) expect(res.status(), await res.text()).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

const cards = (page: Page) => page.getByTestId('list-card');
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });
/** The test users the cards show, sorted. */
const shownUsers = async (page: Page) => (await cards(page).allInnerTexts()).map((t) => new RegExp(`${PREFIX}\\d+`).exec(t)?.[0] ?? t).sort();
const sheet = () => phone.locator('.super-query-sheet .adm-popup-body');
const toast = () => phone.locator('.adm-toast-main');

/** Picks `label` in the open antd-mobile Picker and confirms. */
async function pick(page: Page, label: string) {
  const picker = page.locator('.adm-picker:visible');
  // A tap, as on a phone: the wheel's gesture handling swallows an emulated mouse click.
  await picker.locator('.adm-picker-view-column-item', { hasText: label }).first().tap();
  await picker.locator('.adm-picker-header-button', { hasText: '确定' }).click();
  await eventually(() => page.locator('.adm-picker:visible').count()).toBe(0);
}

async function openUserList(page: Page) {
  await page.goto('/system/user');
  await settled(page);
  await eventually(() => cards(page).count()).toBeGreaterThan(0);
}

async function openBuilder() {
  await phone.getByRole('button', { name: '高级查询', exact: true }).click();
  await eventually(() => sheet().isVisible()).toBe(true);
}

/** What the list call answers for the two conditions, all on one page. */
async function expectedUsers(): Promise<string[]> {
  const conditions = [
    { field: 'username', rule: 'like', val: PREFIX, type: 'string' },
    { field: 'sex', rule: 'eq', val: '1', type: 'dict' },
  ];
  const res = await apiCall(phone, baseURL, 'GET', ADMIN_P.userList, {
    params: {
      superQueryParams: encodeURIComponent(JSON.stringify(conditions)),
      superQueryMatchType: 'and',
      pageNo: '1',
      pageSize: '100',
      column: 'createTime',
      order: 'desc',
    },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { result: PageResult<SysUserRow> };
  return body.result.records.map((r) => r.username).sort();
}

const activeFlag = () => phone.locator('[aria-label="高级查询"][data-active="true"]');

describe('高级查询 on a phone', () => {
  it('builds, saves and applies a two-condition AND query, reapplies it after a reload, and resets', async () => {
    await openUserList(phone);
    const unfiltered = Number(/共(\d+)条/.exec(await phone.getByText(/^共\d+条$/).innerText())?.[1]);
    expect(unfiltered).toBeGreaterThanOrEqual(USERS.length);

    await openBuilder();
    await shot(phone, 'phone-superquery-empty');
    // An empty query is refused with the §5 message.
    await sheet().getByRole('button', { name: '查询' }).click();
    await eventually(() => toast().innerText()).toBe(MSG.superQueryEmpty);
    await sheet().getByRole('button', { name: '保存' }).click();
    await eventually(() => toast().innerText()).toBe(MSG.superQueryEmptySave);

    // Condition 1: 用户账号 包含 <prefix>.
    const card1 = sheet().getByTestId('super-query-card').nth(0);
    await card1.getByTestId('super-query-field').click();
    await pick(phone, '用户账号');
    await card1.getByTestId('super-query-rule').click();
    await pick(phone, '包含');
    await card1.getByTestId('super-query-value').locator('input').fill(PREFIX);
    // Condition 2: 性别 = 男 (a dictionary: the value is a Picker).
    await sheet()
      .getByRole('button', { name: /添加条件/ })
      .click();
    const card2 = sheet().getByTestId('super-query-card').nth(1);
    await card2.getByTestId('super-query-field').click();
    await pick(phone, '性别');
    await card2.getByTestId('super-query-value').click();
    await pick(phone, '男');
    await expect(card2.innerText()).resolves.toContain('男');
    await sheet().locator('.adm-selector-item', { hasText: 'AND' }).click();
    expect(await sheet().locator('.adm-selector-item-active').innerText()).toContain('AND');
    await shot(phone, 'phone-superquery-conditions');

    // 保存: an empty name is refused, then saved under the page's key.
    await sheet().getByRole('button', { name: '保存' }).click();
    const nameDialog = phone.locator('.adm-dialog-body:visible', { hasText: '保存查询条件' });
    await nameDialog.getByRole('button', { name: '保存' }).click();
    await eventually(() => toast().innerText()).toBe(MSG.superQueryNameEmpty);
    await nameDialog.getByPlaceholder('请输入保存的名称').fill(SAVED_NAME);
    await shot(phone, 'phone-superquery-save-name');
    await nameDialog.getByRole('button', { name: '保存' }).click();
    await eventually(() => nameDialog.count()).toBe(0);
    const stored = await phone.evaluate((key) => localStorage.getItem(key), SAVED_KEY);
    expect(JSON.parse(stored ?? '[]')).toEqual([
      {
        title: SAVED_NAME,
        matchType: 'and',
        records: [expect.objectContaining({ field: 'username', rule: 'like', val: PREFIX }), expect.objectContaining({ field: 'sex', rule: 'eq', val: '1' })],
      },
    ]);
    // Saving the same name again asks to overwrite.
    await sheet().getByRole('button', { name: '保存' }).click();
    await nameDialog.getByPlaceholder('请输入保存的名称').fill(SAVED_NAME);
    await nameDialog.getByRole('button', { name: '保存' }).click();
    const overwrite = phone.locator('.adm-dialog-body:visible', { hasText: MSG.superQueryExists(SAVED_NAME) });
    await eventually(() => overwrite.count()).toBe(1);
    await overwrite.getByRole('button', { name: '确定' }).click();
    await eventually(() => nameDialog.count()).toBe(0);

    // 查询: the cards are exactly what the list call answers, and the toolbar shows the flag.
    const expected = await expectedUsers();
    expect(expected).toEqual(USERS.filter((u) => u.sex === '1').map((u) => u.username));
    await sheet().getByRole('button', { name: '查询' }).click();
    await eventually(() => sheet().isVisible()).toBe(false);
    await eventually(() => shownUsers(phone)).toEqual(expected);
    await eventually(() => phone.getByText(`共${expected.length}条`).count()).toBe(1);
    expect(await activeFlag().count()).toBe(1);
    expect(await phone.getByTestId('super-query-active').isVisible()).toBe(true);
    await shot(phone, 'phone-superquery-applied');

    // After a reload nothing is applied; the saved query applies it again.
    await phone.reload();
    await settled(phone);
    await eventually(() => phone.getByText(`共${unfiltered}条`).count()).toBe(1);
    expect(await activeFlag().count()).toBe(0);
    await openBuilder();
    await sheet().locator('.adm-tabs-tab', { hasText: '保存的查询' }).click();
    const savedItem = sheet().getByTestId('super-query-saved').locator('.adm-list-item', { hasText: SAVED_NAME });
    await eventually(() => savedItem.innerText()).toContain('2 个条件，所有匹配');
    await shot(phone, 'phone-superquery-saved-list');
    await savedItem.locator('.adm-list-item-content-main').click();
    await eventually(() => sheet().isVisible()).toBe(false);
    await eventually(() => shownUsers(phone)).toEqual(expected);
    expect(await activeFlag().count()).toBe(1);

    // The builder opens on the applied conditions; 重置 clears them and the flag.
    await openBuilder();
    expect(await sheet().getByTestId('super-query-card').count()).toBe(2);
    await sheet().getByRole('button', { name: '重置' }).click();
    expect(await sheet().getByTestId('super-query-card').count()).toBe(1);
    await sheet().getByRole('button', { name: '关闭' }).click();
    await eventually(() => sheet().isVisible()).toBe(false);
    await eventually(() => activeFlag().count()).toBe(0);
    expect(await phone.getByTestId('super-query-active').count()).toBe(0);
    await eventually(() => phone.getByText(`共${unfiltered}条`).count()).toBe(1);
    await shot(phone, 'phone-superquery-reset');
  });

  it('the desktop builder shows the query saved on the phone', async () => {
    // The same browser storage (session and saved queries) at desktop size.
    const desk = await desktopContext(browser, { baseURL, serviceWorkers: 'block', storageState: await ctx.storageState() });
    try {
      const page = await desk.newPage();
      await page.goto('/system/user');
      await settled(page);
      await page
        .locator('.list-kit-toolbar')
        .getByRole('button', { name: /高级查询/ })
        .click();
      const dialog = page.locator('.ant-modal', { hasText: '高级查询构造器' });
      await eventually(() => dialog.getByText(SAVED_NAME).count()).toBe(1);
      await page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter'));
      await page.screenshot({ path: `${SHOTS}/desktop-superquery-builder.png` });
      await dialog.getByText(SAVED_NAME).click();
      await settled(page);
      await eventually(() => page.getByText(`共${USERS.length / 2}条`).count()).toBe(1);
      expect(await page.locator('.list-kit-toolbar button').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/已有高级查询/)]));
    } finally {
      await desk.close();
    }
  });
});

describe('the phone card list', () => {
  /** Pages the list call was asked for since `since`. */
  const listCalls: { pageNo: string; pageSize: string; at: number }[] = [];
  beforeAll(() => {
    phone.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith(ADMIN_P.userList))
        listCalls.push({ pageNo: url.searchParams.get('pageNo') ?? '', pageSize: url.searchParams.get('pageSize') ?? '', at: Date.now() });
    });
  });

  async function searchPrefix() {
    await openUserList(phone);
    const search = phone.locator('.adm-search-bar input');
    await search.fill(PREFIX);
    await search.press('Enter');
    await eventually(() => phone.getByText(`共${USERS.length}条`).count()).toBe(1);
  }

  it('scrolls in pages up to the total and then stops asking', async () => {
    await searchPrefix();
    for (let i = 0; i < 5 && (await cards(phone).count()) < USERS.length; i += 1) {
      await cards(phone).last().scrollIntoViewIfNeeded();
      await phone.mouse.wheel(0, 2000);
      await phone.waitForTimeout(300);
    }
    await eventually(() => shownUsers(phone)).toEqual(USERS.map((u) => u.username).sort());
    await eventually(() => phone.getByText('没有更多了').count()).toBe(1);
    const calls = listCalls.length;
    await phone.mouse.wheel(0, 2000);
    await phone.waitForTimeout(800);
    expect(listCalls.length).toBe(calls);
    expect(listCalls.filter((c) => c.pageNo === '3')).toEqual([]);
    await phone.getByText('没有更多了').scrollIntoViewIfNeeded();
    await shot(phone, 'phone-list-end');
  });

  it('row actions are in a swipe and in the action sheet', async () => {
    const first = phone.locator('.adm-swipe-action').first();
    await first.scrollIntoViewIfNeeded();
    const box = await first.boundingBox();
    if (!box) throw new Error('no swipe action');
    const cdp = await ctx.newCDPSession(phone);
    const y = box.y + box.height / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + box.width - 30, y }] });
    for (let dx = 20; dx <= 200; dx += 20)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: box.x + box.width - 30 - dx, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const revealed = first.locator('.adm-swipe-action-actions-right .adm-button');
    await eventually(() => revealed.allInnerTexts()).toEqual(['编辑', '冻结']);
    await shot(phone, 'phone-list-swipe');
    await cdp.detach();
  });

  it('pull to refresh asks for page 1 again', async () => {
    await searchPrefix();
    await phone.evaluate(() => window.scrollTo(0, 0));
    const before = listCalls.length;
    const cdp = await ctx.newCDPSession(phone);
    const start = await cards(phone).first().boundingBox();
    if (!start) throw new Error('no card');
    const x = start.x + start.width / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: start.y + 10 }] });
    for (let dy = 15; dy <= 300; dy += 15) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: start.y + 10 + dy }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    await eventually(() => listCalls.slice(before).some((c) => c.pageNo === '1')).toBe(true);
    await eventually(() => phone.getByText(`共${USERS.length}条`).count()).toBe(1);
  });
});
