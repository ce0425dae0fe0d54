// Permission codes of the money core (see server/db/catalogue.ts). Each button hangs under the page
// that offers it (payCus, acct, merchantPlatform), so 菜单管理 and the role grant tree show it there.
import { LEDGER_PERMS } from '../../../contract/api/ledger';
import type { CatalogueEntry } from '../../db/catalogue';

export const LEDGER_MENU: CatalogueEntry[] = [
  { id: 'b-acct-generate', parentId: 'm-acct-generate', name: '开立账户', perms: LEDGER_PERMS.accountGenerate, sortNo: 1, type: '2', grant: ['operator'] },
  {
    id: 'b-acct-inquiry',
    parentId: 'm-paycus-account',
    name: '账户查询',
    perms: LEDGER_PERMS.accountInquiry,
    sortNo: 2,
    type: '2',
    grant: ['operator', 'approver', 'customer'],
  },
  { id: 'b-acct-freeze', parentId: 'm-paycus-account', name: '账户冻结', perms: LEDGER_PERMS.freeze, sortNo: 3, type: '2', grant: ['operator'] },
  { id: 'b-acct-unfreeze', parentId: 'm-paycus-account', name: '账户解冻', perms: LEDGER_PERMS.unfreeze, sortNo: 4, type: '2', grant: ['operator'] },
  { id: 'b-acct-charge', parentId: 'm-paycus-account', name: '账户充值', perms: LEDGER_PERMS.charge, sortNo: 5, type: '2', grant: ['operator', 'customer'] },
  {
    id: 'b-acct-withdraw',
    parentId: 'm-paycus-account',
    name: '账户提现',
    perms: LEDGER_PERMS.withdraw,
    sortNo: 6,
    type: '2',
    grant: ['operator', 'customer'],
  },
  {
    id: 'b-acct-transfer',
    parentId: 'm-paycus-account',
    name: '账户转账',
    perms: LEDGER_PERMS.transfer,
    sortNo: 7,
    type: '2',
    grant: ['operator', 'customer'],
  },
  {
    id: 'b-cus-info',
    parentId: 'm-merchant-customer',
    name: '客户详情',
    perms: LEDGER_PERMS.customerInfo,
    sortNo: 8,
    type: '2',
    grant: ['operator', 'approver', 'customer'],
  },
  { id: 'b-cus-status', parentId: 'm-merchant-customer', name: '客户启用停用', perms: LEDGER_PERMS.customerStatus, sortNo: 9, type: '2' },
  {
    id: 'b-cus-card-bind',
    parentId: 'm-paycus-bankcard',
    name: '绑定银行卡',
    perms: LEDGER_PERMS.bankCardBind,
    sortNo: 10,
    type: '2',
    grant: ['operator', 'customer'],
  },
];
