// Calls of the public account pages: registration and password reset by SMS (issue 2 §2).
import { P } from '@contract/api/paths';
import { sysOrThrow, sysPost } from '@/api/request';
import { encodeForWire } from '@/api/keys';

export interface RegisterInput { username: string; realname: string; password: string; mobile: string; captcha: string }

/** Registers an account; the password travels encoded like the login password. Throws ApiError with the server's message. */
export async function registerAccount(input: RegisterInput): Promise<void> {
  sysOrThrow(await sysPost(P.register, { ...input, password: encodeForWire(input.password) }, { silent: true }), true);
}

/** Sets a new password for the account bound to the mobile, proven by the SMS code. */
export async function resetPassword(mobile: string, captcha: string, password: string): Promise<void> {
  sysOrThrow(await sysPost(P.passwordReset, { mobile, captcha, password: encodeForWire(password) }, { silent: true }), true);
}
