// Permission codes of payment orders and the account-side operations (see server/db/catalogue.ts).
// Makers (operator) submit; checkers (approver) approve; admin holds both (granted every entry) but
// still cannot approve their own orders. Each button hangs under the page that offers it (payCus,
// acct, merchantPlatform, approve); a code several pages use hangs under the first of them.
import { PAY_PERMS } from '../../../contract/api/pay';
import type { CatalogueEntry } from '../../db/catalogue';

export const PAY_MENU: CatalogueEntry[] = [
  { id: 'b-pay-order-submit', parentId: 'm-paycus-single', name: '付款提交', perms: PAY_PERMS.submit, sortNo: 1, type: '2', grant: ['operator'] },
  { id: 'b-pay-order-approve', parentId: 'm-approve-list', name: '付款审批', perms: PAY_PERMS.approve, sortNo: 2, type: '2', grant: ['approver'] },
  {
    id: 'b-pay-order-inquiry',
    parentId: 'm-paycus-order',
    name: '付款订单查询',
    perms: PAY_PERMS.inquiry,
    sortNo: 3,
    type: '2',
    grant: ['operator', 'approver'],
  },
  { id: 'b-acct-adjust', parentId: 'm-acct-adjust', name: '调账申请', perms: PAY_PERMS.adjust, sortNo: 4, type: '2', grant: ['operator'] },
  { id: 'b-acct-refund', parentId: 'm-acct-refund', name: '退款申请', perms: PAY_PERMS.refund, sortNo: 5, type: '2', grant: ['operator'] },
  {
    id: 'b-merchant-distribution',
    parentId: 'm-merchant-distribution',
    name: '分账申请',
    perms: PAY_PERMS.distribution,
    sortNo: 6,
    type: '2',
    grant: ['operator'],
  },
  { id: 'b-merchant-customer-status', parentId: 'm-merchant-customer', name: '客户启用停用', perms: PAY_PERMS.customerStatus, sortNo: 7, type: '2' },
  { id: 'b-acct-invoice-apply', parentId: 'm-acct-invoice-apply', name: '开票申请', perms: PAY_PERMS.invoiceApply, sortNo: 8, type: '2', grant: ['operator'] },
  { id: 'b-acct-invoice-make', parentId: 'm-acct-invoice-make', name: '开具发票', perms: PAY_PERMS.invoiceMake, sortNo: 9, type: '2', grant: ['approver'] },
  {
    id: 'b-acct-invoice-inquiry',
    parentId: 'm-acct-invoice-make',
    name: '发票查询',
    perms: PAY_PERMS.invoiceInquiry,
    sortNo: 10,
    type: '2',
    grant: ['operator', 'approver'],
  },
];
