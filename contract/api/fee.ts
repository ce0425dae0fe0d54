// Fees (服务费配置, the fee modals) and standing split rules (分账配置) of issue 18 §1-§2, in the
// business envelope of §7. Amounts travel as yuan strings, rates as percent strings (≤ 4 decimals).
//
// FEE RULES
// - A rule prices one transaction type (payment, batch-payment row, withdrawal, transfer, top-up,
//   refund) for one product ('*': every product) at one level: the platform default, a provider
//   (overrides the platform for that provider's customers) or a customer (overrides both).
// - Methods: fixed (fixedFee), percent (rate, optional minFee / maxFee), tiered (by the amount: the
//   first tier whose upTo ≥ amount prices the WHOLE amount with its fixedFee + rate; the last tier
//   has no upTo; rule-level minFee / maxFee clamp the result). See computeFee.
// - ROUNDING (stated once, here): amount × rate is rounded half up to the fen (roundHalfUp), then the
//   fixed part is added and min / max applied. A batch's fee is the sum of its rows' fees, each row
//   priced on its own (so Σ row fees = batch fee by construction, never a fee of the total).
// - Versioned: a change is a new version of the rule with its effective time; nothing is rewritten.
//   Four eyes: a version is pending until another user approves it (the maker never can: 403
//   '不能审批自己提交的规则'); it takes effect at max(its effective time, the approval).
// - Who pays: outgoing transactions (payment, batch row, withdrawal, transfer, refund) pay the fee ON
//   TOP of the amount from the debited account (reserved with it, in the same ledger entry, to the
//   platform's fee income account); a top-up's fee is deducted from what is credited (到账 = amount − fee).
// - Refund of fees: a refund of R out of the paid P returns the original fee F in proportion, with
//   cumulative rounding: back = round(F × (R_before + R) / P) − round(F × R_before / P). So refunds in
//   any number of parts never return more than F and a full refund returns exactly F.
//
// SPLIT RULES (standing, per customer)
// - Every amount arriving on the rule's source account (top-ups and received payments) is split at
//   once: receivers by ratio (percent of the amount, floored to the fen) or fixed amounts (served in
//   order while the amount lasts); what is left, rounding dust included, goes to the remainder
//   account, so Σ = amount. The allocation is the one-off distribution's (contract/api/merchant.ts).
// - Versioned and four-eyes like fee rules; every split entry records the rule version that made it.
//
// The wire constants are in feeWire.ts, the pricing and split allocation in feePricing.ts; both are
// re-exported here, with the request bodies and answer shapes.
import { z } from 'zod';
import { idempotencyKey } from './ledger';

import {
  FEE_METHODS,
  FEE_MSG,
  FEE_SCOPES,
  FEE_TX_TYPES,
  MAX_TIERS,
  RULE_STATUSES,
  type FeeMethod,
  type FeeScope,
  type FeeTxType,
  type RuleStatus,
} from './feeWire';
import { feeDefInput, type SplitReceiverInput } from './feePricing';

export * from './feeWire';
export * from './feePricing';
// ---- request bodies ----
const envelope = { context: z.record(z.string(), z.unknown()).optional() };
const page = z.object({ pageSize: z.number().int().min(1).max(200), pageNum: z.number().int().min(1).max(100_000) }).optional();
const ruleId = z.string({ error: FEE_MSG.ruleNotFound }).trim().min(1, FEE_MSG.ruleNotFound).max(64, FEE_MSG.ruleNotFound);
const cusCode = z.string({ error: FEE_MSG.cusNotFound }).trim().min(1, FEE_MSG.cusNotFound).max(50, FEE_MSG.cusNotFound);
const optStr = (max: number, message: string) => z.string({ error: message }).trim().max(max, message).optional();
const effectiveFrom = z
  .string({ error: FEE_MSG.effectiveFrom })
  .trim()
  .max(40, FEE_MSG.effectiveFrom)
  .refine((s) => s === '' || !Number.isNaN(Date.parse(s)), FEE_MSG.effectiveFrom)
  .optional();
const reason = z.string({ error: FEE_MSG.rejectReason }).trim().min(1, FEE_MSG.rejectReason).max(200, FEE_MSG.rejectReason);
const month = z
  .string({ error: FEE_MSG.month })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, FEE_MSG.month);

const tier = z.object({ upTo: optStr(20, FEE_MSG.tierUpTo), fixedFee: optStr(20, FEE_MSG.fixedFee), rate: optStr(12, FEE_MSG.rate) });
export const feeRuleProposeBody = z.object({
  ...envelope,
  scope: z.enum(FEE_SCOPES, { error: FEE_MSG.scope }),
  scopeRef: optStr(50, FEE_MSG.scopeRef),
  product: optStr(40, FEE_MSG.product),
  txType: z.enum(FEE_TX_TYPES, { error: FEE_MSG.txType }),
  method: z.enum(FEE_METHODS, { error: FEE_MSG.method }),
  fixedFee: optStr(20, FEE_MSG.fixedFee),
  rate: optStr(12, FEE_MSG.rate),
  minFee: optStr(20, FEE_MSG.fixedFee),
  maxFee: optStr(20, FEE_MSG.fixedFee),
  tiers: z.array(tier, { error: FEE_MSG.tiers }).max(MAX_TIERS, FEE_MSG.tiers).optional(),
  effectiveFrom,
  remark: optStr(200, FEE_MSG.remark),
});
export type FeeRulePropose = z.output<typeof feeRuleProposeBody>;
export const feeRuleInquiryBody = z.object({
  ...envelope,
  scope: z.enum(FEE_SCOPES, { error: FEE_MSG.scope }).optional(),
  scopeRef: optStr(50, FEE_MSG.scopeRef),
  txType: z.enum(FEE_TX_TYPES, { error: FEE_MSG.txType }).optional(),
  status: z.enum(RULE_STATUSES, { error: '状态不正确' }).optional(),
  page,
});
export const ruleDecideBody = z.object({ ...envelope, ruleId });
export const ruleRejectBody = z.object({ ...envelope, ruleId, reason });
export const feeQuoteBody = z.object({
  ...envelope,
  acctNo: z.string({ error: FEE_MSG.splitAccount }).trim().min(1, FEE_MSG.splitAccount).max(40, FEE_MSG.splitAccount),
  txType: z.enum(FEE_TX_TYPES, { error: FEE_MSG.txType }),
  amounts: z
    .array(z.string({ error: '请输入正确的金额' }).max(20, '请输入正确的金额'), { error: '请输入正确的金额' })
    .min(1, '请输入正确的金额')
    .max(10_000, '请输入正确的金额'),
});
export const feeIncomeBody = z.object({ ...envelope, month: month.optional(), cusCode: cusCode.optional(), page });
export const feeInvoiceBody = z.object({
  ...envelope,
  cusCode,
  month,
  title: z.string({ error: '请输入发票抬头' }).trim().min(1, '请输入发票抬头').max(100, '请输入发票抬头'),
  taxNo: z.string().trim().max(30, '税号最多30个字符').default(''),
  idempotencyKey,
});

const receiver = z.object({
  acctNo: z.string({ error: FEE_MSG.splitAccount }).trim().min(1, FEE_MSG.splitAccount).max(40, FEE_MSG.splitAccount),
  ratio: optStr(8, '分账比例为0到100之间的百分数，最多2位小数'),
  amount: optStr(20, '请输入正确的金额'),
});
export const splitRuleProposeBody = z.object({
  ...envelope,
  cusCode,
  sourceAcctNo: z.string({ error: FEE_MSG.splitSource }).trim().min(1, FEE_MSG.splitSource).max(40, FEE_MSG.splitSource),
  enabled: z.boolean({ error: '请选择是否启用' }).default(true),
  mode: z.enum(['ratio', 'fixed'], { error: FEE_MSG.splitMode }),
  receivers: z.array(receiver, { error: FEE_MSG.splitReceivers }).max(20, FEE_MSG.splitReceivers).default([]),
  remainderAcctNo: z.string({ error: '请填写余额接收账户' }).trim().min(1, '请填写余额接收账户').max(40, '请填写余额接收账户'),
  effectiveFrom,
  remark: optStr(200, FEE_MSG.remark),
});
export type SplitRulePropose = z.output<typeof splitRuleProposeBody>;
export const splitRuleInquiryBody = z.object({
  ...envelope,
  cusCode: cusCode.optional(),
  status: z.enum(RULE_STATUSES, { error: '状态不正确' }).optional(),
  page,
});
export const splitEntryInquiryBody = z.object({ ...envelope, cusCode: cusCode.optional(), ruleId: ruleId.optional(), page });

// ---- answers ----
/** What every rule version shows of its life: effective time, four-eyes state, maker and checker. */
export interface RuleVersionFields {
  effectiveFrom: string;
  status: RuleStatus;
  statusText: string;
  remark: string;
  makerId: string;
  makerName: string;
  approverName: string | null;
  rejectReason: string | null;
  createdAt: string;
  decidedAt: string | null;
  /** The viewer may approve or reject it (pending, not theirs, holds the permission). */
  canDecide: boolean;
}
export interface FeeRuleView extends RuleVersionFields {
  ruleId: string;
  scope: FeeScope;
  scopeText: string;
  scopeRef: string;
  scopeName: string;
  product: string;
  txType: FeeTxType;
  txTypeText: string;
  version: number;
  method: FeeMethod;
  methodText: string;
  def: ReturnType<typeof feeDefInput>;
  text: string;
}
export interface FeeQuoteView {
  fees: string[];
  total: string;
  /** The rule version that priced them (null: no rule, no fee). */
  ruleId: string | null;
  ruleText: string;
}
export interface FeeIncomeRow {
  month: string;
  cusCode: string;
  cusName: string;
  count: number;
  /** Fees charged, fees returned by refunds or failures, and their difference. */
  charged: string;
  returned: string;
  net: string;
}
export interface SplitRuleView extends RuleVersionFields {
  ruleId: string;
  cusCode: string;
  cusName: string;
  version: number;
  enabled: boolean;
  sourceAcctNo: string;
  mode: 'ratio' | 'fixed';
  modeText: string;
  receivers: SplitReceiverInput[];
  remainderAcctNo: string;
  text: string;
}
export interface SplitEntryView {
  entryId: string;
  entryNo: string;
  ruleId: string;
  ruleVersion: number;
  cusCode: string;
  sourceAcctNo: string;
  sourceKind: string;
  amount: string;
  lines: { acctNo: string; amount: string; remainder: boolean }[];
  createdAt: string;
}
