// 服务费配置 (/cus/serviceCharge): every version of every fee rule (platform default, provider,
// customer), pending ones first and live (a decision on another screen shows here within 2 s); 新增规则
// opens the fee modal, a checker approves or rejects a version (never their own).
import { useMemo } from 'react';
import { ANY_PRODUCT, FEE_PATHS, FEE_PERMS, FEE_RULE_LIVE, FEE_SCOPE_TEXT, FEE_SCOPES, FEE_TX_TEXT, FEE_TX_TYPES, type FeeRuleView } from '@contract/api/fee';
import { feeKitPage } from '@/api/fees';
import { FeeRuleDialog } from '@/components/feeRule/FeeRuleDialog';
import { productOptions } from '@/components/feeRule/feeRuleForm';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListRow } from '@/components/list/types';
import type { PageProps } from '@/lib/page';
import { RejectRuleDialog, ruleRow, STATUS_OPTIONS, statusTag, timeColumn, useRuleDecisions } from './ruleList';

export type FeeRuleRow = FeeRuleView & ListRow;
const PRODUCTS = new Map(productOptions('platform', '').map((o) => [o.value, o.label]));

export default function ServiceCharge(_props: PageProps) {
  const decisions = useRuleDecisions<FeeRuleRow>({ approve: FEE_PATHS.ruleApprove, reject: FEE_PATHS.ruleReject }, FEE_PERMS.approve);
  const config = useMemo<ListKitConfig<FeeRuleRow>>(
    () => ({
      pageKey: 'fee/ServiceCharge',
      title: '服务费配置',
      url: { list: FEE_PATHS.ruleInquiry },
      live: FEE_RULE_LIVE,
      fetchList: (p) =>
        feeKitPage<FeeRuleView, FeeRuleRow>(
          FEE_PATHS.ruleInquiry,
          { scope: p.scope || undefined, txType: p.txType || undefined, status: p.status || undefined },
          p,
          ruleRow,
        ),
      columns: [
        { dataIndex: 'scopeText', title: '适用范围', width: 90 },
        { dataIndex: 'scopeName', title: '客户/机构', width: 150, ellipsis: true },
        { dataIndex: 'product', title: '产品', width: 120, render: (v) => (v === ANY_PRODUCT ? '全部产品' : (PRODUCTS.get(String(v)) ?? String(v))) },
        { dataIndex: 'txTypeText', title: '交易类型', width: 120 },
        { dataIndex: 'methodText', title: '计费方式', width: 90 },
        { dataIndex: 'text', title: '费率', ellipsis: true },
        { dataIndex: 'version', title: '版本', width: 60, render: (v) => `v${String(v)}` },
        timeColumn('effectiveFrom', '生效时间'),
        { dataIndex: 'status', title: '状态', width: 90, type: 'tag', tag: statusTag },
        { dataIndex: 'makerName', title: '提交人', width: 90 },
        { dataIndex: 'approverName', title: '审批人', width: 90, render: (v) => (v ? String(v) : '—') },
      ],
      query: [
        { field: 'scope', label: '适用范围', type: 'select', options: FEE_SCOPES.map((value) => ({ value, label: FEE_SCOPE_TEXT[value] })) },
        { field: 'txType', label: '交易类型', type: 'select', options: FEE_TX_TYPES.map((value) => ({ value, label: FEE_TX_TEXT[value] })) },
        { field: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
      ],
      toolbar: [],
      extraButtons: [{ key: 'add', text: '新增规则', permission: FEE_PERMS.edit, phone: true, onClick: decisions.add.open }],
      editAction: false,
      deleteAction: false,
      rowActions: decisions.actions,
      inlineActions: 2,
      scrollX: 1300,
      mobile: { title: 'scopeName', subtitle: 'txTypeText', fields: ['text', 'effectiveFrom', 'makerName'], status: 'status' },
    }),
    [decisions.actions, decisions.add.open],
  );
  return (
    <>
      <ListKit config={config} apiRef={decisions.api} />
      <FeeRuleDialog open={decisions.adding} onClose={decisions.add.close} onSaved={decisions.add.saved} />
      <RejectRuleDialog d={decisions} />
    </>
  );
}
