// Users as the session sees them: the groups (one per system the user may work in), departments,
// and the userInfo object the client stores after sign-in.
import { asc, eq } from 'drizzle-orm';
import type { Department, GroupInfo, SysRef, UserInfo } from '../../../contract/types';
import type { Db } from '../../db/client';
import { departments, groups, systems, userDeparts, userGroups, users } from '../../db/schema';
import { sysInfoOf } from '../tenant/service';

export type UserRow = typeof users.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;

export async function userById(db: Db, id: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u;
}
export async function userByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return u;
}
export async function userByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return u;
}

export async function groupsOf(db: Db, userId: string) {
  return db
    .select({ group: groups, system: systems })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .innerJoin(systems, eq(systems.id, groups.systemId))
    .where(eq(userGroups.userId, userId))
    .orderBy(asc(userGroups.sortNo), asc(groups.sortNo));
}

export async function departsOf(db: Db, userId: string): Promise<Department[]> {
  const rows = await db
    .select({ d: departments })
    .from(userDeparts)
    .innerJoin(departments, eq(departments.id, userDeparts.departId))
    .where(eq(userDeparts.userId, userId))
    .orderBy(asc(departments.orgCode));
  return rows.map(({ d }) => ({ id: d.id, orgCode: d.orgCode, departName: d.departName, parentId: d.parentId }));
}

const desensitise = (mobile: string | null) => (mobile && mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : undefined);

/** The group a session works in: the one chosen, else the user's first. */
export function currentGroup<T extends { group: GroupRow }>(list: T[], groupId: string | null): T | undefined {
  return list.find((g) => g.group.id === groupId) ?? list[0];
}

export async function buildUserInfo(db: Db, user: UserRow, groupId: string | null): Promise<UserInfo> {
  const list = await groupsOf(db, user.id);
  const listGroup = list.map(({ group }) => ({ id: group.id, groupName: group.groupName, groupType: group.groupType, tenantId: group.tenantId }));
  const infoCache = new Map<string, Awaited<ReturnType<typeof sysInfoOf>>>();
  const refs: SysRef[] = [];
  for (const { group, system } of list) {
    if (!infoCache.has(group.tenantId)) infoCache.set(group.tenantId, await sysInfoOf(db, group.tenantId));
    const g: GroupInfo = {
      id: group.id,
      groupName: group.groupName,
      groupType: group.groupType,
      tenantId: group.tenantId,
      groupBsnObj: group.cusCode ? { cusCode: group.cusCode } : {},
      groupBsnXref: group.objCode ? { objCode: group.objCode } : {},
      listGroup,
    };
    refs.push({ id: system.id, sysName: system.sysName, sysCode: system.sysCode, sysInfo: infoCache.get(group.tenantId), group: g });
  }
  const cur = currentGroup(list, groupId);
  const sys = refs.find((r) => r.group.id === cur?.group.id) ?? refs[0];
  let orgCodeTxt: string | undefined;
  if (user.orgCode) {
    const [d] = await db.select().from(departments).where(eq(departments.orgCode, user.orgCode)).limit(1);
    orgCodeTxt = d?.departName;
  }
  return {
    id: user.id,
    userId: user.id,
    username: user.username,
    realname: user.realname,
    entityId: cur?.group.tenantId,
    mobile: user.mobile ?? undefined,
    mobileDesensitized: desensitise(user.mobile),
    avatar: user.avatar ?? undefined,
    orgCode: user.orgCode ?? undefined,
    orgCodeTxt,
    sys,
    listSys: refs,
    listEntity: [],
    org: { orgType: cur?.group.orgType ?? '' },
    entity: { entityName: cur?.group.groupName ?? '' },
  };
}

export async function tenantIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ tenantId: groups.tenantId })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(eq(userGroups.userId, userId));
  return [...new Set(rows.map((r) => r.tenantId))];
}
