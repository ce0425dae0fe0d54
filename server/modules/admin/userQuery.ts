// Reading users for the administration pages: the tenant scope (a user belongs to a tenant through
// a group of that tenant), the list over the USER_LIST_FIELDS allow-list, and the wire rows.
import { and, asc, count, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { USER_LIST_FIELDS, USER_STATUS_TEXT, type SysUserRow } from '../../../contract/api/admin';
import type { ListQuery, PageResult } from '../../../contract/listQuery';
import type { Db } from '../../db/client';
import { departments, groups, userDeparts, userGroups, users } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { orderOf, whereOf, type ListResource } from '../../lib/listSql';

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

/** The user has a group in the tenant. */
export function inTenant(tenantId: string): SQL {
  return exists(
    sql`(SELECT 1 FROM ${userGroups} INNER JOIN ${groups} ON ${groups.id} = ${userGroups.groupId} WHERE ${userGroups.userId} = ${users.id} AND ${groups.tenantId} = ${tenantId})`,
  );
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

const fmt = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
};

export async function toRows(db: Db, list: UserRecord[], tenantId: string): Promise<SysUserRow[]> {
  const ids = list.map((u) => u.id);
  const departRows = ids.length
    ? await db
        .select({ userId: userDeparts.userId, id: departments.id, name: departments.departName })
        .from(userDeparts)
        .innerJoin(departments, eq(departments.id, userDeparts.departId))
        .where(and(inArray(userDeparts.userId, ids), eq(departments.tenantId, tenantId)))
        .orderBy(asc(departments.orgCode))
    : [];
  return list.map((u) => {
    const mine = departRows.filter((d) => d.userId === u.id);
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
      orgCodeTxt: mine.map((d) => d.name).join(',') || null,
      departIds: mine.map((d) => d.id).join(','),
      createTime: fmt(u.createdAt),
      createBy: u.createdBy,
    };
  });
}

/**
 * Above this many matching rows (the planner's estimate) the list total is that estimate: an exact
 * count(*) over a million users takes seconds, and '共N条' of that size need not be exact.
 */
export const EXACT_COUNT_LIMIT = 50_000;

/** Drivers answer execute() as an array (PGlite via drizzle) or as {rows} (node-postgres). */
const rowsOf = <T>(res: unknown): T[] => (Array.isArray(res) ? (res as T[]) : ((res as { rows?: T[] }).rows ?? []));

/** The planner's row estimate of the users matching `where` (EXPLAIN, nothing is read). */
async function estimatedUsers(db: Db, where: SQL | undefined): Promise<number> {
  const plan = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(sql`EXPLAIN (FORMAT JSON) ${db.select({ one: sql`1` }).from(users).where(where)}`))[0]?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return Number(parsed?.[0]?.Plan?.['Plan Rows'] ?? 0);
}

export async function listUsers(db: Db, q: ListQuery, tenantId: string, extra: (SQL | undefined)[] = []): Promise<PageResult<SysUserRow>> {
  const where = whereOf(q, USER_RESOURCE, [inTenant(tenantId), ...extra]);
  return asClientError(async () => {
    const offset = (q.pageNo - 1) * q.pageSize;
    const list = await db.select().from(users).where(where).orderBy(...orderOf(q, USER_RESOURCE)).limit(q.pageSize).offset(offset);
    let total: number;
    // A short page that is not past the end tells the exact total without counting.
    if (list.length > 0 && list.length < q.pageSize) total = offset + list.length;
    else {
      const estimate = await estimatedUsers(db, where);
      total = estimate > EXACT_COUNT_LIMIT ? Math.max(estimate, offset + list.length) : Number((await db.select({ n: count() }).from(users).where(where))[0].n);
    }
    return { records: await toRows(db, list, tenantId), total, size: q.pageSize, current: q.pageNo };
  });
}

/** Every row the export should hold: the selected ids, else the filtered list (capped). */
export async function usersForExport(db: Db, q: ListQuery, tenantId: string, selections: string[] | null, cap = 50_000): Promise<SysUserRow[]> {
  const where = selections ? and(inTenant(tenantId), inArray(users.id, selections)) : whereOf(q, USER_RESOURCE, [inTenant(tenantId)]);
  return asClientError(async () => {
    const list = await db.select().from(users).where(where).orderBy(...orderOf(q, USER_RESOURCE)).limit(cap);
    return toRows(db, list, tenantId);
  });
}

/** A user of the tenant, or 404 as if absent. */
export async function userInTenant(db: Db, id: string, tenantId: string): Promise<UserRecord> {
  const [u] = await db.select().from(users).where(and(eq(users.id, id), inTenant(tenantId))).limit(1);
  if (!u) throw new AppError(404, '未找到对应用户');
  return u;
}

export async function usersInTenant(db: Db, ids: string[], tenantId: string): Promise<UserRecord[]> {
  if (!ids.length) return [];
  return db.select().from(users).where(and(inArray(users.id, ids), inTenant(tenantId)));
}
