// Data rules end to end (issue 13 §3), in Chromium at 1440×900: the administrator adds a rule
// "own department" (org_code = #{sys_org_code}) to 用户管理 on the 菜单管理 screen and holds a role
// to it from the role's 授权 tree (数据规则); a user of 运营部 with that role then sees only 运营部's
// users in the desktop user list, and the server answers the same (list, detail 404 outside). The
// limited list is also looked at on a 390×844 phone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { ADMIN_P, type SysUserRow } from '../../contract/api/admin';
import { RBAC } from '../../contract/api/rbac';
import { encodePassword } from '../../contract/crypto';
import { MSG } from '../../contract/messages';
import { desktopContext, launchChromium, phoneContext, screenshot } from './lib/browser';
import { apiCall, eventually, settled, signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const SFX = Date.now().toString(36);
const ROLE_NAME = `本部门用户${SFX}`;
const ROLE_CODE = `e2e_dr_${SFX}`;
const RULE_NAME = `本部门${SFX}`;
const USERNAME = `e2edr${SFX}`;
const PASSWORD = 'Limited@2026';

let browser: Browser;
let adminCtx: BrowserContext;
let admin: Page;
let roleId: string;

const tableRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const treeNode = (drawer: Locator, name: string) =>
  drawer.locator('.ant-tree-treenode').filter({ has: drawer.page().locator('.ant-tree-title', { hasText: new RegExp(`^${name}(目录|菜单|按钮)`) }) });

beforeAll(async () => {
  browser = await launchChromium();
  adminCtx = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
  admin = await adminCtx.newPage();
  await signIn(admin, 'admin');
  // The role (用户管理 with its list) and its user in 运营部 (A01A01), through the API: the screens
  // for those have their own journeys (admin.test.ts).
  const role = await apiCall(admin, baseURL, 'POST', RBAC.roleAdd, { signed: true, data: { roleName: ROLE_NAME, roleCode: ROLE_CODE } });
  expect(role.status(), await role.text()).toBe(200);
  roleId = (await role.json()).result.id;
  const grant = await apiCall(admin, baseURL, 'POST', RBAC.saveRolePermission, {
    signed: true,
    data: { roleId, permissionIds: 'm-home,m-system,m-system-user,b-user-list', lastpermissionIds: '' },
  });
  expect(grant.status(), await grant.text()).toBe(200);
  const user = await apiCall(admin, baseURL, 'POST', ADMIN_P.userAdd, {
    signed: true,
    data: { username: USERNAME, realname: '本部门查看', password: encodePassword(PASSWORD), selectedroles: roleId, selecteddeparts: 'd-a01a01' },
  });
  expect(user.status(), await user.text()).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

describe('data rules at 1440×900', () => {
  it('an administrator adds an own-department rule on the screen, and the limited user’s list shows only that department', async () => {
    // 菜单管理 → 用户管理 → 数据规则 → 新增规则.
    await admin.goto('/system/permission');
    await settled(admin);
    // 用户管理 hangs under 系统管理: open that branch of the tree table.
    const systemRow = tableRows(admin).filter({ has: admin.locator('td', { hasText: /^系统管理$/ }) });
    await eventually(() => systemRow.count()).toBeGreaterThan(0);
    await systemRow.first().locator('.ant-table-row-expand-icon').click();
    const userMenuRow = tableRows(admin).filter({ has: admin.locator('td', { hasText: /^用户管理$/ }) });
    await eventually(() => userMenuRow.count()).toBeGreaterThan(0);
    await userMenuRow
      .first()
      .getByRole('button', { name: /数据规则/ })
      .click();
    const rulesDrawer = admin.locator('.ant-drawer', { hasText: '数据规则：用户管理' });
    await rulesDrawer.getByRole('button', { name: /新增规则/ }).click();
    const ruleForm = admin.locator('.ant-modal', { hasText: '新增数据规则' });
    await ruleForm.locator('.ant-form-item', { hasText: '规则名称' }).locator('input').fill(RULE_NAME);
    await ruleForm.getByPlaceholder('如 org_code').fill('org_code');
    await ruleForm.getByPlaceholder('如 #{sys_org_code}').fill('#{sys_org_code}');
    await screenshot(admin, 'data-rule-add');
    await ruleForm.getByRole('button', { name: /确\s*定|OK/ }).click();
    await eventually(() => rulesDrawer.locator('.ant-table-row', { hasText: RULE_NAME }).count()).toBe(1);
    await rulesDrawer.locator('.ant-drawer-close').click();

    // 角色管理 → the role → 授权 → 用户管理's 数据规则 → check the rule → 保存.
    await admin.goto('/system/role');
    await settled(admin);
    const roleRow = tableRows(admin).filter({ hasText: ROLE_CODE });
    await eventually(() => roleRow.count()).toBe(1);
    await roleRow.getByText('授权', { exact: true }).click();
    const drawer = admin.locator('.ant-drawer', { hasText: `角色授权：${ROLE_NAME}` });
    const userMenu = treeNode(drawer, '用户管理');
    await eventually(() => userMenu.locator('.grant-data-rules').count()).toBe(1);
    await userMenu.locator('.grant-data-rules').click();
    const panel = admin.locator('.ant-modal', { hasText: '数据规则：用户管理' });
    await panel.getByRole('checkbox', { name: new RegExp(RULE_NAME) }).check();
    await screenshot(admin, 'data-rule-role');
    await panel.getByRole('button', { name: /保\s*存/ }).click();
    await eventually(() => admin.getByText(MSG.saved).count()).toBeGreaterThan(0);
    await eventually(() => panel.isVisible()).toBe(false);
    // The role's menu grants are untouched by the panel.
    expect(await userMenu.locator('.ant-tree-checkbox-checked').count()).toBe(1);

    // The limited user, in a second context: only 运营部 in the desktop list.
    const userCtx = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
    try {
      const user = await userCtx.newPage();
      await signIn(user, USERNAME, PASSWORD);
      await user.goto('/system/user');
      await settled(user);
      await eventually(() => tableRows(user).filter({ hasText: 'operator' }).count()).toBe(1);
      const texts = await tableRows(user).allInnerTexts();
      expect(texts.some((r) => r.includes(USERNAME))).toBe(true);
      expect(texts.some((r) => /\bapprover\b/.test(r))).toBe(false);
      expect(texts.some((r) => /\badmin\b/.test(r))).toBe(false);
      expect(texts.every((r) => r.includes('运营部'))).toBe(true);
      await screenshot(user, 'data-rule-limited-list');

      // The server says the same, and the detail of another department is 404.
      const list = await apiCall(user, baseURL, 'GET', ADMIN_P.userList, { params: { pageSize: '100' } });
      const records = (await list.json()).result.records as SysUserRow[];
      expect(records.length).toBe(texts.length);
      expect(records.every((r) => r.orgCode === 'A01A01')).toBe(true);
      expect((await apiCall(user, baseURL, 'GET', ADMIN_P.userQueryById, { params: { id: 'u-approver' } })).status()).toBe(404);
      expect((await apiCall(user, baseURL, 'GET', ADMIN_P.userQueryById, { params: { id: 'u-operator' } })).status()).toBe(200);
      // The administrator, held to no rule, still lists 风控合规部.
      const all = (await (await apiCall(admin, baseURL, 'GET', ADMIN_P.userList, { params: { pageSize: '100' } })).json()).result.records as SysUserRow[];
      expect(all.some((r) => r.username === 'approver')).toBe(true);
    } finally {
      await userCtx.close();
    }

    // The same user on a phone: the card list holds only 运营部 as well.
    const phone = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
    try {
      const page = await phone.newPage();
      await signIn(page, USERNAME, PASSWORD);
      await page.goto('/system/user');
      await settled(page);
      await eventually(() => page.getByText('operator').count()).toBeGreaterThan(0);
      expect(await page.getByText('approver', { exact: true }).count()).toBe(0);
      await screenshot(page, 'data-rule-limited-list-phone');
    } finally {
      await phone.close();
    }
  });
});
