// The acct pages end to end (issue 4 §2), in Chromium. At 1440×900 the operator (maker) submits an
// adjust (调增 10.00 with a reason) on 调账申请 — without a reason the form says so and nothing is
// written; the approver (checker) sees it in 待我审批 and approves it with the payment password; the
// account's balance rises by 10.00. 开立账户 gives a number whose check digits the contract helper
// accepts, and a second account of that type is refused with the server's message. 退款申请 shows
// what is refundable on a succeeded payment and refuses more (the client and the server say the
// same), then applies a refund that waits for approval. 开票申请 refuses more than was paid, applies
// an invoice, and the approver issues it on 发票开具: its number shows in the list. At 390×844 the
// adjust form and the adjust list (cards) on the phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { encodePassword } from '../../contract/crypto';
import { isValidAccountNo } from '../../contract/accountNo';
import { LEDGER_MSG, LEDGER_PATHS, type AccountView } from '../../contract/api/ledger';
import { PAY_MSG, PAY_PATHS, type InvoiceInquiryResult, type InvoiceView, type PayOrderDetail, type PayOrderView } from '../../contract/api/pay';
import { ACCT_PATHS } from '../../contract/pages/acct';
import { APPROVE_LIST_PATH } from '../../contract/pages/approve';
import { formatFen, parseYuan } from '../../contract/money';
import { desktopContext, launchChromium, phoneContext, screenshot } from './lib/browser';
import { apiCall, DEMO_PASSWORD, eventually, settled, signIn } from './lib/session';
import { confirmPopconfirm } from './lib/choose';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
/** The approver's payment password: the demo one, or the one tests/e2e/approve.test.ts sets when it ran first on this server. */
const PAY_PASSWORDS = [DEMO_PASSWORD, 'Pay@2026x'];
const PAYER = 'C0101';
const PAYEE = 'C0102';

let browser: Browser;
let opCtx: BrowserContext;
let apCtx: BrowserContext;
let op: Page;
let ap: Page;

const shot = (page: Page, name: string) => screenshot(page, `acct-${name}`);

interface Cap<B> {
  http: number;
  success: boolean;
  message: string;
  body: B;
}
async function cap<B>(page: Page, path: string, data: Record<string, unknown>): Promise<Cap<B>> {
  const res = await apiCall(page, baseURL, 'POST', path, { data: { context: { channel: 'e2e' }, ...data }, signed: true });
  const json = (await res.json().catch(() => ({}))) as { status?: { success: boolean; errorMsg: string; replyText: string }; body: B; message?: string };
  return {
    http: res.status(),
    success: !!json.status?.success,
    message: json.status?.errorMsg || json.status?.replyText || json.message || '',
    body: json.body,
  };
}
async function ok<B>(page: Page, path: string, data: Record<string, unknown>): Promise<B> {
  const r = await cap<B>(page, path, data);
  expect(r.success, `${path}: ${r.message}`).toBe(true);
  return r.body;
}

const accounts = async (cusCode: string) => (await ok<{ listData: AccountView[] }>(op, LEDGER_PATHS.accountInquiry, { cusCode })).listData;
const accountOf = async (cusCode: string, type: AccountView['acctType']) => (await accounts(cusCode)).find((a) => a.acctType === type)!;
const orderOf = async (orderId: string) => (await ok<PayOrderDetail>(op, PAY_PATHS.orderDetail, { orderId })).order;
const myOrders = async (kind: 'adjust' | 'refund') =>
  ok<{ listData: PayOrderView[]; page: { count: number } }>(op, PAY_PATHS.orderInquiry, { kind, mine: true, page: { pageNum: 1, pageSize: 5 } });

/** The approver approves with their payment password (whichever of the known ones is set). */
async function approve(order: PayOrderView) {
  let last = '';
  for (const pwd of PAY_PASSWORDS) {
    const r = await cap<{ passed: number }>(ap, PAY_PATHS.auditPass, { orderIds: [order.orderId], versions: [order.version], payPwd: encodePassword(pwd) });
    if (r.success && r.body.passed === 1) return;
    last = r.message;
    if (!last.includes('支付密码')) break;
  }
  throw new Error(`approval failed: ${last}`);
}
const settledOrder = async (orderId: string) => {
  await eventually(async () => (await orderOf(orderId)).status).toBe('succeeded');
};

/** Picks the option containing `text` of the antd Select labelled `label`. */
async function choose(page: Page, label: string, text: string, search?: string) {
  await page.getByLabel(label).click();
  if (search) await page.getByLabel(label).fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}
const fieldError = (page: Page, text: string) => page.locator('.ant-form-item-explain-error', { hasText: text });

beforeAll(async () => {
  browser = await launchChromium();
  opCtx = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
  apCtx = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
  op = await opCtx.newPage();
  ap = await apCtx.newPage();
  await Promise.all([signIn(op, 'operator'), signIn(ap, 'approver')]);
});
afterAll(async () => {
  await browser?.close();
});

describe('acct pages at 1440×900', () => {
  it('调账申请: no reason → the required message and nothing written; 调增 10.00 → approved by the checker → the balance rose', async () => {
    const before = await accountOf(PAYER, 'basic');
    const countBefore = (await myOrders('adjust')).page.count;
    await op.goto(ACCT_PATHS.adjust);
    await settled(op);
    await op.getByPlaceholder('请输入客户代码后查询账户').fill(PAYER);
    await op.getByPlaceholder('请输入客户代码后查询账户').press('Enter');
    await choose(op, '调账账户', before.acctNo);
    await expect.poll(() => op.getByText(/余额 ¥/).count()).toBe(1);
    await op.getByPlaceholder('请输入金额').fill('10.00');
    await op.getByRole('button', { name: '提交审批' }).click();
    await expect.poll(() => fieldError(op, PAY_MSG.adjustReason).count()).toBe(1);
    await shot(op, 'desktop-adjust-reason-required');
    expect((await myOrders('adjust')).page.count).toBe(countBefore);

    await op.getByPlaceholder('请输入调账原因').fill('e2e 补记漏收款项');
    await op.getByRole('button', { name: '提交审批' }).click();
    await expect.poll(() => op.getByText('提交成功，等待审批').count(), { timeout: 10_000 }).toBe(1);
    expect(await op.getByTestId('order-result').innerText()).toContain('待审批');
    await expect.poll(() => op.locator('.ant-table-row', { hasText: 'e2e 补记漏收款项' }).count(), { timeout: 10_000 }).toBe(1);
    await shot(op, 'desktop-adjust-submitted');
    const order = (await myOrders('adjust')).listData[0];
    expect(order).toMatchObject({
      kind: 'adjust',
      status: 'pending',
      direction: 'credit',
      amount: '10.00',
      remark: 'e2e 补记漏收款项',
      payeeAcctNo: before.acctNo,
    });

    // The maker cannot approve it; the checker sees it in 待我审批 with its kind, amount and account.
    const self = await cap(op, PAY_PATHS.auditPass, { orderIds: [order.orderId], versions: [order.version], payPwd: encodePassword(DEMO_PASSWORD) });
    expect(self.success).toBe(false);
    await ap.goto(APPROVE_LIST_PATH);
    const row = ap.locator(`tr[data-row-key="${order.orderId}"]`);
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    expect(await row.innerText()).toMatch(/调账[\s\S]*¥10\.00/);
    await shot(ap, 'desktop-approver-list-adjust');
    await approve(order);
    await settledOrder(order.orderId);
    const after = await accountOf(PAYER, 'basic');
    expect(parseYuan(after.balance)! - (parseYuan(before.balance) ?? 0n)).toBe(1000n);
  });

  it('开立账户: a number with valid check digits; a second account of the type is refused with the server message', async () => {
    await op.goto(ACCT_PATHS.acctNoGenerate);
    await settled(op);
    await op.getByPlaceholder('请输入客户代码').fill(PAYEE);
    await op.getByPlaceholder('请输入客户代码').press('Enter');
    await expect.poll(() => op.getByText(`客户 ${PAYEE} 的账户`).count()).toBe(1);
    const had = (await accounts(PAYEE)).some((a) => a.acctType === 'fee');
    if (!had) {
      await op.getByText('手续费账户', { exact: true }).click();
      await op.getByRole('button', { name: '开立账户' }).click();
      await expect.poll(() => op.getByText('开户成功').count(), { timeout: 10_000 }).toBe(1);
      const no = (await op.getByTestId('generated-acct-no').innerText()).trim();
      expect(no).toMatch(/^BS\d{18}$/);
      expect(isValidAccountNo(no)).toBe(true);
      expect(await op.getByText('校验位正确（MOD 97-10）').count()).toBe(1);
      expect((await accountOf(PAYEE, 'fee')).acctNo).toBe(no);
      await shot(op, 'desktop-acct-generated');
      await op.getByRole('button', { name: '继续开户' }).click();
    }
    // The page knows the customer now holds one: it says so before asking; the server says the same.
    await op.getByText('手续费账户（已开立）').click();
    await op.getByRole('button', { name: '开立账户' }).click();
    await expect.poll(() => fieldError(op, LEDGER_MSG.accountTypeExists).count()).toBe(1);
    const again = await cap(op, LEDGER_PATHS.accountGenerate, { cusCode: PAYEE, acctType: 'fee', idempotencyKey: randomUUID() });
    expect(again.success).toBe(false);
    expect(again.message).toBe(LEDGER_MSG.accountTypeExists);
    await shot(op, 'desktop-acct-generate-exists');
  });

  it('退款申请: refundable shown, an over-refund refused by the form and the server, a refund applied and pending', async () => {
    const from = await accountOf(PAYER, 'settlement');
    const to = await accountOf(PAYEE, 'basic');
    const pay = (
      await ok<{ order: PayOrderView }>(op, PAY_PATHS.orderSubmit, {
        fromAcctNo: from.acctNo,
        payeeName: '杭州示例供应链有限公司',
        payeeAcctNo: to.acctNo,
        amount: '50.00',
        remark: 'e2e 待退款付款',
        idempotencyKey: randomUUID(),
      })
    ).order;
    await approve(pay);
    await settledOrder(pay.orderId);

    await op.goto(ACCT_PATHS.refundApply);
    await settled(op);
    await choose(op, '原付款订单', pay.orderNo, pay.orderNo);
    await expect.poll(() => op.getByTestId('refundable').innerText(), { timeout: 10_000 }).toBe('¥50.00');
    await op.getByPlaceholder('请输入退款金额').fill('60.00');
    await op.getByPlaceholder('请输入退款原因').fill('e2e 部分退货');
    await op.getByRole('button', { name: '提交审批' }).click();
    await expect.poll(() => fieldError(op, PAY_MSG.refundExceeded('50.00')).count()).toBe(1);
    await shot(op, 'desktop-refund-exceeded');
    const over = await cap(op, PAY_PATHS.refundApply, { origOrderId: pay.orderId, amount: '60.00', reason: 'x', idempotencyKey: randomUUID() });
    expect(over.message).toBe(PAY_MSG.refundExceeded('50.00'));

    await op.getByPlaceholder('请输入退款金额').fill('20.00');
    await op.getByRole('button', { name: '提交审批' }).click();
    await expect.poll(() => op.getByText('提交成功，等待审批').count(), { timeout: 10_000 }).toBe(1);
    expect(await op.getByTestId('order-result').innerText()).toContain('待审批');
    const refund = (await myOrders('refund')).listData[0];
    expect(refund).toMatchObject({ kind: 'refund', status: 'pending', amount: '20.00', origOrderId: pay.orderId, remark: 'e2e 部分退货' });
    await shot(op, 'desktop-refund-submitted');
    // The pending refund holds its part: 30.00 is left.
    const more = await cap(op, PAY_PATHS.refundApply, { origOrderId: pay.orderId, amount: '30.01', reason: 'x', idempotencyKey: randomUUID() });
    expect(more.message).toBe(PAY_MSG.refundExceeded('30.00'));
    await ap.goto(APPROVE_LIST_PATH);
    await expect.poll(() => ap.locator(`tr[data-row-key="${refund.orderId}"]`).count(), { timeout: 15_000 }).toBe(1);
    expect(await ap.locator(`tr[data-row-key="${refund.orderId}"]`).innerText()).toMatch(/退款[\s\S]*¥20\.00/);
    await shot(ap, 'desktop-approver-list-refund');
  });

  it('开票申请 then 发票开具: more than invoiceable refused, the invoice applied, issued by the approver with its number', async () => {
    const totals = await ok<InvoiceInquiryResult>(op, PAY_PATHS.invoiceInquiry, { cusCode: PAYER, page: { pageNum: 1, pageSize: 1 } });
    const left = parseYuan(totals.invoiceable!)!;
    expect(left).toBeGreaterThanOrEqual(1000n);
    await op.goto(ACCT_PATHS.invoiceApply);
    await settled(op);
    await op.getByPlaceholder('请输入客户代码后查询可开票金额').fill(PAYER);
    await op.getByPlaceholder('请输入客户代码后查询可开票金额').press('Enter');
    await expect.poll(() => op.getByTestId('invoice-totals').innerText()).toContain('可开票金额');
    const title = `上海示例贸易有限公司 ${randomUUID().slice(0, 6)}`;
    await op.getByPlaceholder('请输入开票金额').fill(formatFen(left + 1n));
    await op.getByPlaceholder('请输入发票抬头').fill(title);
    await op.getByPlaceholder('请输入纳税人识别号').fill('91310000MA1K00000X');
    await op.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => fieldError(op, PAY_MSG.invoiceExceeded(formatFen(left))).count()).toBe(1);
    const over = await cap(op, PAY_PATHS.invoiceApply, { cusCode: PAYER, amount: formatFen(left + 1n), title, idempotencyKey: randomUUID() });
    expect(over.message).toBe(PAY_MSG.invoiceExceeded(formatFen(left)));
    await shot(op, 'desktop-invoice-exceeded');
    await op.getByPlaceholder('请输入开票金额').fill('10.00');
    await op.getByRole('button', { name: '提交申请' }).click();
    await expect.poll(() => op.getByText('开票申请已提交').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => op.locator('.ant-table-row', { hasText: title }).count(), { timeout: 10_000 }).toBe(1);
    expect(await op.locator('.ant-table-row', { hasText: title }).innerText()).toContain('待开具');
    // The maker holds no acct:invoice:make: no 开具 in their list.
    expect(await op.locator('.ant-table-row', { hasText: title }).getByText('开具', { exact: true }).count()).toBe(0);
    await shot(op, 'desktop-invoice-applied');

    await ap.goto(ACCT_PATHS.invoiceMake);
    await settled(ap);
    const row = ap.locator('.ant-table-row', { hasText: title });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.getByText('开具', { exact: true }).click();
    await confirmPopconfirm(ap);
    await expect.poll(() => ap.getByText(/开票成功，发票号 FP\d{14}/).count(), { timeout: 10_000 }).toBe(1);
    const list = await ok<InvoiceInquiryResult>(ap, PAY_PATHS.invoiceInquiry, { cusCode: PAYER, status: 'issued', page: { pageNum: 1, pageSize: 20 } });
    const issued = list.listData.find((i: InvoiceView) => i.title === title)!;
    expect(issued.invoiceNo).toMatch(/^FP\d{14}$/);
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain(issued.invoiceNo!);
    expect(await row.innerText()).toContain('已开具');
    await shot(ap, 'desktop-invoice-made');
  });
});

describe('acct pages at 390×844', () => {
  it('the adjust form and the adjust list as cards', async () => {
    const ctx = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
    try {
      const phone = await ctx.newPage();
      await signIn(phone, 'operator');
      await phone.goto(ACCT_PATHS.adjust);
      await expect.poll(() => phone.getByPlaceholder('请输入调账原因').count(), { timeout: 15_000 }).toBe(1);
      await phone.getByPlaceholder('请输入客户代码').fill(PAYER);
      await phone.getByRole('button', { name: '查询' }).click();
      await expect.poll(() => phone.locator('.adm-selector-item', { hasText: '基本账户' }).count(), { timeout: 10_000 }).toBe(1);
      await phone.getByRole('button', { name: '提交审批' }).click();
      await expect.poll(() => phone.getByText(PAY_MSG.adjustReason).count()).toBe(1);
      expect(await phone.locator('.ant-btn, .ant-form').count()).toBe(0);
      await shot(phone, 'phone-adjust-form');
      await phone.getByText('我的调账', { exact: true }).click();
      await expect.poll(() => phone.getByTestId('list-card').count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await phone.getByTestId('list-card').first().innerText()).toContain('¥10.00');
      await shot(phone, 'phone-adjust-list');
      // The other pages on the phone (looked at, not asserted further): each waits for a text of its own.
      const others = {
        generate: [ACCT_PATHS.acctNoGenerate, '账户类型'],
        refund: [ACCT_PATHS.refundApply, '原付款订单'],
        invoice: [ACCT_PATHS.invoiceApply, '发票抬头'],
        invoices: [ACCT_PATHS.invoiceMake, '共'],
      };
      for (const [name, [path, text]] of Object.entries(others)) {
        await phone.goto(path);
        await expect.poll(() => phone.getByText(text).count(), { timeout: 15_000 }).toBeGreaterThan(0);
        await settled(phone);
        await shot(phone, `phone-${name}`);
      }
    } finally {
      await ctx.close();
    }
  });
});
