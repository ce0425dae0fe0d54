// The order an adjust or refund application created (phone), its status kept current.
import { Button, List, Result, Tag } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import type { PayOrderView } from '@contract/api/pay';
import { approveDetailUrl } from '@contract/pages/approve';
import { yuanText } from '@contract/money';
import { mobileTagColor, ORDER_STATUS_COLOR } from '@/components/statusTags';
import { useLiveOrder } from '@/components/notify/useLiveOrder';
import { ADJUST_DIRECTION_TEXT, timeText } from './acctRules';

export function OrderResultMobile({ order: submitted, againText, onAgain }: { order: PayOrderView; againText: string; onAgain: () => void }) {
  const order = useLiveOrder(submitted);
  const navigate = useNavigate();
  const refund = order.kind === 'refund';
  return (
    <div>
      <Result status="success" title="提交成功，等待审批" description={`订单号 ${order.orderNo}`} />
      <List data-testid="order-result">
        <List.Item
          extra={
            <Tag color={mobileTagColor(ORDER_STATUS_COLOR[order.status])} fill="outline">
              {order.statusText}
            </Tag>
          }
        >
          状态
        </List.Item>
        <List.Item extra={`${order.kindText}${order.direction ? `（${ADJUST_DIRECTION_TEXT[order.direction]}）` : ''}`}>类型</List.Item>
        <List.Item extra={yuanText(order.amount)}>金额</List.Item>
        <List.Item
          extra={refund ? `${order.fromAcctNo ?? ''} → ${order.payeeAcctNo ?? ''}` : order.direction === 'credit' ? order.payeeAcctNo : order.fromAcctNo}
        >
          账户
        </List.Item>
        <List.Item extra={order.remark}>{refund ? '退款原因' : '调账原因'}</List.Item>
        <List.Item extra={timeText(order.submittedAt ?? order.createdAt)}>提交时间</List.Item>
      </List>
      <div style={{ padding: 16, display: 'flex', gap: 12 }}>
        <Button block onClick={onAgain}>
          {againText}
        </Button>
        <Button block color="primary" onClick={() => void navigate(approveDetailUrl(order.orderId))}>
          查看订单
        </Button>
      </div>
    </div>
  );
}
