// The last hour of answered requests by route, in one-minute slots (issue 19 §3's monitoring page):
// fed by the same response hook and the same elapsed time as GET /metrics' histogram, kept as
// counts per latency bucket so the slots of several processes add up (their heartbeat rows).

/** Upper bounds in ms of the latency buckets; the last is open. */
export const WINDOW_BUCKETS_MS = [1, 2, 3, 5, 7.5, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000, Infinity];
const SLOTS = 60;
const MINUTE = 60_000;

/** A route's requests: count, errors (status ≥ 500), and counts per WINDOW_BUCKETS_MS bucket. */
export interface RouteTally {
  n: number;
  err: number;
  b: number[];
}
export type RouteTallies = Record<string, RouteTally>;

const emptyTally = (): RouteTally => ({ n: 0, err: 0, b: WINDOW_BUCKETS_MS.map(() => 0) });

export class RequestWindow {
  private readonly slots = new Map<number, Map<string, RouteTally>>();
  /** Routes whose requests do not count as a change (the monitoring page's own call: it would retrigger itself). */
  readonly quiet = new Set<string>();
  /** Bumped by every request recorded outside `quiet`: the monitor pushes a notice when it moved. */
  changes = 0;

  constructor(private readonly now: () => number = Date.now) {}

  record(route: string, status: number, ms: number): void {
    if (!this.quiet.has(route)) this.changes++;
    const minute = Math.floor(this.now() / MINUTE);
    let slot = this.slots.get(minute);
    if (!slot) {
      slot = new Map();
      this.slots.set(minute, slot);
      for (const m of this.slots.keys()) if (m <= minute - SLOTS) this.slots.delete(m);
    }
    let t = slot.get(route);
    if (!t) slot.set(route, (t = emptyTally()));
    t.n++;
    if (status >= 500) t.err++;
    t.b[WINDOW_BUCKETS_MS.findIndex((ub) => ms <= ub)]++;
  }

  /** The last hour by route. */
  snapshot(): RouteTallies {
    const since = Math.floor(this.now() / MINUTE) - SLOTS;
    const out: RouteTallies = {};
    for (const [minute, slot] of this.slots) if (minute > since) for (const [route, t] of slot) addTally(out, route, t);
    return out;
  }
}

export function addTally(into: RouteTallies, route: string, t: RouteTally): void {
  const sum = (into[route] ??= emptyTally());
  sum.n += t.n;
  sum.err += t.err;
  for (let i = 0; i < sum.b.length; i++) sum.b[i] += Number(t.b?.[i] ?? 0);
}

/** The q-quantile (0..1) in ms of a tally, interpolated within its bucket; 0 without requests. */
export function quantileMs(t: RouteTally, q: number): number {
  if (!t.n) return 0;
  const rank = q * t.n;
  let seen = 0;
  for (let i = 0; i < WINDOW_BUCKETS_MS.length; i++) {
    const inBucket = t.b[i] ?? 0;
    if (inBucket && seen + inBucket >= rank) {
      const lo = i ? WINDOW_BUCKETS_MS[i - 1] : 0;
      const hi = WINDOW_BUCKETS_MS[i];
      if (!Number.isFinite(hi)) return lo;
      return Math.round((lo + ((rank - seen) / inBucket) * (hi - lo)) * 10) / 10;
    }
    seen += inBucket;
  }
  return WINDOW_BUCKETS_MS[WINDOW_BUCKETS_MS.length - 2];
}
