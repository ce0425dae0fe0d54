// Menus and buttons (/sys/permission/*). The catalogue is the platform's: only the platform
// tenant may change it. Menu rows must name a registered page (contract PAGE_KEYS), buttons carry
// a unique permission code, and a row with children cannot be deleted.
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isPlatform } from '../config/scope';
import {
  RBAC,
  RBAC_CODE,
  RBAC_MSG,
  idQuery,
  parentIdQuery,
  parentIdsQuery,
  permissionBody,
  permissionEditBody,
  type PermissionBody,
} from '../../../contract/api/rbac';
import type { FastifyRequest } from 'fastify';
import type { ModuleOptions } from '../../context';
import type { Db } from '../../db/client';
import { permissions } from '../../db/schema';
import { AppError, sysOk } from '../../http/envelope';
import { newId } from '../../lib/tokens';
import { notFound, subtreeIds } from './common';
import { forgetAuth } from '../session/authChanges';
import { recordOperation } from './logs';
import { builtInIds, permissionListTree, permissionRecords } from './tree';
import { dataRuleRoutes } from './rules';

type PermissionRow = typeof permissions.$inferSelect;

/** The menu catalogue is one for every tenant: only platform staff (a platform-type group) change it. */
async function assertPlatform(db: Db, req: FastifyRequest) {
  if (!(await isPlatform(db, req))) throw new AppError(403, RBAC_MSG.permPlatformOnly);
}

export async function permissionById(db: Db, id: string): Promise<PermissionRow> {
  const [p] = await db.select().from(permissions).where(eq(permissions.id, id)).limit(1);
  if (!p) throw notFound();
  return p;
}

/** The rules a row must meet beyond its schema: parent, unique code. */
async function checkRow(db: Db, b: PermissionBody, selfId?: string) {
  if (b.parentId) {
    const [parent] = await db.select().from(permissions).where(eq(permissions.id, b.parentId)).limit(1);
    if (!parent || parent.type === '2') throw new AppError(400, RBAC_MSG.permParentBad);
    if (selfId) {
      const all = await db.select({ id: permissions.id, parentId: permissions.parentId }).from(permissions);
      if (subtreeIds(all, [selfId]).has(b.parentId)) throw new AppError(400, RBAC_MSG.permParentBad);
    }
  }
  // A taken perms is refused by the unique index permissions_perms_uq (a 409, server/http/pgErrors.ts).
}

/** The stored columns of a validated body; a button keeps no route fields. */
function columnsOf(b: PermissionBody) {
  const button = b.type === '2';
  return {
    parentId: b.parentId ?? null,
    name: b.name,
    type: b.type,
    path: button ? null : (b.path ?? null),
    component: button ? null : (b.component ?? null),
    componentName: button ? null : b.componentName || null,
    redirect: button ? null : b.redirect || null,
    url: b.url || null,
    icon: b.icon || null,
    perms: b.perms || null,
    sortNo: b.sortNo,
    status: b.status,
    hidden: b.hidden,
    keepAlive: b.keepAlive,
    route: b.route,
    alwaysShow: b.alwaysShow,
    internalOrExternal: b.internalOrExternal,
  };
}

const TYPE_TEXT = { '0': '菜单目录', '1': '菜单', '2': '按钮' } as const;

export const permissionRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, opts) => {
  const db = opts.deps.db;
  const tags = ['rbac'];
  const read = { permission: RBAC_CODE.permList };

  app.get(RBAC.permList, { schema: { tags }, config: read }, async () => sysOk(await permissionListTree(db)));

  app.post(RBAC.permAdd, { schema: { body: permissionBody, tags }, config: { permission: RBAC_CODE.permAdd, signed: true } }, async (req) => {
    await assertPlatform(db, req);
    const b = req.body;
    const id = await db.transaction(async (tx) => {
      await checkRow(tx, b);
      const [row] = await tx
        .insert(permissions)
        .values({ id: newId(), ...columnsOf(b) })
        .returning({ id: permissions.id });
      await recordOperation(tx, req, `添加${TYPE_TEXT[b.type]}：${b.name}${b.perms ? `（${b.perms}）` : ''}`);
      return row.id;
    });
    forgetAuth(db, 'all');
    return sysOk((await permissionRecords(db, [id]))[0], RBAC_MSG.added);
  });

  app.put(RBAC.permEdit, { schema: { body: permissionEditBody, tags }, config: { permission: RBAC_CODE.permEdit, signed: true } }, async (req) => {
    await assertPlatform(db, req);
    const b = req.body;
    await db.transaction(async (tx) => {
      await permissionById(tx, b.id);
      await checkRow(tx, b, b.id);
      if (b.type === '2') {
        const [child] = await tx.select({ id: permissions.id }).from(permissions).where(eq(permissions.parentId, b.id)).limit(1);
        if (child) throw new AppError(400, RBAC_MSG.permParentBad);
      }
      await tx.update(permissions).set(columnsOf(b)).where(eq(permissions.id, b.id));
      await recordOperation(tx, req, `编辑${TYPE_TEXT[b.type]}：${b.name}${b.perms ? `（${b.perms}）` : ''}，状态${b.status === '1' ? '启用' : '停用'}`);
    });
    // A switched-off code is refused to everyone from the next call.
    forgetAuth(db, 'all');
    return sysOk((await permissionRecords(db, [b.id]))[0], RBAC_MSG.edited);
  });

  app.delete(RBAC.permDelete, { schema: { querystring: idQuery, tags }, config: { permission: RBAC_CODE.permDelete } }, async (req) => {
    await assertPlatform(db, req);
    await db.transaction(async (tx) => {
      const p = await permissionById(tx, req.query.id);
      const [child] = await tx.select({ id: permissions.id }).from(permissions).where(eq(permissions.parentId, p.id)).limit(1);
      if (child) throw new AppError(400, RBAC_MSG.permHasChildren);
      if (builtInIds().has(p.id)) throw new AppError(400, RBAC_MSG.permBuiltIn);
      await tx.delete(permissions).where(eq(permissions.id, p.id));
      await recordOperation(tx, req, `删除${TYPE_TEXT[p.type]}：${p.name}${p.perms ? `（${p.perms}）` : ''}`);
    });
    forgetAuth(db, 'all');
    return sysOk(null, RBAC_MSG.deleted);
  });

  // Lazy loading of the management tree: top-level menus, then children by parent.
  const menusUnder = async (parentIds: string[] | null) => {
    const rows = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(parentIds ? inArray(permissions.parentId, parentIds) : and(isNull(permissions.parentId), or(eq(permissions.type, '0'), eq(permissions.type, '1'))))
      .orderBy(asc(permissions.sortNo), asc(permissions.id));
    const records = await permissionRecords(
      db,
      rows.map((r) => r.id),
    );
    const parents = new Set((await db.selectDistinct({ id: permissions.parentId }).from(permissions)).map((r) => r.id));
    return records.sort((a, b) => a.sortNo - b.sortNo || a.id.localeCompare(b.id)).map((r) => ({ ...r, leaf: !parents.has(r.id) }));
  };
  app.get(RBAC.systemMenuList, { schema: { tags }, config: read }, async () => sysOk(await menusUnder(null)));
  app.get(RBAC.systemSubmenu, { schema: { querystring: parentIdQuery, tags }, config: read }, async (req) => sysOk(await menusUnder([req.query.parentId])));
  app.get(RBAC.systemSubmenuBatch, { schema: { querystring: parentIdsQuery, tags }, config: read }, async (req) => {
    const rows = await menusUnder(req.query.parentIds);
    const out: Record<string, typeof rows> = Object.fromEntries(req.query.parentIds.map((id) => [id, []]));
    for (const r of rows) if (r.parentId) out[r.parentId]?.push(r);
    return sysOk(out);
  });

  await app.register(dataRuleRoutes, opts);
};
