// The shared building blocks where pages use them (issue 16), in Chromium at 1440×900 and 390×844:
// an announcement's 指定用户 picked in the 选择用户 picker (dialog on a desktop, sheet on a phone)
// and saved by user id, shown by name again when edited; the user form's avatar sent through the
// shared upload into the avatar folder, kept on the user and readable at its public address, and a
// file that is not an image refused with 请上传图片.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN_P } from '../../contract/api/admin';
import { MP } from '../../contract/api/messageWire';
import { API_BASE } from '../../contract/constants';
import { DEVICES, launchChromium, screenshot } from './lib/browser';
import { rowAction } from './lib/choose';
import { apiCall, eventually, settled, signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const SFX = Date.now().toString(36);
// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The announcements whose title holds `title`, as the server keeps them. */
async function announcementsTitled(page: Page, title: string) {
  const res = await apiCall(page, baseURL, 'GET', MP.list, { params: { titile: `*${title}*` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { result: { records: { titile: string; msgType: string; userIds: string[] }[] } }).result.records;
}

describe.each(DEVICES)('pages using the shared blocks at $name', ({ name, newContext }) => {
  const phone = name === 'phone';
  let page: Page;
  const errors: string[] = [];
  beforeAll(async () => {
    const ctx = await newContext(browser, { baseURL, serviceWorkers: 'block' });
    page = await ctx.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await signIn(page, 'admin');
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('an announcement’s 指定用户 are picked in 选择用户 and saved by user id', async () => {
    const title = `指定用户公告${name}${SFX}`;
    await page.goto('/system/announcement');
    await settled(page);
    if (phone) {
      await page.locator('.adm-floating-bubble-button').tap();
      const form = page.locator('.adm-popup-body:visible').filter({ hasText: '新增公告' });
      await form.getByPlaceholder('请输入标题').fill(title);
      await form.getByText('指定用户', { exact: true }).click();
      const field = form.getByRole('button', { name: '指定用户', exact: true });
      await eventually(() => field.innerText()).toContain('请先选择用户');
      await field.click();
      const sheet = page.locator('.adm-popup-body:visible').filter({ hasText: '全部部门' });
      await sheet.getByPlaceholder('请输入用户账号').fill('operator');
      await sheet.getByPlaceholder('请输入用户账号').press('Enter');
      await eventually(() => sheet.locator('.adm-check-list-item').count()).toBe(1);
      await sheet.getByText('张经办').click();
      await screenshot(page, 'page-blocks-annt-users-phone');
      await sheet.getByRole('button', { name: /确定/ }).click();
      await eventually(() => field.innerText()).toContain('张经办');
      await form.getByRole('textbox', { name: '公告正文' }).click();
      await page.keyboard.type('只发给张经办。');
      await screenshot(page, 'page-blocks-annt-form-phone');
      await page.getByRole('button', { name: '保存' }).click();
    } else {
      await page
        .locator('.list-kit-toolbar')
        .getByRole('button', { name: /新\s*增/ })
        .click();
      const form = page.locator('.ant-modal', { hasText: '新增公告' });
      await form.getByPlaceholder('请输入标题').fill(title);
      await form.getByText('指定用户', { exact: true }).click();
      const box = form.getByRole('textbox', { name: '指定用户', exact: true });
      expect(await box.getAttribute('placeholder')).toBe('请先选择用户');
      expect(await box.getAttribute('readonly')).not.toBeNull();
      await form.getByRole('button', { name: '选择用户' }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '用户账号' });
      await eventually(() => dialog.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(1250);
      await dialog.getByLabel('用户账号').fill('operator');
      await dialog.getByRole('button', { name: /^查\s*询$/ }).click();
      await eventually(() => dialog.locator('.ant-table-tbody .ant-table-row').count()).toBe(1);
      await dialog.locator('.ant-table-row', { hasText: 'operator' }).locator('input[type=checkbox]').check();
      await screenshot(page, 'page-blocks-annt-users-desktop');
      await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
      await eventually(() => box.inputValue()).toBe('张经办');
      await form.getByRole('textbox', { name: '公告正文' }).click();
      await page.keyboard.type('只发给张经办。');
      await screenshot(page, 'page-blocks-annt-form-desktop');
      await form.getByRole('button', { name: /保\s*存/ }).click();
      await eventually(() => form.isVisible()).toBe(false);
    }
    // Saved by id: the operator's, and only theirs.
    await eventually(async () => (await announcementsTitled(page, title)).map((r) => [r.msgType, r.userIds])).toEqual([['USER', ['u-operator']]]);

    if (!phone) {
      // Edited again: the picker names the stored id.
      await settled(page);
      await rowAction(page, page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: title }), '编辑');
      const form = page.locator('.ant-modal', { hasText: '编辑公告' });
      await eventually(() => form.getByRole('textbox', { name: '指定用户', exact: true }).inputValue()).toBe('张经办');
      await form.getByRole('button', { name: /取\s*消/ }).click();
    }
    expect(errors).toEqual([]);
  });

  it('the user form’s avatar goes through the shared upload, is kept on the user and served', async () => {
    await page.goto('/system/user');
    await settled(page);
    // Other files on this server add users, which can push approver off the first page: search for it.
    if (phone) {
      const search = page.locator('.adm-search-bar input');
      await search.fill('approver');
      await search.press('Enter');
    } else {
      const query = page.locator('.list-kit-query');
      await query.getByLabel('用户账号').fill('approver');
      await query.getByRole('button', { name: /查\s*询$/ }).click();
    }
    await settled(page);
    let form;
    if (phone) {
      const card = page.getByTestId('list-card').filter({ hasText: 'approver' });
      await eventually(() => card.count()).toBe(1);
      await card.getByRole('button', { name: '更多操作' }).click();
      await page.locator('.adm-action-sheet').getByText('编辑', { exact: true }).click();
      form = page.locator('.adm-popup-body:visible').filter({ hasText: '编辑用户' });
    } else {
      const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'approver' });
      await eventually(() => row.count()).toBe(1);
      await rowAction(page, row, '编辑');
      form = page.locator('.ant-drawer', { hasText: '编辑用户' });
    }
    await eventually(() => form.getByText('上传头像').count()).toBe(1);
    const input = form.locator('input[type=file]');
    // Not an image: refused before it is sent.
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await eventually(() => page.getByText('请上传图片').count()).toBeGreaterThan(0);
    const uploaded = page.waitForResponse((r) => r.url().includes('/sys/common/upload') && r.request().method() === 'POST');
    await input.setInputFiles({ name: `face-${SFX}.png`, mimeType: 'image/png', buffer: PNG });
    expect((await uploaded).status()).toBe(200);
    await eventually(() => form.locator('[data-status="done"]').count()).toBe(1);
    await screenshot(page, `page-blocks-avatar-${name}`);
    await (phone ? page.getByRole('button', { name: '提交' }) : form.getByRole('button', { name: /提\s*交/ })).click();
    await eventually(() => form.isVisible()).toBe(false);

    // Kept on the user, in the avatar folder, and served at the public address with the same bytes.
    const user = async () => {
      const res = await apiCall(page, baseURL, 'GET', ADMIN_P.userQueryById, { params: { id: 'u-approver' } });
      return ((await res.json()) as { result: { avatar: string | null } }).result;
    };
    await eventually(async () => (await user()).avatar ?? '').toMatch(new RegExp(`^avatar/.*face-${SFX}\\.png$`));
    const avatar = (await user()).avatar!;
    const served = await page.context().request.get(`${baseURL}${API_BASE}${ADMIN_P.staticBase}/${avatar}`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toContain('image/png');
    expect(Buffer.compare(await served.body(), PNG)).toBe(0);
    expect(errors).toEqual([]);
  });
});
