// Menus of the payCus pages (issue 4): 付款管理 with 单笔付款, 批量付款 (makers), 付款订单 (makers
// and checkers), 账户管理 and 银行卡 (whoever holds the ledger's inquiry code; their buttons 充值,
// 冻结, … are the ledger's codes). The button codes are listed by the pay and ledger modules
// (server/modules/pay/menu.ts, server/modules/ledger/menu.ts) and checked by the server on every
// call. See server/db/catalogue.ts.
import type { CatalogueEntry } from '../db/catalogue';

export const PAYCUS_MENU: CatalogueEntry[] = [
  { id: 'm-paycus', name: '付款管理', path: '/payCus', component: 'layouts/RouteView', redirect: '/payCus/payOrder', icon: 'transaction', sortNo: 14, type: '0', grant: ['operator', 'approver', 'customer'] },
  { id: 'm-paycus-order', parentId: 'm-paycus', name: '付款订单', path: '/payCus/payOrder', component: 'payCus/PayOrderList', componentName: 'PayOrderList', icon: 'profile', sortNo: 1, type: '1', grant: ['operator', 'approver'] },
  { id: 'm-paycus-single', parentId: 'm-paycus', name: '单笔付款', path: '/payCus/singlePay', component: 'payCus/SinglePay', componentName: 'SinglePay', icon: 'pay-circle', sortNo: 2, type: '1', grant: ['operator'] },
  { id: 'm-paycus-batch', parentId: 'm-paycus', name: '批量付款', path: '/payCus/batchPay', component: 'payCus/BatchPay', componentName: 'BatchPay', icon: 'table', sortNo: 3, type: '1', grant: ['operator'] },
  { id: 'm-paycus-account', parentId: 'm-paycus', name: '账户管理', path: '/payCus/account', component: 'payCus/AccountList', componentName: 'AccountList', icon: 'wallet', sortNo: 4, type: '1', grant: ['operator', 'approver', 'customer'] },
  { id: 'm-paycus-bankcard', parentId: 'm-paycus', name: '银行卡', path: '/payCus/bankCard', component: 'payCus/BankCardList', componentName: 'BankCardList', icon: 'credit-card', sortNo: 5, type: '1', grant: ['operator', 'approver', 'customer'] },
];
