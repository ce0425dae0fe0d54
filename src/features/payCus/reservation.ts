// What a payment reserves, shown for review before 单笔付款 or 批量付款 submits (issue 14 §3): the
// count, the total in yuan with thousands separators, the payer account and what stays available on
// it once the total is held. Shared by the desktop modal and the phone dialog (ReservationReview).
import type { FeeTxType } from '@contract/api/fee';
import type { AccountView } from '@contract/api/ledger';
import { fenText, yuanToFen } from '@contract/money';
import { quoteFees } from '@/api/fees';

export interface Reservation {
  count: number;
  totalFen: bigint;
  payer: AccountView | undefined;
  /** The payer's fallback label when its account is not loaded (never in practice: it was picked from the list). */
  fromAcctNo: string;
  /** Issue 18: the fee the server prices now (paid on top, reserved with the amount); null when it could not be asked. */
  fee?: { totalFen: bigint; ruleText: string } | null;
}

/** The reservation with the fee the server would charge on these amounts now (the server prices it again at submit). */
export async function withFee(r: Reservation, txType: FeeTxType, amounts: string[]): Promise<Reservation> {
  try {
    const q = await quoteFees(r.fromAcctNo, txType, amounts);
    return { ...r, fee: { totalFen: yuanToFen(q.total) ?? 0n, ruleText: q.ruleText } };
  } catch {
    return { ...r, fee: null };
  }
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
  const feeFen = r.fee?.totalFen ?? 0n;
  const after = available === null ? null : available - r.totalFen - feeFen;
  const lines: ReservationLine[] = [
    { label: '付款笔数', value: `${r.count} 笔` },
    { label: '付款总额', value: fenText(r.totalFen) },
  ];
  if (r.fee !== undefined)
    lines.push(
      { label: '手续费', value: r.fee ? `${fenText(r.fee.totalFen)}（${r.fee.ruleText}）` : '以提交结果为准' },
      { label: '扣款合计', value: fenText(r.totalFen + feeFen) },
      { label: '到账金额', value: fenText(r.totalFen) },
    );
  lines.push({ label: '付款账户', value: r.payer ? `${r.payer.acctNo}（${r.payer.acctName || r.payer.acctTypeText}）` : r.fromAcctNo });
  if (available !== null) lines.push({ label: '当前可用余额', value: fenText(available) });
  if (after !== null)
    lines.push({ label: '预留后可用余额', value: after < 0n ? `${fenText(after)}（${RESERVATION_SHORT}）` : fenText(after), warn: after < 0n });
  return lines;
}
