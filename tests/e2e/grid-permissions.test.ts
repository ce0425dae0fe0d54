// The batch-pay draft grid's toolbar under spec §6 exclusions (permissionPrefix pay:batch:draft:),
// with two users at 1440×900: the operator (a maker holding add, batch_delete and import) sees
// 新增, 插入, 删除 and 导入Excel, and the same in the row menu; a maker whose role was granted the
// page without those codes sees none of them, and the server refuses them too: a row typed into
// the blank row is refused ('无权新增行') and the import call answers 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN_P } from '../../contract/api/admin';
import { PAY_PATHS } from '../../contract/api/payWire';
import { RBAC } from '../../contract/api/rbac';
import { VXE_MSG } from '../../contract/api/vxeSocket';
import { encodePassword } from '../../contract/crypto';
import { desktopContext, launchChromium, screenshot } from './lib/browser';
import { apiCall, eventually, signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const SFX = Date.now().toString(36);
const USERNAME = `e2egp${SFX}`;
const PASSWORD = 'Limited@2026';
let browser: Browser;
const contexts: BrowserContext[] = [];
let operator: Page;
let limited: Page;

const toolbarButton = (page: Page, text: string) => page.locator('.boss-editable-grid').getByRole('button', { name: new RegExp(`${text}$`) });
const status = (page: Page) => page.getByText(/^实时协同/);

beforeAll(async () => {
  browser = await launchChromium();
  const a = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
  const o = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
  const l = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
  contexts.push(a, o, l);
  const admin = await a.newPage();
  await signIn(admin, 'admin');
  // A maker's role without the draft grid's codes: the page and the submit code only.
  const role = await apiCall(admin, baseURL, 'POST', RBAC.roleAdd, { signed: true, data: { roleName: `批量付款只改${SFX}`, roleCode: `e2e_gp_${SFX}` } });
  expect(role.status(), await role.text()).toBe(200);
  const roleId = (await role.json()).result.id as string;
  const grant = await apiCall(admin, baseURL, 'POST', RBAC.saveRolePermission, {
    signed: true,
    data: { roleId, permissionIds: 'm-home,m-paycus,m-paycus-batch,b-pay-order-submit', lastpermissionIds: '' },
  });
  expect(grant.status(), await grant.text()).toBe(200);
  const user = await apiCall(admin, baseURL, 'POST', ADMIN_P.userAdd, {
    signed: true,
    data: { username: USERNAME, realname: '只改不增删', password: encodePassword(PASSWORD), selectedroles: roleId, selecteddeparts: 'd-a01a01' },
  });
  expect(user.status(), await user.text()).toBe(200);
  operator = await o.newPage();
  limited = await l.newPage();
  await signIn(operator, 'operator');
  await signIn(limited, USERNAME, PASSWORD);
}, 90_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

describe('批量付款 draft grid toolbar by permission', () => {
  it('the operator holds add, delete and import: toolbar, row menu and 导入Excel', async () => {
    await operator.goto('/payCus/batchPay');
    await eventually(() => status(operator).innerText()).toBe('实时协同：已同步');
    // The grid's view loads on its own (lazily): wait for its toolbar.
    for (const text of ['新增', '插入', '删除', '上移', '下移']) await eventually(() => toolbarButton(operator, text).count()).toBe(1);
    expect(await operator.getByRole('button', { name: /导入Excel/ }).count()).toBe(1);
    await operator.locator('[data-row-no="1"] > div').nth(1).click({ button: 'right' });
    await eventually(() => operator.locator('.boss-context-menu').getByRole('menuitem').allInnerTexts()).toEqual([
      '在上方插入行',
      '在下方插入行',
      '复制行',
      '上移',
      '下移',
      '删除行',
    ]);
    await operator.keyboard.press('Escape');
  });

  it('a maker without those codes sees no 新增/插入/删除/导入, and the server refuses a new row and the import', async () => {
    await limited.goto('/payCus/batchPay');
    await eventually(() => status(limited).innerText()).toBe('实时协同：已同步');
    // The grid's view loads on its own (lazily): its toolbar is there once 上移 is.
    await eventually(() => toolbarButton(limited, '上移').count()).toBe(1);
    for (const text of ['新增', '插入', '删除']) expect(await toolbarButton(limited, text).count(), text).toBe(0);
    expect(await limited.getByRole('button', { name: /导入Excel/ }).count()).toBe(0);
    await limited.locator('[data-row-no="1"] > div').nth(1).click({ button: 'right' });
    await eventually(() => limited.locator('.boss-context-menu').getByRole('menuitem').allInnerTexts()).toEqual(['上移', '下移']);
    await limited.keyboard.press('Escape');
    await screenshot(limited, 'grid-permissions-limited-desktop');

    // The blank row of a new draft becomes a row when typed in: the server refuses the insert.
    await limited.getByRole('textbox', { name: '第1行收款人名称', exact: true }).fill('供应商丙');
    await eventually(() => limited.getByText(VXE_MSG.noAdd).count()).toBeGreaterThan(0);
    await eventually(() => limited.getByText('共 0 行').count()).toBe(1);

    // The import call itself is refused (403), whatever the page shows.
    const res = await apiCall(limited, baseURL, 'POST', PAY_PATHS.batchImport, { data: {} });
    expect(res.status()).toBe(403);
    const own = await apiCall(operator, baseURL, 'POST', PAY_PATHS.batchImport, { data: {} });
    expect(own.status()).not.toBe(403);
  });
});
