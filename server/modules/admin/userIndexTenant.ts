// One tenant's users in memory, for the user list index (userIndex.ts): compact columns, each
// sort's order kept as users change, and the remembered match sets kept exact with them. Queries
// over them are userIndexQuery.ts; when a tenant is loaded or patched is userIndex.ts's business.
// The rest of each list row is kept in userIndexRows.ts, the names' pairs in userIndexPairs.ts.
import { PAIRS_REBUILD_MIN, PairIndex } from './userIndexPairs';
import { Members } from './userIndexMembers';
import { Ranks } from './userIndexRanks';
import { sorting, stepped, turn } from './userIndexSort';
import { RestArena, restText, RowTexts, type RowRest } from './userIndexRows';
import { compareCodePoints, type Folding } from './userIndexText';

/** One user as the index keeps it. */
export interface IndexedUser {
  id: string;
  username: string;
  realname: string;
  sex: number | null;
  status: number;
  /** created_at in microseconds since the epoch. */
  createdUs: number;
  /** The rest of what the user's list row shows. */
  rest: RowRest;
}

/** The orders kept: the list's sorts, and the lower-cased names (case-insensitive prefixes are ranges of them). */
const ORDERS = ['createTime', 'username', 'realname', 'usernameFold', 'realnameFold'] as const;
export type Order = (typeof ORDERS)[number];

export type Pred = (slot: number) => boolean;

/** Rows of users by id, as the index keeps them, with their tenants (then the rest of the list row, and their departments). */
export const USER_ROWS_SQL = `SELECT id, username, realname, sex, status, (extract(epoch FROM created_at) * 1000000)::float8, tenant_ids,
  avatar, mobile, email, telephone, birthday, post, work_no, org_code, created_by,
  (SELECT array_agg(ud.depart_id) FROM user_departs ud WHERE ud.user_id = users.id) FROM users`;

/** The user of a row of USER_ROWS_SQL. */
export function userOf(row: unknown[]): IndexedUser {
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  return {
    id: row[0] as string,
    username: row[1] as string,
    realname: row[2] as string,
    sex: row[3] === null ? null : Number(row[3]),
    status: Number(row[4]),
    createdUs: Number(row[5]),
    rest: {
      avatar: text(row[7]),
      mobile: text(row[8]),
      email: text(row[9]),
      telephone: text(row[10]),
      birthday: text(row[11]),
      post: text(row[12]),
      workNo: text(row[13]),
      orgCode: text(row[14]),
      createdBy: text(row[15]),
      departIds: (row[16] as string[] | null) ?? null,
    },
  };
}

/** One sort order: slots in (key, id) order, with room to grow. */
export class Permutation {
  a: Int32Array = new Int32Array(0);
  n = 0;
  /** Each slot's position (valid for the positions before `movedFrom`: positions from there on moved since). */
  private pos = new Int32Array(0);
  private movedFrom = 0;
  constructor(readonly compare: (x: number, y: number) => number) {}

  /**
   * The position of every slot, as an array by slot (valid until the order changes). Kept lazily: a
   * change marks the positions from its own on as moved, and they are written again when next asked
   * (a user renamed moves a stretch of the order; a user whose key did not change moves nothing).
   */
  positions(): Int32Array {
    return this.positionsWithin(Infinity)!;
  }

  /**
   * positions(), or null when more than `most` of them moved since they were last written: writing
   * them is a random write each (about 40 ms for a million), while a walk of the order reads it in
   * sequence (a user renamed moves the names' orders from its old or new place on).
   */
  positionsWithin(most: number): Int32Array | null {
    if (this.n - this.movedFrom > most) return null;
    if (this.movedFrom < this.n) {
      for (let i = this.movedFrom; i < this.n; i++) {
        const slot = this.a[i];
        if (slot >= this.pos.length) {
          const grown = new Int32Array(Math.max(slot + 1, this.pos.length * 2));
          grown.set(this.pos);
          this.pos = grown;
        }
        this.pos[slot] = i;
      }
      this.movedFrom = this.n;
    }
    return this.pos;
  }

  /** The first position whose slot is not before `slot` (slot's own position when it is in). */
  lowerBound(slot: number): number {
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.a[mid], slot) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The first position whose key is not before (or with `after`, is after) a key: `cmp(slot)` compares a slot's key with it. */
  bound(cmp: (slot: number) => number, after: boolean): number {
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = cmp(this.a[mid]);
      if (c < 0 || (after && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Puts the slot in its place, and says where. */
  insert(slot: number): number {
    const at = this.lowerBound(slot);
    if (this.n === this.a.length) {
      const grown = new Int32Array(Math.max(16, this.a.length * 2));
      grown.set(this.a.subarray(0, this.n));
      this.a = grown;
    }
    this.a.copyWithin(at + 1, at, this.n);
    this.a[at] = slot;
    this.n++;
    this.movedFrom = Math.min(this.movedFrom, at);
    return at;
  }

  /** Takes the slot out, and says where it was. */
  remove(slot: number): number {
    const at = this.lowerBound(slot);
    if (at >= this.n || this.a[at] !== slot) throw new Error('user index: a user is not where its order puts it');
    this.a.copyWithin(at, at + 1, this.n);
    this.n--;
    this.movedFrom = Math.min(this.movedFrom, at);
    return at;
  }

  /** Every slot of `slots`, sorted, with turns of the event loop between the steps (userIndexSort.ts). */
  async build(slots: Int32Array): Promise<void> {
    this.a = await stepped(sorting(slots, this.compare));
    this.n = slots.length;
    this.movedFrom = 0;
  }
}

/** The users of one tenant. */
export class TenantIndex {
  ids: string[] = [];
  username: string[] = [];
  realname: string[] = [];
  usernameFold: string[] = [];
  realnameFold: string[] = [];
  /** Numbers in plain arrays (never replaced, so a test may hold them): NaN is a NULL 性别. */
  readonly sex: number[] = [];
  readonly status: number[] = [];
  readonly created: number[] = [];
  /** 1 for a slot holding a user, 0 for a free one. */
  readonly alive: number[] = [];
  /** The rest of each user's list row. */
  private readonly rests = new RestArena();
  /** The JSON text of rows lately sent: 128 bytes a user, from 1 MB to 32 MB (about 65,000 rows). */
  readonly rowTexts = new RowTexts(() => Math.min(32 << 20, Math.max(1 << 20, this.size * 128)));
  readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  private slots = 0;
  readonly orders: Record<Order, Permutation>;
  /** 'contains' candidates of the lower-cased names (built by sortAll). */
  readonly pairs = { usernameFold: new PairIndex(() => this.usernameFold), realnameFold: new PairIndex(() => this.realnameFold) };
  /** The users matching conditions asked for (by normalized conditions), each kept exact as users change. */
  readonly matchSets = new Map<string, MatchSet>();
  /** Where the users of the sets most used by deep pages stand in the sorts' orders. */
  readonly ranks = new Ranks();
  /** The users of the smaller remembered sets, listed in the sorts' orders. */
  readonly members = new Members();

  constructor(
    readonly tenantId: string,
    private readonly folding: Folding | null,
  ) {
    const byId = (x: number, y: number) => compareCodePoints(this.ids[x], this.ids[y]);
    const text = (keys: () => string[]) => (x: number, y: number) => compareCodePoints(keys()[x], keys()[y]) || byId(x, y);
    this.orders = {
      createTime: new Permutation((x, y) => this.created[x] - this.created[y] || byId(x, y)),
      username: new Permutation(text(() => this.username)),
      realname: new Permutation(text(() => this.realname)),
      usernameFold: new Permutation(text(() => this.usernameFold)),
      realnameFold: new Permutation(text(() => this.realnameFold)),
    };
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** A remembered set no longer kept: it, and its lists and positions in the orders. */
  forgetSet(key: string): void {
    const set = this.matchSets.get(key);
    if (!set) return;
    this.ranks.drop(set);
    this.members.drop(set);
    this.matchSets.delete(key);
  }

  fold(s: string): string {
    return this.folding ? this.folding.fold(s) : s;
  }

  private newSlot(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    return this.slots++;
  }

  private write(slot: number, u: IndexedUser): void {
    this.ids[slot] = u.id;
    this.username[slot] = u.username;
    this.realname[slot] = u.realname;
    this.usernameFold[slot] = this.fold(u.username);
    this.realnameFold[slot] = this.fold(u.realname);
    this.sex[slot] = u.sex === null ? NaN : u.sex;
    this.status[slot] = u.status;
    this.created[slot] = u.createdUs;
    this.rests.set(slot, restText(u.rest));
    this.rowTexts.drop(slot);
    this.alive[slot] = 1;
  }

  /** The rest of the slot's list row. */
  restOf(slot: number): RowRest {
    return this.rests.get(slot);
  }

  /** Loading: adds users without ordering them (sortAll orders them once). */
  add(u: IndexedUser): void {
    const slot = this.newSlot();
    this.write(slot, u);
    this.slotOf.set(u.id, slot);
  }

  /**
   * Orders every user added, and lists the names' pairs, a step at a time with turns of the event loop
   * between: each sort or list took a few hundred ms at a million, at once, while the app answered.
   */
  async sortAll(): Promise<void> {
    const live = Int32Array.from(this.slotOf.values());
    for (const o of ORDERS) {
      await this.orders[o].build(live.slice());
      // The sorts' positions now, not in the first requests (MemberList; 40 ms or so each at a million).
      if (o === 'createTime' || o === 'username' || o === 'realname') this.orders[o].positions();
      await turn();
    }
    this.rowTexts.reserve(this.slots);
    await this.buildPairs();
  }

  private async buildPairs(): Promise<void> {
    const live = Int32Array.from(this.slotOf.values());
    for (const p of Object.values(this.pairs)) await stepped(p.building(live));
  }

  /** Users changed since the pairs were built, past which they are built again (then at once). */
  private get pairsStale(): boolean {
    const most = Math.max(PAIRS_REBUILD_MIN, this.size >>> 4);
    return this.pairs.usernameFold.changed > most || this.pairs.realnameFold.changed > most;
  }

  private touchPairs(slot: number): void {
    this.pairs.usernameFold.touch(slot);
    this.pairs.realnameFold.touch(slot);
    if (this.pairsStale) {
      const live = Int32Array.from(this.slotOf.values());
      for (const p of Object.values(this.pairs)) p.build(live);
    }
  }

  /** The user as it now is in the tenant (null: not in it, or gone). */
  put(id: string, u: IndexedUser | null): void {
    const slot = this.slotOf.get(id);
    if (slot !== undefined) {
      if (u && this.same(slot, u)) {
        // What the list filters and sorts by is unchanged: only the row's other columns may differ.
        const text = restText(u.rest);
        if (!this.rests.holds(slot, text)) {
          this.rests.set(slot, text);
          this.rowTexts.drop(slot);
        }
        return;
      }
      this.members.removing(slot);
      for (const m of this.matchSets.values()) m.set(slot, false);
      // An order whose key of the user is unchanged keeps the user where it is: moving it out and back
      // moved a million positions twice in each of the five orders (a rename moves only the names').
      const moving = u ? ORDERS.filter((o) => !this.keyHeld(o, slot, u)) : ORDERS;
      for (const o of moving) this.ranks.removed(o, this.orders[o].remove(slot));
      if (!u) {
        this.slotOf.delete(id);
        this.alive[slot] = 0;
        this.rests.clear(slot);
        this.rowTexts.drop(slot);
        this.free.push(slot);
        return;
      }
      this.write(slot, u);
      this.touchPairs(slot);
      for (const o of ORDERS)
        if (moving.includes(o)) this.ranks.inserted(o, this.orders[o].insert(slot), slot);
        else this.ranks.changed(o, () => this.orders[o].lowerBound(slot), slot);
      for (const m of this.matchSets.values()) m.set(slot, m.match(slot));
      this.members.inserted(slot);
      return;
    }
    if (!u) return;
    const fresh = this.newSlot();
    this.write(fresh, u);
    this.slotOf.set(id, fresh);
    this.touchPairs(fresh);
    for (const o of ORDERS) this.ranks.inserted(o, this.orders[o].insert(fresh), fresh);
    for (const m of this.matchSets.values()) m.set(fresh, m.match(fresh));
    this.members.inserted(fresh);
  }

  /** Slots handed out so far (bit sets cover them). */
  get slotCount(): number {
    return this.slots;
  }

  /** Whether the order's key of the slot is the user's (its place in the order is then its place). */
  private keyHeld(o: Order, slot: number, u: IndexedUser): boolean {
    if (o === 'createTime') return this.created[slot] === u.createdUs;
    if (o === 'username' || o === 'usernameFold') return this.username[slot] === u.username;
    return this.realname[slot] === u.realname;
  }

  private same(slot: number, u: IndexedUser): boolean {
    const sex = this.sex[slot];
    return (
      this.username[slot] === u.username &&
      this.realname[slot] === u.realname &&
      (u.sex === null ? Number.isNaN(sex) : sex === u.sex) &&
      this.status[slot] === u.status &&
      this.created[slot] === u.createdUs
    );
  }
}

/** The users matching some conditions: a bit per slot, and how many. */
export class MatchSet {
  bits: Uint32Array;
  count = 0;
  constructor(
    readonly match: Pred,
    slots: number,
  ) {
    this.bits = new Uint32Array((slots >>> 5) + 1);
  }
  has(slot: number): boolean {
    const w = slot >>> 5;
    return w < this.bits.length && ((this.bits[w] >>> (slot & 31)) & 1) === 1;
  }
  set(slot: number, on: boolean): void {
    const w = slot >>> 5;
    if (w >= this.bits.length) {
      if (!on) return;
      const grown = new Uint32Array(Math.max(w + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    const bit = 1 << (slot & 31);
    const was = (this.bits[w] & bit) !== 0;
    if (was === on) return;
    this.bits[w] ^= bit;
    this.count += on ? 1 : -1;
  }
}
