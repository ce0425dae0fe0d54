// A ledger operation whose fee is paid on top (issue 18 §1: transfers and withdrawals): the payer's
// debit grows by the fee and the platform's fee income account takes it, in the operation's own
// entry (a captured hold covers both); the charge is then recorded against that entry.
import type { FeeTxType } from '../../../contract/api/fee';
import type { PostInput } from '../ledger/posting';
import type { SqlConn } from '../ledger/store';
import { recordFee } from './engine';

export interface OnTopFee {
  feeFen: bigint;
  ruleId: string | null;
  cusCode: string | null;
}

/** `input` (its first line the payer's debit) with `feeFen` on top, to `feeIncomeAcctNo`; unchanged when there is no fee. */
export function withFeeOnTop(input: PostInput, feeFen: bigint, feeIncomeAcctNo: string): PostInput {
  if (!feeFen) return input;
  const [debit, ...rest] = input.lines;
  const hold = input.hold && input.hold.op === 'capture' ? { ...input.hold, amountFen: input.hold.amountFen + feeFen } : input.hold;
  return { ...input, lines: [{ ...debit, amountFen: debit.amountFen - feeFen }, ...rest, { accountNo: feeIncomeAcctNo, amountFen: feeFen }], hold };
}

/** Records the fee the entry charged (nothing when there was none). */
export function recordOnTopFee(c: SqlConn, tenantId: string, txType: FeeTxType, fee: OnTopFee, entryId: string, baseFen: bigint): Promise<void> {
  return recordFee(c, { tenantId, cusCode: fee.cusCode, txType, ruleId: fee.ruleId, entryId, ref: entryId, baseFen, feeFen: fee.feeFen });
}
