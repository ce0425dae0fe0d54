// Sign-in by password: success, each refusal, the captcha after 3 failures, lockout after 5,
// frozen users, the per-IP rate limit and the login log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_NEEDED_CODE, WIRE_MSG } from '../../contract/api/wire';
import { encodePassword } from '../../contract/crypto';
import { MSG } from '../../contract/messages';
import { isPageKey } from '../../contract/pages';
import { BACKENDS, call, freshIp, login, startApp, type TestApp } from './helpers';
import { CAPTCHA_AFTER_IP_FAILURES } from '../../server/modules/auth/login';

const loginBody = (username: string, password: string, extra: Record<string, string> = {}) => ({
  username,
  password: encodePassword(password),
  ...extra,
});

describe.each(BACKENDS)('password login on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(async () => t?.close());

  const attempt = (username: string, password: string, ip: string, extra: Record<string, string> = {}) =>
    call(t.app, 'POST', '/sys/login', loginBody(username, password, extra), { signed: true, ip });

  it('signs in with username and password only, answering token, refreshToken, userInfo and dictionaries', async () => {
    const res = await attempt('admin', 'Demo@2026', freshIp());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200 });
    expect(typeof body.timestamp).toBe('number');
    const r = body.result;
    expect(r.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.token).not.toBe(r.refreshToken);
    expect(r.userInfo).toMatchObject({ username: 'admin', realname: '系统管理员', mobileDesensitized: '138****0001' });
    expect(r.userInfo.listSys).toHaveLength(2);
    expect(r.userInfo.sys.group.groupType).toBe('platSelf');
    expect(r.userInfo.org.orgType).toBe('self');
    expect(r.userInfo.sys.sysInfo.sysName).toBe('业务运营支撑系统');
    expect(r.sysAllDictItems.sex.map((i: { text: string }) => i.text)).toEqual(['男', '女']);
    // Stored as digests, never in clear.
    const rows = await t.sql<{ access_token_hash: string }>('SELECT access_token_hash FROM sessions');
    expect(rows.some((s) => s.access_token_hash === r.token)).toBe(false);
    const log = await t.sql<{ ok: boolean }>("SELECT ok FROM login_log WHERE username = 'admin' AND ok");
    expect(log.length).toBeGreaterThan(0);
  });

  it('customer userInfo carries the customer group, tenant 1 and the customer code', async () => {
    const r = await login(t.app, 'customer');
    expect(r.userInfo.sys.group).toMatchObject({ groupType: 'cusEnterprise', tenantId: '1', groupBsnObj: { cusCode: 'C0001' } });
    expect(r.userInfo.listSys).toHaveLength(1);
  });

  it('refuses a wrong password with 400, the catalogue text and needCaptcha false', async () => {
    const res = await attempt('operator', 'Wrong@2026', freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400, message: MSG.loginBadCredentials, result: { needCaptcha: false } });
    await call(t.app, 'POST', '/sys/login', loginBody('operator', 'Demo@2026'), { signed: true, ip: freshIp() });
  });

  it('refuses an unknown user with the same text', async () => {
    const res = await attempt('nobody_here', 'Demo@2026', freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.loginBadCredentials);
  });

  it('refuses a password that is not a valid AES encoding', async () => {
    const res = await call(t.app, 'POST', '/sys/login', { username: 'admin', password: 'not-base64-aes' }, { signed: true, ip: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.passwordEncoding);
  });

  it('demands an image captcha after 3 failures for a username, and accepts the right answer', async () => {
    const ipA = freshIp();
    for (let i = 0; i < 2; i++) expect((await attempt('approver', 'Nope@1234', freshIp())).json().result.needCaptcha).toBe(false);
    const third = await attempt('approver', 'Nope@1234', freshIp());
    expect(third.json().result).toEqual({ needCaptcha: true });
    // Even the right password is not enough now.
    const need = await attempt('approver', 'Demo@2026', ipA);
    expect(need.statusCode).toBe(400);
    expect(need.json()).toMatchObject({ code: CAPTCHA_NEEDED_CODE, message: WIRE_MSG.captchaNeeded, result: { needCaptcha: true } });
    // The image is an SVG data URL.
    t.captcha.next = 'K7PZ';
    const img = await call(t.app, 'GET', '/sys/randomImage/key-1');
    expect(img.statusCode).toBe(200);
    const dataUrl: string = img.json().result;
    expect(dataUrl.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(dataUrl.split(',')[1], 'base64').toString()).toContain('<svg');
    // Wrong answer: refused, and the captcha is used up.
    const wrong = await attempt('approver', 'Demo@2026', ipA, { captcha: 'XXXX', checkKey: 'key-1' });
    expect(wrong.json()).toMatchObject({ code: CAPTCHA_NEEDED_CODE, message: MSG.loginCaptchaWrong });
    const reused = await attempt('approver', 'Demo@2026', ipA, { captcha: 'K7PZ', checkKey: 'key-1' });
    expect(reused.json().message).toBe(WIRE_MSG.captchaExpired);
    // A fresh captcha with the right answer (case-insensitive) lets the user in.
    await call(t.app, 'GET', '/sys/randomImage/key-2');
    const ok = await attempt('approver', 'Demo@2026', ipA, { captcha: 'k7pz', checkKey: 'key-2' });
    expect(ok.statusCode).toBe(200);
    // Success clears the count: the next sign-in needs no captcha.
    expect((await attempt('approver', 'Demo@2026', freshIp())).statusCode).toBe(200);
  });

  it('3 failures of other users behind one IP (an office NAT) do not put a captcha on everyone; 30 from one IP do', async () => {
    const ip = freshIp();
    for (const u of ['ghost1', 'ghost2', 'ghost3']) await attempt(u, 'Nope@1234', ip);
    expect((await attempt('admin', 'Demo@2026', ip)).statusCode).toBe(200);
    for (let i = 4; i < CAPTCHA_AFTER_IP_FAILURES; i++) {
      const r = await attempt(`ghost${i}`, 'Nope@1234', ip);
      expect(r.json().result.needCaptcha, `failure ${i} from one IP`).toBe(false);
    }
    expect((await attempt('ghost30', 'Nope@1234', ip)).json().result).toEqual({ needCaptcha: true });
    const res = await attempt('admin', 'Demo@2026', ip);
    expect(res.json()).toMatchObject({ code: CAPTCHA_NEEDED_CODE, result: { needCaptcha: true } });
    // Another IP is not affected.
    expect((await attempt('admin', 'Demo@2026', freshIp())).statusCode).toBe(200);
  }, 60_000);

  it('expires an image captcha after 2 minutes', async () => {
    await call(t.app, 'GET', '/sys/randomImage/key-old');
    await t.sql("UPDATE captchas SET expires_at = now() - interval '1 second' WHERE check_key = 'key-old'");
    const ip = freshIp();
    for (let i = 0; i < 3; i++) await attempt('gexpired', 'Nope@1234', ip);
    const res = await attempt('gexpired', 'Nope@1234', ip, { captcha: t.captcha.next, checkKey: 'key-old' });
    expect(res.json().message).toBe(WIRE_MSG.captchaExpired);
  });

  it('locks the account for 15 minutes after 5 wrong passwords, and says so', async () => {
    // A fresh user, so the other tests keep theirs.
    await t.sql(
      "INSERT INTO users (id, username, realname, password_hash, status) SELECT 'u-lock', 'lockme', '锁定测试', password_hash, 1 FROM users WHERE username = 'admin'",
    );
    await t.sql("INSERT INTO user_groups (user_id, group_id) VALUES ('u-lock', 'g-org')");
    const answers = [];
    for (let i = 1; i <= 5; i++) {
      t.captcha.next = `C${i}D${i}`;
      await call(t.app, 'GET', `/sys/randomImage/lock-${i}`);
      answers.push(await attempt('lockme', 'Wrong@2026', freshIp(), { captcha: `C${i}D${i}`, checkKey: `lock-${i}` }));
    }
    expect(answers.slice(0, 4).map((r) => r.json().message)).toEqual(Array(4).fill(MSG.loginBadCredentials));
    expect(answers[4].statusCode).toBe(423);
    expect(answers[4].json().message).toBe(MSG.loginLocked(15));
    // The right password is refused while locked.
    const locked = await attempt('lockme', 'Demo@2026', freshIp());
    expect(locked.statusCode).toBe(423);
    expect(locked.json()).toMatchObject({ success: false, code: 423, message: MSG.loginLocked(15) });
    // After the lock runs out, the right password works.
    await t.sql("UPDATE users SET locked_until = now() - interval '1 second' WHERE username = 'lockme'");
    await t.sql("DELETE FROM login_failures WHERE username = 'lockme'");
    expect((await attempt('lockme', 'Demo@2026', freshIp())).statusCode).toBe(200);
  });

  it('refuses a frozen user after a correct password', async () => {
    await t.sql(
      "INSERT INTO users (id, username, realname, password_hash, status) SELECT 'u-frozen', 'frozen', '冻结用户', password_hash, 2 FROM users WHERE username = 'admin'",
    );
    const res = await attempt('frozen', 'Demo@2026', freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.loginFrozen);
  });

  it('refuses missing and oversized fields with a 400 and a message, never a 500', async () => {
    const cases: unknown[] = [
      {},
      { username: 'admin' },
      { password: encodePassword('Demo@2026') },
      { username: '', password: encodePassword('x') },
      { username: 'a'.repeat(65), password: encodePassword('Demo@2026') },
      { username: 'admin', password: 'x'.repeat(600) },
      { username: 12, password: true },
      [],
    ];
    for (const body of cases) {
      const res = await call(t.app, 'POST', '/sys/login', body, { signed: true, ip: freshIp() });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message.length).toBeGreaterThan(0);
    }
    const empty = await call(t.app, 'POST', '/sys/login', {}, { signed: true, ip: freshIp() });
    expect(empty.json().message).toBe('缺少必填参数「username」');
    const blank = await call(t.app, 'POST', '/sys/login', { username: ' ', password: 'x' }, { signed: true, ip: freshIp() });
    expect(blank.json().message).toBe('请输入用户名!');
  });

  it('every menu of the login answer later uses only registered page keys', async () => {
    const r = await login(t.app, 'admin');
    const res = await call(t.app, 'GET', '/cap/auth/v1/UserResourceListInquiry', undefined, { token: r.token });
    const walk = (items: { component: string; children?: unknown[] }[]): string[] => items.flatMap((m) => [m.component, ...walk((m.children ?? []) as never)]);
    expect(walk(res.json().body.resourceJson.menu).every(isPageKey)).toBe(true);
  });
});

describe('login rate limit (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite', { loginRateLimit: 3 });
  });
  afterAll(async () => t?.close());

  it('answers 429 with the catalogue text after the per-IP limit', async () => {
    const ip = freshIp();
    const codes = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(t.app, 'POST', '/sys/login', loginBody('admin', 'Demo@2026'), { signed: true, ip });
      codes.push(res.statusCode);
      if (i === 3) expect(res.json()).toMatchObject({ success: false, code: 429, message: MSG.loginRateLimited });
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    // The cap envelope for the SMS call.
    for (let i = 0; i < 3; i++)
      await call(t.app, 'POST', '/cap/sys/v1/SystemSmsCaptchaInquiry', { mobile: '13800000001', type: '0' }, { signed: true, ip: '10.9.9.9' });
    const sms = await call(t.app, 'POST', '/cap/sys/v1/SystemSmsCaptchaInquiry', { mobile: '13800000001', type: '0' }, { signed: true, ip: '10.9.9.9' });
    expect(sms.statusCode).toBe(429);
    expect(sms.json().status).toMatchObject({ success: false, replyText: MSG.loginRateLimited, errorMsg: MSG.loginRateLimited });
  });
});
