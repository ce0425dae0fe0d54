// The pickers on their gallery page (/test/home/pickers) at a phone and a desktop size, used as a
// person would: time, tags, multi-select with separators, area (86-rooted, loaded on opening),
// users by department (the 1250 选择用户 dialog), positions, the dictionary and tree-select error
// rules, the lazy tree select, the category tree and the business-entity picker (900 wide, names
// shortened at 12 characters). One browser; one signed-in page per size.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { DEVICES, launchChromium, screenshot } from './lib/browser';
import { apiCall, settled, signIn } from './lib/session';
import { choose as chooseOption } from './lib/choose';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const LONG_ENTITY = '上海示例国际贸易股份有限公司华东分公司';
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });

describe.each(DEVICES)('pickers gallery at $name', ({ name, newContext }) => {
  const phone = name === 'phone';
  let context: BrowserContext;
  let page: Page;
  const ids: Record<string, string> = {};
  const valueOf = (id: string) => page.getByTestId(`${id}-value`).innerText();
  const field = (label: string): Locator => page.getByLabel(label, { exact: true }).first();
  /** The open phone sheet that shows `text`. */
  const sheetWith = (text: string): Locator => page.locator('.adm-popup-body:visible').filter({ hasText: text });

  beforeAll(async () => {
    context = await newContext(browser, { baseURL, serviceWorkers: 'block' });
    page = await context.newPage();
    await signIn(page, 'admin');
    const add = async (path: string, data: Record<string, unknown>, signed = false) => {
      const res = await apiCall(page, baseURL, 'POST', path, { data, signed });
      const body = (await res.json()) as { success: boolean; result: { id: string }; message: string };
      if (!body.success) throw new Error(`${path}: ${body.message}`);
      return body.result.id;
    };
    await add('/sys/position/add', { name: `总经理${name}`, code: `GM_${name}`, rank: '5' });
    ids.goods = await add('/sys/category/add', { name: `商品${name}`, code: `G_${name}` });
    ids.food = await add('/sys/category/add', { name: `食品${name}`, code: `G_${name}_F`, pid: ids.goods });
    ids.entity = await add('/sys/entity/add', { entityName: `${LONG_ENTITY}${name}`, status: 1 });
    // Eleven departments for the popup report picker's second page.
    for (let i = 0; i < 11; i += 1) await add('/sys/sysDepart/add', { departName: `报表部门${name}${String(i).padStart(2, '0')}`, orgCategory: '2' }, true);
  }, 60_000);
  /** Opens one picker's gallery page (one page per block) and waits for its states. */
  const visit = async (key: string) => {
    await page.goto(`/test/home/${key}`);
    await page.locator('.gallery-state').first().waitFor({ timeout: 20_000 });
  };
  afterAll(async () => context?.close());
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await page.screenshot({ path: `test-results/screenshots/gallery-pickers-failed-${name}-${ctx.task.id}.png` });
  });

  it('time, tags and multi-select keep their value formats', async () => {
    await visit('picker-time');
    if (phone) {
      await field('开始时间').click();
      await page.getByRole('button', { name: '确定' }).or(page.locator('.adm-picker-header-button').last()).last().click();
      await poll(() => valueOf('time-empty')).toBe('00:00:00');
    } else {
      await field('开始时间').click();
      await field('开始时间').fill('09:15:30');
      await field('开始时间').press('Enter');
      await poll(() => valueOf('time-empty')).toBe('09:15:30');
    }
    await poll(() => valueOf('time-filled')).toBe('08:30:00');

    await visit('picker-tags');
    await (phone ? field('标签').locator('input') : field('标签')).fill('华东华南西');
    await poll(() => valueOf('tags')).toBe('华东;华南;西');
    await poll(() => page.getByLabel('标签标签', { exact: true }).first().innerText()).toMatch(/华东\s*华南\s*西/);

    await visit('picker-multi');
    if (phone) {
      await field('支付渠道').click();
      const sheet = sheetWith('银联');
      await sheet.getByText('微信支付').click();
      await sheet.getByText('银联').click();
      await sheet.getByRole('button', { name: '确定' }).click();
    } else {
      await field('支付渠道').click();
      await page.locator('.ant-select-item-option[title="微信支付"]').click();
      await page.locator('.ant-select-item-option[title="银联"]').click();
      await page.keyboard.press('Escape');
    }
    await poll(() => valueOf('multi')).toBe('wx,union');
    await poll(() => valueOf('multi-pipe')).toBe('wx|ali');
  });

  it('area: the data loads on opening; the value is the district code, the text its path from 86', async () => {
    await visit('picker-area');
    await poll(() =>
      page
        .getByLabel('所在地区（只读）', { exact: true })
        .first()
        .evaluate((el) => (el as HTMLInputElement).value ?? el.textContent),
    ).toContain('广东省/深圳市/南山区');
    await field('所在地区').click();
    if (phone) {
      await page.locator('.adm-picker-header-button').last().click();
      await poll(() => valueOf('area')).toBe('110101');
      await poll(() => field('所在地区').innerText()).toContain('北京市/北京市/东城区');
    } else {
      await page.locator('.ant-cascader-menu-item[title="广东省"]').click();
      await page.locator('.ant-cascader-menu-item[title="深圳市"]').click();
      await page.locator('.ant-cascader-menu-item[title="南山区"]').click();
      await poll(() => valueOf('area')).toBe('440305');
    }
  });

  it('选择用户: department tree, account search, reset, checkboxes; the value is usernames, the text real names', async () => {
    await visit('picker-user');
    await poll(() =>
      page
        .getByLabel('负责人（单选，已填写）', { exact: true })
        .first()
        .evaluate((el) => (el as HTMLInputElement).value ?? el.textContent),
    ).toContain('张经办');
    if (phone) {
      await field('经办人').click();
      const sheet = sheetWith('全部部门');
      await poll(() => sheet.getByText('张经办').count()).toBeGreaterThan(0);
      await sheet.getByPlaceholder('请输入用户账号').fill('approver');
      await sheet.getByPlaceholder('请输入用户账号').press('Enter');
      await poll(() => sheet.locator('.adm-check-list-item').count()).toBe(1);
      await sheet.getByText('李复核').click();
      await sheet.getByRole('button', { name: /^重\s*置$/ }).click();
      await poll(() => sheet.locator('.adm-check-list-item').count()).toBeGreaterThan(1);
      await sheet.getByText('张经办').click();
      await screenshot(page, 'gallery-pickers-users-phone');
      await sheet.getByRole('button', { name: /确定/ }).click();
      await poll(() => valueOf('users')).toBe('approver,operator');
      await poll(() => field('经办人').innerText()).toContain('李复核,张经办');
    } else {
      expect(await field('经办人').getAttribute('placeholder')).toBe('请先选择用户');
      await page.getByRole('button', { name: '选择用户' }).first().click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '用户账号' });
      await poll(() => dialog.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(1250);
      await dialog.locator('.ant-tree-title', { hasText: '风控合规部' }).click();
      await poll(() => dialog.locator('.ant-table-tbody .ant-table-row').allInnerTexts()).toEqual([expect.stringContaining('approver')]);
      await dialog.locator('.ant-table-row', { hasText: 'approver' }).click();
      await dialog.getByRole('button', { name: /^重\s*置$/ }).click();
      await dialog.getByLabel('用户账号').fill('operator');
      await dialog.getByRole('button', { name: /^查\s*询$/ }).click();
      await poll(() => dialog.locator('.ant-table-tbody .ant-table-row').count()).toBe(1);
      await dialog.locator('.ant-table-row', { hasText: 'operator' }).locator('input[type=checkbox]').check();
      await poll(() => dialog.locator('.ant-pagination-total-text').innerText()).toContain('共1条');
      await screenshot(page, 'gallery-pickers-users-desktop');
      await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
      await poll(() => valueOf('users')).toBe('approver,operator');
      await poll(() => field('经办人').inputValue()).toBe('李复核,张经办');
    }
  });

  it('positions, the dictionary and tree-select rules, the lazy table tree and the category tree', async () => {
    const choose = async (label: string, option: string) => {
      await field(label).click();
      if (phone) {
        const sheet = sheetWith(option);
        await sheet.locator('.adm-list-item', { hasText: option }).first().click();
        if (await sheet.getByRole('button', { name: '确定' }).count()) await sheet.getByRole('button', { name: '确定' }).click();
      } else {
        await page.locator(`.ant-select-item-option[title^="${option}"]`).click();
        await page.keyboard.press('Escape');
      }
    };
    await visit('picker-position');
    await choose('职务', `总经理${name}`);
    await poll(() => valueOf('position')).toBe(`GM_${name}`);
    await visit('picker-dict');
    await poll(() => page.getByRole('alert').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('字典编码不能为空')]));
    await visit('picker-tree');
    await poll(() => page.getByRole('alert').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('组件JTreeSelect-condition传值有误，需要一个json字符串!')]),
    );

    // the table tree loads 总部's children when it opens
    await field('上级部门').click();
    if (phone) {
      const sheet = sheetWith('总部');
      await sheet.locator('.adm-list-item', { hasText: '总部' }).locator('.adm-list-item-content-main').click();
      await sheet.getByLabel('选择运营部').click(); // single mode: choosing closes the sheet
    } else {
      const tree = page.locator('.ant-select-dropdown:visible');
      await tree.locator('.ant-select-tree-treenode', { hasText: '总部' }).locator('.ant-select-tree-switcher').click();
      await tree.locator('.ant-select-tree-title', { hasText: '运营部' }).click();
    }
    await poll(() => valueOf('tree')).toBe('d-a01a01');

    await visit('picker-category');
    await field('商品分类').click();
    if (phone) {
      const sheet = sheetWith(`商品${name}`);
      await sheet
        .locator('.adm-list-item', { hasText: `商品${name}` })
        .locator('.adm-list-item-content-main')
        .click();
      await sheet.getByText(`食品${name}`).click();
    } else {
      const tree = page.locator('.ant-select-dropdown:visible');
      await tree
        .locator('.ant-select-tree-treenode', { hasText: `商品${name}` })
        .locator('.ant-select-tree-switcher')
        .click();
      await tree.locator('.ant-select-tree-title', { hasText: `食品${name}` }).click();
    }
    await poll(() => valueOf('category')).toBe(ids.food);
  });

  it('business entities: query, check, the selected panel; names shortened at 12 characters', async () => {
    const short = `${LONG_ENTITY.slice(0, 12)}...`;
    await visit('picker-entity');
    if (phone) {
      await field('业务主体').click();
      const sheet = sheetWith('已选');
      await sheet.getByPlaceholder('请输入主体名称').fill(name);
      await sheet.getByPlaceholder('请输入主体名称').press('Enter');
      await poll(() => sheet.locator('.adm-check-list-item').count()).toBe(1);
      await sheet.locator('.adm-check-list-item').first().click();
      await poll(() => sheet.getByLabel('已选').innerText()).toContain(short);
      await sheet.getByRole('button', { name: '确定' }).click();
      await poll(() => valueOf('entity')).toBe(ids.entity);
      await poll(() => field('业务主体').innerText()).toContain(short);
    } else {
      await field('业务主体')
        .getByRole('button', { name: /^选\s*择$/ })
        .click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '已选' });
      await poll(() => dialog.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(900);
      await dialog.getByLabel('主体名称').fill(name);
      await dialog.getByRole('button', { name: /^查\s*询$/ }).click();
      await poll(() => dialog.locator('.ant-table-tbody .ant-table-row').count()).toBe(1);
      await dialog.locator('.ant-table-row').first().click();
      await poll(() => dialog.getByLabel('已选').innerText()).toContain(short);
      await screenshot(page, 'gallery-pickers-entity-desktop');
      await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
      await poll(() => valueOf('entity')).toBe(ids.entity);
      await poll(() => field('业务主体').innerText()).toContain(short);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `gallery-pickers-${name}`);
  });

  it("the popup report picker: an online report's query and columns; nothing chosen is refused; a choice is kept across pages", async () => {
    await visit('picker-report');
    if (phone) {
      await field('客户（单选）').click();
      const sheet = sheetWith('客户选择');
      await sheet.getByRole('button', { name: /确定/ }).click();
      await poll(() => page.locator('.adm-toast-main').innerText()).toContain('请选择一条记录');
      await sheet.getByPlaceholder('请输入客户编号').fill('C0101');
      await sheet.getByPlaceholder('请输入客户编号').press('Enter');
      await poll(() => sheet.locator('.adm-check-list-item').count()).toBe(1);
      await sheet.locator('.adm-check-list-item').first().click();
      await screenshot(page, 'gallery-pickers-report-phone');
      await sheet.getByRole('button', { name: /确定/ }).click();
      await poll(() => valueOf('report-single')).toBe('C0101');
      return;
    }
    const open = async (label: string) =>
      field(label)
        .getByRole('button', { name: /^选\s*择$/ })
        .click();
    await open('客户（单选）');
    const dialog = page.locator('.ant-modal:visible').filter({ hasText: '客户选择' });
    await poll(() => dialog.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(1200);
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await poll(() => page.locator('.ant-message').innerText()).toContain('请选择一条记录');
    await dialog.getByLabel('客户编号').fill('C0101');
    await dialog.getByRole('button', { name: /^查\s*询$/ }).click();
    await poll(() => dialog.locator('.ant-table-tbody .ant-table-row').count()).toBe(1);
    await dialog.locator('.ant-table-row').first().click();
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await poll(() => valueOf('report-single')).toBe('C0101');

    // Multiple: a row on page 1 and one on page 2 stay chosen together (11 departments named for this test).
    await open('部门（多选）');
    const departs = page.locator('.ant-modal:visible').filter({ hasText: '部门选择' });
    await departs.getByLabel('部门名称').fill(`报表部门${name}`);
    await departs.getByRole('button', { name: /^查\s*询$/ }).click();
    const rows = departs.locator('.ant-table-tbody .ant-table-row');
    await poll(() => departs.innerText()).toContain('共11条');
    await poll(() => rows.count()).toBe(10);
    const codeOf = async () => (await rows.first().locator('td').nth(2).innerText()).trim();
    const first = await codeOf();
    await rows.first().click();
    await departs.locator('.ant-pagination-item-2').click();
    await poll(() => rows.count()).toBe(1);
    const second = await codeOf();
    expect(second).not.toBe(first);
    await rows.first().click();
    await poll(() => departs.innerText()).toContain('已选 2 项');
    await screenshot(page, 'gallery-pickers-report-desktop');
    await departs.getByRole('button', { name: /确\s*定|OK/ }).click();
    await poll(() => valueOf('report-multi')).toBe(`${first},${second}`);

    // A report that does not exist says so in the dialog.
    await open('出错：报表不存在');
    const missing = page.locator('.ant-modal:visible').filter({ hasText: '报表不存在' });
    await poll(() => missing.count()).toBe(1);
    await missing.getByRole('button', { name: /取\s*消|Cancel/ }).click();
  });

  it("职务管理 adds a position through the page; 用户管理's form picks it for 职务", async () => {
    const title = `区域经理${name}`;
    await page.goto('/system/position');
    await settled(page);
    if (phone) {
      await page.locator('.adm-floating-bubble-button').tap();
      const form = page.locator('.adm-popup-body', { hasText: '新增职务' });
      await form.getByLabel('职务名称').locator('input').fill(title);
      await form.getByLabel('职务编码').locator('input').fill(`RM_${name}`);
      await form.getByText('中级', { exact: true }).click();
      await form.getByRole('button', { name: '提交' }).click();
      await poll(() => page.getByTestId('list-card').filter({ hasText: title }).count()).toBe(1);
      await screenshot(page, 'position-list-phone');
      await page.goto('/system/user');
      await settled(page);
      await page.locator('.adm-floating-bubble-button').tap();
      const userForm = page.locator('.adm-popup-body', { hasText: '添加用户' });
      await userForm.getByRole('button', { name: '职务', exact: true }).click();
      const sheet = sheetWith(title);
      await sheet.locator('.adm-list-item', { hasText: title }).first().click();
      await sheet.getByRole('button', { name: '确定' }).click();
      await poll(() => userForm.getByRole('button', { name: '职务', exact: true }).innerText()).toContain(title);
    } else {
      await page
        .locator('.list-kit-toolbar')
        .getByRole('button', { name: /新\s*增/ })
        .click();
      const dialog = page.locator('.ant-modal', { hasText: '新增职务' });
      await dialog.getByPlaceholder('请输入职务名称').fill(title);
      await dialog.getByPlaceholder('请输入职务编码').fill('bad code');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await poll(() => dialog.innerText()).toContain('职务编码只能包含字母、数字、下划线和中划线');
      await dialog.getByPlaceholder('请输入职务编码').fill(`RM_${name}`);
      await chooseOption(page, dialog.locator('.ant-select', { has: page.getByLabel('职级') }), '中级');
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      await settled(page);
      await poll(() => page.locator('.ant-table-row', { hasText: title }).innerText()).toContain('中级');
      await screenshot(page, 'position-list-desktop');
      await page.goto('/system/user');
      await settled(page);
      await page
        .locator('.list-kit-toolbar')
        .getByRole('button', { name: /新\s*增/ })
        .click();
      const userForm = page.locator('.ant-drawer', { hasText: '添加用户' });
      // The drawer slides in: a pointer click on the option could land before it took (seen in a
      // run of this file alone); choose() dispatches the click and checks what the select shows.
      const positions = userForm.locator('.ant-form-item', { hasText: '职务' }).locator('.ant-select');
      await chooseOption(page, positions, title, `${title}（RM_${name} · 中级）`);
      await page.keyboard.press('Escape');
      await poll(() => userForm.locator('.ant-form-item', { hasText: '职务' }).innerText()).toContain(title);
    }
  });
});
