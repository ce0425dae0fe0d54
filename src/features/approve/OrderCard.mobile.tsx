// One pending order as a phone card: headline (payee or batch), amount, kind and batch size, maker
// and submitted time; a checkbox in batch mode.
import { Checkbox, Tag } from 'antd-mobile';
import type { PayOrderView } from '@contract/api/pay';
import { yuanText } from '@contract/money';
import { orderTitle, timeText } from './rules';

const KIND_COLOR: Record<PayOrderView['kind'], string> = { single: 'primary', batch: 'warning', adjust: 'danger', distribution: 'success', refund: 'default' };

export default function OrderCardMobile({
  order,
  selecting,
  checked,
  onTap,
}: {
  order: PayOrderView;
  selecting: boolean;
  checked: boolean;
  onTap: () => void;
}) {
  return (
    <div
      role="button"
      tabIndex={0}
      data-order-id={order.orderId}
      aria-label={`订单 ${order.orderNo}`}
      onClick={onTap}
      style={{
        display: 'flex',
        gap: 10,
        background: '#fff',
        borderRadius: 8,
        padding: '12px 14px',
        boxShadow: '0 1px 2px rgba(0,0,0,0.04)',
        border: checked ? '1px solid #1677ff' : '1px solid transparent',
      }}
    >
      {selecting && (
        <div style={{ flex: 'none', paddingTop: 2 }} onClick={(e) => e.stopPropagation()}>
          <Checkbox checked={checked} onChange={onTap} aria-label="选择" />
        </div>
      )}
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ display: 'flex', alignItems: 'baseline', gap: 8 }}>
          <span style={{ flex: 1, minWidth: 0, fontSize: 15, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {orderTitle(order)}
          </span>
          <span style={{ flex: 'none', fontSize: 17, fontWeight: 600, color: '#1f1f1f', fontVariantNumeric: 'tabular-nums' }}>{yuanText(order.amount)}</span>
        </div>
        <div style={{ display: 'flex', alignItems: 'center', gap: 6, marginTop: 6, color: '#666', fontSize: 13 }}>
          <Tag color={KIND_COLOR[order.kind]} fill="outline">
            {order.kindText}
          </Tag>
          {order.kind === 'batch' && <span>共{order.rowCount}笔</span>}
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{order.orderNo}</span>
        </div>
        <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 6, color: 'var(--boss-color-weak)', fontSize: 12 }}>
          <span>提交人 {order.makerName}</span>
          <span>{timeText(order.submittedAt ?? order.createdAt)}</span>
        </div>
      </div>
    </div>
  );
}
