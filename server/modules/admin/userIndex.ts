// The user list from memory (issue 15 §2): per large tenant, the columns the list filters and sorts by
// in compact arrays, kept in each sort's order (and, for case-insensitive prefixes, in the order of
// the lower-cased names). A page's ids and the exact total come from here; the page's rows are then
// read by id (usersByIds), so what a row shows is always the database's. listUsers (SQL) stays the
// answer for everything this index does not answer exactly: a super query, a reader's data rules,
// another field, rule or sort, a tenant below `minUsers`, a value the database would refuse.
//
// Exactness with PostgreSQL:
// * Text order is the database's collation: the index is on only when it orders by code point (C,
//   C.UTF-8, POSIX with the libc or builtin provider); strings are compared by code point here.
// * ILIKE lower-cases both sides with the database's lower(): the mapping is read from the database
//   at start (lower() of every code point up to U+1FFFF), so both fold alike whatever its ctype.
// * Dates are the display zone's wall clock (parseDisplayTime, as listSql's typed()); creation times
//   are kept in microseconds, as the database keeps them.
// * Ties are broken by id in the sort's direction (orderOf); NULL (sex) matches no condition.
//
// Kept current by the database's own notices: migration 0036's triggers name the users a statement
// changed ('boss_user_rows'); every process re-reads those rows and patches its arrays. A write
// request of this process answers only after its change was applied here (ListCache's write hook,
// ChangeFollower). While the broker may miss a notice (its listener lost), nothing is answered from
// here, and the arrays are dropped and read again once it listens.
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { SysUserRow } from '../../../contract/api/admin';
import type { Condition, ListQuery, PageResult } from '../../../contract/listQuery';
import { parseDisplayTime } from '../../../contract/time';
import { queryArrays, type Db } from '../../db/client';
import type { ChangeFollower } from '../../lib/listCache';
import { TOPIC_CHANNELS, type Broker } from '../../realtime/broker';
import { usersByIds } from './userQuery';

export interface UserIndexOptions {
  /** Tenants with fewer users are listed by SQL (and take no memory here). */
  minUsers?: number;
  /** A tenant found below minUsers is counted again after this long. */
  recountMs?: number;
  /** List rows kept for the pages answered here (all tenants together; 0 reads every page's rows). */
  rowCache?: number;
}
export const USER_INDEX_DEFAULTS: Required<UserIndexOptions> = { minUsers: 20_000, recountMs: 300_000, rowCache: 50_000 };

const rowKey = (tenantId: string, id: string) => `${tenantId}\u0000${id}`;

/** Rows read per statement when a tenant is loaded. */
const LOAD_BATCH = 20_000;
/** Match sets remembered per tenant (each kept exact as users change; a bit per user each). */
const MAX_MATCH_SETS = 256;
/** A filter whose matches all lie in fewer users than this is not remembered: finding them again is cheap. */
const REMEMBER_FROM = 50_000;
/** At most this many candidates of a narrow filter are sorted; more, and the sort's order is walked. */
const SORT_MATCHES_MAX = 2_000;
/** lower() is read from the database for the code points below this (none above has a case). */
const FOLD_PROBE_END = 0x20000;

/**
 * Compares by Unicode code point (PostgreSQL's C collation on UTF-8 compares bytes, which is that
 * order); JavaScript's < compares UTF-16 units, which puts U+E000–U+FFFF after astral characters.
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      if (x >= 0xd800 && y >= 0xd800) {
        x = x < 0xe000 ? x + 0x2000 : x - 0x800;
        y = y < 0xe000 ? y + 0x2000 : y - 0x800;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}

/** Collations that order text by code point. */
const CODE_POINT_COLLATIONS = new Set(['C', 'POSIX', 'C.UTF-8', 'C.utf8']);

/** The database's lower(), code point by code point (null: unknown, so no ILIKE is answered here). */
class Folding {
  constructor(private readonly table: Uint32Array) {}

  /** What lower() gives for `s` (the same string when nothing changes). */
  fold(s: string): string {
    const n = s.length;
    let i = 0;
    // Most names are ASCII without capitals: nothing to do.
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x41 && (c <= 0x5a || c >= 0x80)) break;
    }
    if (i === n) return s;
    let out: string | null = null;
    let from = 0;
    while (i < n) {
      const cp = s.codePointAt(i)!;
      const width = cp > 0xffff ? 2 : 1;
      const to = cp < this.table.length ? this.table[cp] : 0;
      if (to) {
        out = (out ?? '') + s.slice(from, i) + String.fromCodePoint(to);
        from = i + width;
      }
      i += width;
    }
    return out === null ? s : out + s.slice(from);
  }

  /** Reads the database's lower() of every code point below FOLD_PROBE_END; null if it is not one code point per code point. */
  static async read(db: Db): Promise<Folding | null> {
    const points: number[] = [];
    for (let cp = 1; cp < FOLD_PROBE_END; cp++) if (cp < 0xd800 || cp > 0xdfff) points.push(cp);
    const chunks: string[] = [];
    for (let i = 0; i < points.length; i += 4096) chunks.push(String.fromCodePoint(...points.slice(i, i + 4096)));
    const probe = chunks.join('');
    const [row] = await queryArrays(db, { name: '', sql: 'SELECT lower($1::text)', params: [probe] }, {});
    const lowered = Array.from(String(row?.[0] ?? ''));
    if (lowered.length !== points.length) return null;
    const table = new Uint32Array(FOLD_PROBE_END);
    for (let i = 0; i < points.length; i++) {
      const to = lowered[i].codePointAt(0)!;
      if (to !== points[i]) table[points[i]] = to;
    }
    // The fast path of fold() takes ASCII other than A–Z as unchanged and A–Z as lowered.
    for (let cp = 1; cp < 0x80; cp++) {
      const want = cp >= 0x41 && cp <= 0x5a ? cp + 0x20 : 0;
      if (table[cp] !== want) return null;
    }
    return new Folding(table);
  }
}

/** One user as the index keeps it. */
interface IndexedUser {
  id: string;
  username: string;
  realname: string;
  sex: number | null;
  status: number;
  /** created_at in microseconds since the epoch. */
  createdUs: number;
}

/** The orders kept: the list's sorts, and the lower-cased names (case-insensitive prefixes are ranges of them). */
const ORDERS = ['createTime', 'username', 'realname', 'usernameFold', 'realnameFold'] as const;
type Order = (typeof ORDERS)[number];
type SortField = 'createTime' | 'username' | 'realname';
const SORT_FIELDS = new Set<string>(['createTime', 'username', 'realname']);

type Pred = (slot: number) => boolean;

/** A part of one order that holds every match: positions lo (inclusive) to hi (exclusive). */
interface Range {
  order: Order;
  lo: number;
  hi: number;
}

/** What a query's conditions become: the test of one user, and narrower places to look. */
interface Compiled {
  match: Pred | null;
  ranges: Range[];
  /** The only users that can match (a filter by id), else null. */
  slots: number[] | null;
}

/** One sort order: slots in (key, id) order, with room to grow. */
class Permutation {
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
class TenantIndex {
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
  readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  private slots = 0;
  readonly orders: Record<Order, Permutation>;
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
    this.alive[slot] = 1;
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
  }

  /** The user as it now is in the tenant (null: not in it, or gone). */
  put(id: string, u: IndexedUser | null): void {
    const slot = this.slotOf.get(id);
    if (slot !== undefined) {
      if (u && this.same(slot, u)) return;
      for (const m of this.matchSets.values()) m.set(slot, false);
      for (const o of ORDERS) this.orders[o].remove(slot);
      if (!u) {
        this.slotOf.delete(id);
        this.alive[slot] = 0;
        this.free.push(slot);
        return;
      }
      this.write(slot, u);
      for (const o of ORDERS) this.orders[o].insert(slot);
      for (const m of this.matchSets.values()) m.set(slot, m.match(slot));
      return;
    }
    if (!u) return;
    const fresh = this.newSlot();
    this.write(fresh, u);
    this.slotOf.set(id, fresh);
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
class MatchSet {
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

/** Lone surrogates (the database would store U+FFFD) and NUL (refused) are left to the database. */
const UNSAFE_TEXT = /\p{Cs}|\0/u;
const INT4_MIN = -2147483648;
const INT4_MAX = 2147483647;

/**
 * The conditions as tests over one tenant's arrays, or null for a condition this index does not
 * answer exactly (the database answers it, or refuses its value).
 */
function compile(where: Condition[], t: TenantIndex, folding: Folding | null): Compiled | null {
  const tests: Pred[] = [];
  const ranges: Range[] = [];
  let idsOnly: string[] | null = null;
  for (const c of where) {
    const values = c.rule === 'in' ? (Array.isArray(c.value) ? c.value : [c.value]) : [(Array.isArray(c.value) ? c.value[0] : c.value) ?? ''];
    if (values.some((v) => typeof v !== 'string' || UNSAFE_TEXT.test(v))) return null;
    const one = values[0];
    const like = c.rule === 'like' || c.rule === 'left_like' || c.rule === 'right_like';
    if (c.field === 'id' || c.field === 'username' || c.field === 'realname') {
      const field = c.field;
      // String arrays are never replaced: a test holds them.
      const keys = field === 'id' ? t.ids : field === 'username' ? t.username : t.realname;
      const order: Order | null = field === 'id' ? null : field;
      if (like) {
        if (!folding) return null;
        const v = folding.fold(one);
        if (field === 'id') {
          const ids = t.ids;
          const f = (s: number) => folding.fold(ids[s]);
          tests.push(c.rule === 'like' ? (s) => f(s).includes(v) : c.rule === 'left_like' ? (s) => f(s).endsWith(v) : (s) => f(s).startsWith(v));
          continue;
        }
        const folded = field === 'username' ? t.usernameFold : t.realnameFold;
        if (c.rule === 'like') tests.push((s) => folded[s].includes(v));
        else if (c.rule === 'left_like') tests.push((s) => folded[s].endsWith(v));
        else {
          tests.push((s) => folded[s].startsWith(v));
          // Names starting with v (lower-cased) are one stretch of the lower-cased order.
          const fo: Order = field === 'username' ? 'usernameFold' : 'realnameFold';
          const perm = t.orders[fo];
          const head = (s: number) => compareCodePoints(folded[s].slice(0, v.length), v);
          ranges.push({ order: fo, lo: perm.bound(head, false), hi: perm.bound(head, true) });
        }
        continue;
      }
      if (c.rule === 'in') {
        const set = new Set(values);
        tests.push((s) => set.has(keys[s]));
        if (field === 'id') idsOnly = intersect(idsOnly, values);
        continue;
      }
      const v = one;
      switch (c.rule) {
        case 'eq':
          tests.push((s) => keys[s] === v);
          if (field === 'id') idsOnly = intersect(idsOnly, [v]);
          break;
        case 'ne':
          tests.push((s) => keys[s] !== v);
          break;
        case 'gt':
          tests.push((s) => compareCodePoints(keys[s], v) > 0);
          break;
        case 'ge':
          tests.push((s) => compareCodePoints(keys[s], v) >= 0);
          break;
        case 'lt':
          tests.push((s) => compareCodePoints(keys[s], v) < 0);
          break;
        case 'le':
          tests.push((s) => compareCodePoints(keys[s], v) <= 0);
          break;
        default:
          return null;
      }
      if (order) {
        const range = keyRange(c.rule, t.orders[order], (s) => compareCodePoints(keys[s], v));
        if (range) ranges.push({ order, ...range });
      }
      continue;
    }
    if (c.field === 'sex' || c.field === 'status') {
      if (like) return null;
      const nums = values.map(Number);
      // What the database would refuse as an integer (1.5, out of range) is its to refuse.
      if (nums.some((n) => !Number.isInteger(n) || n < INT4_MIN || n > INT4_MAX)) return null;
      const test = numberTest(c.rule, nums, c.field === 'sex' ? t.sex : t.status);
      if (!test) return null;
      tests.push(test);
      continue;
    }
    if (c.field === 'createTime') {
      if (like) return null;
      const dates = values.map((v) => parseDisplayTime(v));
      if (dates.some((d) => !d)) return null;
      const nums = dates.map((d) => d!.getTime() * 1000);
      const test = numberTest(c.rule, nums, t.created);
      if (!test) return null;
      tests.push(test);
      const v = nums[0];
      const created = t.created;
      const range = keyRange(c.rule, t.orders.createTime, (s) => created[s] - v);
      if (range) ranges.push({ order: 'createTime', ...range });
      continue;
    }
    return null;
  }
  const [a, b, c] = tests;
  const match: Pred | null =
    tests.length === 0
      ? null
      : tests.length === 1
        ? a
        : tests.length === 2
          ? (s) => a(s) && b(s)
          : tests.length === 3
            ? (s) => a(s) && b(s) && c(s)
            : (s) => tests.every((f) => f(s));
  const slots = idsOnly === null ? null : [...new Set(idsOnly)].map((id) => t.slotOf.get(id)).filter((s): s is number => s !== undefined);
  return { match, ranges, slots };
}

function intersect(known: string[] | null, ids: string[]): string[] {
  return known === null ? ids : known.filter((id) => ids.includes(id));
}

/** A test of a numeric column (NaN is NULL: no rule matches it). */
function numberTest(rule: Condition['rule'], nums: number[], col: number[]): Pred | null {
  const v = nums[0];
  switch (rule) {
    case 'eq':
      return (s) => col[s] === v;
    case 'ne':
      return (s) => {
        const x = col[s];
        return x === x && x !== v;
      };
    case 'gt':
      return (s) => col[s] > v;
    case 'ge':
      return (s) => col[s] >= v;
    case 'lt':
      return (s) => col[s] < v;
    case 'le':
      return (s) => col[s] <= v;
    case 'in': {
      const set = new Set(nums);
      return (s) => set.has(col[s]);
    }
    default:
      return null;
  }
}

/** The stretch of an order's positions a comparison with one key keeps (`key(slot)` compares the slot's key with it). */
function keyRange(rule: Condition['rule'], perm: Permutation, key: (slot: number) => number): { lo: number; hi: number } | null {
  switch (rule) {
    case 'eq':
      return { lo: perm.bound(key, false), hi: perm.bound(key, true) };
    case 'gt':
      return { lo: perm.bound(key, true), hi: perm.n };
    case 'ge':
      return { lo: perm.bound(key, false), hi: perm.n };
    case 'lt':
      return { lo: 0, hi: perm.bound(key, false) };
    case 'le':
      return { lo: 0, hi: perm.bound(key, true) };
    default:
      return null;
  }
}

/** Positions lo..hi of an order, walked in the list's direction. */
interface Source {
  perm: Permutation;
  lo: number;
  hi: number;
}

/**
 * Matches number `skip` to `skip + take` of a source walked ascending (or descending), `total` being
 * the source's matches: a page past the middle is found from the other end.
 */
function pageOf(src: Source, asc: boolean, matches: Uint32Array | null, skip: number, take: number, total: number): number[] {
  if (skip >= total || take <= 0) return [];
  take = Math.min(take, total - skip);
  const fromEnd = total - skip - take < skip;
  const forward = asc !== fromEnd;
  let toSkip = fromEnd ? total - skip - take : skip;
  const out: number[] = [];
  const a = src.perm.a;
  if (!matches) {
    // Every position matches: the page is a slice.
    const start = forward ? src.lo + toSkip : src.hi - 1 - toSkip;
    for (let k = 0; k < take; k++) out.push(a[forward ? start + k : start - k]);
  } else if (forward) {
    // The test is a MatchSet's bit, inline: a deep page tests a million of them.
    const n = matches.length << 5;
    for (let i = src.lo; i < src.hi && out.length < take; i++) {
      const s = a[i];
      if (s >= n || ((matches[s >>> 5] >>> (s & 31)) & 1) === 0) continue;
      if (toSkip > 0) toSkip--;
      else out.push(s);
    }
  } else {
    const n = matches.length << 5;
    for (let i = src.hi - 1; i >= src.lo && out.length < take; i--) {
      const s = a[i];
      if (s >= n || ((matches[s >>> 5] >>> (s & 31)) & 1) === 0) continue;
      if (toSkip > 0) toSkip--;
      else out.push(s);
    }
  }
  return fromEnd ? out.reverse() : out;
}

type TenantState = { kind: 'small'; until: number } | { kind: 'counting' } | { kind: 'loading'; pending: Set<string> } | { kind: 'ready'; index: TenantIndex };

/** Rows of users by id, as the index keeps them, with their tenants. */
const USER_ROWS_SQL = `SELECT id, username, realname, sex, status, (extract(epoch FROM created_at) * 1000000)::float8, tenant_ids FROM users`;

function userOf(row: unknown[]): IndexedUser {
  return {
    id: row[0] as string,
    username: row[1] as string,
    realname: row[2] as string,
    sex: row[3] === null ? null : Number(row[3]),
    status: Number(row[4]),
    createdUs: Number(row[5]),
  };
}

export class UserIndex implements ChangeFollower {
  private readonly opts: Required<UserIndexOptions>;
  private broker: Broker | null = null;
  /** Why the index is off for this database (null: on), once attach() has looked. */
  private off: string | null = 'not attached';
  private folding: Folding | null = null;
  private foldingRead: Promise<Folding | null> | null = null;
  private readonly tenants = new Map<string, TenantState>();
  /** Changed users not yet re-read for the ready tenants, and the chain of re-reads. */
  private changed = new Set<string>();
  private applying: Promise<void> = Promise.resolve();
  private applyQueued = false;
  /** Re-reads queued or running: a page found meanwhile may miss a change already heard (keepable). */
  private inFlight = 0;
  /** Pages found while changes heard were not applied yet: answered, but never kept by the list cache. */
  private readonly behind = new WeakSet<object>();
  /** The list rows of pages answered here, by tenant and id (see rowsOf). */
  private readonly rows: LRUCache<string, SysUserRow>;
  /** Bumped by every notice that may change a kept row: a read of rows that started before it keeps nothing. */
  private rowEpoch = 0;
  /** Tenants whose rows are kept. */
  private readonly rowTenants = new Set<string>();
  /** Bumped whenever every tenant is dropped: a load or re-read started before it is thrown away. */
  private generation = 0;
  /** Pages answered here and calls left to SQL (tests, diagnostics). */
  readonly stats = { answered: 0, declined: 0, loads: 0 };

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    opts: UserIndexOptions = {},
  ) {
    this.opts = { ...USER_INDEX_DEFAULTS, ...opts };
    this.rows = new LRUCache<string, SysUserRow>({ max: Math.max(1, this.opts.rowCache) });
  }

  /** Looks at the database's collation, then listens for changed users; on any failure the index stays off. */
  async attach(broker: Broker): Promise<void> {
    try {
      await this.start(broker);
    } catch (err) {
      this.off = `could not look at the database: ${(err as Error).message}`;
      this.log.warn(`user list index off: ${this.off}`);
    }
  }

  private async start(broker: Broker): Promise<void> {
    const [row] = await queryArrays(
      this.db,
      { name: '', sql: 'SELECT datcollate, datlocprovider::text FROM pg_database WHERE datname = current_database()', params: [] },
      {},
    );
    const [collate, provider] = [String(row?.[0] ?? ''), String(row?.[1] ?? '')];
    if (!CODE_POINT_COLLATIONS.has(collate) || (provider !== 'c' && provider !== 'b')) {
      this.off = `the database collation ${collate} (provider ${provider}) does not order text by code point`;
      this.log.info(`user list index off: ${this.off}`);
      return;
    }
    this.broker = broker;
    this.off = null;
    broker.onTopic(TOPIC_CHANNELS.userRows, (payload) => this.heard(payload));
    // A row shows its departments: a change of them drops every kept row (users' own changes come above, by id).
    broker.onTopic(TOPIC_CHANNELS.tables, (table) => {
      if (table === null || table === 'user_departs' || table === 'departments') this.dropRows();
    });
    void this.warm();
  }

  /** At start, in the background: loads the tenants that have minUsers users (the others load when first listed, if they grew). */
  private async warm(): Promise<void> {
    if (this.opts.minUsers <= 0) return;
    const generation = this.generation;
    try {
      const rows = await queryArrays(
        this.db,
        { name: '', sql: 'SELECT t, count(*)::int FROM users, unnest(tenant_ids) AS t GROUP BY t HAVING count(*) >= $1', params: [this.opts.minUsers] },
        {},
      );
      for (const [tenantId] of rows) if (generation === this.generation && !this.tenants.has(String(tenantId))) this.begin(String(tenantId));
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'user list index: counting tenants at start failed');
    }
  }

  detach(): void {
    this.off = 'detached';
    this.broker = null;
    this.dropAll();
  }

  /** Answers pages now (the database's order is code points and every change is heard). */
  get live(): boolean {
    return this.off === null && this.broker?.listening === true;
  }

  get holding(): boolean {
    if (!this.live) return false;
    for (const s of this.tenants.values()) if (s.kind === 'ready' || s.kind === 'loading') return true;
    return false;
  }

  caughtUp(): Promise<void> {
    return this.applying;
  }

  lost(): void {
    this.dropAll();
  }

  /** Users of the tenant held here (0 when not loaded). */
  sizeOf(tenantId: string): number {
    const s = this.tenants.get(tenantId);
    return s?.kind === 'ready' ? s.index.size : 0;
  }

  /** Resolves once the tenant is loaded (or found too small); tests and warm-up. */
  async ready(tenantId: string): Promise<void> {
    for (;;) {
      const s = this.tenants.get(tenantId);
      if (!this.live || s?.kind === 'ready' || s?.kind === 'small') return;
      if (!s) this.begin(tenantId);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  private dropAll(): void {
    this.generation++;
    this.tenants.clear();
    this.changed.clear();
    this.dropRows();
  }

  private dropRows(): void {
    this.rowEpoch++;
    this.rows.clear();
    this.rowTenants.clear();
  }

  private heard(payload: string | null): void {
    // A listener lost, or too many changes to name: everything is read again when next asked for.
    if (payload === null || payload === '*') return this.dropAll();
    let ids: string[];
    try {
      ids = JSON.parse(payload) as string[];
    } catch {
      return this.dropAll();
    }
    for (const s of this.tenants.values()) if (s.kind === 'loading') for (const id of ids) s.pending.add(id);
    for (const id of ids) this.changed.add(id);
    this.rowEpoch++;
    for (const tenantId of this.rowTenants) for (const id of ids) this.rows.delete(rowKey(tenantId, id));
    if (this.applyQueued) return;
    this.applyQueued = true;
    this.inFlight++;
    this.applying = this.applying.then(async () => {
      this.applyQueued = false;
      try {
        await this.applyChanged();
      } finally {
        this.inFlight--;
      }
    });
  }

  /** Re-reads the changed users and patches the ready tenants (those ready when the read starts). */
  private async applyChanged(): Promise<void> {
    const ids = [...this.changed];
    this.changed.clear();
    if (!ids.length) return;
    const generation = this.generation;
    const ready: TenantIndex[] = [];
    for (const s of this.tenants.values()) if (s.kind === 'ready') ready.push(s.index);
    if (!ready.length) return;
    try {
      const rows = await this.readUsers(ids);
      if (generation !== this.generation) return;
      for (const index of ready) this.patch(index, ids, rows);
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'user list index: re-reading changed users failed; dropped');
      this.dropAll();
    }
  }

  private async readUsers(ids: string[]): Promise<Map<string, { user: IndexedUser; tenants: string[] }>> {
    const rows = await queryArrays(this.db, { name: 'user_index_rows', sql: `${USER_ROWS_SQL} WHERE id = ANY($1::text[])`, params: [ids] }, {});
    return new Map(rows.map((r) => [r[0] as string, { user: userOf(r), tenants: (r[6] as string[]) ?? [] }]));
  }

  private patch(index: TenantIndex, ids: string[], rows: Map<string, { user: IndexedUser; tenants: string[] }>): void {
    try {
      for (const id of ids) {
        const row = rows.get(id);
        index.put(id, row && row.tenants.includes(index.tenantId) ? row.user : null);
      }
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'user list index: patch failed; tenant dropped');
      this.tenants.delete(index.tenantId);
    }
  }

  /** Starts counting (and, when large, loading) a tenant; the list is answered by SQL meanwhile. */
  private begin(tenantId: string): void {
    this.tenants.set(tenantId, { kind: 'counting' });
    const generation = this.generation;
    void (async () => {
      if (this.opts.minUsers > 0) {
        const [row] = await queryArrays(
          this.db,
          { name: '', sql: 'SELECT count(*)::int FROM users WHERE tenant_ids @> ARRAY[$1]::text[]', params: [tenantId] },
          {},
        );
        if (generation !== this.generation) return;
        if (Number(row?.[0] ?? 0) < this.opts.minUsers) {
          this.tenants.set(tenantId, { kind: 'small', until: Date.now() + this.opts.recountMs });
          return;
        }
      }
      await this.load(tenantId, generation);
    })().catch((err: Error) => {
      this.log.warn({ err: err.message, tenantId }, 'user list index: loading failed');
      if (generation === this.generation) this.tenants.delete(tenantId);
    });
  }

  private async load(tenantId: string, generation: number): Promise<void> {
    const started = performance.now();
    const state = { kind: 'loading' as const, pending: new Set<string>() };
    this.tenants.set(tenantId, state);
    // The database's lower() is read when the first large tenant loads, not at every start: most
    // databases (and every test app) have no tenant this large.
    this.foldingRead ??= Folding.read(this.db).then(
      (folding) => {
        if (!folding) this.log.info("user list index: the database's lower() is not one code point per code point; contains/starts-with filters stay on SQL");
        return (this.folding = folding);
      },
      (err: unknown) => {
        this.foldingRead = null;
        throw err;
      },
    );
    const index = new TenantIndex(tenantId, await this.foldingRead);
    let last = '';
    for (;;) {
      const rows = await queryArrays(
        this.db,
        {
          name: 'user_index_load',
          sql: `${USER_ROWS_SQL} WHERE tenant_ids @> ARRAY[$1]::text[] AND id > $2 ORDER BY id LIMIT ${LOAD_BATCH}`,
          params: [tenantId, last],
        },
        {},
      );
      if (generation !== this.generation || this.tenants.get(tenantId) !== state) return;
      for (const r of rows) index.add(userOf(r));
      if (rows.length < LOAD_BATCH) break;
      last = rows[rows.length - 1][0] as string;
    }
    await index.sortAll();
    if (generation !== this.generation || this.tenants.get(tenantId) !== state) return;
    // Users changed while loading are read again until none is left; then the tenant is answered from here.
    while (state.pending.size) {
      const ids = [...state.pending];
      state.pending.clear();
      const rows = await this.readUsers(ids);
      if (generation !== this.generation || this.tenants.get(tenantId) !== state) return;
      this.patch(index, ids, rows);
      if (!this.tenants.has(tenantId)) return;
    }
    this.tenants.set(tenantId, { kind: 'ready', index });
    this.stats.loads++;
    const mb = (process.memoryUsage().heapUsed / 1048576).toFixed(0);
    this.log.info({ tenantId, users: index.size, ms: Math.round(performance.now() - started), heapMb: mb }, 'user list index loaded');
  }

  /** The ready index of the tenant, starting to load it when first asked for. */
  private indexOf(tenantId: string): TenantIndex | null {
    const s = this.tenants.get(tenantId);
    if (s?.kind === 'ready') return s.index;
    if (!s || (s.kind === 'small' && Date.now() >= s.until)) this.begin(tenantId);
    return null;
  }

  /**
   * A page of the user list from memory, or null when this index does not answer it exactly (the
   * caller asks listUsers). `q` has no data rules applied: a reader with rules goes to SQL.
   */
  async list(q: ListQuery, tenantId: string): Promise<PageResult<SysUserRow> | null> {
    if (!this.live || q.superQuery || !SORT_FIELDS.has(q.sort.field)) return this.decline();
    const index = this.indexOf(tenantId);
    if (!index) return this.decline();
    const behind = this.inFlight > 0;
    let ids: string[];
    let total: number;
    try {
      const found = this.find(index, q);
      if (!found) return this.decline();
      ({ ids, total } = found);
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'user list index: a page failed; tenant dropped');
      this.tenants.delete(tenantId);
      return this.decline();
    }
    const records = await this.rowsOf(ids, tenantId);
    // A user gone since the index last heard: the database answers this once.
    if (!records) return this.decline();
    this.stats.answered++;
    const page = { records, total, size: q.pageSize, current: q.pageNo };
    if (behind) this.behind.add(page);
    return page;
  }

  /** Whether the list cache may keep a page this index answered (it had applied every change heard). */
  keepable(page: object): boolean {
    return !this.behind.has(page);
  }

  /**
   * The list rows of `ids` in order: kept ones, and the others read by id (usersByIds) and kept unless
   * a change was heard while they were read. A row is dropped when its user changes (its notice) or
   * any department or membership of one does. Null when a user is no longer in the tenant.
   */
  private async rowsOf(ids: string[], tenantId: string): Promise<SysUserRow[] | null> {
    const out: (SysUserRow | undefined)[] = ids.map((id) => this.rows.get(rowKey(tenantId, id)));
    const missing = ids.filter((_, i) => !out[i]);
    if (!missing.length) return out as SysUserRow[];
    const epoch = this.rowEpoch;
    const read = await usersByIds(this.db, missing, tenantId);
    if (!read) return null;
    const keep = epoch === this.rowEpoch && this.live && this.opts.rowCache > 0;
    if (keep) this.rowTenants.add(tenantId);
    let k = 0;
    for (let i = 0; i < out.length; i++) {
      if (out[i]) continue;
      out[i] = read[k++];
      if (keep) this.rows.set(rowKey(tenantId, ids[i]), out[i]!);
    }
    return out as SysUserRow[];
  }

  private decline(): null {
    this.stats.declined++;
    return null;
  }

  /** The page's ids in list order and the exact total, or null when a condition is not answered here. */
  private find(t: TenantIndex, q: ListQuery): { ids: string[]; total: number } | null {
    const compiled = compile(q.where, t, this.folding);
    if (!compiled) return null;
    const sort = q.sort.field as SortField;
    const asc = q.sort.dir === 'asc';
    const skip = (q.pageNo - 1) * q.pageSize;
    const { match, ranges } = compiled;
    const sortPerm = t.orders[sort];
    const idsOf = (slots: number[]) => ({ ids: slots.map((s) => t.ids[s]), total: 0 });

    // No condition: the page is a slice of the sort's order.
    if (!match) return { ...idsOf(pageOf({ perm: sortPerm, lo: 0, hi: sortPerm.n }, asc, null, skip, q.pageSize, sortPerm.n)), total: sortPerm.n };

    // The narrowest place that holds every match (a filter by id, or a stretch of one order).
    let narrowest: Range | null = null;
    for (const r of ranges) if (!narrowest || r.hi - r.lo < narrowest.hi - narrowest.lo) narrowest = r;
    const ordered = (slots: number[]) => slots.sort((x, y) => (asc ? sortPerm.compare(x, y) : sortPerm.compare(y, x)));
    const few =
      compiled.slots ??
      (narrowest && narrowest.hi - narrowest.lo <= SORT_MATCHES_MAX ? [...t.orders[narrowest.order].a.subarray(narrowest.lo, narrowest.hi)] : null);
    if (few) {
      // Few candidates: their matches, sorted.
      const found = ordered(few.filter(match));
      return { ...idsOf(found.slice(skip, skip + q.pageSize)), total: found.length };
    }

    const set = this.matchSetOf(t, q.where, match, narrowest);
    // Conditions on the sort's own order: every match lies in the stretch all of them keep.
    let lo = 0;
    let hi = sortPerm.n;
    for (const r of ranges) if (r.order === sort) [lo, hi] = [Math.max(lo, r.lo), Math.min(hi, r.hi)];
    const page = pageOf({ perm: sortPerm, lo, hi: Math.max(lo, hi) }, asc, set.bits, skip, q.pageSize, set.count);
    return { ...idsOf(page), total: set.count };
  }

  /** The users matching the conditions: remembered (and kept exact by put()) unless they are few to find again. */
  private matchSetOf(t: TenantIndex, where: Condition[], match: Pred, narrowest: Range | null): MatchSet {
    const key = JSON.stringify(where.map((c) => [c.field, c.rule, c.value]).sort((x, y) => compareCodePoints(JSON.stringify(x), JSON.stringify(y))));
    const known = t.matchSets.get(key);
    if (known) {
      // Most recently used last: the oldest goes first when the map is full.
      t.matchSets.delete(key);
      t.matchSets.set(key, known);
      return known;
    }
    const set = new MatchSet(match, t.slotCount);
    let looked: number;
    if (narrowest) {
      const a = t.orders[narrowest.order].a;
      for (let i = narrowest.lo; i < narrowest.hi; i++) if (match(a[i])) set.set(a[i], true);
      looked = narrowest.hi - narrowest.lo;
    } else {
      // Every user, in slot order (the arrays' own order: far fewer cache misses than a sort's order).
      const alive = t.alive;
      for (let s = 0, n = t.slotCount; s < n; s++) if (alive[s] === 1 && match(s)) set.set(s, true);
      looked = t.size;
    }
    if (looked >= REMEMBER_FROM) {
      if (t.matchSets.size >= MAX_MATCH_SETS) t.matchSets.delete(t.matchSets.keys().next().value!);
      t.matchSets.set(key, set);
    }
    return set;
  }
}
