// A list query over one tenant's users in memory (userIndexTenant.ts), for the user list index
// (userIndex.ts): its conditions compiled to tests and to ranges of the kept orders, exactly as
// listSql's whereOf and orderOf mean them, and the page's ids and the exact total found with them.
import type { Condition, ListQuery } from '../../../contract/listQuery';
import { parseDisplayTime } from '../../../contract/time';
import { compareCodePoints, type Folding } from './userIndexText';
import { MEMBERS_MAX } from './userIndexMembers';
import type { PositionBits } from './userIndexRanks';
import { MatchSet, TenantIndex, type Order, type Permutation, type Pred } from './userIndexTenant';

type SortField = 'createTime' | 'username' | 'realname';
/** The list's sorts answered here. */
export const SORT_FIELDS = new Set<string>(['createTime', 'username', 'realname']);

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
  /** Users that may match a 'contains' condition (PairIndex; the fewest of those conditions), else null. */
  candidates: { count: number; list: () => Uint32Array } | null;
}

/** Match sets remembered per tenant (each kept exact as users change; a bit per user each). */
const MAX_MATCH_SETS = 256;
/** A filter whose matches all lie in fewer users than this is not remembered: finding them again is cheap (testing 5,000 users, or listing their pairs' candidates, takes about 0.2 ms). */
const REMEMBER_FROM = 5_000;
/**
 * A page of a remembered set whose walk would look at this many positions or more is found by the
 * positions of its users (userIndexRanks.ts): about 0.3 ms of walking, while finding those positions
 * the first time is a walk of the whole order, so a set is ranked only for the walks worth it.
 */
const RANK_FROM = 100_000;
/** At most this many candidates of a narrow filter are sorted; more, and the sort's order is walked. */
const SORT_MATCHES_MAX = 2_000;
/** What a test may lower (0: a small tenant takes a large one's paths). */
export const QUERY_TUNING = { sortMatchesMax: SORT_MATCHES_MAX, rememberFrom: REMEMBER_FROM, rankFrom: RANK_FROM, membersMax: MEMBERS_MAX };

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
  let candidates: Compiled['candidates'] = null;
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
        if (c.rule === 'like') {
          tests.push((s) => folded[s].includes(v));
          const found = t.pairs[field === 'username' ? 'usernameFold' : 'realnameFold'].candidates(v, t.alive, t.size);
          if (found && (!candidates || found.count < candidates.count)) candidates = found;
        } else if (c.rule === 'left_like') tests.push((s) => folded[s].endsWith(v));
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
  return { match, ranges, slots, candidates };
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
function pageOf(
  src: Source,
  asc: boolean,
  matches: Uint32Array | null,
  skip: number,
  take: number,
  total: number,
  ranked: (() => PositionBits) | null = null,
): number[] {
  if (skip >= total || take <= 0) return [];
  take = Math.min(take, total - skip);
  const fromEnd = total - skip - take < skip;
  const forward = asc !== fromEnd;
  let toSkip = fromEnd ? total - skip - take : skip;
  let out: number[] = [];
  const a = src.perm.a;
  // About how many positions a walk would look at before its page is found.
  const walk = ((toSkip + take) * (src.hi - src.lo)) / total;
  if (matches && ranked && walk >= QUERY_TUNING.rankFrom) {
    // Far into a remembered set: counted a word of positions at a time (userIndexRanks.ts).
    out = ranked().page(a, src.lo, src.hi, forward, toSkip, take);
  } else if (!matches) {
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

/**
 * The page's ids in list order and the exact total, or null when a condition is not answered here.
 * `remember`: the conditions' match set is kept however few users it tested (warming at load).
 */
export function findPage(t: TenantIndex, q: ListQuery, folding: Folding | null, remember = false): { ids: string[]; total: number } | null {
  const compiled = compile(q.where, t, folding);
  if (!compiled) return null;
  const sort = q.sort.field as SortField;
  const asc = q.sort.dir === 'asc';
  const skip = (q.pageNo - 1) * q.pageSize;
  const { match, ranges } = compiled;
  const sortPerm = t.orders[sort];
  const idsOf = (slots: number[]) => ({ ids: slots.map((s) => t.ids[s]), total: 0 });

  // No condition: the page is a slice of the sort's order.
  if (!match) return { ...idsOf(pageOf({ perm: sortPerm, lo: 0, hi: sortPerm.n }, asc, null, skip, q.pageSize, sortPerm.n)), total: sortPerm.n };

  // Every condition is a stretch of one and the same order (a range of creation times, a name's
  // start): the matches are exactly the positions all of them keep. On the sort's order the page is
  // a slice of it, with nothing tested (a half-year of a million users tested 300,000 of them, 60 ms).
  const exactOn = ranges.length === q.where.length && ranges.every((r) => r.order === ranges[0].order) ? ranges[0].order : null;
  let exact: Range | null = null;
  if (exactOn) {
    let [lo, hi] = [0, t.orders[exactOn].n];
    for (const r of ranges) [lo, hi] = [Math.max(lo, r.lo), Math.min(hi, r.hi)];
    exact = { order: exactOn, lo, hi: Math.max(lo, hi) };
    if (exactOn === sort)
      return { ...idsOf(pageOf({ perm: sortPerm, ...exact }, asc, null, skip, q.pageSize, exact.hi - exact.lo)), total: exact.hi - exact.lo };
  }

  // The narrowest place that holds every match (a filter by id, or a stretch of one order).
  let narrowest: Range | null = exact;
  for (const r of ranges) if (!narrowest || r.hi - r.lo < narrowest.hi - narrowest.lo) narrowest = r;
  const ordered = (slots: number[]) => slots.sort((x, y) => (asc ? sortPerm.compare(x, y) : sortPerm.compare(y, x)));
  const { candidates } = compiled;
  // A 'contains' condition's candidates, when fewer than the narrowest stretch of an order.
  const byPairs = candidates && (!narrowest || candidates.count < narrowest.hi - narrowest.lo) ? candidates : null;
  const few =
    compiled.slots ??
    (byPairs && byPairs.count <= QUERY_TUNING.sortMatchesMax ? Array.from(byPairs.list()) : null) ??
    (narrowest && narrowest.hi - narrowest.lo <= QUERY_TUNING.sortMatchesMax ? [...t.orders[narrowest.order].a.subarray(narrowest.lo, narrowest.hi)] : null);
  if (few) {
    // Few candidates: their matches, sorted.
    const found = ordered(few.filter(match));
    return { ...idsOf(found.slice(skip, skip + q.pageSize)), total: found.length };
  }

  const { set, kept } = matchSetOf(t, q.where, match, byPairs ? null : narrowest, byPairs, remember, !byPairs && narrowest === exact && exact !== null);
  // A remembered set of not too many users: its users listed in the sort's order (userIndexMembers.ts).
  if (kept && set.count <= QUERY_TUNING.membersMax) return { ...idsOf(t.members.of(set, sort, sortPerm).page(asc, skip, q.pageSize)), total: set.count };
  // Conditions on the sort's own order: every match lies in the stretch all of them keep.
  let lo = 0;
  let hi = sortPerm.n;
  for (const r of ranges) if (r.order === sort) [lo, hi] = [Math.max(lo, r.lo), Math.min(hi, r.hi)];
  const ranked = kept ? () => t.ranks.of(set, sort, sortPerm) : null;
  const page = pageOf({ perm: sortPerm, lo, hi: Math.max(lo, hi) }, asc, set.bits, skip, q.pageSize, set.count, ranked);
  return { ...idsOf(page), total: set.count };
}

/** The users matching the conditions: remembered (and kept exact by put()) unless they are few to find again. */
/** `exact`: every position of `narrowest` matches (nothing to test). */
function matchSetOf(
  t: TenantIndex,
  where: Condition[],
  match: Pred,
  narrowest: Range | null,
  candidates: Compiled['candidates'],
  remember: boolean,
  exact: boolean,
): { set: MatchSet; kept: boolean } {
  const key = JSON.stringify(where.map((c) => [c.field, c.rule, c.value]).sort((x, y) => compareCodePoints(JSON.stringify(x), JSON.stringify(y))));
  const known = t.matchSets.get(key);
  if (known) {
    // Most recently used last: the oldest goes first when the map is full.
    t.matchSets.delete(key);
    t.matchSets.set(key, known);
    return { set: known, kept: true };
  }
  const set = new MatchSet(match, t.slotCount);
  let looked: number;
  if (candidates) {
    const list = candidates.list();
    for (const s of list) if (match(s)) set.set(s, true);
    looked = list.length;
  } else if (narrowest) {
    const a = t.orders[narrowest.order].a;
    if (exact) for (let i = narrowest.lo; i < narrowest.hi; i++) set.set(a[i], true);
    else for (let i = narrowest.lo; i < narrowest.hi; i++) if (match(a[i])) set.set(a[i], true);
    looked = narrowest.hi - narrowest.lo;
  } else {
    // Every user, in slot order (the arrays' own order: far fewer cache misses than a sort's order).
    const alive = t.alive;
    for (let s = 0, n = t.slotCount; s < n; s++) if (alive[s] === 1 && match(s)) set.set(s, true);
    looked = t.size;
  }
  if (!remember && looked < QUERY_TUNING.rememberFrom) return { set, kept: false };
  if (t.matchSets.size >= MAX_MATCH_SETS) {
    t.forgetSet(t.matchSets.keys().next().value!);
  }
  t.matchSets.set(key, set);
  return { set, kept: true };
}
