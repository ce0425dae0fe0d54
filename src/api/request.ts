// The one axios instance. Interceptors in layers (ARCHITECTURE.md): token and tenant headers;
// signature and timestamp; silent token refresh and one retry; the error catalogue of spec §8.
// Callers get the parsed envelope; `silent: true` opts out of the error display.
import axios, { AxiosError, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { API_BASE, HEADER_SIGN, HEADER_TENANT, HEADER_TIMESTAMP, HEADER_TOKEN, REQUEST_TIMEOUT_MS } from '@contract/constants';
import { signRequest, signTimestamp } from '@contract/crypto';
import { MSG } from '@contract/messages';
import { P } from '@contract/api/paths';
import type { CapPageIn, CapResponse, SysResult } from '@contract/types';
import { adoptStoredTokens, session, storeTokens } from '@/stores/session';
import { isEnterpriseChatApp } from '@/lib/userAgent';
import { claimChatRelogin } from '@/lib/chatRelogin';
import { SIGN_SECRET } from './keys';
import { apiUi } from './ui';
import { ApiError, isAccessTokenExpired, isInvalidTokenMessage, isUnreachable, messageForHttp, serverMessage } from './errors';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not show the error to the user; the caller handles it. */
    silent?: boolean;
    /** Do not sign (multipart uploads; DELETE is never signed). */
    unsigned?: boolean;
    /** Set on the retry after a token refresh, so it happens once. */
    _retried?: boolean;
    /** A call of the session's own life (refresh, logout): a 401 goes to the caller, it does not end the session. */
    sessionCall?: boolean;
    /** The access token the call was sent with (set by the request interceptor). */
    _sentToken?: string;
  }
}

export const http = axios.create({ baseURL: API_BASE, timeout: REQUEST_TIMEOUT_MS });

http.interceptors.request.use((config: InternalAxiosRequestConfig) => {
  adoptStoredTokens();
  if (session.token) config.headers.set(HEADER_TOKEN, session.token);
  config._sentToken = session.token ?? undefined;
  config.headers.set(HEADER_TENANT, session.tenantId);
  const method = (config.method ?? 'get').toLowerCase();
  if (method === 'get') config.params = { ...(config.params ?? {}), _t: Date.now() };
  if (method !== 'delete' && !config.unsigned && !(config.data instanceof FormData)) {
    config.headers.set(HEADER_SIGN, signRequest(config.params ?? {}, config.data, SIGN_SECRET));
    config.headers.set(HEADER_TIMESTAMP, signTimestamp());
  }
  return config;
});

type RefreshOutcome = 'refreshed' | 'refused' | 'unreachable';
let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * One refresh at a time; concurrent expired calls wait for the same one. Only the server's answer
 * refuses a refresh: without an answer (offline) the session is left as it is.
 */
export function refreshOnce(): Promise<RefreshOutcome> {
  refreshing ??= inRefreshLock(async (): Promise<RefreshOutcome> => {
    try {
      // Another tab refreshed while this one waited for the lock: its pair is this session's.
      if (adoptStoredTokens()) return 'refreshed';
      const res = await http.post<CapResponse<{ accessToken: string; refreshToken: string }>>(
        P.refreshToken,
        { refreshToken: session.refreshToken ?? '' },
        { silent: true, _retried: true, sessionCall: true },
      );
      if (!res.data.status?.success) return 'refused';
      storeTokens(res.data.body.accessToken, res.data.body.refreshToken);
      return 'refreshed';
    } catch (error) {
      return isUnreachable(error) ? 'unreachable' : 'refused';
    } finally {
      setTimeout(() => (refreshing = null), 0);
    }
  });
  return refreshing;
}

/**
 * Tabs of one browser refresh one at a time (Web Locks): two tabs presenting the same refresh
 * token would look to the server like a stolen token, and it would end the session of both.
 */
function inRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks?.request ? (locks.request('boss-token-refresh', fn) as Promise<T>) : fn();
}

type SessionEndHandler = () => void | Promise<void>;
let onSessionEnd: SessionEndHandler = () => window.location.reload();
/** The app says how a dead session ends (sign out, then one navigation); set once at start-up. */
export function setSessionEndHandler(fn: SessionEndHandler): void {
  onSessionEnd = fn;
}

/** How long the enterprise chat app's loading message shows before the sign-out (as spec §8's 401 waits 1.5 s). */
const CHAT_APP_RELOGIN_DELAY_MS = 1500;

let ending = false;
/** True once the server has said this page's session is dead: the end is under way, callers stand by. */
export const sessionEnding = (): boolean => ending;

/**
 * The server said the session is dead. Once per page life, whatever number of calls fail with it:
 * one message and the '登录已过期' modal, whose 重新登录 ends the session; in enterprise chat apps
 * the loading message instead of the modal, and the session ends at once (spec §4, §8) — unless that
 * happened moments ago (lib/chatRelogin.ts): then the modal, so a broken session cannot loop.
 */
async function endSession(message: string): Promise<void> {
  if (ending) return;
  ending = true;
  if (isEnterpriseChatApp() && claimChatRelogin()) {
    apiUi().loading(MSG.sessionExpiredChatApp);
    await new Promise((resolve) => setTimeout(resolve, CHAT_APP_RELOGIN_DELAY_MS));
  } else {
    apiUi().error(message);
    await apiUi().sessionExpired();
  }
  await onSessionEnd();
}

http.interceptors.response.use(
  (res) => res,
  async (error: AxiosError) => {
    const config = error.config as AxiosRequestConfig | undefined;
    const status = error.response?.status ?? 0;
    const body = error.response?.data;
    const text = serverMessage(body);
    const sessionVerdict = (status === 401 || (status === 500 && isInvalidTokenMessage(text))) && !!session.token && config?.url !== P.login;
    // The session's own calls (refresh, logout) report to their caller; the dead session ends once.
    if (sessionVerdict && (config?.sessionCall || ending)) throw new ApiError(MSG.http401, status, body);
    // A call sent with a token the session has since replaced: a refresh (this tab's, finished or
    // under way while the call was on its way, or another tab's) rotated the pair and so revoked
    // the token it carried. The verdict is about that old token, not the session: it goes again,
    // once, with the new one.
    if (status === 401 && config && !config._retried && config._sentToken) {
      if (refreshing) await refreshing;
      adoptStoredTokens();
      if (session.token && config._sentToken !== session.token) return http.request({ ...config, _retried: true });
    }
    if (status === 401 && isAccessTokenExpired(body) && config && !config._retried && session.refreshToken) {
      const outcome = await refreshOnce();
      if (outcome === 'refreshed') return http.request({ ...config, _retried: true });
      if (outcome === 'refused') {
        void endSession(MSG.refreshFailed);
        throw new ApiError(MSG.refreshFailed, 401, body);
      }
      throw new ApiError(MSG.offline, 0, body);
    }
    if (sessionVerdict) {
      void endSession(MSG.http401);
      throw new ApiError(MSG.http401, status, body);
    }
    const message = status === 0 && error.code !== 'ECONNABORTED' && !navigator.onLine ? MSG.offline : messageForHttp(status, body);
    // Client mistakes carry the server's own words (validation, wrong password, ...).
    const shown = status >= 400 && status < 500 && ![401, 403, 404].includes(status) ? (text ?? message) : message;
    if (!config?.silent) apiUi().error(shown);
    throw new ApiError(shown, status, body);
  },
);

export async function sysGet<T>(url: string, params?: Record<string, unknown>, opts: AxiosRequestConfig = {}): Promise<SysResult<T>> {
  return (await http.get<SysResult<T>>(url, { ...opts, params })).data;
}
export async function sysPost<T>(url: string, data?: unknown, opts: AxiosRequestConfig = {}): Promise<SysResult<T>> {
  return (await http.post<SysResult<T>>(url, data ?? {}, opts)).data;
}
export async function sysPut<T>(url: string, data?: unknown, opts: AxiosRequestConfig = {}): Promise<SysResult<T>> {
  return (await http.put<SysResult<T>>(url, data ?? {}, opts)).data;
}
export async function sysDelete<T>(url: string, params?: Record<string, unknown>, opts: AxiosRequestConfig = {}): Promise<SysResult<T>> {
  return (await http.delete<SysResult<T>>(url, { ...opts, params })).data;
}

/** A business (/cap) call: request envelope {page, context, ...fields}; answers the response envelope. */
export async function capPost<B>(path: string, fields: Record<string, unknown> = {}, page?: CapPageIn, opts: AxiosRequestConfig = {}): Promise<CapResponse<B>> {
  const context = {
    localDateTime: new Date().toISOString(),
    tenantId: session.tenantId,
    userId: session.userInfo?.id,
    entityId: session.userInfo?.entityId,
    channel: 'web',
    locale: 'zh_CN',
  };
  return (await http.post<CapResponse<B>>(path, { ...(page ? { page } : {}), context, ...fields }, opts)).data;
}
export async function capGet<B>(path: string, params?: Record<string, unknown>, opts: AxiosRequestConfig = {}): Promise<CapResponse<B>> {
  return (await http.get<CapResponse<B>>(path, { ...opts, params })).data;
}

/** Turns a business failure into an ApiError with the server's words (and shows it unless silent). */
export function capOrThrow<B>(res: CapResponse<B>, silent = false): CapResponse<B>['body'] {
  if (res.status?.success) return res.body;
  const msg = res.status?.errorMsg || res.status?.replyText || MSG.serverError;
  if (!silent) apiUi().warning(msg);
  throw new ApiError(msg, 200, res);
}
export function sysOrThrow<T>(res: SysResult<T>, silent = false): T {
  if (res.success) return res.result;
  if (!silent) apiUi().warning(res.message);
  throw new ApiError(res.message, 200, res);
}
