// 退款申请, shared by both views: find the original payment (a succeeded single payment to an account
// of this platform: the recent ones, or one by its order number), show what it paid, what was
// refunded and what refunds are still in approval, and bound the amount by what is left; the
// server holds the same bound under a lock and answers with the same message.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PAY_MSG, refundPayload, type PayOrderView } from '@contract/api/pay';
import { yuanText } from '@contract/money';
import { schemaRule } from '@/components/dialogs/formRules';
import { applyRefund, ordersPage, refundsOf, type RefundInput } from './acctApi';
import { isRefundableKind, refundAmountError, refundHeadroom, verdict, type RefundHeadroom } from './acctRules';
import { useSubmit } from './useSubmit';

export interface RefundValues {
  origOrderId?: string;
  amount?: string;
  reason?: string;
}
type Getter = { getFieldsValue: () => unknown };

const ORDER_NO_RX = /^PO\d{16}$/;
export const originLabel = (o: PayOrderView) => `${o.orderNo} · ${o.payeeName ?? ''} · ${yuanText(o.amount)}`;

export function useRefundForm(onSubmitted: () => void) {
  const [candidates, setCandidates] = useState<PayOrderView[]>([]);
  const [searching, setSearching] = useState(false);
  const [origin, setOrigin] = useState<PayOrderView | null>(null);
  const [headroom, setHeadroom] = useState<RefundHeadroom | null>(null);
  const [originError, setOriginError] = useState<string | null>(null);
  const asked = useRef(0);

  /** Recent refundable payments; an exact order number is looked up on the server. */
  const search = useCallback(async (text = '') => {
    const t = text.trim().toUpperCase();
    const ticket = ++asked.current;
    setSearching(true);
    try {
      const { listData } = await ordersPage({ kind: 'single', status: 'succeeded', orderNo: ORDER_NO_RX.test(t) ? t : undefined }, 1, 50);
      if (ticket !== asked.current) return; // a newer search answered first
      setCandidates(listData.filter(isRefundableKind).filter((o) => !t || originLabel(o).toUpperCase().includes(t)));
      setOriginError(null);
    } catch (err) {
      if (ticket === asked.current) setOriginError(err instanceof Error ? err.message : '查询失败');
    } finally {
      if (ticket === asked.current) setSearching(false);
    }
  }, []);

  useEffect(() => {
    void search();
  }, [search]);

  const pick = useCallback(
    async (orderId: string | undefined) => {
      const o = candidates.find((c) => c.orderId === orderId) ?? null;
      setOrigin(o);
      setHeadroom(null);
      if (!o) return;
      try {
        setHeadroom(refundHeadroom(o, await refundsOf(o.fromCusCode)));
      } catch (err) {
        setOriginError(err instanceof Error ? err.message : PAY_MSG.refundOriginal);
      }
    },
    [candidates],
  );

  const sub = useSubmit(
    applyRefund,
    useCallback(() => {
      onSubmitted();
      void search();
    }, [onSubmitted, search]),
  );

  const rules = useMemo(
    () => ({
      origOrderId: [{ required: true, message: '请选择原付款订单' }],
      amount: [
        ({ getFieldsValue }: Getter) => ({
          validator: () => verdict(refundAmountError((getFieldsValue() as RefundValues).amount, headroom?.refundableFen ?? null)),
        }),
      ],
      reason: [schemaRule(refundPayload, 'reason')],
    }),
    [headroom],
  );

  return {
    candidates,
    searching,
    search,
    origin,
    headroom,
    originError,
    pick,
    rules,
    ...sub,
    /** Another refund: a new key, no original picked. */
    again: () => {
      sub.again();
      setOrigin(null);
      setHeadroom(null);
    },
    finish: (v: RefundValues): Promise<PayOrderView | null> => {
      const input: RefundInput = { origOrderId: v.origOrderId ?? '', amount: (v.amount ?? '').trim(), reason: (v.reason ?? '').trim() };
      return sub.submit(input);
    },
  };
}
