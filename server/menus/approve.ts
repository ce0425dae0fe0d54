// Menus of the approve pages (issue 4): 审批中心 with 待我审批 (the checker's pending payment orders)
// and the hidden order detail a notification opens. The maker (operator) gets the detail too, to
// follow their own order (status, rows, audit trail; never an approve button). The calls and their permission codes
// (pay:order:approve, pay:order:inquiry) live in the pay module. See server/db/catalogue.ts.
import { APPROVE_DETAIL_PATH, APPROVE_LIST_PATH } from '../../contract/pages/approve';
import type { CatalogueEntry } from '../db/catalogue';

export const APPROVE_MENU: CatalogueEntry[] = [
  {
    id: 'm-approve',
    name: '审批中心',
    path: '/approve',
    component: 'layouts/RouteView',
    redirect: APPROVE_LIST_PATH,
    icon: 'audit',
    sortNo: 12,
    type: '0',
    grant: ['approver'],
  },
  {
    id: 'm-approve-list',
    parentId: 'm-approve',
    name: '待我审批',
    path: APPROVE_LIST_PATH,
    component: 'approve/ApproveList',
    componentName: 'ApproveList',
    icon: 'audit',
    sortNo: 1,
    type: '1',
    grant: ['approver'],
  },
  {
    id: 'm-approve-detail',
    parentId: 'm-approve',
    name: '订单详情',
    path: APPROVE_DETAIL_PATH,
    component: 'approve/ApproveDetail',
    componentName: 'ApproveDetail',
    icon: 'file-text',
    sortNo: 2,
    type: '1',
    hidden: true,
    grant: ['approver', 'operator'],
  },
];
