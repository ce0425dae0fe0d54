// The enterprise-chat session end (spec §8: '登录已过期，正在重新登录' instead of the modal) signs the
// user in again at once — unless it already did so moments ago: a session that dies again right
// after such a re-login (a webview dropping storage, a clock far off) would otherwise send the
// user round the sign-in page forever. Then the normal '登录已过期' modal lets the user decide.
import { ls } from './storage';

const MARK = 'chatRelogin';
/** A second session end within this time after an automatic re-login is treated as a loop. */
export const CHAT_RELOGIN_LOOP_MS = 60_000;

/** Whether this session end may re-login automatically; when it may, the attempt is remembered. */
export function claimChatRelogin(now: number = Date.now()): boolean {
  const last = ls.get<number>(MARK);
  if (last !== null && now - last < CHAT_RELOGIN_LOOP_MS) return false;
  ls.set(MARK, now, CHAT_RELOGIN_LOOP_MS);
  return true;
}
