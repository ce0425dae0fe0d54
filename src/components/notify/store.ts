// The user's unread announcements and system messages, shared by the bell, the phone tab badge and
// the announcement pages. `version` moves on every reload so open lists know to refresh.
import { proxy } from 'valtio';
import type { ListByUserResult } from '@contract/api/message';
import { fetchListByUser } from './api';

export const notices = proxy({
  anntMsgList: [] as ListByUserResult['anntMsgList'],
  anntMsgTotal: 0,
  sysMsgList: [] as ListByUserResult['sysMsgList'],
  sysMsgTotal: 0,
  loaded: false,
  version: 0,
});

let inFlight: Promise<void> | null = null;

/** Reloads the lists; concurrent callers share one request. Failures keep the last lists. */
export function reloadNotices(): Promise<void> {
  inFlight ??= fetchListByUser()
    .then((r) => {
      Object.assign(notices, r, { loaded: true, version: notices.version + 1 });
    })
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

export const unreadCount = (s: { anntMsgTotal: number; sysMsgTotal: number }) => s.anntMsgTotal + s.sysMsgTotal;

/** A socket push as it came (announcements, and pushes of other modules such as {type:'payOrder', orderId}). */
export type NotifyPushData = Record<string, unknown> & { cmd?: string; type?: string };
const pushListeners = new Set<(push: NotifyPushData) => void>();
/** Calls `listener` with every socket push; other modules react to their own `type`. */
export function onNotifyPush(listener: (push: NotifyPushData) => void): () => void {
  pushListeners.add(listener);
  return () => pushListeners.delete(listener);
}
export function emitNotifyPush(push: NotifyPushData): void {
  pushListeners.forEach((listener) => listener(push));
}
