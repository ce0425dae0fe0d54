// Calls on payment orders that several pages make (payCus 付款订单, acct 调账/退款 lists).
import { PAY_PATHS } from '@contract/api/pay';
import { capOrThrow, capPost } from './request';

/** The maker withdraws a pending order (a debit's reserved funds are released). */
export async function cancelOrder(orderId: string, reason = ''): Promise<void> {
  capOrThrow(await capPost(PAY_PATHS.orderCancel, { orderId, reason }, undefined, { silent: true }), true);
}
