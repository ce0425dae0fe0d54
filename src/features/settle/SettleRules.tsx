// 结算规则 inside 结算管理: every customer's settlement cycle (T+1 or on demand only) and the amount
// kept back on its settlement account, with what is available there now; an operator switches the
// cycle or sets the keep-back (the server checks the amount rule and the customer).
import { useMemo } from 'react';
import { SETTLE_CYCLE_TEXT, SETTLE_P, SETTLE_PERMS, type SettleRuleRow } from '@contract/api/settle';
import { V } from '@contract/validation';
import { yuanCell } from '@contract/money';
import { sysAction } from '@/api/action';
import { READ_ONLY_LIST, timeText } from '@/components/list/columnKit';
import ListKit from '@/components/list/ListKit';
import { reloadAfter } from '@/components/list/reloadAfter';
import type { ListKitConfig } from '@/components/list/types';
import type { useRowPrompt } from '@/components/list/useRowPrompt';

type Rule = SettleRuleRow & Record<string, unknown>;
const save = (r: Rule, change: Partial<Pick<SettleRuleRow, 'cycle' | 'keepBack'>>) =>
  sysAction(SETTLE_P.ruleSave, { cusCode: r.cusCode, cycle: change.cycle ?? r.cycle, keepBack: change.keepBack ?? r.keepBack });

export function SettleRules({ ask, onBack }: { ask: ReturnType<typeof useRowPrompt>['ask']; onBack: () => void }) {
  const config = useMemo<ListKitConfig<Rule>>(
    () => ({
      pageKey: 'settle/SettleRuleList',
      title: '结算规则',
      url: { list: SETTLE_P.ruleList },
      ...READ_ONLY_LIST,
      columns: [
        { dataIndex: 'cusCode', title: '客户编号', width: 120 },
        { dataIndex: 'cusName', title: '客户名称', ellipsis: true },
        { dataIndex: 'cycle', title: '结算周期', width: 140, render: (_v, r) => SETTLE_CYCLE_TEXT[r.cycle] },
        { dataIndex: 'keepBack', title: '留存金额（元）', width: 140, align: 'right', render: yuanCell },
        { dataIndex: 'settleAcctNo', title: '结算账户', width: 180, render: (_v, r) => r.settleAcctNo ?? '未开立' },
        { dataIndex: 'available', title: '可用余额（元）', width: 140, align: 'right', render: yuanCell },
        { dataIndex: 'updatedAt', title: '修改时间', width: 170, render: timeText },
      ],
      query: [{ field: 'cusCode', label: '客户编号/名称', type: 'input' }],
      rowActions: [
        {
          key: 'cycle',
          text: (r) => (r.cycle === 'T1' ? '改为仅手动' : '改为T+1'),
          permission: SETTLE_PERMS.ruleEdit,
          confirm: (r) => `将 ${r.cusName} 的结算周期改为${SETTLE_CYCLE_TEXT[r.cycle === 'T1' ? 'manual' : 'T1']}？`,
          onClick: (r, kit) => reloadAfter(kit, () => save(r, { cycle: r.cycle === 'T1' ? 'manual' : 'T1' })),
        },
        {
          key: 'keepBack',
          text: '设置留存',
          permission: SETTLE_PERMS.ruleEdit,
          onClick: (r, kit) =>
            ask({
              kit,
              title: `设置 ${r.cusName} 的留存金额`,
              label: '留存金额（元，0 为不留存）',
              defaultValue: r.keepBack,
              rules: [{ required: true, pattern: /^(0|0\.00|[1-9]\d*(\.\d{1,2})?|0\.\d{1,2})$/, message: V.amount }],
              run: (v) => save(r, { keepBack: v }),
            }),
        },
      ],
      mobile: { title: 'cusName', subtitle: 'cusCode', fields: ['cycle', 'keepBack', 'available'] },
    }),
    [ask],
  );
  return (
    <ListKit
      config={config}
      header={
        <div style={{ padding: '8px 12px' }}>
          <a role="button" onClick={onBack}>
            ‹ 返回批次列表
          </a>
        </div>
      }
    />
  );
}
