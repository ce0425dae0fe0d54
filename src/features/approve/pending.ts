// The approver's live state: how many orders wait for me (the tab badge) and a `version` that moves
// whenever the pending list may have changed, so open lists reload. Kept live by useApproverSync:
// a 'payOrder' push on the notification socket refreshes at once (and, with the page hidden, the
// service worker shows a system notification that opens the order), so does a live notice of any
// order's status change (useLiveRefresh: decided on another device or by another approver); every reload of the shared
// notice lists (reconnects and the 6 s polling while the socket is down) refreshes too.
// No UI kit here: the phone layout and the desktop page both use it.
import { useEffect, useRef } from 'react';
import { proxy, subscribe } from 'valtio';
import { approveDetailUrl } from '@contract/pages/approve';
import { notices, onNotifyPush } from '@/components/notify/store';
import { useLiveRefresh } from '@/components/notify/useLiveRefresh';
import { showSystemNotification } from '@/lib/sw';
import { fetchPendingCount } from './api';
import { asPayOrderPush, type PayOrderPush } from './rules';

export type { PayOrderPush };

export const pending = proxy({ count: 0, loaded: false, version: 0 });

let inFlight: Promise<void> | null = null;
let again = false;

/** Reloads the count; a call during a reload runs once more after it (a push may have raced it). */
export function refreshPendingCount(): Promise<void> {
  if (inFlight) {
    again = true;
    return inFlight;
  }
  inFlight = fetchPendingCount()
    .then((count) => {
      pending.count = count;
      pending.loaded = true;
    })
    .catch(() => undefined)
    .finally(() => {
      inFlight = null;
      if (again) {
        again = false;
        void refreshPendingCount();
      }
    });
  return inFlight;
}

/** Something changed (a push, a decision): lists reload and the count follows. */
export function pendingChanged(): Promise<void> {
  pending.version += 1;
  return refreshPendingCount();
}

/**
 * Keeps `pending` live while `enabled` (the user holds pay:order:approve). `onArrive` is told of each
 * new order while the page is visible (the phone shows a notice bar); in background the order
 * becomes a system notification whose click opens its detail (useNotifySocket routes the click).
 */
export function useApproverSync(enabled: boolean, onArrive?: (push: PayOrderPush) => void): void {
  const arrive = useRef(onArrive);
  arrive.current = onArrive;
  // Any order's status change (decided here, on another device, by another approver) moves the count and the lists.
  useLiveRefresh(enabled ? { kind: 'payOrder' } : null, () => void pendingChanged());

  useEffect(() => {
    if (!enabled) return;
    void refreshPendingCount();
    const offNotices = subscribe(notices, () => void refreshPendingCount());
    const offPush = onNotifyPush((raw) => {
      const push = asPayOrderPush(raw);
      if (!push) return;
      void pendingChanged();
      if (document.visibilityState === 'hidden') {
        void showSystemNotification({ title: push.titile, body: push.msgTxt, url: approveDetailUrl(push.orderId), tag: `payOrder-${push.orderId}` });
      } else arrive.current?.(push);
    });
    return () => {
      offNotices();
      offPush();
    };
  }, [enabled]);
}
