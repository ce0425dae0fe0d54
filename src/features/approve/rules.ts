// Pure rules of the approver's pages (no React, no UI kit), shared by the phone and desktop views
// and tested in tests/unit/approve-rules.test.ts: how an order is named and its amount shown, the
// sum of a selection (bigint fen, never JS numbers), the tab badge text, and the per-order outcome
// of a batch decision in the user's words.
import { PASSKEY_MSG } from '@contract/api/passkeyWire';
import { PAY_MSG, PAY_PERMS } from '@contract/api/payWire';
import type { AuditOutcome, AuditResult, PayOrderView } from '@contract/api/pay';
import { hasPermission } from '@contract/permission';
import type { PermissionEntry } from '@contract/types';
import { formatDateTime } from '@contract/time';

/** The card's headline: the payee of a single pay, the batch with its size, otherwise kind and account. */
export function orderTitle(
  o: Pick<PayOrderView, 'kind' | 'kindText' | 'payeeName' | 'payeeAcctNo' | 'rowCount' | 'remark' | 'direction' | 'fromAcctNo'>,
): string {
  switch (o.kind) {
    case 'single':
      return o.payeeName || o.payeeAcctNo || o.kindText;
    case 'batch':
      return o.remark ? `${o.kindText} · ${o.remark}` : `${o.kindText}（${o.rowCount}笔）`;
    case 'adjust':
      // The words of the 调账申请 page: 调增 credits the account, 调减 debits it.
      return `${o.kindText}${o.direction === 'debit' ? '（调减）' : o.direction === 'credit' ? '（调增）' : ''} · ${o.payeeAcctNo ?? o.fromAcctNo ?? ''}`;
    case 'refund':
      return `${o.kindText} · ${o.payeeAcctNo ?? o.payeeName ?? ''}`;
    default:
      return o.payeeName ? `${o.kindText} · ${o.payeeName}` : o.kindText;
  }
}

/** '2026-11-22T03:49:00.000Z' or '2026-11-22 11:49:00' → '2026-11-22 11:49' (display zone, contract/time.ts). */
export function timeText(value: string | null | undefined): string {
  if (!value) return '';
  return formatDateTime(value, { seconds: false }) || value;
}

/** Label of an order's free text: the reason of an adjust or refund, otherwise the maker's remark. */
export function remarkLabel(kind: PayOrderView['kind']): string {
  return kind === 'adjust' || kind === 'refund' ? '原因' : '备注';
}

/** Text of the tab-bar badge: nothing at 0, '99+' past 99. */
export function badgeText(count: number): string | undefined {
  if (!count || count < 0) return undefined;
  return count > 99 ? '99+' : String(count);
}

/** May this user decide orders (the 审批 tab, approve buttons)? The server checks it again. */
export function canApprove(lists: { auth: readonly PermissionEntry[]; allAuth: readonly PermissionEntry[] }): boolean {
  return hasPermission(PAY_PERMS.approve, { auth: [...lists.auth], allAuth: [...lists.allAuth] });
}

export interface OutcomeLine {
  orderId: string;
  orderNo: string;
  ok: boolean;
  text: string;
}
export interface OutcomeSummary {
  /** '审批通过 3 笔' / '2 笔成功，1 笔失败' / '驳回失败'. */
  title: string;
  allOk: boolean;
  lines: OutcomeLine[];
}

/** Server words for an order's failure; a conflict (409) becomes '订单已被其他人处理' unless the server said more. */
function outcomeText(o: AuditOutcome, okText: string): string {
  if (o.ok) return okText;
  if (o.message) return o.message;
  if (o.code === 409) return PAY_MSG.raced;
  if (o.code === 403) return PAY_MSG.selfApprove;
  if (o.code === 404) return PAY_MSG.orderNotFound;
  return '处理失败';
}

/** Per-order lines of a batch decision, in the order of `orders` (the ones the user picked). */
export function summarizeOutcome(result: AuditResult, orders: Pick<PayOrderView, 'orderId' | 'orderNo'>[], action: 'approve' | 'reject'): OutcomeSummary {
  const okText = action === 'approve' ? '审批通过' : '已驳回';
  const byId = new Map(result.results.map((r) => [r.orderId, r]));
  const lines = orders.map((o) => {
    const r = byId.get(o.orderId) ?? { orderId: o.orderId, ok: false, code: 404, message: PAY_MSG.orderNotFound, status: null };
    return { orderId: o.orderId, orderNo: o.orderNo, ok: r.ok, text: outcomeText(r, okText) };
  });
  const passed = lines.filter((l) => l.ok).length;
  const failed = lines.length - passed;
  const verb = action === 'approve' ? '审批通过' : '驳回';
  const title = !failed ? `${verb} ${passed} 笔` : !passed ? `${verb}失败` : `${passed} 笔成功，${failed} 笔失败`;
  return { title, allOk: failed === 0, lines };
}

/** A single-order decision that failed with an HTTP status: the same summary shape as a batch. */
export function failedOutcome(order: Pick<PayOrderView, 'orderId' | 'orderNo'>, code: number, message: string, action: 'approve' | 'reject'): OutcomeSummary {
  return summarizeOutcome({ results: [{ orderId: order.orderId, ok: false, code, message, status: null }], passed: 0, failed: 1 }, [order], action);
}

/** Wrong or locked payment password: the prompt stays open for another try; anything else closes it. */
export function isPasswordFailure(message: string): boolean {
  return message.includes('支付密码');
}

/** A refused passkey approval (used or expired challenge, revoked passkey, failed signature): the sheet offers another try or the password. */
export function isPasskeyFailure(message: string): boolean {
  return (Object.values(PASSKEY_MSG) as string[]).includes(message);
}

/** A 'payOrder' push of the notification socket ({cmd:'user', type:'payOrder', orderId, titile, msgTxt}). */
export interface PayOrderPush {
  orderId: string;
  titile: string;
  msgTxt: string;
}

export function asPayOrderPush(push: Record<string, unknown>): PayOrderPush | null {
  if (push.type !== 'payOrder' || typeof push.orderId !== 'string' || !push.orderId) return null;
  return {
    orderId: push.orderId,
    titile: typeof push.titile === 'string' && push.titile ? push.titile : '新的待审批订单',
    msgTxt: typeof push.msgTxt === 'string' ? push.msgTxt : '',
  };
}
