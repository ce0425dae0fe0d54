// Department roles (/sys/sysDepartRole/*), their permissions (/sys/sysDepartPermission/*) and their
// users: a department role may hold only permissions its department holds, and grants them to the
// users linked to it who belong to its department, in its tenant (resources/service.ts
// departRoleGrantIds). Granting into one, or linking a user to one, hands permissions on: the caller
// must hold them in full (common.ts assertGrantable).
import { and, count, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RBAC,
  RBAC_CODE,
  RBAC_MSG,
  departIdQuery,
  departRoleAddBody,
  departRoleEditBody,
  departRoleListQuery,
  departRoleOfUserQuery,
  departRoleUserAddBody,
  departRolePermissionQuery,
  idQuery,
  saveDepartRolePermissionBody,
  type DepartRoleRecord,
} from '../../../contract/api/rbac';
import type { ResourceFields } from '../../../contract/listQuery';
import type { ModuleOptions } from '../../context';
import type { Db } from '../../db/client';
import { departPermissions, departRolePermissions, departRoleUsers, departRoles, userDeparts } from '../../db/schema';
import { AppError, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { orderOf, whereOf, type ListResource } from '../../lib/listSql';
import { newId } from '../../lib/tokens';
import { assertGrantable, fmtTime, grantDiff, listQueryOf, notFound, pageOf } from './common';
import { manageable } from '../admin/userService';
import { forgetAuth } from '../session/authChanges';
import { departInTenant } from './departs';
import { recordOperation } from './logs';
import { permissionTree } from './tree';

type DepartRoleRow = typeof departRoles.$inferSelect;
const toRecord = (r: DepartRoleRow): DepartRoleRecord => ({
  id: r.id,
  departId: r.departId,
  roleName: r.roleName,
  roleCode: r.roleCode,
  description: r.description,
  createTime: fmtTime(r.createdAt),
});

const FIELDS: ResourceFields = { fields: { roleName: 'string', roleCode: 'string', description: 'string', createTime: 'datetime' } };
const RESOURCE: ListResource = {
  fields: FIELDS.fields,
  columns: {
    id: departRoles.id,
    roleName: departRoles.roleName,
    roleCode: departRoles.roleCode,
    description: departRoles.description,
    createTime: sql`${departRoles.createdAt}` as unknown as AnyColumn,
  },
};

async function roleInTenant(db: Db, id: string, tenantId: string): Promise<DepartRoleRow> {
  const [r] = await db
    .select()
    .from(departRoles)
    .where(and(eq(departRoles.id, id), eq(departRoles.tenantId, tenantId)))
    .limit(1);
  if (!r) throw notFound();
  return r;
}

const departGrants = async (db: Db, departId: string) =>
  new Set((await db.select({ id: departPermissions.permissionId }).from(departPermissions).where(eq(departPermissions.departId, departId))).map((r) => r.id));

/**
 * What a department role grants: its permissions that its department still holds. A grant outside
 * the department's (one saved while the department's own permissions were being narrowed, or
 * written around these calls) counts for nothing.
 */
export async function departRoleGrants(db: Db, role: { id: string; departId: string }): Promise<string[]> {
  const rows = await db
    .select({ id: departRolePermissions.permissionId })
    .from(departRolePermissions)
    .innerJoin(departPermissions, and(eq(departPermissions.permissionId, departRolePermissions.permissionId), eq(departPermissions.departId, role.departId)))
    .where(eq(departRolePermissions.roleId, role.id));
  return rows.map((x) => x.id);
}

export const departRoleRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const db = deps.db;
  const tags = ['rbac'];

  app.get(RBAC.departRoleList, { schema: { querystring: departRoleListQuery, tags }, config: { permission: RBAC_CODE.departRoleList } }, async (req) => {
    const { tenantId } = authOf(req);
    const d = await departInTenant(db, req.query.deptId, tenantId);
    const q = listQueryOf(req.query, FIELDS);
    const where = whereOf(q, RESOURCE, [eq(departRoles.departId, d.id), eq(departRoles.tenantId, tenantId)]);
    return sysOk(
      await pageOf(
        q,
        async (limit, offset) =>
          (
            await db
              .select()
              .from(departRoles)
              .where(where)
              .orderBy(...orderOf(q, RESOURCE))
              .limit(limit)
              .offset(offset)
          ).map(toRecord),
        async () => Number((await db.select({ n: count() }).from(departRoles).where(where))[0].n),
      ),
    );
  });

  app.post(RBAC.departRoleAdd, { schema: { body: departRoleAddBody, tags }, config: { permission: RBAC_CODE.departRoleAdd, signed: true } }, async (req) => {
    const { tenantId } = authOf(req);
    const b = req.body;
    const row = await db.transaction(async (tx) => {
      const d = await departInTenant(tx, b.departId, tenantId);
      // The unique index on (depart_id, role_code) decides, here and in edit (server/http/pgErrors.ts).
      const [r] = await tx
        .insert(departRoles)
        .values({ id: newId(), tenantId, departId: d.id, roleName: b.roleName, roleCode: b.roleCode, description: b.description ?? null })
        .returning();
      await recordOperation(tx, req, `添加部门角色：${d.departName} / ${b.roleName}（${b.roleCode}）`);
      return r;
    });
    return sysOk(toRecord(row), RBAC_MSG.added);
  });

  app.put(RBAC.departRoleEdit, { schema: { body: departRoleEditBody, tags }, config: { permission: RBAC_CODE.departRoleEdit, signed: true } }, async (req) => {
    const { tenantId } = authOf(req);
    const b = req.body;
    const row = await db.transaction(async (tx) => {
      const cur = await roleInTenant(tx, b.id, tenantId);
      const [r] = await tx
        .update(departRoles)
        .set({ roleName: b.roleName, roleCode: b.roleCode, description: b.description ?? null })
        .where(eq(departRoles.id, cur.id))
        .returning();
      await recordOperation(tx, req, `编辑部门角色：${b.roleName}（${b.roleCode}）`);
      return r;
    });
    return sysOk(toRecord(row), RBAC_MSG.edited);
  });

  app.delete(RBAC.departRoleDelete, { schema: { querystring: idQuery, tags }, config: { permission: RBAC_CODE.departRoleDelete } }, async (req) => {
    const { tenantId } = authOf(req);
    await db.transaction(async (tx) => {
      const r = await roleInTenant(tx, req.query.id, tenantId);
      await tx.delete(departRoles).where(eq(departRoles.id, r.id));
      await recordOperation(tx, req, `删除部门角色：${r.roleName}（${r.roleCode}）`);
    });
    forgetAuth(db, 'all'); // its users lose what it granted
    return sysOk(null, RBAC_MSG.deleted);
  });

  // The tree a department role is chosen from: the department's own permissions only.
  app.get(RBAC.departRolePermTree, { schema: { querystring: departIdQuery, tags }, config: { permission: RBAC_CODE.departRoleAuth } }, async (req) => {
    const d = await departInTenant(db, req.query.departId, authOf(req).tenantId);
    return sysOk(await permissionTree(db, await departGrants(db, d.id)));
  });

  app.get(
    RBAC.departRolePermission,
    { schema: { querystring: departRolePermissionQuery, tags }, config: { permission: RBAC_CODE.departRoleAuth } },
    async (req) => {
      const r = await roleInTenant(db, req.query.roleId, authOf(req).tenantId);
      return sysOk(await departRoleGrants(db, r));
    },
  );

  app.post(
    RBAC.saveDepartRolePermission,
    { schema: { body: saveDepartRolePermissionBody, tags }, config: { permission: RBAC_CODE.departRoleAuth, signed: true } },
    async (req) => {
      const { tenantId } = authOf(req);
      const { add, remove } = grantDiff(req.body.permissionIds, req.body.lastpermissionIds);
      await db.transaction(async (tx) => {
        const r = await roleInTenant(tx, req.body.roleId, tenantId);
        const allowed = await departGrants(tx, r.departId);
        if (add.some((id) => !allowed.has(id))) throw new AppError(400, RBAC_MSG.departRoleBeyond);
        await assertGrantable(tx, authOf(req), add);
        if (remove.length)
          await tx.delete(departRolePermissions).where(and(eq(departRolePermissions.roleId, r.id), inArray(departRolePermissions.permissionId, remove)));
        if (add.length)
          await tx
            .insert(departRolePermissions)
            .values(add.map((permissionId) => ({ roleId: r.id, permissionId })))
            .onConflictDoNothing();
        await recordOperation(tx, req, `部门角色授权：${r.roleName}（${r.roleCode}），新增${add.length}项，移除${remove.length}项`);
      });
      forgetAuth(db, 'all');
      return sysOk(null, RBAC_MSG.saved);
    },
  );

  // The department roles of the tenant a user is linked to (of one department when departId is given).
  app.get(RBAC.departRoleOfUser, { schema: { querystring: departRoleOfUserQuery, tags }, config: { permission: RBAC_CODE.departRoleList } }, async (req) => {
    const auth = authOf(req);
    const u = await manageable(db, auth, req.query.userId);
    const rows = await db
      .select({ id: departRoles.id })
      .from(departRoleUsers)
      .innerJoin(departRoles, eq(departRoles.id, departRoleUsers.roleId))
      .where(
        and(
          eq(departRoleUsers.userId, u.id),
          eq(departRoles.tenantId, auth.tenantId),
          req.query.departId ? eq(departRoles.departId, req.query.departId) : undefined,
        ),
      );
    return sysOk(rows.map((r) => r.id));
  });

  // Links a user to department roles of departments they belong to (jeecg's deptRoleUserAdd: the
  // roles checked now and when the dialog opened; only the difference is applied).
  app.post(
    RBAC.departRoleUserAdd,
    { schema: { body: departRoleUserAddBody, tags }, config: { permission: RBAC_CODE.departRoleAuth, signed: true } },
    async (req) => {
      const auth = authOf(req);
      const { add, remove } = grantDiff(req.body.newRoleId, req.body.oldRoleId);
      const u = await manageable(db, auth, req.body.userId);
      await db.transaction(async (tx) => {
        const named = [...add, ...remove];
        const found = named.length
          ? await tx
              .select()
              .from(departRoles)
              .where(and(inArray(departRoles.id, named), eq(departRoles.tenantId, auth.tenantId)))
          : [];
        if (found.length !== new Set(named).size) throw notFound();
        const added = found.filter((r) => add.includes(r.id));
        if (added.length) {
          const inDeparts = new Set((await tx.select({ id: userDeparts.departId }).from(userDeparts).where(eq(userDeparts.userId, u.id))).map((r) => r.id));
          if (added.some((r) => !inDeparts.has(r.departId))) throw new AppError(400, RBAC_MSG.departRoleNotUsers);
          const grants = new Set<string>();
          for (const r of added) for (const p of await departRoleGrants(tx, r)) grants.add(p);
          await assertGrantable(tx, auth, [...grants]);
        }
        if (remove.length) await tx.delete(departRoleUsers).where(and(eq(departRoleUsers.userId, u.id), inArray(departRoleUsers.roleId, remove)));
        if (add.length)
          await tx
            .insert(departRoleUsers)
            .values(add.map((roleId) => ({ userId: u.id, roleId })))
            .onConflictDoNothing();
        await recordOperation(tx, req, `部门角色用户：${u.username}，新增${add.length}个角色，移除${remove.length}个角色`);
      });
      forgetAuth(db, { users: [u.id] });
      return sysOk(null, RBAC_MSG.saved);
    },
  );
};
