// Validation rules of spec §5 as zod schemas with the messages users see. Client forms and server
// routes validate with the same schemas.
import { z } from 'zod';

export const RX = {
  mobile: /^1[0-9*]{10}$/,
  userName: /^[a-zA-Z0-9_]{4,18}$/,
  natural: /^(0|[1-9]\d*)$/,
  english: /^[A-Za-z]+$/,
  landline: /^\d{3,4}-\d{7,8}$/,
  bankCard: /^[1-9]\d{9,19}$/,
  idNumber: /^[A-Za-z0-9]{1,50}$/,
  nationalId: /^(\d{17}[\dXx]|\d{15})$/,
  qq: /^[1-9]\d{4,11}$/,
  url: /^https?:\/\/\S+$/,
  alnum20: /^[A-Za-z0-9]{1,20}$/,
  cnEnName: /^[\u4e00-\u9fa5A-Za-z ]{2,100}$/,
  digitsLines: /^[\d\r\n]*$/,
  amount: /^(0|[1-9]\d*)(\.\d{1,2})?$/,
  /** Default password rule: 8-20 characters mixing letters, digits and special characters. */
  password: /^(?=.*[A-Za-z])(?=.*\d)(?=.*[^A-Za-z\d\s])[^\s]{8,20}$/,
  // Grid rule presets (§5)
  n6_16: /^\d{6,16}$/,
  any6_16: /^.{6,16}$/,
  s6_18: /^[a-zA-Z]{6,18}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  gridMobile: /^1[3-9]\d{9}$/,
  postcode: /^[1-9]\d{5}$/,
  letters: /^[a-zA-Z]+$/,
  number: /^-?\d+(\.\d+)?$/,
  integer: /^-?\d+$/,
  money: /^-?(0|[1-9]\d*)(\.\d{1,2})?$/,
} as const;

export const V = {
  mobileRequired: '请输入手机号码!',
  mobileInvalid: '请输入正确的手机号码!',
  userNameRequired: '请输入用户名!',
  userNameInvalid: '用户名长度为6到18位，只能包含字母、数字和下划线!',
  emailInvalid: '请输入正确的邮箱地址!',
  natural: '请输入自然数!',
  english: '请输入英文字母!',
  landline: '请输入正确的座机号码!',
  bankCard: '请输入正确的银行卡号!',
  idNumber: '证件号码最多50位字母或数字!',
  nationalId: '请输入正确的身份证号码!',
  qq: '请输入正确的QQ号码!',
  url: '请输入正确的网址!',
  alnum20: '最多20位字母或数字!',
  cnEnName: '请输入2到100位中文、英文或空格!',
  digitsLines: '只能输入数字和换行!',
  max255: '最多255个字符!',
  passwordRule: '密码必须为8-20位的英文字母、数字、特殊字符组合',
  passwordMismatch: '两次输入的密码不一样',
  payOldRequired: '请输入原支付密码',
  payNewRequired: '请输入新支付密码',
  payConfirmRequired: '请再次输入新支付密码',
  cusCodeEmpty: '客户代码为空',
  loginOldRequired: '请输入原登录密码',
  loginNewRequired: '请输入新登录密码',
  loginConfirmRequired: '请再次输入新登录密码',
  opConfirmRequired: '请再次输入操作密码',
  captchaRequired: '请输入验证码',
  smsCaptchaRequired: '请输入短信验证码',
  passwordRequired: '请输入密码!',
  amount: '请输入正确的金额', // spec: 'Please enter a correct amount'
  required: '该项为必填项',
  noUser: '当前系统无登录用户',
} as const;

const trimmed = () => z.string().trim();

export const mobile = trimmed().min(1, V.mobileRequired).regex(RX.mobile, V.mobileInvalid);
export const userName = trimmed().min(1, V.userNameRequired).regex(RX.userName, V.userNameInvalid);
export const emailOptional = z.union([z.literal(''), z.string().regex(RX.email, V.emailInvalid)]).optional();
export const naturalNumber = z.string().regex(RX.natural, V.natural);
export const englishLetters = z.string().regex(RX.english, V.english);
export const landline = z.string().regex(RX.landline, V.landline);
export const bankCard = z.string().regex(RX.bankCard, V.bankCard);
export const idNumber = z.string().regex(RX.idNumber, V.idNumber);
export const nationalId = z.string().regex(RX.nationalId, V.nationalId);
export const qq = z.string().regex(RX.qq, V.qq);
export const url = z.string().regex(RX.url, V.url);
export const alnum20 = z.string().regex(RX.alnum20, V.alnum20);
export const cnEnName = z.string().regex(RX.cnEnName, V.cnEnName);
export const digitsAndLines = z.string().regex(RX.digitsLines, V.digitsLines);
export const max255 = z.string().max(255, V.max255);
/** Required with min and max length; message names the field. */
export const requiredLength = (label: string, min: number, max: number) =>
  z.string().trim().min(1, `请输入${label}!`).min(min, `${label}长度不能少于${min}位!`).max(max, `${label}长度不能超过${max}位!`);
export const requiredSelect = (label: string) => z.string().min(1, `请选择${label}!`);
export const checkboxGroup = (label: string, min: number, max: number) =>
  z.array(z.string()).min(min, `${label}至少选择${min}项!`).max(max, `${label}最多选择${max}项!`);
/** Amount of §5: positive, at most 2 decimals, no leading zero except 0.x; empty allowed. */
export const amountOptional = z.union([
  z.literal(''),
  z
    .string()
    .regex(RX.amount, V.amount)
    .refine((s) => Number(s) > 0, V.amount),
]);

/** A new password per the configured rule (the server may send its own regex and message). */
export const newPassword = (required: string, pattern: RegExp = RX.password, message: string = V.passwordRule) =>
  z.string().min(1, required).regex(pattern, message);

export const payPasswordForm = z
  .object({
    cusCode: z.string().min(1, V.cusCodeEmpty),
    payPwdOld: z.string().min(1, V.payOldRequired),
    payPwd: newPassword(V.payNewRequired),
    confirm: z.string().min(1, V.payConfirmRequired),
  })
  .refine((f) => f.payPwd === f.confirm, { message: V.passwordMismatch, path: ['confirm'] });

export const loginPasswordForm = z
  .object({
    pswOld: z.string().min(1, V.loginOldRequired),
    pswNew: newPassword(V.loginNewRequired),
    confirm: z.string().min(1, V.loginConfirmRequired),
  })
  .refine((f) => f.pswNew === f.confirm, { message: V.passwordMismatch, path: ['confirm'] });

export const opPasswordForm = z
  .object({
    opPsw: newPassword('请输入操作密码'),
    confirm: z.string().min(1, V.opConfirmRequired),
    captcha: z.string().min(1, V.captchaRequired),
  })
  .refine((f) => f.opPsw === f.confirm, { message: V.passwordMismatch, path: ['confirm'] });

export const decryptForm = z.object({ captcha: z.string().min(1, V.smsCaptchaRequired) });

/** Grid rule presets of §5, keyed as the grid column's validateRules name them. */
export const GRID_PRESETS: Record<string, { pattern: RegExp; message: string }> = {
  n6_16: { pattern: RX.n6_16, message: '请输入6到16位数字！' },
  '*6-16': { pattern: RX.any6_16, message: '请输入6到16位任意字符！' },
  s6_18: { pattern: RX.s6_18, message: '请输入6到18位字母！' },
  url: { pattern: RX.url, message: '请输入正确格式的网址！' },
  e: { pattern: RX.email, message: '请输入正确格式的电子邮件！' },
  m: { pattern: RX.gridMobile, message: '请输入正确格式的手机号码！' },
  p: { pattern: RX.postcode, message: '请输入正确格式的邮政编码！' },
  s: { pattern: RX.letters, message: '请输入字母！' },
  n: { pattern: RX.number, message: '请输入数字！' },
  z: { pattern: RX.integer, message: '请输入整数！' },
  money: { pattern: RX.money, message: '请输入正确的金额！' },
};
GRID_PRESETS['n6-16'] = GRID_PRESETS.n6_16;
GRID_PRESETS['s6-18'] = GRID_PRESETS.s6_18;

/** Length where characters above code 128 count as 2 (§5 text length helper). */
export function textLength(s: string): number {
  let n = 0;
  for (const ch of s) n += ch.charCodeAt(0) > 128 ? 2 : 1;
  return n;
}

/** Wraps a filter value by operator (§5): like *x*, ne !x, ge >=x, le <=x. */
export function wrapFilter(value: string, op: 'like' | 'ne' | 'ge' | 'le' | 'eq'): string {
  switch (op) {
    case 'like':
      return `*${value}*`;
    case 'ne':
      return `!${value}`;
    case 'ge':
      return `>=${value}`;
    case 'le':
      return `<=${value}`;
    default:
      return value;
  }
}

/** Formats the first zod issue as the single message a user sees. */
export function firstIssue(err: z.ZodError): string {
  return err.issues[0]?.message ?? '请求参数有误';
}
