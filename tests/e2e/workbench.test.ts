// 工作台 end to end (issue 19 §1, §6): the operator's workbench at 1440×900 shows their new to-do
// within 2 s of a submission; the approver's workbench on a 390×844 phone shows it too, and its
// count drops within 2 s of approving; the charts load below the fold; 数据分析 answers on both.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { encodePassword } from '../../contract/crypto';
import { LEDGER_PATHS, type AccountView } from '../../contract/api/ledger';
import { PAY_PATHS, type PayOrderView } from '../../contract/api/pay';
import { desktopContext, launchChromium, phoneContext, screenshot } from './lib/browser';
import { apiCall, DEMO_PASSWORD, eventually, settled, signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;

let browser: Browser;
let opCtx: BrowserContext;
let apCtx: BrowserContext;
let op: Page;
let ap: Page;

/** A signed business call with the page's session; answers the body (fails the test on a refusal). */
async function cap<B>(page: Page, path: string, fields: Record<string, unknown>): Promise<B> {
  const res = await apiCall(page, baseURL, 'POST', path, { data: { context: { channel: 'e2e' }, ...fields }, signed: true });
  const json = (await res.json()) as { status: { success: boolean; errorMsg: string }; body: B };
  expect(json.status.success, json.status.errorMsg).toBe(true);
  return json.body;
}

/** The count a to-do shows ('' while it is not on screen). */
const todoCount = (page: Page, key: string) =>
  page
    .locator(`[data-todo="${key}"]`)
    .first()
    .getAttribute('data-count', { timeout: 200 })
    .catch(() => '');

/** A key figure's shown value ('' while it is not on screen). */
const figure = (page: Page, key: string) =>
  page
    .locator(`[data-figure="${key}"]`)
    .first()
    .getAttribute('data-value', { timeout: 200 })
    .catch(() => '');

beforeAll(async () => {
  browser = await launchChromium();
  opCtx = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
  apCtx = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
  op = await opCtx.newPage();
  ap = await apCtx.newPage();
  await Promise.all([signIn(op, 'operator'), signIn(ap, 'approver')]);
});
afterEach(async (c) => {
  if (c.task.result?.state !== 'fail') return;
  await op?.screenshot({ path: `test-results/screenshots/workbench-failed-${c.task.id}-desktop.png` });
  await ap?.screenshot({ path: `test-results/screenshots/workbench-failed-${c.task.id}-phone.png` });
});
afterAll(async () => {
  await opCtx?.close();
  await apCtx?.close();
  await browser?.close();
});

describe('工作台 live on both devices', () => {
  let order: PayOrderView;

  it("shows the operator's new to-do within 2 s of a submission, and the approver's on the phone", async () => {
    await Promise.all([op.goto('/Home'), ap.goto('/Home')]);
    await Promise.all([settled(op), settled(ap)]);
    await eventually(() => todoCount(op, 'myPending')).not.toBe('');
    await eventually(() => todoCount(ap, 'approvePending')).not.toBe('');
    const mine = Number(await todoCount(op, 'myPending'));
    const paidToday = Number(await figure(op, 'count'));
    const theirs = Number(await todoCount(ap, 'approvePending'));
    await screenshot(op, 'workbench-desktop-operator');

    const accounts = (cus: string) => cap<{ listData: AccountView[] }>(op, LEDGER_PATHS.accountInquiry, { cusCode: cus });
    const from = (await accounts('C0101')).listData.find((a) => a.acctType === 'settlement')!;
    const to = (await accounts('C0102')).listData.find((a) => a.acctType === 'basic')!;
    // Another file on this server may have settled C0101's account to its card (settle-supervise): top it up first.
    if (Number(from.available) < 12.34) {
      await cap(op, LEDGER_PATHS.charge, { acctNo: from.acctNo, amount: '100.00', reason: '工作台测试充值', idempotencyKey: randomUUID() });
      await eventually(async () => Number((await accounts('C0101')).listData.find((a) => a.acctNo === from.acctNo)!.available)).toBeGreaterThanOrEqual(12.34);
    }
    const submittedAt = Date.now();
    order = (
      await cap<{ order: PayOrderView }>(op, PAY_PATHS.orderSubmit, {
        fromAcctNo: from.acctNo,
        payeeName: '工作台收款人',
        payeeAcctNo: to.acctNo,
        amount: '12.34',
        idempotencyKey: randomUUID(),
      })
    ).order;
    await expect.poll(() => todoCount(op, 'myPending'), { timeout: 2_000, interval: 100 }).toBe(String(mine + 1));
    expect(Date.now() - submittedAt).toBeLessThan(2_000);
    await expect.poll(() => todoCount(ap, 'approvePending'), { timeout: 2_000, interval: 100 }).toBe(String(theirs + 1));
    // The key figures follow too: one more payment today on the operator's desktop and the approver's phone.
    await expect.poll(() => figure(op, 'count'), { timeout: 2_000, interval: 100 }).toBe(String(paidToday + 1));
    await expect.poll(() => figure(ap, 'count'), { timeout: 2_000, interval: 100 }).toBe(String(paidToday + 1));
    await screenshot(op, 'workbench-desktop-after-submit');
    await op.getByTestId('workbench-charts').scrollIntoViewIfNeeded();
    await eventually(() => op.locator('[data-testid="workbench-charts"] canvas').count()).toBe(3);
    await screenshot(op, 'workbench-desktop-charts');
  });

  it("drops the approver's count on the phone within 2 s of approving", async () => {
    const before = Number(await todoCount(ap, 'approvePending'));
    await screenshot(ap, 'workbench-phone-approver');
    const decidedAt = Date.now();
    await cap(ap, PAY_PATHS.auditPass, { orderIds: [order.orderId], versions: [order.version], payPwd: encodePassword(DEMO_PASSWORD) });
    await expect.poll(() => todoCount(ap, 'approvePending'), { timeout: 2_000, interval: 100 }).toBe(String(before - 1));
    expect(Date.now() - decidedAt).toBeLessThan(2_000);
  });

  it('opens the filtered list from a to-do, and loads the charts only when scrolled to on the phone', async () => {
    const asked: string[] = [];
    op.on('request', (r) => r.url().includes(PAY_PATHS.orderInquiry) && asked.push(r.postData() ?? ''));
    await op.locator('[data-todo="myPending"]').click();
    await op.waitForURL(/\/payCus\/payOrder\?scope=mine&status=pending/);
    await settled(op);
    // The query form carries the to-do's filter, and the rows obey it.
    await eventually(() => op.locator('form').first().innerText()).toContain('待审批');
    await eventually(() => asked.some((body) => /"mine":true/.test(body) && /"status":"pending"/.test(body))).toBe(true);
    await eventually(() => op.locator('.ant-table-tbody').count()).toBeGreaterThan(0);
    const statuses = await op.locator('.ant-table-row .ant-tag').allInnerTexts();
    expect(statuses.every((s) => s === '待审批')).toBe(true);

    const chartsAsked: string[] = [];
    ap.on('request', (r) => r.url().includes('/workbench/charts') && chartsAsked.push(r.url()));
    const echartsLoaded: string[] = [];
    ap.on('response', (r) => /echartsCore/.test(r.url()) && echartsLoaded.push(r.url()));
    await ap.reload();
    await settled(ap);
    await eventually(() => todoCount(ap, 'approvePending')).not.toBe('');
    expect(chartsAsked, 'no chart data before the charts are on screen').toHaveLength(0);
    expect(echartsLoaded, 'no ECharts before the charts are on screen').toHaveLength(0);
    await ap.getByTestId('workbench-charts').scrollIntoViewIfNeeded();
    await eventually(() => ap.locator('[data-testid="workbench-charts"] canvas').count()).toBeGreaterThan(0);
    expect(chartsAsked.length).toBeGreaterThan(0);
    expect(await ap.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(ap, 'workbench-phone-charts');
  });
});

describe('数据分析', () => {
  it('answers the admin on the desktop and the phone', async () => {
    const ctx = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
    const page = await ctx.newPage();
    await signIn(page, 'admin');
    await page.goto('/dashboard/analysis');
    await settled(page);
    await eventually(() => page.getByTestId('analysis-totals').innerText()).toContain('订单笔数');
    await eventually(() => page.locator('canvas').count()).toBeGreaterThan(0);
    await eventually(() => page.getByText('按支付机构').count()).toBe(1);
    await screenshot(page, 'analysis-desktop');
    await ctx.close();
    const phone = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
    const p = await phone.newPage();
    await signIn(p, 'admin');
    await p.goto('/dashboard/analysis');
    await settled(p);
    await eventually(() => p.getByTestId('analysis-totals').innerText()).toContain('订单笔数');
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await eventually(() => p.getByText('按支付机构').count()).toBe(1);
    await screenshot(p, 'analysis-phone');
    await phone.close();
  });
});
