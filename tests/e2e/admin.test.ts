// System administration end to end (issue 3 §5), in Chromium. As admin at 1440×900: a role made in
// 角色管理 with a chosen subset of permissions (授权 drawer), a user made in 用户管理 with that role;
// the user, signed in in a second context, sees exactly the granted menu and buttons and the server
// refuses what was not granted. A saved super query survives a reload and filters when reapplied.
// Users exported to .xlsx, changed (one good and one bad new row) and imported back give the
// partial-import answer with an error file, and the good row appears. An announcement released on
// the 通知公告 page reaches another signed-in user's bell within 2 s. On a 390×844 phone the user
// list and a configuration list are cards with an action sheet, and no antd is downloaded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { ADMIN_P, USER_MSG } from '../../contract/api/admin';
import { MSG } from '../../contract/messages';
import { desktopContext, launchChromium, phoneContext, screenshot } from './lib/browser';
import { apiCall, eventually, settled, sideMenuTexts, signIn } from './lib/session';
import { choose, confirmPopconfirm, rowAction } from './lib/choose';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const SFX = Date.now().toString(36);
const ROLE_NAME = `只读用户管理${SFX}`;
const ROLE_CODE = `e2e_role_${SFX}`;
const USERNAME = `e2eu${SFX}`;
const USER_PASSWORD = 'Limited@2026';
const IMPORTED = `e2ei${SFX}`;

let browser: Browser;
let adminCtx: BrowserContext;
let admin: Page;
beforeAll(async () => {
  browser = await launchChromium();
  adminCtx = await desktopContext(browser, { baseURL, serviceWorkers: 'block', acceptDownloads: true });
  admin = await adminCtx.newPage();
  await signIn(admin, 'admin');
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a page by its path and waits for its list to load. */
async function openList(page: Page, path: string) {
  await page.goto(path);
  await settled(page);
}

/** The tree node of the grant drawer titled `name` (its title also holds the type tag). */
const treeNode = (drawer: Locator, name: string) =>
  drawer.locator('.ant-tree-treenode').filter({ has: drawer.page().locator('.ant-tree-title', { hasText: new RegExp(`^${name}(目录|菜单|按钮)`) }) });

const tableRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const toolbarButtons = async (page: Page) => (await page.locator('.list-kit-toolbar button').allInnerTexts()).map((t) => t.replace(/\s+/g, ''));

describe('administration at 1440×900', () => {
  it('grants a new role a subset of permissions and its new user sees exactly that', async () => {
    // The role, through 角色管理 → 新增.
    await openList(admin, '/system/role');
    await admin
      .locator('.list-kit-toolbar')
      .getByRole('button', { name: /新\s*增/ })
      .click();
    const roleDialog = admin.locator('.ant-modal', { hasText: '新增角色' });
    await roleDialog.getByPlaceholder('请输入角色名称').fill(ROLE_NAME);
    await roleDialog.getByPlaceholder('请输入角色编码').fill(ROLE_CODE);
    await roleDialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await eventually(() => roleDialog.isVisible()).toBe(false);
    await settled(admin);
    const roleRow = tableRows(admin).filter({ hasText: ROLE_CODE });
    await eventually(() => roleRow.count()).toBe(1);

    // 授权: 首页, 个人中心 (个人页 comes with it), and under 用户管理 only 用户列表 and 导出用户.
    await roleRow.getByText('授权', { exact: true }).click();
    const drawer = admin.locator('.ant-drawer', { hasText: `角色授权：${ROLE_NAME}` });
    await eventually(() => treeNode(drawer, '用户列表').count()).toBe(1);
    for (const name of ['首页', '个人中心', '用户列表', '导出用户']) await treeNode(drawer, name).locator('.ant-tree-checkbox').click();
    const checked = async (name: string) => (await treeNode(drawer, name).locator('.ant-tree-checkbox-checked').count()) > 0;
    for (const name of ['首页', '个人页', '个人中心', '系统管理', '用户管理', '用户列表', '导出用户']) expect(await checked(name), name).toBe(true);
    for (const name of ['添加用户', '删除用户', '批量删除用户', '角色管理', '个人设置']) expect(await checked(name), name).toBe(false);
    await screenshot(admin, 'admin-role-grant');
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await eventually(() => admin.getByText(MSG.saved).count()).toBeGreaterThan(0);
    await eventually(() => drawer.isVisible()).toBe(false);

    // The user, through 用户管理 → 新增, with that role.
    await openList(admin, '/system/user');
    await admin
      .locator('.list-kit-toolbar')
      .getByRole('button', { name: /新\s*增/ })
      .click();
    const form = admin.locator('.ant-drawer', { hasText: '添加用户' });
    await form.getByPlaceholder('请输入用户账号').fill(USERNAME);
    await form.getByPlaceholder('请输入用户姓名').fill('受限用户');
    await form.getByPlaceholder('请输入登录密码').fill(USER_PASSWORD);
    await form.getByPlaceholder('请重新输入登录密码').fill(USER_PASSWORD);
    // 角色分配 is the shared role picker: its options are titled with the role code too.
    await choose(admin, form.locator('.ant-form-item', { hasText: '角色分配' }).locator('.ant-select'), ROLE_NAME, `${ROLE_NAME}（${ROLE_CODE}）`);
    await admin.keyboard.press('Escape');
    await screenshot(admin, 'admin-user-add');
    await form.getByRole('button', { name: /提\s*交/ }).click();
    await eventually(() => admin.getByText(USER_MSG.added).count()).toBeGreaterThan(0);
    await settled(admin);
    await eventually(() => tableRows(admin).filter({ hasText: USERNAME }).count()).toBe(1);

    // The user, in a second context: exactly the granted menu and toolbar.
    const userCtx = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
    try {
      const user = await userCtx.newPage();
      await signIn(user, USERNAME, USER_PASSWORD);
      await settled(user);
      const menu = await sideMenuTexts(user);
      expect(menu).toEqual(expect.arrayContaining(['首页', '个人页', '个人中心', '系统管理', '用户管理']));
      for (const absent of ['角色管理', '部门管理', '个人设置', '通知公告', '消息中心', '数据字典', '结果页', '异常页'])
        expect(menu, absent).not.toContain(absent);
      expect(menu.length).toBe(5);

      await openList(user, '/system/user');
      await eventually(() => tableRows(user).count()).toBeGreaterThan(0);
      const buttons = await toolbarButtons(user);
      expect(buttons).toContain('导出');
      for (const absent of ['新增', '批量删除', '导入', '冻结', '解冻']) expect(buttons, absent).not.toContain(absent);
      // No row action is granted (编辑, 删除, 冻结, 修改密码): no 操作 column at all.
      expect(await user.locator('.ant-table-thead th', { hasText: '操作' }).count()).toBe(0);
      expect(await user.locator('.ant-table-tbody').getByText('删除', { exact: true }).count()).toBe(0);
      await screenshot(user, 'limited-user-list');

      // The server refuses what was not granted, and allows what was.
      const add = await apiCall(user, baseURL, 'POST', ADMIN_P.userAdd, {
        signed: true,
        data: { username: `e2ex${SFX}`, realname: '不该有', password: USER_PASSWORD, selectedroles: [], selecteddeparts: [] },
      });
      expect(add.status()).toBe(403);
      expect((await apiCall(user, baseURL, 'DELETE', ADMIN_P.userDelete, { params: { id: 'u-operator' } })).status()).toBe(403);
      expect((await apiCall(user, baseURL, 'GET', ADMIN_P.userList)).status()).toBe(200);
      expect((await apiCall(user, baseURL, 'GET', '/sys/role/list')).status()).toBe(403);
    } finally {
      await userCtx.close();
    }
  });

  it('saves a super query, and after a reload applies it from the side panel', async () => {
    await openList(admin, '/system/user');
    await eventually(() => tableRows(admin).count()).toBeGreaterThan(1);
    const total = await tableRows(admin).count();
    const dialog = admin.locator('.ant-modal', { hasText: '高级查询构造器' });
    const row = dialog.getByTestId('super-query-row').first();
    // Every message the page shows from here on, for the report when the save does not show.
    await admin.evaluate(() => {
      const seen: string[] = ((window as unknown as { __messages: string[] }).__messages = []);
      new MutationObserver(() =>
        document.querySelectorAll('.ant-message-notice').forEach((n) => seen.includes(n.textContent ?? '') || seen.push(n.textContent ?? '')),
      ).observe(document.body, { childList: true, subtree: true });
    });
    const saveQuery = async () => {
      if (!(await dialog.isVisible()))
        await admin
          .locator('.list-kit-toolbar')
          .getByRole('button', { name: /高级查询/ })
          .click();
      await choose(admin, row.locator('.ant-select').nth(0), '用户账号');
      await choose(admin, row.locator('.ant-select').nth(1), '包含');
      await row.getByPlaceholder('请输入值').fill(USERNAME);
      await eventually(async () => [await row.locator('.ant-select').nth(1).innerText(), await row.getByPlaceholder('请输入值').inputValue()]).toEqual([
        '包含',
        USERNAME,
      ]);
      if (!(await dialog.getByPlaceholder('请输入保存的名称').isVisible())) await dialog.getByRole('button', { name: '保存查询条件' }).click();
      await dialog.getByPlaceholder('请输入保存的名称').fill('受限用户查询');
      await eventually(() => dialog.getByPlaceholder('请输入保存的名称').inputValue()).toBe('受限用户查询');
      await dialog.getByRole('button', { name: /^保\s*存$/ }).click();
      return expect
        .poll(() => dialog.getByText('受限用户查询').count(), { timeout: 5_000 })
        .toBe(1)
        .then(
          () => true,
          () => false,
        );
    };
    // Seen twice in CI on a loaded machine: after 保存 the name did not show (not reproduced alone).
    // One more try, with what the page said printed, so the next person can find out why.
    if (!(await saveQuery())) {
      const said = await admin.evaluate(() => (window as unknown as { __messages: string[] }).__messages);
      console.warn(`[e2e admin] saved query not listed after 保存; dialog visible: ${await dialog.isVisible()}; messages: ${JSON.stringify(said)}`);
      await screenshot(admin, 'admin-super-query-not-saved');
      expect(await saveQuery()).toBe(true);
    }
    await screenshot(admin, 'admin-super-query-saved');
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();

    await admin.reload();
    await settled(admin);
    await eventually(() => tableRows(admin).count()).toBe(total);
    await admin
      .locator('.list-kit-toolbar')
      .getByRole('button', { name: /高级查询/ })
      .click();
    await dialog.getByText('受限用户查询').click();
    await settled(admin);
    await eventually(() => tableRows(admin).allInnerTexts()).toEqual([expect.stringContaining(USERNAME)]);
    await eventually(() => admin.getByText('共1条').count()).toBe(1);
    expect(await toolbarButtons(admin)).toContain('已有高级查询');
    await screenshot(admin, 'admin-super-query-applied');

    // Reset clears the flag and the filter again.
    await admin
      .locator('.list-kit-toolbar')
      .getByRole('button', { name: /已有高级查询/ })
      .click();
    await dialog.getByRole('button', { name: /重\s*置/ }).click();
    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await settled(admin);
    await eventually(() => tableRows(admin).count()).toBe(total);
    expect(await toolbarButtons(admin)).not.toContain('已有高级查询');
  });

  it('exports users, imports the changed file back with errors, and the good new row appears', async () => {
    await openList(admin, '/system/user');
    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      admin
        .locator('.list-kit-toolbar')
        .getByRole('button', { name: /导\s*出/ })
        .click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = `${await download.path()}`;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers.slice(0, 4)).toEqual(['用户账号', '用户姓名', '性别', '手机号']);
    const usernames = sheet.getColumn(1).values.slice(2).map(String);
    expect(usernames).toEqual(expect.arrayContaining(['admin', 'operator', 'approver', USERNAME]));
    expect(usernames).not.toContain('customer'); // another tenant's user

    // One good new row and one with a bad username.
    const at = sheet.rowCount;
    sheet.getRow(at + 1).values = [IMPORTED, '导入用户', '女', '', `${IMPORTED}@example.com`];
    sheet.getRow(at + 2).values = ['坏!', '错误行', '男', '12345', ''];
    const changed = `${file}-changed.xlsx`;
    await book.xlsx.writeFile(changed);

    await admin
      .locator('.list-kit-toolbar')
      .getByRole('button', { name: /导\s*入/ })
      .click();
    const dialog = admin.locator('.ant-modal', { hasText: '开始上传' });
    expect(await dialog.getByRole('button', { name: '开始上传' }).isDisabled()).toBe(true);
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'users.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: readFileSync(changed) });
    const [answer] = await Promise.all([
      admin.waitForResponse((r) => r.url().includes(ADMIN_P.userImport)),
      dialog.getByRole('button', { name: '开始上传' }).click(),
    ]);
    expect(answer.status()).toBe(201);
    const body = (await answer.json()) as { message: string; result: { errorFileUrl: string } };
    expect(body.message).toBe(MSG.importWithErrors);
    expect(body.result.errorFileUrl).toBeTruthy();
    await eventually(() => dialog.getByText(MSG.importWithErrors).count()).toBeGreaterThan(0);
    await eventually(() => dialog.getByRole('button', { name: '点击下载错误数据' }).count()).toBe(1);
    await screenshot(admin, 'admin-import-errors');

    // The error file lists the bad row with its reason.
    const [errorDownload] = await Promise.all([admin.waitForEvent('download'), dialog.getByRole('button', { name: '点击下载错误数据' }).click()]);
    const errors = new ExcelJS.Workbook();
    await errors.xlsx.load(readFileSync(`${await errorDownload.path()}`) as unknown as ArrayBuffer);
    const errorText = errors.worksheets[0]
      .getSheetValues()
      .map((r) => (Array.isArray(r) ? r.join('|') : ''))
      .join('\n');
    expect(errorText).toContain('坏!');
    expect(errorText).toContain('错误原因');
    expect(errorText).not.toContain(IMPORTED);

    await dialog
      .locator('.ant-modal-footer')
      .getByRole('button', { name: /关\s*闭/ })
      .click();
    await settled(admin);
    await admin
      .locator('.ant-form')
      .getByPlaceholder(/用户账号/)
      .fill(IMPORTED);
    await admin
      .locator('.ant-form')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await settled(admin);
    await eventually(() => tableRows(admin).allInnerTexts()).toEqual([expect.stringContaining('导入用户')]);
  });

  it('releases an announcement on 通知公告 and it reaches the operator’s bell within 2 s', async () => {
    const opCtx = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
    try {
      const op = await opCtx.newPage();
      await signIn(op, 'operator');
      await settled(op);
      const bell = op.getByRole('button', { name: /消息通知/ });
      const unread = async () => Number(/(\d+)条未读/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? NaN);
      await eventually(unread).toBeGreaterThanOrEqual(0);
      const before = await unread();

      // Unique per try: a retried test must not find the first try's announcement beside its own.
      const title = `系统维护通知 ${SFX}${Date.now().toString(36)}`;
      await openList(admin, '/system/announcement');
      await admin
        .locator('.list-kit-toolbar')
        .getByRole('button', { name: /新\s*增/ })
        .click();
      const form = admin.locator('.ant-modal', { hasText: '新增公告' });
      await form.getByPlaceholder('请输入标题').fill(title);
      await form.getByText('全体用户', { exact: true }).click();
      await form.getByRole('textbox', { name: '公告正文' }).click();
      await admin.keyboard.type('今晚 22:00 至 23:00 系统维护。');
      await form.getByRole('button', { name: /保\s*存/ }).click();
      await eventually(() => form.isVisible()).toBe(false);
      await settled(admin);
      const row = tableRows(admin).filter({ hasText: title });
      // 查看 and 编辑 are inline; 发布 is under 更多, behind a Popconfirm.
      await rowAction(admin, row, '发布');
      const confirm = admin.locator('.ant-popover:visible', { hasText: '发布后不能再编辑' });

      // The decision is the release request leaving the admin's browser; from then the operator's
      // bell has 2 s. (Timed from before the popup opened, the popup's own opening under CI load
      // counted too.) Listen before the click: a fast answer can arrive before the click settles.
      let started = 0;
      const sent = admin.waitForRequest((r) => r.url().includes('/doReleaseData')).then(() => (started = Date.now()));
      const release = admin.waitForResponse((r) => r.url().includes('/doReleaseData'));
      await eventually(() => confirm.count()).toBe(1);
      // Clicked again if the first click landed while the popup was still opening (under load).
      await confirmPopconfirm(admin);
      const released = await release;
      await sent;
      const answeredAt = Date.now();
      expect(released.status()).toBe(200);
      await op.waitForFunction(
        (n) => /(\d+)条未读/.exec(document.querySelector('[aria-label^="消息通知"]')?.getAttribute('aria-label') ?? '')?.[1] === String(n),
        before + 1,
        { timeout: 5_000, polling: 20 },
      );
      const latency = Date.now() - started;
      console.log(`[e2e] announcement: click → bell ${latency} ms (release answered after ${answeredAt - started} ms)`);
      expect(latency).toBeLessThanOrEqual(2_000);

      await bell.click();
      await eventually(() => op.locator('.boss-bell-item', { hasText: title }).count()).toBe(1);
      await screenshot(op, 'operator-bell');
    } finally {
      await opCtx.close();
    }
  });
});

describe('the same lists on a 390×844 phone', () => {
  let ctx: BrowserContext;
  let phone: Page;
  /** Every script the phone downloaded, and whether it holds antd's style engine. */
  const scripts: { path: string; antd: Promise<boolean> }[] = [];
  beforeAll(async () => {
    ctx = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
    phone = await ctx.newPage();
    phone.on('response', (r) => {
      if (r.request().resourceType() !== 'script') return;
      // Every antd component pulls in @ant-design/cssinjs, whose chunk carries this marker.
      scripts.push({
        path: new URL(r.url()).pathname,
        antd: r.text().then(
          (t) => t.includes('ant-cssinjs'),
          () => false,
        ),
      });
    });
    await signIn(phone, 'admin');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const cards = () => phone.getByTestId('list-card');

  async function checkCardsAndSheet(path: string, shot: string, actions: string[]) {
    await openList(phone, path);
    await eventually(() => cards().count()).toBeGreaterThan(0);
    expect(await cards().first().isVisible()).toBe(true);
    await phone.getByRole('button', { name: '更多操作' }).first().click();
    const sheet = phone.locator('.adm-action-sheet');
    await eventually(() => sheet.isVisible()).toBe(true);
    const texts = await sheet.locator('.adm-action-sheet-button-item-name').allInnerTexts();
    expect(texts).toEqual(expect.arrayContaining(actions));
    await screenshot(phone, shot);
    await sheet.getByText('取消', { exact: true }).click();
    await eventually(() => sheet.isVisible()).toBe(false);
    expect(await phone.locator('.ant-table').count()).toBe(0);
    expect(await phone.locator('[class^="ant-"], [class*=" ant-"]').count()).toBe(0);
  }

  it('用户管理 is a card list with an action sheet', async () => {
    await checkCardsAndSheet('/system/user', 'phone-user-cards', ['编辑', '修改密码']);
  });

  it('数据字典 is a card list with an action sheet', async () => {
    await checkCardsAndSheet('/system/dict', 'phone-dict-cards', ['编辑']);
  });

  it('downloaded no antd chunk and no desktop view', async () => {
    const paths = scripts.map((s) => s.path);
    expect(paths.some((p) => /ListKit\.mobile-/.test(p))).toBe(true);
    expect(paths.filter((p) => /\/assets\/(DesktopLayout|[\w]+\.desktop)-/.test(p))).toEqual([]);
    const antd = (await Promise.all(scripts.map(async (s) => ((await s.antd) ? s.path : null)))).filter(Boolean);
    expect(antd).toEqual([]);
  });
});
