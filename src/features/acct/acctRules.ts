// Pure rules of the acct pages (no React, no UI kit), shared by the phone and desktop views and
// tested in tests/unit/acct-rules.test.ts: the adjust directions in the operator's words, money
// display, what is still refundable on an original payment and invoiceable for a customer, the
// client-side checks that mirror the server's bounds (same messages), and account numbers.
import { LEDGER_MSG } from '@contract/api/ledger';
import { PAY_MSG, type InvoiceView, type PayOrderStatus, type PayOrderView } from '@contract/api/pay';
import { ACCOUNT_NO_PREFIX, isValidAccountNo } from '@contract/accountNo';
import { formatFen, parseYuan, sumFen, yuanToFen } from '@contract/money';
import { V } from '@contract/validation';
import { formatDateTime } from '@contract/time';

export type AdjustDirection = 'credit' | 'debit';
/** 调增 credits the account (against the platform's suspense account), 调减 debits it. */
export const ADJUST_DIRECTION_TEXT: Record<AdjustDirection, string> = { credit: '调增', debit: '调减' };
export const ADJUST_DIRECTIONS = (Object.keys(ADJUST_DIRECTION_TEXT) as AdjustDirection[]).map((value) => ({ value, label: ADJUST_DIRECTION_TEXT[value] }));

export const INVOICE_STATUS_COLOR: Record<InvoiceView['status'], string> = { applied: 'orange', issued: 'green' };
export const INVOICE_STATUS_TEXT: Record<InvoiceView['status'], string> = { applied: '已申请', issued: '已开具' };

/** ISO time → 'YYYY-MM-DD HH:mm:ss' in the display zone; '' when absent. */
export const timeText = (iso: string | null | undefined) => formatDateTime(iso);

/** Refunds that still hold part of the original's amount: counted by the server's bound too. */
const IN_FLIGHT: PayOrderStatus[] = ['pending', 'approved', 'executing'];

export interface RefundHeadroom {
  paidFen: bigint;
  /** Succeeded refunds (the server's refundedAmount). */
  refundedFen: bigint;
  /** Refunds of this original waiting for approval or executing. */
  inFlightFen: bigint;
  refundableFen: bigint;
}

/** What may still be refunded on a succeeded payment: paid − refunded − refunds in flight (never below 0). */
export function refundHeadroom(
  orig: Pick<PayOrderView, 'orderId' | 'amount' | 'refundedAmount'>,
  refunds: Pick<PayOrderView, 'origOrderId' | 'status' | 'amount'>[],
): RefundHeadroom {
  const paidFen = yuanToFen(orig.amount) ?? 0n;
  const refundedFen = yuanToFen(orig.refundedAmount) ?? 0n;
  const inFlightFen = sumFen(refunds.filter((r) => r.origOrderId === orig.orderId && IN_FLIGHT.includes(r.status)));
  const left = paidFen - refundedFen - inFlightFen;
  return { paidFen, refundedFen, inFlightFen, refundableFen: left > 0n ? left : 0n };
}

/** Only a succeeded single payment to an account of this platform can be refunded (the server's rule). */
export function isRefundableKind(o: Pick<PayOrderView, 'kind' | 'status' | 'payeeAcctNo'>): boolean {
  return o.kind === 'single' && o.status === 'succeeded' && !!o.payeeAcctNo;
}

/** The refund amount against the headroom (null: not known yet): the §5 amount message, or the server's exceeded message. */
export function refundAmountError(amount: string | undefined, refundableFen: bigint | null): string | null {
  const fen = parseYuan(amount ?? '');
  if (fen === null) return V.amount;
  return refundableFen !== null && fen > refundableFen ? PAY_MSG.refundExceeded(formatFen(refundableFen)) : null;
}

/** The invoice amount against what the customer may still invoice (paid − invoiced). */
export function invoiceAmountError(amount: string | undefined, invoiceable: string | null): string | null {
  const fen = parseYuan(amount ?? '');
  if (fen === null) return V.amount;
  const left = yuanToFen(invoiceable);
  return left !== null && fen > left ? PAY_MSG.invoiceExceeded(formatFen(left)) : null;
}

/** A debit (调减) reserves the amount at submit: it cannot exceed the account's available balance. */
export function adjustAmountError(direction: AdjustDirection | undefined, amount: string | undefined, available: string | null | undefined): string | null {
  const fen = parseYuan(amount ?? '');
  if (fen === null) return V.amount;
  if (direction !== 'debit') return null;
  const avail = yuanToFen(available);
  return avail !== null && fen > avail ? LEDGER_MSG.insufficient : null;
}

/** A form rule's verdict from a check's message (antd and antd-mobile share the form engine). */
export const verdict = (message: string | null): Promise<void> => (message ? Promise.reject(new Error(message)) : Promise.resolve());

/** 'BS12345678901234567' → 'BS 1234 5678 9012 3456 78' for reading aloud and comparing. */
export function groupAccountNo(no: string): string {
  if (!no.startsWith(ACCOUNT_NO_PREFIX)) return no;
  const digits = no.slice(ACCOUNT_NO_PREFIX.length).replace(/(\d{4})(?=\d)/g, '$1 ');
  return `${ACCOUNT_NO_PREFIX} ${digits}`;
}

/** The check-digit verdict shown beside a generated number. */
export function accountNoCheckText(no: string): string {
  return isValidAccountNo(no) ? '校验位正确（MOD 97-10）' : '校验位错误';
}
