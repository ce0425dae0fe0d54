// Calls of the authorisation pages (contract/api/rbac.ts names the paths) and the permission
// check the pages use for their own buttons.
import { RBAC, type DepartNode, type DataRuleRecord, type PermissionRecord, type PermissionTreeAnswer } from '@contract/api/rbac';
import { DATA_RULE_P, type RoleDataRuleAnswer } from '@contract/api/dataRules';
import { sysDelete, sysGet, sysOrThrow, sysPost, sysPut } from '@/api/request';

export { RBAC };

export { useCan } from '@/hooks/useCan';

const get = async <T>(url: string, params?: Record<string, unknown>) => sysOrThrow(await sysGet<T>(url, params));
const post = async <T>(url: string, body: unknown) => sysOrThrow(await sysPost<T>(url, body));
const put = async <T>(url: string, body: unknown) => sysOrThrow(await sysPut<T>(url, body));
const del = async (url: string, params: Record<string, unknown>) => sysOrThrow(await sysDelete<null>(url, params));

/** The three permission assignments share one wire: what is checked now and what was checked. */
export interface GrantTarget {
  /** Loads the checkable tree. */
  tree: () => Promise<PermissionTreeAnswer>;
  granted: () => Promise<string[]>;
  save: (now: string[], last: string[]) => Promise<unknown>;
  /** Which data rules of a menu the target is held to (roles only: the 数据规则 of a menu in the tree). */
  dataRules?: RoleDataRules;
}

export interface RoleDataRules {
  load: (menuId: string) => Promise<RoleDataRuleAnswer>;
  save: (menuId: string, ruleIds: string[]) => Promise<unknown>;
}

export const roleGrant = (roleId: string): GrantTarget => ({
  tree: () => get<PermissionTreeAnswer>(RBAC.permTree),
  granted: () => get<string[]>(RBAC.rolePermission, { roleId }),
  save: (now, last) => post(RBAC.saveRolePermission, { roleId, permissionIds: now.join(','), lastpermissionIds: last.join(',') }),
  dataRules: {
    load: (permissionId) => get<RoleDataRuleAnswer>(DATA_RULE_P.roleDataRule, { permissionId, roleId }),
    save: (permissionId, ruleIds) => post(DATA_RULE_P.roleDataRule, { permissionId, roleId, dataRuleIds: ruleIds.join(',') }),
  },
});
export const departGrant = (departId: string): GrantTarget => ({
  tree: () => get<PermissionTreeAnswer>(RBAC.permTree),
  granted: () => get<string[]>(RBAC.departPermission, { departId }),
  save: (now, last) => post(RBAC.saveDepartPermission, { departId, permissionIds: now.join(','), lastpermissionIds: last.join(',') }),
});
export const departRoleGrant = (departId: string, roleId: string): GrantTarget => ({
  tree: () => get<PermissionTreeAnswer>(RBAC.departRolePermTree, { departId }),
  granted: () => get<string[]>(RBAC.departRolePermission, { roleId }),
  save: (now, last) => post(RBAC.saveDepartRolePermission, { roleId, permissionIds: now.join(','), lastpermissionIds: last.join(',') }),
});

export const departApi = {
  tree: () => get<DepartNode[]>(RBAC.departTree),
  search: (keyWord: string) => get<DepartNode[]>(RBAC.departSearch, { keyWord }),
  add: (body: Record<string, unknown>) => post<DepartNode>(RBAC.departAdd, body),
  edit: (body: Record<string, unknown>) => put<DepartNode>(RBAC.departEdit, body),
  remove: (id: string) => del(RBAC.departDelete, { id }),
};

export const roleApi = {
  add: (body: Record<string, unknown>) => post(RBAC.roleAdd, body),
  edit: (body: Record<string, unknown>) => put(RBAC.roleEdit, body),
  checkCode: async (roleCode: string, id?: string) =>
    (await sysGet<null>(RBAC.roleCheckCode, { roleCode, id }, { silent: true }).catch(() => null))?.success ?? false,
};

export const departRoleApi = {
  add: (body: Record<string, unknown>) => post(RBAC.departRoleAdd, body),
  edit: (body: Record<string, unknown>) => put(RBAC.departRoleEdit, body),
};

export const permissionApi = {
  list: () => get<PermissionRecord[]>(RBAC.permList),
  add: (body: Record<string, unknown>) => post<PermissionRecord>(RBAC.permAdd, body),
  edit: (body: Record<string, unknown>) => put<PermissionRecord>(RBAC.permEdit, body),
  remove: (id: string) => del(RBAC.permDelete, { id }),
  rules: (permissionId: string) => get<DataRuleRecord[]>(RBAC.ruleListByPerm, { permissionId }),
  addRule: (body: Record<string, unknown>) => post<DataRuleRecord>(RBAC.ruleAdd, body),
  editRule: (body: Record<string, unknown>) => put<DataRuleRecord>(RBAC.ruleEdit, body),
  removeRule: (id: string) => del(RBAC.ruleDelete, { id }),
};

export const onlineApi = {
  forceLogout: (sessionId: string) => post(RBAC.forceLogout, { sessionId }),
};
