// Request schemas of the sign-in and session calls (issue: walking skeleton).
import { z } from 'zod';
import { mobile, userName, V, newPassword } from '../validation';
import { SMS_TYPE } from './paths';

const shortText = (max: number, required: string) => z.string().trim().min(1, required).max(max, required);

export const loginBody = z.object({
  username: shortText(64, V.userNameRequired),
  /** AES-ECB encoded password, base64. */
  password: shortText(512, V.passwordRequired),
  /** Needed only after LOGIN_CAPTCHA_AFTER failures for the username, or many more from the IP (server/modules/auth/login.ts). */
  captcha: z.string().max(16).optional(),
  checkKey: z.string().max(64).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const phoneLoginBody = z.object({ mobile, captcha: shortText(8, V.smsCaptchaRequired) });

export const smsCaptchaBody = z.object({
  mobile,
  type: z.enum(Object.values(SMS_TYPE) as [string, ...string[]], { message: '验证码类型有误' }),
});

export const refreshTokenBody = z.object({ refreshToken: shortText(256, 'refreshToken不能为空') });

export const passwordUpdatingBody = z.object({
  userId: shortText(64, V.noUser),
  pswOld: shortText(512, V.loginOldRequired),
  pswNew: shortText(512, V.loginNewRequired),
});

export const registerBody = z.object({
  username: userName,
  realname: z.string().trim().min(1, '请输入姓名!').max(50, '姓名最多50个字符!'),
  password: shortText(512, V.passwordRequired),
  mobile,
  captcha: shortText(8, V.smsCaptchaRequired),
});

export const passwordResetBody = z.object({
  mobile,
  captcha: shortText(8, V.smsCaptchaRequired),
  password: shortText(512, V.passwordRequired),
});

export const tenantInquiryBody = z.object({ url: z.string().max(512).optional() });
export const systemInquiryBody = z.object({
  url: z.string().max(512).optional(),
  port: z.union([z.string(), z.number()]).optional(),
  entityId: z.string().max(64).optional(),
});
export const selectDepartBody = z.object({ orgCode: shortText(64, '请选择部门'), username: z.string().max(64).optional() });
export const switchSystemBody = z.object({ sysId: shortText(64, '请选择系统'), groupId: shortText(64, '请选择系统') });

/** Plain-text password rule after decoding (server side). */
export const plainNewPassword = newPassword(V.loginNewRequired);
