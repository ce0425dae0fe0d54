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
import { z } from 'zod';
import { formatFen, parseYuan } from '../money';
import { splitDistribution } from './merchant';
import { idempotencyKey } from './ledger';

export const FEE_PATHS = {
  ruleInquiry: '/cap/fee/v1/FeeRuleInquiry',
  rulePropose: '/cap/fee/v1/FeeRulePropose',
  ruleApprove: '/cap/fee/v1/FeeRuleApprove',
  ruleReject: '/cap/fee/v1/FeeRuleReject',
  quote: '/cap/fee/v1/FeeQuote',
  income: '/cap/fee/v1/FeeIncomeInquiry',
  invoice: '/cap/fee/v1/FeeInvoiceApply',
  splitInquiry: '/cap/fee/v1/SplitRuleInquiry',
  splitPropose: '/cap/fee/v1/SplitRulePropose',
  splitApprove: '/cap/fee/v1/SplitRuleApprove',
  splitReject: '/cap/fee/v1/SplitRuleReject',
  splitEntries: '/cap/fee/v1/SplitEntryInquiry',
} as const;

export const FEE_PERMS = {
  view: 'fee:rule:view',
  edit: 'fee:rule:edit',
  approve: 'fee:rule:approve',
  income: 'fee:income:view',
  invoice: 'fee:income:invoice',
  splitView: 'fee:split:view',
  splitEdit: 'fee:split:edit',
  splitApprove: 'fee:split:approve',
} as const;

/** Live kinds (socket notices of migration 0050's triggers). */
export const FEE_RULE_LIVE = 'feeRule';
export const SPLIT_RULE_LIVE = 'splitRule';

export const FEE_TX_TYPES = ['payment', 'batchRow', 'withdraw', 'transfer', 'topup', 'refund'] as const;
export type FeeTxType = (typeof FEE_TX_TYPES)[number];
export const FEE_TX_TEXT: Record<FeeTxType, string> = {
  payment: '付款',
  batchRow: '批量付款（每笔）',
  withdraw: '提现',
  transfer: '转账',
  topup: '充值',
  refund: '退款',
};
export const FEE_SCOPES = ['platform', 'provider', 'customer'] as const;
export type FeeScope = (typeof FEE_SCOPES)[number];
export const FEE_SCOPE_TEXT: Record<FeeScope, string> = { platform: '平台默认', provider: '支付机构', customer: '客户' };
export const FEE_METHODS = ['fixed', 'percent', 'tiered'] as const;
export type FeeMethod = (typeof FEE_METHODS)[number];
export const FEE_METHOD_TEXT: Record<FeeMethod, string> = { fixed: '固定金额', percent: '按比例', tiered: '阶梯' };
export const RULE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];
export const RULE_STATUS_TEXT: Record<RuleStatus, string> = { pending: '待审批', approved: '已生效', rejected: '已驳回' };
/** Every product of a scope. */
export const ANY_PRODUCT = '*';
export const MAX_TIERS = 10;

export const FEE_MSG = {
  scope: '请选择适用范围',
  scopeRef: '请选择客户或支付机构',
  provider: '支付机构不存在',
  product: '产品不存在',
  txType: '请选择交易类型',
  method: '请选择计费方式',
  fixedFee: '请输入正确的固定手续费',
  rate: '费率为0到100之间的百分数，最多4位小数',
  minMax: '最低手续费不能大于最高手续费',
  tiers: `请填写1到${MAX_TIERS}档阶梯`,
  tierUpTo: '阶梯上限须逐档递增，最后一档不填上限',
  tierPrice: '每档须填写固定手续费或费率',
  effectiveFrom: '请输入正确的生效时间',
  ruleNotFound: '规则不存在',
  selfApprove: '不能审批自己提交的规则',
  notPending: '该规则已被处理',
  rejectReason: '请输入驳回原因',
  remark: '备注最多200个字符',
  month: '请输入正确的月份（YYYY-MM）',
  noIncome: '该客户当月没有手续费收入',
  invoiceExists: '该客户当月的手续费发票已申请',
  splitMode: '请选择分账方式',
  splitReceivers: '请填写1到20个分账接收方',
  splitRatioSum: '分账比例合计不能超过100%',
  splitSource: '来源账户须为该客户的账户',
  splitSelf: '接收方不能是来源账户',
  splitAccount: '分账账户不存在',
  cusNotFound: '客户不存在',
} as const;

// ---- the pricing (pure; the server charges with it, the fee modal previews with it) ----

export interface FeeTier {
  /** Inclusive upper bound in fen; null on the last tier. */
  upToFen: bigint | null;
  fixedFen: bigint;
  /** Parts per million of the amount (0.38% = 3800). */
  ratePpm: number;
}
export interface FeeDef {
  method: FeeMethod;
  fixedFen: bigint;
  ratePpm: number;
  minFen: bigint | null;
  maxFen: bigint | null;
  tiers: FeeTier[];
}

/** The one rounding of fees: n / d rounded half up (n ≥ 0, d > 0). */
export function roundHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** The fee of `amountFen` under `def` (see the file's head). Never negative. */
export function computeFee(def: FeeDef, amountFen: bigint): bigint {
  let fixed = 0n;
  let ppm = 0;
  if (def.method === 'fixed') fixed = def.fixedFen;
  else if (def.method === 'percent') ppm = def.ratePpm;
  else {
    const tier = def.tiers.find((t) => t.upToFen === null || amountFen <= t.upToFen) ?? def.tiers[def.tiers.length - 1];
    fixed = tier.fixedFen;
    ppm = tier.ratePpm;
  }
  let fee = fixed + roundHalfUp(amountFen * BigInt(ppm), 1_000_000n);
  if (def.method !== 'fixed') {
    if (def.minFen !== null && fee < def.minFen) fee = def.minFen;
    if (def.maxFen !== null && fee > def.maxFen) fee = def.maxFen;
  }
  return fee < 0n ? 0n : fee;
}

/** The part of `feeFen` a refund returns (cumulative proportional rounding, see the head). */
export function feeRefundPart(feeFen: bigint, paidFen: bigint, refundedBeforeFen: bigint, refundFen: bigint): bigint {
  if (paidFen <= 0n || feeFen <= 0n) return 0n;
  const upto = (r: bigint) => roundHalfUp(feeFen * (r > paidFen ? paidFen : r), paidFen);
  return upto(refundedBeforeFen + refundFen) - upto(refundedBeforeFen);
}

/** Percent text ('0.38') → ppm (3800); null when not 0-100 with ≤ 4 decimals. */
export function parseRate(input: unknown): number | null {
  if (typeof input !== 'string') return null;
  const s = input.trim();
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(s)) return null;
  const [i, f = ''] = s.split('.');
  const ppm = Number(i) * 10_000 + Number(f.padEnd(4, '0'));
  return ppm > 1_000_000 ? null : ppm;
}
/** ppm → percent text ('0.38'). */
export function rateText(ppm: number): string {
  const whole = Math.floor(ppm / 10_000);
  const frac = String(ppm % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}
/** A fee in yuan: '' → null, '0' / '0.00' → 0, else parseYuan. */
function feeYuan(input: unknown): bigint | null | 'bad' {
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) return null;
  if (typeof input === 'string' && /^0(\.0{1,2})?$/.test(input.trim())) return 0n;
  return parseYuan(input) ?? 'bad';
}

export interface FeeTierInput {
  upTo?: string;
  fixedFee?: string;
  rate?: string;
}
export interface FeeDefInput {
  method?: string;
  fixedFee?: string;
  rate?: string;
  minFee?: string;
  maxFee?: string;
  tiers?: FeeTierInput[];
}

/** The wire form of a rule's pricing → FeeDef, or the first broken rule's message. */
export function parseFeeDef(v: FeeDefInput): { ok: true; def: FeeDef } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message });
  if (!FEE_METHODS.includes(v.method as FeeMethod)) return fail(FEE_MSG.method);
  const method = v.method as FeeMethod;
  const def: FeeDef = { method, fixedFen: 0n, ratePpm: 0, minFen: null, maxFen: null, tiers: [] };
  if (method === 'fixed') {
    const f = feeYuan(v.fixedFee);
    if (f === null || f === 'bad') return fail(FEE_MSG.fixedFee);
    def.fixedFen = f;
    return { ok: true, def };
  }
  const min = feeYuan(v.minFee);
  const max = feeYuan(v.maxFee);
  if (min === 'bad' || max === 'bad') return fail(FEE_MSG.fixedFee);
  if (min !== null && max !== null && min > max) return fail(FEE_MSG.minMax);
  def.minFen = min;
  def.maxFen = max;
  if (method === 'percent') {
    const r = parseRate(v.rate);
    if (r === null) return fail(FEE_MSG.rate);
    def.ratePpm = r;
    return { ok: true, def };
  }
  const tiers = v.tiers ?? [];
  if (!Array.isArray(tiers) || tiers.length < 1 || tiers.length > MAX_TIERS) return fail(FEE_MSG.tiers);
  let last = 0n;
  for (let i = 0; i < tiers.length; i++) {
    const t = tiers[i] ?? {};
    const isLast = i === tiers.length - 1;
    const upText = typeof t.upTo === 'string' ? t.upTo.trim() : '';
    let upToFen: bigint | null = null;
    if (isLast) {
      if (upText) return fail(FEE_MSG.tierUpTo);
    } else {
      const u = parseYuan(upText);
      if (u === null || u <= last) return fail(FEE_MSG.tierUpTo);
      upToFen = last = u;
    }
    const f = feeYuan(t.fixedFee);
    if (f === 'bad') return fail(FEE_MSG.fixedFee);
    const rateGiven = typeof t.rate === 'string' && t.rate.trim() !== '';
    const r = rateGiven ? parseRate(t.rate) : 0;
    if (r === null) return fail(FEE_MSG.rate);
    if (f === null && !rateGiven) return fail(FEE_MSG.tierPrice);
    def.tiers.push({ upToFen, fixedFen: f ?? 0n, ratePpm: r });
  }
  return { ok: true, def };
}

/** FeeDef → its wire form (what the list and the modal show). */
export function feeDefInput(d: FeeDef): Required<Omit<FeeDefInput, 'tiers'>> & { tiers: Required<FeeTierInput>[] } {
  const y = (f: bigint | null) => (f === null ? '' : formatFen(f));
  return {
    method: d.method,
    fixedFee: d.method === 'fixed' ? formatFen(d.fixedFen) : '',
    rate: d.method === 'percent' ? rateText(d.ratePpm) : '',
    minFee: y(d.minFen),
    maxFee: y(d.maxFen),
    tiers: d.tiers.map((t) => ({ upTo: y(t.upToFen), fixedFee: formatFen(t.fixedFen), rate: rateText(t.ratePpm) })),
  };
}

/** One line a person reads: '0.38%，最低1.00元，最高50.00元'. */
export function feeDefText(d: FeeDef): string {
  const mm = `${d.minFen !== null ? `，最低${formatFen(d.minFen)}元` : ''}${d.maxFen !== null ? `，最高${formatFen(d.maxFen)}元` : ''}`;
  if (d.method === 'fixed') return `每笔${formatFen(d.fixedFen)}元`;
  if (d.method === 'percent') return `${rateText(d.ratePpm)}%${mm}`;
  const price = (t: FeeTier) =>
    [t.fixedFen > 0n ? `${formatFen(t.fixedFen)}元` : '', t.ratePpm > 0 ? `${rateText(t.ratePpm)}%` : ''].filter(Boolean).join('+') || '0元';
  return (
    d.tiers
      .map((t, i) => `${t.upToFen === null ? `${i ? formatFen(d.tiers[i - 1].upToFen!) : '0'}元以上` : `≤${formatFen(t.upToFen)}元`}：${price(t)}`)
      .join('；') + mm
  );
}

// ---- standing split allocation ----

export interface SplitReceiverInput {
  acctNo: string;
  ratio?: string;
  amount?: string;
}
export interface StandingSplitLine {
  acctNo: string;
  amountFen: bigint;
  remainder: boolean;
}

/**
 * The split of one incoming `amountFen` under a standing rule: receivers by ratio (their shares
 * floored, the rest — unassigned percent and rounding dust — to the remainder account) or by fixed
 * amounts (served in order while the amount lasts, the rest to the remainder account). Built on the
 * one-off distribution's allocation (splitDistribution), so Σ lines = amountFen exactly.
 */
export function standingSplit(
  amountFen: bigint,
  mode: 'ratio' | 'fixed',
  receivers: SplitReceiverInput[],
  remainderAcctNo: string,
): { ok: true; lines: StandingSplitLine[] } | { ok: false; message: string } {
  if (amountFen <= 0n) return { ok: true, lines: [] };
  let r;
  if (mode === 'ratio') {
    const bp = receivers.reduce((s, x) => s + Math.round(Number(x.ratio ?? 0) * 100), 0);
    if (bp > 10_000) return { ok: false, message: FEE_MSG.splitRatioSum };
    const rest = 10_000 - bp;
    const list = receivers.map((x) => ({ acctNo: x.acctNo, ratio: x.ratio }));
    const own = list.find((x) => x.acctNo === remainderAcctNo);
    if (rest > 0 && own) own.ratio = ((Math.round(Number(own.ratio) * 100) + rest) / 100).toFixed(2);
    else if (rest > 0) list.push({ acctNo: remainderAcctNo, ratio: (rest / 100).toFixed(2) });
    r = splitDistribution(amountFen, 'ratio', list, remainderAcctNo);
  } else {
    let left = amountFen;
    const list: { acctNo: string; amount: string }[] = [];
    for (const x of receivers) {
      const want = parseYuan(x.amount);
      if (want === null) return { ok: false, message: FEE_MSG.splitReceivers };
      const give = want < left ? want : left;
      if (give > 0n) list.push({ acctNo: x.acctNo, amount: formatFen(give) });
      left -= give;
    }
    if (left > 0n) {
      const own = list.find((x) => x.acctNo === remainderAcctNo);
      if (own) own.amount = formatFen(parseYuan(own.amount)! + left);
      else list.push({ acctNo: remainderAcctNo, amount: formatFen(left) });
    }
    r = splitDistribution(amountFen, 'fixed', list);
  }
  if (!r.ok) return r;
  return {
    ok: true,
    lines: r.splits.filter((s) => s.amountFen > 0n).map((s) => ({ acctNo: s.acctNo, amountFen: s.amountFen, remainder: s.acctNo === remainderAcctNo })),
  };
}

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
export interface FeeRuleView {
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
export interface SplitRuleView {
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
  canDecide: boolean;
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
