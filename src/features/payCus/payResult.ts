// Where 单笔付款 and 批量付款 go when the server has answered a submit (issue 14 §4): the success
// result page with the real order (number, count, total, payer account, status), or the failure
// result page with the server's own refusal. A submit the server never answered (network down, time-
// out) stays on the form: the clerk retries with the same idempotency key and cannot pay twice.
// Shared by the desktop and phone views of both pages.
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PayOrderView } from '@contract/api/pay';
import { yuanText } from '@contract/money';
import { ApiError, isUnreachable } from '@/api/errors';
import { RESULT_PATHS, type ResultOutcome } from '@/lib/resultOutcome';

export const PAY_ORDER_LIST = { label: '查看付款订单', path: '/payCus/payOrder' };
export const SUBMITTED_TITLE = '提交成功，等待审批';
export const REFUSED_TITLE = '提交失败';

/** The success page's content for a created order: only what the server answered. */
export function submittedOutcome(order: PayOrderView, again: { label: string; path: string }): ResultOutcome {
  return {
    title: SUBMITTED_TITLE,
    description: `订单号 ${order.orderNo}，资金已预留，审批通过后执行付款`,
    details: [
      { label: '订单号', value: order.orderNo },
      { label: '付款笔数', value: `${order.rowCount || 1} 笔` },
      { label: '付款总额', value: yuanText(order.amount) },
      ...(order.fee
        ? [
            { label: '手续费', value: yuanText(order.fee) },
            { label: '扣款合计', value: yuanText(order.debitTotal ?? order.amount) },
          ]
        : []),
      { label: '付款账户', value: order.fromAcctNo ?? '—' },
      { label: '状态', value: order.statusText },
      { label: '提交人', value: order.makerName },
    ],
    next: PAY_ORDER_LIST,
    also: [again],
  };
}

/** The failure page's content for a refusal by the server; null when the server never answered (or the session ended). */
export function refusedOutcome(err: unknown, back: { label: string; path: string; state?: unknown }): ResultOutcome | null {
  if (!(err instanceof ApiError) || isUnreachable(err) || err.status === 401) return null;
  return { title: REFUSED_TITLE, description: '付款未提交，资金未预留。请按失败原因修改后重新提交。', reasons: [err.message], next: back };
}

/** Both outcomes as navigations; `refused` answers false when the failure stays on the form (the caller says why). */
export function usePayResult() {
  const navigate = useNavigate();
  const submitted = useCallback(
    (order: PayOrderView, again: { label: string; path: string }) => navigate(RESULT_PATHS.success, { state: submittedOutcome(order, again) }),
    [navigate],
  );
  const refused = useCallback(
    (err: unknown, back: { label: string; path: string; state?: unknown }): boolean => {
      const outcome = refusedOutcome(err, back);
      if (outcome) void navigate(RESULT_PATHS.fail, { state: outcome });
      return !!outcome;
    },
    [navigate],
  );
  return { submitted, refused };
}
