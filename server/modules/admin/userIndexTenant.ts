// One tenant's users in memory, for the user list index (userIndex.ts): compact columns, each
// sort's order kept as users change, and the remembered match sets kept exact with them. Queries
// over them are userIndexQuery.ts; when a tenant is loaded or patched is userIndex.ts's business.
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

/** The list row's other columns (userQuery.ts LIST_COLUMNS; all text) and the user's departments (of every tenant). */
export interface RowRest {
  avatar: string | null;
  mobile: string | null;
  email: string | null;
  telephone: string | null;
  birthday: string | null;
  post: string | null;
  workNo: string | null;
  orgCode: string | null;
  createdBy: string | null;
  departIds: string[] | null;
}
const REST_KEYS = ['avatar', 'mobile', 'email', 'telephone', 'birthday', 'post', 'workNo', 'orgCode', 'createdBy', 'departIds'] as const;

/**
 * Every user's RowRest as UTF-8 JSON in one growing buffer, found by slot: no object per user for the
 * garbage collector to walk. Kept as objects they were ten more heap objects a user, and at a million
 * users every full collection stopped the process for half a second. A changed row is appended; the
 * buffer is rewritten without the old ones once they are most of it.
 */
class RestArena {
  private buf = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  private live = 0;
  private start = new Uint32Array(1024);
  private len = new Uint32Array(1024);

  get(slot: number): RowRest {
    const values = JSON.parse(this.buf.toString('utf8', this.start[slot], this.start[slot] + this.len[slot])) as unknown[];
    const rest = {} as Record<(typeof REST_KEYS)[number], unknown>;
    for (let i = 0; i < REST_KEYS.length; i++) rest[REST_KEYS[i]] = values[i];
    return rest as unknown as RowRest;
  }

  /** Whether the slot holds exactly this rest. */
  holds(slot: number, text: string): boolean {
    return (
      slot < this.start.length &&
      this.len[slot] === Buffer.byteLength(text) &&
      this.buf.toString('utf8', this.start[slot], this.start[slot] + this.len[slot]) === text
    );
  }

  set(slot: number, text: string): void {
    if (slot >= this.start.length) {
      const size = Math.max(slot + 1, this.start.length * 2);
      const start = new Uint32Array(size);
      const len = new Uint32Array(size);
      start.set(this.start);
      len.set(this.len);
      [this.start, this.len] = [start, len];
    }
    const bytes = Buffer.byteLength(text);
    this.live += bytes - this.len[slot];
    if (this.used + bytes > this.buf.length) this.grow(bytes);
    this.buf.write(text, this.used);
    this.start[slot] = this.used;
    this.len[slot] = bytes;
    this.used += bytes;
  }

  clear(slot: number): void {
    if (slot >= this.len.length) return;
    this.live -= this.len[slot];
    this.len[slot] = 0;
  }

  /** Room for `bytes` more: the live rows copied into a buffer twice their size (and the new bytes). */
  private grow(bytes: number): void {
    const next = Buffer.allocUnsafe(Math.max(1 << 16, 2 * (this.live + bytes)));
    let at = 0;
    for (let slot = 0; slot < this.len.length; slot++) {
      const n = this.len[slot];
      if (n === 0) continue;
      this.buf.copy(next, at, this.start[slot], this.start[slot] + n);
      this.start[slot] = at;
      at += n;
    }
    this.buf = next;
    this.used = at;
  }
}

/** Changed users the pair index tests besides its lists before it is built again (at least; or a sixteenth of the users). */
const PAIRS_REBUILD_MIN = 4096;

const restText = (r: RowRest): string => JSON.stringify(REST_KEYS.map((k) => r[k]));

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

/**
 * The users whose lower-cased name holds each pair of adjacent UTF-16 units, for 'contains' filters:
 * a name holding a text holds every pair of it, so the users of its rarest pair are the only ones to
 * test. Without it every new 'contains' text tested every user (about 12 ms at a million), and at the
 * start of a busy day a hundred new ones came at once and stopped the process for a second.
 *
 * Built once (sortAll), in one array per tenant and field; users changed since are `dirty` and are
 * tested as well, until they are so many that it is built again.
 */
export class PairIndex {
  private postings = new Map<number, Uint32Array>();
  private readonly dirty = new Set<number>();

  constructor(private readonly keys: () => string[]) {}

  build(slots: Int32Array): void {
    const keys = this.keys();
    const counts = new Map<number, number>();
    const each = (k: string, f: (pair: number) => void) => {
      for (let i = 0; i + 1 < k.length; i++) f(((k.charCodeAt(i) << 16) | k.charCodeAt(i + 1)) >>> 0);
    };
    for (const s of slots) each(keys[s], (pair) => counts.set(pair, (counts.get(pair) ?? 0) + 1));
    const postings = new Map<number, Uint32Array>();
    const filled = new Map<number, number>();
    const all = new Uint32Array([...counts.values()].reduce((a, b) => a + b, 0));
    let at = 0;
    for (const [pair, n] of counts) {
      postings.set(pair, all.subarray(at, at + n));
      filled.set(pair, 0);
      at += n;
    }
    for (const s of slots)
      each(keys[s], (pair) => {
        const list = postings.get(pair)!;
        const n = filled.get(pair)!;
        // A name holding a pair twice is listed once.
        if (n > 0 && list[n - 1] === s) return;
        list[n] = s;
        filled.set(pair, n + 1);
      });
    for (const [pair, n] of filled) postings.set(pair, postings.get(pair)!.subarray(0, n));
    this.postings = postings;
    this.dirty.clear();
  }

  /** A user whose name changed, or new: tested with every text until the next build. */
  touch(slot: number): void {
    this.dirty.add(slot);
  }

  /** Changed users since the build. */
  get changed(): number {
    return this.dirty.size;
  }

  /**
   * The only users whose name can hold `text` (lower-cased; two units at least): how many at most,
   * and a way to list them (live ones, each once); null when the text is shorter.
   */
  candidates(text: string, alive: number[]): { count: number; list: () => number[] } | null {
    if (text.length < 2) return null;
    let rarest: Uint32Array | undefined = EMPTY;
    for (let i = 0; i + 1 < text.length; i++) {
      const list = this.postings.get(((text.charCodeAt(i) << 16) | text.charCodeAt(i + 1)) >>> 0) ?? EMPTY;
      if (list.length < rarest.length || i === 0) rarest = list;
    }
    const listed = rarest;
    const dirty = this.dirty;
    return {
      count: listed.length + dirty.size,
      list: () => {
        const out: number[] = [];
        for (const s of listed) if (alive[s] === 1 && !dirty.has(s)) out.push(s);
        for (const s of dirty) if (alive[s] === 1) out.push(s);
        return out;
      },
    };
  }
}

const EMPTY = new Uint32Array(0);

/** One sort order: slots in (key, id) order, with room to grow. */
export class Permutation {
  a: Int32Array = new Int32Array(0);
  n = 0;
  constructor(readonly compare: (x: number, y: number) => number) {}

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

  insert(slot: number): void {
    const at = this.lowerBound(slot);
    if (this.n === this.a.length) {
      const grown = new Int32Array(Math.max(16, this.a.length * 2));
      grown.set(this.a.subarray(0, this.n));
      this.a = grown;
    }
    this.a.copyWithin(at + 1, at, this.n);
    this.a[at] = slot;
    this.n++;
  }

  remove(slot: number): void {
    const at = this.lowerBound(slot);
    if (at >= this.n || this.a[at] !== slot) throw new Error('user index: a user is not where its order puts it');
    this.a.copyWithin(at, at + 1, this.n);
    this.n--;
  }

  /** Every slot of `slots`, sorted. */
  build(slots: Int32Array): void {
    this.a = slots.sort(this.compare);
    this.n = slots.length;
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
  readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  private slots = 0;
  readonly orders: Record<Order, Permutation>;
  /** 'contains' candidates of the lower-cased names (built by sortAll). */
  readonly pairs = { usernameFold: new PairIndex(() => this.usernameFold), realnameFold: new PairIndex(() => this.realnameFold) };
  /** The users matching conditions asked for (by normalized conditions), each kept exact as users change. */
  readonly matchSets = new Map<string, MatchSet>();

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

  /** Orders every user added, one order at a time with a turn of the event loop between (each takes a few hundred ms at a million). */
  async sortAll(): Promise<void> {
    const live = Int32Array.from(this.slotOf.values());
    for (const o of ORDERS) {
      this.orders[o].build(live.slice());
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.buildPairs();
  }

  private async buildPairs(): Promise<void> {
    const live = Int32Array.from(this.slotOf.values());
    for (const p of Object.values(this.pairs)) {
      p.build(live);
      await new Promise((resolve) => setImmediate(resolve));
    }
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
        if (!this.rests.holds(slot, text)) this.rests.set(slot, text);
        return;
      }
      for (const m of this.matchSets.values()) m.set(slot, false);
      for (const o of ORDERS) this.orders[o].remove(slot);
      if (!u) {
        this.slotOf.delete(id);
        this.alive[slot] = 0;
        this.rests.clear(slot);
        this.free.push(slot);
        return;
      }
      this.write(slot, u);
      this.touchPairs(slot);
      for (const o of ORDERS) this.orders[o].insert(slot);
      for (const m of this.matchSets.values()) m.set(slot, m.match(slot));
      return;
    }
    if (!u) return;
    const fresh = this.newSlot();
    this.write(fresh, u);
    this.slotOf.set(id, fresh);
    this.touchPairs(fresh);
    for (const o of ORDERS) this.orders[o].insert(fresh);
    for (const m of this.matchSets.values()) m.set(fresh, m.match(fresh));
  }

  /** Slots handed out so far (bit sets cover them). */
  get slotCount(): number {
    return this.slots;
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
