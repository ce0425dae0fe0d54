// Pricing a transaction (issue 18 §1): which rule version applies, and the fee it gives. Rules and
// rounding: contract/api/fee.ts. Used in the caller's transaction by the pay module (at submit), the
// ledger's account operations (transfer, withdrawal, top-up) and the quote call of the fee modal.
//
// Which rule: the transaction's customer, type and moment (`at`, default now()) and the customer's
// provider and product (its most recently opened innet application, if any). Among the APPROVED
// versions effective at that moment, the most specific level wins — customer + product, customer,
// (for payments and batch rows: the fee schedule signed at opening, cus_fee_configs, a percentage with
// min / max), provider + product, provider, platform + product, platform — and within that level the
// latest effective version. No rule: no fee.
import { computeFee, type FeeDef, type FeeTxType } from '../../../contract/api/fee';
import type { SqlConn } from '../ledger/store';
import type { RuleFlags } from './ruleFlags';

export interface FeeRuleRow {
  id: string;
  tenant_id: string;
  scope: 'platform' | 'provider' | 'customer';
  scope_ref: string;
  product: string;
  tx_type: FeeTxType;
  version: number;
  method: FeeDef['method'];
  fixed_fen: string;
  rate_ppm: number;
  min_fen: string | null;
  max_fen: string | null;
  tiers: { upToFen: string | null; fixedFen: string; ratePpm: number }[] | string;
  effective_from: Date;
  status: 'pending' | 'approved' | 'rejected';
  remark: string;
  maker_id: string;
  maker_name: string;
  approver_id: string | null;
  approver_name: string | null;
  reject_reason: string | null;
  created_at: Date;
  decided_at: Date | null;
}
export const FEE_RULE_COLS = `r.id, r.tenant_id, r.scope, r.scope_ref, r.product, r.tx_type, r.version, r.method, r.fixed_fen::text, r.rate_ppm, r.min_fen::text, r.max_fen::text,
  r.tiers, r.effective_from, r.status, r.remark, r.maker_id, r.maker_name, r.approver_id, r.approver_name, r.reject_reason, r.created_at, r.decided_at`;

export function defOf(r: FeeRuleRow): FeeDef {
  const tiers = typeof r.tiers === 'string' ? (JSON.parse(r.tiers) as Exclude<FeeRuleRow['tiers'], string>) : r.tiers;
  return {
    method: r.method,
    fixedFen: BigInt(r.fixed_fen),
    ratePpm: Number(r.rate_ppm),
    minFen: r.min_fen === null ? null : BigInt(r.min_fen),
    maxFen: r.max_fen === null ? null : BigInt(r.max_fen),
    tiers: tiers.map((t) => ({ upToFen: t.upToFen === null ? null : BigInt(t.upToFen), fixedFen: BigInt(t.fixedFen), ratePpm: Number(t.ratePpm) })),
  };
}

export interface AppliedRule {
  /** The fee rule version (null: the signed opening schedule priced it). */
  ruleId: string | null;
  def: FeeDef;
  label: string;
}

const RULE_SQL = `WITH ctx AS (
    SELECT provider, product FROM cus_innets WHERE tenant_id = $1 AND cus_code = $2 AND status = 'opened' ORDER BY opened_at DESC NULLS LAST, id LIMIT 1)
  SELECT ${FEE_RULE_COLS},
         (CASE r.scope WHEN 'customer' THEN 0 WHEN 'provider' THEN 4 ELSE 6 END + CASE WHEN r.product = '*' THEN 1 ELSE 0 END) AS rank
    FROM fee_rules r
   WHERE r.tenant_id = $1 AND r.tx_type = $3 AND r.status = 'approved' AND r.effective_from <= COALESCE($4::timestamptz, now())
     AND ((r.scope = 'customer' AND r.scope_ref = $2) OR (r.scope = 'provider' AND r.scope_ref = (SELECT provider FROM ctx)) OR r.scope = 'platform')
     AND (r.product = '*' OR r.product = (SELECT product FROM ctx))
   ORDER BY rank, r.effective_from DESC, r.version DESC LIMIT 1`;

const SIGNED_SQL = `SELECT f.version, f.items, i.product FROM cus_innets i
    JOIN cus_fee_configs f ON f.tenant_id = i.tenant_id AND f.cus_code = i.cus_code AND f.provider = i.provider
   WHERE i.tenant_id = $1 AND i.cus_code = $2 AND i.status = 'opened' AND f.created_at <= COALESCE($3::timestamptz, now())
   ORDER BY i.opened_at DESC NULLS LAST, i.id, f.version DESC LIMIT 1`;

/** The rule that prices a transaction of `cusCode` (see the file's head), or null (no fee). */
export async function ruleFor(c: SqlConn, tenantId: string, cusCode: string | null, txType: FeeTxType, at: Date | null = null): Promise<AppliedRule | null> {
  const [r] = await c.query<FeeRuleRow & { rank: number }>(RULE_SQL, [tenantId, cusCode ?? '', txType, at?.toISOString() ?? null]);
  if (r && Number(r.rank) <= 1) return { ruleId: r.id, def: defOf(r), label: `${r.id}` };
  if (cusCode && (txType === 'payment' || txType === 'batchRow')) {
    const [s] = await c.query<{ version: number; items: unknown; product: string }>(SIGNED_SQL, [tenantId, cusCode, at?.toISOString() ?? null]);
    const items = (typeof s?.items === 'string' ? JSON.parse(s.items) : s?.items) as
      { product: string; rateBp: number; minFen: string | null; maxFen: string | null }[] | undefined;
    const item = items?.find((i) => i.product === s!.product);
    if (item)
      return {
        ruleId: null,
        label: `签约费率第${s!.version}版`,
        def: {
          method: 'percent',
          fixedFen: 0n,
          ratePpm: Number(item.rateBp) * 100,
          minFen: item.minFen === null ? null : BigInt(item.minFen),
          maxFen: item.maxFen === null ? null : BigInt(item.maxFen),
          tiers: [],
        },
      };
  }
  return r ? { ruleId: r.id, def: defOf(r), label: r.id } : null;
}

export interface Priced {
  ruleId: string | null;
  fees: bigint[];
  total: bigint;
}

/** Prices each amount on its own (a batch: row by row; Σ row fees is the batch's fee). */
export async function priceIn(
  c: SqlConn,
  tenantId: string,
  cusCode: string | null,
  txType: FeeTxType,
  amounts: bigint[],
  at: Date | null = null,
): Promise<Priced> {
  const rule = await ruleFor(c, tenantId, cusCode, txType, at);
  const fees = amounts.map((a) => (rule ? computeFee(rule.def, a) : 0n));
  return { ruleId: rule?.ruleId ?? null, fees, total: fees.reduce((s, f) => s + f, 0n) };
}

/** Records a fee moved by ledger entry `entryId` (positive: charged; negative: given back). */
export async function recordFee(
  c: SqlConn,
  v: { tenantId: string; cusCode: string | null; txType: FeeTxType; ruleId: string | null; entryId: string; ref: string; baseFen: bigint; feeFen: bigint },
): Promise<void> {
  if (v.feeFen === 0n || !v.cusCode) return;
  await c.query(
    `INSERT INTO fee_charges (tenant_id, cus_code, tx_type, rule_id, entry_id, ref, base_fen, fee_fen) VALUES ($1, $2, $3, $4, $5, $6, $7::bigint, $8::bigint)
     ON CONFLICT (entry_id, ref) DO NOTHING`,
    [v.tenantId, v.cusCode, v.txType, v.ruleId, v.entryId, v.ref, v.baseFen.toString(), v.feeFen.toString()],
  );
}

/** Ledger lines with one account at most once and no zero line (a fee line may meet a payee line on the same account). */
export function netLines<L extends { accountNo: string; amountFen: bigint }>(lines: L[]): L[] {
  const out: L[] = [];
  for (const l of lines) {
    const same = out.find((o) => o.accountNo === l.accountNo);
    if (same) same.amountFen += l.amountFen;
    else out.push({ ...l });
  }
  return out.filter((l) => l.amountFen !== 0n);
}

/** Fee income of the tenant (net of fees given back) in the calendar month containing `at` (Asia/Shanghai), in fen. For the workbench. */
export async function feeIncomeThisMonth(c: SqlConn, tenantId: string, at: Date = new Date(), cusCode: string | null = null): Promise<bigint> {
  const [r] = await c.query<{ n: string }>(
    `SELECT COALESCE(sum(fee_fen), 0)::text AS n FROM fee_charges
      WHERE tenant_id = $1 AND ($3::text IS NULL OR cus_code = $3)
        AND created_at >= (date_trunc('month', $2::timestamptz AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')
        AND created_at < ((date_trunc('month', $2::timestamptz AT TIME ZONE 'Asia/Shanghai') + interval '1 month') AT TIME ZONE 'Asia/Shanghai')`,
    [tenantId, at.toISOString(), cusCode],
  );
  return BigInt(r.n);
}

/** The fee of one amount debited from (or credited to) customer account `accountNo`, and its customer. */
export async function priceAccount(
  c: SqlConn,
  tenantId: string,
  accountNo: string,
  txType: FeeTxType,
  amountFen: bigint,
): Promise<{ feeFen: bigint; ruleId: string | null; cusCode: string | null }> {
  const [a] = await c.query<{ cus_code: string | null }>(
    `SELECT cu.cus_code FROM accounts a JOIN customers cu ON cu.id = a.customer_id WHERE a.tenant_id = $1 AND a.account_no = $2`,
    [tenantId, accountNo],
  );
  if (!a?.cus_code) return { feeFen: 0n, ruleId: null, cusCode: null };
  const p = await priceIn(c, tenantId, a.cus_code, txType, [amountFen]);
  return { feeFen: p.total, ruleId: p.ruleId, cusCode: a.cus_code };
}

/** What a transfer adds to its plain posting: the payer's fee, and whether the payee account has a standing split rule. */
export async function transferExtras(
  c: SqlConn,
  tenantId: string,
  fromNo: string,
  toNo: string,
  amountFen: bigint,
  /** The tenant's rule flags when this process keeps them (ruleFlags.ts): then nothing is asked unless a fee rule exists. */
  flags: RuleFlags | null = null,
): Promise<{ fee: { feeFen: bigint; ruleId: string | null; cusCode: string | null } | null; split: boolean }> {
  let x: { fee_rules: boolean; split: boolean };
  if (flags) x = { fee_rules: flags.transferFee, split: flags.splitSources.has(toNo) };
  else
    [x] = await c.query<{ fee_rules: boolean; split: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM fee_rules WHERE tenant_id = $1 AND tx_type = 'transfer' AND status = 'approved') AS fee_rules,
              EXISTS (SELECT 1 FROM split_rules WHERE tenant_id = $1 AND source_acct_no = $2 AND status = 'approved') AS split`,
      [tenantId, toNo],
    );
  const fee = x.fee_rules ? await priceAccount(c, tenantId, fromNo, 'transfer', amountFen) : null;
  return { fee: fee && fee.feeFen > 0n ? fee : null, split: x.split };
}

const ORDER_TX: Partial<Record<string, FeeTxType>> = { single: 'payment', batch: 'batchRow', refund: 'refund' };

/** The fee of a payment order at submit (issue 18): one per batch row; Σ is the order's fee, reserved with its amount. */
export async function priceOrderIn(
  c: SqlConn,
  tenantId: string,
  kind: string,
  p: { fromCusCode: string | null; amountFen: bigint; rows: { amount: string }[] | null },
  parse: (yuan: string) => bigint,
): Promise<Priced> {
  const tx = ORDER_TX[kind];
  if (!tx || !p.fromCusCode) return { ruleId: null, fees: p.rows ? p.rows.map(() => 0n) : [0n], total: 0n };
  return priceIn(c, tenantId, p.fromCusCode, tx, p.rows ? p.rows.map((r) => parse(r.amount)) : [p.amountFen]);
}
