// Fee rules and standing split rules as their makers and checkers handle them (issue 18 §1-§2):
// propose a new version (pending), approve or reject it (four eyes), list them. Rules of the wire
// form: contract/api/fee.ts; their views: ruleViews.ts. What a version does once approved: engine.ts (fees), splits.ts.
//
// RULES
// - A proposal never changes an existing row: it is the next version of its key (scope, scope ref,
//   product, type; for splits: the customer), numbered under an advisory lock of that key.
// - Only a pending version is decided, once, by a conditional UPDATE (WHERE status = 'pending' AND
//   maker_id <> approver): the maker gets 403 '不能审批自己提交的规则' (and a CHECK in 0050 repeats
//   it); a second decision gets 409 '该规则已被处理'.
// - Approval sets the effective time to max(the proposed one, now): a rule never applies before it
//   was approved, so nothing already charged or split is ever re-priced.
import {
  ANY_PRODUCT,
  FEE_MSG,
  parseFeeDef,
  parseRate,
  standingSplit,
  type FeeRulePropose,
  type FeeRuleView,
  type SplitEntryView,
  type SplitReceiverInput,
  type SplitRulePropose,
  type SplitRuleView,
} from '../../../contract/api/fee';
import { INNET_PROVIDERS, providerByCode } from '../../../contract/api/cusWire';
import { formatFen, parseYuan } from '../../../contract/money';
import { AppError } from '../../http/envelope';
import { newId } from '../../lib/tokens';
import type { LedgerStore, SqlConn } from '../ledger/store';
import { NAMED_RULES, SPLIT_SELECT, feeRuleView, splitRuleView, type FeeRuleRowNamed, type RuleViewer, type SplitRuleRow } from './ruleViews';

export interface FeeCtx {
  tenantId: string;
  actor: { id: string; name: string };
  /** A customer-side user: only their own customer. */
  cusCode: string | null;
}
type Page = { pageNum: number; pageSize: number };

const bad = (message: string, status = 400): never => {
  throw new AppError(status, message);
};
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const effectiveAt = (s: string | undefined) => (s ? new Date(s) : new Date());

const PRODUCTS = new Set(INNET_PROVIDERS.flatMap((p) => p.products.map((x) => x.code)));

async function lockKey(c: SqlConn, key: string) {
  await c.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}

export async function customerExists(c: SqlConn, ctx: FeeCtx, cusCode: string): Promise<void> {
  if (ctx.cusCode !== null && ctx.cusCode !== cusCode) bad(FEE_MSG.cusNotFound, 404);
  const [cu] = await c.query<{ ok: boolean }>('SELECT true AS ok FROM customers WHERE tenant_id = $1 AND cus_code = $2', [ctx.tenantId, cusCode]);
  if (!cu) bad(FEE_MSG.cusNotFound, 404);
}

export class FeeRuleService {
  constructor(
    readonly store: LedgerStore,
    /** Called after a decision committed (or failed): what this process keeps of approved rules goes (ledger.ruleFlags). */
    private readonly decided: () => void = () => {},
  ) {}

  /** A new version of the rule's key, pending a second person's approval. */
  async propose(ctx: FeeCtx, v: FeeRulePropose, viewer: RuleViewer): Promise<FeeRuleView> {
    const parsed = parseFeeDef(v);
    if (!parsed.ok) return bad(parsed.message);
    const def = parsed.def;
    const scopeRef = v.scope === 'platform' ? '' : (v.scopeRef ?? '').trim();
    const product = (v.product ?? '').trim() || ANY_PRODUCT;
    if (v.scope !== 'platform' && !scopeRef) bad(FEE_MSG.scopeRef);
    if (v.scope === 'provider') {
      const p = providerByCode(scopeRef);
      if (!p) bad(FEE_MSG.provider);
      if (product !== ANY_PRODUCT && !p!.products.some((x) => x.code === product)) bad(FEE_MSG.product);
    } else if (product !== ANY_PRODUCT && !PRODUCTS.has(product)) bad(FEE_MSG.product);
    const id = newId();
    return this.store.tx(async (c) => {
      if (v.scope === 'customer') await customerExists(c, ctx, scopeRef);
      else if (ctx.cusCode !== null) bad(FEE_MSG.cusNotFound, 404);
      const key = `fee:${ctx.tenantId}:${v.scope}:${scopeRef}:${product}:${v.txType}`;
      await lockKey(c, key);
      const [{ n }] = await c.query<{ n: number }>(
        'SELECT COALESCE(max(version), 0)::int AS n FROM fee_rules WHERE tenant_id = $1 AND scope = $2 AND scope_ref = $3 AND product = $4 AND tx_type = $5',
        [ctx.tenantId, v.scope, scopeRef, product, v.txType],
      );
      await c.query(
        `INSERT INTO fee_rules (id, tenant_id, scope, scope_ref, product, tx_type, version, method, fixed_fen, rate_ppm, min_fen, max_fen, tiers, effective_from, remark, maker_id, maker_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::bigint, $10, $11::bigint, $12::bigint, $13::jsonb, $14::timestamptz, $15, $16, $17)`,
        [
          id,
          ctx.tenantId,
          v.scope,
          scopeRef,
          product,
          v.txType,
          Number(n) + 1,
          def.method,
          def.fixedFen.toString(),
          def.ratePpm,
          def.minFen?.toString() ?? null,
          def.maxFen?.toString() ?? null,
          JSON.stringify(def.tiers.map((t) => ({ upToFen: t.upToFen?.toString() ?? null, fixedFen: t.fixedFen.toString(), ratePpm: t.ratePpm }))),
          effectiveAt(v.effectiveFrom).toISOString(),
          v.remark ?? '',
          ctx.actor.id,
          ctx.actor.name,
        ],
      );
      return feeRuleView((await this.row(c, ctx, id))!, viewer);
    });
  }

  private async row(c: SqlConn, ctx: FeeCtx, id: string): Promise<FeeRuleRowNamed | null> {
    const [r] = await c.query<FeeRuleRowNamed>(`${NAMED_RULES} WHERE r.id = $1 AND r.tenant_id = $2`, [id, ctx.tenantId]);
    if (r && ctx.cusCode !== null && !(r.scope === 'customer' && r.scope_ref === ctx.cusCode)) return null;
    return r ?? null;
  }

  decide(ctx: FeeCtx, ruleId: string, d: { approve: boolean; reason?: string }, viewer: RuleViewer): Promise<FeeRuleView> {
    return this.store
      .tx(async (c) => {
        await decideIn(c, 'fee_rules', ctx, ruleId, d);
        return feeRuleView((await this.row(c, ctx, ruleId))!, viewer);
      })
      .finally(this.decided);
  }

  async list(
    ctx: FeeCtx,
    q: { scope?: string; scopeRef?: string; txType?: string; status?: string } & Page,
    viewer: RuleViewer,
  ): Promise<{ listData: FeeRuleView[]; count: number }> {
    const params = [ctx.tenantId, q.scope ?? null, q.scopeRef || null, q.txType ?? null, q.status ?? null, ctx.cusCode];
    const where = `r.tenant_id = $1 AND ($2::text IS NULL OR r.scope = $2) AND ($3::text IS NULL OR r.scope_ref = $3) AND ($4::text IS NULL OR r.tx_type = $4)
      AND ($5::text IS NULL OR r.status = $5) AND ($6::text IS NULL OR (r.scope = 'customer' AND r.scope_ref = $6))`;
    const [{ n }] = await this.store.query<{ n: number }>(`SELECT count(*)::int AS n FROM fee_rules r WHERE ${where}`, params);
    const rows = await this.store.query<FeeRuleRowNamed>(
      `${NAMED_RULES} WHERE ${where} ORDER BY (r.status = 'pending') DESC, r.created_at DESC, r.id LIMIT $7 OFFSET $8`,
      [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
    );
    return { listData: rows.map((r) => feeRuleView(r, viewer)), count: Number(n) };
  }

  // ---- standing split rules ----

  async proposeSplit(ctx: FeeCtx, v: SplitRulePropose, viewer: RuleViewer): Promise<SplitRuleView> {
    const receivers: SplitReceiverInput[] = v.receivers.map((r) =>
      v.mode === 'ratio' ? { acctNo: r.acctNo, ratio: (r.ratio ?? '').trim() } : { acctNo: r.acctNo, amount: (r.amount ?? '').trim() },
    );
    if (v.enabled && !receivers.length) bad(FEE_MSG.splitReceivers);
    for (const r of receivers) {
      if (v.mode === 'ratio') {
        const ppm = parseRate(r.ratio);
        if (ppm === null || ppm === 0 || ppm % 100 !== 0) bad('分账比例为0到100之间的百分数，最多2位小数');
      } else if (parseYuan(r.amount) === null) bad('请输入正确的金额');
      if (r.acctNo === v.sourceAcctNo) bad(FEE_MSG.splitSelf);
    }
    if (new Set(receivers.map((r) => r.acctNo)).size !== receivers.length) bad('接收方账户不能重复');
    // The allocation itself must work (ratios ≤ 100%): tried on 100.00 yuan.
    const trial = standingSplit(10_000n, v.mode, receivers, v.remainderAcctNo);
    if (!trial.ok) bad(trial.message);
    const id = newId();
    return this.store.tx(async (c) => {
      await customerExists(c, ctx, v.cusCode);
      const nos = [...new Set([v.sourceAcctNo, v.remainderAcctNo, ...receivers.map((r) => r.acctNo)])];
      const found = await c.query<{ account_no: string; cus_code: string; status: string }>(
        `SELECT a.account_no, cu.cus_code, a.status FROM accounts a JOIN customers cu ON cu.id = a.customer_id
          WHERE a.tenant_id = $1 AND a.account_no = ANY($2::text[]) AND a.owner_kind = 'customer'`,
        [ctx.tenantId, nos],
      );
      for (const no of nos) {
        const a = found.find((f) => f.account_no === no);
        if (!a || a.status === 'closed') bad(`${FEE_MSG.splitAccount}：${no}`);
      }
      if (found.find((f) => f.account_no === v.sourceAcctNo)!.cus_code !== v.cusCode) bad(FEE_MSG.splitSource);
      await lockKey(c, `split:${ctx.tenantId}:${v.cusCode}`);
      const [{ n }] = await c.query<{ n: number }>('SELECT COALESCE(max(version), 0)::int AS n FROM split_rules WHERE tenant_id = $1 AND cus_code = $2', [
        ctx.tenantId,
        v.cusCode,
      ]);
      await c.query(
        `INSERT INTO split_rules (id, tenant_id, cus_code, version, enabled, source_acct_no, mode, receivers, remainder_acct_no, effective_from, remark, maker_id, maker_name)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10::timestamptz, $11, $12, $13)`,
        [
          id,
          ctx.tenantId,
          v.cusCode,
          Number(n) + 1,
          v.enabled,
          v.sourceAcctNo,
          v.mode,
          JSON.stringify(receivers),
          v.remainderAcctNo,
          effectiveAt(v.effectiveFrom).toISOString(),
          v.remark ?? '',
          ctx.actor.id,
          ctx.actor.name,
        ],
      );
      return splitRuleView((await this.splitRow(c, ctx, id))!, viewer);
    });
  }

  private async splitRow(c: SqlConn, ctx: FeeCtx, id: string): Promise<SplitRuleRow | null> {
    const [r] = await c.query<SplitRuleRow>(`${SPLIT_SELECT} WHERE s.id = $1 AND s.tenant_id = $2 AND ($3::text IS NULL OR s.cus_code = $3)`, [
      id,
      ctx.tenantId,
      ctx.cusCode,
    ]);
    return r ?? null;
  }

  decideSplit(ctx: FeeCtx, ruleId: string, d: { approve: boolean; reason?: string }, viewer: RuleViewer): Promise<SplitRuleView> {
    return this.store
      .tx(async (c) => {
        await decideIn(c, 'split_rules', ctx, ruleId, d);
        return splitRuleView((await this.splitRow(c, ctx, ruleId))!, viewer);
      })
      .finally(this.decided);
  }

  async listSplits(ctx: FeeCtx, q: { cusCode?: string; status?: string } & Page, viewer: RuleViewer): Promise<{ listData: SplitRuleView[]; count: number }> {
    const params = [ctx.tenantId, ctx.cusCode ?? q.cusCode ?? null, q.status ?? null];
    if (ctx.cusCode !== null && q.cusCode && q.cusCode !== ctx.cusCode) return { listData: [], count: 0 };
    const where = `s.tenant_id = $1 AND ($2::text IS NULL OR s.cus_code = $2) AND ($3::text IS NULL OR s.status = $3)`;
    const [{ n }] = await this.store.query<{ n: number }>(`SELECT count(*)::int AS n FROM split_rules s WHERE ${where}`, params);
    const rows = await this.store.query<SplitRuleRow>(
      `${SPLIT_SELECT} WHERE ${where} ORDER BY (s.status = 'pending') DESC, s.created_at DESC, s.id LIMIT $4 OFFSET $5`,
      [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
    );
    return { listData: rows.map((r) => splitRuleView(r, viewer)), count: Number(n) };
  }

  async splitEntries(ctx: FeeCtx, q: { cusCode?: string; ruleId?: string } & Page): Promise<{ listData: SplitEntryView[]; count: number }> {
    if (ctx.cusCode !== null && q.cusCode && q.cusCode !== ctx.cusCode) return { listData: [], count: 0 };
    const params = [ctx.tenantId, ctx.cusCode ?? q.cusCode ?? null, q.ruleId ?? null];
    const where = `e.tenant_id = $1 AND ($2::text IS NULL OR s.cus_code = $2) AND ($3::text IS NULL OR e.rule_id = $3)`;
    const from = `split_entries e JOIN split_rules s ON s.id = e.rule_id JOIN journal_entries j ON j.id = e.entry_id`;
    const [{ n }] = await this.store.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from} WHERE ${where}`, params);
    const rows = await this.store.query<{
      entry_id: string;
      entry_no: string;
      rule_id: string;
      version: number;
      cus_code: string;
      source_acct_no: string;
      source_kind: string;
      amount: string;
      lines: { acctNo: string; amountFen: string; remainder: boolean }[] | string;
      created_at: Date;
    }>(
      `SELECT e.entry_id, j.entry_no::text, e.rule_id, s.version, s.cus_code, e.source_acct_no, e.source_kind, e.amount::text, e.lines, e.created_at
         FROM ${from} WHERE ${where} ORDER BY e.created_at DESC, e.entry_id LIMIT $4 OFFSET $5`,
      [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
    );
    return {
      count: Number(n),
      listData: rows.map((r) => ({
        entryId: r.entry_id,
        entryNo: r.entry_no,
        ruleId: r.rule_id,
        ruleVersion: Number(r.version),
        cusCode: r.cus_code,
        sourceAcctNo: r.source_acct_no,
        sourceKind: r.source_kind,
        amount: formatFen(BigInt(r.amount)),
        lines: (typeof r.lines === 'string' ? (JSON.parse(r.lines) as Exclude<typeof r.lines, string>) : r.lines).map((l) => ({
          acctNo: l.acctNo,
          amount: formatFen(BigInt(l.amountFen)),
          remainder: l.remainder,
        })),
        createdAt: iso(r.created_at)!,
      })),
    };
  }
}

/** The four-eyes decision of a pending version (see the file's head), in the caller's transaction. */
async function decideIn(c: SqlConn, table: 'fee_rules' | 'split_rules', ctx: FeeCtx, ruleId: string, d: { approve: boolean; reason?: string }): Promise<void> {
  const scoped = table === 'fee_rules' ? `($3::text IS NULL OR (scope = 'customer' AND scope_ref = $3))` : `($3::text IS NULL OR cus_code = $3)`;
  const [r] = await c.query<{ maker_id: string; status: string }>(
    `SELECT maker_id, status FROM ${table} WHERE id = $1 AND tenant_id = $2 AND ${scoped} FOR UPDATE`,
    [ruleId, ctx.tenantId, ctx.cusCode],
  );
  if (!r) bad(FEE_MSG.ruleNotFound, 404);
  if (r!.maker_id === ctx.actor.id) bad(FEE_MSG.selfApprove, 403);
  if (r!.status !== 'pending') bad(FEE_MSG.notPending, 409);
  const won = await c.query<{ id: string }>(
    `UPDATE ${table} SET status = $3, approver_id = $4, approver_name = $5, reject_reason = $6, decided_at = now(),
            effective_from = CASE WHEN $3 = 'approved' THEN greatest(effective_from, now()) ELSE effective_from END
      WHERE id = $1 AND tenant_id = $2 AND status = 'pending' AND maker_id <> $4 RETURNING id`,
    [ruleId, ctx.tenantId, d.approve ? 'approved' : 'rejected', ctx.actor.id, ctx.actor.name, d.approve ? null : (d.reason ?? '')],
  );
  if (!won.length) bad(FEE_MSG.notPending, 409);
}
