// Customer onboarding end to end (issue 17 §4): an operator at 1440×900 creates an enterprise
// customer through the steps of 客户进件 with its materials and submits it; a checker ('approver')
// approves it on a 390×844 phone; the operator applies to the provider, the simulator reviews it and
// pays the verification amount, the operator enters that amount, signs with the SMS code and opens
// it; the customer's basic and settlement accounts then show in 账户管理. The simulator's amount and
// the SMS code are read from the database, as the server tests read them (no backdoor in the app).
// The operator then invites the customer's administrator by SMS; the invited user signs in on a
// 390×844 phone with a login code and sees only their own customer (商户入驻, 账户管理, the API).
// Meanwhile the checker keeps the customer's detail open on the phone: each state change, the
// simulator's and the operator's, shows there within 2 s without a reload (the live socket).
// Every 客户进件 page is also captured at both sizes (test-results/screenshots/cus-*.png).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import pg from 'pg';
import { CUS_PATHS } from '../../contract/api/cus';
import { CUS_CONTRACT_PATH, CUS_ENTRY_PATH, CUS_INNET_PATH, CUS_KXB_PATH, CUS_LIST_PATH, CUS_ONBOARDING_PATH, CUS_REVIEW_PATH } from '../../contract/pages/cus';
import { desktopContext, launchChromium, phoneContext, screenshot } from './lib/browser';
import { apiCall, eventually, settled, signIn } from './lib/session';
import { confirmPopconfirm } from './lib/choose';
import { e2eTarget } from './lib/target';

const baseURL = e2eTarget().baseURL;
const databaseUrl = e2eTarget().databaseUrl;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const NAME = '深圳进件演示科技有限公司';
const LEGAL_MOBILE = '13700000027';

let browser: Browser;
let opContext: BrowserContext;
let apContext: BrowserContext;
let op: Page;
let ap: Page;
let cusCode = '';
/** The invited customer administrator's phone, signed in by the invitation test. */
let adminPhone: BrowserContext | undefined;
let adminPage: Page;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Live lags measured on the checker's phone (ms), printed at the end. */
const lags: Record<string, number> = {};

/**
 * How long after the database holds the application in `status` the phone's open detail shows
 * `text` (the database is polled every 25 ms, so the lag may read up to that much short).
 */
async function liveLag(page: Page, status: string, text: string): Promise<number> {
  const tag = page.getByTestId('cus-innet-hnpay');
  const shown = expect
    .poll(() => tag.textContent(), { timeout: 20_000, interval: 20 })
    .toBe(text)
    .then(() => Date.now());
  let at = 0;
  while (!at) {
    const [r] = await query<{ status: string }>('SELECT status FROM cus_innets WHERE cus_code = $1 ORDER BY created_at DESC LIMIT 1', [cusCode]);
    if (r?.status === status) at = Date.now();
    else await sleep(25);
  }
  const lag = Math.max(0, (await shown) - at);
  lags[status] = lag;
  return lag;
}

/**
 * The file's connections to the server's database, opened on first use. liveLag() asks every 25 ms:
 * a connection of its own per question started a database backend 40 times a second.
 */
let db: pg.Pool | undefined;
async function query<T>(sql: string, params: unknown[]): Promise<T[]> {
  db ??= new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return (await db.query(sql, params)).rows as T[];
}

/** The operator, signed in on a 390×844 phone once for the file (the tests below go to their pages). */
let opPhone: BrowserContext | undefined;
let opPhonePage: Page | undefined;
async function operatorPhone(): Promise<Page> {
  if (!opPhonePage) {
    opPhone = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
    const page = await opPhone.newPage();
    await signIn(page, 'operator');
    opPhonePage = page;
  }
  return opPhonePage;
}

beforeAll(async () => {
  browser = await launchChromium();
  opContext = await desktopContext(browser, { baseURL, serviceWorkers: 'block' });
  apContext = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
  op = await opContext.newPage();
  ap = await apContext.newPage();
  await signIn(op, 'operator');
  await signIn(ap, 'approver');
}, 120_000);

afterAll(async () => {
  await adminPhone?.close();
  await opPhone?.close();
  await browser?.close();
  await db?.end();
});

describe.skipIf(!databaseUrl)('customer onboarding to an opened provider account', () => {
  it('the operator enters an enterprise customer step by step with its materials and submits it', async () => {
    await op.goto(CUS_ONBOARDING_PATH);
    await settled(op);
    const form = op.getByTestId('cus-entry-form');
    await form.waitFor();
    // §5 messages before anything is sent.
    await op.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => op.getByText('请输入客户名称').count()).toBeGreaterThan(0);
    await op.getByRole('combobox', { name: '客户类型' }).click();
    await op.locator('.ant-select-item-option', { hasText: '企业' }).first().click();
    await op.getByPlaceholder('请输入客户名称').fill(NAME);
    await op.getByPlaceholder('18位统一社会信用代码').fill('91350100M000100Y4X');
    await op.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => op.getByText('请输入正确的统一社会信用代码!').count()).toBeGreaterThan(0);
    await op.getByPlaceholder('18位统一社会信用代码').fill('91350100M000200Y3P');
    // 所属行业 from the tenant's 行业分类: a division under its section, loaded as the section opens.
    await op.getByRole('combobox', { name: '所属行业' }).click();
    const industries = op.locator('.ant-select-dropdown:visible');
    await industries.locator('.ant-select-tree-treenode', { hasText: '信息传输、软件和信息技术服务业' }).locator('.ant-select-tree-switcher').click();
    await industries.locator('.ant-select-tree-title', { hasText: /^软件和信息技术服务业$/ }).click();
    await screenshot(op, 'cus-onboarding-step1-desktop');
    await op.getByRole('button', { name: '下一步' }).click();

    await op.getByPlaceholder('请输入法定代表人姓名').fill('陈演示');
    await op.getByPlaceholder('18位或15位身份证号码').fill('11010519491231002X');
    await op.getByPlaceholder('用于签约短信').fill(LEGAL_MOBILE);
    await op.getByPlaceholder('请输入联系人姓名').fill('林联系');
    await op.getByPlaceholder('请输入联系人手机号码').fill('1370000002');
    await op.getByRole('button', { name: '下一步' }).click();
    await expect.poll(() => op.getByText('请输入正确的手机号码!').count()).toBeGreaterThan(0);
    await op.getByPlaceholder('请输入联系人手机号码').fill('13700000028');
    await op.getByRole('button', { name: '下一步' }).click();

    const area = op.getByRole('combobox', { name: '注册地址（省市区）' });
    await area.click();
    await area.fill('南山');
    await op.locator('.ant-cascader-menu-item', { hasText: '南山区' }).first().click();
    await op.getByPlaceholder('请输入详细地址').fill('科技园南路8号');
    await op.getByPlaceholder('请输入结算银行卡号').fill('6227000010002000999');
    await op.getByPlaceholder('如：中国工商银行').fill('中国建设银行');
    await op.getByPlaceholder('如：深圳南山支行').fill('深圳南山支行');
    await screenshot(op, 'cus-onboarding-step3-desktop');
    await op.getByRole('button', { name: '保存并下一步' }).click();

    const materials = op.getByTestId('cus-materials');
    await materials.waitFor();
    const inputs = materials.locator('input[type=file]');
    // license, idFront, idBack, accountProof (the four an enterprise needs), then two premises photos.
    for (const [i, name] of ['license.png', 'id-front.png', 'id-back.png', 'account.png'].entries()) {
      await inputs.nth(i).setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
    }
    await inputs.nth(4).setInputFiles([
      { name: 'shop-1.png', mimeType: 'image/png', buffer: PNG },
      { name: 'shop-2.png', mimeType: 'image/png', buffer: PNG },
    ]);
    const count = async () => {
      const [row] = await query<{ n: string }>(
        `SELECT count(*)::text AS n FROM cus_materials m JOIN customers c ON c.cus_code = m.cus_code AND c.tenant_id = m.tenant_id WHERE c.cus_name = $1`,
        [NAME],
      );
      return Number(row?.n ?? 0);
    };
    await eventually(count).toBe(6);
    await screenshot(op, 'cus-onboarding-materials-desktop');
    // The rows are in the database before the page has read the last upload's answer; 下一步 until
    // then says 请先上传 and stays, as it would for a user who clicks it that early, so ask again.
    const submitButton = op.getByRole('button', { name: '提交审核', exact: true });
    await eventually(async () => {
      if (!(await submitButton.count())) await op.getByRole('button', { name: '下一步' }).click();
      return submitButton.isVisible();
    }).toBe(true);
    await submitButton.click();
    await op.waitForURL(/\/cus\/customerDetail\?cusCode=/);
    cusCode = new URL(op.url()).searchParams.get('cusCode') ?? '';
    expect(cusCode).not.toBe('');
    await eventually(() => op.getByTestId('cus-review-status').textContent()).toBe('待审核');
    await settled(op);
    expect(await op.locator('.ant-descriptions-row', { hasText: '所属行业' }).textContent()).toContain('软件和信息技术服务业');
    expect((await query<{ i: string }>('SELECT industry_id AS i FROM customers WHERE cus_code = $1', [cusCode]))[0].i).toBe('cat-ind-i65');
    await screenshot(op, 'cus-detail-submitted-desktop');
  }, 180_000);

  it('the checker approves it on the phone', async () => {
    await ap.goto(CUS_REVIEW_PATH);
    await settled(ap);
    await ap.getByText(NAME).first().click();
    const panel = ap.getByTestId('cus-review-panel');
    await panel.waitFor();
    await eventually(() => panel.getByText('营业执照').count()).toBeGreaterThan(0);
    await screenshot(ap, 'cus-review-phone');
    let opNavigations = 0;
    const countOp = (f: unknown) => f === op.mainFrame() && opNavigations++;
    op.on('framenavigated', countOp);
    await ap.getByRole('button', { name: '审核通过', exact: true }).click();
    await eventually(() => ap.getByText('审核通过').count()).toBeGreaterThan(0);
    // The operator's 客户详情, left open since the submission, shows the decision live (migration 0035), no reload.
    await eventually(() => op.getByTestId('cus-review-status').textContent()).toBe('已通过');
    op.off('framenavigated', countOp);
    expect(opNavigations).toBe(0);
    await eventually(async () => (await query<{ s: string }>('SELECT review_status AS s FROM customers WHERE cus_code = $1', [cusCode]))[0]?.s).toBe(
      'approved',
    );
  }, 120_000);

  it('the provider reviews, pays the verification amount, and the operator verifies, signs and opens; the phone follows live', async () => {
    // The checker's phone shows the customer's detail, opened once and never reloaded below.
    await ap.goto(`/cus/customerDetail?cusCode=${cusCode}`);
    await ap.getByTestId('cus-review-status').waitFor();
    await settled(ap);
    const phoneUrl = ap.url();
    let navigations = 0;
    ap.on('framenavigated', (f) => f === ap.mainFrame() && navigations++);

    await op.goto(`${CUS_INNET_PATH}?cusCode=${cusCode}`);
    await settled(op);
    const dialog = op.getByRole('dialog', { name: '提交进件' });
    await dialog.waitFor();
    await dialog.getByPlaceholder('商户简称为2到20个字符').fill('进件演示');
    await dialog.getByPlaceholder('请输入正确的客服电话').fill('0755-88886666');
    await screenshot(op, 'cus-innet-apply-desktop');
    await dialog.getByRole('button', { name: /^提\s*交$/ }).click();
    const row = op.locator('tr', { hasText: NAME });
    // The simulator's callbacks: the phone's open detail follows within 2 s.
    expect(await liveLag(ap, 'awaiting_verification', '待打款验证')).toBeLessThan(2000);
    await screenshot(ap, 'cus-detail-live-phone');
    await eventually(() => row.locator('.ant-tag').first().textContent()).toBe('待打款验证');

    const [innet] = await query<{ id: string; fen: string }>(`SELECT id, verify_amount::text AS fen FROM cus_innets WHERE cus_code = $1`, [cusCode]);
    const amount = (Number(innet.fen) / 100).toFixed(2);
    await row.locator('a').getByText('打款验证', { exact: true }).click();
    const verify = op.getByRole('dialog', { name: /打款验证/ });
    await verify.locator('input').fill(amount);
    await verify.getByRole('button', { name: /确\s*定/ }).click();
    // The operator's action on another screen: the phone follows within 2 s.
    expect(await liveLag(ap, 'awaiting_signature', '待签约')).toBeLessThan(2000);
    await eventually(() => row.locator('.ant-tag').first().textContent()).toBe('待签约');

    await row.locator('a').getByText('签约', { exact: true }).click();
    const sign = op.getByRole('dialog', { name: /签约/ });
    await sign.getByRole('button', { name: /保存费率/ }).click();
    await sign.getByRole('button', { name: '获取验证码' }).click();
    await eventually(() => op.getByText('验证码已发送，有效期5分钟，请注意查收').count()).toBeGreaterThan(0);
    await expect.poll(() => sign.getByRole('button', { name: /\d+s后重新获取/ }).count()).toBe(1);
    await screenshot(op, 'cus-innet-sign-desktop');
    const [sms] = await query<{ content: string }>('SELECT content FROM sms_outbox WHERE mobile = $1 ORDER BY created_at DESC LIMIT 1', [LEGAL_MOBILE]);
    const code = /(\d{6})/.exec(sms.content)![1];
    await sign.getByLabel('短信验证码').fill(code);
    await sign
      .getByRole('button', { name: /确\s*认/ })
      .first()
      .click();
    await sign.getByRole('button', { name: '确认签约' }).click();
    expect(await liveLag(ap, 'opening', '开通中')).toBeLessThan(2000);
    await eventually(() => row.locator('.ant-tag').first().textContent()).toBe('开通中');

    await row.locator('a').getByText('开通', { exact: true }).click();
    await confirmPopconfirm(op);
    expect(await liveLag(ap, 'opened', '已开通')).toBeLessThan(2000);
    await eventually(() => row.locator('.ant-tag').first().textContent()).toBe('已开通');
    await screenshot(op, 'cus-innet-opened-desktop');
    await screenshot(ap, 'cus-detail-opened-live-phone');
    expect({ url: ap.url(), navigations }).toEqual({ url: phoneUrl, navigations: 0 });
    console.log(`cus innet live on the phone (ms after the database): ${JSON.stringify(lags)}`);
  }, 180_000);

  it("shows the customer's accounts in 账户管理 and on its detail", async () => {
    await op.goto(`/cus/customerDetail?cusCode=${cusCode}&tab=accounts`);
    await op.getByTestId('cus-review-status').waitFor();
    await settled(op);
    await screenshot(op, 'cus-detail-accounts-desktop');
    const [accounts] = await query<{ n: string }>('SELECT count(*)::text AS n FROM accounts a JOIN customers c ON c.id = a.customer_id WHERE c.cus_code = $1', [
      cusCode,
    ]);
    expect(Number(accounts.n)).toBeGreaterThanOrEqual(2);
    await eventually(() =>
      op
        .locator('td')
        .filter({ hasText: /^(基本账户|结算账户)$/ })
        .count(),
    ).toBe(2);
    await op.goto('/payCus/account');
    await settled(op);
    await eventually(() => op.getByText(cusCode).count()).toBeGreaterThan(0);
    await screenshot(op, 'cus-accounts-desktop');
  }, 120_000);

  it('the operator invites the administrator by SMS; they sign in on a 390×844 phone and see only their own customer', async () => {
    const ADMIN_MOBILE = '13700000028'; // the contact's number, the form's default
    await op.goto(`/cus/customerDetail?cusCode=${cusCode}`);
    await op.getByTestId('cus-review-status').waitFor();
    await settled(op);
    await op.getByRole('button', { name: '邀请管理员' }).click();
    const dialog = op.getByRole('dialog', { name: '邀请管理员' });
    await expect.poll(() => dialog.getByPlaceholder('用于接收邀请短信和登录').inputValue()).toBe(ADMIN_MOBILE);
    await dialog.getByPlaceholder('用于接收邀请短信和登录').fill('1370000002');
    await dialog.getByRole('button', { name: '发送邀请' }).click();
    await eventually(() => dialog.getByText('请输入正确的手机号码!').count()).toBeGreaterThan(0);
    await dialog.getByPlaceholder('用于接收邀请短信和登录').fill(ADMIN_MOBILE);
    await screenshot(op, 'cus-invite-desktop');
    await dialog.getByRole('button', { name: '发送邀请' }).click();
    await eventually(() => op.getByText('邀请短信已发送至137****0028').count()).toBeGreaterThan(0);
    await eventually(() => op.getByTestId('cus-admin').textContent()).toContain('林联系 137****0028');
    await eventually(() => op.getByRole('button', { name: '重发邀请' }).count()).toBe(1);
    // On the operator's phone the same detail offers 重发邀请; at once it is too soon (60 s apart).
    {
      const q = await operatorPhone();
      await q.goto(`/cus/customerDetail?cusCode=${cusCode}`);
      await eventually(() => q.getByTestId('cus-admin').textContent()).toBe('林联系 137****0028');
      await q.getByRole('button', { name: '重发邀请' }).click();
      await q.getByText('重新发送邀请短信至 137****0028（林联系）？').waitFor();
      await screenshot(q, 'cus-invite-resend-phone');
      await q.getByRole('button', { name: '确定' }).click();
      await eventually(() => q.getByText(/^请\d+秒后再发送邀请短信$/).count()).toBeGreaterThan(0);
    }
    const [invitation] = await query<{ content: string }>(`SELECT content FROM sms_outbox WHERE mobile = $1 AND sms_type = 'cusInvite'`, [ADMIN_MOBILE]);
    expect(invitation.content).toContain(`「${NAME}」的客户管理员`);

    // The invited administrator, on a phone: 手机号登录 with a login code (the phone stays signed in for the next test).
    adminPhone = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
    {
      const p = (adminPage = await adminPhone.newPage());
      await p.goto('/user/login');
      await p.getByPlaceholder('请输入手机号码').fill(ADMIN_MOBILE);
      await p.getByRole('button', { name: '获取验证码' }).click();
      const loginCode = async () =>
        /(\d{6})/.exec(
          (
            await query<{ content: string }>(`SELECT content FROM sms_outbox WHERE mobile = $1 AND sms_type = '0' ORDER BY created_at DESC LIMIT 1`, [
              ADMIN_MOBILE,
            ])
          )[0]?.content ?? '',
        )?.[1] ?? '';
      await eventually(loginCode).toMatch(/^\d{6}$/);
      await p.getByPlaceholder('请输入短信验证码').fill(await loginCode());
      await p.getByRole('button', { name: '登录', exact: true }).click();
      await p.waitForURL(/\/Home/);
      // 商户入驻: their own customer's progress, the provider opened, their accounts.
      await p.goto(CUS_ENTRY_PATH);
      await settled(p);
      await eventually(() => p.getByText(NAME).count()).toBeGreaterThan(0);
      await eventually(() => p.getByTestId('cus-innet-hnpay').textContent()).toBe('已开通');
      await eventually(() => p.getByText('基本账户').count()).toBe(1);
      await screenshot(p, 'cus-invited-merchantEntry-phone');
      const others = ['上海示例贸易有限公司', '杭州示例供应链有限公司', '示例企业客户'];
      for (const name of others) expect(await p.getByText(name).count(), name).toBe(0);
      // 账户管理 holds their accounts only.
      await p.goto('/payCus/account');
      await settled(p);
      const acctNos = async (codes: string[]) =>
        (
          await query<{ account_no: string }>(
            'SELECT a.account_no FROM accounts a JOIN customers c ON c.id = a.customer_id WHERE c.cus_code = ANY($1) AND c.tenant_id = $2',
            [codes, '0'],
          )
        ).map((r) => r.account_no);
      for (const no of await acctNos([cusCode])) await eventually(() => p.getByText(no).count()).toBeGreaterThan(0);
      const foreign = await acctNos(['C0101', 'C0102']);
      expect(foreign.length).toBeGreaterThan(0);
      for (const no of foreign) expect(await p.getByText(no).count(), no).toBe(0);
      await screenshot(p, 'cus-invited-accounts-phone');
      // And the API answers them nothing of another customer.
      const list = await apiCall(p, baseURL, 'POST', CUS_PATHS.masterList, { data: { page: { pageNum: 1, pageSize: 50 } } });
      expect(((await list.json()) as { body: { listData: { cusCode: string }[] } }).body.listData.map((c) => c.cusCode)).toEqual([cusCode]);
      const theirs = await apiCall(p, baseURL, 'POST', CUS_PATHS.masterInquiry, { data: { cusCode: 'C0101' } });
      expect(theirs.status()).toBe(404);
    }
    await op.reload();
    await eventually(() => op.getByTestId('cus-admin').textContent()).toContain('已登录');
    await screenshot(op, 'cus-detail-admin-desktop');
  }, 180_000);
});

describe.skipIf(!databaseUrl)("a second provider: applied on the operator's phone, verified and signed by the customer on theirs", () => {
  it("the operator applies to 快信宝 on a 390×844 phone; the invited administrator verifies and signs on theirs, and is refused another customer's", async () => {
    expect(adminPhone, 'the invitation test signed the administrator in').toBeDefined();
    {
      // 提交进件 on the phone: the sheet opens for the customer with 快信宝's own fields, which it checks as the server does.
      const q = await operatorPhone();
      await q.goto(`${CUS_INNET_PATH}?provider=kxb&cusCode=${cusCode}`);
      const sheet = q.getByRole('dialog', { name: '提交进件' });
      await sheet.waitFor();
      await eventually(() => sheet.locator('[role="button"][aria-label="客户"]').textContent()).toContain(NAME);
      await sheet.getByPlaceholder('商户简称为2到20个字符').fill('进件演示');
      await sheet.getByPlaceholder('请输入4位MCC码').fill('54');
      await sheet.getByPlaceholder('门店名称为2到40个字符').fill('南山演示门店');
      await sheet.getByRole('button', { name: '提交' }).click();
      await eventually(() => sheet.getByText('请输入4位MCC码', { exact: true }).count()).toBeGreaterThan(0);
      await eventually(() => sheet.getByText('请选择结算周期').count()).toBeGreaterThan(0);
      await sheet.getByPlaceholder('请输入4位MCC码').fill('5411');
      await sheet.locator('[role="button"][aria-label="结算周期"]').click();
      await q.locator('.adm-check-list-item', { hasText: 'T+1' }).click();
      await screenshot(q, 'cus-innet-apply-phone');
      await sheet.getByRole('button', { name: '提交' }).click();
      await eventually(() => q.getByText('提交成功').count()).toBeGreaterThan(0);
      await eventually(
        async () => (await query<{ status: string }>(`SELECT status FROM cus_innets WHERE cus_code = $1 AND provider = 'kxb'`, [cusCode]))[0]?.status,
      ).toBe('awaiting_verification');
    }
    const [kxb] = await query<{ id: string; fen: string }>(`SELECT id, verify_amount::text AS fen FROM cus_innets WHERE cus_code = $1 AND provider = 'kxb'`, [
      cusCode,
    ]);

    // The administrator, on their phone: 商户入驻 shows 快信宝 awaiting verification with 打款验证.
    const p = adminPage;
    await p.goto(CUS_ENTRY_PATH);
    await eventually(() => p.getByTestId('cus-innet-kxb').textContent()).toBe('待打款验证');
    await p.getByRole('button', { name: '打款验证' }).click();
    const verify = p.getByRole('dialog', { name: /打款验证/ });
    const amount = (Number(kxb.fen) / 100).toFixed(2);
    await verify.locator('input').fill(amount === '0.50' ? '0.51' : '0.50');
    await verify.getByRole('button', { name: '确定' }).click();
    await eventually(() => p.getByText('打款金额不正确，还可尝试2次').count()).toBeGreaterThan(0);
    await verify.locator('input').fill(amount);
    await screenshot(p, 'cus-entry-verify-phone');
    await verify.getByRole('button', { name: '确定' }).click();
    await eventually(() => p.getByTestId('cus-innet-kxb').textContent()).toBe('待签约');

    // 签约 waits for the fee schedule, which is the account manager's to set.
    await p.getByRole('button', { name: '签约' }).click();
    let sign = p.getByRole('dialog', { name: '签约：快信宝' });
    await eventually(() => sign.getByText('费率待客户经理配置，配置完成后即可签约').count()).toBe(1);
    expect(await sign.getByRole('button', { name: '保存费率' }).count()).toBe(0);
    await sign.getByRole('button', { name: '取消' }).click();
    const fee = await apiCall(op, baseURL, 'POST', CUS_PATHS.configFee, { data: { cusCode, provider: 'kxb', items: [{ product: 'scanPay', rate: '0.30' }] } });
    expect(fee.status()).toBe(200);
    await p.getByRole('button', { name: '签约' }).click();
    sign = p.getByRole('dialog', { name: '签约：快信宝' });
    await sign.getByRole('button', { name: '获取验证码' }).click();
    await eventually(() => p.getByText('验证码已发送，有效期5分钟，请注意查收').count()).toBeGreaterThan(0);
    await eventually(() => sign.getByRole('button', { name: /^\d+s后重新获取$/ }).count()).toBe(1);
    await screenshot(p, 'cus-entry-sign-phone');
    const [sms] = await query<{ content: string }>('SELECT content FROM sms_outbox WHERE mobile = $1 ORDER BY created_at DESC LIMIT 1', [LEGAL_MOBILE]);
    await sign.getByRole('textbox', { name: '短信验证码' }).fill(/(\d{6})/.exec(sms.content)![1]);
    await sign.getByRole('button', { name: '确认', exact: true }).click();
    await sign.getByRole('button', { name: '确认签约' }).click();
    await eventually(() => p.getByTestId('cus-innet-kxb').textContent()).toBe('开通中');
    const [k] = await query<{ status: string }>(`SELECT status FROM cus_contracts WHERE cus_code = $1 AND provider = 'kxb'`, [cusCode]);
    expect(k?.status).toBe('signed');
    await screenshot(p, 'cus-entry-signed-phone');
    const [who] = await query<{ actor_name: string }>(`SELECT actor_name FROM cus_history WHERE cus_code = $1 AND action = 'sign' ORDER BY id DESC LIMIT 1`, [
      cusCode,
    ]);
    expect(who.actor_name).toBe('林联系');

    // Another customer's application, through the API with the administrator's session: refused, unchanged.
    await apiCall(op, baseURL, 'POST', CUS_PATHS.innet, { data: { cusCode: 'C0102', provider: 'kxb', fields: {}, draft: true } });
    const [other] = await query<{ id: string }>(`SELECT id FROM cus_innets WHERE cus_code = 'C0102' AND tenant_id = '0' LIMIT 1`, []);
    for (const [path, data] of [
      [CUS_PATHS.innetPayConfirm, { innetId: other.id, amount: '0.10' }],
      [CUS_PATHS.innetSmsApply, { innetId: other.id }],
      [CUS_PATHS.innetSign, { innetId: other.id }],
    ] as const)
      expect((await apiCall(p, baseURL, 'POST', path, { data })).status(), path).toBe(404);
  }, 180_000);
});

describe('客户进件 pages at both sizes', () => {
  const pages = [CUS_LIST_PATH, CUS_ONBOARDING_PATH, CUS_REVIEW_PATH, CUS_INNET_PATH, CUS_KXB_PATH, CUS_CONTRACT_PATH];
  it('renders each page for the operator (desktop) and on a phone', async () => {
    const p = await operatorPhone();
    for (const path of pages) {
      // The two sizes load side by side: each waits for its network to go quiet (500 ms) on its own.
      await Promise.all(
        (
          [
            [op, 'desktop'],
            [p, 'phone'],
          ] as const
        ).map(async ([page, size]) => {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
          await settled(page);
          await eventually(() =>
            page.locator('.ant-card, .ant-table, .adm-list, .adm-form, .adm-error-block, .adm-empty, .adm-infinite-scroll, [data-testid]').count(),
          ).toBeGreaterThan(0);
          expect(await page.locator('text=页面不存在').count(), path).toBe(0);
          await screenshot(page, `cus-page${path.replace(/\//g, '-')}-${size}`);
        }),
      );
    }
    const customer = await phoneContext(browser, { baseURL, serviceWorkers: 'block' });
    const c = await customer.newPage();
    await signIn(c, 'customer');
    await c.goto(CUS_ENTRY_PATH);
    await c.waitForLoadState('networkidle');
    await settled(c);
    await screenshot(c, 'cus-page-merchantEntry-phone');
    await customer.close();
  }, 240_000);
});
