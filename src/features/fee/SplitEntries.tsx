// 分账记录 of one rule version (from 分账配置's row action): every split entry that version made, with
// the arrival it split (top-up, received payment, batch row, transfer) and where each part went.
import { useMemo } from 'react';
import { FEE_PATHS, type SplitEntryView } from '@contract/api/fee';
import { formatDateTime } from '@contract/time';
import { yuanText } from '@contract/money';
import { feeKitPage } from '@/api/fees';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListRow } from '@/components/list/types';

const SOURCE_TEXT: Record<string, string> = { topup: '充值', payment: '收款', batchRow: '批量收款', transfer: '转入' };
type Row = ListRow & { entryNo: string; source: string; amount: string; parts: string; time: string };

export function SplitEntries({ rule, onBack }: { rule: { ruleId: string; cusName: string; version: number }; onBack: () => void }) {
  const config = useMemo<ListKitConfig<Row>>(
    () => ({
      pageKey: 'fee/SplitConfig:entries',
      title: '分账记录',
      url: { list: FEE_PATHS.splitEntries },
      fetchList: (p) =>
        feeKitPage<SplitEntryView, Row>(FEE_PATHS.splitEntries, { ruleId: rule.ruleId }, p, (e) => ({
          id: e.entryId,
          entryNo: e.entryNo,
          source: `${SOURCE_TEXT[e.sourceKind] ?? e.sourceKind} · ${e.sourceAcctNo}`,
          amount: yuanText(e.amount),
          parts: e.lines.map((l) => `${l.acctNo} ${yuanText(l.amount)}${l.remainder ? '（余额）' : ''}`).join('，'),
          time: formatDateTime(e.createdAt),
        })),
      columns: [
        { dataIndex: 'entryNo', title: '分录号', width: 100 },
        { dataIndex: 'source', title: '入账', width: 260 },
        { dataIndex: 'amount', title: '入账金额', width: 130, align: 'right' },
        { dataIndex: 'parts', title: '分账明细', ellipsis: true },
        { dataIndex: 'time', title: '时间', width: 170 },
      ],
      toolbar: [],
      editAction: false,
      deleteAction: false,
      mobile: { title: 'amount', subtitle: 'source', fields: ['parts', 'time', 'entryNo'] },
    }),
    [rule.ruleId],
  );
  return (
    <ListKit
      config={config}
      header={
        <div style={{ padding: '8px 12px 8px 0', display: 'flex', gap: 12, alignItems: 'center' }}>
          <a role="button" onClick={onBack}>
            返回规则
          </a>
          <span data-testid="split-entries-title">
            {rule.cusName} · 分账规则第{rule.version}版的分账记录
          </span>
        </div>
      }
    />
  );
}
