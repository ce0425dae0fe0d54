// The user's resources: the menu tree built from the permission rows granted to the user's
// roles, the granted permission entries (auth) and every entry of the system with its switch (allAuth).
// A role grants only in its own tenant: a user of two tenants holds, in each, what that tenant's
// roles give them, never what a role of the other tenant gives. Department roles count too (Jeecg's
// department roles): a user linked to one holds, in its tenant and while they belong to its
// department, what it grants within the department's own permissions.
import { and, eq, inArray } from 'drizzle-orm';
import { isPageKey } from '../../../contract/pages';
import type { MenuItem, PermissionEntry, ResourceJson } from '../../../contract/types';
import type { PermissionLists } from '../../../contract/permission';
import type { Db } from '../../db/client';
import {
  departPermissions,
  departRolePermissions,
  departRoleUsers,
  departRoles,
  permissions,
  rolePermissions,
  roles,
  userDeparts,
  userRoles,
} from '../../db/schema';

export type PermissionRow = typeof permissions.$inferSelect;

/**
 * What the user's department roles grant in the tenant: the roles of the tenant they are linked to,
 * of departments they still belong to, each capped by its department's permissions.
 */
export async function departRoleGrantIds(db: Db, userId: string, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: departRolePermissions.permissionId })
    .from(departRoleUsers)
    .innerJoin(departRoles, and(eq(departRoles.id, departRoleUsers.roleId), eq(departRoles.tenantId, tenantId)))
    .innerJoin(userDeparts, and(eq(userDeparts.userId, departRoleUsers.userId), eq(userDeparts.departId, departRoles.departId)))
    .innerJoin(departRolePermissions, eq(departRolePermissions.roleId, departRoles.id))
    .innerJoin(
      departPermissions,
      and(eq(departPermissions.departId, departRoles.departId), eq(departPermissions.permissionId, departRolePermissions.permissionId)),
    )
    .where(eq(departRoleUsers.userId, userId));
  return rows.map((r) => r.id);
}

/**
 * The ids of the catalogue rows the user holds in the tenant: through their roles of the tenant, and
 * through the department roles of the tenant's departments they belong to.
 */
export async function grantedIds(db: Db, userId: string, tenantId: string): Promise<Set<string>> {
  const roleIds = (
    await db
      .select({ id: userRoles.roleId })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, userId), eq(roles.tenantId, tenantId)))
  ).map((r) => r.id);
  const ids = new Set(
    roleIds.length
      ? (await db.selectDistinct({ id: rolePermissions.permissionId }).from(rolePermissions).where(inArray(rolePermissions.roleId, roleIds))).map((r) => r.id)
      : [],
  );
  for (const id of await departRoleGrantIds(db, userId, tenantId)) ids.add(id);
  return ids;
}

const bySortNo = (a: PermissionRow, b: PermissionRow) => a.sortNo - b.sortNo || a.id.localeCompare(b.id);

export async function grantedRows(db: Db, userId: string, tenantId: string): Promise<PermissionRow[]> {
  const ids = await grantedIds(db, userId, tenantId);
  if (ids.size === 0) return [];
  const rows = await db
    .select()
    .from(permissions)
    .where(inArray(permissions.id, [...ids]));
  return rows.sort(bySortNo);
}

/** Every catalogue row, in menu order (sort number, then id). */
export async function catalogueRows(db: Db): Promise<PermissionRow[]> {
  return (await db.select().from(permissions)).sort(bySortNo);
}

const entryOf = (p: PermissionRow): PermissionEntry => ({
  type: p.type === '2' ? '2' : '1',
  action: p.perms ?? '',
  describe: p.name,
  status: p.status,
});

export async function allAuthEntries(db: Db): Promise<PermissionEntry[]> {
  return (await catalogueRows(db)).filter((p) => p.perms).map(entryOf);
}

/** The lists the guard decides with: the catalogue's codes, and those of the rows the user holds (enabled ones). */
export function listsOf(catalogue: PermissionRow[], granted: Set<string>): PermissionLists {
  return {
    auth: catalogue.filter((p) => granted.has(p.id) && p.perms && p.status === '1').map(entryOf),
    allAuth: catalogue.filter((p) => p.perms).map(entryOf),
  };
}

export async function permissionLists(db: Db, userId: string, tenantId: string): Promise<PermissionLists> {
  const [catalogue, granted] = await Promise.all([catalogueRows(db), grantedIds(db, userId, tenantId)]);
  return listsOf(catalogue, granted);
}

/** Route name of a menu path: '/account/center' → 'account-center'. */
const routeName = (path: string) => path.replace(/^\/+/, '').replace(/[/:]+/g, '-') || 'root';

/**
 * Tree of enabled menu rows. A row whose component is not a registered page key is left out
 * (with its subtree): the client could not route to it anyway.
 */
export function buildMenu(rows: PermissionRow[]): MenuItem[] {
  const menuRows = rows.filter((r) => r.type !== '2' && r.status === '1');
  const buttonsByParent = new Map<string, PermissionEntry[]>();
  for (const b of rows.filter((r) => r.type === '2' && r.perms && r.parentId)) {
    const list = buttonsByParent.get(b.parentId!) ?? [];
    list.push(entryOf(b));
    buttonsByParent.set(b.parentId!, list);
  }
  const ids = new Set(menuRows.map((r) => r.id));
  const toItem = (r: PermissionRow): MenuItem | null => {
    if (!r.path || !r.component || !isPageKey(r.component)) return null;
    const children = menuRows
      .filter((c) => c.parentId === r.id)
      .map(toItem)
      .filter((c): c is MenuItem => c !== null);
    const item: MenuItem = {
      id: r.id,
      path: r.path,
      name: routeName(r.path),
      redirect: r.redirect,
      component: r.component,
      hidden: r.hidden,
      route: r.route ? '1' : '0',
      alwaysShow: r.alwaysShow,
      meta: {
        title: r.name,
        icon: r.icon ?? undefined,
        url: r.url ?? undefined,
        keepAlive: r.keepAlive,
        internalOrExternal: r.internalOrExternal,
        componentName: r.componentName ?? undefined,
        permissionList: buttonsByParent.get(r.id) ?? [],
      },
    };
    if (children.length > 0) item.children = children;
    return item;
  };
  return menuRows
    .filter((r) => !r.parentId || !ids.has(r.parentId))
    .map(toItem)
    .filter((m): m is MenuItem => m !== null);
}

export async function resourcesOf(db: Db, userId: string, tenantId: string): Promise<ResourceJson> {
  const granted = await grantedRows(db, userId, tenantId);
  return {
    menu: buildMenu(granted),
    auth: granted.filter((p) => p.perms && p.status === '1').map(entryOf),
    allAuth: await allAuthEntries(db),
    sysSafeMode: false,
  };
}
