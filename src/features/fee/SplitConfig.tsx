// 分账配置 (/cus/splitConfig): every version of every customer's standing split rule, pending ones first
// and live; 新增规则 opens the rule form, a checker approves or rejects (never their own version). The
// split entries each version made are listed by 分账记录 (server: SplitEntryInquiry).
import { useMemo, useState } from 'react';
import { FEE_PATHS, FEE_PERMS, SPLIT_RULE_LIVE, type SplitRuleView } from '@contract/api/fee';
import { feeKitPage } from '@/api/fees';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListRow } from '@/components/list/types';
import { deviceView } from '@/hooks/deviceView';
import type { PageProps } from '@/lib/page';
import { SplitEntries } from './SplitEntries';
import { RejectRuleDialog, ruleRow, STATUS_OPTIONS, statusTag, timeColumn, useRuleDecisions } from './ruleList';

export type SplitRuleRow = SplitRuleView & ListRow;
export interface SplitDialogProps {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}
const SplitRuleDialog = deviceView<SplitDialogProps>(
  () => import('./SplitRuleDialog.desktop'),
  () => import('./SplitRuleDialog.mobile'),
);

export default function SplitConfig(_props: PageProps) {
  const [entriesOf, setEntriesOf] = useState<SplitRuleRow | null>(null);
  const decisions = useRuleDecisions<SplitRuleRow>({ approve: FEE_PATHS.splitApprove, reject: FEE_PATHS.splitReject }, FEE_PERMS.splitApprove);
  const config = useMemo<ListKitConfig<SplitRuleRow>>(
    () => ({
      pageKey: 'fee/SplitConfig',
      title: '分账配置',
      url: { list: FEE_PATHS.splitInquiry },
      live: SPLIT_RULE_LIVE,
      fetchList: (p) => feeKitPage<SplitRuleView, SplitRuleRow>(FEE_PATHS.splitInquiry, { status: p.status || undefined }, p, ruleRow),
      columns: [
        { dataIndex: 'cusName', title: '客户', width: 150, ellipsis: true },
        { dataIndex: 'sourceAcctNo', title: '来源账户', width: 180 },
        { dataIndex: 'modeText', title: '分账方式', width: 90 },
        { dataIndex: 'text', title: '规则', ellipsis: true },
        { dataIndex: 'version', title: '版本', width: 60, render: (v) => `v${String(v)}` },
        timeColumn('effectiveFrom', '生效时间'),
        { dataIndex: 'status', title: '状态', width: 90, type: 'tag', tag: statusTag },
        { dataIndex: 'makerName', title: '提交人', width: 90 },
        { dataIndex: 'approverName', title: '审批人', width: 90, render: (v) => (v ? String(v) : '—') },
      ],
      query: [{ field: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS }],
      toolbar: [],
      extraButtons: [{ key: 'add', text: '新增规则', permission: FEE_PERMS.splitEdit, phone: true, onClick: decisions.add.open }],
      editAction: false,
      deleteAction: false,
      rowActions: [...decisions.actions, { key: 'entries', text: '分账记录', visible: (r) => r.status === 'approved', onClick: (r) => setEntriesOf(r) }],
      inlineActions: 2,
      scrollX: 1200,
      mobile: { title: 'cusName', subtitle: 'sourceAcctNo', fields: ['text', 'effectiveFrom', 'makerName'], status: 'status' },
    }),
    [decisions.actions, decisions.add.open],
  );
  if (entriesOf) return <SplitEntries rule={entriesOf} onBack={() => setEntriesOf(null)} />;
  return (
    <>
      <ListKit config={config} apiRef={decisions.api} />
      {decisions.adding && <SplitRuleDialog open={decisions.adding} onClose={decisions.add.close} onSaved={decisions.add.saved} />}
      <RejectRuleDialog d={decisions} />
    </>
  );
}
