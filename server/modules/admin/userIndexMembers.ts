// The users of a remembered match set in the sequence of one sort order, for the user list index
// (userIndexQuery.ts): a page of such a set is then a slice of that list. Without it a page walked
// the order from its end, testing each user's bit, until it had found the page, and where the set's
// users are not spread evenly over the order the walk is long whatever the page: with usernames and
// names numbered as they were created (bench0000001…, 压测用户1…), a half-year of creation times sorted
// by username, or *压测用户12*, walked hundreds of thousands of positions for page 1 (0.8–1.1 ms a page
// on a busy day, a fifth of the main thread; issue 15 §2).
//
// Kept exact as users change (TenantIndex.put): only the lists whose set holds the user change, by a
// binary search and a move of the later entries. So the lists are kept for sets of at most MEMBERS_MAX
// users (larger sets are dense: their early pages are found after a short walk, their deep pages by
// positions, userIndexRanks.ts), as many as fit in MEMBERS_BYTES, the least recently used dropped.
import { Permutation, type MatchSet, type Order } from './userIndexTenant';

/** At most this many users in a set whose lists are kept (4 bytes each). */
export const MEMBERS_MAX = 250_000;
/** The lists kept for one tenant, in bytes (64 MB: 260 lists of 60,000 users). */
const MEMBERS_BYTES = 64 << 20;

/** One set's users, sorted as one order sorts them (a Permutation of those users alone). */
export class MemberList {
  private readonly sorted: Permutation;

  constructor(
    readonly set: MatchSet,
    readonly order: Order,
    perm: Permutation,
  ) {
    this.sorted = new Permutation(perm.compare);
    const out = new Int32Array(Math.max(16, set.count));
    let k = 0;
    const { a, n } = perm;
    const bits = set.bits;
    const pos = perm.positionsWithin(n >>> 3);
    if (!pos) {
      // Most positions moved since they were written: the order walked, each user's bit tested.
      const limit = bits.length << 5;
      for (let i = 0; i < n; i++) {
        const s = a[i];
        if (s < limit && ((bits[s >>> 5] >>> (s & 31)) & 1) === 1) out[k++] = s;
      }
    } else {
      // Each user's position marked, then the marks read in order: a pass over the set's words and one
      // over the order's (about 0.1 ms for 11,000 of a million), where a walk tests a million bits.
      const marks = new Uint32Array((n >>> 5) + 1);
      for (let w = 0; w < bits.length; w++)
        for (let x = bits[w] | 0; x !== 0; x &= x - 1) {
          const p = pos[(w << 5) + 31 - Math.clz32(x & -x)];
          marks[p >>> 5] |= 1 << (p & 31);
        }
      for (let w = 0; w < marks.length; w++) for (let x = marks[w] | 0; x !== 0; x &= x - 1) out[k++] = a[(w << 5) + 31 - Math.clz32(x & -x)];
    }
    this.sorted.a = out;
    this.sorted.n = k;
  }

  get bytes(): number {
    return this.sorted.a.byteLength;
  }

  /** Takes the slot out (its keys not changed yet). */
  remove(slot: number): void {
    this.sorted.remove(slot);
  }

  /** Puts the slot in its place (its keys written). */
  insert(slot: number): void {
    this.sorted.insert(slot);
  }

  /** Entries skip to skip + take, counted from the start (ascending) or from the end. */
  page(asc: boolean, skip: number, take: number): number[] {
    const { a, n } = this.sorted;
    const out: number[] = [];
    const end = Math.min(n, skip + take);
    for (let k = skip; k < end; k++) out.push(a[asc ? k : n - 1 - k]);
    return out;
  }
}

/** The MemberLists kept for one tenant, most recently used last. */
export class Members {
  private readonly held = new Map<MatchSet, Map<Order, MemberList>>();
  private readonly used: MemberList[] = [];
  private bytes = 0;

  /** The set's users in the order's sequence, listed when not kept (and then kept, the oldest lists dropped). */
  of(set: MatchSet, order: Order, perm: Permutation): MemberList {
    const found = this.held.get(set)?.get(order);
    if (found) {
      this.used.splice(this.used.indexOf(found), 1);
      this.used.push(found);
      return found;
    }
    const list = new MemberList(set, order, perm);
    let byOrder = this.held.get(set);
    if (!byOrder) this.held.set(set, (byOrder = new Map()));
    byOrder.set(order, list);
    this.used.push(list);
    this.bytes += list.bytes;
    while (this.bytes > MEMBERS_BYTES && this.used.length > 1) this.forget(this.used[0]);
    return list;
  }

  private forget(list: MemberList): void {
    this.used.splice(this.used.indexOf(list), 1);
    this.bytes -= list.bytes;
    const byOrder = this.held.get(list.set)!;
    byOrder.delete(list.order);
    if (!byOrder.size) this.held.delete(list.set);
  }

  /** Whether the set's users are kept listed in the order (tests). */
  holds(set: MatchSet, order: Order): boolean {
    return this.held.get(set)?.has(order) === true;
  }

  /** A set no longer remembered: its lists are no longer kept. */
  drop(set: MatchSet): void {
    for (const list of this.held.get(set)?.values() ?? []) this.forget(list);
  }

  /** Before the slot's keys change or it leaves: out of every list whose set holds it. */
  removing(slot: number): void {
    for (const [set, byOrder] of this.held) if (set.has(slot)) for (const list of byOrder.values()) list.remove(slot);
  }

  /** After the slot's keys were written and the sets updated: into every list whose set now holds it. */
  inserted(slot: number): void {
    for (const [set, byOrder] of this.held)
      if (set.has(slot))
        for (const list of byOrder.values()) {
          const before = list.bytes;
          list.insert(slot);
          this.bytes += list.bytes - before;
        }
  }
}
