// Execution of approved orders (rules in service.ts). Internal payees: one ledger entry that
// captures the order's hold. External cards: the hold is captured to the platform suspense account
// and a channel withdrawal order is placed (the ledger settles or reverses it on the channel's
// callback; sweep() carries that outcome to our order or batch row). Batches: rows in row order;
// each row's posting (key batch:<orderId>:row:<n>) and its status commit together, so after a
// crash recover() continues with the rows still pending and no row is ever paid twice.
import { randomUUID } from 'node:crypto';
import type { PayOrderStatus } from '../../../contract/api/pay';
import { AppError } from '../../http/envelope';
import { requestHash } from '../ledger/hash';
import { insertOrder } from '../ledger/orders';
import type { PostLine } from '../ledger/posting';
import type { LedgerService } from '../ledger/service';
import type { SqlConn } from '../ledger/store';
import { noticeMakerIn } from './makerNotice';
import { addEvent, orderById, type Actor, type OrderRow, type RowRow } from './store';
import { withTx } from './tx';
import { feeRefundPart } from '../../../contract/api/fee';
import { netLines, recordFee } from '../fee/engine';
import { applySplitIn } from '../fee/splits';

/** A refund's share of its original's fee (contract feeRefundPart), under the original's row lock so refunds of one order count in turn. */
async function refundFeeBack(c: SqlConn, o: OrderRow): Promise<bigint> {
  if (!o.orig_order_id) return 0n;
  const [orig] = await c.query<{ fee: string; paid: string; before: string }>(
    `SELECT p.fee::text, p.paid_amount::text AS paid,
            (SELECT COALESCE(sum(r.paid_amount), 0) FROM pay_orders r WHERE r.orig_order_id = p.id AND r.status = 'succeeded' AND r.id <> $2)::text AS before
       FROM pay_orders p WHERE p.id = $1 FOR UPDATE`,
    [o.orig_order_id, o.id],
  );
  return orig ? feeRefundPart(BigInt(orig.fee), BigInt(orig.paid), BigInt(orig.before), BigInt(o.amount)) : 0n;
}

const SYSTEM: Actor = { id: 'system', name: '系统' };
const ROW_CHUNK = 200;

export interface ExecutorHooks {
  /** Tests: called before each batch row; throwing stops the run there (a simulated crash). */
  beforeRow?: (orderId: string, rowNo: number) => void;
}

export class PayExecutor {
  private readonly running = new Map<string, Promise<PayOrderStatus | null>>();
  hooks: ExecutorHooks = {};

  constructor(
    private readonly ledger: LedgerService,
    private readonly release: (c: SqlConn, o: OrderRow, actor: string, tag: string) => Promise<void>,
    private readonly log: (msg: string) => void = () => {},
  ) {}

  private tx<T>(fn: (c: SqlConn) => Promise<T>) {
    return withTx(this.ledger, fn);
  }

  /** Right after an approval: batches run in the background, everything else before we answer. */
  async afterApproval(o: OrderRow): Promise<PayOrderStatus> {
    if (o.kind === 'batch') {
      this.run(o.tenant_id, o.id).catch((err: Error) => this.log(`pay: batch ${o.id} stopped: ${err.message}`));
      return 'approved';
    }
    try {
      return (await this.run(o.tenant_id, o.id)) ?? 'approved';
    } catch (err) {
      this.log(`pay: order ${o.id} execution stopped: ${(err as Error).message}`);
      return 'executing';
    }
  }

  /** Executes (or resumes) one order; concurrent calls in this process share one run. */
  run(tenantId: string, orderId: string): Promise<PayOrderStatus | null> {
    let p = this.running.get(orderId);
    if (!p) {
      p = this.execute(tenantId, orderId).finally(() => this.running.delete(orderId));
      this.running.set(orderId, p);
    }
    return p;
  }

  /** Waits for every run of this process (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running.values()]);
  }

  /** Start-up recovery: every approved or executing order is run again (idempotent). */
  async recover(): Promise<number> {
    const rows = await this.ledger.store.query<{ id: string; tenant_id: string }>(
      `SELECT id, tenant_id FROM pay_orders WHERE status IN ('approved', 'executing') ORDER BY updated_at LIMIT 1000`,
    );
    await Promise.allSettled(rows.map((r) => this.run(r.tenant_id, r.id)));
    return rows.length;
  }

  private async execute(tenantId: string, orderId: string): Promise<PayOrderStatus | null> {
    const o = await this.tx(async (c) => {
      const row = await orderById(c, tenantId, orderId, true);
      if (!row || (row.status !== 'approved' && row.status !== 'executing')) return null;
      if (row.status === 'approved') {
        await c.query(`UPDATE pay_orders SET status = 'executing', updated_at = now() WHERE id = $1`, [row.id]);
        await addEvent(c, row, 'execute', SYSTEM, 'approved', 'executing', row.version);
      }
      return row;
    });
    if (!o) return null;
    if (o.kind === 'batch') return this.runBatch(o);
    if (o.channel_order_id) return this.sweepOrder(o);
    const platform = await this.ledger.platform(o.tenant_id);
    const amount = BigInt(o.amount);
    // Issue 18: the fee priced at submit leaves with the payment in the same entry (fee income); a refund gives back its share of the original's fee.
    const fee = BigInt(o.fee ?? '0');
    let lines: PostLine[];
    let external = false;
    switch (o.kind) {
      case 'single':
        external = !o.payee_acct_no;
        lines = netLines([
          { accountNo: o.from_acct_no!, amountFen: -(amount + fee), customerOnly: true },
          { accountNo: o.payee_acct_no ?? platform.suspense, amountFen: amount },
          { accountNo: platform.fee_income, amountFen: fee },
        ]);
        break;
      case 'refund':
        lines = [
          { accountNo: o.from_acct_no!, amountFen: -amount, customerOnly: true },
          { accountNo: o.payee_acct_no!, amountFen: amount, customerOnly: true },
        ];
        break;
      case 'adjust':
        lines =
          o.direction === 'credit'
            ? [
                { accountNo: platform.suspense, amountFen: -amount },
                { accountNo: o.payee_acct_no!, amountFen: amount, customerOnly: true },
              ]
            : [
                { accountNo: o.from_acct_no!, amountFen: -amount, customerOnly: true },
                { accountNo: platform.suspense, amountFen: amount },
              ];
        break;
      default:
        lines = [
          { accountNo: o.from_acct_no!, amountFen: -amount, customerOnly: true },
          ...(o.splits ?? []).filter((s) => BigInt(s.amountFen) > 0n).map((s) => ({ accountNo: s.acctNo, amountFen: BigInt(s.amountFen), customerOnly: true })),
        ];
    }
    const key = `payorder:${o.id}:exec`;
    try {
      const channelOrderId = await this.tx(async (c) => {
        const back = o.kind === 'refund' ? await refundFeeBack(c, o) : 0n;
        if (o.kind === 'refund')
          lines = netLines([
            { accountNo: o.from_acct_no!, amountFen: -(amount + fee), customerOnly: true },
            { accountNo: o.payee_acct_no!, amountFen: amount + back, customerOnly: true },
            { accountNo: platform.fee_income, amountFen: fee - back },
          ]);
        const entry = await this.ledger.postIn(c, {
          tenantId: o.tenant_id,
          kind: `pay_${o.kind}`,
          actor: o.approver_id ?? 'system',
          reason: `${o.order_no} ${o.remark}`.trim().slice(0, 200),
          idempotencyKey: key,
          requestHash: requestHash('payorder-exec', { orderId: o.id }),
          lines,
          hold: o.hold_id ? { op: 'capture', holdId: o.hold_id, amountFen: amount + fee } : undefined,
          allowDisabledCustomer: o.kind === 'adjust',
        });
        await this.feesIn(c, o, entry.id, fee, back);
        if (!external) {
          await this.finish(c, o, 'succeeded', amount, null);
          return null;
        }
        const id = randomUUID();
        const [acc] = await c.query<{ id: string }>('SELECT id::text FROM accounts WHERE account_no = $1', [o.from_acct_no]);
        await insertOrder(c, {
          id,
          tenantId: o.tenant_id,
          kind: 'withdraw',
          accountId: acc.id,
          amountFen: amount,
          cardNo: o.bank_card_no,
          key,
          hash: requestHash('payorder-exec', { orderId: o.id }),
          actor: o.approver_id ?? 'system',
          reason: `付款 ${o.order_no}`,
          reserveEntryId: entry.id,
          fee: { feeFen: fee, ruleId: o.fee_rule_id, cusCode: o.from_cus_code },
        });
        await c.query('UPDATE pay_orders SET channel_order_id = $2, updated_at = now() WHERE id = $1', [o.id, id]);
        return id;
      });
      if (!channelOrderId) return 'succeeded';
      await this.ledger.channel.submit({ orderId: channelOrderId, tenantId: o.tenant_id, kind: 'withdraw', amountFen: amount, cardNo: o.bank_card_no });
      return 'executing';
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await this.tx((c) => this.finish(c, o, 'failed', 0n, err.message));
      return 'failed';
    }
  }

  /** Issue 18, in the execution's transaction: the fee records, a refund's fee share, and the payee's standing split. */
  private async feesIn(c: SqlConn, o: OrderRow, entryId: string, fee: bigint, back: bigint): Promise<void> {
    const tx = o.kind === 'refund' ? 'refund' : 'payment';
    const base = BigInt(o.amount);
    await recordFee(c, { tenantId: o.tenant_id, cusCode: o.from_cus_code, txType: tx, ruleId: o.fee_rule_id, entryId, ref: o.id, baseFen: base, feeFen: fee });
    if (back > 0n) {
      await recordFee(c, {
        tenantId: o.tenant_id,
        cusCode: o.to_cus_code,
        txType: 'payment',
        ruleId: null,
        entryId,
        ref: `${o.id}:back`,
        baseFen: base,
        feeFen: -back,
      });
      await c.query('UPDATE pay_orders SET fee_back = $2::bigint WHERE id = $1', [o.id, back.toString()]);
    }
    if (o.kind === 'single' && o.payee_acct_no)
      await applySplitIn(c, (cc, i) => this.ledger.postIn(cc, i), {
        tenantId: o.tenant_id,
        acctNo: o.payee_acct_no,
        amountFen: base,
        sourceEntryId: entryId,
        sourceKind: 'payment',
        actor: 'system',
      });
  }

  /** Final state of an order (in the caller's transaction): releases what is left of the hold. */
  private async finish(c: SqlConn, o: OrderRow, status: PayOrderStatus, paidFen: bigint, failReason: string | null): Promise<void> {
    const done = await c.query<{ id: string }>(
      `UPDATE pay_orders SET status = $2, paid_amount = $3::bigint, fail_reason = $4, finished_at = now(), updated_at = now() WHERE id = $1 AND status = 'executing' RETURNING id`,
      [o.id, status, paidFen.toString(), failReason],
    );
    if (!done.length) return;
    await this.release(c, o, 'system', 'finish');
    await addEvent(c, o, 'result', SYSTEM, 'executing', status, o.version, failReason ?? '');
    await noticeMakerIn(c, o, status, failReason);
  }

  /** An external single pay waiting for the channel: carries a final channel outcome over. */
  private async sweepOrder(o: OrderRow): Promise<PayOrderStatus> {
    const [co] = await this.ledger.store.query<{ status: string; fail_reason: string | null }>('SELECT status, fail_reason FROM channel_orders WHERE id = $1', [
      o.channel_order_id,
    ]);
    if (!co || co.status === 'pending') return 'executing';
    const status: PayOrderStatus = co.status === 'succeeded' ? 'succeeded' : 'failed';
    await this.tx((c) => this.finish(c, o, status, status === 'succeeded' ? BigInt(o.amount) : 0n, co.fail_reason));
    return status;
  }

  private async runBatch(o: OrderRow): Promise<PayOrderStatus> {
    const platform = await this.ledger.platform(o.tenant_id);
    for (;;) {
      const rows = await this.ledger.store.query<RowRow>(
        `SELECT row_no, payee_name, payee_acct_no, bank_card_no, amount::text, remark, status, fail_reason, channel_order_id, fee::text FROM pay_batch_rows
          WHERE order_id = $1 AND status = 'pending' ORDER BY row_no LIMIT ${ROW_CHUNK}`,
        [o.id],
      );
      if (!rows.length) break;
      for (const r of rows) {
        this.hooks.beforeRow?.(o.id, Number(r.row_no));
        await this.payRow(o, r, platform.suspense, platform.fee_income);
      }
    }
    return this.settleBatch(o);
  }

  private async payRow(o: OrderRow, r: RowRow, suspense: string, feeIncome: string): Promise<void> {
    const amount = BigInt(r.amount);
    const fee = BigInt(r.fee ?? '0');
    const key = `batch:${o.id}:row:${r.row_no}`;
    const external = !r.payee_acct_no;
    let channelOrderId: string | null = null;
    try {
      channelOrderId = await this.tx(async (c) => {
        const [still] = await c.query<{ status: string }>('SELECT status FROM pay_batch_rows WHERE order_id = $1 AND row_no = $2 FOR UPDATE', [o.id, r.row_no]);
        if (still?.status !== 'pending') return null;
        const entry = await this.ledger.postIn(c, {
          tenantId: o.tenant_id,
          kind: 'pay_batch_row',
          actor: o.approver_id ?? 'system',
          reason: `${o.order_no} 第${r.row_no}行 ${r.payee_name}`.slice(0, 200),
          idempotencyKey: key,
          requestHash: requestHash('batch-row', { orderId: o.id, row: r.row_no, amount }),
          lines: netLines([
            { accountNo: o.from_acct_no!, amountFen: -(amount + fee), customerOnly: true },
            { accountNo: r.payee_acct_no ?? suspense, amountFen: amount, customerOnly: !external },
            { accountNo: feeIncome, amountFen: fee },
          ]),
          hold: o.hold_id ? { op: 'capture', holdId: o.hold_id, amountFen: amount + fee } : undefined,
        });
        await recordFee(c, {
          tenantId: o.tenant_id,
          cusCode: o.from_cus_code,
          txType: 'batchRow',
          ruleId: o.fee_rule_id,
          entryId: entry.id,
          ref: `${o.id}:row:${r.row_no}`,
          baseFen: amount,
          feeFen: fee,
        });
        if (!external) {
          if (r.payee_acct_no)
            await applySplitIn(c, (cc, i) => this.ledger.postIn(cc, i), {
              tenantId: o.tenant_id,
              acctNo: r.payee_acct_no,
              amountFen: amount,
              sourceEntryId: entry.id,
              sourceKind: 'batchRow',
              actor: 'system',
            });
          await c.query(`UPDATE pay_batch_rows SET status = 'succeeded', entry_id = $3, updated_at = now() WHERE order_id = $1 AND row_no = $2`, [
            o.id,
            r.row_no,
            entry.id,
          ]);
          return null;
        }
        const id = randomUUID();
        const [acc] = await c.query<{ id: string }>('SELECT id::text FROM accounts WHERE account_no = $1', [o.from_acct_no]);
        await insertOrder(c, {
          id,
          tenantId: o.tenant_id,
          kind: 'withdraw',
          accountId: acc.id,
          amountFen: amount,
          cardNo: r.bank_card_no,
          key,
          hash: requestHash('batch-row', { orderId: o.id, row: r.row_no }),
          actor: o.approver_id ?? 'system',
          reason: `批量付款 ${o.order_no} 第${r.row_no}行`,
          reserveEntryId: entry.id,
          fee: { feeFen: fee, ruleId: o.fee_rule_id, cusCode: o.from_cus_code },
        });
        await c.query(
          `UPDATE pay_batch_rows SET status = 'processing', entry_id = $3, channel_order_id = $4, updated_at = now() WHERE order_id = $1 AND row_no = $2`,
          [o.id, r.row_no, entry.id, id],
        );
        return id;
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      await this.ledger.store.query(
        `UPDATE pay_batch_rows SET status = 'failed', fail_reason = $3, updated_at = now() WHERE order_id = $1 AND row_no = $2 AND status = 'pending'`,
        [o.id, r.row_no, err.message],
      );
      return;
    }
    if (channelOrderId)
      await this.ledger.channel.submit({ orderId: channelOrderId, tenantId: o.tenant_id, kind: 'withdraw', amountFen: amount, cardNo: r.bank_card_no });
  }

  /** Rows handed to the channel take their outcome from it; with no open row left the batch is final. */
  private async settleBatch(o: OrderRow): Promise<PayOrderStatus> {
    await this.ledger.store.query(
      `UPDATE pay_batch_rows r SET status = CASE WHEN co.status = 'succeeded' THEN 'succeeded' ELSE 'failed' END, fail_reason = co.fail_reason, updated_at = now()
         FROM channel_orders co WHERE r.order_id = $1 AND r.status = 'processing' AND co.id = r.channel_order_id AND co.status <> 'pending'`,
      [o.id],
    );
    const [n] = await this.ledger.store.query<{ open: string; ok: string; bad: string; paid: string }>(
      `SELECT count(*) FILTER (WHERE status IN ('pending', 'processing'))::text AS open, count(*) FILTER (WHERE status = 'succeeded')::text AS ok,
              count(*) FILTER (WHERE status = 'failed')::text AS bad, COALESCE(sum(amount) FILTER (WHERE status = 'succeeded'), 0)::text AS paid
         FROM pay_batch_rows WHERE order_id = $1`,
      [o.id],
    );
    await this.ledger.store.query('UPDATE pay_orders SET succeeded_count = $2, failed_count = $3, updated_at = now() WHERE id = $1', [
      o.id,
      Number(n.ok),
      Number(n.bad),
    ]);
    if (n.open !== '0') return 'executing';
    const status: PayOrderStatus = n.bad === '0' ? 'succeeded' : n.ok === '0' ? 'failed' : 'partial';
    await this.tx((c) => this.finish(c, o, status, BigInt(n.paid), n.bad === '0' ? null : `${n.bad}笔付款失败`));
    return status;
  }

  /** Carries channel outcomes over to orders and batch rows still executing; returns how many orders it looked at. */
  async sweep(): Promise<number> {
    const rows = await this.ledger.store.query<{ id: string; tenant_id: string; kind: string }>(
      `SELECT id, tenant_id, kind FROM pay_orders WHERE status = 'executing' AND (channel_order_id IS NOT NULL OR kind = 'batch') ORDER BY updated_at LIMIT 200`,
    );
    for (const r of rows) {
      if (this.running.has(r.id)) continue;
      const o = await orderById(this.ledger.store, r.tenant_id, r.id);
      if (!o) continue;
      if (o.kind === 'batch') {
        const [open] = await this.ledger.store.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM pay_batch_rows WHERE order_id = $1 AND status = 'pending'`,
          [o.id],
        );
        if (open.n === '0') await this.settleBatch(o);
      } else {
        await this.sweepOrder(o);
      }
    }
    return rows.length;
  }
}
