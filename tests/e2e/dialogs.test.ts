// The user's own dialogs (spec §2 Dialogs, issue 4 §2): at 1440×900 (operator) from the header's dropdown —
// 修改登录密码 refuses a wrong old password with the server's words and keeps the dialog, 设置支付密码
// checks the confirmation and then sets the password (proved by using it as the old one); at
// 390×844 (approver) from 我的 — 修改登录密码 opens as a sheet, 数据解密 with the SMS code from the outbox turns
// the masked mobile of 个人中心 into the full number.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { encodePassword } from '../../contract/crypto';
import { PAY_MSG, PAY_PATHS } from '../../contract/api/pay';
import { V } from '../../contract/validation';
import { desktopContext, launchChromium, phoneContext, screenshot } from './lib/browser';
import { apiCall, DEMO_PASSWORD, settled, signIn } from './lib/session';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const databaseUrl = e2eTarget().databaseUrl;
const MOBILE = '13800000003'; // the approver's, from the seed
const NEW_PAY_PWD = 'Dlg@2026pay';

let browser: Browser;
const contexts: BrowserContext[] = [];

async function lastSmsCode(mobile: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ content: string }>('SELECT content FROM sms_outbox WHERE mobile = $1 ORDER BY created_at DESC LIMIT 1', [mobile]);
    const m = /(\d{6})/.exec(rows[0]?.content ?? '');
    if (!m) throw new Error(`no SMS code for ${mobile}`);
    return m[1];
  } finally {
    await client.end();
  }
}

async function openUserMenuItem(page: Page, label: string) {
  await page.locator('.ant-layout-header .ant-avatar').first().click();
  await page.getByRole('menuitem', { name: label }).click();
}

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
});

describe('own dialogs at 1440×900', () => {
  let page: Page;
  beforeAll(async () => {
    const ctx = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
    contexts.push(ctx);
    page = await ctx.newPage();
    // The operator: the approver's payment password belongs to the approval journeys.
    await signIn(page, 'operator');
  });

  it("修改登录密码: a wrong old password gets the server's words; the dialog stays", async () => {
    await settled(page);
    await openUserMenuItem(page, '修改登录密码');
    const modal = page.locator('.ant-modal').filter({ hasText: '修改登录密码' });
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => modal.locator('.ant-form-item-explain-error').count()).toBeGreaterThan(0);
    await modal.getByPlaceholder('请输入原登录密码').fill('Wrong@2026x');
    await modal.getByPlaceholder('请输入新登录密码').fill('Next@2026x');
    await modal.getByPlaceholder('请再次输入新登录密码').fill('Next@2026x');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message-warning').first().waitFor();
    expect(await modal.isVisible()).toBe(true);
    await screenshot(page, 'dialogs-login-password-1440');
    await modal.getByRole('button', { name: /取\s*消/ }).click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('设置支付密码: confirmation must match, then the new password is set', async () => {
    await openUserMenuItem(page, '设置支付密码');
    const modal = page.locator('.ant-modal').filter({ hasText: '设置支付密码' });
    await modal.getByPlaceholder('请输入原支付密码').fill(DEMO_PASSWORD);
    await modal.getByPlaceholder('请输入新支付密码').fill(NEW_PAY_PWD);
    await modal.getByPlaceholder('请再次输入新支付密码').fill(`${NEW_PAY_PWD}x`);
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await modal.getByText(V.passwordMismatch).first().waitFor();
    await modal.getByPlaceholder('请再次输入新支付密码').fill(NEW_PAY_PWD);
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-message-success').filter({ hasText: '修改成功' }).waitFor();
    await modal.waitFor({ state: 'hidden' });
    // The new password is now the one in force: it works as the old one of the next change.
    const again = await apiCall(page, baseURL, 'POST', PAY_PATHS.payPwdModify, {
      data: {
        cusCode: 'B0001' /* the group's objCode: g-org has no customer code */,
        payPwd: encodePassword(NEW_PAY_PWD + '2'),
        payPwdOld: encodePassword(NEW_PAY_PWD),
      },
      signed: true,
    });
    const body = (await again.json()) as { status: { success: boolean; errorMsg: string } };
    expect(body.status.errorMsg).not.toBe(PAY_MSG.payPwdOldWrong);
    expect(body.status.success).toBe(true);
  });
});

describe('own dialogs at 390×844', () => {
  let page: Page;
  beforeAll(async () => {
    const ctx = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
    contexts.push(ctx);
    page = await ctx.newPage();
    await signIn(page, 'approver');
  });

  it('修改登录密码 opens as a sheet from 我的 and checks the rule', async () => {
    await page.goto('/Home?tab=me');
    await page.getByText('修改登录密码', { exact: true }).click();
    const sheet = page.locator('.adm-popup').filter({ hasText: '修改后其他设备上的登录将失效' });
    await sheet.getByPlaceholder('请输入原登录密码').fill(DEMO_PASSWORD);
    await sheet.getByPlaceholder('请输入新登录密码').fill('short');
    await sheet.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => sheet.locator('.adm-form-item-feedback-error').count()).toBeGreaterThan(0);
    await screenshot(page, 'dialogs-login-password-390');
    await page.goBack();
    await expect.poll(() => sheet.isVisible()).toBe(false);
  });

  it.skipIf(!databaseUrl)('数据解密 with the SMS code shows the full mobile in 个人中心', async () => {
    await page.goto('/account/center');
    await page.getByText('138****0003').first().waitFor();
    await page.goto('/Home?tab=me');
    await page.getByText('数据解密', { exact: true }).click();
    const sheet = page.locator('.adm-popup').filter({ hasText: '解密后手机号' });
    await sheet.getByRole('button', { name: /获取验证码|发送验证码/ }).click();
    await expect.poll(() => lastSmsCode(MOBILE).catch(() => ''), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    await sheet.getByPlaceholder('请输入短信验证码').fill(await lastSmsCode(MOBILE));
    await screenshot(page, 'dialogs-decrypt-390');
    await sheet.getByRole('button', { name: '确定' }).click();
    await page.getByText(PAY_MSG.decrypted).first().waitFor();
    await page.goto('/account/center');
    await page.getByText(MOBILE, { exact: true }).first().waitFor();
    expect(await page.getByText('138****0003').count()).toBe(0);
  });
});
