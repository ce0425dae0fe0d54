// The approver's pending orders on a desktop: a plain table with selection, 审批通过 / 驳回 per row
// and for the selection (one payment-password entry), the order's detail on click. Live while open:
// a 'payOrder' push reloads it (the phone layout does the same for the whole app).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useSnapshot } from 'valtio';
import { groupAcctNo } from '@contract/api/ledger';
import type { PayOrderView } from '@contract/api/pay';
import { approveDetailUrl } from '@contract/pages/approve';
import { fenText, sumFen, yuanText } from '@contract/money';
import { PaymentPasswordPrompt } from '@/components/dialogs/PaymentPasswordPrompt';
import { fetchPendingForMe } from './api';
import { OutcomeDialog, RejectDialog } from './DecisionDialogs.desktop';
import { pending, useApproverSync } from './pending';
import { orderTitle, timeText } from './rules';
import { useDecision } from './useDecision';

export default function ApproveListDesktop() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { version } = useSnapshot(pending);
  const [orders, setOrders] = useState<PayOrderView[]>([]);
  const [total, setTotal] = useState(0);
  const [pageNum, setPageNum] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [loading, setLoading] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);

  useApproverSync(true, (push) => void message.info(`${push.titile}${push.msgTxt ? `：${push.msgTxt}` : ''}`));

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const res = await fetchPendingForMe(pageNum, pageSize);
      setOrders(res.orders);
      setTotal(res.total);
      setPicked((prev) => prev.filter((id) => res.orders.some((o) => o.orderId === id)));
    } catch (err) {
      void message.warning(err instanceof Error ? err.message : '加载失败');
    } finally {
      setLoading(false);
    }
  }, [pageNum, pageSize, message]);

  useEffect(() => {
    void load();
  }, [load, version]);

  const decision = useDecision(() => setPicked([]));
  const chosen = useMemo(() => orders.filter((o) => picked.includes(o.orderId)), [orders, picked]);

  const columns: ColumnsType<PayOrderView> = [
    { title: '订单号', dataIndex: 'orderNo', width: 170, render: (v: string, o) => <a onClick={() => void navigate(approveDetailUrl(o.orderId))}>{v}</a> },
    { title: '类型', dataIndex: 'kindText', width: 84, render: (v: string) => <Tag>{v}</Tag> },
    { title: '收款方 / 批次', key: 'title', ellipsis: true, render: (_: unknown, o) => orderTitle(o) },
    {
      title: '付款账户',
      dataIndex: 'fromAcctNo',
      width: 200,
      // In full, in groups of four: the approver compares it digit by digit (no '…').
      render: (v: string | null, o) => (
        <>
          <div data-testid="from-acct" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {groupAcctNo(v)}
          </div>
          {o.fromCusName && <div style={{ color: 'var(--boss-color-weak)', fontSize: 12 }}>{o.fromCusName}</div>}
        </>
      ),
    },
    { title: '笔数', dataIndex: 'rowCount', width: 56, align: 'right', render: (v: number, o) => (o.kind === 'batch' ? v : 1) },
    { title: '金额', dataIndex: 'amount', width: 120, align: 'right', render: (v: string) => <Typography.Text strong>{yuanText(v)}</Typography.Text> },
    { title: '提交人', dataIndex: 'makerName', width: 80 },
    { title: '提交时间', key: 'submittedAt', width: 140, render: (_: unknown, o) => timeText(o.submittedAt ?? o.createdAt) },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_: unknown, o) => (
        <Space size={4}>
          <Button type="link" size="small" disabled={!o.canAudit} onClick={() => decision.startApprove([o])}>
            审批通过
          </Button>
          <Button type="link" size="small" danger disabled={!o.canAudit} onClick={() => decision.startReject([o])}>
            驳回
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card variant="borderless">
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" disabled={!chosen.length} onClick={() => decision.startApprove(chosen)}>
          批量审批
        </Button>
        <Button danger disabled={!chosen.length} onClick={() => decision.startReject(chosen)}>
          批量驳回
        </Button>
        <Button onClick={() => void load()}>刷新</Button>
        {chosen.length > 0 && (
          <Typography.Text type="secondary">
            已选 {chosen.length} 笔，合计 {fenText(sumFen(chosen))}
          </Typography.Text>
        )}
      </Space>
      <Table<PayOrderView>
        rowKey="orderId"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={orders}
        rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys as string[]), getCheckboxProps: (o) => ({ disabled: !o.canAudit }) }}
        pagination={{
          current: pageNum,
          pageSize,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          showTotal: (n) => `共${n}条`,
          onChange: (p, s) => {
            setPageNum(p);
            setPageSize(s);
          },
        }}
        locale={{ emptyText: '暂无待审批订单' }}
      />
      <PaymentPasswordPrompt
        open={decision.pwdOpen}
        onClose={decision.closePrompt}
        onConfirm={decision.confirmApprove}
        description={`审批通过 ${decision.orders.length} 笔订单，合计 ${fenText(sumFen(decision.orders))}`}
      />
      <RejectDialog open={decision.rejectOpen} count={decision.orders.length} onClose={decision.closeReject} onConfirm={decision.confirmReject} />
      <OutcomeDialog outcome={decision.outcome} onClose={decision.closeOutcome} />
    </Card>
  );
}
