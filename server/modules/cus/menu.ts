// Permission codes of customer onboarding and innet (issue 17), one per button, granted to makers
// (operator: create, edit, submit, apply, verify, sign, open, fees), checkers (approver: review)
// and the customer-side user (their own customer's data, materials, verification and signature).
// Each hangs under the page whose screen shows it (contract/pages/cus.ts), as the other areas'
// buttons do; an installation where they hung under the 客户进件 directory is repaired by the
// catalogue sync (server/db/catalogue.ts).
import { CUS_PERMS } from '../../../contract/api/cus';
import {
  CUS_BANK_APPLY_PATH,
  CUS_CONTRACT_PATH,
  CUS_DETAIL_PATH,
  CUS_ENTRY_PATH,
  CUS_INNET_PATH,
  CUS_KXB_PATH,
  CUS_LIST_PATH,
  CUS_ONBOARDING_PATH,
  CUS_REVIEW_PATH,
} from '../../../contract/pages/cus';
import type { CatalogueEntry } from '../../db/catalogue';

type Grant = NonNullable<CatalogueEntry['grant']>;
const page = (
  id: string,
  name: string,
  path: string,
  component: CatalogueEntry['component'],
  icon: string,
  sortNo: number,
  grant: Grant,
  hidden = false,
): CatalogueEntry => ({
  id: `m-cus-${id}`,
  parentId: 'm-cus',
  name,
  path,
  component,
  componentName: `Cus${id.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}`,
  icon,
  sortNo,
  type: '1',
  hidden,
  grant,
});
/** A button under the page whose screen shows it (`page`: the id of page(), without 'm-cus-'). */
const button = (id: string, name: string, perms: string, sortNo: number, grant: Grant, page: string): CatalogueEntry => ({
  id: `b-cus-${id}`,
  parentId: `m-cus-${page}`,
  name,
  perms,
  sortNo,
  type: '2',
  grant,
});

export const CUS_MENU: CatalogueEntry[] = [
  {
    id: 'm-cus',
    name: '客户进件',
    path: '/cus',
    component: 'layouts/RouteView',
    icon: 'solution',
    redirect: CUS_LIST_PATH,
    sortNo: 12,
    type: '0',
    grant: ['operator', 'approver', 'customer'],
  },
  page('list', '客户管理', CUS_LIST_PATH, 'cus/CustomerList', 'team', 21, ['operator', 'approver']),
  page('detail', '客户详情', CUS_DETAIL_PATH, 'cus/CustomerDetail', 'idcard', 22, ['operator', 'approver', 'customer'], true),
  page('onboarding', '客户进件', CUS_ONBOARDING_PATH, 'cus/Onboarding', 'form', 23, ['operator']),
  page('review', '进件审核', CUS_REVIEW_PATH, 'cus/Review', 'audit', 24, ['operator', 'approver']),
  page('innet', '入网管理', CUS_INNET_PATH, 'cus/InnetBoard', 'api', 25, ['operator', 'approver']),
  page('kxb', '快信宝客户', CUS_KXB_PATH, 'cus/KxbCusList', 'shop', 26, ['operator', 'approver']),
  page('contract', '合同管理', CUS_CONTRACT_PATH, 'cus/ContractList', 'file-text', 27, ['operator', 'approver', 'customer']),
  page('entry', '商户入驻', CUS_ENTRY_PATH, 'cus/MerchantEntry', 'shop', 28, ['customer']),
  page('bank-apply', '银行账户申请', CUS_BANK_APPLY_PATH, 'cus/BankAcctApply', 'bank', 29, ['operator', 'approver']),
  button('inquiry', '客户查询', CUS_PERMS.inquiry, 1, ['operator', 'approver', 'customer'], 'list'),
  button('add', '新建客户', CUS_PERMS.add, 2, ['operator'], 'onboarding'),
  button('edit', '修改客户资料', CUS_PERMS.edit, 3, ['operator', 'customer'], 'onboarding'),
  button('submit', '提交审核', CUS_PERMS.submit, 4, ['operator', 'customer'], 'onboarding'),
  button('audit', '客户资料审核', CUS_PERMS.audit, 5, ['approver'], 'review'),
  button('material', '上传材料', CUS_PERMS.material, 6, ['operator', 'customer'], 'onboarding'),
  button('innet-inquiry', '进件查询', CUS_PERMS.innetInquiry, 7, ['operator', 'approver', 'customer'], 'innet'),
  button('innet-apply', '提交进件', CUS_PERMS.innetApply, 8, ['operator'], 'innet'),
  button('innet-verify', '打款验证', CUS_PERMS.innetVerify, 9, ['operator', 'customer'], 'innet'),
  button('innet-sign', '短信签约', CUS_PERMS.innetSign, 10, ['operator', 'customer'], 'innet'),
  button('innet-open', '申请开通', CUS_PERMS.innetOpen, 11, ['operator'], 'innet'),
  button('fee', '费率配置', CUS_PERMS.fee, 12, ['operator'], 'innet'),
  button('contract', '合同查询', CUS_PERMS.contract, 13, ['operator', 'approver', 'customer'], 'contract'),
  button('invite', '邀请客户管理员', CUS_PERMS.invite, 14, ['operator'], 'detail'),
  button('bank-inquiry', '银行账户申请查询', CUS_PERMS.bankApplyInquiry, 15, ['operator', 'approver'], 'bank-apply'),
  button('bank-apply', '申请银行账户', CUS_PERMS.bankApply, 16, ['operator'], 'bank-apply'),
];
