// Menus and buttons of 结算对账 (issue 18 §3; see server/db/catalogue.ts): 结算管理 and 对账差错处理.
// Operators run settlements, retry or handle failures and resolve differences (marking the provider
// wrong, proposing adjusts); approvers approve adjusts and close days; both see the lists.
import { SETTLE_PERMS } from '../../../contract/api/settle';
import { SETTLE_PATHS } from '../../../contract/pages/settle';
import type { CatalogueEntry } from '../../db/catalogue';

export const SETTLE_MENU: CatalogueEntry[] = [
  {
    id: 'm-settle',
    name: '结算对账',
    path: SETTLE_PATHS.root,
    component: 'layouts/RouteView',
    redirect: SETTLE_PATHS.batch,
    icon: 'dollar',
    sortNo: 15,
    type: '0',
    grant: ['operator', 'approver'],
  },
  {
    id: 'm-settle-batch',
    parentId: 'm-settle',
    name: '结算管理',
    path: SETTLE_PATHS.batch,
    component: 'settle/SettleBatchList',
    componentName: 'SettleBatchList',
    icon: 'transaction',
    sortNo: 1,
    type: '1',
    grant: ['operator', 'approver'],
  },
  {
    id: 'm-settle-recon',
    parentId: 'm-settle',
    name: '对账差错处理',
    path: SETTLE_PATHS.recon,
    component: 'settle/ReconList',
    componentName: 'ReconList',
    icon: 'audit',
    sortNo: 2,
    type: '1',
    grant: ['operator', 'approver'],
  },
  { id: 'b-settle-list', parentId: 'm-settle-batch', name: '结算查询', perms: SETTLE_PERMS.batchList, sortNo: 1, type: '2', grant: ['operator', 'approver'] },
  { id: 'b-settle-run', parentId: 'm-settle-batch', name: '发起结算', perms: SETTLE_PERMS.run, sortNo: 2, type: '2', grant: ['operator'] },
  { id: 'b-settle-item', parentId: 'm-settle-batch', name: '失败重试与人工处理', perms: SETTLE_PERMS.itemHandle, sortNo: 3, type: '2', grant: ['operator'] },
  { id: 'b-settle-rule', parentId: 'm-settle-batch', name: '结算规则设置', perms: SETTLE_PERMS.ruleEdit, sortNo: 4, type: '2', grant: ['operator'] },
  { id: 'b-recon-list', parentId: 'm-settle-recon', name: '对账查询', perms: SETTLE_PERMS.reconList, sortNo: 1, type: '2', grant: ['operator', 'approver'] },
  { id: 'b-recon-run', parentId: 'm-settle-recon', name: '执行对账', perms: SETTLE_PERMS.reconRun, sortNo: 2, type: '2', grant: ['operator'] },
  { id: 'b-recon-resolve', parentId: 'm-settle-recon', name: '差错处理', perms: SETTLE_PERMS.reconResolve, sortNo: 3, type: '2', grant: ['operator'] },
  { id: 'b-recon-approve', parentId: 'm-settle-recon', name: '调账复核', perms: SETTLE_PERMS.reconApprove, sortNo: 4, type: '2', grant: ['approver'] },
  { id: 'b-recon-close', parentId: 'm-settle-recon', name: '关账', perms: SETTLE_PERMS.reconClose, sortNo: 5, type: '2', grant: ['approver'] },
];
