// Permission rows as trees: the checkable tree of the permission dialogs ({treeList, ids}) and
// the management tree of /sys/permission/list.
import { asc, inArray } from 'drizzle-orm';
import type { PermissionRecord, PermissionTreeAnswer, TreeNode } from '../../../contract/api/rbac';
import type { Db } from '../../db/client';
import { CATALOGUE } from '../../db/catalogue';
import { permissionDataRules, permissions } from '../../db/schema';
import { buildTree } from './common';

type PermissionRow = typeof permissions.$inferSelect;

async function allRows(db: Db): Promise<PermissionRow[]> {
  return db.select().from(permissions).orderBy(asc(permissions.sortNo), asc(permissions.id));
}

/**
 * The dialog tree; with `only`, just those rows (a row whose parent is left out becomes a root).
 * ruleFlag marks the menus that have data rules (a role's grant dialog offers their 数据规则).
 */
export async function permissionTree(db: Db, only?: Set<string>): Promise<PermissionTreeAnswer> {
  const rows = (await allRows(db)).filter((r) => !only || only.has(r.id));
  const ruled = new Set((await db.selectDistinct({ id: permissionDataRules.permissionId }).from(permissionDataRules)).map((r) => r.id));
  const treeList = buildTree<PermissionRow, TreeNode>(rows, (r) => ({
    ruleFlag: ruled.has(r.id),
    key: r.id,
    value: r.id,
    title: r.name,
    type: r.type,
    perms: r.perms,
    status: r.status,
    icon: r.icon,
  }));
  return { treeList, ids: rows.map((r) => r.id) };
}

/** Ids the catalogue of server/modules/<m>/menu.ts defines (they come back at every start-up). */
export const builtInIds = (): Set<string> => new Set(CATALOGUE.map((e) => e.id as string));

export function toPermissionRecord(r: PermissionRow, builtIn: Set<string>, withRules: Set<string>): PermissionRecord {
  return {
    id: r.id,
    parentId: r.parentId,
    name: r.name,
    type: r.type,
    path: r.path,
    component: r.component,
    componentName: r.componentName,
    redirect: r.redirect,
    url: r.url,
    icon: r.icon,
    perms: r.perms,
    sortNo: r.sortNo,
    status: r.status,
    hidden: r.hidden,
    keepAlive: r.keepAlive,
    route: r.route,
    alwaysShow: r.alwaysShow,
    internalOrExternal: r.internalOrExternal,
    builtIn: builtIn.has(r.id),
    leaf: true,
    ruleFlag: withRules.has(r.id),
  };
}

export async function permissionRecords(db: Db, ids?: string[]): Promise<PermissionRecord[]> {
  const rows = ids ? await db.select().from(permissions).where(inArray(permissions.id, ids)) : await allRows(db);
  const ruled = new Set((await db.selectDistinct({ id: permissionDataRules.permissionId }).from(permissionDataRules)).map((r) => r.id));
  const builtIn = builtInIds();
  return rows.map((r) => toPermissionRecord(r, builtIn, ruled));
}

/** The management tree: every row with its children, leaf flags set. */
export async function permissionListTree(db: Db): Promise<PermissionRecord[]> {
  const records = await permissionRecords(db);
  return buildTree<PermissionRecord, PermissionRecord>(records, (r) => ({ ...r })).map(function mark(n): PermissionRecord {
    const children = n.children?.map(mark);
    return { ...n, leaf: !children?.length, children };
  });
}
