// Menu and buttons of 数据分析 (see server/db/catalogue.ts): a top-level page beside 首页 for platform
// staff, granted to the administrator only (a role that is given it sees its own tenant's figures).
import { DASHBOARD_PATH, DASHBOARD_PERMS } from '../../../contract/api/workbench';
import type { CatalogueEntry } from '../../db/catalogue';

export const DASHBOARD_MENU_ID = 'm-dashboard-analysis';

export const DASHBOARD_MENU: CatalogueEntry[] = [
  {
    id: DASHBOARD_MENU_ID,
    name: '数据分析',
    path: DASHBOARD_PATH,
    component: 'dashboard/Analysis',
    componentName: 'DashboardAnalysis',
    icon: 'bar-chart',
    sortNo: 3,
    type: '1',
  },
  { id: 'b-dashboard-view', parentId: DASHBOARD_MENU_ID, name: '查看分析', perms: DASHBOARD_PERMS.view, sortNo: 1, type: '2' },
  { id: 'b-dashboard-export', parentId: DASHBOARD_MENU_ID, name: '导出分析', perms: DASHBOARD_PERMS.export, sortNo: 2, type: '2' },
];
