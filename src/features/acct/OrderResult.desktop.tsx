// The order an adjust or refund application created (desktop): number, status (kept current), amount, reason.
import { Button, Descriptions, Result, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { PayOrderView } from '@contract/api/pay';
import { approveDetailUrl } from '@contract/pages/approve';
import { yuanText } from '@contract/money';
import { ORDER_STATUS_COLOR } from '@/components/statusTags';
import { useLiveOrder } from '@/components/notify/useLiveOrder';
import { ADJUST_DIRECTION_TEXT, timeText } from './acctRules';

export function OrderResult({ order: submitted, againText, onAgain }: { order: PayOrderView; againText: string; onAgain: () => void }) {
  const order = useLiveOrder(submitted);
  const navigate = useNavigate();
  const refund = order.kind === 'refund';
  return (
    <Result
      status="success"
      title="提交成功，等待审批"
      subTitle={`订单号 ${order.orderNo}，须由另一位审批人审批通过后入账`}
      extra={[
        <Button type="primary" key="again" onClick={onAgain}>
          {againText}
        </Button>,
        <Button key="detail" onClick={() => void navigate(approveDetailUrl(order.orderId))}>
          查看订单
        </Button>,
      ]}
    >
      <Descriptions bordered size="small" column={2} data-testid="order-result">
        <Descriptions.Item label="订单号">{order.orderNo}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={ORDER_STATUS_COLOR[order.status]} data-testid="order-result-status">
            {order.statusText}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label="类型">
          {order.kindText}
          {order.direction ? `（${ADJUST_DIRECTION_TEXT[order.direction]}）` : ''}
        </Descriptions.Item>
        <Descriptions.Item label="金额">
          <b>{yuanText(order.amount)}</b>
        </Descriptions.Item>
        {refund ? (
          <>
            <Descriptions.Item label="退款账户">{order.fromAcctNo}</Descriptions.Item>
            <Descriptions.Item label="退回账户">{order.payeeAcctNo}</Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label="账户" span={2}>
            {order.direction === 'credit' ? order.payeeAcctNo : order.fromAcctNo}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={refund ? '退款原因' : '调账原因'} span={2}>
          {order.remark}
        </Descriptions.Item>
        <Descriptions.Item label="提交人">{order.makerName}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{timeText(order.submittedAt ?? order.createdAt)}</Descriptions.Item>
      </Descriptions>
    </Result>
  );
}
