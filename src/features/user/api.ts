// Calls of the account pages: registration and password reset by SMS (issue 2 §2), and the
// signed-in user's change of the bound mobile (账号变更).
import { P } from '@contract/api/paths';
import { ALTERATION_P, type AlterationCommitBody } from '@contract/api/alteration';
import { sysOrThrow, sysPost } from '@/api/request';
import { encodeForWire } from '@/api/keys';

export interface RegisterInput {
  username: string;
  realname: string;
  password: string;
  mobile: string;
  captcha: string;
}

/** Registers an account; the password travels encoded like the login password. Throws ApiError with the server's message. */
export async function registerAccount(input: RegisterInput): Promise<void> {
  sysOrThrow(await sysPost(P.register, { ...input, password: encodeForWire(input.password) }, { silent: true }), true);
}

/** Sets a new password for the account bound to the mobile, proven by the SMS code. */
export async function resetPassword(mobile: string, captcha: string, password: string): Promise<void> {
  sysOrThrow(await sysPost(P.passwordReset, { mobile, captcha, password: encodeForWire(password) }, { silent: true }), true);
}

/** 账号变更 (/user/alteration): the calls of the bound-mobile change, as the signed-in user. */
export const alterationApi = {
  sendOld: async () => void sysOrThrow(await sysPost(ALTERATION_P.sendOld, {}, { silent: true }), true),
  checkOld: async (captcha: string) => void sysOrThrow(await sysPost(ALTERATION_P.checkOld, { captcha }, { silent: true }), true),
  sendNew: async (mobile: string) => void sysOrThrow(await sysPost(ALTERATION_P.sendNew, { mobile }, { silent: true }), true),
  commit: async (body: AlterationCommitBody) => void sysOrThrow(await sysPost(ALTERATION_P.commit, body, { silent: true }), true),
};
