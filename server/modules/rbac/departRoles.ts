// Department roles (/sys/sysDepartRole/*) and their permissions (/sys/sysDepartPermission/*):
// a department role may hold only permissions its department holds.
import { and, count, eq, inArray, ne, sql, type AnyColumn } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RBAC, RBAC_CODE, RBAC_MSG, departIdQuery, departRoleAddBody, departRoleEditBody, departRoleListQuery, departRolePermissionQuery, idQuery,
  saveDepartRolePermissionBody, type DepartRoleRecord,
} from '../../../contract/api/rbac';
import type { ResourceFields } from '../../../contract/listQuery';
import type { ModuleOptions } from '../../context';
import type { Db } from '../../db/client';
import { departPermissions, departRolePermissions, departRoles } from '../../db/schema';
import { AppError, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { orderOf, whereOf, type ListResource } from '../../lib/listSql';
import { newId } from '../../lib/tokens';
import { fmtTime, grantDiff, listQueryOf, notFound, pageOf } from './common';
import { departInTenant } from './departs';
import { recordOperation } from './logs';
import { permissionTree } from './tree';

type DepartRoleRow = typeof departRoles.$inferSelect;
const toRecord = (r: DepartRoleRow): DepartRoleRecord => ({
  id: r.id, departId: r.departId, roleName: r.roleName, roleCode: r.roleCode, description: r.description, createTime: fmtTime(r.createdAt),
});

const FIELDS: ResourceFields = { fields: { roleName: 'string', roleCode: 'string', description: 'string', createTime: 'datetime' } };
const RESOURCE: ListResource = {
  fields: FIELDS.fields,
  columns: { id: departRoles.id, roleName: departRoles.roleName, roleCode: departRoles.roleCode, description: departRoles.description, createTime: sql`${departRoles.createdAt}` as unknown as AnyColumn },
};

async function roleInTenant(db: Db, id: string, tenantId: string): Promise<DepartRoleRow> {
  const [r] = await db.select().from(departRoles).where(and(eq(departRoles.id, id), eq(departRoles.tenantId, tenantId))).limit(1);
  if (!r) throw notFound();
  return r;
}

async function assertCodeFree(db: Db, departId: string, roleCode: string, exceptId?: string) {
  const [hit] = await db
    .select({ id: departRoles.id })
    .from(departRoles)
    .where(and(eq(departRoles.departId, departId), eq(departRoles.roleCode, roleCode), exceptId ? ne(departRoles.id, exceptId) : undefined))
    .limit(1);
  if (hit) throw new AppError(400, RBAC_MSG.departRoleCodeTaken);
}

const departGrants = async (db: Db, departId: string) =>
  new Set((await db.select({ id: departPermissions.permissionId }).from(departPermissions).where(eq(departPermissions.departId, departId))).map((r) => r.id));

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
        async (limit, offset) => (await db.select().from(departRoles).where(where).orderBy(...orderOf(q, RESOURCE)).limit(limit).offset(offset)).map(toRecord),
        async () => Number((await db.select({ n: count() }).from(departRoles).where(where))[0].n),
      ),
    );
  });

  app.post(RBAC.departRoleAdd, { schema: { body: departRoleAddBody, tags }, config: { permission: RBAC_CODE.departRoleAdd, signed: true } }, async (req) => {
    const { tenantId } = authOf(req);
    const b = req.body;
    const row = await db.transaction(async (tx) => {
      const d = await departInTenant(tx, b.departId, tenantId);
      await assertCodeFree(tx, d.id, b.roleCode);
      const [r] = await tx.insert(departRoles).values({ id: newId(), tenantId, departId: d.id, roleName: b.roleName, roleCode: b.roleCode, description: b.description ?? null }).returning();
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
      await assertCodeFree(tx, cur.departId, b.roleCode, cur.id);
      const [r] = await tx.update(departRoles).set({ roleName: b.roleName, roleCode: b.roleCode, description: b.description ?? null }).where(eq(departRoles.id, cur.id)).returning();
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
    return sysOk(null, RBAC_MSG.deleted);
  });

  // The tree a department role is chosen from: the department's own permissions only.
  app.get(RBAC.departRolePermTree, { schema: { querystring: departIdQuery, tags }, config: { permission: RBAC_CODE.departRoleAuth } }, async (req) => {
    const d = await departInTenant(db, req.query.departId, authOf(req).tenantId);
    return sysOk(await permissionTree(db, await departGrants(db, d.id)));
  });

  app.get(RBAC.departRolePermission, { schema: { querystring: departRolePermissionQuery, tags }, config: { permission: RBAC_CODE.departRoleAuth } }, async (req) => {
    const r = await roleInTenant(db, req.query.roleId, authOf(req).tenantId);
    const rows = await db.select({ id: departRolePermissions.permissionId }).from(departRolePermissions).where(eq(departRolePermissions.roleId, r.id));
    return sysOk(rows.map((x) => x.id));
  });

  app.post(RBAC.saveDepartRolePermission, { schema: { body: saveDepartRolePermissionBody, tags }, config: { permission: RBAC_CODE.departRoleAuth, signed: true } }, async (req) => {
    const { tenantId } = authOf(req);
    const { add, remove } = grantDiff(req.body.permissionIds, req.body.lastpermissionIds);
    await db.transaction(async (tx) => {
      const r = await roleInTenant(tx, req.body.roleId, tenantId);
      const allowed = await departGrants(tx, r.departId);
      if (add.some((id) => !allowed.has(id))) throw new AppError(400, RBAC_MSG.departRoleBeyond);
      if (remove.length) await tx.delete(departRolePermissions).where(and(eq(departRolePermissions.roleId, r.id), inArray(departRolePermissions.permissionId, remove)));
      if (add.length) await tx.insert(departRolePermissions).values(add.map((permissionId) => ({ roleId: r.id, permissionId }))).onConflictDoNothing();
      await recordOperation(tx, req, `部门角色授权：${r.roleName}（${r.roleCode}），新增${add.length}项，移除${remove.length}项`);
    });
    return sysOk(null, RBAC_MSG.saved);
  });
};
