// Calls of the acct pages (contract/api/pay.ts and contract/api/ledger.ts). Every call that creates
// something carries the idempotency key chosen when the form opened, reused on a retry, so a
// double click or a lost answer never applies twice. Errors come back as the server's message.
import { LEDGER_PATHS, type AccountView, type CustomerAccountType } from '@contract/api/ledger';
import {
  PAY_PATHS,
  type InvoiceInquiryResult,
  type InvoiceView,
  type PageInfo,
  type PayOrderKind,
  type PayOrderStatus,
  type PayOrderView,
} from '@contract/api/pay';
import type { PageResult } from '@contract/listQuery';
import type { SysResult } from '@contract/types';
import { capOrThrow, capPost } from '@/api/request';

export const newKey = () => crypto.randomUUID();

async function cap<B>(path: string, fields: Record<string, unknown>, page?: { pageNum: number; pageSize: number }): Promise<B> {
  return capOrThrow(await capPost<B>(path, fields, page, { silent: true }), true) as B;
}

/** A page of the list kit from a business call's list. */
export function pageResult<T>(records: T[], total: number, current: number, size: number): SysResult<PageResult<T>> {
  return { success: true, code: 200, message: '', timestamp: Date.now(), result: { records, total, size, current } };
}

/** The list kit's paging parameters. */
export const pagingOf = (params: Record<string, string>) => ({ pageNum: Number(params.pageNo) || 1, pageSize: Number(params.pageSize) || 10 });

export async function generateAccount(cusCode: string, acctType: CustomerAccountType, idempotencyKey: string): Promise<AccountView> {
  return (await cap<{ account: AccountView }>(LEDGER_PATHS.accountGenerate, { cusCode, acctType, idempotencyKey })).account;
}

export interface AdjustInput {
  acctNo: string;
  direction: 'credit' | 'debit';
  amount: string;
  reason: string;
}
export async function applyAdjust(input: AdjustInput, idempotencyKey: string): Promise<PayOrderView> {
  return (await cap<{ order: PayOrderView }>(PAY_PATHS.adjustApply, { ...input, idempotencyKey })).order;
}

export interface RefundInput {
  origOrderId: string;
  amount: string;
  reason: string;
}
export async function applyRefund(input: RefundInput, idempotencyKey: string): Promise<PayOrderView> {
  return (await cap<{ order: PayOrderView }>(PAY_PATHS.refundApply, { ...input, idempotencyKey })).order;
}

export interface OrderFilter {
  kind?: PayOrderKind;
  status?: PayOrderStatus;
  mine?: boolean;
  orderNo?: string;
  cusCode?: string;
}
export async function ordersPage(filter: OrderFilter, pageNum: number, pageSize: number): Promise<{ listData: PayOrderView[]; page: PageInfo }> {
  return cap<{ listData: PayOrderView[]; page: PageInfo }>(PAY_PATHS.orderInquiry, { ...filter }, { pageNum, pageSize });
}

/** Refund orders touching a customer (the refunds of its payments among them), newest first. */
export async function refundsOf(cusCode: string | null): Promise<PayOrderView[]> {
  if (!cusCode) return [];
  return (await ordersPage({ kind: 'refund', cusCode }, 1, 200)).listData;
}

export interface InvoiceFilter {
  cusCode?: string;
  status?: InvoiceView['status'];
}
export async function invoicesPage(filter: InvoiceFilter, pageNum: number, pageSize: number): Promise<InvoiceInquiryResult> {
  return cap<InvoiceInquiryResult>(PAY_PATHS.invoiceInquiry, { ...filter }, { pageNum, pageSize });
}

/** Paid, invoiced and still invoiceable amounts of one customer (yuan strings). */
export async function invoiceTotals(cusCode: string): Promise<Pick<InvoiceInquiryResult, 'paid' | 'invoiced' | 'invoiceable'>> {
  const { paid, invoiced, invoiceable } = await invoicesPage({ cusCode }, 1, 1);
  return { paid, invoiced, invoiceable };
}

export interface InvoiceInput {
  cusCode: string;
  amount: string;
  title: string;
  taxNo: string;
  remark: string;
}
export async function applyInvoice(input: InvoiceInput, idempotencyKey: string): Promise<InvoiceView> {
  return (await cap<{ invoice: InvoiceView }>(PAY_PATHS.invoiceApply, { ...input, idempotencyKey })).invoice;
}

export async function makeInvoice(invoiceId: string): Promise<InvoiceView> {
  return (await cap<{ invoice: InvoiceView }>(PAY_PATHS.invoiceMake, { invoiceId })).invoice;
}
