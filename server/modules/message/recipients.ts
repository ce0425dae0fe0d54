// Who an announcement goes to: the users of its tenant, narrowed by user, role or department.
// Roles and departments are shared across tenants, so every rule is intersected with the tenant's
// membership (a user belongs to a tenant through a group of that tenant).
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { ANNT_MSG, type MsgType } from '../../../contract/api/message';
import type { Db } from '../../db/client';
import { departments, groups, roles, userGroups, users } from '../../db/schema';
import { AppError } from '../../http/envelope';

export const splitIds = (s: string): string[] => (s ? s.split(',').filter(Boolean) : []);

/** SQL selecting the user ids that receive an announcement of this type in this tenant. */
export function recipientUsersSql(tenantId: string, msgType: MsgType, ids: string[]): SQL {
  const members = sql`SELECT DISTINCT ug.user_id FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE g.tenant_id = ${tenantId}`;
  if (msgType === 'ALL') return members;
  if (!ids.length) return sql`SELECT NULL::text AS user_id WHERE false`;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  if (msgType === 'USER') return sql`${members} AND ug.user_id IN (${list})`;
  if (msgType === 'ROLE') return sql`${members} AND EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = ug.user_id AND ur.role_id IN (${list}))`;
  return sql`${members} AND EXISTS (SELECT 1 FROM user_departs ud WHERE ud.user_id = ug.user_id AND ud.depart_id IN (${list}))`;
}

/** Refuses recipients that do not exist (users: not in this tenant, which looks the same). */
export async function checkRecipients(db: Db, tenantId: string, msgType: MsgType, ids: string[]): Promise<void> {
  if (msgType === 'ALL') return;
  const wanted = [...new Set(ids)];
  if (!wanted.length) throw new AppError(400, ANNT_MSG.recipientsRequired);
  let found: number;
  if (msgType === 'USER') {
    const rows = await db
      .selectDistinct({ id: userGroups.userId })
      .from(userGroups)
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(and(eq(groups.tenantId, tenantId), inArray(userGroups.userId, wanted)));
    found = rows.length;
  } else if (msgType === 'ROLE') {
    found = (await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, wanted))).length;
  } else {
    found = (await db.select({ id: departments.id }).from(departments).where(inArray(departments.id, wanted))).length;
  }
  if (found !== wanted.length) throw new AppError(400, ANNT_MSG.recipientUnknown);
}

/** The recipient ids of a request body for its message type, as stored (comma separated). */
export function recipientIdsOf(b: { msgType: MsgType; userIds?: string[]; roleIds?: string[]; departIds?: string[] }): string[] {
  const ids = b.msgType === 'USER' ? b.userIds : b.msgType === 'ROLE' ? b.roleIds : b.msgType === 'DEPART' ? b.departIds : [];
  return [...new Set(ids ?? [])];
}

/** Choices of the admin form's recipient picker: by keyword, or the labels of given ids. */
export async function recipientOptions(db: Db, tenantId: string, type: Exclude<MsgType, 'ALL'>, keyword?: string, ids?: string[]) {
  const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => '\\' + c)}%` : null;
  const limit = ids?.length ? Math.min(ids.length, 1000) : 50;
  if (type === 'USER') {
    const rows = await db
      .selectDistinct({ value: users.id, username: users.username, realname: users.realname })
      .from(users)
      .innerJoin(userGroups, eq(userGroups.userId, users.id))
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(
        and(
          eq(groups.tenantId, tenantId),
          ids?.length ? inArray(users.id, ids) : undefined,
          like ? or(ilike(users.username, like), ilike(users.realname, like)) : undefined,
        ),
      )
      .orderBy(asc(users.username))
      .limit(limit);
    return rows.map((r) => ({ value: r.value, label: `${r.realname}（${r.username}）` }));
  }
  if (type === 'ROLE') {
    const rows = await db
      .select({ value: roles.id, label: roles.roleName })
      .from(roles)
      .where(and(ids?.length ? inArray(roles.id, ids) : undefined, like ? or(ilike(roles.roleName, like), ilike(roles.roleCode, like)) : undefined))
      .orderBy(asc(roles.roleCode))
      .limit(limit);
    return rows;
  }
  const rows = await db
    .select({ value: departments.id, name: departments.departName, code: departments.orgCode })
    .from(departments)
    .where(
      and(ids?.length ? inArray(departments.id, ids) : undefined, like ? or(ilike(departments.departName, like), ilike(departments.orgCode, like)) : undefined),
    )
    .orderBy(asc(departments.orgCode))
    .limit(limit);
  return rows.map((r) => ({ value: r.value, label: `${r.name}（${r.code}）` }));
}
