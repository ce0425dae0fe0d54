// Calls of the session life: sign-in variants, resources, system info, logout (spec §4, §7).
import { forgetPushSubscription } from './push';
import { P } from '@contract/api/paths';
import type { LoginResult, ResourceJson, SysInfo, UserInfo, DictMap, Department } from '@contract/types';
import { MSG } from '@contract/messages';
import { clearSession, session, storeLogin, storePermissions, storeSysInfo, storeUserInfo } from '@/stores/session';
import { capGet, capOrThrow, capPost, sysGet, sysOrThrow, sysPost, sysPut } from './request';
import { encodeForWire } from './keys';
import { clearUserCaches } from '@/lib/sw';

export interface LoginForm {
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string;
}

/** Password sign-in. Throws ApiError (silent) so the form can show the reason inline. */
export async function loginWithPassword(form: LoginForm): Promise<LoginResult> {
  const res = await sysPost<LoginResult>(P.login, { ...form, password: encodeForWire(form.password) }, { silent: true });
  const result = sysOrThrow(res, true);
  storeLogin(result, form.username);
  return result;
}

export async function loginWithPhone(mobile: string, captcha: string): Promise<LoginResult> {
  const result = sysOrThrow(await sysPost<LoginResult>(P.phoneLogin, { mobile, captcha }, { silent: true }), true);
  storeLogin(result, mobile);
  return result;
}

export async function requestSmsCode(mobile: string, type: string): Promise<void> {
  capOrThrow(await capPost(P.smsCaptcha, { mobile, type }, undefined, { silent: true }), true);
}

export async function fetchCaptchaImage(checkKey: string): Promise<string> {
  return sysOrThrow(await sysGet<string>(`${P.captchaImage}/${encodeURIComponent(checkKey)}`, undefined, { silent: true }), true);
}

/** Loads menu and permissions; rejects when the menu is empty or missing (spec §4). */
export async function loadPermissions(): Promise<ResourceJson> {
  const body = capOrThrow(await capGet<{ resourceJson: ResourceJson }>(P.resources, undefined, { silent: true }), true);
  const json = body.resourceJson;
  if (!json || !Array.isArray(json.menu) || json.menu.length === 0) throw new Error('empty menu');
  storePermissions(json.menu, json.auth ?? [], json.allAuth ?? [], !!json.sysSafeMode);
  return json;
}

/** Branding for the login page; falls back to defaults on failure (spec §8). */
export async function loadSystemInfo(): Promise<SysInfo | null> {
  try {
    const body = capOrThrow(
      await capPost<{ sysInfo: SysInfo }>(P.systemInquiry, { url: location.hostname, port: location.port }, undefined, { silent: true }),
      true,
    );
    if (body.sysInfo) storeSysInfo(body.sysInfo);
    return body.sysInfo ?? null;
  } catch {
    return session.sysInfo;
  }
}

/** Logout: tell the server, and proceed regardless of its answer (spec §4). */
export async function logout(): Promise<void> {
  if (session.token) {
    await forgetPushSubscription();
    try {
      await capGet(P.logout, undefined, { silent: true, sessionCall: true });
    } catch {
      /* proceed regardless */
    }
  }
  clearSession();
  await clearUserCaches();
}

export async function switchSystem(sysId: string, groupId: string): Promise<UserInfo> {
  const body = capOrThrow(await capPost<{ userInfo: UserInfo }>(P.switchSystem, { sysId, groupId }));
  storeUserInfo(body.userInfo);
  session.permissionsLoaded = false;
  return body.userInfo;
}

export async function updateLoginPassword(pswOld: string, pswNew: string): Promise<void> {
  const userId = session.userInfo?.id;
  if (!userId) throw new Error(MSG.noLoginUser);
  capOrThrow(await capPost(P.passwordUpdating, { userId, pswOld: encodeForWire(pswOld), pswNew: encodeForWire(pswNew) }, undefined, { silent: true }), true);
}

export async function fetchAllDicts(): Promise<DictMap> {
  return sysOrThrow(await sysGet<DictMap>(P.dictAll));
}

export async function fetchMyDeparts(): Promise<{ list: Department[]; orgCode: string }> {
  return sysOrThrow(await sysGet<{ list: Department[]; orgCode: string }>(P.currentDeparts));
}

export async function selectDepart(orgCode: string): Promise<UserInfo> {
  const r = sysOrThrow(await sysPut<{ userInfo: UserInfo }>(P.selectDepart, { orgCode, username: session.userInfo?.username }));
  storeUserInfo(r.userInfo);
  return r.userInfo;
}
