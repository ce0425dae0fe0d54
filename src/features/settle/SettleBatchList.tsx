// 结算管理 (page key 'settle/SettleBatchList', /settle/batch): settlement batches with their states;
// a batch opens its items (one per customer), where a failed item is retried or handled by an
// operator; 立即结算 settles named customers on demand; 结算规则 sets each customer's cycle and keep-back. Both views through the list kit; rows
// change live as the channel answers.
import { useMemo, useState } from 'react';
import {
  SETTLE_BATCH_STATUS_TEXT,
  SETTLE_ITEM_STATUS_TEXT,
  SETTLE_LIVE,
  SETTLE_P,
  SETTLE_PERMS,
  type SettleBatchRow,
  type SettleBatchStatus,
  type SettleItemRow,
  type SettleItemStatus,
} from '@contract/api/settle';
import { yuanCell } from '@contract/money';
import { sysAction } from '@/api/action';
import { optionsOf, READ_ONLY_LIST, timeText } from '@/components/list/columnKit';
import ListKit from '@/components/list/ListKit';
import { reloadAfter } from '@/components/list/reloadAfter';
import type { ListKitConfig } from '@/components/list/types';
import { reasonAction, useRowPrompt } from '@/components/list/useRowPrompt';
import type { TagTone } from '@/components/statusTags';
import { SettleRules } from './SettleRules';

type Batch = SettleBatchRow & Record<string, unknown>;
type Item = SettleItemRow & Record<string, unknown>;

const BATCH_TAG: Record<SettleBatchStatus, TagTone> = { processing: 'processing', completed: 'green', partial: 'red' };
const ITEM_TAG: Record<SettleItemStatus, TagTone> = { queued: 'default', pending: 'processing', succeeded: 'green', failed: 'red', handled: 'gold' };

export default function SettleBatchList() {
  const [batch, setBatch] = useState<Batch | null>(null);
  const [rules, setRules] = useState(false);
  const { ask, prompt } = useRowPrompt();

  const batches = useMemo<ListKitConfig<Batch>>(
    () => ({
      pageKey: 'settle/SettleBatchList',
      title: '结算批次',
      url: { list: SETTLE_P.batchList },
      live: SETTLE_LIVE,
      ...READ_ONLY_LIST,
      columns: [
        { dataIndex: 'batchNo', title: '批次号', width: 190 },
        {
          dataIndex: 'trigger',
          title: '触发方式',
          width: 100,
          options: [
            { value: 'scheduled', label: 'T+1定时' },
            { value: 'manual', label: '手动' },
          ],
        },
        {
          dataIndex: 'status',
          title: '批次状态',
          width: 100,
          type: 'tag',
          tag: (r) => ({ text: SETTLE_BATCH_STATUS_TEXT[r.status], color: BATCH_TAG[r.status] }),
        },
        { dataIndex: 'itemCount', title: '笔数', width: 70, align: 'right' },
        { dataIndex: 'succeeded', title: '成功', width: 70, align: 'right' },
        { dataIndex: 'failed', title: '失败', width: 70, align: 'right' },
        { dataIndex: 'total', title: '结算金额（元）', width: 140, align: 'right', render: yuanCell },
        { dataIndex: 'paid', title: '已出款（元）', width: 140, align: 'right', render: yuanCell },
        { dataIndex: 'cutoff', title: '截止时间', width: 170, render: timeText },
        { dataIndex: 'createTime', title: '创建时间', width: 170, render: timeText },
      ],
      query: [{ field: 'status', label: '批次状态', type: 'select', options: optionsOf(SETTLE_BATCH_STATUS_TEXT) }],
      extraButtons: [
        { key: 'rules', text: '结算规则', permission: SETTLE_PERMS.batchList, phone: true, onClick: () => setRules(true) },
        {
          key: 'run',
          text: '立即结算',
          permission: SETTLE_PERMS.run,
          phone: true,
          onClick: (kit) =>
            ask({
              kit,
              title: '立即结算',
              label: '客户编号（多个用逗号分隔）',
              placeholder: '如：C0101,C0102',
              rules: [{ required: true, whitespace: true, message: '请输入客户编号' }],
              run: (v) => sysAction(SETTLE_P.run, { cusCodes: v.split(/[,，\s]+/).filter(Boolean), idempotencyKey: crypto.randomUUID() }),
            }),
        },
      ],
      rowActions: [{ key: 'items', text: '明细', onClick: (r) => setBatch(r) }],
      mobile: { title: 'batchNo', subtitle: 'total', fields: ['itemCount', 'failed', 'createTime'], status: 'status' },
    }),
    [ask],
  );

  const items = useMemo<ListKitConfig<Item>>(
    () => ({
      pageKey: 'settle/SettleItemList',
      title: '结算明细',
      url: { list: SETTLE_P.itemList },
      params: { batchId: batch?.id ?? '' },
      live: SETTLE_LIVE,
      ...READ_ONLY_LIST,
      columns: [
        { dataIndex: 'cusCode', title: '客户编号', width: 110 },
        { dataIndex: 'cusName', title: '客户名称', ellipsis: true },
        { dataIndex: 'accountNo', title: '结算账户', width: 170 },
        { dataIndex: 'cardNo', title: '银行卡', width: 100 },
        { dataIndex: 'amount', title: '金额（元）', width: 120, align: 'right', render: yuanCell },
        { dataIndex: 'status', title: '状态', width: 100, type: 'tag', tag: (r) => ({ text: SETTLE_ITEM_STATUS_TEXT[r.status], color: ITEM_TAG[r.status] }) },
        { dataIndex: 'attempts', title: '次数', width: 60, align: 'right' },
        { dataIndex: 'failReason', title: '失败原因', ellipsis: true, render: (_v, r) => r.handledReason ?? r.failReason ?? '—' },
        { dataIndex: 'updateTime', title: '更新时间', width: 170, render: timeText },
      ],
      query: [
        { field: 'cusCode', label: '客户编号', type: 'input' },
        { field: 'status', label: '状态', type: 'select', options: optionsOf(SETTLE_ITEM_STATUS_TEXT) },
      ],
      rowActions: [
        {
          key: 'retry',
          text: '重试',
          permission: SETTLE_PERMS.itemHandle,
          visible: (r) => r.status === 'failed',
          confirm: (r) => `按 ${r.cusName} 结算账户当前可结算余额重新出款？`,
          onClick: (r, kit) => reloadAfter(kit, () => sysAction(SETTLE_P.itemRetry, { itemId: r.id })),
        },
        reasonAction<Item>(ask, {
          key: 'handle',
          text: '人工处理',
          label: '处理说明',
          permission: SETTLE_PERMS.itemHandle,
          visible: (r) => r.status === 'failed',
          run: (r, reason) => sysAction(SETTLE_P.itemHandle, { itemId: r.id, reason }),
        }),
      ],
      mobile: { title: 'cusName', subtitle: 'amount', fields: ['accountNo', 'failReason', 'updateTime'], status: 'status' },
    }),
    [batch, ask],
  );

  return (
    <>
      {rules ? (
        <SettleRules ask={ask} onBack={() => setRules(false)} />
      ) : batch ? (
        <ListKit
          key={batch.id}
          config={items}
          header={
            <div style={{ padding: '8px 12px', display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
              <a role="button" onClick={() => setBatch(null)}>
                ‹ 返回批次列表
              </a>
              <span>
                批次 {batch.batchNo} · {SETTLE_BATCH_STATUS_TEXT[batch.status]} · 共{batch.itemCount}笔
              </span>
            </div>
          }
        />
      ) : (
        <ListKit config={batches} />
      )}
      {prompt}
    </>
  );
}
