// 文件管理 end to end (issue 19 §4): the administrator uploads files, finds them under 文件管理 at
// 1440×900 with their business object, previews a PDF and an image, is refused deleting the image an
// announcement shows, and deletes the orphan PDF; on a 390×844 phone the files are cards whose
// action sheet previews, and deleting an orphan removes its card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { API_BASE, HEADER_TENANT, HEADER_TOKEN } from '../../contract/constants';
import { FILE_P, OSS_FILE_P } from '../../contract/api/files';
import { launchChromium, screenshot } from './lib/browser';
import { confirmPopconfirm, rowAction } from './lib/choose';
import { apiCall, eventually, settled, storedToken } from './lib/session';
import { signedInPage } from './lib/signedIn';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
/** A fresh mark per try, so a retried test does not find its first try's files too. */
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000010000000100802000000909168360000001649444154789c6390abb843126218d530aa61f86a0000f62b7210a1cd82e50000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Uploads through POST /sys/common/upload with the page's session; answers the stored file's path. */
async function upload(page: Page, name: string, data: Buffer, mimeType: string, biz = 'temp'): Promise<string> {
  const res = await page.context().request.post(`${baseURL}${API_BASE}${FILE_P.upload}`, {
    headers: { [HEADER_TOKEN]: await storedToken(page), [HEADER_TENANT]: '0' },
    multipart: { biz, file: { name, mimeType, buffer: data } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { result: { filePath: string } }).result.filePath;
}

describe('文件管理 at 1440×900', () => {
  let page: Page;
  signedInPage({ browser: () => browser, baseURL, user: 'admin', name: 'file-admin' }, (p) => (page = p));

  it('lists uploads with their business object, previews a PDF and an image, refuses deleting a referenced one and deletes an orphan', async () => {
    const STAMP = stamp();
    await upload(page, `e2e-${STAMP}-说明.pdf`, PDF, 'application/pdf');
    const imagePath = await upload(page, `e2e-${STAMP}-banner.png`, PNG, 'image/png', 'editor');
    const title = `带图公告${STAMP}`;
    const added = await apiCall(page, baseURL, 'POST', '/sys/annountCement/add', {
      signed: true,
      data: { titile: title, msgContent: `<p><img src="${API_BASE}/sys/common/static/${imagePath}"></p>`, msgType: 'ALL', msgCategory: '1', priority: 'L' },
    });
    expect(added.status(), await added.text()).toBe(200);

    await page.goto('/system/ossFile');
    await settled(page);
    await page.getByPlaceholder(/文件名称/).fill(`e2e-${STAMP}`);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await eventually(() => rows.count()).toBe(2);
    const pdfRow = rows.filter({ hasText: '说明.pdf' });
    const imgRow = rows.filter({ hasText: 'banner.png' });
    expect(await pdfRow.innerText()).toMatch(/PDF[\s\S]*未引用/);
    expect(await imgRow.innerText()).toContain(`通知公告：${title}`);
    await screenshot(page, 'file-admin-desktop-list');

    await rowAction(page, pdfRow, '预览');
    const pdfModal = page.locator('.ant-modal:visible').filter({ hasText: '文件预览' });
    await eventually(() => pdfModal.locator('iframe[title="PDF预览"]').count()).toBe(1);
    expect(await pdfModal.locator('iframe').getAttribute('src')).toMatch(/^blob:/);
    await screenshot(page, 'file-admin-desktop-pdf');
    await pdfModal.locator('.ant-modal-close').click();
    await eventually(() => pdfModal.count()).toBe(0);

    await rowAction(page, imgRow, '预览');
    const img = page.locator('.ant-modal:visible img[alt="图片预览"]');
    await eventually(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(16);
    await screenshot(page, 'file-admin-desktop-image');
    await page.locator('.ant-modal:visible .ant-modal-close').click();
    await eventually(() => page.locator('.ant-modal:visible').count()).toBe(0);

    await rowAction(page, imgRow, '删除');
    const refused = page.waitForResponse((r) => r.url().includes(OSS_FILE_P.delete));
    // Clicked again if the first click landed while the popup was still opening (under load).
    await confirmPopconfirm(page);
    expect((await refused).ok()).toBe(false);
    await eventually(() => page.getByText(`文件正被「通知公告：${title}」引用，不能删除`).count()).toBeGreaterThan(0);
    await eventually(() => page.locator('.ant-popover:visible').count()).toBe(0);
    expect(await imgRow.count()).toBe(1);

    await rowAction(page, pdfRow, '删除');
    await confirmPopconfirm(page);
    await eventually(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('banner.png');
    await screenshot(page, 'file-admin-desktop-after-delete');
  });
});

describe('文件管理 on a 390×844 phone', () => {
  let page: Page;
  signedInPage({ browser: () => browser, baseURL, phone: true, user: 'admin', name: 'file-admin' }, (p) => (page = p));

  it('shows the files as cards, previews an image from the action sheet and deletes an orphan', async () => {
    const STAMP = stamp();
    await upload(page, `m-${STAMP}-photo.png`, PNG, 'image/png');
    await page.goto('/system/ossFile');
    await settled(page);
    await page.getByPlaceholder('搜索文件名称').fill(`m-${STAMP}`);
    await page.keyboard.press('Enter');
    const cards = page.getByTestId('list-card');
    await eventually(() => cards.count()).toBe(1);
    expect(await cards.first().innerText()).toMatch(/photo\.png[\s\S]*图片[\s\S]*未引用/);
    await screenshot(page, 'file-admin-phone-cards');

    const sheet = page.locator('.adm-action-sheet');
    await cards.first().getByRole('button', { name: '更多操作' }).click();
    await eventually(() => sheet.isVisible()).toBe(true);
    await sheet.getByText('预览', { exact: true }).click();
    const img = page.locator('.adm-image-viewer-content img, .adm-image img').first();
    await eventually(() => img.isVisible()).toBe(true);
    await screenshot(page, 'file-admin-phone-image');
    // The viewer closes on a touch tap that lasts a moment (it listens to touch events and ignores a tap of no duration).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 195, y: 300 }] });
    await page.waitForTimeout(80);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await eventually(() => page.locator('.adm-image-viewer-content').count()).toBe(0);

    await cards.first().getByRole('button', { name: '更多操作' }).click();
    await eventually(() => sheet.isVisible()).toBe(true);
    await sheet.getByText('删除', { exact: true }).click();
    await page
      .locator('.adm-dialog')
      .getByRole('button', { name: /确认|确定/ })
      .click();
    await eventually(() => cards.count()).toBe(0);
    expect(await page.locator('[class^="ant-"], [class*=" ant-"]').count()).toBe(0);
  });
});
