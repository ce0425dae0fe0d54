// Account operations end to end (issue 4 §2 payCus), in Chromium. As the operator at 1440×900 on
// 账户管理: charge 100.00 through the channel and see the balance rise, freeze 30.00, unfreeze 10.00
// of that hold, transfer 5.00 to the customer's other account (a double click posts once), and a
// bad amount (three decimals, zero) shows the §5 message and posts nothing. On 银行卡 a bad card
// number shows the §5 bank-card message and binds nothing, a good one binds (shown masked); a
// withdrawal of 1.00 to it ends 成功, one of 2.99 ends 失败 (the channel simulator fails amounts
// ending in .99) with the funds restored. On a 390×844 phone the accounts are cards and a freeze is
// done from a card's action sheet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { copyFileSync, mkdirSync } from 'node:fs';
import { LEDGER_PATHS, type AccountView, type BankCardView, type HoldView } from '../../contract/api/ledger';
import { formatYuanGrouped, parseYuan } from '../../contract/money';
import { V } from '../../contract/validation';
import { desktopContext, launchChromium, phoneContext, screenshot } from './lib/browser';
import { pickCustomer } from './lib/customerPicker';
import { apiCall, eventually, settled, signIn } from './lib/session';
import { rowAction as runRowAction } from './lib/choose';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const CUS = 'C0102';
const NEW_CARD = '6225880012345678';
const SHOTS = '/tmp/shots-paycus';

let browser: Browser;
let ctx: BrowserContext;
let page: Page;
let settlement: AccountView;
let basic: AccountView;

async function shot(p: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(await screenshot(p, `paycus-${name}`), `${SHOTS}/${name}.png`);
}

async function cap<B>(p: Page, path: string, data: Record<string, unknown>): Promise<B> {
  const res = await apiCall(p, baseURL, 'POST', path, { data: { context: { channel: 'e2e' }, ...data }, signed: true });
  const json = (await res.json()) as { status: { success: boolean; errorMsg: string }; body: B };
  expect(json.status.success, json.status.errorMsg).toBe(true);
  return json.body;
}
const accounts = (p: Page) => cap<{ listData: AccountView[] }>(p, LEDGER_PATHS.accountInquiry, { cusCode: CUS }).then((b) => b.listData);
const account = async (p: Page, acctNo: string) => (await accounts(p)).find((a) => a.acctNo === acctNo)!;
const entryCount = (p: Page, acctNo: string) =>
  cap<{ page: { count: number } }>(p, LEDGER_PATHS.entryInquiry, { acctNo, page: { pageNum: 1, pageSize: 1 } }).then((b) => b.page.count);
const cards = (p: Page) => cap<{ listData: BankCardView[] }>(p, LEDGER_PATHS.bankCardInquiry, { cusCode: CUS }).then((b) => b.listData);

const fen = (yuan: string) => parseYuan(yuan) ?? 0n;
const shown = (f: bigint) => `¥${formatYuanGrouped(f)}`;
const row = (acctNo: string) => page.locator(`tr[data-row-key="${acctNo}"]`);
const modal = () => page.locator('.ant-modal:visible');

/** Runs a row action (inline link, or under 更多) and waits for its dialog. */
async function rowAction(acctNo: string, text: string, dialog: Locator = modal()) {
  await runRowAction(page, row(acctNo), text);
  await dialog.waitFor();
}

async function fillAndSubmit(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await modal().getByLabel(label).fill(value);
  await modal()
    .getByRole('button', { name: /确\s*定/ })
    .click();
}

async function expectRowMoney(acctNo: string, balance: bigint, frozen: bigint) {
  await eventually(async () => (await row(acctNo).innerText()).includes(`${shown(balance)}\t${shown(frozen)}\t${shown(balance - frozen)}`)).toBe(true);
}

beforeAll(async () => {
  browser = await launchChromium();
  ctx = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
  page = await ctx.newPage();
  await signIn(page, 'operator');
  const list = await accounts(page);
  settlement = list.find((a) => a.acctType === 'settlement')!;
  basic = list.find((a) => a.acctType === 'basic')!;
  expect(settlement && basic).toBeTruthy();
});

afterAll(async () => {
  await browser?.close();
});

describe('账户管理 at 1440×900 as the operator', () => {
  it("lists the customer's accounts with balance, frozen and available", async () => {
    await page.goto('/payCus/account');
    await pickCustomer(page, CUS, CUS);
    await settled(page);
    await expectRowMoney(settlement.acctNo, fen(settlement.balance), fen(settlement.frozen));
    expect(await row(basic.acctNo).count()).toBe(1);
    await shot(page, 'desktop-accounts');
  });

  it('charges 100.00 through the channel: pending, then 成功, and the balance rises', async () => {
    // Other e2e files share this server: the account may hold funds for their pending orders.
    const start = await account(page, settlement.acctNo);
    const before = fen(start.balance);
    const held = fen(start.frozen);
    await rowAction(settlement.acctNo, '充值');
    await fillAndSubmit({ 金额: '100.00', 备注: 'e2e 充值' });
    await eventually(() => modal().getByTestId('order-status').innerText()).toBe('成功');
    await shot(page, 'desktop-charge-succeeded');
    await modal()
      .getByRole('button', { name: /完\s*成/ })
      .click();
    expect(fen((await account(page, settlement.acctNo)).balance)).toBe(before + 10000n);
    await expectRowMoney(settlement.acctNo, before + 10000n, held);
  });

  it('freezes 30.00, then unfreezes 10.00 of that hold', async () => {
    const start = await account(page, settlement.acctNo);
    const balance = fen(start.balance);
    const held = fen(start.frozen);
    await rowAction(settlement.acctNo, '冻结');
    await fillAndSubmit({ 金额: '30.00', 原因: '风控复核' });
    await expectRowMoney(settlement.acctNo, balance, held + 3000n);

    await rowAction(settlement.acctNo, '解冻');
    // The newest open hold is chosen with its whole remaining amount; more than that is refused.
    await eventually(() => modal().getByLabel('金额').inputValue()).toBe('30.00');
    await fillAndSubmit({ 金额: '30.01', 原因: '复核通过' });
    await eventually(() => modal().getByText('金额不能超过冻结余额').count()).toBe(1);
    await shot(page, 'desktop-unfreeze-form');
    await fillAndSubmit({ 金额: '10.00' });
    await expectRowMoney(settlement.acctNo, balance, held + 2000n);
    const holds = await cap<{ listData: HoldView[] }>(page, LEDGER_PATHS.holdInquiry, { acctNo: settlement.acctNo });
    expect(holds.listData.filter((h) => h.status === 'open' && h.reason === '风控复核').map((h) => h.remaining)).toEqual(['20.00']);
  });

  it('transfers 5.00 to the other account: both balances change, a double click posts once', async () => {
    const [fromAcct, toAcct] = [await account(page, settlement.acctNo), await account(page, basic.acctNo)];
    const [from, to] = [fen(fromAcct.balance), fen(toAcct.balance)];
    const entries = await entryCount(page, settlement.acctNo);
    await rowAction(settlement.acctNo, '转账');
    await modal().getByLabel('转入账号').fill(basic.acctNo);
    await modal().getByLabel('金额').fill('5.00');
    await modal()
      .getByRole('button', { name: /确\s*定/ })
      .dblclick();
    await expectRowMoney(settlement.acctNo, from - 500n, fen(fromAcct.frozen));
    await expectRowMoney(basic.acctNo, to + 500n, fen(toAcct.frozen));
    expect(await entryCount(page, settlement.acctNo)).toBe(entries + 1);
    await shot(page, 'desktop-after-transfer');
  });

  it('a bad amount (three decimals, zero) shows the §5 message and posts nothing', async () => {
    const entries = await entryCount(page, settlement.acctNo);
    const before = await account(page, settlement.acctNo);
    await rowAction(settlement.acctNo, '冻结');
    for (const bad of ['1.001', '0']) {
      await fillAndSubmit({ 金额: bad, 原因: '测试' });
      await eventually(() => modal().getByText(V.amount, { exact: true }).count()).toBe(1);
    }
    await shot(page, 'desktop-bad-amount');
    await modal()
      .getByRole('button', { name: /取\s*消/ })
      .click();
    expect(await entryCount(page, settlement.acctNo)).toBe(entries);
    expect(await account(page, settlement.acctNo)).toEqual(before);
  });

  it("shows the account's entries in 账户明细", async () => {
    const drawer = page.locator('.ant-drawer:visible');
    await rowAction(settlement.acctNo, '账户明细', drawer);
    await eventually(() => drawer.locator('.ant-table-row').count()).toBe(5);
    const text = await drawer.innerText();
    for (const kind of ['充值', '冻结', '解冻', '转账']) expect(text).toContain(kind);
    expect(text).toContain('-¥5.00');
    await page.mouse.move(700, 700);
    await eventually(() => page.locator('.ant-dropdown:visible').count()).toBe(0);
    await eventually(() => drawer.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
    await shot(page, 'desktop-entries');
    await drawer.locator('.ant-drawer-close').click();
  });
});

describe('银行卡 and 提现 at 1440×900 as the operator', () => {
  it("a bad card number shows the bank-card rule's message and binds nothing; a good one binds, masked", async () => {
    const count = (await cards(page)).length;
    await page.goto('/payCus/bankCard');
    // The customer looked up on 账户管理 is still chosen.
    await eventually(() => page.getByPlaceholder('请输入客户代码').inputValue()).toBe(CUS);
    await settled(page);
    await page.getByRole('button', { name: '绑定银行卡' }).click();
    await modal().waitFor();
    await modal().getByLabel('银行卡号').fill('0123456789');
    await modal().getByLabel('持卡人').fill('杭州示例供应链有限公司');
    await modal()
      .getByRole('button', { name: /绑\s*定/ })
      .click();
    await eventually(() => modal().getByText(V.bankCard, { exact: true }).count()).toBe(1);
    await shot(page, 'desktop-bind-bad-card');
    expect((await cards(page)).length).toBe(count);
    await modal().getByLabel('银行卡号').fill(NEW_CARD);
    await modal().getByLabel('开户银行').fill('招商银行');
    await modal()
      .getByRole('button', { name: /绑\s*定/ })
      .click();
    await eventually(() => modal().count()).toBe(0);
    await eventually(() => page.getByText('6225********5678').count()).toBe(1);
    expect((await cards(page)).map((c) => c.cardNo)).toContain(NEW_CARD);
    await shot(page, 'desktop-bank-cards');
  });

  async function withdraw(amount: string, status: string) {
    await rowAction(settlement.acctNo, '提现');
    await modal().locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByText('6225********5678', { exact: false }).click();
    await fillAndSubmit({ 金额: amount });
    await eventually(() => modal().getByTestId('order-status').innerText()).toBe(status);
  }

  it('withdraws 1.00 to the new card: 处理中 → 成功, the balance drops', async () => {
    await page.goto('/payCus/account');
    await settled(page);
    const before = await account(page, settlement.acctNo);
    await withdraw('1.00', '成功');
    await shot(page, 'desktop-withdraw-succeeded');
    await modal()
      .getByRole('button', { name: /完\s*成/ })
      .click();
    expect(fen((await account(page, settlement.acctNo)).balance)).toBe(fen(before.balance) - 100n);
    await expectRowMoney(settlement.acctNo, fen(before.balance) - 100n, fen(before.frozen));
  });

  it('withdraws 2.99: the channel fails it and the funds come back', async () => {
    const before = await account(page, settlement.acctNo);
    await withdraw('2.99', '失败');
    expect(await modal().innerText()).toContain('渠道拒绝');
    await shot(page, 'desktop-withdraw-failed');
    await modal()
      .getByRole('button', { name: /完\s*成/ })
      .click();
    expect(await account(page, settlement.acctNo)).toMatchObject({ balance: before.balance, frozen: before.frozen, available: before.available });
    await expectRowMoney(settlement.acctNo, fen(before.balance), fen(before.frozen));
  });
});

describe('账户管理 as a customer user at 1440×900', () => {
  it('shows only their own accounts, with the buttons their role holds', async () => {
    const own = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
    try {
      const c = await own.newPage();
      await signIn(c, 'customer');
      await c.goto('/payCus/account');
      await eventually(() => c.locator('tr.ant-table-row').count()).toBe(2);
      expect(await c.getByPlaceholder('请输入客户代码').count()).toBe(0);
      const text = await c.locator('.ant-table-tbody').innerText();
      expect(text).toContain('示例企业客户');
      expect(text).toContain('充值');
      // The customer role holds charge / withdraw / transfer, not freeze / unfreeze.
      expect(await c.locator('.ant-table-tbody').getByText('冻结', { exact: true }).count()).toBe(0);
      await shot(c, 'desktop-customer-accounts');
    } finally {
      await own.close();
    }
  });
});

describe('账户管理 at 390×844', () => {
  let phone: BrowserContext;
  let p: Page;
  const card = (acctNo: string): Locator => p.getByTestId('list-card').filter({ hasText: acctNo });

  it("shows the accounts as cards and freezes from a card's action sheet", async () => {
    phone = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
    p = await phone.newPage();
    await signIn(p, 'operator');
    await p.goto('/payCus/account');
    await pickCustomer(p, CUS, CUS);
    await eventually(() => card(settlement.acctNo).count()).toBe(1);
    const before = await account(p, settlement.acctNo);
    expect(await card(settlement.acctNo).innerText()).toContain(shown(fen(before.available)));
    await shot(p, 'phone-accounts');

    await card(settlement.acctNo).getByRole('button', { name: '更多操作' }).click();
    await p.locator('.adm-action-sheet').getByText('冻结', { exact: true }).click();
    const sheet = p.locator('.adm-popup-body:visible');
    await sheet.getByPlaceholder('请输入金额').fill('0');
    await sheet.getByRole('button', { name: '确定' }).click();
    await eventually(() => sheet.getByText(V.amount, { exact: true }).count()).toBe(1);
    await sheet.getByPlaceholder('请输入金额').fill('2.00');
    await sheet.getByPlaceholder('请输入原因').fill('手机端冻结');
    await shot(p, 'phone-freeze-form');
    await sheet.getByRole('button', { name: '确定' }).click();
    await eventually(async () => (await card(settlement.acctNo).innerText()).includes(shown(fen(before.frozen) + 200n))).toBe(true);
    expect(fen((await account(p, settlement.acctNo)).frozen)).toBe(fen(before.frozen) + 200n);
    await shot(p, 'phone-after-freeze');

    await card(settlement.acctNo).getByRole('button', { name: '更多操作' }).click();
    await p.locator('.adm-action-sheet').getByText('账户明细', { exact: true }).click();
    const entries = p.locator('.adm-popup-body:visible');
    await eventually(async () => {
      const text = await entries.innerText();
      return ['手机端冻结', '提现退回', '转账', '解冻'].filter((t) => !text.includes(t));
    }).toEqual([]);
    await shot(p, 'phone-entries');
  });

  it('shows the bound cards as cards and the bind form with the bank-card rule', async () => {
    await p.goto('/payCus/bankCard');
    const search = p.getByPlaceholder('搜索客户代码');
    await search.fill(CUS);
    await search.press('Enter');
    await eventually(() => p.getByTestId('list-card').filter({ hasText: '6225********5678' }).count()).toBe(1);
    await shot(p, 'phone-bank-cards');
    await p.getByRole('button', { name: '绑定银行卡' }).click();
    const sheet = p.locator('.adm-popup-body:visible');
    await sheet.getByPlaceholder('请输入银行卡号').fill('12345');
    await sheet.getByRole('button', { name: '绑定' }).click();
    await eventually(() => sheet.getByText(V.bankCard, { exact: true }).count()).toBe(1);
    await shot(p, 'phone-bind-form');
    await phone.close();
  });
});
