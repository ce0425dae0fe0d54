// The user's resources: the menu tree built from the permission rows granted to the user's
// roles, the granted permission entries (auth) and every entry of the system with its switch (allAuth).
import { asc, eq, inArray } from 'drizzle-orm';
import { isPageKey } from '../../../contract/pages';
import type { MenuItem, PermissionEntry, ResourceJson } from '../../../contract/types';
import type { Db } from '../../db/client';
import { permissions, rolePermissions, userRoles } from '../../db/schema';

type PermissionRow = typeof permissions.$inferSelect;

export async function grantedRows(db: Db, userId: string): Promise<PermissionRow[]> {
  const roleIds = (await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.id);
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ p: permissions })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds));
  return rows.map((r) => r.p).sort((a, b) => a.sortNo - b.sortNo || a.id.localeCompare(b.id));
}

const entryOf = (p: PermissionRow): PermissionEntry => ({
  type: p.type === '2' ? '2' : '1',
  action: p.perms ?? '',
  describe: p.name,
  status: p.status,
});

export async function allAuthEntries(db: Db): Promise<PermissionEntry[]> {
  const rows = await db.select().from(permissions).orderBy(asc(permissions.sortNo));
  return rows.filter((p) => p.perms).map(entryOf);
}

export async function permissionLists(db: Db, userId: string): Promise<{ auth: PermissionEntry[]; allAuth: PermissionEntry[] }> {
  const granted = await grantedRows(db, userId);
  return { auth: granted.filter((p) => p.perms && p.status === '1').map(entryOf), allAuth: await allAuthEntries(db) };
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

export async function resourcesOf(db: Db, userId: string): Promise<ResourceJson> {
  const granted = await grantedRows(db, userId);
  return {
    menu: buildMenu(granted),
    auth: granted.filter((p) => p.perms && p.status === '1').map(entryOf),
    allAuth: await allAuthEntries(db),
    sysSafeMode: false,
  };
}
