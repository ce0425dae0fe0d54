// The approver's calls (contract/api/pay.ts): orders pending for me (paged), one order's detail,
// the pending count, and the decisions. A decision on ONE order answers its HTTP status on failure
// (403 self-approval, 409 raced or stale); those come back here as an outcome, not an exception, so
// the views show every decision the same way. Wrong payment passwords stay exceptions: the prompt
// keeps itself open for another try.
import { PAY_PATHS } from '@contract/api/payWire';
import type { AuditResult, PayOrderDetail, PayOrderView, PageInfo } from '@contract/api/pay';
import { capGet, capOrThrow, capPost } from '@/api/request';
import { ApiError, serverMessage } from '@/api/errors';
import { failedOutcome, isPasskeyFailure, isPasswordFailure, summarizeOutcome, type OutcomeSummary } from './rules';

export const PAGE_SIZE = 10;

export interface PendingPage {
  orders: PayOrderView[];
  total: number;
  hasMore: boolean;
}

/** Page `pageNum` (from 1) of the pending orders this user may decide, newest first. */
export async function fetchPendingForMe(pageNum: number, pageSize = PAGE_SIZE): Promise<PendingPage> {
  const body = capOrThrow(
    await capPost<{ listData?: PayOrderView[]; page?: PageInfo }>(
      PAY_PATHS.orderInquiry,
      { pendingForMe: true, status: 'pending' },
      { pageNum, pageSize },
      { silent: true },
    ),
    true,
  );
  const orders = body.listData ?? [];
  const total = body.page?.count ?? orders.length;
  return { orders, total, hasMore: pageNum * pageSize < total && orders.length > 0 };
}

/** How many orders wait for this user; the answer may be a bare number or { count }. */
export async function fetchPendingCount(): Promise<number> {
  const body = capOrThrow(await capGet<{ count?: number; pendingCount?: number }>(PAY_PATHS.pendingCount, undefined, { silent: true }), true) as unknown;
  if (typeof body === 'number') return body;
  const b = (body ?? {}) as { count?: unknown; pendingCount?: unknown };
  const n = Number(b.count ?? b.pendingCount ?? 0);
  return Number.isFinite(n) ? n : 0;
}

export async function fetchOrderDetail(orderId: string, rowsPage = 1, pageSize = 50): Promise<PayOrderDetail> {
  return capOrThrow(
    await capPost<PayOrderDetail>(PAY_PATHS.orderDetail, { orderId, rowsPage: { pageNum: rowsPage, pageSize } }, undefined, { silent: true }),
    true,
  ) as PayOrderDetail;
}

type Picked = Pick<PayOrderView, 'orderId' | 'orderNo' | 'version'>;

function messageOf(err: unknown): { code: number; message: string } {
  if (err instanceof ApiError) {
    const code = err.status === 200 ? 400 : err.status;
    return { code, message: serverMessage(err.body) ?? err.message };
  }
  return { code: 0, message: err instanceof Error ? err.message : '操作失败' };
}

/** What approves: the encoded payment password, or the passkey's assertion over these orders' challenge. */
export type ApproveFactor = { payPwd: string } | { passkey: { challengeId: string; response: unknown } };

/** Approves `orders` with one factor. Throws only for password or passkey failures (and network trouble). */
export async function approveOrders(orders: Picked[], factor: ApproveFactor): Promise<OutcomeSummary> {
  try {
    const res = await capPost<AuditResult>(
      PAY_PATHS.auditPass,
      { orderIds: orders.map((o) => o.orderId), versions: orders.map((o) => o.version), ...factor },
      undefined,
      { silent: true },
    );
    if (!res.status?.success) {
      const message = res.status?.errorMsg || res.status?.replyText || '审批失败';
      throw new ApiError(message, 200, res);
    }
    return summarizeOutcome(res.body, orders, 'approve');
  } catch (err) {
    const { code, message } = messageOf(err);
    if (isPasswordFailure(message) || isPasskeyFailure(message) || code === 0 || orders.length > 1) throw new Error(message);
    return failedOutcome(orders[0], code, message, 'approve');
  }
}

/** Rejects `orders` with a reason (required; the server refuses an empty one with '请输入驳回原因'). */
export async function rejectOrders(orders: Picked[], reason: string): Promise<OutcomeSummary> {
  try {
    const res = await capPost<AuditResult>(PAY_PATHS.auditReject, { orderIds: orders.map((o) => o.orderId), reason }, undefined, { silent: true });
    if (!res.status?.success) throw new ApiError(res.status?.errorMsg || res.status?.replyText || '驳回失败', 200, res);
    return summarizeOutcome(res.body, orders, 'reject');
  } catch (err) {
    const { code, message } = messageOf(err);
    if (code === 0 || orders.length > 1 || code === 400) throw new Error(message);
    return failedOutcome(orders[0], code, message, 'reject');
  }
}
