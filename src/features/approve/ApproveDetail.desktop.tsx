// One order on a desktop: its fields, the rows of a batch, the audit trail, and 审批通过 / 驳回 when
// this user may decide it.
import { Alert, Button, Card, Descriptions, Empty, Space, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { useSnapshot } from 'valtio';
import { groupAcctNo } from '@contract/api/ledger';
import { maskCard, PAY_MSG, type BatchRowView } from '@contract/api/pay';
import { yuanText } from '@contract/money';
import { PaymentPasswordPrompt } from '@/components/dialogs/PaymentPasswordPrompt';
import { session } from '@/stores/session';
import { ORDER_STATUS_COLOR } from '@/components/statusTags';
import { OutcomeDialog, RejectDialog } from './DecisionDialogs.desktop';
import { orderTitle, remarkLabel, timeText } from './rules';
import { useDecision } from './useDecision';
import { useOrderDetail, useOrderIdFromUrl, useRejectFromUrl } from './useOrderDetail';

const ROW_STATUS = { pending: ['待执行', 'default'], succeeded: ['成功', 'success'], failed: ['失败', 'error'] } as const;

export default function ApproveDetailDesktop() {
  const orderId = useOrderIdFromUrl();
  const me = useSnapshot(session).userInfo?.id;
  const { detail, rows, error, loading, moreRows, loadMoreRows } = useOrderDetail(orderId);
  const decision = useDecision();
  useRejectFromUrl(detail?.order, decision.startReject);

  if (loading) return <Spin style={{ display: 'block', margin: 64 }} />;
  if (!detail) return <Empty description={error ?? PAY_MSG.orderNotFound} style={{ margin: 64 }} />;
  const o = detail.order;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        variant="borderless"
        title={
          <Space>
            {orderTitle(o)}
            <Tag color={ORDER_STATUS_COLOR[o.status]} data-testid="order-status">
              {o.statusText}
            </Tag>
          </Space>
        }
        extra={
          o.canAudit && (
            <Space>
              <Button danger onClick={() => decision.startReject([o])}>
                驳回
              </Button>
              <Button type="primary" onClick={() => decision.startApprove([o])}>
                审批通过
              </Button>
            </Space>
          )
        }
      >
        {o.status === 'pending' && o.makerId === me && <Alert type="warning" showIcon message={PAY_MSG.selfApprove} style={{ marginBottom: 16 }} />}
        <Descriptions column={3} size="small">
          <Descriptions.Item label="订单号">{o.orderNo}</Descriptions.Item>
          <Descriptions.Item label="类型">{o.kindText}</Descriptions.Item>
          <Descriptions.Item label="金额">
            <Typography.Text strong data-testid="order-amount">
              {yuanText(o.amount)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label="付款账户">
            <span data-testid="from-acct">{groupAcctNo(o.fromAcctNo)}</span>
            {o.fromCusName ? ` · ${o.fromCusName}` : ''}
          </Descriptions.Item>
          {o.kind === 'batch' ? (
            <Descriptions.Item label="笔数">
              {o.rowCount}（成功 {o.succeededCount}，失败 {o.failedCount}）
            </Descriptions.Item>
          ) : (
            <Descriptions.Item label="收款方">
              {[o.payeeName, o.payeeAcctNo ? groupAcctNo(o.payeeAcctNo) : maskCard(o.bankCardNo)].filter(Boolean).join(' · ')}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={remarkLabel(o.kind)}>{o.remark}</Descriptions.Item>
          <Descriptions.Item label="提交人">{o.makerName}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{timeText(o.submittedAt ?? o.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="审批人">{o.approverName ? `${o.approverName} ${timeText(o.decidedAt)}` : ''}</Descriptions.Item>
          {o.rejectReason && <Descriptions.Item label="驳回原因">{o.rejectReason}</Descriptions.Item>}
          {o.failReason && <Descriptions.Item label="失败原因">{o.failReason}</Descriptions.Item>}
        </Descriptions>
      </Card>
      {o.kind === 'batch' && (
        <Card variant="borderless" title={`付款明细（${detail.rowsPage?.count ?? rows.length} 笔）`}>
          <Table<BatchRowView>
            rowKey="rowNo"
            size="small"
            dataSource={rows}
            pagination={false}
            columns={[
              { title: '行号', dataIndex: 'rowNo', width: 70 },
              { title: '收款人', dataIndex: 'payeeName' },
              { title: '收款账户 / 银行卡', key: 'to', render: (_: unknown, r) => (r.payeeAcctNo ? groupAcctNo(r.payeeAcctNo) : maskCard(r.bankCardNo)) },
              { title: '金额', dataIndex: 'amount', align: 'right', render: (v: string) => yuanText(v) },
              { title: '备注', dataIndex: 'remark' },
              {
                title: '状态',
                dataIndex: 'status',
                render: (s: BatchRowView['status'], r) => <Tag color={ROW_STATUS[s][1]}>{r.failReason ?? ROW_STATUS[s][0]}</Tag>,
              },
            ]}
          />
          {moreRows && (
            <Button style={{ marginTop: 12 }} onClick={() => void loadMoreRows()}>
              加载更多
            </Button>
          )}
        </Card>
      )}
      <Card variant="borderless" title="审批记录">
        <Timeline
          items={detail.events.map((e) => ({
            color: e.action === 'reject' || e.toStatus === 'failed' ? 'red' : 'blue',
            children: (
              <>
                <Typography.Text strong>{e.actionText}</Typography.Text> · {e.actorName} · {timeText(e.createdAt)}
                {e.reason && <div style={{ color: '#666' }}>{e.reason}</div>}
                {e.passkey && <div style={{ color: '#666' }}>通行密钥：{e.passkey}</div>}
              </>
            ),
          }))}
        />
      </Card>
      <PaymentPasswordPrompt
        open={decision.pwdOpen}
        onClose={decision.closePrompt}
        onConfirm={decision.confirmApprove}
        description={`审批通过 ${orderTitle(o)}，金额 ${yuanText(o.amount)}`}
      />
      <RejectDialog open={decision.rejectOpen} count={1} onClose={decision.closeReject} onConfirm={decision.confirmReject} />
      <OutcomeDialog outcome={decision.outcome} onClose={decision.closeOutcome} />
    </Space>
  );
}
