// What a payment reserves, shown for review before 单笔付款 or 批量付款 submits (issue 14 §3): the
// count, the total in yuan with thousands separators, the payer account and what stays available on
// it once the total is held. Shared by the desktop modal and the phone dialog (ReservationReview).
import type { AccountView } from '@contract/api/ledger';
import { fenText, yuanToFen } from '@contract/money';

export interface Reservation {
  count: number;
  totalFen: bigint;
  payer: AccountView | undefined;
  /** The payer's fallback label when its account is not loaded (never in practice: it was picked from the list). */
  fromAcctNo: string;
}

export interface ReservationLine {
  label: string;
  value: string;
  /** The balance after would go below zero: the server will refuse, say so now. */
  warn?: boolean;
}

export const RESERVATION_TITLE = '确认付款';
export const RESERVATION_OK = '确认提交';
export const RESERVATION_SHORT = '可用余额不足';

/** The lines of the review, in the order a clerk checks them. */
export function reservationLines(r: Reservation): ReservationLine[] {
  const available = r.payer ? yuanToFen(r.payer.available) : null;
  const after = available === null ? null : available - r.totalFen;
  const lines: ReservationLine[] = [
    { label: '付款笔数', value: `${r.count} 笔` },
    { label: '付款总额', value: fenText(r.totalFen) },
    { label: '付款账户', value: r.payer ? `${r.payer.acctNo}（${r.payer.acctName || r.payer.acctTypeText}）` : r.fromAcctNo },
  ];
  if (available !== null) lines.push({ label: '当前可用余额', value: fenText(available) });
  if (after !== null)
    lines.push({ label: '预留后可用余额', value: after < 0n ? `${fenText(after)}（${RESERVATION_SHORT}）` : fenText(after), warn: after < 0n });
  return lines;
}
