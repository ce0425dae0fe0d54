// Client-side form schemas of the account pages, built from the contract's rules and messages,
// with their fields in the order the user sees them (the first issue is the one shown).
import { z } from 'zod';
import { registerBody } from '@contract/api/auth';
import { mobile, newPassword, userName, V } from '@contract/validation';

export const CONFIRM_REQUIRED = '请再次输入密码';

const passwordPair = { password: newPassword(V.passwordRequired), confirm: z.string().min(1, CONFIRM_REQUIRED) };
const samePassword = (f: { password: string; confirm: string }) => f.password === f.confirm;

export const registerForm = z
  .object({
    username: userName,
    realname: registerBody.shape.realname,
    ...passwordPair,
    mobile,
    captcha: registerBody.shape.captcha,
  })
  .refine(samePassword, { message: V.passwordMismatch, path: ['confirm'] });

export const resetVerifyForm = z.object({ mobile, captcha: registerBody.shape.captcha });
export const resetPasswordForm = z.object(passwordPair).refine(samePassword, { message: V.passwordMismatch, path: ['confirm'] });
