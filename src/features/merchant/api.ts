// Calls of the merchantPlatform pages: customer detail (CusMastInfoInquiry), enable / disable
// (CustomerEnable / CustomerDisable of the pay module, which keep the reason in the status log),
// a customer's accounts, the distribution order (DistributionApply) and its audit over the
// payment-order calls (PayOrderInquiry kind 'distribution', PayOrderDetail, audit pass / reject).
// Every call is silent: the pages show the server's words themselves.
import { LEDGER_PATHS, type AccountView, type BankCardView, type CustomerView, type EntryView } from '@contract/api/ledger';
import { PAY_PATHS, type AuditResult, type PayOrderDetail, type PayOrderView } from '@contract/api/pay';
import type { DistributionMode } from '@contract/api/merchant';
import type { PageResult } from '@contract/listQuery';
import type { SysResult } from '@contract/types';
import { capOrThrow, capPost } from '@/api/request';
import { ApiError, serverMessage } from '@/api/errors';
import { formatDateTime } from '@contract/time';
import { yuanText } from '@contract/money';

export interface CustomerDetail {
  customer: CustomerView;
  accounts: AccountView[];
  bankCards: BankCardView[];
  recentEntries: EntryView[];
}

const silent = { silent: true } as const;

export async function fetchCustomerDetail(cusCode: string): Promise<CustomerDetail> {
  return capOrThrow(await capPost<CustomerDetail>(LEDGER_PATHS.customerInfo, { cusCode }, undefined, silent), true) as CustomerDetail;
}

export async function enableCustomer(cusCode: string): Promise<CustomerView> {
  return (capOrThrow(await capPost<{ customer: CustomerView }>(PAY_PATHS.customerEnable, { cusCode }, undefined, silent), true) as { customer: CustomerView })
    .customer;
}

export async function disableCustomer(cusCode: string, reason: string): Promise<CustomerView> {
  return (
    capOrThrow(await capPost<{ customer: CustomerView }>(PAY_PATHS.customerDisable, { cusCode, reason }, undefined, silent), true) as { customer: CustomerView }
  ).customer;
}

export interface DistributionInput {
  fromAcctNo: string;
  amount: string;
  mode: DistributionMode;
  receivers: { acctNo: string; ratio?: string; amount?: string }[];
  remainderAcctNo?: string;
  remark: string;
}
/** Submits the order (funds reserved, waits for a checker); the same key on a retry never submits twice. */
export async function applyDistribution(input: DistributionInput, idempotencyKey: string): Promise<PayOrderView> {
  const body = capOrThrow(await capPost<{ order: PayOrderView }>(PAY_PATHS.distributionApply, { ...input, idempotencyKey }, undefined, silent), true) as {
    order: PayOrderView;
  };
  return body.order;
}

export type DistributionScope = 'pendingForMe' | 'mine' | 'all';
export type DistributionRow = PayOrderView & { id: string; amountText: string; timeText: string };

/** The list kit's parameters → PayOrderInquiry of distribution orders, answered as a page for the kit. */
export async function fetchDistributionOrders(params: Record<string, string>): Promise<SysResult<PageResult<DistributionRow>>> {
  const pageNum = Number(params.pageNo) || 1;
  const pageSize = Number(params.pageSize) || 10;
  const scope = params.scope as DistributionScope | undefined;
  const fields = {
    kind: 'distribution',
    status: params.status || undefined,
    orderNo: params.orderNo?.replace(/^\*|\*$/g, '') || undefined,
    pendingForMe: scope === 'pendingForMe' || undefined,
    mine: scope === 'mine' || undefined,
  };
  const body = capOrThrow(
    await capPost<{ listData: PayOrderView[]; page: { count: number } }>(PAY_PATHS.orderInquiry, fields, { pageNum, pageSize }, silent),
    true,
  ) as { listData: PayOrderView[]; page: { count: number } };
  return {
    success: true,
    code: 200,
    message: '',
    timestamp: Date.now(),
    result: {
      records: body.listData.map((o) => ({ ...o, id: o.orderId, amountText: yuanText(o.amount), timeText: formatDateTime(o.submittedAt ?? o.createdAt) })),
      total: body.page.count,
      size: pageSize,
      current: pageNum,
    },
  };
}

export async function fetchOrderDetail(orderId: string): Promise<PayOrderDetail> {
  return capOrThrow(
    await capPost<PayOrderDetail>(PAY_PATHS.orderDetail, { orderId, rowsPage: { pageNum: 1, pageSize: 10 } }, undefined, silent),
    true,
  ) as PayOrderDetail;
}

/** One order's decision: a refusal (403 own order, 409 raced / changed, wrong password …) throws with the server's words. */
async function decide(path: string, fields: Record<string, unknown>): Promise<void> {
  let res;
  try {
    res = await capPost<AuditResult>(path, fields, undefined, silent);
  } catch (err) {
    throw new Error(err instanceof ApiError ? (serverMessage(err.body) ?? err.message) : err instanceof Error ? err.message : '操作失败');
  }
  const body = capOrThrow(res, true) as AuditResult;
  const failed = body.results?.find((r) => !r.ok);
  if (failed) throw new Error(failed.message);
}

export const approveOrder = (o: Pick<PayOrderView, 'orderId' | 'version'>, payPwd: string) =>
  decide(PAY_PATHS.auditPass, { orderIds: [o.orderId], versions: [o.version], payPwd });
export const rejectOrder = (orderId: string, reason: string) => decide(PAY_PATHS.auditReject, { orderIds: [orderId], reason });
