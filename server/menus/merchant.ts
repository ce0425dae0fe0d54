// Menus of the merchantPlatform pages (issue 4): 商户平台 with 客户管理 (and the hidden customer detail),
// 分账申请 (makers), 分账审核 (checkers; makers follow their own orders there) and 批量付款 (the payCus
// page). The buttons and their permission codes live in the ledger and pay modules (customer detail
// merchantPlatform:cus:info, enable / disable merchant:customer:status — admin only, distribution
// merchant:distribution:apply, decisions pay:order:approve). See server/db/catalogue.ts.
import { MERCHANT_AUDIT_PATH, MERCHANT_CUSTOMER_PATH, MERCHANT_DETAIL_PATH, MERCHANT_DISTRIBUTION_PATH } from '../../contract/pages/merchant';
import type { CatalogueEntry } from '../db/catalogue';

export const MERCHANT_MENU: CatalogueEntry[] = [
  { id: 'm-merchant', name: '商户平台', path: '/merchantPlatform', component: 'layouts/RouteView', redirect: MERCHANT_CUSTOMER_PATH, icon: 'shop', sortNo: 15, type: '0', grant: ['operator', 'approver'] },
  { id: 'm-merchant-customer', parentId: 'm-merchant', name: '客户管理', path: MERCHANT_CUSTOMER_PATH, component: 'merchant/CustomerList', componentName: 'MerchantCustomerList', icon: 'team', sortNo: 1, type: '1', grant: ['operator', 'approver'] },
  { id: 'm-merchant-detail', parentId: 'm-merchant', name: '客户详情', path: MERCHANT_DETAIL_PATH, component: 'merchant/CustomerDetail', componentName: 'MerchantCustomerDetail', icon: 'idcard', sortNo: 2, type: '1', hidden: true, grant: ['operator', 'approver'] },
  { id: 'm-merchant-distribution', parentId: 'm-merchant', name: '分账申请', path: MERCHANT_DISTRIBUTION_PATH, component: 'merchant/Distribution', componentName: 'MerchantDistribution', icon: 'cluster', sortNo: 3, type: '1', grant: ['operator'] },
  { id: 'm-merchant-audit', parentId: 'm-merchant', name: '分账审核', path: MERCHANT_AUDIT_PATH, component: 'merchant/DistributionAudit', componentName: 'MerchantDistributionAudit', icon: 'audit', sortNo: 4, type: '1', grant: ['operator', 'approver'] },
  { id: 'm-merchant-batchpay', parentId: 'm-merchant', name: '批量付款', path: '/merchantPlatform/batchPay', component: 'payCus/BatchPay', componentName: 'MerchantBatchPay', icon: 'table', sortNo: 5, type: '1', grant: ['operator'] },
];
