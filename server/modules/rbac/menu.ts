// Menus and buttons of the rbac module (see server/db/catalogue.ts), under the 系统管理 directory
// of the admin module. Menu rows carry no permission code (a page entry's code would grant every
// code below it by prefix); each call is granted by its own button row.
import { RBAC_CODE } from '../../../contract/api/rbac';
import type { CatalogueEntry } from '../../db/catalogue';

const SYSTEM_DIR_ID = 'm-system';

const page = (id: string, name: string, path: string, component: CatalogueEntry['component'], icon: string, sortNo: number): CatalogueEntry => ({
  id,
  parentId: SYSTEM_DIR_ID,
  name,
  path,
  component,
  componentName: String(component).split('/')[1],
  icon,
  sortNo,
  type: '1',
});
const buttons = (parentId: string, list: [string, string][]): CatalogueEntry[] =>
  list.map(([perms, name], i) => ({ id: `b-${perms.replace(/^system:/, '').replace(/[:_]/g, '-')}`, parentId, name, perms, sortNo: i + 1, type: '2' }));

export const RBAC_MENU: CatalogueEntry[] = [
  page('m-system-role', '角色管理', '/system/role', 'auth/RoleList', 'team', 2),
  ...buttons('m-system-role', [
    [RBAC_CODE.roleList, '角色列表'],
    [RBAC_CODE.roleAdd, '添加角色'],
    [RBAC_CODE.roleEdit, '编辑角色'],
    [RBAC_CODE.roleDelete, '删除角色'],
    [RBAC_CODE.roleBatchDelete, '批量删除角色'],
    [RBAC_CODE.roleAuth, '角色授权'],
  ]),
  page('m-system-depart', '部门管理', '/system/depart', 'auth/DepartList', 'apartment', 3),
  ...buttons('m-system-depart', [
    [RBAC_CODE.departList, '部门查询'],
    [RBAC_CODE.departAdd, '添加部门'],
    [RBAC_CODE.departEdit, '编辑部门'],
    [RBAC_CODE.departDelete, '删除部门'],
    [RBAC_CODE.departAuth, '部门授权'],
    [RBAC_CODE.departRoleList, '部门角色列表'],
    [RBAC_CODE.departRoleAdd, '添加部门角色'],
    [RBAC_CODE.departRoleEdit, '编辑部门角色'],
    [RBAC_CODE.departRoleDelete, '删除部门角色'],
    [RBAC_CODE.departRoleAuth, '部门角色授权'],
  ]),
  page('m-system-permission', '菜单管理', '/system/permission', 'auth/PermissionList', 'menu', 4),
  ...buttons('m-system-permission', [
    [RBAC_CODE.permList, '菜单列表'],
    [RBAC_CODE.permAdd, '添加菜单'],
    [RBAC_CODE.permEdit, '编辑菜单'],
    [RBAC_CODE.permDelete, '删除菜单'],
    [RBAC_CODE.permRule, '数据规则'],
  ]),
  page('m-system-log', '日志管理', '/system/log', 'auth/LogList', 'file-text', 8),
  ...buttons('m-system-log', [[RBAC_CODE.logList, '日志查询']]),
  page('m-system-online', '在线用户', '/system/online', 'auth/OnlineUserList', 'wifi', 9),
  ...buttons('m-system-online', [
    [RBAC_CODE.onlineList, '在线用户列表'],
    [RBAC_CODE.forceLogout, '强制退出'],
  ]),
];
