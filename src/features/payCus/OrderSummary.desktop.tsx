// The created order after a submit (desktop): number, status (kept current), amounts, payee.
import { Button, Descriptions, Result, Tag } from 'antd';
import type { PayOrderView } from '@contract/api/pay';
import { yuanText } from '@contract/money';
import { ORDER_STATUS_COLOR } from '@/components/statusTags';
import { useLiveOrder } from '@/components/notify/useLiveOrder';
import { time } from './payApi';

export function OrderSummary({ order: submitted, onAgain, onList }: { order: PayOrderView; onAgain: () => void; onList: () => void }) {
  const order = useLiveOrder(submitted);
  return (
    <Result
      status="success"
      title="提交成功，等待审批"
      subTitle={`订单号 ${order.orderNo}，资金已预留，审批通过后执行付款`}
      extra={[
        <Button type="primary" key="list" onClick={onList}>
          查看付款订单
        </Button>,
        <Button key="again" onClick={onAgain}>
          继续付款
        </Button>,
      ]}
    >
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label="订单号">{order.orderNo}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={ORDER_STATUS_COLOR[order.status]}>{order.statusText}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="类型">{order.kindText}</Descriptions.Item>
        <Descriptions.Item label="金额">
          <b>{yuanText(order.amount)}</b>
        </Descriptions.Item>
        <Descriptions.Item label="付款账户">{order.fromAcctNo}</Descriptions.Item>
        <Descriptions.Item label="笔数">{order.rowCount || 1}</Descriptions.Item>
        {order.payeeName && <Descriptions.Item label="收款人">{order.payeeName}</Descriptions.Item>}
        {(order.payeeAcctNo || order.bankCardNo) && <Descriptions.Item label="收款账号">{order.payeeAcctNo || order.bankCardNo}</Descriptions.Item>}
        <Descriptions.Item label="提交人">{order.makerName}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{time(order.submittedAt ?? order.createdAt)}</Descriptions.Item>
      </Descriptions>
    </Result>
  );
}
