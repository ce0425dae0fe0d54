// Changing users: add, edit, delete, freeze, uniqueness, password reset, roles and departments.
// Every write first finds the target inside the request tenant (404 otherwise) and, because a user
// row is shared by all the tenants the user works in, refuses targets that also belong to a
// tenant the administrator does not (a tenant admin must not freeze or re-password a platform user).
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { USER_MSG, type UserAddBody, type UserEditBody } from '../../../contract/api/admin';
import { plainNewPassword } from '../../../contract/api/auth';
import { decodePassword } from '../../../contract/crypto';
import { MSG } from '../../../contract/messages';
import { firstIssue } from '../../../contract/validation';
import type { AppDeps } from '../../context';
import type { Db } from '../../db/client';
import { departments, groups, roles, userDeparts, userGroups, userRoles, users } from '../../db/schema';
import type { AuthContext } from '../../http/guard';
import { AppError } from '../../http/envelope';
import { uniqueMessage } from '../../http/pgErrors';
import { hashPassword } from '../../lib/password';
import { newId } from '../../lib/tokens';
import { forgetAuth } from '../session/authChanges';
import { revokeUserSessions } from '../session/service';
import { tenantIdsOf } from '../user/service';
import { USER_RULES, userInTenant, usersInTenant, type UserRecord } from './userQuery';
import { dataScopeOf, scopeWhere, type DataScope } from '../rbac/dataScope';
import { assertGrantable, permissionsOfRoles } from '../rbac/common';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const splitIds = (s: string | null | undefined) => [
  ...new Set(
    (s ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  ),
];
const blank = (s: string | null | undefined) => (s === undefined ? undefined : s === null || s === '' ? null : s);

export function plainPassword(deps: AppDeps, encoded: string): string {
  const plain = decodePassword(encoded, deps.loginAesKey);
  if (plain === null) throw new AppError(400, MSG.passwordEncoding);
  const checked = plainNewPassword.safeParse(plain);
  if (!checked.success) throw new AppError(400, firstIssue(checked.error));
  return plain;
}

/** The unique-violation of PostgreSQL as the field's '{字段}已存在' (server/http/pgErrors.ts names it). */
function uniqueViolation(err: unknown): AppError | null {
  const taken = uniqueMessage(err);
  return taken ? new AppError(409, taken) : null;
}

/** Which field is already taken by another user ('' when none). */
export async function takenField(db: Db, f: { username?: string; mobile?: string | null; email?: string | null }, exceptId?: string): Promise<string> {
  const notSelf = exceptId ? ne(users.id, exceptId) : undefined;
  const probe = async (cond: ReturnType<typeof eq>) => (await db.select({ id: users.id }).from(users).where(and(cond, notSelf)).limit(1)).length > 0;
  if (f.username && (await probe(eq(users.username, f.username)))) return '用户账号';
  if (f.mobile && (await probe(eq(users.mobile, f.mobile)))) return '手机号';
  if (f.email && (await probe(sql`lower(${users.email}) = lower(${f.email})` as ReturnType<typeof eq>))) return '邮箱';
  return '';
}

/** The target must not belong to a tenant the administrator cannot act in. */
async function assertManageable(db: Db, auth: AuthContext, target: UserRecord): Promise<void> {
  const mine = new Set(await tenantIdsOf(db, auth.user.id));
  const theirs = await tenantIdsOf(db, target.id);
  if (theirs.some((t) => !mine.has(t))) throw new AppError(403, '该用户同时属于其他租户，无权操作');
}

export async function manageable(db: Db, auth: AuthContext, id: string): Promise<UserRecord> {
  // The reader's data rules of 用户管理 bound what they may change as well as what they see.
  const u = await userInTenant(db, id, auth.tenantId, await dataScopeOf(db, auth, USER_RULES));
  await assertManageable(db, auth, u);
  return u;
}

/** Role and department ids must exist in the tenant. */
async function checkedAssignments(db: Db | Tx, tenantId: string, rolesCsv: string | null | undefined, departsCsv: string | null | undefined) {
  const roleIds = rolesCsv === undefined ? undefined : splitIds(rolesCsv);
  const departIds = departsCsv === undefined ? undefined : splitIds(departsCsv);
  if (roleIds?.length) {
    const found = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(inArray(roles.id, roleIds), eq(roles.tenantId, tenantId)));
    if (found.length !== roleIds.length) throw new AppError(400, '所选角色不存在');
  }
  let departs: { id: string; orgCode: string }[] = [];
  if (departIds?.length) {
    departs = await db
      .select({ id: departments.id, orgCode: departments.orgCode })
      .from(departments)
      .where(and(inArray(departments.id, departIds), eq(departments.tenantId, tenantId)));
    if (departs.length !== departIds.length) throw new AppError(400, '所选部门不存在');
  }
  return { roleIds, departIds, departs };
}

/** Roles newly given to the user must grant nothing the administrator does not hold (no widening). */
async function assertRolesGrantable(db: Db, auth: AuthContext, userId: string | null, roleIds: string[] | undefined) {
  if (!roleIds?.length) return;
  const held = userId
    ? new Set((await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.id))
    : new Set<string>();
  await assertGrantable(
    db,
    auth,
    await permissionsOfRoles(
      db,
      roleIds.filter((id) => !held.has(id)),
    ),
  );
}

/** Replaces the user's roles and departments of this tenant only (other tenants' stay). */
async function assign(tx: Tx, userId: string, tenantId: string, roleIds: string[] | undefined, departIds: string[] | undefined) {
  if (roleIds) {
    await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, userId), inArray(userRoles.roleId, tx.select({ id: roles.id }).from(roles).where(eq(roles.tenantId, tenantId)))));
    if (roleIds.length)
      await tx
        .insert(userRoles)
        .values(roleIds.map((roleId) => ({ userId, roleId })))
        .onConflictDoNothing();
  }
  if (departIds) {
    await tx
      .delete(userDeparts)
      .where(
        and(
          eq(userDeparts.userId, userId),
          inArray(userDeparts.departId, tx.select({ id: departments.id }).from(departments).where(eq(departments.tenantId, tenantId))),
        ),
      );
    if (departIds.length)
      await tx
        .insert(userDeparts)
        .values(departIds.map((departId) => ({ userId, departId })))
        .onConflictDoNothing();
  }
}

/** The group a new user of the tenant joins: the administrator's current one when it is in the tenant. */
async function homeGroup(db: Db | Tx, auth: AuthContext): Promise<string> {
  if (auth.groupId) {
    const [g] = await db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.id, auth.groupId), eq(groups.tenantId, auth.tenantId)))
      .limit(1);
    if (g) return g.id;
  }
  const [g] = await db.select({ id: groups.id }).from(groups).where(eq(groups.tenantId, auth.tenantId)).orderBy(groups.sortNo).limit(1);
  if (!g) throw new AppError(400, '当前租户没有可加入的用户组');
  return g.id;
}

function profile(b: Omit<UserEditBody, 'id'>) {
  return {
    realname: b.realname,
    sex: b.sex === undefined ? undefined : b.sex ? Number(b.sex) : null,
    mobile: blank(b.mobile),
    email: blank(b.email),
    telephone: blank(b.telephone),
    birthday: blank(b.birthday),
    avatar: blank(b.avatar),
    post: blank(b.post),
    workNo: blank(b.workNo),
  };
}

export async function addUser(deps: AppDeps, auth: AuthContext, b: UserAddBody): Promise<string> {
  const plain = plainPassword(deps, b.password);
  const taken = await takenField(deps.db, b);
  if (taken) throw new AppError(409, USER_MSG.exists(taken));
  const { roleIds, departIds, departs } = await checkedAssignments(deps.db, auth.tenantId, b.selectedroles, b.selecteddeparts);
  await assertOrgCodeInTenant(deps.db, auth.tenantId, blank(b.orgCode));
  await assertRolesGrantable(deps.db, auth, null, roleIds);
  const scope = await dataScopeOf(deps.db, auth, USER_RULES);
  const passwordHash = await hashPassword(plain, deps.scryptN);
  const id = newId();
  try {
    await deps.db.transaction(async (tx) => {
      const groupId = await homeGroup(tx, auth);
      await tx.insert(users).values({
        id,
        username: b.username,
        passwordHash,
        ...profile(b),
        orgCode: blank(b.orgCode) ?? departs[0]?.orgCode ?? null,
        createdBy: auth.user.username,
      });
      await tx.insert(userGroups).values({ userId: id, groupId });
      await assign(tx, id, auth.tenantId, roleIds, departIds);
      // A user held to a rule adds only users they could see afterwards.
      await assertStillInScope(tx, id, scope);
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
  return id;
}

/** An org code names a department of the tenant (it becomes the user's #{sys_org_code} in data rules). */
async function assertOrgCodeInTenant(db: Db, tenantId: string, orgCode: string | null | undefined): Promise<void> {
  if (!orgCode) return;
  const [d] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.orgCode, orgCode), eq(departments.tenantId, tenantId)))
    .limit(1);
  if (!d) throw new AppError(400, USER_MSG.departUnknown);
}

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The user's roles of the tenant (their roles of other tenants are not this tenant's business). */
async function tenantRoleIds(db: Db, userId: string, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.tenantId, tenantId)));
  return rows.map((r) => r.id);
}

async function tenantDepartIds(db: Db, userId: string, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userDeparts.departId })
    .from(userDeparts)
    .innerJoin(departments, eq(departments.id, userDeparts.departId))
    .where(and(eq(userDeparts.userId, userId), eq(departments.tenantId, tenantId)));
  return rows.map((r) => r.id);
}

/**
 * A user held to a data rule of 用户管理 keeps their own roles, departments and current department:
 * those are what the rule's variables and their grants are made of, so changing them would widen
 * their own reach. Only someone holding the permission without a rule changes their own.
 */
async function assertOwnReachKept(
  db: Db,
  tenantId: string,
  u: UserRecord,
  change: { roleIds: string[] | undefined; departIds: string[] | undefined; orgCode: string | null | undefined },
): Promise<void> {
  const unchanged =
    (change.orgCode === undefined || change.orgCode === u.orgCode) &&
    (!change.roleIds || sameIds(change.roleIds, await tenantRoleIds(db, u.id, tenantId))) &&
    (!change.departIds || sameIds(change.departIds, await tenantDepartIds(db, u.id, tenantId)));
  if (!unchanged) throw new AppError(403, USER_MSG.selfScopeFixed);
}

/** The edited row must still lie inside the editor's data rules (as they were before the edit). */
async function assertStillInScope(tx: Tx, userId: string, scope: DataScope | null): Promise<void> {
  if (!scope) return;
  const [kept] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), scopeWhere(scope)))
    .limit(1);
  if (!kept) throw new AppError(403, USER_MSG.outsideScope);
}

export async function editUser(deps: AppDeps, auth: AuthContext, b: UserEditBody): Promise<void> {
  const scope = await dataScopeOf(deps.db, auth, USER_RULES);
  const u = await userInTenant(deps.db, b.id, auth.tenantId, scope);
  await assertManageable(deps.db, auth, u);
  const taken = await takenField(deps.db, b, u.id);
  if (taken) throw new AppError(409, USER_MSG.exists(taken));
  const { roleIds, departIds, departs } = await checkedAssignments(deps.db, auth.tenantId, b.selectedroles, b.selecteddeparts);
  const orgCode =
    b.orgCode !== undefined ? blank(b.orgCode) : departIds ? (departs.find((d) => d.orgCode === u.orgCode)?.orgCode ?? departs[0]?.orgCode ?? null) : undefined;
  await assertOrgCodeInTenant(deps.db, auth.tenantId, orgCode);
  if (u.id === auth.user.id && scope) await assertOwnReachKept(deps.db, auth.tenantId, u, { roleIds, departIds, orgCode });
  await assertRolesGrantable(deps.db, auth, u.id, roleIds);
  try {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ ...profile(b), orgCode, updatedBy: auth.user.username, updatedAt: new Date() })
        .where(eq(users.id, u.id));
      await assign(tx, u.id, auth.tenantId, roleIds, departIds);
      await assertStillInScope(tx, u.id, scope);
    });
  } catch (err) {
    throw uniqueViolation(err) ?? err;
  }
  // New roles or departments take effect on the user's next call; a changed profile or status only
  // makes the user's own entry read again.
  forgetAuth(deps.db, roleIds || departIds ? { users: [u.id] } : { members: [u.id] });
}

/** Removes users from the tenant; a user left without any tenant is deleted (sessions go with it). */
export async function deleteUsers(deps: AppDeps, auth: AuthContext, ids: string[]): Promise<number> {
  if (ids.includes(auth.user.id)) throw new AppError(400, USER_MSG.notSelfDelete);
  const found = await usersInTenant(deps.db, ids, auth.tenantId, await dataScopeOf(deps.db, auth, USER_RULES));
  if (found.length !== ids.length) throw new AppError(404, USER_MSG.notFound);
  for (const u of found) await assertManageable(deps.db, auth, u);
  await deps.db.transaction(async (tx) => {
    for (const u of found) {
      const tenantGroups = tx.select({ id: groups.id }).from(groups).where(eq(groups.tenantId, auth.tenantId));
      await tx.delete(userGroups).where(and(eq(userGroups.userId, u.id), inArray(userGroups.groupId, tenantGroups)));
      await assign(tx, u.id, auth.tenantId, [], []);
      const [left] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(userGroups)
        .where(eq(userGroups.userId, u.id));
      if (left.n === 0) await tx.delete(users).where(eq(users.id, u.id));
    }
  });
  for (const u of found) await revokeUserSessions(deps.db, u.id);
  return found.length;
}

export async function freezeUsers(deps: AppDeps, auth: AuthContext, ids: string[], status: '1' | '2'): Promise<void> {
  if (status === '2' && ids.includes(auth.user.id)) throw new AppError(400, USER_MSG.notSelfFreeze);
  const found = await usersInTenant(deps.db, ids, auth.tenantId, await dataScopeOf(deps.db, auth, USER_RULES));
  if (found.length !== ids.length) throw new AppError(404, USER_MSG.notFound);
  for (const u of found) await assertManageable(deps.db, auth, u);
  await deps.db
    .update(users)
    .set({ status: Number(status), updatedBy: auth.user.username, updatedAt: new Date() })
    .where(inArray(users.id, ids));
  forgetAuth(deps.db, { users: ids });
  // A frozen user is out at once: every session ends now, not at its expiry.
  if (status === '2') for (const id of ids) await revokeUserSessions(deps.db, id);
}

export async function changePassword(deps: AppDeps, auth: AuthContext, b: { username: string; password: string; confirmpassword: string }): Promise<void> {
  const [u] = await deps.db.select({ id: users.id }).from(users).where(eq(users.username, b.username)).limit(1);
  if (!u) throw new AppError(404, USER_MSG.notFound);
  const target = await manageable(deps.db, auth, u.id);
  const plain = plainPassword(deps, b.password);
  const confirm = decodePassword(b.confirmpassword, deps.loginAesKey);
  if (confirm !== plain) throw new AppError(400, USER_MSG.passwordMismatch);
  const passwordHash = await hashPassword(plain, deps.scryptN);
  await deps.db
    .update(users)
    .set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedBy: auth.user.username, updatedAt: new Date() })
    .where(eq(users.id, target.id));
  // The caller keeps its own session when resetting its own password.
  await revokeUserSessions(deps.db, target.id, target.id === auth.user.id ? auth.session.familyId : undefined);
}

export async function roleIdsOf(db: Db, auth: AuthContext, userId: string): Promise<string[]> {
  await userInTenant(db, userId, auth.tenantId, await dataScopeOf(db, auth, USER_RULES));
  return tenantRoleIds(db, userId, auth.tenantId);
}
