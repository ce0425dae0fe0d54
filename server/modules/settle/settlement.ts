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
//   answer settles it to the bank or reverses it with a reversing entry that restores the funds),
//   CHUNK items per transaction and one ledger_post call (each posting checked as if alone).
//   The withdrawal's idempotency key is settle:<item>:<attempt>, so handing an item over again after
//   a crash replays the same order instead of paying twice.
// - A failed item is retried (attempt + 1, paying what is payable now) or marked handled with a
//   reason; an item is retried only from 'failed' (row lock), so two retries cannot both pay.
import { randomUUID } from 'node:crypto';
import { LEDGER_MSG } from '../../../contract/api/ledger';
import { SETTLE_MSG, type SettleItemStatus } from '../../../contract/api/settle';
import { AppError } from '../../http/envelope';
import { requestHash } from '../ledger/hash';
import { postEntries, type PostInput } from '../ledger/posting';
import type { LedgerService } from '../ledger/service';
import type { SqlConn } from '../ledger/store';
import { dayBounds } from '../../adapters/channel/statement';

export interface SettleCtx {
  tenantId: string;
  actor: string;
  requestId?: string;
}

const WIDTH = Math.max(1, Number(process.env.SETTLE_CONCURRENCY ?? 4) || 4);
/** Items paid in one transaction (one ledger_post call for all their withdrawals). */
const CHUNK = Math.max(1, Number(process.env.SETTLE_CHUNK ?? 250) || 250);

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

  /** Hands the batch's queued items to the channel, CHUNK at a time (several chunks at once); returns how many. */
  async handOver(ctx: SettleCtx, batchId: string, itemIds?: string[]): Promise<number> {
    const queued = await this.store.query<QueuedItem>(
      `SELECT i.id, i.account_no, i.card_no, i.amount::text, i.attempts, b.batch_no FROM settle_items i JOIN settle_batches b ON b.id = i.batch_id
        WHERE i.batch_id = $1 AND i.status = 'queued' AND ($2::text[] IS NULL OR i.id = ANY ($2::text[])) ORDER BY i.cus_code`,
      [batchId, itemIds ?? null],
    );
    const chunks: QueuedItem[][] = [];
    for (let i = 0; i < queued.length; i += CHUNK) chunks.push(queued.slice(i, i + CHUNK));
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(WIDTH, chunks.length) }, async () => {
        while (next < chunks.length) await this.payChunk(ctx, chunks[next++]);
      }),
    );
    return queued.length;
  }

  /**
   * Pays a chunk of items in ONE transaction: each is the ledger's withdrawal (settlement account →
   * suspense, checked and posted by ledger_post as if alone, as LedgerService.withdraw posts it) with
   * its channel order; a refusal (the balance moved, a frozen account, a card unbound) fails only its
   * item. After the commit the orders go to the channel, whose answers settle or reverse them.
   */
  private async payChunk(ctx: SettleCtx, items: QueuedItem[]): Promise<void> {
    const platform = await this.ledger.platform(ctx.tenantId);
    const attemptOf = (i: QueuedItem) => Math.max(1, i.attempts);
    const keyOf = (i: QueuedItem) => `settle:${i.id}:${attemptOf(i)}`;
    const submit = await this.store.tx(async (c) => {
      // The card each item names must still be bound to the account's customer.
      const bound = new Set(
        (
          await c.query<{ pair: string }>(
            `SELECT a.account_no || ' ' || b.card_no AS pair FROM accounts a JOIN bank_cards b ON b.customer_id = a.customer_id AND b.status = 'bound'
              WHERE a.tenant_id = $1 AND a.account_no = ANY ($2::text[])`,
            [ctx.tenantId, items.map((i) => i.account_no)],
          )
        ).map((r) => r.pair),
      );
      const isBound = (i: QueuedItem) => bound.has(`${i.account_no} ${i.card_no}`);
      const failed = items.filter((i) => !isBound(i)).map((i) => ({ item: i, reason: LEDGER_MSG.cardNotBound as string }));
      const paying = items.filter(isBound);
      const inputs: PostInput[] = paying.map((i) => {
        const amountFen = BigInt(i.amount);
        const reason = `结算出款（${i.batch_no}）`;
        return {
          tenantId: ctx.tenantId,
          kind: 'withdraw',
          actor: ctx.actor,
          requestId: ctx.requestId,
          reason,
          idempotencyKey: keyOf(i),
          requestHash: requestHash('withdraw', { account: i.account_no, amount: amountFen, card: i.card_no, hold: null, reason }),
          lines: [
            { accountNo: i.account_no, amountFen: -amountFen, customerOnly: true },
            { accountNo: platform.suspense, amountFen },
          ],
        };
      });
      const posted = inputs.length ? await postEntries(c, inputs, this.ledger.lanes) : [];
      const orders: { item: QueuedItem; input: PostInput; id: string; accountId: string; entryId: string; fresh: boolean }[] = [];
      posted.forEach((r, k) => {
        if (r instanceof AppError) failed.push({ item: paying[k], reason: r.message });
        else
          orders.push({
            item: paying[k],
            input: inputs[k],
            id: randomUUID(),
            accountId: r.accountIds[paying[k].account_no] ?? '',
            entryId: r.id,
            fresh: !r.replayed,
          });
      });
      const fresh = orders.filter((o) => o.fresh);
      if (fresh.length)
        await c.query(
          `INSERT INTO channel_orders (id, tenant_id, kind, account_id, amount, card_no, idempotency_key, request_hash, actor, reason, reserve_entry_id)
           SELECT x.id, $1, 'withdraw', x.account_id, x.amount, x.card_no, x.key, x.hash, $2, x.reason, x.entry_id
             FROM unnest($3::text[], $4::bigint[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
                  AS x(id, account_id, amount, card_no, key, hash, reason, entry_id)`,
          [
            ctx.tenantId,
            ctx.actor,
            fresh.map((o) => o.id),
            fresh.map((o) => o.accountId),
            fresh.map((o) => o.item.amount),
            fresh.map((o) => o.item.card_no),
            fresh.map((o) => keyOf(o.item)),
            fresh.map((o) => o.input.requestHash),
            fresh.map((o) => o.input.reason),
            fresh.map((o) => o.entryId),
          ],
        );
      // A replayed posting (a handover cut off after its commit) already has its order.
      for (const o of orders.filter((x) => !x.fresh)) {
        const [old] = await c.query<{ id: string }>('SELECT id FROM channel_orders WHERE reserve_entry_id = $1', [o.entryId]);
        o.id = old.id;
      }
      await c.query(
        `UPDATE settle_items i SET status = x.status, attempts = x.attempt, channel_order_id = x.order_id, fail_reason = x.reason, updated_at = now()
           FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[]) AS x(id, status, attempt, order_id, reason)
          WHERE i.id = x.id AND i.status = 'queued'`,
        [
          [...orders.map((o) => o.item.id), ...failed.map((f) => f.item.id)],
          [...orders.map(() => 'pending'), ...failed.map(() => 'failed')],
          [...orders.map((o) => attemptOf(o.item)), ...failed.map((f) => attemptOf(f.item))],
          [...orders.map((o) => o.id), ...failed.map(() => null)],
          [...orders.map(() => null), ...failed.map((f) => f.reason)],
        ],
      );
      return orders;
    });
    for (const o of submit)
      await this.ledger.channel.submit({ orderId: o.id, tenantId: ctx.tenantId, kind: 'withdraw', amountFen: BigInt(o.item.amount), cardNo: o.item.card_no });
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
