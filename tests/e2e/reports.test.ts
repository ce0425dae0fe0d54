// Online reports end to end (issue 19 §5): the administrator finds the report definitions under
// 在线报表 at 1440×900, a new one among them, and opens it with 查看报表 (its columns, rows and
// query); a customer-side user on a 390×844 phone opens the account report and sees only their own
// customer's accounts, as cards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { desktopContext, launchChromium, phoneContext, screenshot } from './lib/browser';
import { rowAction } from './lib/choose';
import { REPORT_P } from '../../contract/api/report';
import { apiCall, eventually, settled, signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const CODE = `rp_e2e_${Date.now().toString(36)}`;
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('online reports at 1440×900', () => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
    page = await ctx.newPage();
    await signIn(page, 'admin');
  });
  afterAll(async () => ctx?.close());

  it('lists the reports on 在线报表 and opens one with 查看报表: its columns, its rows, its query', async () => {
    await page.goto('/online/cgreport');
    await settled(page);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await eventually(() => rows.filter({ hasText: 'acct_account' }).count()).toBe(1);

    // The definition is made through the API (the form's own checks are the contract's schema, tested on the server).
    const res = await apiCall(page, baseURL, 'POST', REPORT_P.add, {
      data: {
        code: CODE,
        name: '客户一览',
        source: 'customers',
        columns: [
          { field: 'cusCode', title: '客户编号' },
          { field: 'cusName', title: '名称' },
          { field: 'status', title: '状态' },
        ],
        queryFields: [{ field: 'cusCode', mode: 'single' }],
      },
    });
    expect(res.status()).toBe(200);
    await page.reload();
    await settled(page);
    await eventually(() => rows.filter({ hasText: CODE }).count()).toBe(1);

    await rowAction(page, rows.filter({ hasText: CODE }), '查看报表');
    await eventually(() => page.url()).toContain(`/online/cgreport/view?code=${CODE}`);
    const head = page.locator('.ant-table-thead');
    await eventually(() => head.innerText()).toMatch(/客户编号[\s\S]*名称[\s\S]*状态/);
    await eventually(() => rows.count()).toBeGreaterThan(1);
    await page.getByPlaceholder(/客户编号/).fill('C0101');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await eventually(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('C0101');
    await screenshot(page, 'reports-desktop-view');
  });
});

describe('online reports on a 390×844 phone', () => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
    page = await ctx.newPage();
    await signIn(page, 'customer');
  });
  afterAll(async () => ctx?.close());

  it("the customer-side user sees only their own customer's accounts in the account report", async () => {
    await page.goto('/online/cgreport/view?code=acct_account');
    await settled(page);
    const cards = page.getByTestId('list-card');
    await eventually(() => cards.count()).toBeGreaterThan(0);
    const texts = await cards.allInnerTexts();
    expect(texts.every((t) => t.includes('C0001'))).toBe(true);
    expect(texts.some((t) => t.includes('C0101'))).toBe(false);
    await screenshot(page, 'reports-phone-view');
  });
});
