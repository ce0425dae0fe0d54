import { Alert, Button, Descriptions, Drawer, Space, Spin, Table, Tag, Timeline } from 'antd';
import { formatDateTime } from '@contract/time';
import type { DistributionSplitView } from '@contract/api/pay';
import { yuanText } from '@contract/money';
import { ORDER_STATUS_COLOR } from '@/components/statusTags';
import { useDistributionDetail, type DistributionDetailProps } from './distributionDetail';
import { splitRatioText } from './rules';

export default function DistributionDetailDesktop({ open, onClose, order, onApprove, onReject }: DistributionDetailProps) {
  const { detail, error, view: o } = useDistributionDetail(open ? order : null);
  return (
    <Drawer
      open={open}
      title={o ? `分账订单 ${o.orderNo}` : '分账订单'}
      size={720}
      onClose={onClose}
      extra={
        o?.canAudit && (
          <Space>
            <Button danger onClick={() => onReject(o)}>
              驳回
            </Button>
            <Button type="primary" onClick={() => onApprove(o)}>
              审核通过
            </Button>
          </Space>
        )
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {o && (
        <Descriptions bordered size="small" column={2}>
          <Descriptions.Item label="订单号">{o.orderNo}</Descriptions.Item>
          <Descriptions.Item label="状态">
            <Tag color={ORDER_STATUS_COLOR[o.status]} data-testid="order-status">
              {o.statusText}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label="分账金额">
            <b>{yuanText(o.amount)}</b>
          </Descriptions.Item>
          <Descriptions.Item label="接收方">{o.payeeName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="付款账户">{o.fromAcctNo ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="付款客户">{[o.fromCusCode, o.fromCusName].filter(Boolean).join(' ') || '—'}</Descriptions.Item>
          <Descriptions.Item label="提交人">{o.makerName}</Descriptions.Item>
          <Descriptions.Item label="审批人">{o.approverName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{formatDateTime(o.submittedAt ?? o.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="完成时间">{o.finishedAt ? formatDateTime(o.finishedAt) : '—'}</Descriptions.Item>
          {o.rejectReason && (
            <Descriptions.Item label="驳回原因" span={2}>
              {o.rejectReason}
            </Descriptions.Item>
          )}
          {o.failReason && (
            <Descriptions.Item label="失败原因" span={2}>
              {o.failReason}
            </Descriptions.Item>
          )}
          <Descriptions.Item label="备注" span={2}>
            {o.remark || '—'}
          </Descriptions.Item>
        </Descriptions>
      )}
      <h4 style={{ margin: '20px 0 8px' }}>分账明细</h4>
      <Table<DistributionSplitView>
        size="small"
        rowKey="acctNo"
        pagination={false}
        loading={!detail && !error}
        dataSource={detail?.splits ?? []}
        columns={[
          {
            dataIndex: 'acctNo',
            title: '接收账户',
            render: (v: string, s) => (
              <>
                {v}
                {s.remainder && (
                  <Tag color="orange" style={{ marginLeft: 6 }}>
                    含尾差
                  </Tag>
                )}
              </>
            ),
          },
          { dataIndex: 'ratio', title: '比例', width: 100, align: 'right', render: splitRatioText },
          { dataIndex: 'amount', title: '分账金额', width: 160, align: 'right', render: (v: string) => yuanText(v) },
        ]}
      />
      <h4 style={{ margin: '20px 0 12px' }}>审批轨迹</h4>
      {!detail ? (
        error ? null : (
          <Spin />
        )
      ) : (
        <Timeline
          items={detail.events.map((e) => ({
            color: e.action === 'reject' || e.toStatus === 'failed' ? 'red' : e.action === 'approve' || e.toStatus === 'succeeded' ? 'green' : 'blue',
            content: (
              <div>
                <div>
                  <b>{e.actorName}</b> {e.actionText}
                  <span style={{ color: 'var(--boss-color-weak)', marginLeft: 8 }}>{formatDateTime(e.createdAt)}</span>
                </div>
                {e.reason && <div style={{ color: '#666' }}>原因：{e.reason}</div>}
              </div>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}
