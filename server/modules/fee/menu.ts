// Menu and buttons of fees and standing splits (issue 18; see server/db/catalogue.ts), under 客户进件:
// makers (operator) propose rule versions, checkers (approver) decide them; both read fee income.
import { FEE_PERMS } from '../../../contract/api/fee';
import { FEE_INCOME_PATH, FEE_SERVICE_CHARGE_PATH, FEE_SPLIT_CONFIG_PATH } from '../../../contract/pages/fee';
import type { CatalogueEntry } from '../../db/catalogue';

type Grant = NonNullable<CatalogueEntry['grant']>;
const both: Grant = ['operator', 'approver'];
const page = (id: string, name: string, path: string, component: CatalogueEntry['component'], icon: string, sortNo: number): CatalogueEntry => ({
  id: `m-fee-${id}`,
  parentId: 'm-cus',
  name,
  path,
  component,
  componentName: `Fee${id.replace(/(^|-)(\w)/g, (_m, _d, c: string) => c.toUpperCase())}`,
  icon,
  sortNo,
  type: '1',
  grant: both,
});
const button = (id: string, name: string, perms: string, sortNo: number, grant: Grant, pageId: string): CatalogueEntry => ({
  id: `b-fee-${id}`,
  parentId: `m-fee-${pageId}`,
  name,
  perms,
  sortNo,
  type: '2',
  grant,
});

export const FEE_MENU: CatalogueEntry[] = [
  page('service-charge', '服务费配置', FEE_SERVICE_CHARGE_PATH, 'fee/ServiceCharge', 'money-collect', 30),
  page('split-config', '分账配置', FEE_SPLIT_CONFIG_PATH, 'fee/SplitConfig', 'apartment', 31),
  page('income', '手续费收入', FEE_INCOME_PATH, 'fee/FeeIncome', 'account-book', 32),
  button('view', '费率规则查询', FEE_PERMS.view, 1, both, 'service-charge'),
  button('edit', '费率规则配置', FEE_PERMS.edit, 2, ['operator'], 'service-charge'),
  button('approve', '费率规则审批', FEE_PERMS.approve, 3, ['approver'], 'service-charge'),
  button('split-view', '分账规则查询', FEE_PERMS.splitView, 4, both, 'split-config'),
  button('split-edit', '分账规则配置', FEE_PERMS.splitEdit, 5, ['operator'], 'split-config'),
  button('split-approve', '分账规则审批', FEE_PERMS.splitApprove, 6, ['approver'], 'split-config'),
  button('income', '手续费收入查询', FEE_PERMS.income, 7, both, 'income'),
  button('invoice', '申请手续费发票', FEE_PERMS.invoice, 8, ['operator'], 'income'),
];
