// Settlement (issue 18 §3): a cycle pays each customer's settlement account to its bound card.
//
// RULES
// - Payable = min(available now, balance at the cut-off) − the rule's keep-back. T+1 (the scheduled
//   cycle) cuts off at the start of the day in China Standard Time, so money credited today waits for
//   tomorrow; on demand cuts off now. Nothing is paid when payable ≤ 0, nor from a frozen or closed
//   account, a disabled customer, or a customer without a bound card.
// - A batch has one item per customer (UNIQUE); the scheduled batch of a day is one per tenant (its
//   idempotency key), so a second run of the job continues the same batch and pays nobody twice.
// - Each item is paid as a ledger withdrawal (settlement account → suspense at once; the channel's
//   answer settles it to the bank or reverses it with a reversing entry that restores the funds).
//   The withdrawal's idempotency key is settle:<item>:<attempt>, so handing an item over again after
//   a crash replays the same order instead of paying twice.
// - A failed item is retried (attempt + 1, paying what is payable now) or marked handled with a
//   reason; an item is retried only from 'failed' (row lock), so two retries cannot both pay.
import { randomUUID } from 'node:crypto';
import { SETTLE_MSG, type SettleItemStatus } from '../../../contract/api/settle';
import { AppError } from '../../http/envelope';
import type { LedgerService } from '../ledger/service';
import type { SqlConn } from '../ledger/store';
import { dayBounds } from '../../adapters/channel/statement';

export interface SettleCtx {
  tenantId: string;
  actor: string;
  requestId?: string;
}

const WIDTH = Math.max(1, Number(process.env.SETTLE_CONCURRENCY ?? 8) || 8);

/** Today's date in China Standard Time, or the day `offset` days from it. */
export function cstDay(now = new Date(), offset = 0): string {
  return new Date(now.getTime() + 8 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

/** Items of a new batch: every eligible settlement account with something payable (one statement). */
const ITEMS_SQL = `
INSERT INTO settle_items (id, batch_id, tenant_id, cus_code, account_no, card_no, amount)
SELECT md5($2 || ':' || cu.cus_code), $2, $1, cu.cus_code, a.account_no, card.card_no, pay.amount
  FROM accounts a
  JOIN customers cu ON cu.id = a.customer_id
  LEFT JOIN settle_rules r ON r.tenant_id = a.tenant_id AND r.cus_code = cu.cus_code
  CROSS JOIN LATERAL (SELECT b.card_no FROM bank_cards b WHERE b.customer_id = cu.id AND b.status = 'bound' ORDER BY b.id DESC LIMIT 1) card
  CROSS JOIN LATERAL (
    SELECT LEAST(a.balance - a.frozen,
                 COALESCE((SELECT p.balance_after FROM postings p JOIN journal_entries e ON e.id = p.entry_id
                            WHERE p.account_id = a.id AND e.created_at < $3 ORDER BY p.id DESC LIMIT 1), 0))
           - COALESCE(r.keep_back, 0) AS amount) pay
 WHERE a.tenant_id = $1 AND a.owner_kind = 'customer' AND a.account_type = 'settlement' AND a.status = 'normal' AND cu.status = 'enabled'
   AND (($4::text[] IS NULL AND COALESCE(r.cycle, 'T1') = 'T1') OR cu.cus_code = ANY ($4::text[]))
   AND pay.amount > 0
ON CONFLICT (batch_id, cus_code) DO NOTHING`;

interface QueuedItem {
  id: string;
  account_no: string;
  card_no: string;
  amount: string;
  attempts: number;
  batch_no: string;
}

export class SettlementService {
  constructor(readonly ledger: LedgerService) {}

  private get store() {
    return this.ledger.store;
  }

  /**
   * Opens (or continues) a batch and hands its items to the channel. Scheduled: every customer on
   * the T+1 cycle, cut off at the start of `day`. Manual: the named customers, cut off now.
   */
  async run(
    ctx: SettleCtx,
    v: { trigger: 'scheduled' | 'manual'; cusCodes?: string[]; day?: string; idempotencyKey: string },
  ): Promise<{ batchId: string; items: number }> {
    const cutoff = v.trigger === 'scheduled' ? dayBounds(v.day ?? cstDay()).from : new Date();
    const key = v.trigger === 'scheduled' ? `T1:${v.day ?? cstDay()}` : `manual:${v.idempotencyKey}`;
    const batchId = await this.store.tx(async (c) => {
      const fresh = await c.query<{ id: string }>(
        `INSERT INTO settle_batches (id, tenant_id, batch_no, trigger, cutoff, idempotency_key, created_by)
         VALUES ($1, $2, 'JS' || to_char(now() AT TIME ZONE 'Asia/Shanghai', 'YYYYMMDD') || lpad(nextval('settle_batch_no_seq')::text, 6, '0'), $3, $4, $5, $6)
         ON CONFLICT (tenant_id, idempotency_key) DO NOTHING RETURNING id`,
        [randomUUID(), ctx.tenantId, v.trigger, cutoff, key, ctx.actor],
      );
      if (!fresh.length) {
        const [old] = await c.query<{ id: string }>('SELECT id FROM settle_batches WHERE tenant_id = $1 AND idempotency_key = $2', [ctx.tenantId, key]);
        return old.id;
      }
      await c.query(ITEMS_SQL, [ctx.tenantId, fresh[0].id, cutoff, v.cusCodes ?? null]);
      return fresh[0].id;
    });
    const items = await this.handOver(ctx, batchId);
    if (v.trigger === 'manual' && v.cusCodes && items === 0) {
      const [{ n }] = await this.store.query<{ n: string }>('SELECT count(*)::text AS n FROM settle_items WHERE batch_id = $1', [batchId]);
      if (n === '0') throw new AppError(409, SETTLE_MSG.nothingPayable);
    }
    return { batchId, items };
  }

  /** Hands the batch's queued items to the channel (several at once); returns how many. */
  async handOver(ctx: SettleCtx, batchId: string, itemIds?: string[]): Promise<number> {
    const queued = await this.store.query<QueuedItem>(
      `SELECT i.id, i.account_no, i.card_no, i.amount::text, i.attempts, b.batch_no FROM settle_items i JOIN settle_batches b ON b.id = i.batch_id
        WHERE i.batch_id = $1 AND i.status = 'queued' AND ($2::text[] IS NULL OR i.id = ANY ($2::text[])) ORDER BY i.cus_code`,
      [batchId, itemIds ?? null],
    );
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(WIDTH, queued.length) }, async () => {
        while (next < queued.length) await this.pay(ctx, queued[next++]);
      }),
    );
    return queued.length;
  }

  private async pay(ctx: SettleCtx, item: QueuedItem): Promise<void> {
    const attempt = Math.max(1, item.attempts);
    try {
      const order = await this.ledger.withdraw(
        { tenantId: ctx.tenantId, actor: ctx.actor, requestId: ctx.requestId },
        {
          accountNo: item.account_no,
          amountFen: BigInt(item.amount),
          cardNo: item.card_no,
          reason: `结算出款（${item.batch_no}）`,
          idempotencyKey: `settle:${item.id}:${attempt}`,
        },
      );
      await this.store.query(
        `UPDATE settle_items SET status = 'pending', attempts = $2, channel_order_id = $3, updated_at = now() WHERE id = $1 AND status = 'queued'`,
        [item.id, attempt, order.orderId],
      );
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await this.store.query(
        `UPDATE settle_items SET status = 'failed', attempts = $2, fail_reason = $3, updated_at = now() WHERE id = $1 AND status = 'queued'`,
        [item.id, attempt, err.message],
      );
    }
  }

  /** Carries the channel's outcomes over to the items (one statement); returns how many changed. */
  async refresh(tenantId: string | null): Promise<number> {
    const rows = await this.store.query(
      `UPDATE settle_items i SET status = CASE o.status WHEN 'succeeded' THEN 'succeeded' ELSE 'failed' END, fail_reason = o.fail_reason, updated_at = now()
         FROM channel_orders o
        WHERE o.id = i.channel_order_id AND i.status = 'pending' AND o.status <> 'pending' AND ($1::text IS NULL OR i.tenant_id = $1)
        RETURNING i.id`,
      [tenantId],
    );
    return rows.length;
  }

  /** A failed item again, paying what is payable on the account now. */
  async retry(ctx: SettleCtx, itemId: string): Promise<void> {
    await this.refresh(ctx.tenantId);
    const batchId = await this.store.tx(async (c) => {
      const item = await this.lockItem(c, ctx.tenantId, itemId);
      const [pay] = await c.query<{ amount: string }>(
        `SELECT (a.balance - a.frozen - COALESCE(r.keep_back, 0))::text AS amount FROM accounts a
           LEFT JOIN settle_rules r ON r.tenant_id = a.tenant_id AND r.cus_code = $3
          WHERE a.tenant_id = $1 AND a.account_no = $2`,
        [ctx.tenantId, item.account_no, item.cus_code],
      );
      if (!pay || BigInt(pay.amount) <= 0n) throw new AppError(409, SETTLE_MSG.nothingPayable);
      const [card] = await c.query<{ card_no: string }>(
        `SELECT b.card_no FROM bank_cards b JOIN customers cu ON cu.id = b.customer_id WHERE cu.tenant_id = $1 AND cu.cus_code = $2 AND b.status = 'bound' ORDER BY b.id DESC LIMIT 1`,
        [ctx.tenantId, item.cus_code],
      );
      await c.query(`UPDATE settle_items SET status = 'queued', attempts = attempts + 1, amount = $2, card_no = $3, updated_at = now() WHERE id = $1`, [
        item.id,
        pay.amount,
        card?.card_no ?? item.card_no,
      ]);
      return item.batch_id;
    });
    await this.handOver(ctx, batchId, [itemId]);
  }

  /** A failed item closed by an operator (the funds were restored to the account by the reversal). */
  async handle(ctx: SettleCtx, itemId: string, reason: string): Promise<void> {
    await this.refresh(ctx.tenantId);
    await this.store.tx(async (c) => {
      const item = await this.lockItem(c, ctx.tenantId, itemId);
      await c.query(`UPDATE settle_items SET status = 'handled', handled_by = $2, handled_reason = $3, updated_at = now() WHERE id = $1`, [
        item.id,
        ctx.actor,
        reason,
      ]);
    });
  }

  private async lockItem(c: SqlConn, tenantId: string, itemId: string) {
    const [item] = await c.query<{ id: string; batch_id: string; account_no: string; card_no: string; cus_code: string; status: SettleItemStatus }>(
      'SELECT id, batch_id, account_no, card_no, cus_code, status FROM settle_items WHERE id = $1 AND tenant_id = $2 FOR UPDATE',
      [itemId, tenantId],
    );
    if (!item) throw new AppError(404, SETTLE_MSG.itemNotFound);
    if (item.status !== 'failed') throw new AppError(409, SETTLE_MSG.notFailed);
    return item;
  }

  /** Hands over items left queued by a stopped process and carries outcomes over (the scheduled job). */
  async resume(ctx: SettleCtx): Promise<number> {
    const batches = await this.store.query<{ batch_id: string }>(
      `SELECT DISTINCT batch_id FROM settle_items WHERE tenant_id = $1 AND status = 'queued' AND updated_at < now() - interval '5 minutes'`,
      [ctx.tenantId],
    );
    let n = 0;
    for (const b of batches) n += await this.handOver(ctx, b.batch_id);
    return n + (await this.refresh(ctx.tenantId));
  }
}
