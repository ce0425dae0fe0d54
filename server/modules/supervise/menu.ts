// Menus and buttons of 资金监管 (issue 18 §4, the spec's supervise area; see server/db/catalogue.ts):
// svBoss (监管方: approvers decide and freeze), svSupplier (供应商: raise releases) and svCus (客户:
// see what is held, ask refunds, deposit). Operators raise on behalf of suppliers and customers;
// customer-group users (role customer) see and act for their own customer code only.
import { SV_PERMS } from '../../../contract/api/supervise';
import { SUPERVISE_PATHS } from '../../../contract/pages/settle';
import type { CatalogueEntry } from '../../db/catalogue';

export const SUPERVISE_MENU: CatalogueEntry[] = [
  {
    id: 'm-supervise',
    name: '资金监管',
    path: SUPERVISE_PATHS.root,
    component: 'layouts/RouteView',
    redirect: SUPERVISE_PATHS.svBoss,
    icon: 'safety',
    sortNo: 16,
    type: '0',
    grant: ['operator', 'approver', 'customer'],
  },
  {
    id: 'm-supervise-boss',
    parentId: 'm-supervise',
    name: '监管方',
    path: SUPERVISE_PATHS.svBoss,
    component: 'supervise/SvBoss',
    componentName: 'SvBoss',
    icon: 'solution',
    sortNo: 1,
    type: '1',
    grant: ['approver'],
  },
  {
    id: 'm-supervise-supplier',
    parentId: 'm-supervise',
    name: '供应商',
    path: SUPERVISE_PATHS.svSupplier,
    component: 'supervise/SvSupplier',
    componentName: 'SvSupplier',
    icon: 'shop',
    sortNo: 2,
    type: '1',
    grant: ['operator', 'customer'],
  },
  {
    id: 'm-supervise-cus',
    parentId: 'm-supervise',
    name: '客户',
    path: SUPERVISE_PATHS.svCus,
    component: 'supervise/SvCus',
    componentName: 'SvCus',
    icon: 'user',
    sortNo: 3,
    type: '1',
    grant: ['operator', 'customer'],
  },
  { id: 'b-sv-boss-view', parentId: 'm-supervise-boss', name: '监管查询', perms: SV_PERMS.bossView, sortNo: 1, type: '2', grant: ['approver'] },
  { id: 'b-sv-approve', parentId: 'm-supervise-boss', name: '放款退款审批', perms: SV_PERMS.approve, sortNo: 2, type: '2', grant: ['approver'] },
  { id: 'b-sv-freeze', parentId: 'm-supervise-boss', name: '冻结供应商放款', perms: SV_PERMS.freeze, sortNo: 3, type: '2', grant: ['approver'] },
  {
    id: 'b-sv-supplier-view',
    parentId: 'm-supervise-supplier',
    name: '供应商监管查询',
    perms: SV_PERMS.supplierView,
    sortNo: 1,
    type: '2',
    grant: ['operator', 'customer'],
  },
  { id: 'b-sv-release', parentId: 'm-supervise-supplier', name: '申请放款', perms: SV_PERMS.release, sortNo: 2, type: '2', grant: ['operator', 'customer'] },
  { id: 'b-sv-cus-view', parentId: 'm-supervise-cus', name: '客户监管查询', perms: SV_PERMS.cusView, sortNo: 1, type: '2', grant: ['operator', 'customer'] },
  { id: 'b-sv-refund', parentId: 'm-supervise-cus', name: '申请退款', perms: SV_PERMS.refund, sortNo: 2, type: '2', grant: ['operator', 'customer'] },
  { id: 'b-sv-deposit', parentId: 'm-supervise-cus', name: '存入监管资金', perms: SV_PERMS.deposit, sortNo: 3, type: '2', grant: ['operator', 'customer'] },
];
