// /user/alteration (issue 14 §4): changing the bound mobile takes a code sent to the old number and
// one sent to the new number; the final call checks both, uses both up and changes the mobile in
// one transaction. Wrong codes, a taken or unchanged number, or a missing step change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALTERATION_MSG, ALTERATION_P } from '../../contract/api/alteration';
import { WIRE_MSG } from '../../contract/api/wire';
import { MSG } from '../../contract/messages';
import { BACKENDS, call, lastSmsCode, login, startApp, type TestApp } from './helpers';

describe.each(BACKENDS)('mobile alteration (%s)', (backend) => {
  let t: TestApp;
  let token: string;
  const OLD = '13800000003'; // approver
  const NEW = '13912345678';
  beforeAll(async () => {
    t = await startApp(backend);
    token = (await login(t.app, 'approver')).token;
  });
  afterAll(async () => t?.close());

  const post = (path: string, body: Record<string, unknown> = {}, who = token) => call(t.app, 'POST', path, body, { token: who, signed: true });
  const mobileOf = async (username: string) => (await t.sql<{ mobile: string }>('SELECT mobile FROM users WHERE username = $1', [username]))[0].mobile;
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('needs a signed-in user', async () => {
    const res = await call(t.app, 'POST', ALTERATION_P.sendOld, {}, { signed: true });
    expect(res.statusCode).toBe(401);
  });

  it('refuses the new number when it is the current one or another account’s, sending nothing', async () => {
    const same = await post(ALTERATION_P.sendNew, { mobile: OLD });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(ALTERATION_MSG.sameMobile);
    const taken = await post(ALTERATION_P.sendNew, { mobile: '13800000002' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(WIRE_MSG.mobileTaken);
    const bad = await post(ALTERATION_P.sendNew, { mobile: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(await t.sql(`SELECT 1 FROM sms_outbox WHERE mobile IN ('13800000002', '12345')`)).toEqual([]);
  });

  it('changes nothing with a wrong code for either number, and the public SMS call cannot send these codes', async () => {
    expect((await post(ALTERATION_P.sendOld)).statusCode).toBe(200);
    const oldCode = await lastSmsCode(t, OLD);
    expect((await post(ALTERATION_P.checkOld, { captcha: wrong(oldCode) })).json().message).toBe(MSG.smsWrong);
    expect((await post(ALTERATION_P.checkOld, { captcha: oldCode })).statusCode).toBe(200);
    expect((await post(ALTERATION_P.sendNew, { mobile: NEW })).statusCode).toBe(200);
    const newCode = await lastSmsCode(t, NEW);

    const badNew = await post(ALTERATION_P.commit, { oldCaptcha: oldCode, mobile: NEW, captcha: wrong(newCode) });
    expect(badNew.statusCode).toBe(400);
    expect(badNew.json().message).toBe(MSG.smsWrong);
    const badOld = await post(ALTERATION_P.commit, { oldCaptcha: wrong(oldCode), mobile: NEW, captcha: newCode });
    expect(badOld.statusCode).toBe(400);
    expect(await mobileOf('approver')).toBe(OLD);
    // Neither code was used up by the refused calls.
    expect(await t.sql(`SELECT 1 FROM sms_codes WHERE mobile IN ($1, $2) AND used_at IS NULL`, [OLD, NEW])).toHaveLength(2);

    const pub = await call(t.app, 'POST', '/cap/sys/v1/SystemSmsCaptchaInquiry', { mobile: '13911112222', type: '6' }, { signed: true });
    expect(pub.statusCode).toBe(400);
  });

  it('changes the mobile with both codes, uses them up, and the old number no longer signs in by SMS', async () => {
    const oldCode = await lastSmsCode(t, OLD);
    const newCode = await lastSmsCode(t, NEW);
    const res = await post(ALTERATION_P.commit, { oldCaptcha: oldCode, mobile: NEW, captcha: newCode });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ALTERATION_MSG.changed);
    expect(await mobileOf('approver')).toBe(NEW);
    expect(await t.sql(`SELECT 1 FROM sms_codes WHERE mobile IN ($1, $2) AND used_at IS NULL`, [OLD, NEW])).toEqual([]);
    // Replaying the same codes changes nothing further.
    const again = await post(ALTERATION_P.commit, { oldCaptcha: oldCode, mobile: '13912345679', captcha: newCode });
    expect(again.statusCode).toBe(400);
    expect(await mobileOf('approver')).toBe(NEW);
    // The old number belongs to no account now.
    const sms = await call(t.app, 'POST', '/cap/sys/v1/SystemSmsCaptchaInquiry', { mobile: OLD, type: '0' }, { signed: true });
    expect(sms.statusCode).toBe(400);
    expect(sms.json().status?.replyText ?? sms.json().message).toBe(WIRE_MSG.mobileNotRegistered);
  });
});
