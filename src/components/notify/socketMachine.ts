// The notification socket's rules as a pure step function (spec §4), so they can be tested
// without a browser: a heartbeat every 10 s; the socket counts as dead after 20 s of silence;
// a reconnect 5 s after it goes down unless one is already pending; while it is down the list is
// polled every 6000 ms, and polling stops as soon as it is back. useNotifySocket runs the effects.
import { HEARTBEAT_MS, NOTIFY_HEARTBEAT_TIMEOUT_MS, NOTIFY_POLL_MS, RECONNECT_MS } from '@contract/constants';

export type NotifyPhase = 'off' | 'connecting' | 'open' | 'down';

export interface NotifyState {
  phase: NotifyPhase;
  /** When the phase began (connect attempts time out like a silent socket). */
  since: number;
  /** Last time the server said anything (open). */
  lastHeard: number;
  heartbeatAt: number | null;
  /** A pending reconnect (down). */
  reconnectAt: number | null;
  /** The next poll while the socket is not open. */
  pollAt: number | null;
}

export type NotifyEvent =
  | { type: 'start'; now: number }
  | { type: 'stop'; now: number }
  | { type: 'opened'; now: number }
  | { type: 'message'; now: number; cmd?: string }
  | { type: 'closed'; now: number }
  | { type: 'tick'; now: number };

/** connect: open a socket; close: drop the current one; heartbeat: send 'HeartBeat'; reload: fetch the list (poll or push). */
export type NotifyEffect = 'connect' | 'close' | 'heartbeat' | 'reload';

export const INITIAL_NOTIFY: NotifyState = { phase: 'off', since: 0, lastHeard: 0, heartbeatAt: null, reconnectAt: null, pollAt: null };

/** Socket messages that mean "the list changed". */
const RELOADING = new Set(['topic', 'user', 'revoke']);

function wentDown(s: NotifyState, now: number): NotifyState {
  return {
    ...s,
    phase: 'down',
    since: now,
    heartbeatAt: null,
    reconnectAt: s.reconnectAt ?? now + RECONNECT_MS,
    pollAt: s.pollAt ?? now + NOTIFY_POLL_MS,
  };
}

export function notifyStep(s: NotifyState, e: NotifyEvent): { state: NotifyState; effects: NotifyEffect[] } {
  const now = e.now;
  switch (e.type) {
    case 'start':
      if (s.phase !== 'off') return { state: s, effects: [] };
      return { state: { ...INITIAL_NOTIFY, phase: 'connecting', since: now }, effects: ['connect', 'reload'] };
    case 'stop':
      return { state: INITIAL_NOTIFY, effects: s.phase === 'off' ? [] : ['close'] };
    case 'opened':
      if (s.phase === 'off') return { state: s, effects: ['close'] };
      // Back up: stop polling, and catch up on whatever arrived while down.
      return {
        state: { ...s, phase: 'open', since: now, lastHeard: now, heartbeatAt: now + HEARTBEAT_MS, reconnectAt: null, pollAt: null },
        effects: s.phase === 'down' || s.pollAt !== null ? ['reload'] : [],
      };
    case 'message':
      if (s.phase !== 'open') return { state: s, effects: [] };
      return { state: { ...s, lastHeard: now }, effects: e.cmd && RELOADING.has(e.cmd) ? ['reload'] : [] };
    case 'closed':
      if (s.phase === 'off' || s.phase === 'down') return { state: s, effects: [] };
      return { state: wentDown(s, now), effects: [] };
    case 'tick':
      return tick(s, now);
  }
}

function tick(s: NotifyState, now: number): { state: NotifyState; effects: NotifyEffect[] } {
  const effects: NotifyEffect[] = [];
  let next = s;
  if (s.phase === 'open') {
    if (now - s.lastHeard >= NOTIFY_HEARTBEAT_TIMEOUT_MS) return { state: wentDown(s, now), effects: ['close'] };
    if (s.heartbeatAt !== null && now >= s.heartbeatAt) {
      effects.push('heartbeat');
      next = { ...next, heartbeatAt: now + HEARTBEAT_MS };
    }
    return { state: next, effects };
  }
  if (s.phase === 'connecting' && now - s.since >= NOTIFY_HEARTBEAT_TIMEOUT_MS) {
    next = wentDown(s, now);
    effects.push('close');
  }
  if (next.phase === 'down' && next.reconnectAt !== null && now >= next.reconnectAt) {
    next = { ...next, phase: 'connecting', since: now, reconnectAt: null };
    effects.push('connect');
  }
  if (next.phase !== 'off' && next.pollAt !== null && now >= next.pollAt) {
    next = { ...next, pollAt: now + NOTIFY_POLL_MS };
    effects.push('reload');
  }
  return { state: next, effects };
}

/** When the next tick is needed (null: nothing is scheduled). */
export function nextWake(s: NotifyState): number | null {
  const times: number[] = [];
  if (s.phase === 'open') {
    times.push(s.lastHeard + NOTIFY_HEARTBEAT_TIMEOUT_MS);
    if (s.heartbeatAt !== null) times.push(s.heartbeatAt);
  }
  if (s.phase === 'connecting') times.push(s.since + NOTIFY_HEARTBEAT_TIMEOUT_MS);
  if (s.reconnectAt !== null) times.push(s.reconnectAt);
  if (s.pollAt !== null) times.push(s.pollAt);
  return times.length ? Math.min(...times) : null;
}
