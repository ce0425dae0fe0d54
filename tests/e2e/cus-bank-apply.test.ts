// 银行账户申请 end to end (issue 17 §2): the demo customer C0204 is opened at hnpay (its opened
// application written to the database, as the onboarding e2e walks one there); an operator at
// 1440×900 opens 银行账户申请 from 客户详情 and applies for a virtual bank account; the provider simulator walks it to
// 已开通 on the open list (live, no reload), and the ledger account shows in 账户管理 and among the customer's accounts. The page also
// renders on a 390×844 phone (test-results/screenshots/cus-bank-apply-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import pg from 'pg';
import { CUS_BANK_APPLY_PATH, cusDetailUrl } from '../../contract/pages/cus';
import { desktopContext, launchChromium, phoneContext, screenshot } from './lib/browser';
import { choose } from './lib/choose';
import { eventually, settled, signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const databaseUrl = e2eTarget().databaseUrl;
const CUS = 'C0204';

async function query<T>(sql: string, params: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

let browser: Browser;
let desk: BrowserContext;
let op: Page;
let name = '';

describe('银行账户申请', () => {
  beforeAll(async () => {
    await query(
      `INSERT INTO cus_innets (id, tenant_id, cus_code, provider, product, status, submit_no, fields, maker_id, provider_account_no, opened_at)
       VALUES ('e2e-innet-c0204-hnpay', '0', $1, 'hnpay', 'agreementPay', 'opened', 1, '{}', 'u-operator', 'HNPAY0000000204', now()) ON CONFLICT (id) DO NOTHING`,
      [CUS],
    );
    name = (await query<{ cus_name: string }>(`SELECT cus_name FROM customers WHERE tenant_id = '0' AND cus_code = $1`, [CUS]))[0].cus_name;
    browser = await launchChromium();
    desk = await desktopContext(browser, { baseURL });
    op = await desk.newPage();
    await signIn(op, 'operator');
  });
  afterAll(async () => {
    await desk?.close();
    await browser?.close();
  });

  it('applies for a virtual bank account from 客户详情 at 1440×900; the simulator opens it live; 账户管理 and the detail show the account', async () => {
    // 客户详情's accounts tab links to 银行账户申请 for this customer, with the form open and the customer chosen.
    await op.goto(cusDetailUrl(CUS, 'accounts'));
    await settled(op);
    await op.getByRole('button', { name: '申请银行账户' }).click();
    await op.waitForURL(/\/cus\/bankAcctApply\?cusCode=C0204/);
    const dialog = op.getByRole('dialog', { name: '申请银行账户' });
    await expect.poll(() => dialog.locator('.ant-form-item').first().textContent(), { timeout: 10_000 }).toContain(`${name}（华南支付）`);
    await dialog.getByPlaceholder('用途说明（选填）').fill('收款专用');
    await screenshot(op, 'cus-bank-apply-form-desktop');
    await dialog.getByRole('button', { name: /提交申请/ }).click();
    const row = op.locator('tr', { hasText: name }).first();
    // No reload: the cusInnet notice brings each of the simulator's steps.
    await eventually(() => row.locator('.ant-tag').first().textContent()).toBe('已开通');
    const acctNo = (await query<{ acct_no: string }>(`SELECT acct_no FROM cus_bank_applies WHERE cus_code = $1 AND status = 'opened'`, [CUS]))[0].acct_no;
    await expect.poll(() => row.textContent()).toContain(acctNo);
    // The list shows only this customer's applications while linked from its detail.
    expect(await op.locator('tbody tr.ant-table-row').evaluateAll((rows) => rows.every((r) => r.textContent?.includes('C0204')))).toBe(true);
    await screenshot(op, 'cus-bank-apply-desktop');

    // 账户管理 finds it by its type among every customer's accounts.
    await op.goto('/payCus/account');
    await settled(op);
    await choose(op, op.locator('.ant-form-item', { hasText: '账户类型' }).locator('.ant-select').first(), '虚拟银行账户');
    await op.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => op.locator('tr', { hasText: acctNo }).first().textContent(), { timeout: 10_000 }).toContain('虚拟银行账户');

    // The customer's detail lists it among its accounts.
    await op.goto(cusDetailUrl(CUS, 'accounts'));
    await settled(op);
    await expect.poll(() => op.locator('tr', { hasText: acctNo }).first().textContent(), { timeout: 10_000 }).toContain('虚拟银行账户');
    await screenshot(op, 'cus-bank-apply-detail-desktop');
  });

  it('renders on a 390×844 phone', async () => {
    const phone = await phoneContext(browser, { baseURL });
    try {
      const p = await phone.newPage();
      await signIn(p, 'operator');
      await p.goto(CUS_BANK_APPLY_PATH);
      await settled(p);
      await expect.poll(() => p.locator('body').textContent(), { timeout: 10_000 }).toContain(name);
      await screenshot(p, 'cus-bank-apply-phone');
    } finally {
      await phone.close();
    }
  });
});
