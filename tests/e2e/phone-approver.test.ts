// Issue 20 in Chromium: the phone approver (390×844). A virtual platform authenticator (DevTools
// WebAuthn domain: ctap2, internal, resident key, user verification) stands for the fingerprint.
// §1 register a passkey in 我的 after the payment password; approve an order from its page with it
// (3 taps from the notification, plus the fingerprint); the captured assertion is refused for another
// order and as a replay; an edited order's old assertion is refused; a revoked passkey is refused;
// the password fallback works; an administrator revokes it in 用户管理 (1440×900). §2 a push delivered to the service worker shows a notification with
// 查看/驳回. §3 WeCom and DingTalk user agents: marked, no WebAuthn → password, and the chat
// re-login signs in again without a loop.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { randomUUID } from 'node:crypto';
import { API_BASE, HEADER_SIGN, HEADER_TENANT, HEADER_TIMESTAMP, HEADER_TOKEN } from '../../contract/constants';
import { encodePassword, signRequest, signTimestamp } from '../../contract/crypto';
import { MSG } from '../../contract/messages';
import { P } from '../../contract/api/paths';
import { LEDGER_PATHS, type AccountView } from '../../contract/api/ledger';
import { PASSKEY_MSG, PASSKEY_PATHS, type ApproveChallenge } from '../../contract/api/passkeyWire';
import { PAY_MSG, PAY_PATHS, type PayOrderDetail } from '../../contract/api/pay';
import { approveDetailUrl } from '../../contract/pages/approve';
import { desktopContext, launchChromium, phoneContext, screenshot } from './lib/browser';
import { rowAction } from './lib/choose';
import { DEMO_PASSWORD, settled, signIn, storedToken } from './lib/session';
import { e2eTarget } from './lib/target';

const target = e2eTarget().baseURL;
// WebAuthn needs a domain for its relying party (an IP address is no RP ID): the same server as localhost.
const baseURL = target.replace('127.0.0.1', 'localhost');
const WECOM_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.0.0 Mobile Safari/537.36 wxwork/4.1.22 MicroMessenger/7.0.1 NetType/WIFI Language/zh ColorScheme/Light';
const DINGTALK_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 AliApp(DingTalk/7.5.10) com.laiwang.DingTalk/35417380 Channel/201200 language/zh-Hans-CN UT4Aplus/0.0.6 WK';

/** The description line of 我的's 通行密钥 item. */
const PASSKEY_ITEM_HINT = '审批时用指纹或面容代替支付密码';

interface Cap<B = Record<string, unknown>> {
  http: number;
  status: { success: boolean; errorMsg: string };
  body: B;
}

/** A signed-in API user (its own session, as another device would have). */
async function apiUser(username: string) {
  const login = { username, password: encodePassword(DEMO_PASSWORD) };
  const res = await fetch(`${target}${API_BASE}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [HEADER_SIGN]: signRequest({}, login), [HEADER_TIMESTAMP]: signTimestamp() },
    body: JSON.stringify(login),
  });
  const token = ((await res.json()) as { result: { token: string } }).result.token;
  return {
    token,
    async cap<B = Record<string, unknown>>(path: string, fields: Record<string, unknown>, origin = baseURL): Promise<Cap<B>> {
      const data = { context: { channel: 'e2e' }, ...fields };
      const r = await fetch(`${target}${API_BASE}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin,
          [HEADER_TOKEN]: token,
          [HEADER_TENANT]: '0',
          [HEADER_SIGN]: signRequest({}, data),
          [HEADER_TIMESTAMP]: signTimestamp(),
        },
        body: JSON.stringify(data),
      });
      const json = (await r.json().catch(() => ({}))) as Partial<Cap<B>>;
      return { http: r.status, status: json.status ?? { success: false, errorMsg: '' }, body: json.body as B };
    },
  };
}
type ApiUser = Awaited<ReturnType<typeof apiUser>>;

/** The fingerprint: a virtual platform authenticator with user verification on this page. */
async function virtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

/** navigator.credentials.get over a challenge in the page (what @simplewebauthn/browser does), as JSON. */
function assertInPage(page: Page, options: Record<string, unknown>) {
  return page.evaluate(async (o) => {
    const buf = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const b64 = (b: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(b)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const allow = (o.allowCredentials as { id: string }[]).map((c) => ({ type: 'public-key' as const, id: buf(c.id) }));
    const cred = (await navigator.credentials.get({
      publicKey: { challenge: buf(o.challenge as string), rpId: o.rpId as string, allowCredentials: allow, userVerification: 'required' },
    })) as PublicKeyCredential;
    const r = cred.response as AuthenticatorAssertionResponse;
    return {
      id: cred.id,
      rawId: b64(cred.rawId),
      type: 'public-key',
      response: { clientDataJSON: b64(r.clientDataJSON), authenticatorData: b64(r.authenticatorData), signature: b64(r.signature) },
      clientExtensionResults: {},
    };
  }, options);
}

let browser: Browser;
let ctx: BrowserContext;
let ap: Page;
let operator: ApiUser;
let approver: ApiUser;
let from = '';
let to = '';

async function submit(amount: string, payeeName = '供应商甲') {
  const r = await operator.cap<{ order: { orderId: string; version: number } }>(PAY_PATHS.orderSubmit, {
    fromAcctNo: from,
    payeeName,
    payeeAcctNo: to,
    amount,
    idempotencyKey: randomUUID(),
  });
  expect(r.status.success, r.status.errorMsg).toBe(true);
  return r.body.order;
}
const statusOf = async (orderId: string) => (await approver.cap<PayOrderDetail>(PAY_PATHS.orderDetail, { orderId })).body.order.status;

beforeAll(async () => {
  browser = await launchChromium();
  [operator, approver] = await Promise.all([apiUser('operator'), apiUser('approver')]);
  const accounts = async (cusCode: string) => (await operator.cap<{ listData: AccountView[] }>(LEDGER_PATHS.accountInquiry, { cusCode })).body.listData;
  from = (await accounts('C0101')).find((a) => a.acctType === 'settlement')!.acctNo;
  to = (await accounts('C0102')).find((a) => a.acctType === 'basic')!.acctNo;
  ctx = await phoneContext(browser, { baseURL });
  await ctx.grantPermissions(['notifications'], { origin: baseURL });
  ap = await ctx.newPage();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('passkeys bound to the orders (§1)', () => {
  let passkeyId = '';
  let captured: { challengeId: string; response: Record<string, unknown> } | null = null;

  it('registers a passkey of the phone from 我的 after the payment password', async () => {
    await virtualAuthenticator(ap);
    await signIn(ap, 'approver');
    await ap.goto('/Home?tab=me');
    await ap.getByText(PASSKEY_ITEM_HINT).click();
    const sheet = ap.getByTestId('passkeys-sheet');
    await sheet.getByText('尚未添加通行密钥').waitFor();
    await sheet.getByRole('button', { name: '添加本机通行密钥' }).click();
    await ap.getByLabel('支付密码', { exact: true }).fill(DEMO_PASSWORD);
    await ap.getByRole('button', { name: '确定' }).click();
    await sheet.getByText('Android 手机').waitFor({ timeout: 15_000 });
    await screenshot(ap, 'phone-approver-passkeys-390');
    const list = await approver.cap<{ listData: { id: string; name: string }[] }>(PASSKEY_PATHS.list, {});
    expect(list.body.listData).toHaveLength(1);
    passkeyId = list.body.listData[0].id;
  });

  it('approves an order from its page with the fingerprint, over exactly what the sheet shows', async () => {
    const o = await submit('321.45', '供应商乙');
    // The notification's tap opens this page (tap 1).
    await ap.goto(approveDetailUrl(o.orderId));
    // Read off the context's requests, not routed: a route misses the calls the service worker
    // makes once it controls the page (as it does here, the phone's worker being on).
    ctx.on('request', (req) => {
      if (req.method() !== 'POST' || !req.url().includes(`${API_BASE}${PAY_PATHS.auditPass}`)) return;
      captured = (req.postDataJSON() as { passkey?: typeof captured }).passkey ?? captured;
    });
    await ap.getByRole('button', { name: '审批通过' }).click(); // tap 2
    const sheet = ap.getByTestId('passkey-sheet');
    await sheet.waitFor();
    await expect.poll(() => sheet.getByTestId('passkey-total').innerText()).toContain('321.45');
    expect(await sheet.innerText()).toContain('供应商乙');
    await sheet.getByRole('button', { name: '改用支付密码' }).waitFor();
    await ap.waitForTimeout(400); // the sheet's slide-in
    await screenshot(ap, 'phone-approver-passkey-sheet-390');
    await sheet.getByRole('button', { name: '验证指纹并通过' }).click(); // tap 3, then the fingerprint
    await expect.poll(() => statusOf(o.orderId), { timeout: 15_000 }).toMatch(/approved|executing|succeeded/);
    expect(captured?.response.id).toBe(passkeyId);
    const d = await approver.cap<PayOrderDetail>(PAY_PATHS.orderDetail, { orderId: o.orderId });
    expect(d.body.events.find((e) => e.action === 'approve')?.passkey).toBe('Android 手机');
  });

  it('the captured assertion approves no other order and cannot be replayed', async () => {
    const other = await submit('9999.00');
    const elsewhere = await approver.cap(PAY_PATHS.auditPass, { orderIds: [other.orderId], versions: [other.version], passkey: captured });
    expect(elsewhere.http).toBe(400);
    expect([PASSKEY_MSG.challengeGone, PASSKEY_MSG.mismatch]).toContain(elsewhere.status.errorMsg);
    // A fresh challenge for the other order, answered with the old signature: refused.
    const ch = await approver.cap<ApproveChallenge>(PASSKEY_PATHS.approveChallenge, { orderIds: [other.orderId], versions: [1] });
    expect(ch.status.success, ch.status.errorMsg).toBe(true);
    const swapped = await approver.cap(PAY_PATHS.auditPass, {
      orderIds: [other.orderId],
      versions: [1],
      passkey: { challengeId: ch.body.challengeId, response: captured!.response },
    });
    expect(swapped.http).toBe(403);
    expect(swapped.status.errorMsg).toBe(PASSKEY_MSG.failed);
    expect(await statusOf(other.orderId)).toBe('pending');
  });

  it("an edited order's old assertion is refused", async () => {
    const o = await submit('10.00');
    const ch = await approver.cap<ApproveChallenge>(PASSKEY_PATHS.approveChallenge, { orderIds: [o.orderId], versions: [1] });
    const response = await assertInPage(ap, ch.body.options);
    const edit = await operator.cap(PAY_PATHS.orderEdit, { orderId: o.orderId, version: 1, patch: { amount: '10000.00' } });
    expect(edit.status.success, edit.status.errorMsg).toBe(true);
    const r = await approver.cap(PAY_PATHS.auditPass, { orderIds: [o.orderId], versions: [1], passkey: { challengeId: ch.body.challengeId, response } });
    expect(r.http).toBe(409);
    expect(r.status.errorMsg).toBe(PAY_MSG.staleVersion);
    expect(await statusOf(o.orderId)).toBe('pending');
  });

  it('a revoked passkey is refused; the payment password still approves', async () => {
    const o = await submit('20.00');
    const ch = await approver.cap<ApproveChallenge>(PASSKEY_PATHS.approveChallenge, { orderIds: [o.orderId], versions: [1] });
    const response = await assertInPage(ap, ch.body.options);
    // The administrator revokes it in 用户管理 (desktop): row action 通行密钥 → 撤销.
    const desk = await desktopContext(browser, { baseURL });
    const admin = await desk.newPage();
    await signIn(admin, 'admin');
    await admin.goto('/system/user');
    await settled(admin);
    const row = admin.locator('.ant-table-tbody tr.ant-table-row', { hasText: '李复核' });
    await rowAction(admin, row, '通行密钥');
    const modal = admin.locator('.ant-modal', { hasText: '通行密钥 · approver' });
    await modal.getByText('Android 手机').waitFor();
    await modal
      .getByRole('button', { name: '撤 销' })
      .or(modal.getByRole('button', { name: '撤销' }))
      .click();
    await modal.getByText('已撤销').waitFor();
    await screenshot(admin, 'phone-approver-admin-revoke-1440');
    await desk.close();
    const r = await approver.cap(PAY_PATHS.auditPass, { orderIds: [o.orderId], versions: [1], passkey: { challengeId: ch.body.challengeId, response } });
    expect(r.http).toBe(403);
    expect(r.status.errorMsg).toBe(PASSKEY_MSG.unusable);
    // In the app: with no usable passkey, 审批通过 asks for the payment password.
    await ap.goto(approveDetailUrl(o.orderId));
    await ap.getByRole('button', { name: '审批通过' }).click();
    await ap.getByLabel('支付密码', { exact: true }).fill(DEMO_PASSWORD);
    await ap.getByRole('button', { name: '确定' }).click();
    await expect.poll(() => statusOf(o.orderId), { timeout: 15_000 }).toMatch(/approved|executing|succeeded/);
  });
});

describe('push messages in the service worker (§2)', () => {
  it('a pushed order shows a notification with 查看 and 驳回; 驳回 opens the order asking for the reason', async () => {
    await ap.goto('/Home?tab=me');
    await ap.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await ctx.newCDPSession(ap);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
        const r = e.registrations.find((x) => x.scopeURL.startsWith(baseURL) && !x.isDeleted);
        if (r) resolve(r.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const o = await submit('66.60');
    const message = {
      title: '待审批付款订单',
      body: '经办员提交了供应商甲，金额66.60元，请审批',
      url: approveDetailUrl(o.orderId),
      tag: `payOrder-${o.orderId}`,
      orderId: o.orderId,
      actions: ['view', 'reject'],
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL,
      registrationId: await registration,
      data: JSON.stringify({ ...message, sentAt: Date.now() }),
    });
    await expect
      .poll(
        () =>
          ap.evaluate(async () =>
            (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              tag: n.tag,
              url: (n.data as { url: string }).url,
              actions: ((n as unknown as { actions?: { action: string; title: string }[] }).actions ?? []).map((a) => `${a.action}:${a.title}`),
            })),
          ),
        { timeout: 10_000 },
      )
      .toEqual([{ title: message.title, body: message.body, tag: message.tag, url: message.url, actions: ['view:查看', 'reject:驳回'] }]);
    // 驳回 from the notification opens the order with the reason sheet up (no passkey, no password).
    await ap.goto(`${approveDetailUrl(o.orderId)}&reject=1`);
    await ap.getByPlaceholder(PAY_MSG.rejectReason).fill('收款人有误');
    await ap.getByRole('button', { name: '确认驳回' }).click();
    await expect.poll(() => statusOf(o.orderId), { timeout: 15_000 }).toBe('rejected');
  });
});

describe('enterprise-chat webviews (§3)', () => {
  for (const [name, ua, mark] of [
    ['WeCom', WECOM_UA, 'wxwork'],
    ['DingTalk', DINGTALK_UA, 'dingtalk'],
  ] as const) {
    it(`${name}: detected, no WebAuthn → the payment password; the expired session signs in again without a loop`, async () => {
      const chat = await phoneContext(browser, { baseURL, userAgent: ua });
      // Their webviews lack WebAuthn: the app must not offer passkeys there.
      await chat.addInitScript(() => {
        delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
      });
      const page = await chat.newPage();
      await signIn(page, 'approver');
      expect(await page.evaluate(() => document.documentElement.dataset.webview)).toBe(mark);
      await page.goto('/Home?tab=me');
      await page.getByText('消息推送').waitFor();
      expect(await page.getByText(PASSKEY_ITEM_HINT).count()).toBe(0);
      // The layout stays inside the safe areas the webview reports.
      const cdp = await chat.newCDPSession(page);
      await cdp.send('Emulation.setSafeAreaInsetsOverride', { insets: { top: 30, bottom: 34, left: 12, right: 12 } });
      const box = await page.locator('.adm-tab-bar').boundingBox();
      const header = await page.locator('header').first().boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(844 - 34 + 1);
      expect(box!.x).toBeGreaterThanOrEqual(12);
      expect(header!.y).toBe(0);
      expect(await page.locator('.boss-phone-bar').evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(30);
      if (name === 'DingTalk') {
        await chat.close();
        return;
      }
      // Approving there asks for the payment password at once.
      const o = await submit('5.00');
      await page.goto(approveDetailUrl(o.orderId));
      await page.getByRole('button', { name: '审批通过' }).click();
      await page.getByLabel('支付密码', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: '确定' }).click();
      await expect.poll(() => statusOf(o.orderId), { timeout: 15_000 }).toMatch(/approved|executing|succeeded/);
      // The server ends the session: the chat path says so, signs in again and comes back; a second
      // end right after is not looped but asked.
      const token = await storedToken(page);
      const kill = () => page.context().request.get(`${target}${API_BASE}${P.logout}`, { headers: { [HEADER_TOKEN]: token, [HEADER_TENANT]: '0' } });
      expect((await kill()).status()).toBe(200);
      await page.goto('/approve/list');
      await page.getByText(MSG.sessionExpiredChatApp).waitFor({ timeout: 15_000 });
      await page.waitForURL(/\/user\/login-admin\?redirect=%2Fapprove%2Flist/, { timeout: 15_000 });
      await page.getByPlaceholder('请输入用户名').fill('approver');
      await page.getByPlaceholder('请输入密码').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL(/\/approve\/list/, { timeout: 15_000 });
      const again = await storedToken(page);
      expect((await page.context().request.get(`${target}${API_BASE}${P.logout}`, { headers: { [HEADER_TOKEN]: again, [HEADER_TENANT]: '0' } })).status()).toBe(
        200,
      );
      await page.reload();
      await page.getByText('登录已过期', { exact: true }).waitFor({ timeout: 15_000 });
      expect(page.url()).toContain('/approve/list');
      await chat.close();
    });
  }
});
