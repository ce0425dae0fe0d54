// Live screens (issue 14 §2): a list, detail or badge that shows things of a kind ('payOrder') reloads
// when the notification socket says one of them changed ({cmd:'live', kind, id, status}, sent by the
// server for each committed change the user may see), and when notices may have been missed
// ({kind:'resync'}: the socket came back, or is polling while down). Reloads are coalesced: the first
// matching push schedules one reload a moment later, and pushes until then ride along with it.
import { useEffect, useRef } from 'react';
import { LIVE_RESYNC } from '@contract/api/messageWire';
import { onNotifyPush, type NotifyPushData } from './store';

/** What a screen shows: things of `kind`, or only the one with `id`. */
export interface LiveMatch {
  kind: string;
  id?: string;
}

export const LIVE_COALESCE_MS = 150;

/** Whether a socket push concerns a screen showing `match`. */
export function liveMatches(push: NotifyPushData, match: LiveMatch): boolean {
  if (push.cmd !== 'live') return false;
  if (push.kind === LIVE_RESYNC) return true;
  return push.kind === match.kind && (!match.id || push.id === match.id);
}

/** Calls `reload` (the latest one passed) after pushes that match; `match` null: not live. */
export function useLiveRefresh(match: LiveMatch | null | undefined, reload: () => void, delayMs = LIVE_COALESCE_MS): void {
  const latest = useRef(reload);
  latest.current = reload;
  const kind = match?.kind;
  const id = match?.id;

  useEffect(() => {
    if (!kind) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onNotifyPush((push) => {
      if (timer !== undefined || !liveMatches(push, { kind, id })) return;
      timer = setTimeout(() => {
        timer = undefined;
        latest.current();
      }, delayMs);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [kind, id, delayMs]);
}
