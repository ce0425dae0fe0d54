// Calls that several areas make: withdrawing and re-reading a payment order (payCus 付款订单, acct 调账/退款 lists)
// and a customer's accounts (the payer of payCus, acct and merchant forms).
import { LEDGER_PATHS, type AccountView } from '@contract/api/ledger';
import { PAY_PATHS, type PayOrderDetail, type PayOrderView } from '@contract/api/pay';
import { capOrThrow, capPost } from './request';

/** The maker withdraws a pending order (a debit's reserved funds are released). */
export async function cancelOrder(orderId: string, reason = ''): Promise<void> {
  capOrThrow(await capPost(PAY_PATHS.orderCancel, { orderId, reason }, undefined, { silent: true }), true);
}

/** A customer's accounts, closed ones included (AcctInquiry); refused for a customer outside this tenant. */
export async function customerAccounts(cusCode: string): Promise<AccountView[]> {
  return (
    capOrThrow(await capPost<{ listData: AccountView[] }>(LEDGER_PATHS.accountInquiry, { cusCode }, undefined, { silent: true }), true) as {
      listData: AccountView[];
    }
  ).listData;
}

/** One order as the caller may see it now (status, amounts, what they may do). */
export async function fetchOrderView(orderId: string): Promise<PayOrderView> {
  const detail = capOrThrow(
    await capPost<PayOrderDetail>(PAY_PATHS.orderDetail, { orderId, rowsPage: { pageNum: 1, pageSize: 1 } }, undefined, { silent: true }),
    true,
  ) as PayOrderDetail;
  return detail.order;
}
