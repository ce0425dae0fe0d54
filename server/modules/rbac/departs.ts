// Departments of the caller's tenant (/sys/sysDepart/*): trees, search, lazy children, add, edit,
// delete (refused while children or users remain), and the department's permissions.
import { and, asc, count, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RBAC,
  RBAC_CODE,
  RBAC_MSG,
  departAddBody,
  departEditBody,
  departIdQuery,
  departSearchQuery,
  departSyncQuery,
  idQuery,
  saveDepartPermissionBody,
  type DepartNode,
  type TreeNode,
} from '../../../contract/api/rbac';
import type { ModuleOptions } from '../../context';
import type { Db } from '../../db/client';
import { departPermissions, departRolePermissions, departRoles, departments, userDeparts } from '../../db/schema';
import { AppError, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { likeEscape } from '../../lib/listSql';
import { newId } from '../../lib/tokens';
import { assertGrantable, assertPermissionsExist, buildTree, fmtTime, grantDiff, notFound, subtreeIds } from './common';
import { recordOperation } from './logs';
import { forgetAuth } from '../session/authChanges';

type DepartRow = typeof departments.$inferSelect;

const toNode = (d: DepartRow): DepartNode => ({
  id: d.id,
  key: d.id,
  value: d.id,
  title: d.departName,
  parentId: d.parentId,
  orgCode: d.orgCode,
  departName: d.departName,
  orgCategory: d.orgCategory,
  sortNo: d.sortNo,
  mobile: d.mobile,
  fax: d.fax,
  address: d.address,
  memo: d.memo,
  createTime: fmtTime(d.createdAt),
});

const byOrder = [asc(departments.sortNo), asc(departments.orgCode)];
export async function tenantDeparts(db: Db, tenantId: string): Promise<DepartRow[]> {
  return db
    .select()
    .from(departments)
    .where(eq(departments.tenantId, tenantId))
    .orderBy(...byOrder);
}

export async function departInTenant(db: Db, id: string, tenantId: string): Promise<DepartRow> {
  const [d] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.id, id), eq(departments.tenantId, tenantId)))
    .limit(1);
  if (!d) throw notFound();
  return d;
}

/** Next org code under a parent: A01, A02 … at the top; parent code + A01 … below (unique everywhere). */
async function nextOrgCode(db: Db, parentCode: string): Promise<string> {
  const rows = await db
    .select({ code: departments.orgCode })
    .from(departments)
    .where(sql`${departments.orgCode} ~ ${`^${parentCode}A[0-9]+$`}`);
  const max = rows.reduce((m, r) => Math.max(m, Number(r.code.slice(parentCode.length + 1)) || 0), 0);
  return `${parentCode}A${String(max + 1).padStart(2, '0')}`;
}

export const departRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const db = deps.db;
  const tags = ['rbac'];
  const read = { permission: RBAC_CODE.departList };

  app.get(RBAC.departTree, { schema: { tags }, config: read }, async (req) => sysOk(buildTree(await tenantDeparts(db, authOf(req).tenantId), toNode)));

  app.get(RBAC.departIdTree, { schema: { tags }, config: read }, async (req) => {
    const rows = await tenantDeparts(db, authOf(req).tenantId);
    return sysOk(buildTree<DepartRow, TreeNode>(rows, (d) => ({ key: d.id, value: d.id, title: d.departName, id: d.id, parentId: d.parentId })));
  });

  app.get(RBAC.departSearch, { schema: { querystring: departSearchQuery, tags }, config: read }, async (req) => {
    const rows = await db
      .select()
      .from(departments)
      .where(and(eq(departments.tenantId, authOf(req).tenantId), ilike(departments.departName, `%${likeEscape(req.query.keyWord)}%`)))
      .orderBy(...byOrder)
      .limit(200);
    return sysOk(rows.map((d) => ({ ...toNode(d), isLeaf: true })));
  });

  // The caller's own departments and everything below them (no code: it shows only their own).
  app.get(RBAC.myDepartTree, { schema: { tags }, config: { permission: 'authenticated' } }, async (req) => {
    const { user, tenantId } = authOf(req);
    const rows = await tenantDeparts(db, tenantId);
    const mine = (await db.select({ id: userDeparts.departId }).from(userDeparts).where(eq(userDeparts.userId, user.id))).map((r) => r.id);
    const keep = subtreeIds(
      rows,
      mine.filter((id) => rows.some((r) => r.id === id)),
    );
    return sysOk(
      buildTree(
        rows.filter((r) => keep.has(r.id)),
        toNode,
      ),
    );
  });

  app.get(RBAC.departTreeSync, { schema: { querystring: departSyncQuery, tags }, config: read }, async (req) => {
    const { tenantId } = authOf(req);
    if (req.query.pid) await departInTenant(db, req.query.pid, tenantId);
    const rows = await db
      .select()
      .from(departments)
      .where(and(eq(departments.tenantId, tenantId), req.query.pid ? eq(departments.parentId, req.query.pid) : isNull(departments.parentId)))
      .orderBy(...byOrder);
    const withKids = rows.length
      ? new Set(
          (
            await db
              .selectDistinct({ id: departments.parentId })
              .from(departments)
              .where(
                inArray(
                  departments.parentId,
                  rows.map((r) => r.id),
                ),
              )
          ).map((r) => r.id),
        )
      : new Set<string | null>();
    return sysOk(rows.map((d) => ({ ...toNode(d), isLeaf: !withKids.has(d.id) })));
  });

  app.post(RBAC.departAdd, { schema: { body: departAddBody, tags }, config: { permission: RBAC_CODE.departAdd, signed: true } }, async (req) => {
    const { tenantId } = authOf(req);
    const b = req.body;
    const row = await db.transaction(async (tx) => {
      // Org codes are derived from the siblings': one writer at a time.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(72026031)`);
      const parent = b.parentId ? await departInTenant(tx, b.parentId, tenantId) : null;
      const orgCode = await nextOrgCode(tx, parent?.orgCode ?? '');
      const [d] = await tx
        .insert(departments)
        .values({
          id: newId(),
          tenantId,
          parentId: parent?.id ?? null,
          orgCode,
          departName: b.departName,
          orgCategory: b.orgCategory,
          sortNo: b.sortNo,
          mobile: b.mobile || null,
          fax: b.fax || null,
          address: b.address || null,
          memo: b.memo || null,
        })
        .returning();
      await recordOperation(tx, req, `添加部门：${b.departName}（${orgCode}）`);
      return d;
    });
    return sysOk(toNode(row), RBAC_MSG.added);
  });

  app.put(RBAC.departEdit, { schema: { body: departEditBody, tags }, config: { permission: RBAC_CODE.departEdit, signed: true } }, async (req) => {
    const { tenantId } = authOf(req);
    const b = req.body;
    const row = await db.transaction(async (tx) => {
      const cur = await departInTenant(tx, b.id, tenantId);
      const [d] = await tx
        .update(departments)
        .set({
          departName: b.departName,
          orgCategory: b.orgCategory,
          sortNo: b.sortNo,
          mobile: b.mobile || null,
          fax: b.fax || null,
          address: b.address || null,
          memo: b.memo || null,
        })
        .where(eq(departments.id, cur.id))
        .returning();
      await recordOperation(tx, req, `编辑部门：${b.departName}（${cur.orgCode}）`);
      return d;
    });
    return sysOk(toNode(row), RBAC_MSG.edited);
  });

  app.delete(RBAC.departDelete, { schema: { querystring: idQuery, tags }, config: { permission: RBAC_CODE.departDelete } }, async (req) => {
    const { tenantId } = authOf(req);
    await db.transaction(async (tx) => {
      const d = await departInTenant(tx, req.query.id, tenantId);
      const [kids] = await tx.select({ n: count() }).from(departments).where(eq(departments.parentId, d.id));
      if (Number(kids.n) > 0) throw new AppError(400, RBAC_MSG.departHasChildren);
      const [members] = await tx.select({ n: count() }).from(userDeparts).where(eq(userDeparts.departId, d.id));
      if (Number(members.n) > 0) throw new AppError(400, RBAC_MSG.departHasUsers);
      await tx.delete(departments).where(eq(departments.id, d.id));
      await recordOperation(tx, req, `删除部门：${d.departName}（${d.orgCode}）`);
    });
    return sysOk(null, RBAC_MSG.deleted);
  });

  app.get(RBAC.departPermission, { schema: { querystring: departIdQuery, tags }, config: { permission: RBAC_CODE.departAuth } }, async (req) => {
    const d = await departInTenant(db, req.query.departId, authOf(req).tenantId);
    const rows = await db.select({ id: departPermissions.permissionId }).from(departPermissions).where(eq(departPermissions.departId, d.id));
    return sysOk(rows.map((r) => r.id));
  });

  app.post(
    RBAC.saveDepartPermission,
    { schema: { body: saveDepartPermissionBody, tags }, config: { permission: RBAC_CODE.departAuth, signed: true } },
    async (req) => {
      const { tenantId } = authOf(req);
      const { add, remove } = grantDiff(req.body.permissionIds, req.body.lastpermissionIds);
      await db.transaction(async (tx) => {
        const d = await departInTenant(tx, req.body.departId, tenantId);
        await assertPermissionsExist(tx, add);
        await assertGrantable(tx, authOf(req), add);
        if (remove.length) {
          await tx.delete(departPermissions).where(and(eq(departPermissions.departId, d.id), inArray(departPermissions.permissionId, remove)));
          // A department role never holds more than its department: withdraw from them too.
          const roleIds = db.select({ id: departRoles.id }).from(departRoles).where(eq(departRoles.departId, d.id));
          await tx
            .delete(departRolePermissions)
            .where(and(inArray(departRolePermissions.roleId, roleIds), inArray(departRolePermissions.permissionId, remove)));
        }
        if (add.length)
          await tx
            .insert(departPermissions)
            .values(add.map((permissionId) => ({ departId: d.id, permissionId })))
            .onConflictDoNothing();
        await recordOperation(tx, req, `部门授权：${d.departName}（${d.orgCode}），新增${add.length}项，移除${remove.length}项`);
      });
      forgetAuth(db, 'all'); // the cap of its department roles changed for their users
      return sysOk(null, RBAC_MSG.saved);
    },
  );
};
