// SMS codes (send, resend window, expiry, one use, tries), phone login, registration, password
// reset and changing one's own password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_TYPE } from '../../contract/api/paths';
import { WIRE_MSG } from '../../contract/api/wire';
import { encodePassword } from '../../contract/crypto';
import { MSG } from '../../contract/messages';
import { V } from '../../contract/validation';
import { BACKENDS, call, freshIp, lastSmsCode, login, startApp, type TestApp } from './helpers';

const SMS = '/cap/sys/v1/SystemSmsCaptchaInquiry';

describe.each(BACKENDS)('SMS and account self-service on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(async () => t?.close());

  const sendSms = (mobile: string, type: string) => call(t.app, 'POST', SMS, { mobile, type }, { signed: true, ip: freshIp() });
  /** Lets the next SMS to `mobile` go out without waiting 60 s. */
  const forgetResendWindow = (mobile: string) => t.sql("UPDATE sms_codes SET created_at = now() - interval '61 seconds' WHERE mobile = $1", [mobile]);

  describe('SMS captcha', () => {
    it('sends a 6-digit code through the outbox, stored hashed', async () => {
      const res = await sendSms('13800000001', SMS_TYPE.login);
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toMatchObject({ success: true, replyText: MSG.smsSent });
      const code = await lastSmsCode(t, '13800000001');
      expect(code).toMatch(/^\d{6}$/);
      const rows = await t.sql<{ code_hash: string }>("SELECT code_hash FROM sms_codes WHERE mobile = '13800000001'");
      expect(rows.every((r) => !r.code_hash.includes(code))).toBe(true);
    });

    it('refuses a resend within 60 s, saying how long to wait', async () => {
      const res = await sendSms('13800000001', SMS_TYPE.login);
      expect(res.statusCode).toBe(429);
      const text = res.json().status.errorMsg as string;
      expect(text).toMatch(/^请\d+秒后再获取验证码$/);
      const seconds = Number(/\d+/.exec(text)![0]);
      expect(seconds).toBeGreaterThan(55);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(res.json().status.replyText).toBe(text);
    });

    it('refuses unknown mobiles for login and known ones for registration; validates fields', async () => {
      expect((await sendSms('13900000099', SMS_TYPE.login)).json().status.errorMsg).toBe(WIRE_MSG.mobileNotRegistered);
      expect((await sendSms('13800000002', SMS_TYPE.register)).json().status.errorMsg).toBe(WIRE_MSG.mobileTaken);
      const bad = await sendSms('12345', SMS_TYPE.login);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().status.errorMsg).toBe(V.mobileInvalid);
      const type = await sendSms('13800000001', '9');
      expect(type.statusCode).toBe(400);
      expect(type.json().status.errorMsg).toBe('验证码类型有误');
      const missing = await call(t.app, 'POST', SMS, { type: '0' }, { signed: true });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().status.errorMsg).toBeTruthy();
    });
  });

  describe('phone login', () => {
    it('signs in with the SMS code once; the code cannot be used again', async () => {
      await forgetResendWindow('13800000002');
      await sendSms('13800000002', SMS_TYPE.login);
      const code = await lastSmsCode(t, '13800000002');
      const ok = await call(t.app, 'POST', '/sys/phoneLogin', { mobile: '13800000002', captcha: code }, { signed: true });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().result.userInfo.username).toBe('operator');
      expect(ok.json().result.token).toBeTruthy();
      const again = await call(t.app, 'POST', '/sys/phoneLogin', { mobile: '13800000002', captcha: code }, { signed: true });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(MSG.smsWrong);
    });

    it('refuses an expired code', async () => {
      await forgetResendWindow('13800000003');
      await sendSms('13800000003', SMS_TYPE.login);
      const code = await lastSmsCode(t, '13800000003');
      await t.sql("UPDATE sms_codes SET expires_at = now() - interval '1 second' WHERE mobile = '13800000003'");
      const res = await call(t.app, 'POST', '/sys/phoneLogin', { mobile: '13800000003', captcha: code }, { signed: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MSG.smsWrong);
    });

    it('burns a code after 5 wrong tries', async () => {
      await forgetResendWindow('13800000003');
      await sendSms('13800000003', SMS_TYPE.login);
      const code = await lastSmsCode(t, '13800000003');
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        const r = await call(t.app, 'POST', '/sys/phoneLogin', { mobile: '13800000003', captcha: wrong }, { signed: true });
        expect(r.json().message).toBe(MSG.smsWrong);
      }
      const right = await call(t.app, 'POST', '/sys/phoneLogin', { mobile: '13800000003', captcha: code }, { signed: true });
      expect(right.statusCode).toBe(400);
    });

    it('a code of another purpose does not sign in', async () => {
      await forgetResendWindow('13800000004');
      await sendSms('13800000004', SMS_TYPE.resetPassword);
      const code = await lastSmsCode(t, '13800000004');
      const res = await call(t.app, 'POST', '/sys/phoneLogin', { mobile: '13800000004', captcha: code }, { signed: true });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('registration', () => {
    const mobile = '13700000011';
    it('registers with an SMS code, then the new user can sign in', async () => {
      await sendSms(mobile, SMS_TYPE.register);
      const captcha = await lastSmsCode(t, mobile);
      const body = { username: 'newbie_01', realname: '新用户', password: encodePassword('Good@2026'), mobile, captcha };
      const res = await call(t.app, 'POST', '/sys/user/register', body, { signed: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: WIRE_MSG.registered, result: { username: 'newbie_01' } });
      const r = await login(t.app, 'newbie_01', 'Good@2026');
      expect(r.userInfo.sys.group.groupType).toBe('cusPersonal');
    });

    it('refuses a taken username, a taken mobile, a weak password and a wrong code', async () => {
      const base = { username: 'newbie_02', realname: '新用户二', password: encodePassword('Good@2026'), mobile: '13700000012', captcha: '123456' };
      const taken = await call(t.app, 'POST', '/sys/user/register', { ...base, username: 'admin' }, { signed: true });
      expect(taken.json().message).toBe(WIRE_MSG.usernameTaken);
      const mobileTaken = await call(t.app, 'POST', '/sys/user/register', { ...base, mobile: '13800000001' }, { signed: true });
      expect(mobileTaken.json().message).toBe(WIRE_MSG.mobileTaken);
      const weak = await call(t.app, 'POST', '/sys/user/register', { ...base, password: encodePassword('short') }, { signed: true });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().message).toBe(V.passwordRule);
      const badName = await call(t.app, 'POST', '/sys/user/register', { ...base, username: 'a b' }, { signed: true });
      expect(badName.json().message).toBe(V.userNameInvalid);
      const wrongCode = await call(t.app, 'POST', '/sys/user/register', base, { signed: true });
      expect(wrongCode.statusCode).toBe(400);
      expect(wrongCode.json().message).toBe(MSG.smsWrong);
    });
  });

  describe('password reset', () => {
    it('resets by SMS, revokes sessions, and the new password works', async () => {
      const before = await login(t.app, 'customer');
      await forgetResendWindow('13800000004');
      await sendSms('13800000004', SMS_TYPE.resetPassword);
      const captcha = await lastSmsCode(t, '13800000004');
      const weak = await call(
        t.app,
        'POST',
        '/sys/user/passwordReset',
        { mobile: '13800000004', captcha, password: encodePassword('weakweak') },
        { signed: true },
      );
      expect(weak.json().message).toBe(V.passwordRule);
      const res = await call(
        t.app,
        'POST',
        '/sys/user/passwordReset',
        { mobile: '13800000004', captcha, password: encodePassword('Reset@2026') },
        { signed: true },
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(WIRE_MSG.passwordResetDone);
      expect((await call(t.app, 'GET', '/sys/dict/queryAllDictItems', undefined, { token: before.token })).statusCode).toBe(401);
      await login(t.app, 'customer', 'Reset@2026');
      const unknown = await call(
        t.app,
        'POST',
        '/sys/user/passwordReset',
        { mobile: '13900000000', captcha, password: encodePassword('Reset@2026') },
        { signed: true },
      );
      expect(unknown.json().message).toBe(WIRE_MSG.mobileNotRegistered);
    });
  });

  describe('password updating', () => {
    it('changes one’s own password, keeping this session and ending the others', async () => {
      const other = await login(t.app, 'approver');
      const me = await login(t.app, 'approver');
      const body = { userId: me.userInfo.id, pswOld: encodePassword('Demo@2026'), pswNew: encodePassword('Newer@2026') };
      const res = await call(t.app, 'POST', '/cap/auth/v1/UserPasswordUpdating', body, { signed: true, token: me.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().status).toMatchObject({ success: true, replyText: MSG.modified });
      expect((await call(t.app, 'GET', '/sys/dict/queryAllDictItems', undefined, { token: me.token })).statusCode).toBe(200);
      expect((await call(t.app, 'GET', '/sys/dict/queryAllDictItems', undefined, { token: other.token })).statusCode).toBe(401);
      await login(t.app, 'approver', 'Newer@2026');
    });

    it('refuses a wrong old password, a weak new one, and someone else’s account', async () => {
      const me = await login(t.app, 'operator');
      const send = (body: object) => call(t.app, 'POST', '/cap/auth/v1/UserPasswordUpdating', body, { signed: true, token: me.token });
      const wrongOld = await send({ userId: me.userInfo.id, pswOld: encodePassword('Wrong@2026'), pswNew: encodePassword('Newer@2026') });
      expect(wrongOld.statusCode).toBe(400);
      expect(wrongOld.json().status.errorMsg).toBe(WIRE_MSG.passwordOldWrong);
      const weak = await send({ userId: me.userInfo.id, pswOld: encodePassword('Demo@2026'), pswNew: encodePassword('12345678') });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().status.errorMsg).toBe(V.passwordRule);
      const others = await send({ userId: 'u-admin', pswOld: encodePassword('Demo@2026'), pswNew: encodePassword('Newer@2026') });
      expect(others.statusCode).toBe(403);
      expect(others.json().status.errorMsg).toBe(WIRE_MSG.passwordOwnOnly);
      const missing = await send({ userId: me.userInfo.id });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().status.errorMsg).toBeTruthy();
      const unsigned = await call(t.app, 'POST', '/cap/auth/v1/UserPasswordUpdating', { userId: me.userInfo.id }, { token: me.token });
      expect(unsigned.json().status.errorMsg).toBe(MSG.signMissing);
      const anonymous = await call(t.app, 'POST', '/cap/auth/v1/UserPasswordUpdating', { userId: 'x', pswOld: 'a', pswNew: 'b' }, { signed: true });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
