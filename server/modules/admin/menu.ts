// Menus and buttons of the admin module (see server/db/catalogue.ts): the 系统管理 directory that
// every system/auth page hangs under (parentId 'm-system'), and the 用户管理 page with its buttons.
import type { CatalogueEntry } from '../../db/catalogue';

/** Id of the 系统管理 directory row: other modules put their system pages under it. */
export const SYSTEM_DIR_ID = 'm-system';

const userButtons: [string, string, string][] = [
  ['list', '用户列表', 'b-user-list'],
  ['add', '添加用户', 'b-user-add'],
  ['edit', '编辑用户', 'b-user-edit'],
  ['delete', '删除用户', 'b-user-delete'],
  ['batch_delete', '批量删除用户', 'b-user-batch-delete'],
  ['frozen', '冻结/解冻用户', 'b-user-frozen'],
  ['password', '修改用户密码', 'b-user-password'],
  ['export', '导出用户', 'b-user-export'],
  ['import', '导入用户', 'b-user-import'],
];

export const ADMIN_MENU: CatalogueEntry[] = [
  { id: SYSTEM_DIR_ID, name: '系统管理', path: '/system', component: 'layouts/RouteView', icon: 'setting', sortNo: 10, type: '0' },
  {
    id: 'm-system-user',
    parentId: SYSTEM_DIR_ID,
    name: '用户管理',
    path: '/system/user',
    component: 'system/UserList',
    componentName: 'UserList',
    icon: 'user',
    sortNo: 1,
    type: '1',
  },
  ...userButtons.map(([code, name, id], i): CatalogueEntry => ({
    id,
    parentId: 'm-system-user',
    name,
    perms: `system:user:${code}`,
    sortNo: i + 1,
    type: '2',
  })),
];
