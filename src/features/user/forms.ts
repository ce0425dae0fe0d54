// Client-side form schemas of the account pages, built from the contract's rules and messages,
// with their fields in the order the user sees them (the first issue is the one shown).
import { z } from 'zod';
import { registerBody } from '@contract/api/auth';
import { mobile, newPassword, userName, V } from '@contract/validation';

export const CONFIRM_REQUIRED = '请再次输入密码';

const passwordPair = { password: newPassword(V.passwordRequired), confirm: z.string().min(1, CONFIRM_REQUIRED) };
const samePassword = (f: { password: string; confirm: string }) => f.password === f.confirm;

/** Registration in two parts checked in turn, so the first message is about the first wrong field
 * on screen (a zod object refinement only runs after all its fields pass). */
export const registerAccountPart = z
  .object({ username: userName, realname: registerBody.shape.realname, ...passwordPair })
  .refine(samePassword, { message: V.passwordMismatch, path: ['confirm'] });
export const registerContactPart = z.object({ mobile, captcha: registerBody.shape.captcha });

export const resetVerifyForm = z.object({ mobile, captcha: registerBody.shape.captcha });
export const resetPasswordForm = z.object(passwordPair).refine(samePassword, { message: V.passwordMismatch, path: ['confirm'] });
