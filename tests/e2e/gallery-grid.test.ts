// The editable grid on its gallery page (/test/home/grid), as a user works it at both sizes: type
// an amount (sum and average follow), link province → city (the city resets and narrows), pick
// from an async search, see a validation error block getValues, move a row (drag on a desktop,
// 上移 on a phone) with the order key renumbered, and settle a live-sync conflict.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import path from 'node:path';
import { desktopContext, DEVICES, launchChromium, screenshot, SCREENSHOT_DIR } from './lib/browser';
import { signIn, storedToken } from './lib/session';
import { HEADER_TENANT, HEADER_TOKEN } from '../../contract/constants';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000, interval: 100 });

type Device = (typeof DEVICES)[number];
const signedIn = new Map<string, Promise<BrowserContext>>();
/**
 * The administrator's context at one size, signed in once for the file: each test opens its own
 * page in it (the grid gallery keeps its rows in memory, so a new page starts from the demo data).
 */
function adminContext({ name, newContext }: Device): Promise<BrowserContext> {
  let context = signedIn.get(name);
  if (!context) {
    context = (async () => {
      const created = await newContext(browser, { baseURL, serviceWorkers: 'block' });
      const page = await created.newPage();
      await signIn(page, 'admin');
      await page.close();
      return created;
    })();
    // A failed sign-in is tried again by the next test (or the retry), not handed on.
    context.catch(() => signedIn.delete(name));
    signedIn.set(name, context);
  }
  return context;
}

/** Clicks `label` in the open antd drop-down (dispatched to the option, as admin.test does: a pointer click can land while it slides in). */
async function pickOption(page: Page, label: string) {
  const option = page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`);
  await poll(() =>
    option
      .first()
      .dispatchEvent('click', undefined, { timeout: 2_000 })
      .then(
        () => true,
        () => false,
      ),
  ).toBe(true);
}

const dropdownOptions = (page: Page) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').evaluateAll((els) => els.map((e) => e.getAttribute('title')));

describe.each(DEVICES)('editable grid gallery at $name', (device) => {
  const { name } = device;
  it('edits, links, picks, validates, reorders and settles a conflict', async () => {
    const phone = name === 'phone';
    const context = await adminContext(device);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('/test/home/grid');
    const grid = page.getByTestId('grid-filled');
    // The control itself (antd-mobile also labels the input's wrapper).
    const cell = (label: string) => grid.locator(`:is(input, select, textarea, button)[aria-label="${label}"]`);
    // The phone's cards render near the screen only: scroll the page until a card's field exists.
    const reveal = (label: string) => revealSelector(`[data-testid="grid-filled"] :is(input, select, textarea, button)[aria-label="${label}"]`);
    const revealSelector = async (selector: string) => {
      let tries = 0;
      await poll(() =>
        page.evaluate(
          ({ selector, first }) => {
            const el = document.querySelector(selector);
            if (el) el.scrollIntoView({ block: 'center' });
            else if (first) window.scrollTo(0, 0);
            else window.scrollBy(0, 300);
            return !!el;
          },
          { selector, first: tries++ === 0 },
        ),
      ).toBe(true);
    };
    await cell('第1行名称').waitFor();
    await reveal('第2行金额');
    const stat = (kind: string) => grid.locator(`[aria-label="${kind}"] [data-stat="amount"]`);
    expect(await stat('合计').innerText()).toContain('12,880.50');

    // Type: the amount of row 2; the sum and the average follow on blur.
    await cell('第2行金额').fill('1000');
    await cell('第2行金额').blur();
    await poll(() => stat('合计').innerText()).toContain('13,000.50');
    await poll(() => stat('平均').innerText()).toContain('6,500.25');

    // Linked selects: row 2 moves from 浙江省 to 广东省; its city (杭州市) resets and offers only 广东 cities.
    if (phone) {
      await reveal('第2行省份');
      await cell('第2行省份').selectOption('44');
      await poll(() => cell('第2行城市').inputValue()).toBe('');
      const cities = await cell('第2行城市')
        .locator('option')
        .evaluateAll((os) => os.map((o) => o.textContent));
      expect(cities).toEqual(['请先选省份', '广州市', '深圳市']);
      await cell('第2行城市').selectOption('4403');
    } else {
      // Choice cells show their text; a click opens the select (spec §4: a click enters edit mode).
      expect(await cell('第2行城市').innerText()).toBe('杭州市');
      await cell('第2行省份').click();
      await pickOption(page, '广东省');
      await poll(() => cell('第2行省份').innerText()).toBe('广东省');
      await poll(() => cell('第2行城市').innerText()).toBe('请先选省份');
      await cell('第2行城市').click();
      await poll(() => dropdownOptions(page)).toEqual(['广州市', '深圳市']);
      await pickOption(page, '深圳市');
      await poll(() => cell('第2行城市').innerText()).toBe('深圳市');
    }

    // Pick from an asynchronous search: 开户行 of row 2.
    if (phone) {
      await reveal('第2行开户行');
      await cell('第2行开户行').click();
      const sheet = page.locator('.adm-popup-body:visible');
      await sheet.getByPlaceholder('请输入搜索内容').fill('建设');
      await sheet.getByText('中国建设银行').click();
      await poll(() => cell('第2行开户行').innerText()).toBe('中国建设银行');
    } else {
      await cell('第2行开户行').click();
      await cell('第2行开户行').fill('建设');
      await poll(() => dropdownOptions(page)).toEqual(['中国建设银行']);
      await pickOption(page, '中国建设银行');
      await poll(() => cell('第2行开户行').innerText()).toBe('中国建设银行');
    }

    // Validation: a bad e-mail is marked and blocks getValues with the row number and the preset's message.
    await reveal('第2行邮箱');
    await cell('第2行邮箱').fill('not-mail');
    await cell('第2行邮箱').blur();
    // Marked invalid (antd-mobile puts the mark on the input's wrapper).
    const invalid = (label: string) => grid.locator(`[aria-label="${label}"][aria-invalid="true"]`).count();
    await poll(() => invalid('第2行邮箱')).toBeGreaterThan(0);
    if (phone) await poll(() => grid.getByRole('alert').first().innerText()).toBe('请输入正确格式的电子邮件！');
    await page.getByRole('button', { name: '校验并取值', exact: true }).click();
    await poll(() => page.getByTestId('grid-outcome').innerText()).toBe('第2行：请输入正确格式的电子邮件！');
    await screenshot(page, `gallery-grid-error-${name}`);
    await cell('第2行邮箱').fill('ops@example.com');
    await cell('第2行邮箱').blur();
    await poll(() => invalid('第2行邮箱')).toBe(0);

    // Reorder: row 2 goes first (drag by its handle on a desktop, 上移 on a phone); the order key follows.
    if (phone) {
      await reveal('第2行名称');
      await grid.locator('.adm-checkbox', { hasText: '第 2 行' }).click();
      await grid.getByRole('button', { name: '上移' }).click();
    } else {
      await grid.locator('[aria-label="拖动第2行"]').dragTo(grid.locator('[data-row-no="1"]'));
    }
    if (phone) await reveal('第1行名称');
    await poll(() => cell('第1行名称').inputValue()).toBe('杭州物流');
    await page.getByRole('button', { name: '校验并取值', exact: true }).click();
    await poll(() => page.getByTestId('grid-outcome').innerText()).toBe('校验通过，共 2 行，顺序 杭州物流#1、上海供应商#2');
    await screenshot(page, `gallery-grid-${name}`);

    // The row detail dialog (desktop): 1200 wide, with a fullscreen switch, every field of the row.
    if (!phone) {
      await grid.getByRole('button', { name: '第1行详情' }).click();
      const dialog = page.getByRole('dialog', { name: /第 1 行详情/ });
      await poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(1200);
      expect(await dialog.locator('input[aria-label="第1行名称"]').inputValue()).toBe('杭州物流');
      await dialog.getByRole('button', { name: '全屏' }).click();
      await poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBeGreaterThan(1400);
      await dialog.getByRole('button', { name: '关闭' }).last().click();
      await poll(() => dialog.count()).toBe(0);
    }

    // A conflict from the live sync: marked, explained, and settled with their value.
    const conflict = page.locator('[data-conflict-cell="1:amount"]');
    await revealSelector('[data-conflict-cell="1:amount"]');
    if (phone)
      await conflict
        .locator('xpath=..')
        .getByRole('button', { name: /该行已被他人修改/ })
        .click();
    else await conflict.click();
    const panel = page.getByRole('group', { name: '金额冲突' });
    await poll(() => panel.innerText()).toContain('该行已被他人修改');
    expect(await panel.locator('[data-conflict="theirs"]').innerText()).toBe('13000.00');
    expect(await panel.locator('[data-conflict="mine"]').innerText()).toBe('12000.50');
    // A full-page capture resizes the phone's viewport, which re-renders the windowed cards (and
    // the sheet inside one): the phone's capture waits for the end.
    if (!phone) await screenshot(page, `gallery-grid-conflict-${name}`);
    await panel.getByRole('button', { name: '使用对方的' }).click();
    await poll(() => page.getByTestId('conflict-log').innerText()).toBe('1001.amount：使用对方的');
    await poll(() => page.locator('[data-conflict-cell="1:amount"]').count()).toBe(0);
    if (phone) await screenshot(page, `gallery-grid-conflict-${name}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe.each(DEVICES)('editable grid gallery rows at $name', (device) => {
  const { name } = device;
  it('sorts, pages, inserts a row, moves one down from the row menu, and waits for an asynchronous rule', async () => {
    const phone = name === 'phone';
    const context = await adminContext(device);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('/test/home/grid');
    const grid = page.getByTestId('grid-paged');
    await grid.scrollIntoViewIfNeeded();
    const nameOf = (rowNo: number) => grid.locator(`input[aria-label="第${rowNo}行名称"]`);
    /** Row numbers shown, top to bottom (a row's number is its place in the data, whatever the sort or page). */
    const shown = async () => {
      // The phone's cards render near the screen only: bring the list into view first.
      if (phone) await grid.locator('[role="list"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      return phone
        ? grid.locator('.adm-checkbox').evaluateAll((els) => els.map((e) => Number(/第 (\d+) 行/.exec(e.textContent ?? '')?.[1])).filter(Boolean))
        : grid.locator('[data-row-no]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-row-no'))));
    };
    /** The first three shown (a phone screen holds about three cards of this grid). */
    const top3 = async () => (await shown()).slice(0, 3);
    await poll(top3).toEqual([1, 2, 3]);

    // Sorting by 金额: ascending then descending (the amounts are (n-1)·37 mod 500), then back to the data order.
    const sortBy = async (order: 'ascend' | 'descend' | '') => {
      if (phone) await grid.getByLabel('排序').selectOption(order ? `amount:${order}` : '');
      else await grid.getByRole('button', { name: '按金额排序' }).click();
    };
    await sortBy('ascend');
    await poll(top3).toEqual([1, 15, 2]);
    await sortBy('descend');
    await poll(top3).toEqual([14, 13, 12]);
    await screenshot(page, `gallery-grid-sorted-${name}`);
    await sortBy('');
    await poll(top3).toEqual([1, 2, 3]);

    // Paging: five rows a page.
    if (phone) await grid.getByRole('button', { name: '下一页' }).click();
    else await grid.locator('.ant-pagination-item-2').click();
    await poll(top3).toEqual([6, 7, 8]);
    if (phone) await grid.getByRole('button', { name: '上一页' }).click();
    else await grid.locator('.ant-pagination-item-1').click();
    await poll(top3).toEqual([1, 2, 3]);

    // Insert: a blank row before the selected one; the rows after it move on by one.
    if (phone) await grid.locator('.adm-checkbox', { hasText: '第 2 行' }).click();
    else await grid.getByLabel('选择第2行').check();
    await grid.getByRole('button', { name: /插入$/ }).click();
    await poll(() => nameOf(2).inputValue()).toBe('');
    expect(await nameOf(3).inputValue()).toBe('第2笔');
    expect(await nameOf(1).inputValue()).toBe('第1笔');

    // Move down from the row menu (right click on a desktop row, long press on a phone card's head).
    if (phone) {
      const head = grid.locator('[data-card-head="1"]');
      const box = (await head.boundingBox())!;
      await head.dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: box.x + box.width - 20, clientY: box.y + 10 }] });
      await page.waitForTimeout(700);
      await head.dispatchEvent('touchend', { touches: [] });
      const sheet = page.locator('.adm-action-sheet');
      await poll(() => sheet.getByText('在上方插入行').isVisible()).toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `gallery-grid-row-menu-${name}.png`) });
      await sheet.getByText('下移', { exact: true }).click();
    } else {
      await grid.locator('[data-row-no="1"] > div').nth(1).click({ button: 'right' });
      const menu = page.getByRole('menu');
      await poll(() => menu.getByRole('menuitem').allInnerTexts()).toEqual(['在上方插入行', '在下方插入行', '复制行', '上移', '下移', '查看详情', '删除行']);
      expect(await menu.getByRole('menuitem', { name: '上移' }).isDisabled()).toBe(true);
      // The viewport only (a full-page capture resizes the window, which closes the menu).
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `gallery-grid-row-menu-${name}.png`) });
      await menu.getByRole('menuitem', { name: '下移' }).click();
    }
    await poll(() => nameOf(2).inputValue()).toBe('第1笔');
    expect(await nameOf(1).inputValue()).toBe('');

    // The toolbar's 下移 moves the selected row (row 3, 第2笔) one place on (the phone's 上移 is in the test above).
    if (!phone) {
      await grid.getByRole('button', { name: /下移$/ }).click();
      await poll(() => nameOf(4).inputValue()).toBe('第2笔');
      expect(await nameOf(3).inputValue()).toBe('第3笔');
    }

    // An asynchronous rule: the cell is pending, then marked; getValuesAsync waits for the answer.
    const asyncGrid = page.getByTestId('grid-async');
    await asyncGrid.scrollIntoViewIfNeeded();
    const account = asyncGrid.locator('input[aria-label="第1行收款账号"]');
    await account.fill('6222000033334444');
    await account.blur();
    const pending = asyncGrid.locator(phone ? '[role="status"][aria-busy="true"]' : '[data-pending]');
    await poll(() => pending.first().isVisible()).toBe(true);
    expect(await asyncGrid.locator('[aria-label="第1行收款账号"][aria-invalid="true"]').count()).toBe(0);
    await poll(() => asyncGrid.locator('[aria-label="第1行收款账号"][aria-invalid="true"]').count()).toBeGreaterThan(0);
    expect(await pending.count()).toBe(0);
    await asyncGrid.getByRole('button', { name: '异步校验并取值' }).click();
    await poll(() => page.getByTestId('grid-async-outcome').innerText()).toBe('第1行：该账号已存在');
    await account.fill('6222000055556666');
    await asyncGrid.locator('input[aria-label="第2行收款账号"]').fill('6222000077778888');
    await asyncGrid.getByRole('button', { name: '异步校验并取值' }).click();
    await poll(() => page.getByTestId('grid-async-outcome').innerText()).toBe('校验通过，共 2 行');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('editable grid of many rows at desktop', () => {
  it('shows text while the list scrolls fast, keeps the focused row, and gives the editors back when it stops', async () => {
    const context = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('/test/home/grid?rows=2000');
    await page.getByTestId('grid-mount').click();
    const name1 = page.locator('input[aria-label="第1行名称"]');
    await name1.click();
    // Scroll events 20 ms apart (fast scrolling, useFastScroll), a few pixels each: row 1 stays on screen.
    const during = await page.evaluate(async () => {
      const box = document.querySelector('[data-row-no="1"]')!.parentElement!;
      for (let i = 0; i < 8; i++) {
        box.scrollTop += 3;
        await new Promise((r) => setTimeout(r, 20));
      }
      const row = (n: number) => document.querySelector(`[data-row-no="${n}"]`)!;
      return {
        textRows: document.querySelectorAll('[data-text-row]').length,
        row2Text: row(2).hasAttribute('data-text-row'),
        row2Inputs: row(2).querySelectorAll('input, textarea, button').length,
        row2Cells: [...row(2).children].map((c) => (c as HTMLElement).innerText),
        row1Text: row(1).hasAttribute('data-text-row'),
        focused: document.activeElement?.getAttribute('aria-label'),
      };
    });
    expect(during.textRows).toBeGreaterThan(10);
    expect(during.row2Text).toBe(true);
    expect(during.row2Inputs).toBe(0);
    // Check box, row number, then the twelve columns as text (option labels, ✓ for a checked box).
    expect(during.row2Cells).toEqual(['', '2', '收款方2', '2.01', '1', '浙江省', '杭州市', '网联', '✓', '2026-02-02', '17:00:00', 'u1@example.com', '', '']);
    expect(during.row1Text).toBe(false);
    expect(during.focused).toBe('第1行名称');
    await page.keyboard.type('甲');
    // Idle: every row has its labelled editors again, and the typing went to row 1.
    await poll(() => page.locator('[data-text-row]').count()).toBe(0);
    await page.locator('input[aria-label="第2行名称"]').waitFor();
    expect(await name1.inputValue()).toBe('收款方1甲');
    // One jump (a single scroll event, as scrollToRow or a revealed error makes) is not fast scrolling.
    const afterJump = await page.evaluate(async () => {
      const box = document.querySelector('[data-row-no="1"]')!.parentElement!;
      box.scrollTop = 40 * 1000;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return { textRows: document.querySelectorAll('[data-text-row]').length, editor: !!document.querySelector('input[aria-label="第1002行名称"]') };
    });
    expect(afterJump).toEqual({ textRows: 0, editor: true });
    // What a fast-scrolling list looks like.
    await page.evaluate(() => {
      const box = document.querySelector('[data-row-no="1002"]')!.parentElement!;
      const timer = setInterval(() => (box.scrollTop += 7), 20);
      setTimeout(() => clearInterval(timer), 3000);
    });
    await page.waitForTimeout(300);
    expect(await page.locator('[data-text-row]').count()).toBeGreaterThan(0);
    await screenshot(page, 'gallery-grid-fast-scroll-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });
});

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

describe.each(DEVICES)('editable grid upload and popup cells at $name', (device) => {
  const { name } = device;
  it('uploads a file and an image into their cells (stored, linked, readable) and fills a popup cell from the report picker', async () => {
    const phone = name === 'phone';
    const context = await adminContext(device);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('/test/home/grid');
    const grid = page.getByTestId('grid-filled');
    const control = (label: string) => `[data-testid="grid-filled"] :is(input, select, textarea, button, a)[aria-label="${label}"]`;
    // The phone's cards render near the screen only: scroll until the control exists.
    const reveal = async (label: string) => {
      let tries = 0;
      await poll(() =>
        page.evaluate(
          ({ selector, first }) => {
            const el = document.querySelector(selector);
            if (el) el.scrollIntoView({ block: 'center', inline: 'center' });
            else if (first) window.scrollTo(0, 0);
            else window.scrollBy(0, 300);
            return !!el;
          },
          { selector: control(label), first: tries++ === 0 },
        ),
      ).toBe(true);
      return grid.locator(`:is(input, select, textarea, button, a)[aria-label="${label}"]`);
    };
    await grid.locator('[aria-label="第1行名称"]').first().waitFor();
    const token = await storedToken(page);
    const read = (href: string) => context.request.get(`${baseURL}${href}`, { headers: { [HEADER_TOKEN]: token, [HEADER_TENANT]: '0' } });

    // 附件 (file): sent through the shared upload with the session; the cell links the stored file.
    const sent = page.waitForResponse((r) => r.url().includes('/cap/cos/v1/FileUpload') && r.request().method() === 'POST');
    await (await reveal('第2行附件')).setInputFiles({ name: '对账说明.txt', mimeType: 'text/plain', buffer: Buffer.from('grid attachment body') });
    expect((await sent).status()).toBe(200);
    const fileLink = await reveal('下载第2行附件');
    await poll(() => fileLink.innerText()).toBe('对账说明.txt');
    const fileHref = (await fileLink.getAttribute('href'))!;
    expect(fileHref).toMatch(/\/sys\/common\/download\/files\/.+_对账说明\.txt$/);
    const file = await read(fileHref);
    expect(file.status()).toBe(200);
    expect(await file.text()).toBe('grid attachment body');

    // 照片 (image): a file that is not an image is refused in the cell (§5 请上传图片); an image is stored and shown.
    await (await reveal('第2行照片')).setInputFiles({ name: 'not-image.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await poll(() => grid.getByRole('alert').filter({ hasText: '请上传图片' }).count()).toBeGreaterThan(0);
    await (await reveal('第2行照片')).setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
    const thumb = (await reveal('查看第2行照片')).locator('img');
    await poll(() => thumb.getAttribute('src')).toMatch(/\/sys\/common\/static\/files\/.+_photo\.png$/);
    await poll(() => grid.getByRole('alert').filter({ hasText: '请上传图片' }).count()).toBe(0);
    const image = await context.request.get(`${baseURL}${(await thumb.getAttribute('src'))!}`);
    expect(image.status()).toBe(200);
    expect(Buffer.compare(await image.body(), PNG)).toBe(0);
    // The cells as a user sees them (the viewport, scrolled to them).
    await thumb.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/gallery-grid-upload-${name}.png` });

    // 负责人 (popup sys_user → owner, ownerName): the report picker's chosen row fills both.
    await (await reveal('第2行负责人')).click();
    if (phone) {
      const sheet = page.locator('.adm-popup-body:visible').filter({ hasText: '用户选择' });
      await sheet.getByPlaceholder('请输入账号').fill('approver');
      await sheet.getByPlaceholder('请输入账号').press('Enter');
      await poll(() => sheet.locator('.adm-check-list-item').count()).toBe(1);
      await sheet.getByText('approver').click();
      // (No full-page capture here: it resizes the viewport, which re-renders the windowed cards and the sheet inside one.)
      await sheet.getByRole('button', { name: /确定/ }).click();
      await poll(() => sheet.count()).toBe(0);
      await poll(async () => (await reveal('第2行负责人')).innerText()).toBe('approver');
      await poll(async () => (await reveal('第2行负责人姓名')).inputValue()).toBe('李复核');
    } else {
      const dialog = page.locator('.ant-modal').filter({ hasText: '用户选择' });
      await poll(() => dialog.evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(1200);
      // Single mode: nothing chosen is refused.
      await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
      await poll(() => page.getByText('请选择一条记录').count()).toBeGreaterThan(0);
      await dialog.getByLabel('账号').fill('approver');
      await dialog.getByRole('button', { name: /^查\s*询$/ }).click();
      await poll(() => dialog.locator('.ant-table-tbody .ant-table-row').count()).toBe(1);
      await dialog.locator('.ant-table-row', { hasText: 'approver' }).locator('input[type=radio]').check();
      await screenshot(page, `gallery-grid-popup-${name}`);
      await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
      await poll(() => dialog.isVisible()).toBe(false);
      await poll(() => grid.locator('input[aria-label="第2行负责人"]').inputValue()).toBe('approver');
      await poll(() => grid.locator('input[aria-label="第2行负责人姓名"]').inputValue()).toBe('李复核');
    }
    // The uploaded cells kept their stored files through the pick (the row was written again).
    await poll(async () => (await reveal('下载第2行附件')).innerText()).toBe('对账说明.txt');
    if (phone) await screenshot(page, `gallery-grid-popup-${name}`);
    expect(errors).toEqual([]);
    await page.close();
  });
});
