// The calls the pickers read, over the one axios instance: positions, dictionary items (the
// session's cached dictionaries first), roles, departments, users, business entities, the category
// tree and the table tree of loadTreeData. Each answers plain options or nodes, or throws an
// ApiError with the server's words (silent: the picker shows the message itself).
import { ADMIN_P, type SysUserRow } from '@contract/api/admin';
import { CATEGORY_P, type CategoryNode } from '@contract/api/category';
import { CONFIG_BASE, CP, type EntityRecord, type TreeNode as TableTreeNode } from '@contract/api/config';
import type { PageResult } from '@contract/listQuery';
import { P } from '@contract/api/paths';
import { POSITION_P, type PositionRecord } from '@contract/api/position';
import { RBAC, type DepartNode } from '@contract/api/rbac';
import { WIRE_MSG } from '@contract/api/wire';
import type { DictItem } from '@contract/types';
import { sysGet, sysOrThrow } from '@/api/request';
import { session } from '@/stores/session';

const quiet = { silent: true } as const;

export interface PickerOption {
  value: string;
  label: string;
  /** A second line (code, rank …). */
  extra?: string;
}

/** A node of any picker tree: `value` is what is stored, `title` what is shown. */
export interface PickerNode {
  value: string;
  title: string;
  isLeaf?: boolean;
  children?: PickerNode[];
  /** The department's org code (user picker filter). */
  orgCode?: string;
}

export async function positionOptions(): Promise<PickerOption[]> {
  const rows = sysOrThrow(await sysGet<PositionRecord[]>(POSITION_P.queryAll, undefined, quiet), true);
  return rows.map((p) => ({ value: p.code, label: p.name, extra: `${p.code} · ${p.rank_dictText}` }));
}

/** Items of a dictionary (active ones only, §3): the session's copy when it has one, else the server's. */
export async function dictOptions(dictCode: string): Promise<PickerOption[]> {
  if (!dictCode.trim()) throw new Error(WIRE_MSG.dictCodeEmpty);
  const cached = session.dicts[dictCode];
  const items: DictItem[] =
    cached ?? sysOrThrow(await sysGet<DictItem[]>(P.dictItems.replace(':dictCode', encodeURIComponent(dictCode)), undefined, quiet), true);
  return items
    .filter((i) => i.status === undefined || Number(i.status) === 1)
    .map((i) => ({ value: String(i.value), label: i.text ?? i.label ?? i.title ?? String(i.value) }));
}

export async function roleOptions(): Promise<PickerOption[]> {
  const rows = sysOrThrow(await sysGet<{ id: string; roleName: string; roleCode: string }[]>(RBAC.roleQueryAll, undefined, quiet), true);
  return rows.map((r) => ({ value: r.id, label: r.roleName, extra: r.roleCode }));
}

const departNode = (d: DepartNode): PickerNode => ({
  value: d.id,
  title: d.departName,
  orgCode: d.orgCode,
  isLeaf: !d.children?.length,
  children: d.children?.length ? d.children.map(departNode) : undefined,
});
export async function departTree(): Promise<PickerNode[]> {
  return sysOrThrow(await sysGet<DepartNode[]>(RBAC.departTree, undefined, quiet), true).map(departNode);
}

export interface UserQuery {
  /** Account search (matches inside the account name). */
  username: string;
  /** The chosen department's org code: its users and those of the departments below it. */
  orgCode: string;
  pageNo: number;
  pageSize: number;
}
export async function userPage(q: UserQuery): Promise<PageResult<SysUserRow>> {
  const params: Record<string, unknown> = { pageNo: q.pageNo, pageSize: q.pageSize };
  if (q.username.trim()) params.username = `*${q.username.trim()}*`;
  if (q.orgCode) params.orgCode = `${q.orgCode}*`;
  return sysOrThrow(await sysGet<PageResult<SysUserRow>>(ADMIN_P.userList, params, quiet), true);
}
/** The users whose `field` is one of the values (to show the text of a stored value). */
export async function usersBy(field: 'username' | 'id', values: string[]): Promise<SysUserRow[]> {
  if (!values.length) return [];
  const page = sysOrThrow(
    await sysGet<PageResult<SysUserRow>>(ADMIN_P.userList, { [field]: values.join(','), pageNo: 1, pageSize: values.length }, quiet),
    true,
  );
  return page.records;
}

export interface EntityQuery {
  entityName: string;
  pageNo: number;
  pageSize: number;
}
export async function entityPage(q: EntityQuery): Promise<PageResult<EntityRecord & { id: string }>> {
  const params: Record<string, unknown> = { pageNo: q.pageNo, pageSize: q.pageSize };
  if (q.entityName.trim()) params.entityName = `*${q.entityName.trim()}*`;
  return sysOrThrow(await sysGet<PageResult<EntityRecord & { id: string }>>(`${CONFIG_BASE.entity}/list`, params, quiet), true);
}
/** Business picker: the value call with the joined values plus a trailing comma, pageNo 1, pageSize the count (§7). */
export async function entitiesByIds(ids: string[]): Promise<(EntityRecord & { id: string })[]> {
  if (!ids.length) return [];
  const page = sysOrThrow(
    await sysGet<PageResult<EntityRecord & { id: string }>>(`${CONFIG_BASE.entity}/list`, { id: `${ids.join(',')},`, pageNo: 1, pageSize: ids.length }, quiet),
    true,
  );
  return page.records;
}

const categoryNode = (n: CategoryNode): PickerNode => ({
  value: n.id,
  title: n.name,
  isLeaf: n.leaf,
  children: n.children?.map(categoryNode),
});
export async function categoryRoots(pcode: string): Promise<PickerNode[]> {
  return sysOrThrow(await sysGet<CategoryNode[]>(CATEGORY_P.loadTreeRoot, { async: 'true', pcode }, quiet), true).map(categoryNode);
}
export async function categoryChildren(pid: string): Promise<PickerNode[]> {
  return sysOrThrow(await sysGet<CategoryNode[]>(CATEGORY_P.loadTreeChildren, { pid }, quiet), true).map(categoryNode);
}
export async function categoryNames(ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  return sysOrThrow(await sysGet<string[]>(CATEGORY_P.loadDictItem, { ids: ids.join(',') }, quiet), true);
}

/** Where a table tree comes from (loadTreeData): the table, its text and code columns, the parent column. */
export interface TableTreeSource {
  tableName: string;
  text: string;
  code: string;
  pidField: string;
  condition?: string;
}
export async function tableTreeChildren(src: TableTreeSource, pid?: string): Promise<PickerNode[]> {
  const params = { ...src, hasChildField: 'has_child', ...(pid ? { pid } : {}) };
  const rows = sysOrThrow(await sysGet<TableTreeNode[]>(CP.loadTreeData, params, quiet), true);
  return rows.map((r) => ({ value: r.value, title: r.title, isLeaf: r.leaf }));
}
