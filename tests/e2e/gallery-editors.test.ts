// Issue 16 §3-§4 blocks on their gallery pages, at a phone and a desktop size, as a user uses them:
// the rich text's output is sanitised; a file uploads with real progress (a throttled upload link)
// and is done; an image moves one place later; the modal's fullscreen resets on reopening; the
// prompt runs its rules before OK; the tree table loads children on expand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEVICES, launchChromium, screenshot } from './lib/browser';
import { settled, signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
/** A 16×16 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000010000000100802000000909168360000001649444154789c63604adf4a126218d530aa61f86a000059ab1e10569970500000000049454e44ae426082',
  'hex',
);
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(DEVICES)('editors, upload, dialogs and tree table at $name', ({ name, newContext }) => {
  const phone = name === 'phone';
  /** The open dialog: antd's modal on a desktop, the bottom sheet on a phone. */
  const dialogBox = () => page.locator(phone ? '.adm-popup-body:visible' : '.ant-modal:visible').last();
  const okOf = (box: ReturnType<typeof dialogBox>) => box.getByRole('button', { name: /^确\s*定$/ });
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];
  beforeAll(async () => {
    context = await newContext(browser, { baseURL, serviceWorkers: 'block' });
    page = await context.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await signIn(page, 'admin');
  });
  afterAll(async () => {
    expect(errors).toEqual([]);
    await context?.close();
  });

  it('rich text: what is typed and pasted comes out sanitised', async () => {
    await page.goto('/test/home/editor-rich-text');
    const editor = page.getByRole('textbox', { name: '公告正文' });
    await editor.click();
    await page.getByRole('button', { name: '加粗' }).first().click();
    await page.keyboard.type('停机通知');
    await page.keyboard.type(' <script>alert(1)</script>');
    // A paste of hostile HTML: the editor keeps the text, the sanitiser drops handlers and scripts.
    await editor.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/html', '<p>粘贴<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">链接</a><script>alert(4)</script></p>');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const output = page.getByTestId('rich-output');
    await poll(() => output.innerText()).toContain('<strong>停机通知');
    await poll(() => output.innerText()).toContain('粘贴');
    const html = await output.innerText();
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/onerror|javascript:|<script/i);
    // The markdown image dialog: two tabs, each with its remark; a bad network address is refused.
    await page.goto('/test/home/editor-markdown');
    await page.locator('.gallery-state').first().getByRole('toolbar', { name: 'Markdown 工具' }).getByRole('button', { name: '插入图片' }).click();
    const dialog = page.getByRole('dialog', { name: '插入图片' });
    await poll(() => dialog.getByText('备注：支持 png').isVisible()).toBe(true);
    await dialog.getByRole('tab', { name: '网络图片' }).click();
    await poll(() => dialog.getByText('备注：填写以 http').isVisible()).toBe(true);
    await dialog.getByPlaceholder('https://').fill('ftp://x');
    await okOf(dialogBox()).click();
    await poll(() => dialog.getByRole('alert').innerText()).toBe('请输入正确的网址!');
    await dialog.getByPlaceholder('https://').fill('https://example.com/logo.png');
    await dialog.getByPlaceholder('选填，图片无法显示时的文字').fill('标志');
    await okOf(dialogBox()).click();
    await poll(() => page.getByTestId('md-output').innerText()).toContain('![标志](https://example.com/logo.png)');
    await screenshot(page, `gallery-editors-${name}`);
  });

  it('images upload into the rich text (its 图片 button) and through the markdown dialog’s local-upload tab', async () => {
    await page.goto('/test/home/editor-rich-text');
    const rich = page.locator('.gallery-state').first();
    await rich.getByRole('textbox', { name: '公告正文' }).click();
    await rich.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await poll(() => page.getByTestId('rich-output').innerText()).toMatch(/<img [^>]*src="[^"]*files\/0\/editor\/\d{8}\/[0-9a-f]{24}_logo\.png"/);
    // The uploaded image shows in the editor (it is served back).
    await poll(() =>
      rich
        .locator('.boss-rich-body img')
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    ).toBeGreaterThan(0);
    // Not an image: refused before it leaves the browser.
    await rich.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await poll(() => page.getByTestId('rich-output').innerText()).not.toContain('notes.txt');

    await page.goto('/test/home/editor-markdown');
    await page.locator('.gallery-state').first().getByRole('toolbar', { name: 'Markdown 工具' }).getByRole('button', { name: '插入图片' }).click();
    const dialog = page.getByRole('dialog', { name: '插入图片' });
    await poll(() => dialog.getByRole('tab', { name: '本地上传' }).getAttribute('aria-selected')).toBe('true');
    // OK with nothing uploaded is refused.
    await okOf(dialogBox()).click();
    await poll(() => dialog.getByRole('alert').innerText()).toBe('请先上传图片');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: PNG });
    await poll(() => dialog.locator('[data-status]').first().getAttribute('data-status')).toBe('done');
    await dialog.getByPlaceholder('选填，图片无法显示时的文字').fill('走势图');
    await okOf(dialogBox()).click();
    await poll(() => page.getByTestId('md-output').innerText()).toMatch(/!\[走势图\]\([^)]*files\/0\/editor\/\d{8}\/[0-9a-f]{24}_chart\.png\)/);
    await poll(() => dialog.count()).toBe(0);
  });

  it('the code editor switches among its 12 languages, each grammar loaded when chosen', async () => {
    await page.goto('/test/home/editor-code');
    const code = page.getByRole('textbox', { name: '代码', exact: true });
    await poll(() => code.innerText()).toContain('SELECT cus_code');
    const select = page.locator('.boss-code select').first();
    const languages = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(languages).toEqual(['css', 'javascript', 'html', 'java', 'objectivec', 'python', 'r', 'shell', 'sql', 'swift', 'vue', 'markdown']);
    // One text with something for every grammar; each language marks it up its own way.
    await code.click();
    await page.keyboard.press('ControlOrMeta+a');
    // Inserted at once, as a paste is: typed key by key, the completion popup that opens on a word
    // could take an Enter and scramble the text.
    await page.keyboard.insertText('# 标题\nfunction f(x) { return "s" + 1; } // c\n<div class="a">SELECT * FROM t</div>\n');
    const markups: string[] = [];
    for (const lang of languages) {
      await select.selectOption(lang);
      await poll(() => page.locator('.boss-code').first().getAttribute('data-language')).toBe(lang);
      await poll(() => page.getByTestId('code-output').innerText()).toMatch(new RegExp(`^${lang}: `));
      // The grammar loads on demand: once it is in place, read the markup it gives the text.
      await poll(() => page.locator('.boss-code').first().getAttribute('data-language-loaded')).toBe(lang);
      // The highlighter parses within a time budget and finishes later when the machine is busy:
      // read the markup once it has stopped changing (the same for 400 ms).
      const content = page.locator('.boss-code .cm-content').first();
      let last = '';
      for (let same = 0, waited = 0; same < 4 && waited < 10_000; waited += 100) {
        const now = await content.innerHTML();
        same = now === last ? same + 1 : 0;
        last = now;
        await page.waitForTimeout(100);
      }
      markups.push(last);
    }
    // Most grammars mark the same text up differently (a few close relatives may agree).
    expect(new Set(markups).size).toBeGreaterThanOrEqual(10);
    expect(errors).toEqual([]);
    await screenshot(page, `gallery-code-languages-${name}`);
  });

  it('upload: real progress on a slow link, then done; single replaces; an image moves later', async () => {
    await page.goto('/test/home/upload');
    const files = page.getByTestId('upload-files');
    await poll(() => files.getByRole('button', { name: '上传' }).isVisible()).toBe(true);
    // A slow upload link (CDP), so the bytes-sent progress is seen between 1 and 99.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    await files.locator('input[type=file]').setInputFiles({ name: '对账单.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(600 * 1024, 0x25) });
    const row = files.locator('[data-status]').first();
    const seen = new Set<number>();
    await poll(async () => {
      const bar = files.getByRole('progressbar');
      if (await bar.count()) seen.add(Number((await bar.first().getAttribute('aria-valuenow')) ?? 0));
      return row.getAttribute('data-status');
    }).toBe('done');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(
      [...seen].some((p) => p > 1 && p < 100),
      `progress seen: ${[...seen].join(',')}`,
    ).toBe(true);
    await poll(() => page.getByTestId('upload-files-value').innerText()).toMatch(/^files\/0\/temp\/\d{8}\/[0-9a-f]{24}_对账单\.pdf$/);
    // The finished file downloads with the session (it is not public).
    const download = page.waitForEvent('download');
    await files.getByRole('button', { name: /对账单\.pdf/ }).click();
    expect((await download).suggestedFilename()).toBe('对账单.pdf');

    // A refused type never leaves the browser; the server's words show.
    await files.locator('input[type=file]').setInputFiles({ name: 'run.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await poll(() => page.getByText('不支持的文件类型：.exe').first().isVisible()).toBe(true);

    // Single mode: the second file replaces the first.
    const single = page.getByTestId('upload-single');
    for (const n of ['甲.txt', '乙.txt']) {
      await single.locator('input[type=file]').setInputFiles({ name: n, mimeType: 'text/plain', buffer: Buffer.from(n) });
      await poll(() => page.getByTestId('upload-single-value').innerText()).toContain(`_${n}`);
    }
    expect(await single.locator('[data-status]').count()).toBe(1);

    // Images: the first moves one place later.
    const images = page.getByTestId('upload-images');
    await poll(() => page.getByTestId('upload-images-value').innerText()).toBe('/icons/icon-192.png,/favicon.svg');
    await images.getByRole('button', { name: '后移' }).first().click();
    await poll(() => page.getByTestId('upload-images-value').innerText()).toBe('/favicon.svg,/icons/icon-192.png');
    await images.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await poll(() => page.getByTestId('upload-images-value').innerText()).toMatch(
      /^\/favicon\.svg,\/icons\/icon-192\.png,files\/0\/temp\/\d{8}\/[0-9a-f]{24}_logo\.png$/,
    );
    await poll(() =>
      images
        .locator('[data-status=done] img')
        .last()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    ).toBeGreaterThan(0);
    if (phone) expect(await images.locator('input[type=file]').getAttribute('capture')).toBe('environment');
    await screenshot(page, `gallery-upload-${name}`);
  });

  it('dialogs: fullscreen resets on reopening; the prompt runs its rules before OK', async () => {
    await page.goto('/test/home/modal');
    const isFullscreen = () => page.locator('.boss-modal.is-fullscreen, .boss-sheet.is-fullscreen').count();
    await page.getByRole('button', { name: '打开弹窗' }).click();
    await poll(() => page.getByRole('button', { name: '全屏' }).isVisible()).toBe(true);
    expect(await isFullscreen()).toBe(0);
    await page.getByRole('button', { name: '全屏' }).click();
    await poll(isFullscreen).toBe(1);
    await screenshot(page, `gallery-modal-fullscreen-${name}`);
    await dialogBox()
      .getByRole('button', { name: /^取\s*消$/ })
      .click();
    await poll(() => page.getByRole('button', { name: '退出全屏' }).count()).toBe(0);
    await page.getByRole('button', { name: '打开弹窗' }).click();
    await poll(() => page.getByRole('button', { name: '全屏' }).isVisible()).toBe(true);
    expect(await isFullscreen()).toBe(0);
    await okOf(dialogBox()).click();
    await poll(() => page.getByTestId('modal-ok-count').innerText()).toBe('确定次数：1');
    await poll(() => page.getByRole('button', { name: '全屏' }).count()).toBe(0);

    await page.goto('/test/home/prompt');
    await page.getByRole('button', { name: '驳回' }).click();
    const prompt = page.getByRole('dialog', { name: '驳回付款' });
    const ok = okOf(dialogBox());
    await ok.click();
    await poll(() => prompt.getByText('请输入驳回原因', { exact: true }).isVisible()).toBe(true);
    await prompt.getByPlaceholder('请输入驳回原因').fill('不对');
    await ok.click();
    await poll(() => prompt.getByText('驳回原因为 4 到 50 个字').isVisible()).toBe(true);
    expect(await page.getByTestId('prompt-result').innerText()).toBe('驳回原因：（未填写）');
    await prompt.getByPlaceholder('请输入驳回原因').fill('收款账号与户名不符');
    await ok.click();
    await poll(() => page.getByTestId('prompt-result').innerText()).toBe('驳回原因：收款账号与户名不符');
    await poll(() => prompt.count()).toBe(0);
  });

  it("tree table: a row's children load on expand after a 'loading...' child; an empty answer makes a leaf", async () => {
    await page.goto('/test/home/tree-table');
    await poll(() => page.getByText('总部', { exact: true }).isVisible()).toBe(true);
    const expand = phone ? page.getByRole('button', { name: '展开' }) : page.getByRole('button', { name: '展开行' });
    await expand.first().click();
    const loadingChild = page.getByText('loading...', { exact: true });
    await poll(() => loadingChild.first().isVisible()).toBe(true);
    await poll(() => page.getByText('财务部', { exact: true }).isVisible()).toBe(true);
    expect(await loadingChild.count()).toBe(0);
    // 华东大区 says it has children, the answer is empty: it becomes a leaf (no expand button).
    const east = page.locator(phone ? '.boss-tree-row' : 'tr', { hasText: '华东大区' });
    await east.getByRole('button', { name: phone ? '展开' : '展开行' }).click();
    await poll(() => loadingChild.count()).toBe(0);
    await poll(() => east.getByRole('button', { name: phone ? /展开|收起/ : /展开行|收起行/ }).count()).toBe(0);
    await poll(() => page.getByText('返回数据类型不识别', { exact: true }).isVisible()).toBe(true);
    if (phone) {
      // A long press (held without moving) opens the action sheet.
      const row = page.locator('.boss-tree-row', { hasText: '审计部' });
      const box = (await row.boundingBox())!;
      await row.dispatchEvent('touchstart', { touches: [{ identifier: 1, clientX: box.x + 20, clientY: box.y + 10 }] });
      await page.waitForTimeout(700);
      await row.dispatchEvent('touchend', { touches: [] });
      await page.locator('.adm-action-sheet').getByText('编辑', { exact: true }).click();
    } else {
      await page.getByText('审计部', { exact: true }).click({ button: 'right' });
      await page.getByRole('menu').getByRole('menuitem', { name: '编辑' }).click();
    }
    await poll(() => page.getByTestId('tree-menu-pick').innerText()).toBe('edit:审计部');
    await screenshot(page, `gallery-tree-table-${name}`);
  });

  it.runIf(name === 'desktop')('the list kit offers a row’s actions on a right click', async () => {
    await page.goto('/system/user');
    await settled(page);
    // Any row: other e2e files add users, so which are on page 1 depends on what ran before.
    const row = page.locator('.ant-table-row').first();
    await row.click({ button: 'right' });
    const menu = page.getByRole('menu');
    await poll(() => menu.getByRole('menuitem', { name: '编辑' }).isVisible()).toBe(true);
    await menu.getByRole('menuitem', { name: '编辑' }).click();
    await poll(() => page.locator('.ant-modal:visible, .ant-drawer:visible').getByText('编辑用户').count()).toBeGreaterThan(0);
  });
});
