// Small pieces the rbac routes share: list parsing and paging, times as the wire shows them,
// trees from parent links, and the add/remove diff of a permission assignment.
import { inArray, type SQL } from 'drizzle-orm';
import { parseListQuery, type ListQuery, type PageResult, type ResourceFields } from '../../../contract/listQuery';
import { RBAC_MSG } from '../../../contract/api/rbac';
import { MSG } from '../../../contract/messages';
import type { Db } from '../../db/client';
import { permissions, rolePermissions } from '../../db/schema';
import type { AuthContext } from '../../http/guard';
import { isPlatformGroup } from '../config/scope';
import { grantedRows } from '../resources/service';
import { menusUnderRules } from './dataScope';
import { AppError } from '../../http/envelope';
import { formatDateTime } from '../../../contract/time';

/** 'YYYY-MM-DD HH:mm:ss' in the display zone (contract/time.ts), as the list pages show times. */
export function fmtTime(d: Date | null | undefined): string {
  return formatDateTime(d);
}

/** The list query of a request over a resource's allow-list; a bad one is the client's 400. */
export function listQueryOf(query: unknown, fields: ResourceFields): ListQuery {
  const parsed = parseListQuery((query ?? {}) as Record<string, unknown>, fields);
  if (!parsed.ok) throw new AppError(400, parsed.message);
  return parsed.value;
}

export async function pageOf<T>(q: ListQuery, load: (limit: number, offset: number) => Promise<T[]>, total: () => Promise<number>): Promise<PageResult<T>> {
  const [records, n] = await Promise.all([load(q.pageSize, (q.pageNo - 1) * q.pageSize), total()]);
  return { records, total: n, size: q.pageSize, current: q.pageNo };
}

/** Rows linked by parentId → nested nodes; rows whose parent is absent become roots. */
export function buildTree<R extends { id: string; parentId: string | null }, N extends { children?: N[]; isLeaf?: boolean }>(
  rows: R[],
  toNode: (r: R) => N,
): N[] {
  const ids = new Set(rows.map((r) => r.id));
  const kids = new Map<string, R[]>();
  for (const r of rows) {
    const key = r.parentId && ids.has(r.parentId) ? r.parentId : '';
    kids.set(key, [...(kids.get(key) ?? []), r]);
  }
  const walk = (r: R, seen: Set<string>): N => {
    const node = toNode(r);
    const children = seen.has(r.id) ? [] : (kids.get(r.id) ?? []).map((c) => walk(c, new Set([...seen, r.id])));
    if (children.length) node.children = children;
    node.isLeaf = children.length === 0;
    return node;
  };
  return (kids.get('') ?? []).map((r) => walk(r, new Set()));
}

/** Ids of `rows` below `roots` (the roots included). */
export function subtreeIds<R extends { id: string; parentId: string | null }>(rows: R[], roots: string[]): Set<string> {
  const out = new Set(roots);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (r.parentId && out.has(r.parentId) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}

/**
 * The change a permission dialog asks for (jeecg's wire): it sends what is checked now and what
 * was checked when it opened; only the difference is applied, so two administrators editing
 * different branches at once do not undo each other.
 */
export function grantDiff(now: string[], last: string[]): { add: string[]; remove: string[] } {
  const n = new Set(now);
  const l = new Set(last);
  return { add: now.filter((x) => !l.has(x)), remove: last.filter((x) => !n.has(x)) };
}

/** Refuses ids that name no permission row. */
export async function assertPermissionsExist(db: Db, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const found = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.id, ids));
  if (found.length !== new Set(ids).size) throw new AppError(400, RBAC_MSG.permUnknown);
}

/**
 * Nobody widens reach through a grant: a user who is not platform staff may grant (to a role, a
 * department, or a user through the roles they assign) only permissions they hold themselves in the
 * tenant they work in, and hold in full: a permission held only under a data rule (its menu's, see
 * dataScope.ts menusUnderRules) would reach further in a rule-free role given to oneself or to a
 * puppet account. Platform staff keep the whole catalogue.
 */
export async function assertGrantable(db: Db, auth: AuthContext, permissionIds: string[]): Promise<void> {
  if (!permissionIds.length || (await isPlatformGroup(db, auth.groupId))) return;
  const { user, tenantId } = auth;
  const own = new Map((await grantedRows(db, user.id, tenantId)).map((p) => [p.id, p]));
  if (permissionIds.some((id) => !own.has(id))) throw new AppError(403, RBAC_MSG.grantBeyondOwn);
  const ruled = await menusUnderRules(db, auth);
  const underRule = (id: string) => {
    const p = own.get(id)!;
    return ruled.has(p.id) || (p.type === '2' && !!p.parentId && ruled.has(p.parentId));
  };
  if (ruled.size && permissionIds.some(underRule)) throw new AppError(403, RBAC_MSG.grantUnderRule);
}

/** The permissions the given roles grant (for assertGrantable when roles are assigned to a user). */
export async function permissionsOfRoles(db: Db, roleIds: string[]): Promise<string[]> {
  if (!roleIds.length) return [];
  const rows = await db.selectDistinct({ id: rolePermissions.permissionId }).from(rolePermissions).where(inArray(rolePermissions.roleId, roleIds));
  return rows.map((r) => r.id);
}

/** A row that is absent or belongs to another tenant: the same answer for both. */
export const notFound = () => new AppError(404, MSG.http404);

export type Where = SQL | undefined;
