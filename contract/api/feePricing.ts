// The pricing of fees and the standing split allocation (pure: the server charges with it, the fee
// modal previews with it), as the head of fee.ts states the rules; re-exported by fee.ts.
import { formatFen, parseYuan } from '../money';
import { splitDistribution } from './merchant';
import { FEE_METHODS, FEE_MSG, MAX_TIERS, type FeeMethod } from './feeWire';

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
