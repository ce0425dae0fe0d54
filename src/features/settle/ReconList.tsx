// 对账差错处理 (page key 'settle/ReconList', /settle/recon): the reconciled days (statement lines,
// our orders, matched, differences still open, closed or not) and, for a day, its differences:
// 标记渠道差错 with a reason, 发起调账 (a second person 复核通过 or 退回), then 关账 once nothing is
// open. 执行对账 (re)runs a day; the same day run again gives the same differences.
import { useMemo, useState } from 'react';
import {
  RECON_DAY_STATUS_TEXT,
  RECON_KIND_TEXT,
  RECON_STATUS_TEXT,
  SETTLE_LIVE,
  SETTLE_P,
  SETTLE_PERMS,
  type ReconDayRow,
  type ReconItemRow,
  type ReconItemStatus,
} from '@contract/api/settle';
import { yuanCell } from '@contract/money';
import { sysAction } from '@/api/action';
import { optionsOf, READ_ONLY_LIST, timeText } from '@/components/list/columnKit';
import ListKit from '@/components/list/ListKit';
import { reloadAfter } from '@/components/list/reloadAfter';
import type { ListKitConfig } from '@/components/list/types';
import { reasonAction, useRowPrompt } from '@/components/list/useRowPrompt';
import type { TagTone } from '@/components/statusTags';

type Day = ReconDayRow & Record<string, unknown>;
type Item = ReconItemRow & Record<string, unknown>;

const ITEM_TAG: Record<ReconItemStatus, TagTone> = { open: 'red', adjust_pending: 'orange', adjusted: 'green', provider_wrong: 'blue' };
/** Today in China Standard Time (the statement's day). */
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

export default function ReconList() {
  const [day, setDay] = useState<string | null>(null);
  const { ask, prompt } = useRowPrompt();

  const days = useMemo<ListKitConfig<Day>>(
    () => ({
      pageKey: 'settle/ReconDayList',
      title: '对账日',
      url: { list: SETTLE_P.reconDays },
      live: SETTLE_LIVE,
      ...READ_ONLY_LIST,
      columns: [
        { dataIndex: 'day', title: '对账日期', width: 120 },
        {
          dataIndex: 'status',
          title: '状态',
          width: 90,
          type: 'tag',
          tag: (r) => ({ text: RECON_DAY_STATUS_TEXT[r.status], color: r.status === 'closed' ? 'green' : 'orange' }),
        },
        { dataIndex: 'statementLines', title: '对账单笔数', width: 110, align: 'right' },
        { dataIndex: 'ourOrders', title: '我方笔数', width: 100, align: 'right' },
        { dataIndex: 'matched', title: '匹配', width: 90, align: 'right' },
        { dataIndex: 'differences', title: '差错', width: 80, align: 'right' },
        { dataIndex: 'open', title: '未处理', width: 80, align: 'right' },
        { dataIndex: 'runs', title: '执行次数', width: 90, align: 'right' },
        { dataIndex: 'lastRunAt', title: '最近执行', width: 170, render: timeText },
      ],
      query: [{ field: 'status', label: '状态', type: 'select', options: optionsOf(RECON_DAY_STATUS_TEXT) }],
      extraButtons: [
        {
          key: 'run',
          text: '执行对账',
          permission: SETTLE_PERMS.reconRun,
          phone: true,
          onClick: (kit) =>
            ask({
              kit,
              title: '执行对账',
              label: '对账日期',
              defaultValue: today(),
              placeholder: 'YYYY-MM-DD',
              rules: [{ required: true, pattern: /^\d{4}-\d{2}-\d{2}$/, message: '请输入正确的对账日期（YYYY-MM-DD）' }],
              run: (v) => sysAction(SETTLE_P.reconRun, { day: v }),
            }),
        },
      ],
      rowActions: [
        { key: 'items', text: '差错明细', onClick: (r) => setDay(r.day) },
        {
          key: 'rerun',
          text: '重新对账',
          permission: SETTLE_PERMS.reconRun,
          onClick: (r, kit) => reloadAfter(kit, () => sysAction(SETTLE_P.reconRun, { day: r.day })),
        },
        {
          key: 'close',
          text: '关账',
          permission: SETTLE_PERMS.reconClose,
          visible: (r) => r.status === 'open',
          confirm: (r) => `确定关闭 ${r.day} 的对账吗？`,
          onClick: (r, kit) => reloadAfter(kit, () => sysAction(SETTLE_P.reconClose, { day: r.day })),
        },
      ],
      inlineActions: 3,
      mobile: { title: 'day', fields: ['statementLines', 'matched', 'differences', 'open'], status: 'status' },
    }),
    [ask],
  );

  const items = useMemo<ListKitConfig<Item>>(
    () => ({
      pageKey: 'settle/ReconItemList',
      title: '对账差错',
      url: { list: SETTLE_P.reconItems },
      params: { day: day ?? '' },
      live: SETTLE_LIVE,
      ...READ_ONLY_LIST,
      columns: [
        { dataIndex: 'ref', title: '渠道流水号', width: 220 },
        { dataIndex: 'kind', title: '差错类型', width: 100, options: optionsOf(RECON_KIND_TEXT) },
        { dataIndex: 'ourAmount', title: '我方金额（元）', width: 130, align: 'right', render: yuanCell },
        { dataIndex: 'theirAmount', title: '渠道金额（元）', width: 130, align: 'right', render: yuanCell },
        { dataIndex: 'theirFee', title: '渠道手续费（元）', width: 130, align: 'right', render: yuanCell },
        { dataIndex: 'status', title: '处理状态', width: 110, type: 'tag', tag: (r) => ({ text: RECON_STATUS_TEXT[r.status], color: ITEM_TAG[r.status] }) },
        { dataIndex: 'resolveReason', title: '处理说明', ellipsis: true, render: (v) => (v as string | null) ?? '—' },
        { dataIndex: 'proposedBy', title: '发起人', width: 90, render: (v) => (v as string | null) ?? '—' },
        { dataIndex: 'resolvedBy', title: '处理人', width: 90, render: (v) => (v as string | null) ?? '—' },
      ],
      query: [
        { field: 'kind', label: '差错类型', type: 'select', options: optionsOf(RECON_KIND_TEXT) },
        { field: 'status', label: '处理状态', type: 'select', options: optionsOf(RECON_STATUS_TEXT) },
      ],
      rowActions: [
        reasonAction<Item>(ask, {
          key: 'providerWrong',
          text: '标记渠道差错',
          label: '原因',
          permission: SETTLE_PERMS.reconResolve,
          visible: (r) => r.status === 'open',
          run: (r, reason) => sysAction(SETTLE_P.reconProviderWrong, { id: r.id, reason }),
        }),
        reasonAction<Item>(ask, {
          key: 'adjust',
          text: '发起调账',
          label: '调账说明',
          permission: SETTLE_PERMS.reconResolve,
          visible: (r) => r.status === 'open',
          run: (r, reason) => sysAction(SETTLE_P.reconProposeAdjust, { id: r.id, reason }),
        }),
        {
          key: 'approve',
          text: '复核通过',
          permission: SETTLE_PERMS.reconApprove,
          visible: (r) => r.status === 'adjust_pending',
          confirm: (r) => `按差额将 ${r.ref} 调账至挂账账户？`,
          onClick: (r, kit) => reloadAfter(kit, () => sysAction(SETTLE_P.reconApproveAdjust, { id: r.id })),
        },
        reasonAction<Item>(ask, {
          key: 'rejectAdjust',
          text: '退回调账',
          label: '退回原因',
          permission: SETTLE_PERMS.reconApprove,
          visible: (r) => r.status === 'adjust_pending',
          run: (r, reason) => sysAction(SETTLE_P.reconRejectAdjust, { id: r.id, reason }),
        }),
      ],
      inlineActions: 2,
      mobile: { title: 'ref', subtitle: 'kind', fields: ['ourAmount', 'theirAmount', 'resolveReason'], status: 'status' },
    }),
    [day, ask],
  );

  return (
    <>
      {day ? (
        <ListKit
          key={day}
          config={items}
          header={
            <div style={{ padding: '8px 12px', display: 'flex', gap: 12, alignItems: 'center' }}>
              <a role="button" onClick={() => setDay(null)}>
                ‹ 返回对账日列表
              </a>
              <span>{day} 对账差错</span>
            </div>
          }
        />
      ) : (
        <ListKit config={days} />
      )}
      {prompt}
    </>
  );
}
