// Calls and rules of the password dialogs of the user menu (spec §2, §5; issue 4 §2):
// 设置支付密码 (AcctPayPwdModify), 设置操作密码 (CusSetOpPwd), 数据解密 (UserDataDecryption).
// Kept free of antd and antd-mobile so both views share them.
import { PAY_MSG, PAY_PATHS, type DecryptionResult } from '@contract/api/pay';
import { MSG } from '@contract/messages';
import { SMS_TYPE } from '@contract/api/paths';
import { DECRYPTED_ACCESS_TOKEN_MS, DECRYPTED_REFRESH_TOKEN_MS, STORAGE_KEYS } from '@contract/constants';
import { decryptForm, opPasswordForm, payPasswordForm, V } from '@contract/validation';
import { encodeForWire } from '@/api/keys';
import { capOrThrow, capPost } from '@/api/request';
import { requestSmsCode } from '@/api/session';
import { ApiError } from '@/api/errors';
import { ls } from '@/lib/storage';
import { currentCusCode, markDecrypted, session, storeTokens } from '@/stores/session';

export interface PayPasswordValues {
  payPwdOld: string;
  payPwd: string;
  confirm: string;
}
export interface OpPasswordValues {
  opPsw: string;
  confirm: string;
  captcha: string;
}
export interface DecryptValues {
  captcha: string;
}

/** The form schemas (the customer code is checked on submit, not shown as a field). */
export const payPasswordSchema = payPasswordForm;
export const opPasswordSchema = opPasswordForm;
export const decryptSchema = decryptForm;

/** Thrown for a check that is a warning, not a failure of the call (e.g. '客户代码为空'). */
export class DialogWarning extends Error {}

/** 设置支付密码: '客户代码为空' (warning) when the user's group has no customer code; answers the success text. */
export async function submitPayPassword(values: PayPasswordValues): Promise<string> {
  const cusCode = currentCusCode(session.userInfo);
  if (!cusCode) throw new DialogWarning(V.cusCodeEmpty);
  const v = payPasswordForm.parse({ ...values, cusCode });
  capOrThrow(
    await capPost(PAY_PATHS.payPwdModify, { cusCode, payPwd: encodeForWire(v.payPwd), payPwdOld: encodeForWire(v.payPwdOld) }, undefined, { silent: true }),
    true,
  );
  return MSG.modified;
}

function myMobile(): string {
  const mobile = session.userInfo?.mobile ?? '';
  if (!mobile) throw new DialogWarning(V.mobileRequired);
  return mobile;
}

export const sendOpPasswordSms = () => requestSmsCode(myMobile(), SMS_TYPE.opPassword);
export const sendDecryptSms = () => requestSmsCode(myMobile(), SMS_TYPE.decrypt);

/** 设置操作密码: the new password and the SMS code; answers the success text. */
export async function submitOpPassword(values: OpPasswordValues): Promise<string> {
  const v = opPasswordForm.parse(values);
  capOrThrow(await capPost(PAY_PATHS.opPwdSet, { opPsw: encodeForWire(v.opPsw), captcha: v.captcha.trim() }, undefined, { silent: true }), true);
  return PAY_MSG.opPwdSet;
}

/** Outcome of 数据解密: done (new tokens stored) or already decrypted (a warning; the dialog closes). */
export type DecryptOutcome = { kind: 'done'; text: string } | { kind: 'already'; text: string };

/** Keeps the decrypted session's tokens: access 1 hour, refresh 1 day (spec §4). */
export function storeDecryptedTokens(result: DecryptionResult): void {
  const access = result.accessToken || result.token;
  storeTokens(access, result.refreshToken, DECRYPTED_ACCESS_TOKEN_MS);
  ls.set(STORAGE_KEYS.refreshToken, result.refreshToken, DECRYPTED_REFRESH_TOKEN_MS);
  markDecrypted();
}

export const isAlreadyDecrypted = (text: string) => text.includes('已解密');

/** What the decryption dialog says above its form. */
export const DECRYPT_INTRO = '解密后手机号、银行卡号等脱敏信息将完整显示，解密状态有效期1小时。';

/** 数据解密 as a dialog outcome: success, or the 已解密 warning (the dialog closes either way). */
export async function decryptOutcome(values: DecryptValues): Promise<{ text: string; warning: boolean }> {
  const outcome = await submitDecrypt(values);
  return { text: outcome.text, warning: outcome.kind !== 'done' };
}

export async function submitDecrypt(values: DecryptValues): Promise<DecryptOutcome> {
  const v = decryptForm.parse(values);
  try {
    const res = await capPost<DecryptionResult>(PAY_PATHS.dataDecryption, { type: '', mobile: myMobile(), captcha: v.captcha.trim() }, undefined, {
      silent: true,
    });
    const body = capOrThrow(res, true);
    storeDecryptedTokens(body);
    return { kind: 'done', text: PAY_MSG.decrypted };
  } catch (err) {
    const text = err instanceof Error ? err.message : '';
    if ((err instanceof ApiError || err instanceof Error) && isAlreadyDecrypted(text)) return { kind: 'already', text: `${text}，请刷新页面后查看` };
    throw err;
  }
}
