// merchantPlatform (issue 4 §2): the customer list behind 客户管理, and the distribution split that
// the 分账申请 preview and the server's order preparation share. The split is pure: ratio shares are
// floored to the fen and what the floors leave goes to the named remainder account, so the splits
// always sum to the amount exactly. Fixed amounts must sum to the amount. Messages are PAY_MSG's.
import type { ResourceFields } from '../listQuery';
import { parseYuan } from '../money';
import { firstIssue, V } from '../validation';
import { distributionPayload, PAY_MSG, RATIO_RX } from './pay';
import type { CustomerStatus, CustomerType } from './ledger';

export const MERCHANT_PATHS = {
  /** GET with the list kit's parameters (pageNo, pageSize, column, order, filters, superQueryParams) → PageResult,
   *  in the list envelope like every list-kit resource (the /cap family is the business envelope). */
  customerList: '/merchantPlatform/customer/list',
} as const;

export const CUSTOMER_STATUS_TEXT: Record<CustomerStatus, string> = { enabled: '启用', disabled: '停用' };

/** What the customer list may be filtered and sorted by. */
export const CUSTOMER_LIST_FIELDS: ResourceFields = {
  fields: { cusCode: 'string', cusName: 'string', cusType: 'string', status: 'string', createTime: 'datetime' },
  defaultSort: { field: 'cusCode', dir: 'asc' },
};

export interface CustomerListRow {
  id: string;
  cusCode: string;
  cusName: string;
  cusType: CustomerType;
  status: CustomerStatus;
  /** Open (not closed) accounts of the customer. */
  acctCount: number;
  /** 'YYYY-MM-DD HH:mm:ss'. */
  createTime: string;
}

export type DistributionMode = 'ratio' | 'fixed';
export interface DistributionReceiver {
  acctNo: string;
  ratio?: string;
  amount?: string;
}
export interface SplitLine {
  acctNo: string;
  amountFen: bigint;
  /** Basis points of the ratio (3333 = 33.33%); null in fixed mode and on a remainder-only line. */
  ratioBp: number | null;
  /** This line took the rounding remainder. */
  remainder: boolean;
}
export type SplitOutcome = { ok: true; splits: SplitLine[]; remainderFen: bigint } | { ok: false; message: string };

/** Splits `amountFen` among the receivers (see the file's head); the first broken rule's message otherwise. */
export function splitDistribution(amountFen: bigint, mode: DistributionMode, receivers: DistributionReceiver[], remainderAcctNo?: string): SplitOutcome {
  const fail = (message: string): SplitOutcome => ({ ok: false, message });
  const seen = new Set<string>();
  for (const r of receivers) {
    if (seen.has(r.acctNo)) return fail(PAY_MSG.distDuplicate);
    seen.add(r.acctNo);
  }
  const out: SplitLine[] = [];
  if (mode === 'fixed') {
    let sum = 0n;
    for (const r of receivers) {
      const f = parseYuan(r.amount);
      if (f === null) return fail(`第${out.length + 1}个接收方：${V.amount}`);
      sum += f;
      out.push({ acctNo: r.acctNo, amountFen: f, ratioBp: null, remainder: false });
    }
    return sum === amountFen ? { ok: true, splits: out, remainderFen: 0n } : fail(PAY_MSG.distFixedSum);
  }
  if (!remainderAcctNo) return fail(PAY_MSG.distRemainder);
  let bpSum = 0;
  let given = 0n;
  for (const r of receivers) {
    if (!r.ratio || !RATIO_RX.test(r.ratio)) return fail(PAY_MSG.distRatio);
    const bp = Math.round(Number(r.ratio) * 100);
    if (bp <= 0) return fail(PAY_MSG.distRatio);
    bpSum += bp;
    const share = (amountFen * BigInt(bp)) / 10_000n;
    given += share;
    out.push({ acctNo: r.acctNo, amountFen: share, ratioBp: bp, remainder: false });
  }
  if (bpSum !== 10_000) return fail(PAY_MSG.distRatioSum);
  const rest = amountFen - given;
  const target = out.find((s) => s.acctNo === remainderAcctNo);
  if (target) {
    target.amountFen += rest;
    target.remainder = rest > 0n;
  } else if (rest > 0n) {
    out.push({ acctNo: remainderAcctNo, amountFen: rest, ratioBp: null, remainder: true });
  }
  return { ok: true, splits: out, remainderFen: rest };
}

/**
 * The whole 分账申请 as the server checks it before it looks up any account: the payload schema,
 * the split, and the payer not being a receiver. Answers the splits or the first message.
 */
export function checkDistribution(raw: unknown): SplitOutcome {
  const parsed = distributionPayload.safeParse(raw);
  if (!parsed.success) return { ok: false, message: firstIssue(parsed.error) };
  const v = parsed.data;
  const split = splitDistribution(parseYuan(v.amount)!, v.mode, v.receivers, v.remainderAcctNo || undefined);
  if (!split.ok) return split;
  if (split.splits.some((s) => s.acctNo === v.fromAcctNo) || v.remainderAcctNo === v.fromAcctNo) return { ok: false, message: PAY_MSG.payeeSelf };
  return split;
}
