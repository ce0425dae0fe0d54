// Roles of the caller's tenant: list, add, edit, delete (refused while users hold the role: an
// administrator must see who loses access before it happens), pickers and the role's permissions.
import { and, asc, count, eq, inArray, ne, type AnyColumn, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RBAC,
  RBAC_CODE,
  RBAC_MSG,
  checkRoleCodeQuery,
  idQuery,
  idsQuery,
  roleAddBody,
  roleEditBody,
  rolePermissionQuery,
  saveRolePermissionBody,
  type RoleRecord,
} from '../../../contract/api/rbac';
import type { ResourceFields } from '../../../contract/listQuery';
import type { ModuleOptions } from '../../context';
import type { Db } from '../../db/client';
import { rolePermissions, roles, userRoles } from '../../db/schema';
import { AppError, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { orderOf, whereOf, type ListResource } from '../../lib/listSql';
import { newId } from '../../lib/tokens';
import { assertGrantable, assertPermissionsExist, fmtTime, grantDiff, listQueryOf, notFound, pageOf } from './common';
import { forgetAuth } from '../session/authChanges';
import { recordOperation } from './logs';
import { permissionTree } from './tree';

type RoleRow = typeof roles.$inferSelect;
const toRecord = (r: RoleRow): RoleRecord => ({
  id: r.id,
  roleName: r.roleName,
  roleCode: r.roleCode,
  description: r.description,
  createTime: fmtTime(r.createdAt),
  updateTime: fmtTime(r.updatedAt),
});

const ROLE_FIELDS: ResourceFields = { fields: { roleName: 'string', roleCode: 'string', description: 'string', createTime: 'datetime' } };
const ROLE_RESOURCE: ListResource = {
  fields: ROLE_FIELDS.fields,
  columns: {
    id: roles.id,
    roleName: roles.roleName,
    roleCode: roles.roleCode,
    description: roles.description,
    createTime: sql`${roles.createdAt}` as unknown as AnyColumn,
  },
};

/** The role with this id in the tenant, else the 404 of an absent row. */
export async function roleInTenant(db: Db, id: string, tenantId: string): Promise<RoleRow> {
  const [r] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.tenantId, tenantId)))
    .limit(1);
  if (!r) throw notFound();
  return r;
}

async function assertCodeFree(db: Db, roleCode: string, exceptId?: string) {
  // Codes are unique across tenants (the catalogue grants new menus by role code).
  const [hit] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.roleCode, roleCode), exceptId ? ne(roles.id, exceptId) : undefined))
    .limit(1);
  if (hit) throw new AppError(400, RBAC_MSG.roleCodeTaken);
}

async function deleteRoles(db: Db, ids: string[], tenantId: string): Promise<RoleRow[]> {
  const found = await db
    .select()
    .from(roles)
    .where(and(inArray(roles.id, ids), eq(roles.tenantId, tenantId)));
  if (found.length !== ids.length) throw notFound();
  const [{ n }] = await db.select({ n: count() }).from(userRoles).where(inArray(userRoles.roleId, ids));
  if (Number(n) > 0) throw new AppError(400, RBAC_MSG.roleInUse(Number(n)));
  await db.delete(roles).where(inArray(roles.id, ids));
  return found;
}

export const roleRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const db = deps.db;
  const tags = ['rbac'];

  app.get(RBAC.roleList, { schema: { tags }, config: { permission: RBAC_CODE.roleList } }, async (req) => {
    const { tenantId } = authOf(req);
    const q = listQueryOf(req.query, ROLE_FIELDS);
    const where = whereOf(q, ROLE_RESOURCE, [eq(roles.tenantId, tenantId)]);
    return sysOk(
      await pageOf(
        q,
        async (limit, offset) =>
          (
            await db
              .select()
              .from(roles)
              .where(where)
              .orderBy(...orderOf(q, ROLE_RESOURCE))
              .limit(limit)
              .offset(offset)
          ).map(toRecord),
        async () => Number((await db.select({ n: count() }).from(roles).where(where))[0].n),
      ),
    );
  });

  app.get(RBAC.roleQueryAll, { schema: { tags }, config: { permission: RBAC_CODE.roleList } }, async (req) => {
    const rows = await db
      .select()
      .from(roles)
      .where(eq(roles.tenantId, authOf(req).tenantId))
      .orderBy(asc(roles.createdAt), asc(roles.id));
    return sysOk(rows.map(toRecord));
  });

  app.get(RBAC.roleCheckCode, { schema: { querystring: checkRoleCodeQuery, tags }, config: { permission: RBAC_CODE.roleList } }, async (req) => {
    await assertCodeFree(db, req.query.roleCode, req.query.id);
    return sysOk(null, RBAC_MSG.roleCodeFree);
  });

  app.post(RBAC.roleAdd, { schema: { body: roleAddBody, tags }, config: { permission: RBAC_CODE.roleAdd, signed: true } }, async (req) => {
    const { tenantId } = authOf(req);
    const b = req.body;
    // The unique index on role_code decides (a 409 '角色编码已存在' via server/http/pgErrors.ts).
    const row = await db.transaction(async (tx) => {
      const [r] = await tx
        .insert(roles)
        .values({ id: newId(), tenantId, roleCode: b.roleCode, roleName: b.roleName, description: b.description ?? null })
        .returning();
      await recordOperation(tx, req, `添加角色：${b.roleName}（${b.roleCode}）`);
      return r;
    });
    return sysOk(toRecord(row), RBAC_MSG.added);
  });

  app.put(RBAC.roleEdit, { schema: { body: roleEditBody, tags }, config: { permission: RBAC_CODE.roleEdit, signed: true } }, async (req) => {
    const { tenantId } = authOf(req);
    const b = req.body;
    const row = await db.transaction(async (tx) => {
      const cur = await roleInTenant(tx, b.id, tenantId);
      if (b.roleCode && b.roleCode !== cur.roleCode) throw new AppError(400, RBAC_MSG.roleCodeFixed);
      const [r] = await tx
        .update(roles)
        .set({ roleName: b.roleName, description: b.description ?? null, updatedAt: new Date() })
        .where(eq(roles.id, cur.id))
        .returning();
      await recordOperation(tx, req, `编辑角色：${b.roleName}（${cur.roleCode}）`);
      return r;
    });
    return sysOk(toRecord(row), RBAC_MSG.edited);
  });

  app.delete(RBAC.roleDelete, { schema: { querystring: idQuery, tags }, config: { permission: RBAC_CODE.roleDelete } }, async (req) => {
    const { tenantId } = authOf(req);
    await db.transaction(async (tx) => {
      const [r] = await deleteRoles(tx, [req.query.id], tenantId);
      await recordOperation(tx, req, `删除角色：${r.roleName}（${r.roleCode}）`);
    });
    return sysOk(null, RBAC_MSG.deleted);
  });

  app.delete(RBAC.roleDeleteBatch, { schema: { querystring: idsQuery, tags }, config: { permission: RBAC_CODE.roleBatchDelete } }, async (req) => {
    const { tenantId } = authOf(req);
    await db.transaction(async (tx) => {
      const gone = await deleteRoles(tx, req.query.ids, tenantId);
      await recordOperation(tx, req, `批量删除角色：${gone.map((r) => r.roleCode).join(',')}`);
    });
    return sysOk(null, RBAC_MSG.deleted);
  });

  // The whole menu and button tree, for the role and department permission dialogs.
  app.get(RBAC.permTree, { schema: { tags }, config: { permission: `${RBAC_CODE.roleAuth},${RBAC_CODE.departAuth}` } }, async () =>
    sysOk(await permissionTree(db)),
  );

  app.get(RBAC.rolePermission, { schema: { querystring: rolePermissionQuery, tags }, config: { permission: RBAC_CODE.roleAuth } }, async (req) => {
    const role = await roleInTenant(db, req.query.roleId, authOf(req).tenantId);
    const rows = await db.select({ id: rolePermissions.permissionId }).from(rolePermissions).where(eq(rolePermissions.roleId, role.id));
    return sysOk(rows.map((r) => r.id));
  });

  app.post(
    RBAC.saveRolePermission,
    { schema: { body: saveRolePermissionBody, tags }, config: { permission: RBAC_CODE.roleAuth, signed: true } },
    async (req) => {
      const { tenantId } = authOf(req);
      const { add, remove } = grantDiff(req.body.permissionIds, req.body.lastpermissionIds);
      await db.transaction(async (tx) => {
        const role = await roleInTenant(tx, req.body.roleId, tenantId);
        await assertPermissionsExist(tx, add);
        await assertGrantable(tx, authOf(req), add);
        if (remove.length) await tx.delete(rolePermissions).where(and(eq(rolePermissions.roleId, role.id), inArray(rolePermissions.permissionId, remove)));
        if (add.length)
          await tx
            .insert(rolePermissions)
            .values(add.map((permissionId) => ({ roleId: role.id, permissionId })))
            .onConflictDoNothing();
        await recordOperation(tx, req, `角色授权：${role.roleName}（${role.roleCode}），新增${add.length}项，移除${remove.length}项`);
      });
      // The role's users are refused (or allowed) from their very next call.
      forgetAuth(db, 'all');
      return sysOk(null, RBAC_MSG.saved);
    },
  );
};
