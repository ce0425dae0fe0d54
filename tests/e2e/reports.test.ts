// Online reports end to end (issue 19 §5): the administrator finds the report definitions under
// 在线报表 at 1440×900, adds one through the form and opens it with 查看报表 (its columns, rows and
// query); a customer-side user on a 390×844 phone opens the account report and sees only their own
// customer's accounts, as cards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, screenshot } from './lib/browser';
import { choose, rowAction } from './lib/choose';
import { eventually, settled } from './lib/session';
import { signedInPage } from './lib/signedIn';
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
  let page: Page;
  signedInPage({ browser: () => browser, baseURL, user: 'admin', name: 'reports' }, (p) => (page = p));

  it('adds a report on 在线报表 through its form and opens it with 查看报表: its columns, its rows, its query', async () => {
    await page.goto('/online/cgreport');
    await settled(page);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await eventually(() => rows.filter({ hasText: 'acct_account' }).count()).toBe(1);

    await page
      .locator('.list-kit-toolbar')
      .getByRole('button', { name: /新\s*增/ })
      .click();
    const form = page.locator('.ant-modal:visible').filter({ hasText: '新增报表' });
    await form.getByLabel('报表编码').fill(CODE);
    // Nothing chosen yet: the contract's own message, and nothing saved.
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await eventually(() => form.getByRole('alert').innerText()).toBe('请输入报表名称!');
    await form.getByLabel('报表名称').fill('客户一览');
    const select = (label: string) => form.locator('.ant-select').filter({ has: page.getByLabel(label, { exact: true }) });
    // A multiple select keeps its dropdown open: close it before the next select, whose options have the same titles.
    const closeDropdowns = async () => {
      await page.keyboard.press('Escape');
      await eventually(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
    };
    await choose(page, select('数据源'), '客户');
    await closeDropdowns();
    for (const f of ['客户编号', '客户名称', '状态']) await choose(page, select('显示列'), f);
    await closeDropdowns();
    await form.getByLabel('客户名称标题').fill('名称');
    await choose(page, select('查询条件'), '客户编号');
    await closeDropdowns();
    expect(await select('显示列').innerText()).toMatch(/客户编号[\s\S]*客户名称[\s\S]*状态/);
    expect(await form.getByRole('alert').count()).toBe(0);
    await screenshot(page, 'reports-desktop-form');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await eventually(() => form.count()).toBe(0);
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
  let page: Page;
  signedInPage({ browser: () => browser, baseURL, phone: true, user: 'customer', name: 'reports' }, (p) => (page = p));

  it("the customer-side user sees only their own customer's accounts in the account report", async () => {
    await page.goto('/online/cgreport/view?code=acct_account');
    await settled(page);
    const cards = page.getByTestId('list-card');
    await eventually(() => cards.count()).toBeGreaterThan(0);
    const texts = await cards.allInnerTexts();
    expect(texts.every((t) => t.includes('C0001'))).toBe(true);
    expect(texts.some((t) => t.includes('C0101'))).toBe(false);
    // Dictionary columns show their texts, not their codes.
    expect(texts.join('\n')).toMatch(/结算账户|基本账户/);
    expect(texts.join('\n')).not.toMatch(/\bsettlement\b/);
    await screenshot(page, 'reports-phone-view');
  });
});
