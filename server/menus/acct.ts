// Menus of the acct pages (issue 4 §2): 账务管理 with 调账申请, 开立账户, 退款申请, 开票申请 (makers)
// and 发票开具 (makers see the invoices, checkers issue them). The calls and their permission codes
// live in the pay and ledger modules (server/modules/pay/menu.ts, server/modules/ledger/menu.ts),
// which grant the buttons the same way: operator applies, approver makes invoices. See
// server/db/catalogue.ts.
import { ACCT_PATHS } from '../../contract/pages/acct';
import type { CatalogueEntry } from '../db/catalogue';

export const ACCT_MENU: CatalogueEntry[] = [
  { id: 'm-acct', name: '账务管理', path: ACCT_PATHS.root, component: 'layouts/RouteView', redirect: ACCT_PATHS.adjust, icon: 'account-book', sortNo: 13, type: '0', grant: ['operator', 'approver'] },
  { id: 'm-acct-adjust', parentId: 'm-acct', name: '调账申请', path: ACCT_PATHS.adjust, component: 'acct/Adjust', componentName: 'AcctAdjust', icon: 'form', sortNo: 1, type: '1', grant: ['operator'] },
  { id: 'm-acct-generate', parentId: 'm-acct', name: '开立账户', path: ACCT_PATHS.acctNoGenerate, component: 'acct/AcctNoGenerate', componentName: 'AcctNoGenerate', icon: 'idcard', sortNo: 2, type: '1', grant: ['operator'] },
  { id: 'm-acct-refund', parentId: 'm-acct', name: '退款申请', path: ACCT_PATHS.refundApply, component: 'acct/RefundApply', componentName: 'AcctRefundApply', icon: 'transaction', sortNo: 3, type: '1', grant: ['operator'] },
  { id: 'm-acct-invoice-apply', parentId: 'm-acct', name: '开票申请', path: ACCT_PATHS.invoiceApply, component: 'acct/InvoiceApply', componentName: 'AcctInvoiceApply', icon: 'file-text', sortNo: 4, type: '1', grant: ['operator'] },
  { id: 'm-acct-invoice-make', parentId: 'm-acct', name: '发票开具', path: ACCT_PATHS.invoiceMake, component: 'acct/InvoiceMake', componentName: 'AcctInvoiceMake', icon: 'profile', sortNo: 5, type: '1', grant: ['operator', 'approver'] },
];
