// Validation rules of spec §5 as zod schemas (contract/validation.ts, contract/api/auth.ts),
// each with the message a user sees.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  GRID_PRESETS,
  V,
  alnum20,
  amountOptional,
  bankCard,
  checkboxGroup,
  cnEnName,
  decryptForm,
  digitsAndLines,
  emailOptional,
  englishLetters,
  firstIssue,
  idNumber,
  landline,
  loginPasswordForm,
  max255,
  mobile,
  nationalId,
  naturalNumber,
  newPassword,
  opPasswordForm,
  payPasswordForm,
  qq,
  requiredLength,
  requiredSelect,
  textLength,
  url,
  userName,
  wrapFilter,
} from '../../contract/validation';
import {
  loginBody,
  passwordResetBody,
  passwordUpdatingBody,
  phoneLoginBody,
  plainNewPassword,
  refreshTokenBody,
  registerBody,
  selectDepartBody,
  smsCaptchaBody,
  switchSystemBody,
} from '../../contract/api/auth';

/** The message of the first issue, or null when the value passes. */
function msg(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : firstIssue(r.error);
}

describe('field rules', () => {
  const cases: [string, z.ZodType, unknown[], [unknown, string][]][] = [
    [
      'mobile',
      mobile,
      ['13800000001', '138****0001', ' 13800000001 '],
      [
        ['', V.mobileRequired],
        ['2380000000', V.mobileInvalid],
        ['1380000000', V.mobileInvalid],
        ['138000000011', V.mobileInvalid],
      ],
    ],
    [
      'userName',
      userName,
      ['admin', 'user_01', 'a'.repeat(18)],
      [
        ['', V.userNameRequired],
        ['abc', V.userNameInvalid],
        ['a'.repeat(19), V.userNameInvalid],
        ['bad name', V.userNameInvalid],
        ['名字名字', V.userNameInvalid],
      ],
    ],
    [
      'email',
      emailOptional,
      ['', undefined, 'a@b.cn'],
      [
        ['a@b', V.emailInvalid],
        ['not an email', V.emailInvalid],
      ],
    ],
    [
      'natural number',
      naturalNumber,
      ['0', '7', '120'],
      [
        ['01', V.natural],
        ['-1', V.natural],
        ['1.5', V.natural],
      ],
    ],
    [
      'english letters',
      englishLetters,
      ['abc', 'ABC'],
      [
        ['ab1', V.english],
        ['', V.english],
      ],
    ],
    [
      'landline',
      landline,
      ['010-12345678', '0755-1234567'],
      [
        ['12345678', V.landline],
        ['01-1234567', V.landline],
      ],
    ],
    [
      'bank card',
      bankCard,
      ['6222021234567890', '1234567890'],
      [
        ['0123456789', V.bankCard],
        ['123456789', V.bankCard],
        ['1'.repeat(21), V.bankCard],
      ],
    ],
    [
      'id number',
      idNumber,
      ['A1', 'a'.repeat(50)],
      [
        ['a'.repeat(51), V.idNumber],
        ['a-1', V.idNumber],
      ],
    ],
    [
      'national id',
      nationalId,
      ['11010519491231002X', '110105491231002'],
      [
        ['1101051949123100', V.nationalId],
        ['11010519491231002Y', V.nationalId],
      ],
    ],
    [
      'qq',
      qq,
      ['10001', '123456789012'],
      [
        ['01234', V.qq],
        ['1234', V.qq],
        ['1234567890123', V.qq],
      ],
    ],
    [
      'url',
      url,
      ['http://a.cn', 'https://x.y/z?q=1'],
      [
        ['ftp://a.cn', V.url],
        ['www.a.cn', V.url],
      ],
    ],
    [
      'alnum20',
      alnum20,
      ['abc123', 'a'.repeat(20)],
      [
        ['a'.repeat(21), V.alnum20],
        ['a_b', V.alnum20],
      ],
    ],
    [
      'cn/en name',
      cnEnName,
      ['张三', 'John Smith', '张 San'],
      [
        ['张', V.cnEnName],
        ['a1', V.cnEnName],
      ],
    ],
    ['digits and lines', digitsAndLines, ['', '123\n456', '1\r\n2'], [['12a', V.digitsLines]]],
    ['max 255', max255, ['', 'x'.repeat(255)], [['x'.repeat(256), V.max255]]],
    [
      'amount',
      amountOptional,
      ['', '0.5', '12', '12.34'],
      [
        ['0', V.amount],
        ['01', V.amount],
        ['1.234', V.amount],
        ['-1', V.amount],
        ['0.00', V.amount],
      ],
    ],
  ];
  for (const [name, schema, good, bad] of cases) {
    it(`${name}: accepts the valid and names the invalid`, () => {
      for (const v of good) expect(msg(schema, v), `${name} ${String(v)}`).toBeNull();
      for (const [v, m] of bad) expect(msg(schema, v), `${name} ${String(v)}`).toBe(m);
    });
  }

  it('required with min and max length names the field', () => {
    const s = requiredLength('名称', 2, 5);
    expect(msg(s, '')).toBe('请输入名称!');
    expect(msg(s, 'a')).toBe('名称长度不能少于2位!');
    expect(msg(s, 'abcdef')).toBe('名称长度不能超过5位!');
    expect(msg(s, 'abc')).toBeNull();
  });
  it('required select and checkbox group limits', () => {
    expect(msg(requiredSelect('部门'), '')).toBe('请选择部门!');
    const g = checkboxGroup('角色', 1, 2);
    expect(msg(g, [])).toBe('角色至少选择1项!');
    expect(msg(g, ['a', 'b', 'c'])).toBe('角色最多选择2项!');
    expect(msg(g, ['a'])).toBeNull();
  });
  it('new password: 8-20 characters mixing letters, digits and special characters', () => {
    const s = newPassword(V.loginNewRequired);
    expect(msg(s, '')).toBe(V.loginNewRequired);
    for (const bad of ['abcdefgh', '12345678', 'abcd1234', 'Ab1!', 'Ab1!'.repeat(6), 'Ab1! spaced']) expect(msg(s, bad), bad).toBe(V.passwordRule);
    for (const good of ['Demo@2026', 'a1!aaaaa', 'Zz9#Zz9#Zz9#Zz9#Zz9#']) expect(msg(s, good), good).toBeNull();
    expect(msg(newPassword('r', /^\d{6}$/, '六位数字'), 'abc')).toBe('六位数字');
    expect(msg(plainNewPassword, 'weak')).toBe(V.passwordRule);
  });
});

describe('dialog forms', () => {
  it('payment password: old, new per rule, confirm, equal, customer code', () => {
    const ok = { cusCode: 'C0001', payPwdOld: 'x', payPwd: 'Demo@2026', confirm: 'Demo@2026' };
    expect(msg(payPasswordForm, ok)).toBeNull();
    expect(msg(payPasswordForm, { ...ok, cusCode: '' })).toBe(V.cusCodeEmpty);
    expect(msg(payPasswordForm, { ...ok, payPwdOld: '' })).toBe(V.payOldRequired);
    expect(msg(payPasswordForm, { ...ok, payPwd: '' })).toBe(V.payNewRequired);
    expect(msg(payPasswordForm, { ...ok, payPwd: 'weak', confirm: 'weak' })).toBe(V.passwordRule);
    expect(msg(payPasswordForm, { ...ok, confirm: '' })).toBe(V.payConfirmRequired);
    expect(msg(payPasswordForm, { ...ok, confirm: 'Other@2026' })).toBe(V.passwordMismatch);
  });
  it('login password: old, new, confirm, equal', () => {
    const ok = { pswOld: 'x', pswNew: 'Demo@2026', confirm: 'Demo@2026' };
    expect(msg(loginPasswordForm, ok)).toBeNull();
    expect(msg(loginPasswordForm, { ...ok, pswOld: '' })).toBe(V.loginOldRequired);
    expect(msg(loginPasswordForm, { ...ok, pswNew: '' })).toBe(V.loginNewRequired);
    expect(msg(loginPasswordForm, { ...ok, confirm: '' })).toBe(V.loginConfirmRequired);
    expect(msg(loginPasswordForm, { ...ok, confirm: 'Demo@2027' })).toBe(V.passwordMismatch);
  });
  it('operation password needs an SMS code; decryption needs an SMS code', () => {
    const ok = { opPsw: 'Demo@2026', confirm: 'Demo@2026', captcha: '123456' };
    expect(msg(opPasswordForm, ok)).toBeNull();
    expect(msg(opPasswordForm, { ...ok, confirm: '' })).toBe(V.opConfirmRequired);
    expect(msg(opPasswordForm, { ...ok, captcha: '' })).toBe(V.captchaRequired);
    expect(msg(opPasswordForm, { ...ok, confirm: 'Demo@2027' })).toBe(V.passwordMismatch);
    expect(msg(decryptForm, { captcha: '' })).toBe(V.smsCaptchaRequired);
  });
});

describe('call bodies of contract/api/auth.ts', () => {
  it('login', () => {
    expect(msg(loginBody, { username: 'admin', password: 'enc' })).toBeNull();
    expect(msg(loginBody, { username: ' ', password: 'enc' })).toBe(V.userNameRequired);
    expect(msg(loginBody, { username: 'admin', password: '' })).toBe(V.passwordRequired);
    expect(msg(loginBody, { username: 'admin', password: 'enc', captcha: 'x'.repeat(17) })).not.toBeNull();
  });
  it('phone login, SMS, refresh, password updating, reset, register, depart and system selection', () => {
    expect(msg(phoneLoginBody, { mobile: '13800000001', captcha: '' })).toBe(V.smsCaptchaRequired);
    expect(msg(smsCaptchaBody, { mobile: '13800000001', type: '7' })).toBe('验证码类型有误');
    expect(msg(smsCaptchaBody, { mobile: '13800000001', type: '0' })).toBeNull();
    expect(msg(refreshTokenBody, { refreshToken: '' })).toBe('refreshToken不能为空');
    expect(msg(passwordUpdatingBody, { userId: 'u', pswOld: '', pswNew: 'x' })).toBe(V.loginOldRequired);
    expect(msg(passwordUpdatingBody, { userId: 'u', pswOld: 'x', pswNew: '' })).toBe(V.loginNewRequired);
    expect(msg(passwordResetBody, { mobile: '1', captcha: '1', password: 'x' })).toBe(V.mobileInvalid);
    const reg = { username: 'newbie', realname: '新人', password: 'enc', mobile: '13800000009', captcha: '123456' };
    expect(msg(registerBody, reg)).toBeNull();
    expect(msg(registerBody, { ...reg, realname: '' })).toBe('请输入姓名!');
    expect(msg(registerBody, { ...reg, realname: '名'.repeat(51) })).toBe('姓名最多50个字符!');
    expect(msg(selectDepartBody, { orgCode: '' })).toBe('请选择部门');
    expect(msg(switchSystemBody, { sysId: 's', groupId: '' })).toBe('请选择系统');
  });
});

describe('helpers of §5', () => {
  it('grid presets', () => {
    expect(GRID_PRESETS.m.pattern.test('13800000001')).toBe(true);
    expect(GRID_PRESETS.m.pattern.test('12800000001')).toBe(false);
    expect(GRID_PRESETS['n6-16']).toBe(GRID_PRESETS.n6_16);
    expect(GRID_PRESETS.money.pattern.test('-1.25')).toBe(true);
    expect(GRID_PRESETS.money.pattern.test('1.255')).toBe(false);
    expect(GRID_PRESETS.p.pattern.test('012345')).toBe(false);
    expect(GRID_PRESETS.z.pattern.test('-12')).toBe(true);
  });
  it('text length counts characters above code 128 twice', () => {
    expect(textLength('ab')).toBe(2);
    expect(textLength('中文a')).toBe(5);
  });
  it('filter wrapping by operator', () => {
    expect([wrapFilter('x', 'like'), wrapFilter('x', 'ne'), wrapFilter('x', 'ge'), wrapFilter('x', 'le'), wrapFilter('x', 'eq')]).toEqual([
      '*x*',
      '!x',
      '>=x',
      '<=x',
      'x',
    ]);
  });
});
