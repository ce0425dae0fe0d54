// The notification socket's state machine (src/components/notify/socketMachine.ts).
import { describe, expect, it } from 'vitest';
import { HEARTBEAT_MS, NOTIFY_HEARTBEAT_TIMEOUT_MS, NOTIFY_POLL_MS, RECONNECT_MS } from '@contract/constants';
import { INITIAL_NOTIFY, nextWake, notifyStep, type NotifyEvent, type NotifyState } from '@/components/notify/socketMachine';

/** Runs events in order; returns the final state and every effect with its time. */
function run(events: NotifyEvent[], from: NotifyState = INITIAL_NOTIFY) {
  let s = from;
  const log: string[] = [];
  for (const e of events) {
    const r = notifyStep(s, e);
    s = r.state;
    for (const eff of r.effects) log.push(`${e.now}:${eff}`);
  }
  return { s, log };
}

/** Ticks at every wake-up until `until`, like the hook's timer does. */
function runUntil(s: NotifyState, until: number, extra: NotifyEvent[] = []) {
  const log: string[] = [];
  const pending = [...extra].sort((a, b) => a.now - b.now);
  for (;;) {
    const wake = nextWake(s);
    const ev = pending[0];
    if (ev && (wake === null || ev.now <= wake) && ev.now <= until) {
      pending.shift();
      const r = notifyStep(s, ev);
      s = r.state;
      r.effects.forEach((x) => log.push(`${ev.now}:${x}`));
      continue;
    }
    if (wake === null || wake > until) return { s, log };
    const r = notifyStep(s, { type: 'tick', now: wake });
    s = r.state;
    r.effects.forEach((x) => log.push(`${wake}:${x}`));
  }
}

describe('notification socket state machine', () => {
  it('connects and loads on start, and does nothing more when started twice', () => {
    const { s, log } = run([
      { type: 'start', now: 0 },
      { type: 'start', now: 1 },
    ]);
    expect(s.phase).toBe('connecting');
    expect(log).toEqual(['0:connect', '0:reload']);
  });

  it('sends a heartbeat every 10 s while the server answers', () => {
    let { s } = run([
      { type: 'start', now: 0 },
      { type: 'opened', now: 100 },
    ]);
    const answers: NotifyEvent[] = [1, 2, 3].map((i) => ({ type: 'message', now: 100 + i * HEARTBEAT_MS + 50, cmd: 'heartcheck' }));
    const r = runUntil(s, 100 + 3 * HEARTBEAT_MS + 100, answers);
    s = r.s;
    expect(r.log).toEqual([`${100 + HEARTBEAT_MS}:heartbeat`, `${100 + 2 * HEARTBEAT_MS}:heartbeat`, `${100 + 3 * HEARTBEAT_MS}:heartbeat`]);
    expect(s.phase).toBe('open');
    expect(s.pollAt).toBeNull();
  });

  it('reloads on topic, user and revoke messages only', () => {
    const open = run([
      { type: 'start', now: 0 },
      { type: 'opened', now: 10 },
    ]).s;
    for (const cmd of ['topic', 'user', 'revoke']) expect(notifyStep(open, { type: 'message', now: 20, cmd }).effects).toEqual(['reload']);
    expect(notifyStep(open, { type: 'message', now: 20, cmd: 'heartcheck' }).effects).toEqual([]);
  });

  it('on close: reconnects after 5 s and polls every 6000 ms until the socket is back, then stops polling', () => {
    const open = run([
      { type: 'start', now: 0 },
      { type: 'opened', now: 0 },
    ]).s;
    const down = notifyStep(open, { type: 'closed', now: 1000 }).state;
    expect(down.phase).toBe('down');
    expect(down.reconnectAt).toBe(1000 + RECONNECT_MS);
    expect(down.pollAt).toBe(1000 + NOTIFY_POLL_MS);

    // Every reconnect fails 1 s after it starts; the socket comes back at 30 s.
    const fails: NotifyEvent[] = [1000 + RECONNECT_MS + 1000, 1000 + 2 * RECONNECT_MS + 2000, 1000 + 3 * RECONNECT_MS + 3000].map((now) => ({
      type: 'closed',
      now,
    }));
    const r = runUntil(down, 40_000, [...fails, { type: 'opened', now: 30_000 }]);
    const connects = r.log.filter((l) => l.endsWith('connect')).map((l) => Number(l.split(':')[0]));
    expect(connects).toEqual([6000, 12_000, 18_000, 24_000]);
    const polls = r.log.filter((l) => l.endsWith('reload')).map((l) => Number(l.split(':')[0]));
    // Polls at 7 s, 13 s, 19 s, 25 s while down; the catch-up reload when it opens at 30 s; none after.
    expect(polls).toEqual([7000, 13_000, 19_000, 25_000, 30_000]);
    expect(r.s.phase).toBe('open');
    expect(r.s.pollAt).toBeNull();
  });

  it('does not schedule a second reconnect while one is pending', () => {
    const open = run([
      { type: 'start', now: 0 },
      { type: 'opened', now: 0 },
    ]).s;
    const once = notifyStep(open, { type: 'closed', now: 1000 }).state;
    const twice = notifyStep(once, { type: 'closed', now: 3000 });
    expect(twice.state.reconnectAt).toBe(1000 + RECONNECT_MS);
    expect(twice.effects).toEqual([]);
  });

  it('treats 20 s of silence as a dead socket: close, then reconnect after 5 s', () => {
    const open = run([
      { type: 'start', now: 0 },
      { type: 'opened', now: 0 },
    ]).s;
    const r = runUntil(open, NOTIFY_HEARTBEAT_TIMEOUT_MS + RECONNECT_MS);
    expect(r.log).toEqual(
      [
        `${HEARTBEAT_MS}:heartbeat`,
        `${NOTIFY_HEARTBEAT_TIMEOUT_MS}:heartbeat`,
        `${NOTIFY_HEARTBEAT_TIMEOUT_MS}:close`,
        `${NOTIFY_HEARTBEAT_TIMEOUT_MS + RECONNECT_MS}:connect`,
      ].filter((l) => l !== `${NOTIFY_HEARTBEAT_TIMEOUT_MS}:heartbeat`),
    );
    expect(r.s.phase).toBe('connecting');
  });

  it('a connect attempt that hangs counts as down', () => {
    const s = run([{ type: 'start', now: 0 }]).s;
    const r = notifyStep(s, { type: 'tick', now: NOTIFY_HEARTBEAT_TIMEOUT_MS });
    expect(r.effects).toEqual(['close']);
    expect(r.state.phase).toBe('down');
  });

  it('stop closes and clears every timer', () => {
    const open = run([
      { type: 'start', now: 0 },
      { type: 'opened', now: 0 },
    ]).s;
    const r = notifyStep(open, { type: 'stop', now: 5 });
    expect(r.effects).toEqual(['close']);
    expect(nextWake(r.state)).toBeNull();
    expect(notifyStep(r.state, { type: 'closed', now: 6 }).effects).toEqual([]);
  });
});
