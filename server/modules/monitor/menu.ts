// Menu and button of 系统监控 (see server/db/catalogue.ts) under 系统管理, granted to the administrator only.
import { MONITOR_PERMS } from '../../../contract/api/monitor';
import type { CatalogueEntry } from '../../db/catalogue';
import { SYSTEM_DIR_ID } from '../admin/menu';

export const MONITOR_MENU_ID = 'm-system-monitor';

export const MONITOR_MENU: CatalogueEntry[] = [
  {
    id: MONITOR_MENU_ID,
    parentId: SYSTEM_DIR_ID,
    name: '系统监控',
    path: '/system/monitor',
    component: 'monitor/MonitorPage',
    componentName: 'SystemMonitor',
    icon: 'dashboard',
    sortNo: 93,
    type: '1',
  },
  { id: 'b-monitor-view', parentId: MONITOR_MENU_ID, name: '查看监控', perms: MONITOR_PERMS.view, sortNo: 1, type: '2' },
];
