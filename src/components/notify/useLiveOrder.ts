// An order shown after its submit (payCus 单笔/批量付款, acct 调账/退款 results) stays current: when
// the socket says it changed (approved, rejected, executed…), it is read again (useLiveRefresh).
import { useEffect, useState } from 'react';
import type { PayOrderView } from '@contract/api/pay';
import { fetchOrderView } from '@/api/payOrders';
import { useLiveRefresh } from './useLiveRefresh';

export function useLiveOrder<T extends PayOrderView | null>(order: T): T {
  const [fresh, setFresh] = useState<T>(order);
  useEffect(() => setFresh(order), [order]);
  const id = order?.orderId;
  useLiveRefresh(id ? { kind: 'payOrder', id } : null, () => {
    if (id)
      void fetchOrderView(id).then(
        (o) => setFresh((shown) => (shown?.orderId === o.orderId ? (o as T) : shown)),
        () => undefined,
      );
  });
  // Until the effect has run, a newly given order is shown as given.
  return (fresh?.orderId === order?.orderId ? fresh : order) as T;
}
