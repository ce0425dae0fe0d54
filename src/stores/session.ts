// The signed-in session: tokens, user, dictionaries, tenant, permissions and system info.
// Persisted under pro__ keys for 7 days (spec §4); permission lists also in session storage (§6).
import { proxy } from 'valtio';
import { STORAGE_KEYS, SESSION_KEYS, TOKEN_LIFETIME_MS, CACHE_LIFETIME_MS, DEFAULT_TENANT_ID, DECRYPTED_REFRESH_TOKEN_MS } from '@contract/constants';
import type { DictMap, LoginResult, MenuItem, PermissionEntry, SysInfo, UserInfo } from '@contract/types';
import { ls, ss } from '@/lib/storage';

export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  userInfo: UserInfo | null;
  dicts: DictMap;
  tenantId: string;
  sysInfo: SysInfo | null;
  menu: MenuItem[];
  auth: PermissionEntry[];
  allAuth: PermissionEntry[];
  /** True once the resource list has been loaded in this page life. */
  permissionsLoaded: boolean;
  sysSafeMode: boolean;
  /** After 数据解密 (until the decrypted session's refresh token dies): show masked fields in full. */
  decrypted: boolean;
}

/** What the last successful permission load returned, kept with the session (cleared at logout). */
interface KeptResources {
  menu: MenuItem[];
  auth: PermissionEntry[];
  allAuth: PermissionEntry[];
  sysSafeMode: boolean;
}
const kept = ls.get<KeptResources>(STORAGE_KEYS.lastResources);

export const session = proxy<SessionState>({
  token: ls.get<string>(STORAGE_KEYS.token),
  refreshToken: ls.get<string>(STORAGE_KEYS.refreshToken),
  userInfo: ls.get<UserInfo>(STORAGE_KEYS.userInfo),
  dicts: ls.get<DictMap>(STORAGE_KEYS.dictItems) ?? {},
  tenantId: ls.get<string>(STORAGE_KEYS.tenantId) ?? DEFAULT_TENANT_ID,
  sysInfo: ls.get<SysInfo>(STORAGE_KEYS.sysInfo),
  // The kept menu until the guard has loaded the current one: only shown when that load cannot reach the server.
  menu: kept?.menu ?? [],
  auth: ss.get<PermissionEntry[]>(SESSION_KEYS.auth, kept?.auth ?? []),
  allAuth: ss.get<PermissionEntry[]>(SESSION_KEYS.allAuth, kept?.allAuth ?? []),
  permissionsLoaded: false,
  sysSafeMode: kept?.sysSafeMode ?? false,
  decrypted: ls.get<boolean>(STORAGE_KEYS.decrypted) === true,
});

/** cusCode of the signed-in user's group: groupBsnObj.cusCode, else groupBsnXref.objCode. */
export function currentCusCode(user: Pick<UserInfo, 'sys'> | null | undefined): string {
  const group = user?.sys?.group;
  return (group?.groupBsnObj?.cusCode || group?.groupBsnXref?.objCode || '').trim();
}

export function storeTokens(token: string, refreshToken: string, ttlMs = TOKEN_LIFETIME_MS): void {
  session.token = token;
  session.refreshToken = refreshToken;
  ls.set(STORAGE_KEYS.token, token, ttlMs);
  ls.set(STORAGE_KEYS.refreshToken, refreshToken, ttlMs);
}

/**
 * Another tab of this browser refreshed the session (tabs share the stored tokens, not their
 * memory): take its pair, so this tab neither sends the token that refresh revoked nor presents
 * the rotated refresh token again, which the server takes for a stolen one and ends the session.
 * Only the same user's pair is taken (a sign-in of another user in another tab is not this session).
 * True when the tokens changed.
 */
export function adoptStoredTokens(): boolean {
  const token = ls.get<string>(STORAGE_KEYS.token);
  const refreshToken = ls.get<string>(STORAGE_KEYS.refreshToken);
  if (!token || !refreshToken || !session.token || token === session.token) return false;
  const username = ls.get<string>(STORAGE_KEYS.username);
  if (!username || username !== session.userInfo?.username) return false;
  session.token = token;
  session.refreshToken = refreshToken;
  return true;
}

/** 数据解密 succeeded: the session shows its own masked fields in full for the decryption's lifetime. */
export function markDecrypted(): void {
  session.decrypted = true;
  ls.set(STORAGE_KEYS.decrypted, true, DECRYPTED_REFRESH_TOKEN_MS);
}

export function storeUserInfo(userInfo: UserInfo): void {
  session.userInfo = userInfo;
  ls.set(STORAGE_KEYS.userInfo, userInfo, TOKEN_LIFETIME_MS);
  const tenantId = userInfo.sys?.group?.tenantId ?? DEFAULT_TENANT_ID;
  session.tenantId = tenantId;
  ls.set(STORAGE_KEYS.tenantId, tenantId, TOKEN_LIFETIME_MS);
}

export function storeLogin(result: LoginResult, username: string): void {
  storeTokens(result.token, result.refreshToken);
  ls.set(STORAGE_KEYS.username, username, TOKEN_LIFETIME_MS);
  storeUserInfo(result.userInfo);
  // A new sign-in starts without the menu kept from an earlier session; the guard loads its own.
  ls.remove(STORAGE_KEYS.lastResources);
  // Nor with the first screens another user's session drew (their greeting).
  ls.remove(STORAGE_KEYS.firstPaint);
  session.menu = [];
  session.dicts = result.sysAllDictItems ?? {};
  ls.set(STORAGE_KEYS.dictItems, session.dicts, CACHE_LIFETIME_MS);
  session.permissionsLoaded = false;
}

export function storeSysInfo(info: SysInfo): void {
  session.sysInfo = info;
  ls.set(STORAGE_KEYS.sysInfo, info, CACHE_LIFETIME_MS);
}

export function storePermissions(menu: MenuItem[], auth: PermissionEntry[], allAuth: PermissionEntry[], sysSafeMode: boolean): void {
  session.menu = menu;
  session.auth = auth;
  session.allAuth = allAuth;
  session.sysSafeMode = sysSafeMode;
  session.permissionsLoaded = true;
  ss.set(SESSION_KEYS.auth, auth);
  ss.set(SESSION_KEYS.allAuth, allAuth);
  ls.set<KeptResources>(STORAGE_KEYS.lastResources, { menu, auth, allAuth, sysSafeMode }, TOKEN_LIFETIME_MS);
}

/** Forgets everything of the signed-in user (spec §4 logout). System branding stays. */
export function clearSession(): void {
  for (const key of [
    STORAGE_KEYS.token,
    STORAGE_KEYS.refreshToken,
    STORAGE_KEYS.username,
    STORAGE_KEYS.userInfo,
    STORAGE_KEYS.dictItems,
    STORAGE_KEYS.tenantId,
    STORAGE_KEYS.decrypted,
    STORAGE_KEYS.lastResources,
    STORAGE_KEYS.firstPaint,
  ])
    ls.remove(key);
  sessionStorage.clear();
  Object.assign(session, {
    token: null,
    refreshToken: null,
    userInfo: null,
    dicts: {},
    tenantId: DEFAULT_TENANT_ID,
    menu: [],
    auth: [],
    allAuth: [],
    permissionsLoaded: false,
    sysSafeMode: false,
    decrypted: false,
  } satisfies Partial<SessionState>);
}
