import { Button, ErrorBlock, List, Popup, SpinLoading, Steps, Tag } from 'antd-mobile';
import { formatDateTime } from '@contract/time';
import { yuanText } from '@contract/money';
import { mobileTagColor, ORDER_STATUS_COLOR } from '@/components/statusTags';
import { useDistributionDetail, type DistributionDetailProps } from './distributionDetail';
import { splitRatioText } from './rules';

export default function DistributionDetailMobile({ open, onClose, order, onApprove, onReject }: DistributionDetailProps) {
  const { detail, error, view: o } = useDistributionDetail(open ? order : null);
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      destroyOnClose
      bodyStyle={{ height: '88vh', borderTopLeftRadius: 12, borderTopRightRadius: 12, display: 'flex', flexDirection: 'column' }}
    >
      <div style={{ padding: '14px 16px', fontSize: 17, fontWeight: 500, display: 'flex', alignItems: 'center', gap: 8 }}>
        <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>分账订单 {o?.orderNo}</span>
        {o && (
          <Tag color={mobileTagColor(ORDER_STATUS_COLOR[o.status])} fill="outline" data-testid="order-status">
            {o.statusText}
          </Tag>
        )}
      </div>
      <div style={{ flex: 1, overflowY: 'auto', background: '#f5f5f5' }}>
        {error && <ErrorBlock status="default" title={error} description="" />}
        {o && (
          <List mode="card" header="订单信息">
            <List.Item extra={<b>{yuanText(o.amount)}</b>}>分账金额</List.Item>
            <List.Item extra={o.fromAcctNo ?? '—'}>付款账户</List.Item>
            <List.Item extra={o.fromCusName ?? '—'}>付款客户</List.Item>
            <List.Item extra={o.makerName}>提交人</List.Item>
            <List.Item extra={formatDateTime(o.submittedAt ?? o.createdAt)}>提交时间</List.Item>
            {o.rejectReason && <List.Item description={o.rejectReason}>驳回原因</List.Item>}
            {o.remark && <List.Item description={o.remark}>备注</List.Item>}
          </List>
        )}
        <List mode="card" header="分账明细">
          {!detail && !error && (
            <List.Item>
              <SpinLoading style={{ '--size': '20px' }} />
            </List.Item>
          )}
          {detail?.splits.map((s) => (
            <List.Item key={s.acctNo} description={s.ratio ? `比例 ${splitRatioText(s.ratio)}` : undefined} extra={<b>{yuanText(s.amount)}</b>}>
              <span style={{ wordBreak: 'break-all' }}>{s.acctNo}</span>
              {s.remainder && (
                <Tag color="warning" fill="outline" style={{ marginLeft: 6 }}>
                  含尾差
                </Tag>
              )}
            </List.Item>
          ))}
        </List>
        {detail && (
          <List mode="card" header="审批轨迹">
            <div style={{ padding: '8px 0' }}>
              <Steps direction="vertical" current={detail.events.length - 1}>
                {detail.events.map((e, i) => (
                  <Steps.Step
                    key={i}
                    title={`${e.actorName} ${e.actionText}`}
                    description={`${formatDateTime(e.createdAt)}${e.reason ? ` · 原因：${e.reason}` : ''}`}
                  />
                ))}
              </Steps>
            </div>
          </List>
        )}
      </div>
      {o?.canAudit && (
        <div style={{ display: 'flex', gap: 12, padding: '12px 16px calc(12px + env(safe-area-inset-bottom))', background: '#fff' }}>
          <Button block color="danger" fill="outline" onClick={() => onReject(o)}>
            驳回
          </Button>
          <Button block color="primary" onClick={() => onApprove(o)}>
            审核通过
          </Button>
        </div>
      )}
    </Popup>
  );
}
