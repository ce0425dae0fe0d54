// Payment orders with four-eyes approval (issue 4 §2-§3), built on the ledger (../ledger/service.ts).
//
// RULES (what always holds, and where it is enforced)
// - Kinds (kinds.ts): single pay (customer account → an account of the tenant, or an external
//   bank card through the channel as a withdrawal), batch pay (rows, one order), adjust (credit or
//   debit of a customer account against the platform suspense account, reason required),
//   distribution (one account → several receivers by ratio or fixed amounts; ratio shares are
//   floored to the fen and the remainder goes to the named remainder account, so Σ = amount;
//   ratios must sum to 100%, fixed amounts to the total), refund (of a succeeded single pay to an
//   account of the tenant: the payee's account pays the payer back; Σ in-flight and succeeded
//   refunds ≤ the original paid amount, checked under a row lock on the original, at submit and edit).
// - States: draft → pending → approved → executing → succeeded | failed | partial (batch, some rows
//   failed); pending → rejected (reason required) | cancelled (maker only); draft → cancelled.
//   Every transition is a conditional UPDATE on the status (and version) inside a transaction that
//   also writes its pay_order_events row (who, when, why, version).
// - Funds: a debit is reserved at submit by a ledger hold on the debited account (one hold for the
//   whole batch); reject, cancel and edit release it (edit opens a new one for the new amount);
//   execution captures it. Hold, order row and event commit together (ledger.postIn in our tx).
// - Four-eyes (decide() below): the maker can never approve or reject their own order — 403
//   '不能审批自己提交的订单' for every kind and both audit calls, checked on the stored maker_id,
//   repeated in the UPDATE's WHERE (maker_id <> approver) and by a CHECK constraint in 0008_pay.sql.
//   Approval needs the approver's own payment password (passwords.ts: scrypt, 5 wrong → locked
//   15 min) or their passkey's assertion over exactly these orders (../passkey/service.ts), whose id
//   the approve event records. An approve names the version it saw: another version → 409 '订单已被修改，请刷新后重新审批'.
//   `UPDATE … SET status='approved' WHERE id=$1 AND status='pending' AND version=$2` decides races:
//   exactly one approver (or rejecter) wins, the other gets 409 '订单已被其他人处理'. Batch decisions
//   decide each order independently and answer per-order outcomes (one order: its own status code).
// - Only the maker edits (version + 1) or cancels, and only draft/pending orders.
// - Data rules (rules.ts): a maker held to rules on the order pages reads, edits and cancels only the
//   orders they allow (404 outside) and creates or edits only orders that, as written, stay inside
//   them (403 before commit: assertInScope).
// - Execution (executor.ts) after approval: internal payees by one ledger entry capturing the hold
//   (key payorder:<id>:exec); external cards by a capture to suspense plus a channel withdrawal
//   order; batch rows in row order, each with key batch:<orderId>:row:<n> in the same transaction
//   as the row's status, so a crash mid-batch resumes (start-up recovery + sweep) with no row paid
//   twice. A failed execution releases what is left of the hold.
// - Disabled customers cannot pay (kinds.ts payable() and the ledger's own check at capture time);
//   an adjust is a platform correction and is allowed on them.
// - Submitting notifies the users who may approve (notify.ts) through the message broker. A decision
//   and a final result tell the maker (makerNotice.ts, in the same transaction); every committed
//   status change is announced to open screens by the database itself (migration 0016).
import { LEDGER_MSG } from '../../../contract/api/ledger';
import { PAY_MSG, type AuditOutcome, type PayOrderKind, type PayOrderStatus } from '../../../contract/api/pay';
import { parseYuan } from '../../../contract/money';
import { AppError } from '../../http/envelope';
import { requestHash } from '../ledger/hash';
import type { LedgerService } from '../ledger/service';
import type { SqlConn } from '../ledger/store';
import type { PayExecutor } from './executor';
import { prepare, type KindContext, type Prepared } from './kinds';
import { noticeMakerIn } from './makerNotice';
import { scopeSql } from '../rbac/dataScope';
import { addEvent, newId, nextOrderNo, orderById, orderByKey, type Actor, type OrderRow } from './store';
import { withTx } from './tx';

export interface PayCtx extends KindContext {
  actor: Actor;
  requestId?: string;
}

export class PayService {
  constructor(
    readonly ledger: LedgerService,
    readonly executor: PayExecutor,
    private readonly onSubmitted: (o: OrderRow) => void,
  ) {}

  private tx<T>(fn: (c: SqlConn) => Promise<T>): Promise<T> {
    return withTx(this.ledger, fn);
  }

  private holdIn(c: SqlConn, ctx: PayCtx, orderId: string, version: number, p: Prepared) {
    return this.ledger.postIn(c, {
      tenantId: ctx.tenantId,
      kind: 'freeze',
      actor: ctx.actor.id,
      requestId: ctx.requestId,
      reason: `付款订单资金预留`,
      idempotencyKey: `payorder:${orderId}:hold:v${version}`,
      requestHash: requestHash('payorder-hold', { orderId, version, amount: p.holdFen }),
      lines: [],
      hold: { op: 'open', accountNo: p.fromAcctNo!, amountFen: p.holdFen },
      allowDisabledCustomer: false,
    });
  }

  /** Releases what remains of the order's hold (reject, cancel, edit, failed execution). */
  async releaseIn(c: SqlConn, o: { id: string; tenant_id: string; hold_id: string | null }, actor: string, tag: string): Promise<void> {
    if (!o.hold_id) return;
    const [h] = await c.query<{ remaining: string; status: string }>('SELECT remaining::text, status FROM holds WHERE id = $1', [o.hold_id]);
    if (!h || h.status !== 'open') return;
    await this.ledger.postIn(c, {
      tenantId: o.tenant_id,
      kind: 'unfreeze',
      actor,
      reason: '付款订单资金释放',
      idempotencyKey: `payorder:${o.id}:release:${tag}`,
      requestHash: requestHash('payorder-release', { orderId: o.id, tag }),
      lines: [],
      hold: { op: 'release', holdId: o.hold_id, amountFen: BigInt(h.remaining) },
      allowDisabledCustomer: true,
    });
  }

  /** Creates an order of `kind` as a draft or submitted (pending, funds held). Same key + same body → the original order. */
  async create(ctx: PayCtx, kind: PayOrderKind, payload: Record<string, unknown>, o: { draft: boolean; idempotencyKey: string }): Promise<OrderRow> {
    const hash = requestHash(`payorder:${kind}`, { payload: JSON.stringify(payload), draft: o.draft, maker: ctx.actor.id });
    const replay = async () => {
      const existing = await orderByKey(this.ledger.store, ctx.tenantId, kind, o.idempotencyKey);
      if (existing && existing.request_hash !== hash) throw new AppError(409, LEDGER_MSG.idempotencyConflict);
      return existing;
    };
    const before = await replay();
    if (before) return before;
    const id = newId();
    const created = await this.tx(async (c) => {
      const p = await prepare(c, ctx, kind, payload);
      const status: PayOrderStatus = o.draft ? 'draft' : 'pending';
      const hold = !o.draft && p.holdFen > 0n ? await this.holdIn(c, ctx, id, 1, p) : null;
      const inserted = await c.query(
        `INSERT INTO pay_orders (id, tenant_id, order_no, kind, status, version, maker_id, maker_name, from_acct_no, from_cus_code, payee_name, payee_acct_no, bank_card_no,
           to_cus_code, amount, remark, direction, orig_order_id, payload, splits, hold_id, row_count, idempotency_key, request_hash, submitted_at)
         VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, $9, $10, $11, $12, $13, $14::bigint, $15, $16, $17, $18::jsonb, $19::jsonb, $20, $21, $22, $23, CASE WHEN $5 = 'pending' THEN now() END)
         ON CONFLICT (tenant_id, kind, idempotency_key) DO NOTHING RETURNING id`,
        [
          id,
          ctx.tenantId,
          await nextOrderNo(c),
          kind,
          status,
          ctx.actor.id,
          ctx.actor.name,
          p.fromAcctNo,
          p.fromCusCode,
          p.payeeName,
          p.payeeAcctNo,
          p.bankCardNo,
          p.toCusCode,
          p.amountFen.toString(),
          p.remark,
          p.direction,
          p.origOrderId,
          JSON.stringify(p.payload),
          p.splits ? JSON.stringify(p.splits) : null,
          hold?.holdId ?? null,
          p.rows?.length ?? 0,
          o.idempotencyKey,
          hash,
        ],
      );
      if (!inserted.length) return false;
      if (p.rows) await insertRows(c, id, p);
      await assertInScope(c, ctx, id, PAY_MSG.outsideScope);
      const row = { id, tenant_id: ctx.tenantId };
      await addEvent(c, row, 'create', ctx.actor, null, 'draft', 1);
      if (status === 'pending') await addEvent(c, row, 'submit', ctx.actor, 'draft', 'pending', 1);
      return true;
    });
    if (!created) return (await replay())!;
    const order = (await orderById(this.ledger.store, ctx.tenantId, id))!;
    if (order.status === 'pending') this.onSubmitted(order);
    return order;
  }

  /** Maker only, draft or pending: merges the patch into the payload, validates it again, re-reserves, version + 1. */
  async edit(ctx: PayCtx, v: { orderId: string; version: number; patch: Record<string, unknown>; submit: boolean }): Promise<OrderRow> {
    const submitted = await this.tx(async (c) => {
      const o = await this.mine(c, ctx, v.orderId);
      if (o.status !== 'draft' && o.status !== 'pending') throw new AppError(409, PAY_MSG.notEditable);
      if (o.version !== v.version) throw new AppError(409, PAY_MSG.staleVersion);
      const p = await prepare(c, ctx, o.kind, { ...o.payload, ...v.patch }, o.id);
      const next = o.version + 1;
      const status: PayOrderStatus = o.status === 'draft' && !v.submit ? 'draft' : 'pending';
      await this.releaseIn(c, o, ctx.actor.id, `v${o.version}`);
      const hold = status === 'pending' && p.holdFen > 0n ? await this.holdIn(c, ctx, o.id, next, p) : null;
      await c.query(
        `UPDATE pay_orders SET version = $3, status = $4, from_acct_no = $5, from_cus_code = $6, payee_name = $7, payee_acct_no = $8, bank_card_no = $9, to_cus_code = $10,
           amount = $11::bigint, remark = $12, direction = $13, payload = $14::jsonb, splits = $15::jsonb, hold_id = $16, row_count = $17,
           submitted_at = CASE WHEN $4 = 'pending' THEN now() ELSE submitted_at END, updated_at = now()
         WHERE id = $1 AND version = $2`,
        [
          o.id,
          o.version,
          next,
          status,
          p.fromAcctNo,
          p.fromCusCode,
          p.payeeName,
          p.payeeAcctNo,
          p.bankCardNo,
          p.toCusCode,
          p.amountFen.toString(),
          p.remark,
          p.direction,
          JSON.stringify(p.payload),
          p.splits ? JSON.stringify(p.splits) : null,
          hold?.holdId ?? null,
          p.rows?.length ?? 0,
        ],
      );
      if (p.rows) {
        await c.query('DELETE FROM pay_batch_rows WHERE order_id = $1', [o.id]);
        await insertRows(c, o.id, p);
      }
      await assertInScope(c, ctx, o.id, PAY_MSG.editedOutsideScope);
      await addEvent(c, o, 'edit', ctx.actor, o.status, status, next);
      if (o.status === 'draft' && status === 'pending') await addEvent(c, o, 'submit', ctx.actor, 'draft', 'pending', next);
      return status === 'pending';
    });
    const order = (await orderById(this.ledger.store, ctx.tenantId, v.orderId))!;
    if (submitted) this.onSubmitted(order);
    return order;
  }

  async cancel(ctx: PayCtx, orderId: string, reason: string): Promise<OrderRow> {
    await this.tx(async (c) => {
      const o = await this.mine(c, ctx, orderId);
      if (o.status !== 'draft' && o.status !== 'pending') throw new AppError(409, o.status === 'cancelled' ? PAY_MSG.raced : PAY_MSG.notEditable);
      await this.releaseIn(c, o, ctx.actor.id, `v${o.version}`);
      await c.query(`UPDATE pay_orders SET status = 'cancelled', updated_at = now() WHERE id = $1`, [o.id]);
      await addEvent(c, o, 'cancel', ctx.actor, o.status, 'cancelled', o.version, reason);
    });
    return (await orderById(this.ledger.store, ctx.tenantId, orderId))!;
  }

  private async mine(c: SqlConn, ctx: PayCtx, orderId: string): Promise<OrderRow> {
    const o = await orderById(c, ctx.tenantId, orderId, true, ctx.scope);
    if (!o) throw new AppError(404, PAY_MSG.orderNotFound);
    if (o.maker_id !== ctx.actor.id) throw new AppError(403, PAY_MSG.makerOnly);
    return o;
  }

  /**
   * One four-eyes decision on one order. The payment password was verified by the caller (once
   * for the whole request). Never throws for the order's own reasons: they become its outcome.
   */
  async decide(
    ctx: PayCtx,
    orderId: string,
    d: { approve: true; version: number; passkeyId?: string | null } | { approve: false; reason: string },
  ): Promise<AuditOutcome> {
    const out = (code: number, message: string, status: PayOrderStatus | null = null): AuditOutcome => ({ orderId, ok: code === 200, code, message, status });
    try {
      const decided = await this.tx(async (c) => {
        const o = await orderById(c, ctx.tenantId, orderId, false, ctx.scope);
        if (!o) throw new AppError(404, PAY_MSG.orderNotFound);
        if (o.maker_id === ctx.actor.id) throw new AppError(403, PAY_MSG.selfApprove);
        if (o.status === 'draft') throw new AppError(409, PAY_MSG.notPending);
        if (o.status !== 'pending') throw new AppError(409, PAY_MSG.raced);
        const version = d.approve ? d.version : o.version;
        if (version !== o.version) throw new AppError(409, PAY_MSG.staleVersion);
        const to: PayOrderStatus = d.approve ? 'approved' : 'rejected';
        const won = await c.query<{ id: string }>(
          `UPDATE pay_orders SET status = $4, approver_id = $3, approver_name = $5, decided_at = now(), reject_reason = $6, updated_at = now()
            WHERE id = $1 AND status = 'pending' AND version = $2 AND maker_id <> $3 RETURNING id`,
          [o.id, version, ctx.actor.id, to, ctx.actor.name, d.approve ? null : d.reason],
        );
        if (!won.length) {
          const now = await orderById(c, ctx.tenantId, orderId);
          throw new AppError(409, now?.status === 'pending' && now.version !== version ? PAY_MSG.staleVersion : PAY_MSG.raced);
        }
        if (!d.approve) await this.releaseIn(c, o, ctx.actor.id, 'reject');
        await addEvent(c, o, d.approve ? 'approve' : 'reject', ctx.actor, 'pending', to, o.version, d.approve ? '' : d.reason, d.approve ? d.passkeyId : null);
        await noticeMakerIn(c, o, to, d.approve ? null : d.reason);
        return o;
      });
      if (!d.approve) return out(200, '驳回成功', 'rejected');
      const status = await this.executor.afterApproval(decided);
      return out(200, '审批通过', status);
    } catch (err) {
      if (err instanceof AppError && err.statusCode < 500) return out(err.statusCode, err.message);
      throw err;
    }
  }
}

/**
 * A maker held to data rules on the order pages (rules.ts) writes only orders those rules show them:
 * the order as written in this transaction is read back through the rules, and one outside them is
 * refused (403) before commit, so nothing of it (row, batch rows, hold, events) is kept.
 */
async function assertInScope(c: SqlConn, ctx: PayCtx, orderId: string, message: string): Promise<void> {
  if (!ctx.scope) return;
  const s = scopeSql(ctx.scope, 1);
  const [seen] = await c.query<{ ok: boolean }>(`SELECT true AS ok FROM pay_orders o WHERE o.id = $1 AND ${s.text}`, [orderId, ...s.params]);
  if (!seen) throw new AppError(403, message);
}

async function insertRows(c: SqlConn, orderId: string, p: Prepared): Promise<void> {
  const rows = p.rows!;
  await c.query(
    `INSERT INTO pay_batch_rows (order_id, row_no, payee_name, payee_acct_no, bank_card_no, amount, remark)
     SELECT $1, x.n, x.name, x.acct, x.card, x.amt, x.remark
       FROM unnest($2::int[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[]) AS x(n, name, acct, card, amt, remark)`,
    [
      orderId,
      rows.map((_, i) => i + 1),
      rows.map((r) => r.payeeName),
      rows.map((r) => r.payeeAcctNo),
      rows.map((r) => r.bankCardNo),
      rows.map((r) => parseYuan(r.amount)!.toString()),
      rows.map((r) => r.remark),
    ],
  );
}
