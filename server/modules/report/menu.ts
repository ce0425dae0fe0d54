// Menu and buttons of 在线报表 (see server/db/catalogue.ts): the definitions page under 系统管理
// (platform administrators), and the report page every role may open (it shows only what the
// reader may see; the menu row is hidden, the definitions page and links lead to it).
import { REPORT_ADMIN_PATH, REPORT_PERMS, REPORT_VIEW_PATH } from '../../../contract/api/report';
import type { CatalogueEntry } from '../../db/catalogue';
import { SYSTEM_DIR_ID } from '../admin/menu';

export const REPORT_MENU_ID = 'm-system-cgreport';

export const REPORT_MENU: CatalogueEntry[] = [
  {
    id: REPORT_MENU_ID,
    parentId: SYSTEM_DIR_ID,
    name: '在线报表',
    path: REPORT_ADMIN_PATH,
    component: 'report/ReportList',
    componentName: 'ReportList',
    icon: 'table',
    sortNo: 95,
    type: '1',
  },
  { id: 'b-cgreport-list', parentId: REPORT_MENU_ID, name: '报表查询', perms: REPORT_PERMS.list, sortNo: 1, type: '2' },
  { id: 'b-cgreport-add', parentId: REPORT_MENU_ID, name: '新增报表', perms: REPORT_PERMS.add, sortNo: 2, type: '2' },
  { id: 'b-cgreport-edit', parentId: REPORT_MENU_ID, name: '编辑报表', perms: REPORT_PERMS.edit, sortNo: 3, type: '2' },
  { id: 'b-cgreport-delete', parentId: REPORT_MENU_ID, name: '删除报表', perms: REPORT_PERMS.delete, sortNo: 4, type: '2' },
  { id: 'b-cgreport-batch-delete', parentId: REPORT_MENU_ID, name: '批量删除报表', perms: REPORT_PERMS.batchDelete, sortNo: 5, type: '2' },
  { id: 'b-cgreport-export', parentId: REPORT_MENU_ID, name: '导出报表定义', perms: REPORT_PERMS.export, sortNo: 6, type: '2' },
  {
    id: 'm-system-cgreport-view',
    parentId: SYSTEM_DIR_ID,
    name: '报表查看',
    path: REPORT_VIEW_PATH,
    component: 'report/ReportView',
    componentName: 'ReportView',
    icon: 'table',
    sortNo: 96,
    type: '1',
    hidden: true,
    grant: ['operator', 'approver', 'customer'],
  },
];
