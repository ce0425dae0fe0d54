// Reading users for the administration pages: the tenant scope (a user belongs to a tenant through
// a group of that tenant), the list over the USER_LIST_FIELDS allow-list, and the wire rows.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import { USER_LIST_FIELDS, USER_PERMS, USER_STATUS_TEXT, type SysUserRow } from '../../../contract/api/admin';
import type { ListQuery, PageResult } from '../../../contract/listQuery';
import { queryArrays, type Db, type NamedStatement } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { listShape, orderOf, Placeholders, whereOf, type ListResource } from '../../lib/listSql';
import { formatDateTime } from '../../../contract/time';
import { PAGE_SIZE_OPTIONS_LIST } from '../../../contract/constants';
import { dataRuleResource, menuOfPermission, scopeWhere, type DataScope } from '../rbac/dataScope';

export type UserRecord = typeof users.$inferSelect;

export const USER_RESOURCE: ListResource = {
  // sex and status are integers in the table: typed 'number' here so a value like 'abc' is refused
  // by the parser instead of reaching PostgreSQL (the client still shows them as dictionaries).
  fields: { ...USER_LIST_FIELDS.fields, sex: 'number', status: 'number' },
  sortable: USER_LIST_FIELDS.sortable,
  defaultSort: USER_LIST_FIELDS.defaultSort,
  columns: {
    id: users.id,
    username: users.username,
    realname: users.realname,
    sex: users.sex,
    mobile: users.mobile,
    phone: users.mobile,
    email: users.email,
    status: users.status,
    orgCode: users.orgCode,
    post: users.post,
    createTime: users.createdAt,
  },
};

/**
 * What a data rule of the 用户管理 menu may name: the list's columns and a few more of the row
 * (never the password hash, lock state or tenant list).
 */
export const USER_RULES = dataRuleResource(menuOfPermission(USER_PERMS.list), {
  ...USER_RESOURCE.columns,
  workNo: users.workNo,
  telephone: users.telephone,
  createBy: users.createdBy,
});

/**
 * The user has a group in the tenant: users.tenant_ids, which migration 0012's triggers keep equal to
 * the tenants of the user's groups, holds it. The list index carries that column, so the check costs
 * no probe of another table (deep pages skip thousands of rows). The tenant id is a value or a
 * placeholder (a page statement).
 */
export function inTenant(tenantId: unknown): SQL {
  return sql`${users.tenantIds} @> ARRAY[${tenantId}]::text[]`;
}

/** PostgreSQL refusing a value (bad date, number out of range…) is the client's mistake: 400. */
export async function asClientError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const code = String((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code ?? '');
    if (code.startsWith('22')) throw new AppError(400, '查询条件的值不合法');
    throw err;
  }
}

const fmt = (d: Date) => formatDateTime(d);

/**
 * The user's departments of the tenant in org-code order, as [id, name] pairs: one subquery per
 * listed row. Written with its own aliases: in a one-table select Drizzle leaves column names
 * unqualified in the select list, and an unqualified "id" would bind to the subquery's tables.
 */
const departsIn = (tenantId: unknown) =>
  sql<
    [string, string][] | null
  >`(SELECT json_agg(json_build_array(d.id, d.depart_name) ORDER BY d.org_code) FROM user_departs ud INNER JOIN departments d ON d.id = ud.depart_id WHERE ud.user_id = "users"."id" AND d.tenant_id = ${tenantId})`;

/** The user columns a list row shows, in select order (listUsers reads its rows by position). */
const LIST_COLUMNS = {
  id: users.id,
  username: users.username,
  realname: users.realname,
  avatar: users.avatar,
  sex: users.sex,
  mobile: users.mobile,
  email: users.email,
  telephone: users.telephone,
  birthday: users.birthday,
  post: users.post,
  workNo: users.workNo,
  status: users.status,
  orgCode: users.orgCode,
  createdAt: users.createdAt,
  createdBy: users.createdBy,
} as const;
export type ListedUser = Pick<UserRecord, keyof typeof LIST_COLUMNS>;
const LIST_KEYS = Object.keys(LIST_COLUMNS) as (keyof typeof LIST_COLUMNS)[];

/** A page row as queryArrays answers it: LIST_COLUMNS in order, then the departments. */
function listedOf(row: unknown[]): { user: ListedUser; departs: [string, string][] | null } {
  const user: Record<string, unknown> = {};
  for (let i = 0; i < LIST_KEYS.length; i++) user[LIST_KEYS[i]] = row[i];
  if (!(user.createdAt instanceof Date)) user.createdAt = new Date(user.createdAt as string);
  return { user: user as ListedUser, departs: row[LIST_KEYS.length] as [string, string][] | null };
}

export function wireRow({ user: u, departs }: { user: ListedUser; departs: [string, string][] | null }): SysUserRow {
  const mine = departs ?? [];
  const status = String(u.status);
  return {
    id: u.id,
    username: u.username,
    realname: u.realname,
    avatar: u.avatar,
    sex: u.sex === null ? null : String(u.sex),
    mobile: u.mobile,
    phone: u.mobile,
    email: u.email,
    telephone: u.telephone,
    birthday: u.birthday,
    post: u.post,
    workNo: u.workNo,
    status,
    status_dictText: USER_STATUS_TEXT[status] ?? status,
    orgCode: u.orgCode,
    orgCodeTxt: mine.map(([, name]) => name).join(',') || null,
    departIds: mine.map(([id]) => id).join(','),
    createTime: fmt(u.createdAt),
    createBy: u.createdBy,
  };
}

/**
 * Above this many matching rows (the planner's estimate) the list total is that estimate: an exact
 * count(*) over a million users takes seconds, and '共N条' of that size need not be exact.
 */
export const EXACT_COUNT_LIMIT = 50_000;

/** Drivers answer execute() as an array (PGlite via drizzle) or as {rows} (node-postgres). */
const rowsOf = <T>(res: unknown): T[] => (Array.isArray(res) ? (res as T[]) : ((res as { rows?: T[] }).rows ?? []));

/**
 * Planner estimates by statement text and parameters, kept a few seconds: an estimate is not exact
 * anyway and moves only with the table's statistics, while planning it on every call cost as much
 * as the page itself.
 */
const estimatesOf = new WeakMap<Db, LRUCache<string, number>>();

/**
 * The planner's row estimate of the users matching `where()` (EXPLAIN, nothing is read), cached under
 * `key` (what `where` is built from; nothing is built on a hit).
 */
async function estimatedUsers(db: Db, where: () => SQL | undefined, key: string): Promise<number> {
  let estimates = estimatesOf.get(db);
  if (!estimates) estimatesOf.set(db, (estimates = new LRUCache<string, number>({ max: 1000, ttl: 10_000 })));
  const known = estimates.get(key);
  if (known !== undefined) return known;
  const count = db
    .select({ one: sql`1` })
    .from(users)
    .where(where());
  const plan = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(sql`EXPLAIN (FORMAT JSON) ${count}`))[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  const estimate = Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
  estimates.set(key, estimate);
  return estimate;
}

/**
 * LIMIT of a page. A size the list offers (PAGE_SIZE_OPTIONS_LIST) is written into the statement
 * from that list, never from the request: with a known LIMIT the database keeps one generic plan per
 * prepared statement instead of planning every call (with LIMIT as a parameter it must guess a tenth
 * of the table, and finds no generic plan good enough). Other sizes travel as a placeholder.
 */
function limitOf(size: number, ph: Placeholders): number {
  const offered = PAGE_SIZE_OPTIONS_LIST.find((n) => n === size);
  // Drizzle writes an SQL chunk or a placeholder given as the limit as it is.
  return (offered === undefined ? ph.bind(size) : sql.raw(String(offered))) as number;
}

/** From this many skipped rows on, a page's ids are found before its rows (see pageOfUsers). */
export const DEFERRED_JOIN_OFFSET = 1000;

/** Shapes whose statements are named (prepared on the server once per connection), at most. */
const MAX_NAMED_SHAPES = 200;
/** The page statement of each shape, per database: built once, then only executed. */
const pageStatementsOf = new WeakMap<Db, LRUCache<string, NamedStatement>>();
let namedShapes = 0;

/**
 * At most this many matching users (the planner's estimate), a filtered page is found by filtering
 * first and sorting the matches (see pageOfUsers); above it, by walking the sort's index.
 */
export const FILTER_FIRST_LIMIT = 200_000;

/** Creation-time conditions an index of the creation-time order reads as a range. */
const RANGE_RULES = new Set(['eq', 'gt', 'ge', 'lt', 'le']);

/**
 * Filters an index reads in the list's own order (migrations 0021, 0058): sorted by creation time,
 * a range of it, a 状态 or a 性别, or a range and one of them; sorted by a name, a 状态. A page of
 * them is a walk of that index from the first match, however many users match, so it is never found
 * by filtering first (which reads and sorts every match: 165,000 for half a year, 100,000 frozen).
 */
export function readInListOrder(q: ListQuery): boolean {
  if (q.superQuery) return false;
  const byTime = q.sort.field === 'createTime';
  if (!byTime && q.sort.field !== 'username' && q.sort.field !== 'realname') return false;
  const equal = q.where.filter((c) => (c.field === 'status' || (byTime && c.field === 'sex')) && c.rule === 'eq');
  return equal.length <= 1 && q.where.every((c) => equal.includes(c) || (byTime && c.field === 'createTime' && RANGE_RULES.has(c.rule)));
}

/** How a page is found: at the top, near it, deep (a deferred join), or by filtering first. */
type PageAt = 'top' | 'near' | 'deep' | 'filtered';
/** The ids of one page, found before its rows (a deep page, a filtered one). */
type PageIds = SubqueryWithSelection<{ id: typeof users.id }, 'page'>;

/**
 * One page of users in list order: the statement of the query's shape (listShape, the page size,
 * and how the page is found) with this call's values. Every value is a placeholder, so calls of one
 * shape share one statement that Drizzle built once and, on PostgreSQL, one named statement each
 * connection parses once; the first page has no OFFSET at all, so its statement keeps one generic
 * plan (an OFFSET parameter makes the planner guess a tenth of the table, as LIMIT would: see
 * limitOf).
 *
 * Unfiltered and broadly filtered pages walk the sort's index and stop after the page: deep ones find
 * the page's ids first (a deferred join) in an index that holds the filter and sort columns, so the
 * skipped rows are never read from the table. A filter that matches fewer users (`filtered`, at most
 * FILTER_FIRST_LIMIT by the estimate) is applied first, through its own index (the trigram indexes
 * for contains and starts-with, the creation time's for a range), and only the matches are sorted:
 * walking the sort's index instead reads every non-matching row before the first match, and when the
 * matches bunch at the far end of the sort (names numbered like their accounts, a creation-time range
 * against a name sort) that was half the table for a page of ten (0.5–1.5 s in the mixed day). The
 * matches are fenced in a subquery (OFFSET 0) so the planner cannot turn it back into the walk.
 */
async function pageOfUsers(db: Db, q: ListQuery, offset: number, tenantId: string, scope: DataScope | null, filtered: boolean) {
  const at: PageAt = filtered ? 'filtered' : offset === 0 ? 'top' : offset < DEFERRED_JOIN_OFFSET ? 'near' : 'deep';
  const key = JSON.stringify([listShape(q), PAGE_SIZE_OPTIONS_LIST.includes(q.pageSize) ? q.pageSize : 0, at, scope?.shape ?? null]);
  // Bound in the order the statement was built with: the same names for every call of the shape.
  const ph = new Placeholders();
  const tenant = ph.bind(tenantId);
  const conditions = whereOf(q, USER_RESOURCE, [inTenant(ph.bind(tenantId)), scopeWhere(scope, ph.bind)], ph.bind);
  const limit = limitOf(q.pageSize, ph);
  const skip = at === 'top' ? undefined : (ph.bind(offset) as number);
  let statements = pageStatementsOf.get(db);
  if (!statements) pageStatementsOf.set(db, (statements = new LRUCache<string, NamedStatement>({ max: 500 })));
  let statement = statements.get(key);
  if (!statement) {
    const order = orderOf(q, USER_RESOURCE);
    const columns = { ...LIST_COLUMNS, departs: departsIn(tenant) };
    /** The listed rows of a page whose ids `page` finds first, in list order. */
    const pageJoin = (page: PageIds) =>
      db
        .select(columns)
        .from(users)
        .innerJoin(page, eq(page.id, users.id))
        .orderBy(...order);
    let query;
    if (at === 'filtered') {
      const sortColumn = USER_RESOURCE.columns[q.sort.field] ?? users.createdAt;
      const matches = db
        .select({ id: users.id, sortKey: sql`${sortColumn}`.as('sort_key') })
        .from(users)
        .where(conditions)
        // A literal OFFSET 0: the fence that keeps the filter's own plan.
        .offset(sql.raw('0') as unknown as number)
        .as('matches');
      const by = q.sort.dir === 'asc' ? asc : desc;
      const page = db
        .select({ id: matches.id })
        .from(matches)
        .orderBy(by(matches.sortKey), by(matches.id))
        .limit(limit)
        .offset(skip ?? (sql.raw('0') as unknown as number))
        .as('page');
      query = pageJoin(page);
    } else if (at === 'deep') {
      const page = db
        .select({ id: users.id })
        .from(users)
        .where(conditions)
        .orderBy(...order)
        .limit(limit)
        .offset(skip!)
        .as('page');
      query = pageJoin(page);
    } else {
      const top = db
        .select(columns)
        .from(users)
        .where(conditions)
        .orderBy(...order)
        .limit(limit);
      query = skip === undefined ? top : top.offset(skip);
    }
    // Unnamed (planned each time) once MAX_NAMED_SHAPES are named.
    statement = { ...query.toSQL(), name: namedShapes < MAX_NAMED_SHAPES ? `user_page_${++namedShapes}` : '' };
    statements.set(key, statement);
  }
  return (await queryArrays(db, statement, ph.values)).map(listedOf);
}

/**
 * The tables listUsers reads (the list cache drops its pages when one changes; migration 0011). A
 * change of groups or memberships reaches it as a change of users.tenant_ids (migration 0012).
 */
export const USER_LIST_TABLES = ['users', 'user_departs', 'departments'] as const;

/** A page of the user list; `scope` is the reader's data rules (dataScopeOf over USER_RULES). */
export async function listUsers(db: Db, q: ListQuery, tenantId: string, scope: DataScope | null = null): Promise<PageResult<SysUserRow>> {
  return asClientError(async () => {
    const offset = (q.pageNo - 1) * q.pageSize;
    const where = () => whereOf(q, USER_RESOURCE, [inTenant(tenantId), scopeWhere(scope)]);
    const estimateKey = JSON.stringify([tenantId, q.where, q.superQuery ?? null, scope?.key ?? null]);
    // A filter's estimated matches decide how the page is found (pageOfUsers); the estimate is kept
    // for the total below.
    const filteredBy = q.where.length > 0 || !!q.superQuery;
    const filtered = filteredBy && !readInListOrder(q) && (await estimatedUsers(db, where, estimateKey)) <= FILTER_FIRST_LIMIT;
    const list = await pageOfUsers(db, q, offset, tenantId, scope, filtered);
    let total: number;
    // A short page that is not past the end tells the exact total without counting.
    if (list.length > 0 && list.length < q.pageSize) total = offset + list.length;
    else {
      const estimate = await estimatedUsers(db, where, estimateKey);
      total =
        estimate > EXACT_COUNT_LIMIT ? Math.max(estimate, offset + list.length) : Number((await db.select({ n: count() }).from(users).where(where()))[0].n);
    }
    return { records: list.map(wireRow), total, size: q.pageSize, current: q.pageNo };
  });
}

/** Every row the export should hold: the selected ids, else the filtered list (capped). */
export async function usersForExport(
  db: Db,
  q: ListQuery,
  tenantId: string,
  selections: string[] | null,
  scope: DataScope | null = null,
  cap = 50_000,
): Promise<SysUserRow[]> {
  const where = selections
    ? and(inTenant(tenantId), scopeWhere(scope), inArray(users.id, selections))
    : whereOf(q, USER_RESOURCE, [inTenant(tenantId), scopeWhere(scope)]);
  return asClientError(async () => {
    const list = await db
      .select({ user: users, departs: departsIn(tenantId) })
      .from(users)
      .where(where)
      .orderBy(...orderOf(q, USER_RESOURCE))
      .limit(cap);
    return list.map(wireRow);
  });
}

/** A user of the tenant (and of the reader's data rules, when given), or 404 as if absent. */
export async function userInTenant(db: Db, id: string, tenantId: string, scope: DataScope | null = null): Promise<UserRecord> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), inTenant(tenantId), scopeWhere(scope)))
    .limit(1);
  if (!u) throw new AppError(404, '未找到对应用户');
  return u;
}

/** One user as a list row (the detail call), within the tenant and the reader's data rules, or 404. */
export async function userRowById(db: Db, id: string, tenantId: string, scope: DataScope | null): Promise<SysUserRow> {
  const [row] = await db
    .select({ user: users, departs: departsIn(tenantId) })
    .from(users)
    .where(and(eq(users.id, id), inTenant(tenantId), scopeWhere(scope)))
    .limit(1);
  if (!row) throw new AppError(404, '未找到对应用户');
  return wireRow(row);
}

/** The users of `ids` in the tenant (and within the reader's data rules, when given). */
export async function usersInTenant(db: Db, ids: string[], tenantId: string, scope: DataScope | null = null): Promise<UserRecord[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(users)
    .where(and(inArray(users.id, ids), inTenant(tenantId), scopeWhere(scope)));
}
