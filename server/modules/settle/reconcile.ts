// Reconciliation (issue 18 §3): the channel's statement of a day against our channel orders and
// their ledger entries.
//
// RULES
// - Our side of a day: channel orders that succeeded that day (China Standard Time), each with the
//   amount its settling ledger entry moved on the bank settlement account. Their side: the lines of
//   the provider's statement file (server/adapters/channel/statement.ts), matched by reference.
// - A line and an order with the same reference and amount (and a ledger entry of that amount) are
//   matched and only counted. Everything else is a difference: missing on our side (a line with no
//   order), missing on theirs (an order with no line), amount differs.
// - Differences are keyed by (tenant, day, reference): a re-run recomputes them from the same file
//   and the same orders and leaves each unchanged difference, and its resolution, as it was; so
//   running a day twice gives the same result. A run is serialised per tenant and day.
// - An operator resolves a difference by marking the provider wrong (with a reason), or proposes an
//   adjust that a second person approves: it posts the difference between the bank settlement
//   account (the money at the bank) and suspense, for the finance team to clear. The day is closed
//   only when no difference is open or waiting for approval.
import { randomUUID } from 'node:crypto';
import { SETTLE_MSG, type ReconResult } from '../../../contract/api/settle';
import { dayBounds, readStatement, statementDir, writeDailyStatement, type StatementLine } from '../../adapters/channel/statement';
import { AppError } from '../../http/envelope';
import { requestHash } from '../ledger/hash';
import type { LedgerService } from '../ledger/service';
import type { LedgerStore } from '../ledger/store';
import { createHash } from 'node:crypto';

export interface ReconCtx {
  tenantId: string;
  actor: string;
  requestId?: string;
}

interface DiffRow {
  ref: string;
  kind: string;
  order_id: string | null;
  our_amount: string | null;
  their_amount: string | null;
  their_fee: string | null;
}

/** Our side of the day: the orders the channel completed, with what their settling entry moved at the bank. */
const OURS_SQL = `
SELECT o.id, o.channel_ref AS ref, o.amount::text AS amount, abs(p.amount)::text AS booked
  FROM channel_orders o
  -- by the entry (two lines): '+ 0' keeps the planner off the bank account's own index (all its postings)
  LEFT JOIN postings p ON p.entry_id = o.settle_entry_id AND p.account_id + 0 = $4::bigint
 WHERE o.tenant_id = $1 AND o.status = 'succeeded' AND o.updated_at >= $2 AND o.updated_at < $3`;

/** Matches the statement's lines and our orders by reference: the differences, in reference order. */
export function differences(lines: StatementLine[], ours: { id: string; ref: string | null; amount: string; booked: string | null }[]): DiffRow[] {
  const theirs = new Map(lines.map((l) => [l.ref, l]));
  const out: DiffRow[] = [];
  const seen = new Set<string>();
  for (const o of ours) {
    const ref = o.ref ?? o.id;
    seen.add(ref);
    const line = theirs.get(ref);
    const our = o.booked ?? null;
    if (!line) out.push({ ref, kind: 'missing_theirs', order_id: o.id, our_amount: our ?? o.amount, their_amount: null, their_fee: null });
    else if (line.amountFen.toString() !== o.amount || our !== o.amount)
      out.push({
        ref,
        kind: 'amount_differs',
        order_id: o.id,
        our_amount: our ?? o.amount,
        their_amount: line.amountFen.toString(),
        their_fee: line.feeFen.toString(),
      });
  }
  for (const l of lines)
    if (!seen.has(l.ref))
      out.push({ ref: l.ref, kind: 'missing_ours', order_id: null, our_amount: null, their_amount: l.amountFen.toString(), their_fee: l.feeFen.toString() });
  return out.sort((x, y) => (x.ref < y.ref ? -1 : x.ref > y.ref ? 1 : 0));
}

const UPSERT_SQL = `
INSERT INTO recon_items (id, tenant_id, day, ref, kind, order_id, our_amount, their_amount, their_fee)
SELECT x.id, $1, $2::date, x.ref, x.kind, x.order_id, x.our, x.their, x.fee
  FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[], $9::bigint[]) AS x(id, ref, kind, order_id, our, their, fee)
ON CONFLICT (tenant_id, day, ref) DO UPDATE
   SET kind = EXCLUDED.kind, order_id = EXCLUDED.order_id, our_amount = EXCLUDED.our_amount, their_amount = EXCLUDED.their_amount,
       their_fee = EXCLUDED.their_fee, status = 'open', proposed_by = NULL, resolved_by = NULL, resolve_reason = NULL, updated_at = now()
 WHERE recon_items.status <> 'adjusted'
   AND (recon_items.kind, recon_items.our_amount, recon_items.their_amount) IS DISTINCT FROM (EXCLUDED.kind, EXCLUDED.our_amount, EXCLUDED.their_amount)`;

export class ReconciliationService {
  constructor(
    readonly ledger: LedgerService,
    private readonly dir: () => string = statementDir,
  ) {}

  private get store(): LedgerStore {
    return this.ledger.store;
  }

  /** Fetches the day's statement (the simulator writes it the first time) and reconciles the day. */
  async run(ctx: ReconCtx, day: string): Promise<ReconResult> {
    const { from, to } = dayBounds(day);
    if (from.getTime() > Date.now()) throw new AppError(400, SETTLE_MSG.dayFuture);
    const file = await writeDailyStatement(this.store, ctx.tenantId, day, this.dir());
    let parsed: Awaited<ReturnType<typeof readStatement>>;
    try {
      parsed = await readStatement(file);
    } catch (err) {
      throw new AppError(422, SETTLE_MSG.statementUnreadable((err as Error).message));
    }
    const { lines, text } = parsed;
    const platform = await this.ledger.platform(ctx.tenantId);
    return this.store.tx(async (c) => {
      await c.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`recon:${ctx.tenantId}:${day}`]);
      const [bank] = await c.query<{ id: string }>('SELECT id::text FROM accounts WHERE account_no = $1', [platform.bank_settlement]);
      const ours = await c.query<{ id: string; ref: string | null; amount: string; booked: string | null }>(OURS_SQL, [ctx.tenantId, from, to, bank.id]);
      const diffs = differences(lines, ours);
      // Only what changed is written: a difference that stays as it was keeps its row and resolution.
      const existing = new Map(
        (
          await c.query<{ id: string; ref: string; kind: string; our_amount: string | null; their_amount: string | null; status: string }>(
            `SELECT id, ref, kind, our_amount::text, their_amount::text, status FROM recon_items WHERE tenant_id = $1 AND day = $2::date`,
            [ctx.tenantId, day],
          )
        ).map((r) => [r.ref, r]),
      );
      const wanted = new Set(diffs.map((d) => d.ref));
      const gone = [...existing.values()].filter((r) => !wanted.has(r.ref) && r.status !== 'adjusted').map((r) => r.id);
      if (gone.length) await c.query('DELETE FROM recon_items WHERE id = ANY ($1::text[])', [gone]);
      const changed = diffs.filter((d) => {
        const was = existing.get(d.ref);
        return !was || (was.status !== 'adjusted' && (was.kind !== d.kind || was.our_amount !== d.our_amount || was.their_amount !== d.their_amount));
      });
      for (let i = 0; i < changed.length; i += 5000) {
        const part = changed.slice(i, i + 5000);
        await c.query(UPSERT_SQL, [
          ctx.tenantId,
          day,
          part.map(() => randomUUID()),
          part.map((d) => d.ref),
          part.map((d) => d.kind),
          part.map((d) => d.order_id),
          part.map((d) => d.our_amount),
          part.map((d) => d.their_amount),
          part.map((d) => d.their_fee),
        ]);
      }
      const count = (k: string) => diffs.filter((d) => d.kind === k).length;
      const result: ReconResult = {
        day,
        statementLines: lines.length,
        ourOrders: ours.length,
        matched: lines.length - count('missing_ours') - count('amount_differs'),
        missingOurs: count('missing_ours'),
        missingTheirs: count('missing_theirs'),
        amountDiffers: count('amount_differs'),
        open: 0,
      };
      const [{ open }] = await c.query<{ open: number }>(
        `SELECT count(*)::int AS open FROM recon_items WHERE tenant_id = $1 AND day = $2::date AND status IN ('open', 'adjust_pending')`,
        [ctx.tenantId, day],
      );
      result.open = open;
      await c.query(
        `INSERT INTO recon_days (tenant_id, day, statement_file, statement_sha256, statement_lines, our_orders, matched)
         VALUES ($1, $2::date, $3, $4, $5, $6, $7)
         ON CONFLICT (tenant_id, day) DO UPDATE SET statement_file = EXCLUDED.statement_file, statement_sha256 = EXCLUDED.statement_sha256,
           statement_lines = EXCLUDED.statement_lines, our_orders = EXCLUDED.our_orders, matched = EXCLUDED.matched, runs = recon_days.runs + 1,
           last_run_at = now(), status = CASE WHEN $8::int > 0 THEN 'open' ELSE recon_days.status END,
           closed_by = CASE WHEN $8::int > 0 THEN NULL ELSE recon_days.closed_by END, closed_at = CASE WHEN $8::int > 0 THEN NULL ELSE recon_days.closed_at END`,
        [ctx.tenantId, day, file, createHash('sha256').update(text).digest('hex'), lines.length, ours.length, result.matched, open],
      );
      return result;
    });
  }

  /** The provider is wrong about this one: resolved with the reason, nothing posted. */
  async markProviderWrong(ctx: ReconCtx, id: string, reason: string): Promise<void> {
    await this.decide(
      ctx,
      id,
      'open',
      `UPDATE recon_items SET status = 'provider_wrong', resolved_by = $2, resolve_reason = $3, updated_at = now() WHERE id = $1`,
      [ctx.actor, reason],
    );
  }

  /** Proposes an adjust of the difference; a second person approves it. */
  async proposeAdjust(ctx: ReconCtx, id: string, reason: string): Promise<void> {
    await this.decide(
      ctx,
      id,
      'open',
      `UPDATE recon_items SET status = 'adjust_pending', proposed_by = $2, resolve_reason = $3, updated_at = now() WHERE id = $1`,
      [ctx.actor, reason],
    );
  }

  /** Sends a proposed adjust back to open (anyone allowed to approve, the proposer included). */
  async rejectAdjust(ctx: ReconCtx, id: string, reason: string): Promise<void> {
    await this.decide(
      ctx,
      id,
      'adjust_pending',
      `UPDATE recon_items SET status = 'open', proposed_by = NULL, resolve_reason = $3, updated_at = now() WHERE id = $1 AND $2::text IS NOT NULL`,
      [ctx.actor, `调账被退回：${reason}`],
    );
  }

  /** Approves a proposed adjust (never one's own): posts the difference between the bank settlement account and suspense. */
  async approveAdjust(ctx: ReconCtx, id: string): Promise<void> {
    const platform = await this.ledger.platform(ctx.tenantId);
    await this.store.tx(async (c) => {
      const [item] = await c.query<{
        id: string;
        status: string;
        proposed_by: string | null;
        our_amount: string | null;
        their_amount: string | null;
        ref: string;
        day: string;
      }>(`SELECT id, status, proposed_by, our_amount::text, their_amount::text, ref, day::text FROM recon_items WHERE id = $1 AND tenant_id = $2 FOR UPDATE`, [
        id,
        ctx.tenantId,
      ]);
      if (!item) throw new AppError(404, SETTLE_MSG.reconItemNotFound);
      if (item.status !== 'adjust_pending') throw new AppError(409, SETTLE_MSG.notAdjustPending);
      if (item.proposed_by === ctx.actor) throw new AppError(403, SETTLE_MSG.ownAdjust);
      const diff = BigInt(item.their_amount ?? '0') - BigInt(item.our_amount ?? '0');
      let entryId: string | null = null;
      if (diff !== 0n) {
        const key = `recon:${item.id}:adjust`;
        const entry = await this.ledger.postIn(c, {
          tenantId: ctx.tenantId,
          kind: 'recon_adjust',
          actor: ctx.actor,
          requestId: ctx.requestId,
          reason: `对账调账 ${item.day} ${item.ref}`,
          idempotencyKey: key,
          requestHash: requestHash('recon_adjust', { key, diff }),
          lines: [
            { accountNo: platform.bank_settlement, amountFen: -diff },
            { accountNo: platform.suspense, amountFen: diff },
          ],
        });
        entryId = entry.id;
      }
      await c.query(`UPDATE recon_items SET status = 'adjusted', resolved_by = $2, adjust_entry_id = $3, updated_at = now() WHERE id = $1`, [
        item.id,
        ctx.actor,
        entryId,
      ]);
    });
  }

  private async decide(ctx: ReconCtx, id: string, from: string, update: string, params: unknown[]): Promise<void> {
    await this.store.tx(async (c) => {
      const [item] = await c.query<{ status: string }>('SELECT status FROM recon_items WHERE id = $1 AND tenant_id = $2 FOR UPDATE', [id, ctx.tenantId]);
      if (!item) throw new AppError(404, SETTLE_MSG.reconItemNotFound);
      if (item.status !== from) throw new AppError(409, from === 'open' ? SETTLE_MSG.notOpen : SETTLE_MSG.notAdjustPending);
      await c.query(update, [id, ...params]);
    });
  }

  /** Closes the day when nothing is open. */
  async close(ctx: ReconCtx, day: string): Promise<void> {
    await this.store.tx(async (c) => {
      const [d] = await c.query<{ status: string }>('SELECT status FROM recon_days WHERE tenant_id = $1 AND day = $2::date FOR UPDATE', [ctx.tenantId, day]);
      if (!d) throw new AppError(404, SETTLE_MSG.notReconciled);
      if (d.status === 'closed') throw new AppError(409, SETTLE_MSG.dayClosed);
      const [{ open }] = await c.query<{ open: number }>(
        `SELECT count(*)::int AS open FROM recon_items WHERE tenant_id = $1 AND day = $2::date AND status IN ('open', 'adjust_pending')`,
        [ctx.tenantId, day],
      );
      if (open > 0) throw new AppError(409, SETTLE_MSG.openLeft(open));
      await c.query(`UPDATE recon_days SET status = 'closed', closed_by = $3, closed_at = now() WHERE tenant_id = $1 AND day = $2::date`, [
        ctx.tenantId,
        day,
        ctx.actor,
      ]);
    });
  }
}

/** Differences of the tenant ($1) not yet resolved: open, or an adjust waiting for its approval. */
export const RECON_OPEN_SQL = `SELECT count(*) AS n FROM recon_items WHERE tenant_id = $1 AND status IN ('open', 'adjust_pending')`;

/** Open reconciliation differences (the workbench's to-do, workbench/todos.ts). */
export async function reconOpenCount(store: { query: LedgerStore['query'] }, tenantId: string): Promise<number> {
  const [{ n }] = await store.query<{ n: string }>(RECON_OPEN_SQL, [tenantId]);
  return Number(n);
}
