// Where a remembered match set's users stand in a sort order, one bit per position of that order, for
// the user list index (userIndexQuery.ts). A deep page of a filtered list walked the sort's order
// position by position, testing each user's bit, until it had skipped the pages before it: up to half
// a million positions (1–3 ms) for pages such as 状态 正常, page 3,000. With the bits in the order's own
// positions it counts 32 positions at a time (a popcount per word) and looks at single bits only in
// the word where the page starts: about 30 µs for a million.
//
// Kept exact as users change (TenantIndex.put): a user leaving a position shifts every later bit down
// by one, a user arriving shifts them up. That costs a pass over the words (31,250 for a million, about
// 30 µs), for every kept pair of a set and an order, so only the RANKS_MAX pairs used last are kept,
// and only pages whose walk would be long use them (RANK_FROM in userIndexQuery.ts).
import type { MatchSet, Order, Permutation } from './userIndexTenant';

/**
 * The pairs of a set and an order kept (the most recently used): the four of 性别 and 状态 in the
 * three sorts, and as many for sets such as a one-digit 'contains'. Each change of a user costs
 * two passes over each of them (about 1.5 ms for all at a million).
 */
const RANKS_MAX = 24;

/** The bits below bit `b` of a word (b from 0 to 32). */
const below = (b: number) => (b === 0 ? 0 : 0xffffffff >>> (32 - b));

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** A set's users as bits over the positions of one order. */
export class PositionBits {
  private words: Uint32Array;
  /** Positions covered (the order's length). */
  private n: number;

  constructor(
    readonly set: MatchSet,
    readonly order: Order,
    perm: Permutation,
  ) {
    const { a, n } = perm;
    const bits = set.bits;
    const limit = bits.length << 5;
    this.words = new Uint32Array((n >>> 5) + 2);
    this.n = n;
    for (let i = 0; i < n; i++) {
      const s = a[i];
      if (s < limit && ((bits[s >>> 5] >>> (s & 31)) & 1) === 1) this.words[i >>> 5] |= 1 << (i & 31);
    }
  }

  /** The user at position `at` left the order: every later position moves down by one. */
  removeAt(at: number): void {
    const w = this.words;
    const wi = at >>> 5;
    const last = (this.n - 1) >>> 5;
    const low = below(at & 31);
    const x = w[wi];
    w[wi] = (x & low) | ((x >>> 1) & ~low) | (wi < last ? (w[wi + 1] & 1) << 31 : 0);
    for (let i = wi + 1; i <= last; i++) w[i] = (w[i] >>> 1) | (i < last ? (w[i + 1] & 1) << 31 : 0);
    this.n--;
  }

  /** A user arrived at position `at` (in the set or not): every later position moves up by one. */
  insertAt(at: number, on: boolean): void {
    if (this.n >>> 5 >= this.words.length - 1) {
      const grown = new Uint32Array(this.words.length * 2);
      grown.set(this.words);
      this.words = grown;
    }
    const w = this.words;
    const wi = at >>> 5;
    for (let i = this.n >>> 5; i > wi; i--) w[i] = (w[i] << 1) | (w[i - 1] >>> 31);
    const low = below(at & 31);
    const x = w[wi];
    w[wi] = (x & low) | ((x & ~low) << 1) | (on ? 1 << (at & 31) : 0);
    this.n++;
  }

  /** Whether the user at position `at` is in the set (it stayed there, its columns changed). */
  setAt(at: number, on: boolean): void {
    if (on) this.words[at >>> 5] |= 1 << (at & 31);
    else this.words[at >>> 5] &= ~(1 << (at & 31));
  }

  /**
   * The slots of the set's users at positions lo..hi of the order (`a`), walked forward or backward:
   * `skip` of them passed over, then up to `take` of them.
   */
  page(a: Int32Array, lo: number, hi: number, forward: boolean, skip: number, take: number): number[] {
    const out: number[] = [];
    if (lo >= hi || take <= 0) return out;
    const w = this.words;
    const first = lo >>> 5;
    const last = (hi - 1) >>> 5;
    const masked = (wi: number) => {
      let x = w[wi];
      if (wi === first) x &= ~below(lo & 31);
      if (wi === last) x &= below(hi - (wi << 5));
      return x >>> 0;
    };
    for (let wi = forward ? first : last; forward ? wi <= last : wi >= first; wi += forward ? 1 : -1) {
      let x = masked(wi);
      if (x === 0) continue;
      const c = popcount(x);
      if (skip >= c) {
        skip -= c;
        continue;
      }
      const base = wi << 5;
      while (x !== 0) {
        // The lowest bit going forward, the highest going backward.
        const b = forward ? 31 - Math.clz32(x & -x) : 31 - Math.clz32(x);
        x = (x & ~(1 << b)) >>> 0;
        if (skip > 0) skip--;
        else {
          out.push(a[base + b]);
          if (out.length === take) return out;
        }
      }
    }
    return out;
  }
}

/** The PositionBits kept for one tenant, most recently used last. */
export class Ranks {
  private readonly held: PositionBits[] = [];

  /** The set's bits over the order, built when not kept (and then kept, the oldest pair dropped). */
  of(set: MatchSet, order: Order, perm: Permutation): PositionBits {
    const i = this.held.findIndex((p) => p.set === set && p.order === order);
    if (i >= 0) {
      const [p] = this.held.splice(i, 1);
      this.held.push(p);
      return p;
    }
    const p = new PositionBits(set, order, perm);
    if (this.held.length >= RANKS_MAX) this.held.shift();
    this.held.push(p);
    return p;
  }

  /** Whether the set's bits over the order are kept (tests). */
  holds(set: MatchSet, order: Order): boolean {
    return this.held.some((p) => p.set === set && p.order === order);
  }

  /** A set no longer remembered: its bits are no longer kept. */
  drop(set: MatchSet): void {
    for (let i = this.held.length - 1; i >= 0; i--) if (this.held[i].set === set) this.held.splice(i, 1);
  }

  removed(order: Order, at: number): void {
    for (const p of this.held) if (p.order === order) p.removeAt(at);
  }

  /** `slot` stayed at its place in the order (`at()` finds it) and its columns changed: each set's test is its new answer. */
  changed(order: Order, at: () => number, slot: number): void {
    let found = -1;
    for (const p of this.held) if (p.order === order) p.setAt(found < 0 ? (found = at()) : found, p.set.match(slot));
  }

  /** `slot` arrived at `at` in the order (its columns already written, so each set's test is its new answer). */
  inserted(order: Order, at: number, slot: number): void {
    for (const p of this.held) if (p.order === order) p.insertAt(at, p.set.match(slot));
  }
}
