// The live-grid socket's connection rules as a pure step function (spec §4 live sync, §9): a
// heartbeat every 10 s; when no reply comes within 6 s, or the socket errs or closes, it is dropped
// and opened again 5 s later. A connect attempt that does not open within 6 s counts as failed too.
// runVxeLink runs the effects on a socket with timers (useVxeSync uses it; tests fake the timers).
import { HEARTBEAT_MS, HEARTBEAT_REPLY_TIMEOUT_MS, RECONNECT_MS } from '@contract/constants';

export type VxePhase = 'off' | 'connecting' | 'open' | 'down';

export interface VxeLink {
  phase: VxePhase;
  /** When the current connect attempt started. */
  since: number;
  heartbeatAt: number | null;
  /** A heartbeat is waiting for its reply until then. */
  replyBy: number | null;
  reconnectAt: number | null;
}

export type VxeLinkEvent =
  | { type: 'start'; now: number }
  | { type: 'stop'; now: number }
  | { type: 'opened'; now: number }
  | { type: 'message'; now: number }
  | { type: 'closed'; now: number }
  | { type: 'tick'; now: number };

/** connect: open a socket; close: drop the current one; heartbeat: send heart_beat. */
export type VxeLinkEffect = 'connect' | 'close' | 'heartbeat';

export const INITIAL_LINK: VxeLink = { phase: 'off', since: 0, heartbeatAt: null, replyBy: null, reconnectAt: null };

const down = (now: number): VxeLink => ({ phase: 'down', since: now, heartbeatAt: null, replyBy: null, reconnectAt: now + RECONNECT_MS });

export function linkStep(s: VxeLink, e: VxeLinkEvent): { state: VxeLink; effects: VxeLinkEffect[] } {
  const now = e.now;
  switch (e.type) {
    case 'start':
      if (s.phase !== 'off') return { state: s, effects: [] };
      return { state: { ...INITIAL_LINK, phase: 'connecting', since: now }, effects: ['connect'] };
    case 'stop':
      return { state: INITIAL_LINK, effects: s.phase === 'off' ? [] : ['close'] };
    case 'opened':
      if (s.phase !== 'connecting') return { state: s, effects: s.phase === 'off' ? ['close'] : [] };
      return { state: { ...s, phase: 'open', heartbeatAt: now + HEARTBEAT_MS, replyBy: null }, effects: [] };
    case 'message':
      return { state: s.phase === 'open' ? { ...s, replyBy: null } : s, effects: [] };
    case 'closed':
      if (s.phase === 'off' || s.phase === 'down') return { state: s, effects: [] };
      return { state: down(now), effects: ['close'] };
    case 'tick':
      return tick(s, now);
  }
}

function tick(s: VxeLink, now: number): { state: VxeLink; effects: VxeLinkEffect[] } {
  if (s.phase === 'open') {
    if (s.replyBy !== null && now >= s.replyBy) return { state: down(now), effects: ['close'] };
    if (s.heartbeatAt !== null && now >= s.heartbeatAt) {
      return { state: { ...s, heartbeatAt: now + HEARTBEAT_MS, replyBy: s.replyBy ?? now + HEARTBEAT_REPLY_TIMEOUT_MS }, effects: ['heartbeat'] };
    }
  }
  if (s.phase === 'connecting' && now - s.since >= HEARTBEAT_REPLY_TIMEOUT_MS) return { state: down(now), effects: ['close'] };
  if (s.phase === 'down' && s.reconnectAt !== null && now >= s.reconnectAt) {
    return { state: { ...INITIAL_LINK, phase: 'connecting', since: now }, effects: ['connect'] };
  }
  return { state: s, effects: [] };
}

/** When the next tick is due (null: nothing is scheduled). */
export function nextLinkWake(s: VxeLink): number | null {
  const times = [s.heartbeatAt, s.replyBy, s.reconnectAt, s.phase === 'connecting' ? s.since + HEARTBEAT_REPLY_TIMEOUT_MS : null].filter(
    (t): t is number => t !== null,
  );
  return times.length ? Math.min(...times) : null;
}

/** What runVxeLink needs of a WebSocket. */
export interface VxeSocketLike {
  send(text: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}
export type OpenVxeSocket = () => VxeSocketLike;

export interface VxeLinkHandlers {
  open: OpenVxeSocket;
  /** The socket opened; `send` writes to it. */
  onOpen(send: (text: string) => void): void;
  onMessage(text: string): void;
  /** The socket went away (closed, failed, or dropped for a missing heartbeat reply). */
  onDown(): void;
  onPhase?(phase: VxePhase): void;
}

/** Keeps a socket open by the rules above until the returned stop() is called. */
export function runVxeLink(h: VxeLinkHandlers, heartbeatText: string): () => void {
  let link = INITIAL_LINK;
  let socket: VxeSocketLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const drop = () => {
    const old = socket;
    socket = null;
    if (!old) return;
    old.onopen = old.onclose = old.onerror = old.onmessage = null;
    old.close();
    h.onDown();
  };
  const dispatch = (event: VxeLinkEvent) => {
    const r = linkStep(link, event);
    link = r.state;
    h.onPhase?.(link.phase);
    for (const effect of r.effects) {
      if (effect === 'connect') connect();
      else if (effect === 'heartbeat') socket?.send(heartbeatText);
      else drop();
    }
    clearTimeout(timer);
    const at = nextLinkWake(link);
    if (at !== null) timer = setTimeout(() => dispatch({ type: 'tick', now: Date.now() }), Math.max(0, at - Date.now()));
  };
  const connect = () => {
    let s: VxeSocketLike;
    try {
      s = h.open();
    } catch {
      setTimeout(() => dispatch({ type: 'closed', now: Date.now() }), 0);
      return;
    }
    socket = s;
    s.onopen = () => {
      dispatch({ type: 'opened', now: Date.now() });
      h.onOpen((text) => s.send(text));
    };
    s.onclose = s.onerror = () => dispatch({ type: 'closed', now: Date.now() });
    s.onmessage = (ev) => {
      dispatch({ type: 'message', now: Date.now() });
      h.onMessage(String(ev.data));
    };
  };
  dispatch({ type: 'start', now: Date.now() });
  return () => {
    clearTimeout(timer);
    link = linkStep(link, { type: 'stop', now: Date.now() }).state;
    drop();
  };
}
