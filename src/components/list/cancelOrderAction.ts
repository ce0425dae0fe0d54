// The 撤销 row action of the payment-order lists (payCus 付款订单, acct 调账/退款): shown on the rows
// the server says this user may still withdraw (canEdit), asks first, and reloads the list after.
import { cancelOrder } from '@/api/payOrders';
import { reloadAfter } from './reloadAfter';
import type { ListRow, RowAction } from './types';

type OrderRow = ListRow & { orderId: string; orderNo: string; canEdit: boolean };

/** `permission` is the code that submits this kind of order; `warning` is added to the question (e.g. what happens to held funds). */
export function cancelOrderAction<T extends OrderRow>(permission: string, warning = ''): RowAction<T> {
  return {
    key: 'cancel',
    text: '撤销',
    permission,
    danger: true,
    visible: (r) => r.canEdit,
    confirm: (r) => `确定要撤销订单 ${r.orderNo} 吗？${warning}`,
    onClick: (row, kit) => reloadAfter(kit, () => cancelOrder(row.orderId).then(() => '撤销成功'), '撤销失败'),
  };
}
