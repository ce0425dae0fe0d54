// 商户平台 end to end (issue 4 §2 merchantPlatform), in Chromium. At 1440×900 the admin (the role
// holding merchant:customer:status) disables a customer from 客户管理 with a reason; a payment and a
// withdrawal for it are then refused with the server's message; the detail shows it disabled; the
// admin enables it again. The operator fills 分账申请: 100.01 by ratio 33.33 / 33.33 / 33.34, sees
// the preview with the 0.01 remainder on the named account, submits; in 分账审核 the operator has no
// approve button on their own order. The approver, on a 390×844 phone, opens the order in
// 分账审核, approves it with the payment password, and the receivers' balances rose by exactly the
// split. On the phone the customer list is cards and the detail shows accounts and entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { copyFileSync, mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { LEDGER_MSG, LEDGER_PATHS, type AccountView } from '../../contract/api/ledger';
import { PAY_MSG, PAY_PATHS, type PayOrderDetail, type PayOrderView } from '../../contract/api/pay';
import { MERCHANT_AUDIT_PATH, MERCHANT_CUSTOMER_PATH, MERCHANT_DISTRIBUTION_PATH, customerDetailUrl } from '../../contract/pages/merchant';
import { parseYuan } from '../../contract/money';
import { desktopContext, launchChromium, phoneContext, screenshot } from './lib/browser';
import { confirmPopconfirm } from './lib/choose';
import { DEMO_PASSWORD, apiCall, eventually, settled, signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const SHOTS = '/tmp/shots-merchant';
const PAYER = 'C0101';
const OTHER = 'C0102';

let browser: Browser;
let adminCtx: BrowserContext;
let opCtx: BrowserContext;
let apCtx: BrowserContext;
let admin: Page;
let op: Page;
let ap: Page;
let payer: AccountView;
let receivers: AccountView[];
let orderId = '';

async function shot(p: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(await screenshot(p, `merchant-${name}`), `${SHOTS}/${name}.png`);
}

interface Cap<B> {
  http: number;
  status: { success: boolean; errorMsg: string; replyText: string };
  body: B;
}
async function cap<B>(p: Page, path: string, data: Record<string, unknown>): Promise<Cap<B>> {
  const res = await apiCall(p, baseURL, 'POST', path, { data: { context: { channel: 'e2e' }, ...data }, signed: true });
  const json = (await res.json()) as Partial<Cap<B>>;
  return { http: res.status(), status: json.status ?? { success: false, errorMsg: '', replyText: '' }, body: json.body as B };
}
async function accounts(p: Page, cusCode: string): Promise<AccountView[]> {
  const r = await cap<{ listData: AccountView[] }>(p, LEDGER_PATHS.accountInquiry, { cusCode });
  expect(r.status.success, r.status.errorMsg).toBe(true);
  return r.body.listData;
}
const balanceOf = async (p: Page, a: AccountView) => parseYuan((await accounts(p, a.cusCode!)).find((x) => x.acctNo === a.acctNo)!.balance) ?? 0n;
const customerRow = (p: Page, cusCode: string) => p.locator('tr.ant-table-row', { hasText: cusCode });

beforeAll(async () => {
  browser = await launchChromium();
  [adminCtx, opCtx] = await Promise.all([
    desktopContext(browser, { baseURL, serviceWorkers: 'block' }),
    desktopContext(browser, { baseURL, serviceWorkers: 'block' }),
  ]);
  apCtx = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
  [admin, op, ap] = await Promise.all([adminCtx.newPage(), opCtx.newPage(), apCtx.newPage()]);
  await Promise.all([signIn(admin, 'admin'), signIn(op, 'operator'), signIn(ap, 'approver')]);
  const own = await accounts(op, PAYER);
  payer = own.find((a) => a.acctType === 'settlement')!;
  // Other e2e files may open more accounts (tests/e2e/acct.test.ts opens a fee account for C0102).
  receivers = [own.find((a) => a.acctType === 'basic')!, ...(await accounts(op, OTHER)).filter((a) => a.acctType === 'settlement' || a.acctType === 'basic')];
  expect(receivers).toHaveLength(3);
});

afterAll(async () => {
  await Promise.all([adminCtx?.close(), opCtx?.close(), apCtx?.close()]);
  await browser?.close();
});

describe('merchantPlatform: customers, distribution and its audit', () => {
  it('the admin disables a customer with a reason; its payment and withdrawal are refused with the message; then enables it', async () => {
    await admin.goto(MERCHANT_CUSTOMER_PATH);
    await settled(admin);
    await eventually(() => customerRow(admin, OTHER).count()).toBe(1);
    expect(await customerRow(admin, OTHER).innerText()).toContain('启用');
    await customerRow(admin, OTHER).getByText('停用', { exact: true }).click();
    const dialog = admin.locator('.ant-modal:visible', { hasText: '停用客户' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: /停\s*用/ }).click();
    await eventually(() => dialog.getByText(PAY_MSG.disableReason, { exact: true }).count()).toBeGreaterThan(0);
    await dialog.getByLabel('停用原因').fill('涉嫌违规交易，暂停业务');
    await shot(admin, 'desktop-disable-dialog');
    await dialog.getByRole('button', { name: /停\s*用/ }).click();
    await eventually(() => customerRow(admin, OTHER).locator('.ant-tag').innerText()).toBe('停用');
    await shot(admin, 'desktop-customers-disabled');

    const from = (await accounts(op, OTHER)).find((a) => a.acctType === 'settlement')!;
    const pay = await cap(op, PAY_PATHS.orderSubmit, {
      fromAcctNo: from.acctNo,
      payeeName: '上海示例贸易有限公司',
      payeeAcctNo: payer.acctNo,
      amount: '10.00',
      idempotencyKey: randomUUID(),
    });
    expect([pay.http, pay.status.success, pay.status.replyText || pay.status.errorMsg]).toEqual([409, false, LEDGER_MSG.customerDisabled]);
    const withdraw = await cap(op, LEDGER_PATHS.withdraw, { acctNo: from.acctNo, amount: '1.00', cardNo: '6228480010009876543', idempotencyKey: randomUUID() });
    expect([withdraw.status.success, withdraw.status.replyText || withdraw.status.errorMsg]).toEqual([false, LEDGER_MSG.customerDisabled]);

    await admin.goto(customerDetailUrl(OTHER));
    await eventually(() => admin.getByTestId('customer-status').innerText()).toBe('停用');
    expect(await admin.getByText('该客户已停用').count()).toBe(1);
    expect(await admin.getByTestId('customer-disabled-reason').innerText()).toBe('涉嫌违规交易，暂停业务');
    await shot(admin, 'desktop-detail-disabled');

    await admin.goto(MERCHANT_CUSTOMER_PATH);
    await eventually(() => customerRow(admin, OTHER).count()).toBe(1);
    await customerRow(admin, OTHER).getByText('启用', { exact: true }).last().click();
    await confirmPopconfirm(admin);
    await eventually(() => customerRow(admin, OTHER).locator('.ant-tag').innerText()).toBe('启用');
  });

  it('the operator submits 100.01 split 33.33 / 33.33 / 33.34 and sees the preview with the remainder', async () => {
    await op.goto(MERCHANT_DISTRIBUTION_PATH);
    await settled(op);
    await op.getByPlaceholder('请输入客户代码后查询付款账户').fill(PAYER);
    await op.getByRole('button', { name: /查\s*询/ }).click();
    await op.locator('.ant-select', { hasText: '请选择付款账户' }).click();
    await op.locator('.ant-select-dropdown:visible').locator('.ant-select-item-option', { hasText: payer.acctNo }).click();
    await op.getByPlaceholder('请输入分账总金额').fill('100.01');
    await op.getByRole('button', { name: '新增' }).click();
    const ratios = ['33.33', '33.33', '33.34'];
    for (const [i, r] of receivers.entries()) {
      await op.getByLabel(`第${i + 1}行接收账户`).fill(r.acctNo);
      await op.getByLabel(`第${i + 1}行分账比例（%）`).fill(ratios[i]);
      await op.getByLabel(`第${i + 1}行分账比例（%）`).blur();
    }
    const preview = op.getByTestId('split-preview');
    await eventually(() => preview.getByText(PAY_MSG.distRemainder, { exact: true }).count()).toBe(1);
    const last = receivers[2].acctNo;
    await op.locator('.ant-select', { hasText: '请选择尾差入账账户' }).click();
    await op.locator('.ant-select-dropdown:visible').locator('.ant-select-item-option', { hasText: last }).click();
    await eventually(() => op.getByTestId('split-total').innerText()).toBe('¥100.01');
    expect(await op.getByTestId('split-remainder').innerText()).toBe(`尾差 ¥0.01，计入 ${last}`);
    const text = await preview.innerText();
    for (const v of ['¥33.33', '¥33.35', '33.34%', '含尾差']) expect(text).toContain(v);
    await shot(op, 'desktop-distribution-preview');

    await op.getByRole('button', { name: '提交审批' }).click();
    await eventually(() => op.getByText('提交成功，等待审批').count()).toBeGreaterThan(0);
    await shot(op, 'desktop-distribution-submitted');
    const mine = await cap<{ listData: PayOrderView[] }>(op, PAY_PATHS.orderInquiry, { kind: 'distribution', mine: true });
    const order = mine.body.listData[0];
    expect([order.status, order.amount, order.fromAcctNo]).toEqual(['pending', '100.01', payer.acctNo]);
    orderId = order.orderId;

    // The maker sees their order in 分账审核, with no approve button.
    await op.goto(MERCHANT_AUDIT_PATH);
    const row = op.locator(`tr[data-row-key="${orderId}"]`);
    await eventually(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain('¥100.01');
    expect(await row.getByText('审核通过').count()).toBe(0);
    await shot(op, 'desktop-audit-maker-list');
    await row.getByText('详情', { exact: true }).click();
    const drawer = op.locator('.ant-drawer:visible');
    await eventually(() => drawer.getByText('含尾差').count()).toBe(1);
    expect(await drawer.getByRole('button', { name: '审核通过' }).count()).toBe(0);
    await shot(op, 'desktop-audit-maker-detail');

    // A checker who is not the maker (the admin) sees 审核通过 and 驳回 on it.
    await admin.goto(MERCHANT_AUDIT_PATH);
    const checkerRow = admin.locator(`tr[data-row-key="${orderId}"]`);
    await eventually(() => checkerRow.count()).toBe(1);
    expect(await checkerRow.getByText('审核通过', { exact: true }).count()).toBe(1);
    expect(await checkerRow.getByText('驳回', { exact: true }).count()).toBe(1);
    await shot(admin, 'desktop-audit-checker-list');
  });

  it('the approver approves it on the phone with the payment password; the receivers rose by exactly the split', async () => {
    const before = await Promise.all(receivers.map((r) => balanceOf(ap, r)));
    await ap.goto(MERCHANT_AUDIT_PATH);
    const card = ap.getByTestId('list-card').filter({ hasText: (await cap<PayOrderDetail>(ap, PAY_PATHS.orderDetail, { orderId })).body.order.orderNo });
    await eventually(() => card.count()).toBe(1);
    await shot(ap, 'phone-audit-list');
    await card.getByRole('button', { name: '更多操作' }).click();
    await ap.locator('.adm-action-sheet').getByText('详情', { exact: true }).click();
    await eventually(() => ap.getByText('含尾差').count()).toBe(1);
    await shot(ap, 'phone-audit-detail');
    await ap.locator('.adm-popup-body').getByRole('button', { name: '审核通过' }).click();
    await eventually(() => ap.getByText('金额 ¥100.01', { exact: false }).count()).toBe(1);
    await ap.getByPlaceholder(PAY_MSG.payPwdRequired).fill(DEMO_PASSWORD);
    await shot(ap, 'phone-audit-password');
    await ap.getByRole('button', { name: '确定' }).click();

    const expected = [3333n, 3333n, 3335n];
    await expect.poll(async () => (await cap<PayOrderDetail>(ap, PAY_PATHS.orderDetail, { orderId })).body.order.status, { timeout: 20_000 }).toBe('succeeded');
    const after = await Promise.all(receivers.map((r) => balanceOf(ap, r)));
    expect(after.map((a, i) => a - before[i])).toEqual(expected);
    const detail = (await cap<PayOrderDetail>(ap, PAY_PATHS.orderDetail, { orderId })).body;
    expect(detail.splits.map((s) => [s.acctNo, s.amount, s.remainder])).toEqual([
      [receivers[0].acctNo, '33.33', false],
      [receivers[1].acctNo, '33.33', false],
      [receivers[2].acctNo, '33.35', true],
    ]);
  });

  it('on the phone the customer list is cards and the detail shows accounts and entries', async () => {
    await ap.goto(MERCHANT_CUSTOMER_PATH);
    // The demo customers with accounts, and those of 客户进件 still being onboarded.
    const card = ap.getByTestId('list-card').filter({ hasText: '上海示例贸易有限公司' });
    await eventually(() => card.count()).toBe(1);
    expect(await ap.getByTestId('list-card').count()).toBeGreaterThanOrEqual(2);
    expect(await ap.locator('.ant-table').count()).toBe(0);
    await shot(ap, 'phone-customers');
    await card.getByRole('button', { name: '更多操作' }).click();
    await ap.locator('.adm-action-sheet').getByText('详情', { exact: true }).click();
    await ap.waitForURL(/customerDetail\?cusCode=C0101/);
    await eventually(() => ap.getByTestId('customer-status').innerText()).toBe('启用');
    await eventually(() => ap.getByText('结算账户').count()).toBeGreaterThan(0);
    expect(await ap.getByRole('button', { name: '停用' }).count()).toBe(0); // the approver does not hold the status code
    await shot(ap, 'phone-customer-detail');
  });

  it('on the phone the operator fills 分账申请 and sees the preview', async () => {
    const phone = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
    try {
      const p = await phone.newPage();
      await signIn(p, 'operator');
      await p.goto(MERCHANT_DISTRIBUTION_PATH);
      await p.getByPlaceholder('请输入客户代码').fill(PAYER);
      await p.getByRole('button', { name: '查询' }).click();
      await p.locator('.adm-selector-item', { hasText: payer.acctNo }).click();
      await p.getByPlaceholder('请输入分账总金额').fill('10.00');
      for (const [i, r] of receivers.slice(0, 2).entries()) {
        await p.getByRole('textbox', { name: `第${i + 1}行接收账户` }).fill(r.acctNo);
        const ratio = p.getByRole('textbox', { name: `第${i + 1}行分账比例（%）` });
        await ratio.fill(i ? '66.67' : '33.33');
        await ratio.blur();
      }
      await p.locator('.adm-selector-item', { hasText: receivers[1].acctNo }).click();
      await eventually(() => p.getByTestId('split-total').innerText()).toBe('¥10.00');
      expect(await p.getByTestId('split-remainder').innerText()).toBe(`尾差 ¥0.01，计入 ${receivers[1].acctNo}`);
      await shot(p, 'phone-distribution');
    } finally {
      await phone.close();
    }
  });
});
