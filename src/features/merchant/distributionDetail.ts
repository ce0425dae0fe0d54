// One distribution order's detail (shared by the desktop drawer and the phone popup): the order,
// its split lines and the audit trail, loaded when the dialog opens and again when the order changes.
import { useEffect, useState } from 'react';
import type { PayOrderDetail, PayOrderView } from '@contract/api/pay';
import { failureMessage } from '@/components/dialogs/formRules';
import { useLiveRefresh } from '@/components/notify/useLiveRefresh';
import { fetchOrderDetail } from './api';

export interface DistributionDetailProps {
  open: boolean;
  onClose: () => void;
  order: PayOrderView | null;
  onApprove: (o: PayOrderView) => void;
  onReject: (o: PayOrderView) => void;
}

export function useDistributionDetail(order: PayOrderView | null) {
  const [detail, setDetail] = useState<PayOrderDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(0);
  useLiveRefresh(order ? { kind: 'payOrder', id: order.orderId } : null, () => setChanged((n) => n + 1));
  // Another order: nothing of the last one shows meanwhile. The same order changed: it stays until the new read is in.
  useEffect(() => {
    setDetail(null);
    setError(null);
  }, [order]);
  useEffect(() => {
    if (!order) return;
    let live = true;
    fetchOrderDetail(order.orderId).then(
      (d) => live && setDetail(d),
      (e: unknown) => live && setError(failureMessage(e, '订单详情查询失败')),
    );
    return () => {
      live = false;
    };
  }, [order, changed]);
  // The freshest view of the order (status, version, canAudit) once the detail is in.
  return { detail, error, view: detail?.order ?? order };
}
