// Keeps the user's notifications live: the socket at `${API_BASE}/websocket?token=` while signed in,
// driven by the pure rules of socketMachine.ts (heartbeat, reconnect, polling fallback). Pushes
// reload the shared list; when the page is hidden, the service worker shows a system notification
// whose click opens the announcement (or the page it names, such as an order) here. Every push is
// re-emitted to other modules (store.ts onNotifyPush; live screens: useLiveRefresh.ts). Mount it
// once per layout.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { API_BASE, ANNOUNCEMENT_LIST_PATH } from '@contract/constants';
import { LIVE_RESYNC, MP, SOCKET_HEARTBEAT, type NotifyPush } from '@contract/api/messageWire';
import { session } from '@/stores/session';
import { onOpenUrl, showSystemNotification } from '@/lib/sw';
import { INITIAL_NOTIFY, nextWake, notifyStep, type NotifyEffect, type NotifyEvent } from './socketMachine';
import { emitNotifyPush, notices, reloadNotices, unreadCount } from './store';

export function socketUrl(token: string, tenantId: string): string {
  const proto = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const q = new URLSearchParams({ token, tenantId });
  return `${proto}://${window.location.host}${API_BASE}${MP.socket}?${q.toString()}`;
}

/** The URL a system notification opens: the announcement list with the detail shown. */
export const announcementUrl = (id: string) => `${ANNOUNCEMENT_LIST_PATH}?id=${encodeURIComponent(id)}`;

/** Where a system notification's click goes: the in-app page the message names (an order), else the announcement. */
export function notificationUrl(push: Pick<NotifyPush, 'msgId' | 'openType' | 'openPage'>): string {
  const page = push.openPage ?? '';
  return push.openType === 'url' && /^\/(?!\/)/.test(page) ? page : announcementUrl(push.msgId);
}

/** Starts the socket while `enabled` and signed in; returns the unread count. */
export function useNotifySocket(enabled = true): number {
  const { token, tenantId } = useSnapshot(session);
  const snap = useSnapshot(notices);
  const navigate = useNavigate();

  useEffect(() => {
    if (!enabled || !token) return;
    let state = INITIAL_NOTIFY;
    let ws: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const run = (effect: NotifyEffect) => {
      if (effect === 'connect') connect();
      else if (effect === 'close') {
        const old = ws;
        ws = null;
        old?.close();
      } else if (effect === 'heartbeat') {
        if (ws?.readyState === WebSocket.OPEN) ws.send(SOCKET_HEARTBEAT);
      } else void reloadNotices();
    };
    const dispatch = (event: NotifyEvent) => {
      const r = notifyStep(state, event);
      state = r.state;
      r.effects.forEach(run);
      // Back after a gap, or polling while down: live screens reload too (they may have missed pushes).
      if ((event.type === 'opened' || event.type === 'tick') && r.effects.includes('reload')) emitNotifyPush({ cmd: 'live', kind: LIVE_RESYNC });
      clearTimeout(timer);
      const at = nextWake(state);
      if (at !== null) timer = setTimeout(() => dispatch({ type: 'tick', now: Date.now() }), Math.max(0, at - Date.now()));
    };
    const connect = () => {
      let socket: WebSocket;
      try {
        socket = new WebSocket(socketUrl(token, tenantId));
      } catch {
        setTimeout(() => dispatch({ type: 'closed', now: Date.now() }), 0);
        return;
      }
      ws = socket;
      const mine = () => ws === socket;
      socket.onopen = () => mine() && dispatch({ type: 'opened', now: Date.now() });
      socket.onclose = () => mine() && dispatch({ type: 'closed', now: Date.now() });
      socket.onerror = () => mine() && dispatch({ type: 'closed', now: Date.now() });
      socket.onmessage = (ev: MessageEvent) => {
        if (!mine()) return;
        let data: Partial<NotifyPush> & { cmd?: string } = {};
        try {
          data = JSON.parse(String(ev.data)) as typeof data;
        } catch {
          /* not JSON: still proof of life */
        }
        dispatch({ type: 'message', now: Date.now(), cmd: data.cmd });
        if (data.cmd) emitNotifyPush(data as Record<string, unknown>);
        if ((data.cmd === 'topic' || data.cmd === 'user') && data.msgId && document.visibilityState === 'hidden') {
          void showSystemNotification({ title: data.titile ?? '新消息', body: data.msgTxt, url: notificationUrl(data as NotifyPush), tag: data.msgId });
        }
      };
    };

    dispatch({ type: 'start', now: Date.now() });
    return () => {
      clearTimeout(timer);
      const r = notifyStep(state, { type: 'stop', now: Date.now() });
      state = r.state;
      const old = ws;
      ws = null;
      old?.close();
    };
  }, [enabled, token, tenantId]);

  // A click on a system notification brings the app forward on the announcement.
  useEffect(() => (enabled ? onOpenUrl((url) => void navigate(url)) : undefined), [enabled, navigate]);

  return unreadCount(snap);
}
