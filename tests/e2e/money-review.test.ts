// Money is reviewed before it is reserved (issue 14 §3), in Chromium as the operator and the approver:
// - 批量付款 and 单笔付款 show the count, the total with thousands separators, the payer account and
//   its available balance after the hold, and submit only on 确认提交 (取消 sends nothing);
// - amount cells refuse '01.5' with the §5 message (it used to become 1.5), accept a pasted
//   '1,234.5', and a block pasted from a spreadsheet fills rows;
// - on a 30-row batch a bad cell is marked, scrolled to and focused on submit;
// - the customer picker finds customers by name or code, recent first, on all three pages, and
//   账户管理 lists accounts without a customer code;
// - the approver sees the payer account in full, grouped in fours, in the list and the detail.
// At 1440×900, and the batch journey again at 390×844.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { groupAcctNo, LEDGER_MSG, LEDGER_PATHS, type AccountView } from '../../contract/api/ledger';
import { PAY_PATHS, type PayOrderView } from '../../contract/api/pay';
import { APPROVE_LIST_PATH, approveDetailUrl } from '../../contract/pages/approve';
import { formatYuanGrouped, parseYuan } from '../../contract/money';
import { V } from '../../contract/validation';
import { desktopContext, launchChromium, phoneContext, screenshot } from './lib/browser';
import { pickCustomer } from './lib/customerPicker';
import { apiCall, eventually, settled, signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const PAYER = 'C0101';
const PAYER_NAME = '上海示例贸易有限公司';
const PAYEE = 'C0102';
const AMOUNT = '金额（元）';

let browser: Browser;
let desk: BrowserContext;
let op: Page;
let payer: AccountView;
let payee: AccountView;
/** The operator on a 390×844 phone, signed in once for the phone tests below (each goes to its page). */
let phone: BrowserContext | undefined;
let phonePage: Page | undefined;
async function operatorPhone(): Promise<Page> {
  if (!phonePage) {
    phone ??= await phoneContext(browser, { baseURL, serviceWorkers: 'block', permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await phone.newPage();
    await signIn(page, 'operator');
    phonePage = page;
  }
  return phonePage;
}
const made: string[] = [];

const shot = (p: Page, name: string) => screenshot(p, `money-review-${name}`);

async function cap<B>(p: Page, path: string, data: Record<string, unknown>): Promise<B> {
  const res = await apiCall(p, baseURL, 'POST', path, { data: { context: { channel: 'e2e' }, ...data }, signed: true });
  const json = (await res.json()) as { status: { success: boolean; errorMsg: string }; body: B };
  expect(json.status.success, json.status.errorMsg).toBe(true);
  return json.body;
}
const accountsOf = (p: Page, cusCode: string) => cap<{ listData: AccountView[] }>(p, LEDGER_PATHS.accountInquiry, { cusCode }).then((b) => b.listData);
const myOrders = (p: Page) =>
  cap<{ listData: PayOrderView[]; page: { count: number } }>(p, PAY_PATHS.orderInquiry, { mine: true, page: { pageNum: 1, pageSize: 1 } });
const money = (fen: bigint) => `¥${formatYuanGrouped(fen)}`;

/** Puts `text` on the clipboard and pastes it into the focused element with Ctrl+V, as a clerk does. */
async function paste(p: Page, target: ReturnType<Page['getByLabel']>, text: string) {
  await p.evaluate((t) => navigator.clipboard.writeText(t), text);
  await target.click();
  await target.press('ControlOrMeta+V');
}

/** A spreadsheet block: one line per row, tab between 收款人名称, 收款账号, 银行卡号, 金额, 备注. */
const block = (rows: [string, string, string][]) =>
  rows.map(([name, amount, remark]) => [name, payee.acctNo, '', amount, remark].join('\t')).join('\r\n') + '\r\n';

const review = (p: Page) => p.getByTestId('reservation-review');

/** The result page's facts, label and value run together (desktop descriptions and phone list alike), with nothing made up. */
async function expectResult(p: Page, facts: string[]) {
  const main = p.locator('main, .ant-layout-content').first();
  await eventually(async () => (await main.innerText()).replace(/\s+/g, '')).toContain(facts[0].replace(/\s+/g, ''));
  const text = (await main.innerText()).replace(/\s+/g, '');
  for (const fact of facts) expect(text).toContain(fact.replace(/\s+/g, ''));
  for (const madeUp of ['曲丽丽', '周毛毛', 'FK202605180001', '128,000.00']) expect(text).not.toContain(madeUp);
}

beforeAll(async () => {
  browser = await launchChromium();
  desk = await desktopContext(browser, { baseURL, serviceWorkers: 'block', permissions: ['clipboard-read', 'clipboard-write'] });
  op = await desk.newPage();
  await signIn(op, 'operator');
  payer = (await accountsOf(op, PAYER)).find((a) => a.acctType === 'settlement')!;
  payee = (await accountsOf(op, PAYEE)).find((a) => a.acctType === 'basic')!;
  expect(payer && payee).toBeTruthy();
});

afterAll(async () => {
  // Give the reserved funds back: other e2e files pay from the same account.
  for (const orderId of made) await cap(op, PAY_PATHS.orderCancel, { orderId, reason: 'e2e 清理' }).catch(() => null);
  await phone?.close();
  await browser?.close();
});

describe('批量付款 at 1440×900', () => {
  it('finds the payer by name in the customer picker and loads its accounts', async () => {
    await op.goto('/payCus/batchPay');
    await pickCustomer(op, '贸易', `${PAYER_NAME}（${PAYER}）`);
    await op.locator('.ant-form-item', { hasText: '付款账户' }).locator('.ant-select').click();
    await op.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: payer.acctNo }).click();
    await eventually(() => op.locator('.ant-statistic', { hasText: '账户可用余额' }).innerText()).toContain(money(parseYuan(payer.available) ?? 0n));
  });

  it("refuses '01.5' with the amount rule's message instead of changing it, and takes a pasted '1,234.5'", async () => {
    const cell = op.getByLabel(`第1行${AMOUNT}`, { exact: true });
    await cell.fill('01.5');
    await cell.press('Tab');
    await eventually(() => cell.getAttribute('aria-invalid')).toBe('true');
    expect(await cell.inputValue()).toBe('01.5');
    await cell.hover();
    // The rule's message is the cell's tooltip, drawn by the grid's CSS from data-error on hover.
    const box = cell.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " boss-grid-cell ")][1]');
    expect(await box.getAttribute('data-error')).toBe(V.amount);
    await eventually(() => box.evaluate((el) => getComputedStyle(el, '::after').content)).toBe(JSON.stringify(V.amount));
    await shot(op, 'desktop-leading-zero');

    await cell.fill('');
    await paste(op, cell, '1,234.5');
    await cell.press('Tab');
    await eventually(() => cell.getAttribute('aria-invalid')).toBe('false');
    expect(await cell.inputValue()).toBe('1234.5');
    await eventually(() => op.locator('.ant-statistic', { hasText: '付款总额' }).innerText()).toContain('¥1,234.50');
  });

  it('a block pasted from a spreadsheet fills the rows; on submit the bad cell of row 25 of 30 is marked, scrolled to and focused', async () => {
    const rows: [string, string, string][] = Array.from({ length: 30 }, (_, i) => [`供应商${i + 1}`, i === 24 ? '01.5' : `${i + 1}.10`, `货款${i + 1}`]);
    await paste(op, op.getByLabel('第1行收款人名称', { exact: true }), block(rows));
    await eventually(() => op.getByText('共 30 行').count()).toBe(1);
    const total = rows.reduce((s, [, a], i) => s + (i === 24 ? 0n : parseYuan(a)!), 0n);
    await eventually(() => op.locator('.ant-statistic', { hasText: '付款总额' }).innerText()).toContain(money(total + 150n));
    expect(await op.getByLabel('第1行收款人名称', { exact: true }).inputValue()).toBe('供应商1');
    expect(await op.getByLabel(`第1行${AMOUNT}`, { exact: true }).inputValue()).toBe('1.10');

    // Back at the top of the page and the grid, as after reading the first rows; then submit.
    await op.getByLabel('第1行收款人名称', { exact: true }).focus();
    await op.evaluate(() => window.scrollTo(0, 0));
    const before = (await myOrders(op)).page.count;
    await op.getByRole('button', { name: '提交审批' }).click();
    const bad = op.getByLabel(`第25行${AMOUNT}`, { exact: true });
    await eventually(() => bad.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await bad.getAttribute('aria-invalid')).toBe('true');
    const box = (await bad.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    expect(box.y + box.height).toBeLessThan(900);
    expect(await op.getByText(`第25行：${V.amount}`).count()).toBeGreaterThan(0);
    await shot(op, 'desktop-first-bad-cell');
    expect((await myOrders(op)).page.count).toBe(before);

    await bad.fill('25.10');
    await bad.press('Tab');
    await eventually(() => bad.getAttribute('aria-invalid')).toBe('false');
  });

  it('shows the count, total, payer and the balance after the hold; 取消 sends nothing, 确认提交 submits', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => `${i + 1}.10`);
    const total = rows.reduce((s, a) => s + parseYuan(a)!, 0n);
    const now = await accountsOf(op, PAYER).then((l) => l.find((a) => a.acctNo === payer.acctNo)!);
    const available = parseYuan(now.available) ?? 0n;
    const before = (await myOrders(op)).page.count;

    await op.getByRole('button', { name: '提交审批' }).click();
    await eventually(() => review(op).count()).toBe(1);
    const text = await review(op).innerText();
    expect(text).toContain('30 笔');
    expect(text).toContain(money(total));
    expect(text).toContain(payer.acctNo);
    expect(text).toContain(money(available));
    expect(text).toMatch(new RegExp(`预留后可用余额\\s+${money(available - total).replace(/[.$]/g, '\\$&')}`));
    await shot(op, 'desktop-batch-review');
    await op.getByRole('button', { name: /^取\s*消$/ }).click();
    await eventually(() => review(op).count()).toBe(0);
    expect((await myOrders(op)).page.count).toBe(before);

    await op.getByRole('button', { name: '提交审批' }).click();
    await op.getByRole('button', { name: '确认提交' }).click();
    await op.getByText('提交成功，等待审批').waitFor();
    const mine = await myOrders(op);
    expect(mine.page.count).toBe(before + 1);
    expect(mine.listData[0]).toMatchObject({ kind: 'batch', status: 'pending', rowCount: 30, amount: formatYuanGrouped(total).replace(/,/g, '') });
    made.push(mine.listData[0].orderId);
    // The success result page, with the real order: its number, count, total and payer account.
    expect(new URL(op.url()).pathname).toBe('/result/success');
    await expectResult(op, [`订单号${mine.listData[0].orderNo}`, '付款笔数30 笔', `付款总额${money(total)}`, `付款账户${payer.acctNo}`, '状态待审批']);
    await shot(op, 'desktop-batch-result');
    const after = await accountsOf(op, PAYER).then((l) => l.find((a) => a.acctNo === payer.acctNo)!);
    expect(parseYuan(after.available)).toBe(available - total);
  });
});

describe('单笔付款 at 1440×900', () => {
  it('the picker offers the recent customer first; a pasted 1,234.5 is reviewed as ¥1,234.50 before anything is sent', async () => {
    await op.goto('/payCus/singlePay');
    const picker = op.getByRole('combobox', { name: '客户', exact: true });
    await picker.click();
    const dropdown = op.locator('.ant-select-dropdown:visible');
    await eventually(() => dropdown.locator('.ant-select-item-group').first().innerText()).toBe('最近使用');
    expect(await dropdown.locator('.ant-select-item-option').first().innerText()).toBe(`${PAYER_NAME}（${PAYER}）`);
    await shot(op, 'desktop-picker-recent');
    await dropdown.locator('.ant-select-item-option').first().click();
    await op.getByLabel('付款账户').click();
    await op.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: payer.acctNo }).click();
    await op.getByPlaceholder('请输入收款人名称').fill('杭州示例供应链有限公司');
    await op.getByPlaceholder('请输入收款账号').fill(payee.acctNo);
    const amount = op.getByPlaceholder('请输入金额');
    await paste(op, amount, '1,234.5');
    expect(await amount.inputValue()).toBe('1,234.5');
    const now = await accountsOf(op, PAYER).then((l) => l.find((a) => a.acctNo === payer.acctNo)!);
    const before = (await myOrders(op)).page.count;

    await op.getByRole('button', { name: '提交审批' }).click();
    await eventually(() => review(op).count()).toBe(1);
    const text = await review(op).innerText();
    expect(text).toContain('1 笔');
    expect(text).toContain('¥1,234.50');
    expect(text).toContain(money((parseYuan(now.available) ?? 0n) - 123450n));
    await shot(op, 'desktop-single-review');
    await op.getByRole('button', { name: /^取\s*消$/ }).click();
    expect((await myOrders(op)).page.count).toBe(before);

    // '01.5' is refused with the rule's message.
    await amount.fill('01.5');
    await op.getByRole('button', { name: '提交审批' }).click();
    await eventually(() => op.locator('.ant-form-item', { hasText: '金额' }).getByText(V.amount, { exact: true }).count()).toBe(1);
    expect(await review(op).count()).toBe(0);
  });
});

describe('单笔付款 result pages at 1440×900', () => {
  it("a refusal goes to the failure page with the server's message, 返回修改 restores the form, and the order goes to the success page", async () => {
    await op.goto('/payCus/singlePay');
    const picker = op.getByRole('combobox', { name: '客户', exact: true });
    await picker.click();
    await op.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await op.getByLabel('付款账户').click();
    await op.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: payer.acctNo }).click();
    await op.getByPlaceholder('请输入收款人名称').fill('杭州示例供应链有限公司');
    await op.getByPlaceholder('请输入收款账号').fill(payee.acctNo);
    // More than the payer has: the review warns, the server refuses the hold.
    const now = await accountsOf(op, PAYER).then((l) => l.find((a) => a.acctNo === payer.acctNo)!);
    const tooMuch = formatYuanGrouped((parseYuan(now.available) ?? 0n) + 100_000n).replace(/,/g, '');
    await op.getByPlaceholder('请输入金额').fill(tooMuch);
    const before = (await myOrders(op)).page.count;
    await op.getByRole('button', { name: '提交审批' }).click();
    await op.getByRole('button', { name: '确认提交' }).click();
    await op.waitForURL(/\/result\/fail$/);
    await expectResult(op, ['提交失败', '失败原因：', LEDGER_MSG.insufficient]);
    expect((await myOrders(op)).page.count).toBe(before);
    await shot(op, 'desktop-single-fail');

    await op.getByRole('button', { name: '返回修改' }).click();
    await op.waitForURL(/\/payCus\/singlePay$/);
    await eventually(() => op.getByPlaceholder('请输入金额').inputValue()).toBe(tooMuch);
    expect(await op.getByPlaceholder('请输入收款人名称').inputValue()).toBe('杭州示例供应链有限公司');
    await op.getByPlaceholder('请输入金额').fill('12.34');
    await op.getByRole('button', { name: '提交审批' }).click();
    await op.getByRole('button', { name: '确认提交' }).click();
    await op.waitForURL(/\/result\/success$/);
    const mine = await myOrders(op);
    expect(mine.page.count).toBe(before + 1);
    made.push(mine.listData[0].orderId);
    await expectResult(op, ['提交成功，等待审批', `订单号${mine.listData[0].orderNo}`, '付款笔数1 笔', '付款总额¥12.34', `付款账户${payer.acctNo}`]);
    await shot(op, 'desktop-single-success');
    await op.getByRole('button', { name: '继续付款' }).click();
    await op.waitForURL(/\/payCus\/singlePay$/);
    await eventually(() => op.getByPlaceholder('请输入金额').inputValue()).toBe('');
  });
});

describe('账户管理 at 1440×900', () => {
  it('lists accounts without a customer code, filters them, and narrows to a customer picked by name', async () => {
    await op.goto('/payCus/account');
    await settled(op);
    await eventually(() => op.locator(`tr[data-row-key="${payer.acctNo}"]`).count()).toBe(1);
    expect(await op.locator(`tr[data-row-key="${payee.acctNo}"]`).count()).toBe(1);
    expect(await op.locator(`tr[data-row-key="${payer.acctNo}"]`).innerText()).toContain(`${PAYER_NAME}（${PAYER}）`);
    await shot(op, 'desktop-accounts-all');

    await pickCustomer(op, '供应链', PAYEE);
    await eventually(() => op.locator(`tr[data-row-key="${payer.acctNo}"]`).count()).toBe(0);
    expect(await op.locator(`tr[data-row-key="${payee.acctNo}"]`).count()).toBe(1);
    await shot(op, 'desktop-accounts-picked');
  });
});

describe('the approver decides on the full account number', () => {
  it('shows the payer account grouped in fours, in full, in the 待我审批 list and the detail', async () => {
    const ctx = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
    try {
      const ap = await ctx.newPage();
      await signIn(ap, 'approver');
      await ap.goto(APPROVE_LIST_PATH);
      const row = ap.locator(`tr[data-row-key="${made[0]}"]`);
      await eventually(() => row.count()).toBe(1);
      const cell = row.getByTestId('from-acct');
      expect(await cell.innerText()).toBe(groupAcctNo(payer.acctNo));
      // Not cut: the whole number fits its cell.
      expect(await cell.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      await shot(ap, 'desktop-approve-list');
      await ap.goto(approveDetailUrl(made[0]));
      await eventually(() => ap.getByTestId('from-acct').innerText()).toBe(groupAcctNo(payer.acctNo));
      await shot(ap, 'desktop-approve-detail');
    } finally {
      await ctx.close();
    }
  });
});

describe('批量付款 at 390×844', () => {
  it('picks the customer in a searchable sheet, pastes rows, and reviews the reservation before submitting', async () => {
    const p = await operatorPhone();
    await p.goto('/payCus/batchPay');
    await p.locator('[role="button"][aria-label="客户"]').click();
    await eventually(() => p.locator('.adm-popup-body:visible .adm-list-item').count()).toBeGreaterThan(0);
    await p.getByPlaceholder('按客户代码或名称搜索').fill(PAYER);
    await eventually(() => p.locator('.adm-popup-body:visible .adm-list-item', { hasText: PAYER_NAME }).count()).toBe(1);
    await shot(p, 'phone-picker');
    await p.locator('.adm-popup-body:visible .adm-list-item', { hasText: PAYER_NAME }).click();
    await eventually(() => p.locator('.adm-selector-item', { hasText: payer.acctNo }).count()).toBe(1);
    await p.locator('.adm-selector-item', { hasText: payer.acctNo }).click();

    await paste(
      p,
      p.getByRole('textbox', { name: '第1行收款人名称', exact: true }),
      block([
        ['供应商甲', '1,000.5', '手机粘贴1'],
        ['供应商乙', '2.25', '手机粘贴2'],
      ]),
    );
    await eventually(() => p.getByText('共 2 行').count()).toBe(1);
    const total = 100050n + 225n;
    await eventually(() => p.getByText(`¥${formatYuanGrouped(total)}`).count()).toBeGreaterThan(0);
    const before = (await myOrders(p)).page.count;
    await p.getByRole('button', { name: '提交审批' }).click();
    await eventually(() => review(p).count()).toBe(1);
    const text = await review(p).innerText();
    expect(text).toContain('2 笔');
    expect(text).toContain('¥1,002.75');
    expect(text).toContain(payer.acctNo);
    await shot(p, 'phone-batch-review');
    await p.getByRole('button', { name: '取消' }).click();
    expect((await myOrders(p)).page.count).toBe(before);
    await p.getByRole('button', { name: '提交审批' }).click();
    await p.getByRole('button', { name: '确认提交' }).click();
    await p.getByText('提交成功，等待审批').waitFor();
    const mine = await myOrders(p);
    expect(mine.listData[0]).toMatchObject({ kind: 'batch', rowCount: 2, amount: '1002.75' });
    made.push(mine.listData[0].orderId);
    expect(new URL(p.url()).pathname).toBe('/result/success');
    await expectResult(p, [`订单号${mine.listData[0].orderNo}`, '付款笔数2 笔', '付款总额¥1,002.75', `付款账户${payer.acctNo}`]);
    await shot(p, 'phone-batch-submitted');
  });
});

describe('单笔付款 and the batch grid at 390×844', () => {
  let p: Page;
  beforeAll(async () => {
    p = await operatorPhone();
  });

  const pickPayer = async () => {
    await p.locator('[role="button"][aria-label="客户"]').click();
    await p.getByPlaceholder('按客户代码或名称搜索').fill(PAYER);
    await eventually(() => p.locator('.adm-popup-body:visible .adm-list-item', { hasText: PAYER_NAME }).count()).toBe(1);
    await p.locator('.adm-popup-body:visible .adm-list-item', { hasText: PAYER_NAME }).click();
    await eventually(() => p.locator('.adm-selector-item', { hasText: payer.acctNo }).count()).toBe(1);
    await p.locator('.adm-selector-item', { hasText: payer.acctNo }).click();
  };

  it('单笔付款 shows the count, total, payer and the balance after the hold before reserving; 确认提交 goes to the success page', async () => {
    await p.goto('/payCus/singlePay');
    await pickPayer();
    await p.getByPlaceholder('请输入收款人名称').fill('杭州示例供应链有限公司');
    await p.getByPlaceholder('请输入收款账号').fill(payee.acctNo);
    await paste(p, p.getByPlaceholder('请输入金额'), '1,234.5');
    const now = await accountsOf(p, PAYER).then((l) => l.find((a) => a.acctNo === payer.acctNo)!);
    const available = parseYuan(now.available) ?? 0n;
    const before = (await myOrders(p)).page.count;

    await p.getByRole('button', { name: '提交审批' }).click();
    await eventually(() => review(p).count()).toBe(1);
    const text = await review(p).innerText();
    expect(text).toContain('1 笔');
    expect(text).toContain('¥1,234.50');
    expect(text).toContain(payer.acctNo);
    expect(text).toContain(money(available));
    expect(text.replace(/\s+/g, '')).toContain(`预留后可用余额${money(available - 123450n)}`);
    await shot(p, 'phone-single-review');
    await p.getByRole('button', { name: '取消' }).click();
    await eventually(() => review(p).count()).toBe(0);
    expect((await myOrders(p)).page.count).toBe(before);

    await p.getByRole('button', { name: '提交审批' }).click();
    await p.getByRole('button', { name: '确认提交' }).click();
    await p.waitForURL(/\/result\/success$/);
    const mine = await myOrders(p);
    expect(mine.page.count).toBe(before + 1);
    made.push(mine.listData[0].orderId);
    await expectResult(p, ['提交成功，等待审批', `订单号${mine.listData[0].orderNo}`, '付款笔数1 笔', '付款总额¥1,234.50', `付款账户${payer.acctNo}`]);
    await shot(p, 'phone-single-success');
  });

  it('on submit the bad cell of row 25 of 30 is marked, scrolled to and focused on the phone too', async () => {
    await p.goto('/payCus/batchPay');
    await pickPayer();
    const rows: [string, string, string][] = Array.from({ length: 30 }, (_, i) => [`供应商${i + 1}`, i === 24 ? '01.5' : `${i + 1}.10`, `货款${i + 1}`]);
    await paste(p, p.getByRole('textbox', { name: '第1行收款人名称', exact: true }), block(rows));
    await eventually(() => p.getByText('共 30 行').count()).toBe(1);
    await p.getByRole('textbox', { name: '第1行收款人名称', exact: true }).focus();
    await p.evaluate(() => document.querySelectorAll('main').forEach((m) => m.scrollTo(0, 0)));
    const before = (await myOrders(p)).page.count;
    await p.getByRole('button', { name: '提交审批' }).click();
    const bad = p.getByRole('textbox', { name: `第25行${AMOUNT}`, exact: true });
    await eventually(() => bad.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await bad.getAttribute('aria-invalid')).toBe('true');
    const box = (await bad.boundingBox())!;
    expect(box.y).toBeGreaterThan(0);
    // Above the fixed submit bar at the bottom of the screen.
    const bar = (await p.getByRole('button', { name: '提交审批' }).boundingBox())!;
    expect(box.y + box.height).toBeLessThan(bar.y);
    expect(await review(p).count()).toBe(0);
    expect((await myOrders(p)).page.count).toBe(before);
    await shot(p, 'phone-first-bad-cell');
  });
});
