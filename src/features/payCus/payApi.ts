// Calls of the payCus pages (contract/api/pay.ts, contract/api/ledger.ts) and their display helpers.
// Money stays yuan strings; sums use bigint fen (contract/money.ts). Every submit carries the
// idempotency key chosen when the form opened, reused on retry.
import { PAY_PATHS, type AuditResult, type BatchImportResult, type BatchRow, type PayOrderDetail, type PayOrderView } from '@contract/api/pay';
import { yuanText } from '@contract/money';
import type { PageResult } from '@contract/listQuery';
import type { SysResult } from '@contract/types';
import { capOrThrow, capPost, http } from '@/api/request';
import { formatDateTime } from '@contract/time';

/** ISO time → 'YYYY-MM-DD HH:mm:ss' (display zone, contract/time.ts); '—' when absent. */
export const time = (iso: string | null | undefined) => formatDateTime(iso) || '—';

export const newKey = () => crypto.randomUUID();

export interface SingleInput {
  fromAcctNo: string;
  payeeName: string;
  payeeAcctNo?: string;
  bankCardNo?: string;
  amount: string;
  remark?: string;
}
export async function submitSingle(input: SingleInput, idempotencyKey: string): Promise<PayOrderView> {
  const body = { ...input, payeeAcctNo: input.payeeAcctNo || undefined, bankCardNo: input.bankCardNo || undefined, remark: input.remark ?? '', idempotencyKey };
  return capOrThrow(await capPost<{ order: PayOrderView }>(PAY_PATHS.orderSubmit, body, undefined, { silent: true }), true).order;
}

/** `draftRows`: the live draft the rows came from; the server takes them out of it once submitted. */
export async function submitBatch(
  fromAcctNo: string,
  rows: BatchRow[],
  remark: string,
  idempotencyKey: string,
  draftRows?: { pageId: string; rowKeys: string[] },
): Promise<PayOrderView> {
  return capOrThrow(
    await capPost<{ order: PayOrderView }>(PAY_PATHS.batchSubmit, { fromAcctNo, rows, remark, idempotencyKey, draftRows }, undefined, { silent: true }),
    true,
  ).order;
}

export async function importBatch(file: File): Promise<BatchImportResult> {
  const fd = new FormData();
  fd.append('files[]', file, file.name);
  const res = await http.post(PAY_PATHS.batchImport, fd, { silent: true });
  return capOrThrow(res.data as Parameters<typeof capOrThrow<BatchImportResult>>[0], true);
}

/** The list kit's params → PayOrderInquiry, answered as a PageResult for the kit. */
export async function inquiry(params: Record<string, string>): Promise<SysResult<PageResult<PayOrderView & { id: string }>>> {
  const pageNum = Number(params.pageNo) || 1;
  const pageSize = Number(params.pageSize) || 10;
  const scope = params.scope;
  const fields: Record<string, unknown> = {
    status: params.status || undefined,
    kind: params.kind || undefined,
    orderNo: params.orderNo?.replace(/^\*|\*$/g, '') || undefined,
    mine: scope === 'mine' || undefined,
    pendingForMe: scope === 'pendingForMe' || undefined,
  };
  const res = await capPost<{ listData: PayOrderView[]; page: { count: number } }>(PAY_PATHS.orderInquiry, fields, { pageNum, pageSize } as never, {
    silent: true,
  });
  const body = capOrThrow(res, true);
  return {
    success: true,
    code: 200,
    message: '',
    timestamp: Date.now(),
    result: {
      records: (body.listData as PayOrderView[]).map((o) => ({
        ...o,
        id: o.orderId,
        // Display texts (the phone cards show field text, not column renders).
        amountText: yuanText(o.amount),
        timeText: time(o.submittedAt || o.createdAt),
        payeeText: o.kind === 'batch' ? `${o.rowCount}个收款人` : o.payeeName || '—',
      })),
      total: body.page.count,
      size: pageSize,
      current: pageNum,
    },
  } as SysResult<PageResult<PayOrderView & { id: string }>>;
}

export async function orderDetail(orderId: string, pageNum = 1, pageSize = 50): Promise<PayOrderDetail> {
  return capOrThrow(await capPost<PayOrderDetail>(PAY_PATHS.orderDetail, { orderId, rowsPage: { pageNum, pageSize } }, undefined, { silent: true }), true);
}
export async function editOrder(orderId: string, version: number, patch: Record<string, unknown>): Promise<PayOrderView> {
  return capOrThrow(await capPost<{ order: PayOrderView }>(PAY_PATHS.orderEdit, { orderId, version, patch }, undefined, { silent: true }), true).order;
}
/** One password for all the orders; per-order outcomes come back (409 stale/raced, 403 own order …). */
export async function auditPass(orders: Pick<PayOrderView, 'orderId' | 'version'>[], payPwd: string): Promise<AuditResult> {
  const res = await http.post(
    PAY_PATHS.batchAuditPass,
    { orderIds: orders.map((o) => o.orderId), versions: orders.map((o) => o.version), payPwd },
    { silent: true, validateStatus: () => true },
  );
  return auditAnswer(res.data, res.status);
}
export async function auditReject(orderIds: string[], reason: string): Promise<AuditResult> {
  const res = await http.post(PAY_PATHS.batchAuditReject, { orderIds, reason }, { silent: true, validateStatus: () => true });
  return auditAnswer(res.data, res.status);
}
/** With one order a failure answers its HTTP status: turn it into that order's outcome; a refusal of the whole call (wrong password …) throws. */
function auditAnswer(data: unknown, status: number): AuditResult {
  const d = data as { status?: { success?: boolean; errorMsg?: string; replyText?: string }; body?: AuditResult; message?: string } | undefined;
  if (d?.body?.results) return d.body;
  const msg = d?.status?.errorMsg || d?.status?.replyText || d?.message || '操作失败';
  if (status >= 200 && status < 300 && d?.status?.success) return d.body as AuditResult;
  throw new Error(msg);
}
