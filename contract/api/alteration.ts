// /user/alteration (账号变更): changing the mobile bound to the signed-in account. The old number
// proves it is the owner (an SMS code to it), the new number proves it is theirs (an SMS code to
// it), and both codes go with the final call, which changes the mobile in one transaction.
import { z } from 'zod';
import { mobile, V } from '../validation';

export const ALTERATION_P = {
  /** Sends a code to the account's bound mobile. */
  sendOld: '/sys/user/alteration/sendOldCode',
  /** Checks the old number's code (step 1) without using it up. */
  checkOld: '/sys/user/alteration/checkOldCode',
  /** Sends a code to the new mobile. */
  sendNew: '/sys/user/alteration/sendNewCode',
  /** Both codes and the new mobile: changes the binding. */
  commit: '/sys/user/alteration/mobile',
} as const;

/** SMS types of the two codes; not accepted by the public SMS call (SMS_TYPE), only by the calls above. */
export const ALTERATION_SMS_TYPE = { old: '5', new: '6' } as const;

const captcha = z.string().trim().min(1, V.smsCaptchaRequired).max(8, V.smsCaptchaRequired);

export const alterationCheckOldBody = z.object({ captcha });
export const alterationSendNewBody = z.object({ mobile });
export const alterationCommitBody = z.object({ oldCaptcha: captcha, mobile, captcha });
export type AlterationCommitBody = z.infer<typeof alterationCommitBody>;

export const ALTERATION_MSG = {
  noMobile: '当前账户未绑定手机，请联系管理员绑定',
  sameMobile: '新手机号与当前绑定的手机号相同',
  oldVerified: '原手机验证通过',
  changed: '手机号变更成功',
  changedMeanwhile: '绑定手机已被变更，请重新获取验证码',
} as const;
