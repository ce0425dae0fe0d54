// Reading a tenant's users from the database into a TenantIndex, for the user list index
// (userIndex.ts keeps the process's state: which tenants, the changes heard while one loads): the rows
// in batches by id, the orders and pairs a step at a time (userIndexSort.ts), and the choice filters'
// match sets, all in the background while the list is answered by SQL.
import { parseListQuery } from '../../../contract/listQuery';
import { queryArrays, type Db } from '../../db/client';
import { findPage, SORT_FIELDS } from './userIndexQuery';
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
  for (const [field, col] of [
    ['sex', index.sex],
    ['status', index.status],
  ] as const) {
    const values = new Set<number>();
    for (let s = 0; s < col.length && values.size <= CHOICES_MAX; s++) if (index.alive[s] === 1 && col[s] === col[s]) values.add(col[s]);
    if (values.size > CHOICES_MAX) continue;
    for (const v of values) {
      const parsed = parseListQuery({ [field]: String(v) }, USER_RESOURCE);
      if (!parsed.ok) continue;
      const found = findPage(index, parsed.value, folding, true);
      // And the set in each sort's sequence: its users listed in that order (a smaller set), or their
      // positions in it (a larger one, for its deep pages), found by a page in its middle. The first
      // requests of a busy day otherwise built them, 1–5 ms each, while every other request waited.
      const middle = String(Math.max(1, Math.ceil((found?.total ?? 0) / 2 / WARM_PAGE_SIZE)));
      for (const column of SORT_FIELDS) {
        const page = parseListQuery({ [field]: String(v), column, order: 'asc', pageNo: middle, pageSize: String(WARM_PAGE_SIZE) }, USER_RESOURCE);
        if (page.ok) findPage(index, page.value, folding, true);
      }
    }
  }
}

/** The page size of warmChoices' middle pages. */
const WARM_PAGE_SIZE = 10;
