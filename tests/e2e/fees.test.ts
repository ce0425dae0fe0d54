// Fees end to end (issue 18 §1): the operator configures a customer's fee in 客户详情's fee modal
// (1440×900), the approver approves the rule on the phone (390×844, 服务费配置), the operator makes a
// payment and sees the fee, the debit total and 到账金额 in the confirmation, the approver approves the
// payment on the phone, and the fee shows in 手续费收入. The customer is C0203 (nobody else pays from it), funded
// from C0101 for the test, so the fee touches no other file's money.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LEDGER_PATHS, type AccountView } from '../../contract/api/ledger';
import { PAY_PATHS, type PayOrderView } from '../../contract/api/pay';
import { FEE_PATHS } from '../../contract/api/fee';
import { cusDetailUrl } from '../../contract/pages/cus';
import { FEE_INCOME_PATH, FEE_SERVICE_CHARGE_PATH, FEE_SPLIT_CONFIG_PATH } from '../../contract/pages/fee';
import { desktopContext, launchChromium, phoneContext, screenshot } from './lib/browser';
import { rowAction } from './lib/choose';
import { pickCustomer } from './lib/customerPicker';
import { apiCall, DEMO_PASSWORD, eventually, settled, signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const CUS = 'C0203';
const CUS_NAME = '成都示例商贸有限公司';

let browser: Browser;
let desk: BrowserContext;
let phone: BrowserContext;
let op: Page;
let ap: Page;
let payer: AccountView;
let payee: AccountView;

async function cap<B>(p: Page, path: string, data: Record<string, unknown>): Promise<B> {
  const res = await apiCall(p, baseURL, 'POST', path, { data: { context: { channel: 'e2e' }, ...data }, signed: true });
  const json = (await res.json()) as { status: { success: boolean; errorMsg: string }; body: B };
  expect(json.status.success, json.status.errorMsg).toBe(true);
  return json.body;
}
const accountsOf = (p: Page, cusCode: string) => cap<{ listData: AccountView[] }>(p, LEDGER_PATHS.accountInquiry, { cusCode }).then((b) => b.listData);

beforeAll(async () => {
  browser = await launchChromium();
  desk = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
  phone = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
  op = await desk.newPage();
  ap = await phone.newPage();
  for (const p of [op, ap]) p.on('pageerror', (err) => console.log(`[fees e2e] page error: ${err.message}`));
  await signIn(op, 'operator');
  await signIn(ap, 'approver');
  // C0203's own account (the same one on every run), funded from C0101.
  payer = (await cap<{ account: AccountView }>(op, LEDGER_PATHS.accountGenerate, { cusCode: CUS, acctType: 'basic', idempotencyKey: `e2e-fee-${CUS}-basic` }))
    .account;
  const from = (await accountsOf(op, 'C0101')).find((a) => a.acctType === 'settlement')!;
  payee = (await accountsOf(op, 'C0102')).find((a) => a.acctType === 'basic')!;
  await cap(op, LEDGER_PATHS.transfer, {
    fromAcctNo: from.acctNo,
    toAcctNo: payer.acctNo,
    amount: '300.00',
    reason: 'e2e 手续费测试资金',
    idempotencyKey: randomUUID(),
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('a customer fee from configuration to fee income', () => {
  it('the operator configures 1%, at least ¥2.00, in 客户详情’s fee modal', async () => {
    await op.goto(cusDetailUrl(CUS));
    await settled(op);
    await op.getByRole('button', { name: '手续费配置' }).click();
    const modal = op.locator('.ant-modal', { hasText: `手续费配置：${CUS_NAME}` });
    await modal.getByLabel('费率', { exact: true }).fill('1');
    await modal.getByLabel('最低手续费').fill('2');
    await eventually(() => modal.getByTestId('fee-preview').innerText()).toContain('¥100.00 收 ¥2.00');
    await screenshot(op, 'fees-modal-desktop');
    await modal.getByRole('button', { name: '提交审批' }).click();
    await eventually(() => op.getByText('已提交，等待审批').count()).toBeGreaterThan(0);
  });

  it('the approver approves it on the phone (服务费配置)', async () => {
    await ap.goto(FEE_SERVICE_CHARGE_PATH);
    await settled(ap);
    const card = ap.getByTestId('list-card').filter({ hasText: CUS_NAME }).filter({ hasText: '待审批' }).first();
    await eventually(() => card.count()).toBe(1);
    await screenshot(ap, 'fees-service-charge-phone');
    await card.getByRole('button', { name: '更多操作' }).click();
    await ap.locator('.adm-action-sheet-button-item', { hasText: '通过' }).click();
    await ap.locator('.adm-dialog').getByText('确定', { exact: true }).click();
    await eventually(() => ap.getByTestId('list-card').filter({ hasText: CUS_NAME }).first().innerText()).toContain('已生效');
  });

  it('the operator pays ¥150.00 and the confirmation shows the fee, the debit total and 到账金额', async () => {
    await op.goto('/payCus/singlePay');
    await settled(op);
    await pickCustomer(op, '成都', `${CUS_NAME}（${CUS}）`);
    await op.getByLabel('付款账户').click();
    await op.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: payer.acctNo }).click();
    await op.getByPlaceholder('请输入收款人名称').fill('杭州示例供应链有限公司');
    await op.getByPlaceholder('请输入收款账号').fill(payee.acctNo);
    await op.getByPlaceholder('请输入金额').fill('150');
    await op.getByRole('button', { name: '提交审批' }).click();
    const review = op.getByTestId('reservation-review');
    await eventually(async () => (await review.innerText()).replace(/\s+/g, '')).toContain('手续费¥2.00');
    const text = (await review.innerText()).replace(/\s+/g, '');
    expect(text).toContain('扣款合计¥152.00');
    expect(text).toContain('到账金额¥150.00');
    await op.locator('.ant-modal-confirm').waitFor();
    await op.waitForTimeout(400); // the modal's fade-in, for the picture
    await screenshot(op, 'fees-confirmation-desktop');
    await op.getByRole('button', { name: '确认提交' }).click();
    await eventually(async () => (await op.locator('main, .ant-layout-content').first().innerText()).replace(/\s+/g, '')).toContain('手续费¥2.00');
    const { listData } = await cap<{ listData: PayOrderView[] }>(op, PAY_PATHS.orderInquiry, { mine: true, page: { pageNum: 1, pageSize: 1 } });
    const order = listData[0];
    expect(order.fee).toBe('2.00');
    // The approver approves the payment on the phone, with the payment password (no passkey registered here).
    await ap.goto(`/approve/detail?id=${order.orderId}`);
    await settled(ap);
    await eventually(() => ap.getByTestId('order-status').innerText()).toBe('待审批');
    await ap.getByRole('button', { name: '审批通过' }).click();
    await ap.getByLabel('支付密码', { exact: true }).fill(DEMO_PASSWORD);
    await ap.getByRole('button', { name: '确定' }).click();
    await eventually(() => ap.getByText('审批通过 1 笔').count()).toBe(1);
    await screenshot(ap, 'fees-payment-approved-phone');
    await ap.getByRole('button', { name: '知道了' }).click();
  });

  it('the fee shows in 手续费收入', async () => {
    await op.goto(FEE_INCOME_PATH);
    await settled(op);
    const row = op.locator('tr', { hasText: CUS });
    await eventually(() => row.count()).toBeGreaterThan(0);
    expect((await row.first().innerText()).replace(/\s+/g, '')).toMatch(/¥\d+\.\d{2}/);
    await eventually(() => op.getByTestId('fee-income-total').innerText()).toContain('¥');
    await screenshot(op, 'fees-income-desktop');
    await ap.goto(FEE_INCOME_PATH);
    await settled(ap);
    await eventually(() => ap.getByTestId('list-card').filter({ hasText: CUS_NAME }).count()).toBeGreaterThan(0);
    await screenshot(ap, 'fees-income-phone');
  });

  it('the rule pages at both sizes: 服务费配置 lists the approved version, 分账配置 shows a version’s split entries and opens its form', async () => {
    await op.goto(FEE_SERVICE_CHARGE_PATH);
    await settled(op);
    await eventually(() => op.locator('tr', { hasText: CUS_NAME }).first().innerText()).toContain('已生效');
    await screenshot(op, 'fees-service-charge-desktop');
    await op.goto(FEE_SPLIT_CONFIG_PATH);
    await settled(op);
    await op.getByRole('button', { name: '新增规则' }).click();
    await eventually(() => op.locator('.ant-modal', { hasText: '分账规则配置' }).count()).toBe(1);
    await op.waitForTimeout(400);
    await screenshot(op, 'fees-split-form-desktop');
    // A standing split on C0203's account (10% to C0102, the rest stays), approved, and money arriving: its 分账记录.
    const propose = (v: Record<string, unknown>) =>
      cap<{ rule: { ruleId: string } }>(op, FEE_PATHS.splitPropose, { cusCode: CUS, sourceAcctNo: payer.acctNo, remainderAcctNo: payer.acctNo, ...v });
    const { rule } = await propose({ mode: 'ratio', receivers: [{ acctNo: payee.acctNo, ratio: '10' }] });
    await cap(ap, FEE_PATHS.splitApprove, { ruleId: rule.ruleId });
    const from = (await accountsOf(op, 'C0101')).find((a) => a.acctType === 'settlement')!;
    await cap(op, LEDGER_PATHS.transfer, {
      fromAcctNo: from.acctNo,
      toAcctNo: payer.acctNo,
      amount: '10.01',
      reason: 'e2e 分账',
      idempotencyKey: randomUUID(),
    });
    await op.goto(FEE_SPLIT_CONFIG_PATH);
    await settled(op);
    const ruleRow = op.locator('tr', { hasText: CUS_NAME }).filter({ hasText: '已生效' }).first();
    await eventually(() => ruleRow.getByText('分账记录', { exact: true }).count()).toBe(1);
    await rowAction(op, ruleRow, '分账记录');
    await eventually(() => op.getByTestId('split-entries-title').count()).toBe(1);
    await eventually(async () => (await op.locator('tr', { hasText: payee.acctNo }).first().innerText()).replace(/\s+/g, '')).toContain('¥1.00');
    await screenshot(op, 'fees-split-entries-desktop');
    // Switched off again (a third person's money never moves on a rerun).
    const { rule: off } = await propose({ mode: 'ratio', receivers: [], enabled: false });
    await cap(ap, FEE_PATHS.splitApprove, { ruleId: off.ruleId });
    await ap.goto(FEE_SPLIT_CONFIG_PATH);
    await settled(ap);
    await eventually(() => ap.getByText(/共\d+条/).count()).toBeGreaterThan(0);
    await screenshot(ap, 'fees-split-config-phone');
    // The operator's forms on the phone: 分账配置's 新增规则 and the fee modal of 客户详情.
    const opPhone = await (await phoneContext(browser, { baseURL, serviceWorkers: 'block' })).newPage();
    await signIn(opPhone, 'operator');
    await opPhone.goto(FEE_SPLIT_CONFIG_PATH);
    await settled(opPhone);
    await opPhone.getByText('新增规则').click();
    await eventually(() => opPhone.locator('.adm-popup-body', { hasText: '分账规则配置' }).count()).toBeGreaterThan(0);
    await opPhone.waitForTimeout(400);
    await screenshot(opPhone, 'fees-split-form-phone');
    await opPhone.goto(cusDetailUrl(CUS));
    await settled(opPhone);
    await opPhone.getByRole('button', { name: '手续费配置' }).click();
    await eventually(() => opPhone.locator('.adm-popup-body', { hasText: '手续费配置' }).count()).toBeGreaterThan(0);
    await opPhone.waitForTimeout(400);
    await screenshot(opPhone, 'fees-modal-phone');
  });
});
