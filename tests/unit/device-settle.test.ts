// The phone/desktop switch follows a width that holds, not a flip: a full-page capture resizes the
// viewport and back, and the switch to the other UI kit remounts the app (open dialogs lost).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settledMediaQuery, SETTLE_MS } from '@/hooks/useDevice';

class FakeMql {
  matches = false;
  listeners = new Set<() => void>();
  addEventListener(_: string, cb: () => void) {
    this.listeners.add(cb);
  }
  removeEventListener(_: string, cb: () => void) {
    this.listeners.delete(cb);
  }
  set(matches: boolean) {
    this.matches = matches;
    this.listeners.forEach((cb) => cb());
  }
}

describe('settledMediaQuery', () => {
  let mql: FakeMql;
  beforeEach(() => {
    vi.useFakeTimers();
    mql = new FakeMql();
    vi.stubGlobal('window', { matchMedia: () => mql });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('ignores a flip that goes back, even one a read falls into', () => {
    const store = settledMediaQuery('(max-width: 767.99px)');
    const seen = vi.fn();
    store.subscribe(seen);
    expect(store.get()).toBe(false);
    mql.set(true);
    mql.set(false);
    vi.advanceTimersByTime(SETTLE_MS * 3);
    expect(store.get()).toBe(false);
    // A flip still on when the first read comes, gone by the second.
    mql.set(true);
    vi.advanceTimersByTime(SETTLE_MS + 1);
    mql.matches = false; // back without an event (the browser coalesced it)
    vi.advanceTimersByTime(SETTLE_MS * 3);
    expect(store.get()).toBe(false);
    expect(seen).not.toHaveBeenCalled();
  });

  it('follows a width that holds, once', () => {
    const store = settledMediaQuery('(max-width: 767.99px)');
    const seen = vi.fn();
    const stop = store.subscribe(seen);
    expect(store.get()).toBe(false);
    mql.set(true);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(store.get()).toBe(false);
    vi.advanceTimersByTime(SETTLE_MS + 1);
    expect(store.get()).toBe(true);
    expect(seen).toHaveBeenCalledTimes(1);
    stop();
    expect(mql.listeners.size).toBe(0);
  });
});
