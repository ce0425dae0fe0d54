// Menu and buttons of 职务管理 (see server/db/catalogue.ts): a page under 系统管理 with the buttons
// its routes check. Granted to the administrator only.
import { POSITION_PERMS } from '../../../contract/api/position';
import type { CatalogueEntry } from '../../db/catalogue';
import { SYSTEM_DIR_ID } from '../admin/menu';

export const POSITION_MENU_ID = 'm-system-position';

export const POSITION_MENU: CatalogueEntry[] = [
  {
    id: POSITION_MENU_ID,
    parentId: SYSTEM_DIR_ID,
    name: '职务管理',
    path: '/system/position',
    component: 'system/PositionList',
    componentName: 'PositionList',
    icon: 'idcard',
    sortNo: 4,
    type: '1',
  },
  { id: 'b-position-list', parentId: POSITION_MENU_ID, name: '职务查询', perms: POSITION_PERMS.list, sortNo: 1, type: '2' },
  { id: 'b-position-add', parentId: POSITION_MENU_ID, name: '新增职务', perms: POSITION_PERMS.add, sortNo: 2, type: '2' },
  { id: 'b-position-edit', parentId: POSITION_MENU_ID, name: '编辑职务', perms: POSITION_PERMS.edit, sortNo: 3, type: '2' },
  { id: 'b-position-delete', parentId: POSITION_MENU_ID, name: '删除职务', perms: POSITION_PERMS.delete, sortNo: 4, type: '2' },
  { id: 'b-position-batch-delete', parentId: POSITION_MENU_ID, name: '批量删除职务', perms: POSITION_PERMS.batchDelete, sortNo: 5, type: '2' },
  { id: 'b-position-export', parentId: POSITION_MENU_ID, name: '导出职务', perms: POSITION_PERMS.export, sortNo: 6, type: '2' },
];
