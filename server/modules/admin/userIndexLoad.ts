// Reading a tenant's users from the database into a TenantIndex, for the user list index
// (userIndex.ts keeps the process's state: which tenants, the changes heard while one loads): the rows
// in batches by id, the orders and pairs a step at a time (userIndexSort.ts), and the choice filters'
// match sets, all in the background while the list is answered by SQL.
import { parseListQuery } from '../../../contract/listQuery';
import { PAGE_SIZE_OPTIONS_LIST } from '../../../contract/constants';
import { formatDate } from '../../../contract/time';
import { queryArrays, type Db } from '../../db/client';
import { findPage, SORT_FIELDS } from './userIndexQuery';
import { pageText, type Depart } from './userIndexRows';
import { USER_ROWS_SQL, userOf, type IndexedUser, type TenantIndex } from './userIndexTenant';
import type { Folding } from './userIndexText';
import { USER_RESOURCE } from './userQuery';

/** Rows read per statement when a tenant is loaded. */
const LOAD_BATCH = 20_000;

/** A column with at most this many values is a choice filter whose sets are found at load (warmChoices). */
const CHOICES_MAX = 8;

/**
 * Reads every user of the index's tenant into it and orders them; false when `wanted()` said, between
 * two steps, that the load is no longer wanted (the index is then left half-built).
 */
export async function readTenant(db: Db, index: TenantIndex, folding: Folding | null, wanted: () => boolean): Promise<boolean> {
  let last = '';
  for (;;) {
    const rows = await queryArrays(
      db,
      {
        name: 'user_index_load',
        sql: `${USER_ROWS_SQL} WHERE tenant_ids @> ARRAY[$1]::text[] AND id > $2 ORDER BY id LIMIT ${LOAD_BATCH}`,
        params: [index.tenantId, last],
      },
      {},
    );
    if (!wanted()) return false;
    for (const r of rows) index.add(userOf(r));
    if (rows.length < LOAD_BATCH) break;
    last = rows[rows.length - 1][0] as string;
  }
  await index.sortAll();
  if (!wanted()) return false;
  warmChoices(index, folding);
  return true;
}

/** The users of `ids` as they now are, with their tenants (a user no longer there is missing). */
export async function readUsers(db: Db, ids: string[]): Promise<Map<string, { user: IndexedUser; tenants: string[] }>> {
  const rows = await queryArrays(db, { name: 'user_index_rows', sql: `${USER_ROWS_SQL} WHERE id = ANY($1::text[])`, params: [ids] }, {});
  return new Map(rows.map((r) => [r[0] as string, { user: userOf(r), tenants: (r[6] as string[]) ?? [] }]));
}

/**
 * The page's choice filters (性别, 状态) hold a handful of values each: the users of each value are
 * found now, while loading, not by the first requests of a busy day (each such set tests every user,
 * 10–15 ms at a million, and a cold start asked for them all at once, issue 15 §2). Kept exact as
 * users change (TenantIndex.put), like any set remembered.
 */
export function warmChoices(index: TenantIndex, folding: Folding | null): void {
  for (const [field, values] of choicesOf(index))
    for (const v of values) {
      const found = findWith(index, folding, { [field]: String(v) }, true);
      // And the set in each sort's sequence: its users listed in that order (a smaller set), or their
      // positions in it (a larger one, for its deep pages), found by a page in its middle. The first
      // requests of a busy day otherwise built them, 1–5 ms each, while every other request waited.
      const middle = String(Math.max(1, Math.ceil((found?.total ?? 0) / 2 / WARM_PAGE_SIZE)));
      for (const column of SORT_FIELDS)
        findWith(index, folding, { [field]: String(v), column, order: 'asc', pageNo: middle, pageSize: String(WARM_PAGE_SIZE) }, true);
    }
}

/** findPage for list parameters as a request gives them (null when they do not parse or the index does not answer). */
function findWith(index: TenantIndex, folding: Folding | null, params: Record<string, string>, remember = false): ReturnType<typeof findPage> {
  const q = parseListQuery(params, USER_RESOURCE);
  return q.ok ? findPage(index, q.value, folding, remember) : null;
}

/** The choice filters' columns and their values (a column with more than CHOICES_MAX values is not one). */
function choicesOf(index: TenantIndex): ['sex' | 'status', Set<number>][] {
  const out: ['sex' | 'status', Set<number>][] = [];
  for (const [field, col] of [
    ['sex', index.sex],
    ['status', index.status],
  ] as const) {
    const values = new Set<number>();
    for (let s = 0; s < col.length && values.size <= CHOICES_MAX; s++) if (index.alive[s] === 1 && col[s] === col[s]) values.add(col[s]);
    if (values.size <= CHOICES_MAX) out.push([field, values]);
  }
  return out;
}

/** The largest page size the list offers, and the rows of each sort's start whose text warmPaths builds: pages 1–5 of every size. */
const LIST_PAGE_MAX = Math.max(...PAGE_SIZE_OPTIONS_LIST);
const FIRST_ROWS = 5 * LIST_PAGE_MAX;
/** The page size of warmChoices' middle pages. */
const WARM_PAGE_SIZE = 10;

/**
 * Runs the index's query paths once over the tenant's own data before it answers (a 'contains' and a
 * starts-with of its names, a range of creation times, in every sort, a first and a deep page, and
 * their rows), so that V8 has compiled them when the first requests come. A new process otherwise
 * ran its first pages in the interpreter: a 'contains' of a hundred thousand users took 20 ms the
 * first time and 2.6 ms once compiled, while every other request waited (issue 15 §2). The filters
 * are made from the tenant's users (the middle user of each order), never from any client's; the
 * sets they found are dropped afterwards, so what is remembered is only what users asked for.
 */
export function warmPaths(index: TenantIndex, folding: Folding | null, departs: Map<string, Depart>): void {
  const n = index.orders.realname.n;
  if (n === 0) return;
  const before = new Set(index.matchSets.keys());
  const mid = (order: 'realname' | 'username' | 'createTime') => index.orders[order].a[n >>> 1];
  const realname = index.realname[mid('realname')];
  const username = index.username[mid('username')];
  const day = formatDate(new Date(Math.floor(index.created[mid('createTime')] / 1000)));
  const filters: Record<string, string>[] = [
    { realname: `*${realname.slice(0, 2)}*` },
    { realname: `*${realname.slice(1)}*` },
    { username: `*${username.slice(1, 3)}*` },
    { username: `${username.slice(0, Math.max(1, username.length - 3))}*` },
    { createTime_begin: day },
  ];
  const page = (filter: Record<string, string>, column: string, order: string, pageNo: number, pageSize: number) => {
    const found = findWith(index, folding, { ...filter, column, order, pageNo: String(pageNo), pageSize: String(pageSize) });
    if (found) pageText(index, found.ids, departs, index.tenantId, { total: found.total, size: pageSize, current: pageNo });
  };
  for (const filter of filters)
    for (const column of SORT_FIELDS) {
      page(filter, column, 'asc', 1, 20);
      page(filter, column, 'desc', Math.max(1, n >>> 6), 20);
    }
  // The pages opened most, built now rather than by the first requests: the first FIRST_ROWS rows of
  // every sort, both ways, unfiltered and for each choice (the pages 1–5 of every page size).
  const firsts: Record<string, string>[] = [{}];
  for (const [field, values] of choicesOf(index)) for (const v of values) firsts.push({ [field]: String(v) });
  for (const filter of firsts)
    for (const column of SORT_FIELDS)
      for (const order of ['asc', 'desc'])
        for (let pageNo = 1; pageNo <= FIRST_ROWS / LIST_PAGE_MAX; pageNo++) page(filter, column, order, pageNo, LIST_PAGE_MAX);
  for (const key of [...index.matchSets.keys()]) if (!before.has(key)) index.forgetSet(key);
}
