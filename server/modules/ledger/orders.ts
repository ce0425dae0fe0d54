// Charges and withdrawals through the payment channel. A charge posts nothing until the channel
// confirms; a withdrawal reserves the funds at once (customer → suspense) and then settles
// (suspense → bank settlement) or is reversed (suspense → customer) when the channel answers.
// Completion locks the order row first, so a callback delivered twice posts once.
import { LEDGER_MSG, ORDER_STATUS_TEXT, type OrderStatus, type OrderView } from '../../../contract/api/ledger';
import { formatFen } from '../../../contract/money';
import type { ChannelResult } from '../../adapters/channel/channel';
import { AppError } from '../../http/envelope';
import { requestHash } from './hash';
import { netLines, recordFee } from '../fee/engine';
import { applySplitIn, type PostFn } from '../fee/splits';
import { postEntry, type PostedEntry } from './posting';
import type { SqlConn } from './store';

export interface OrderRow {
  id: string;
  tenant_id: string;
  kind: 'charge' | 'withdraw';
  account_id: string;
  account_no: string;
  amount: string;
  card_no: string | null;
  status: OrderStatus;
  idempotency_key: string;
  request_hash: string;
  actor: string;
  reason: string;
  reserve_entry_id: string | null;
  settle_entry_id: string | null;
  fail_reason: string | null;
  created_at: Date;
  updated_at: Date;
  /** Fee of the order (issue 18): a top-up's is deducted from the credit, a withdrawal's was debited on top. */
  fee?: string;
  fee_rule_id?: string | null;
  cus_code?: string | null;
}

export const ORDER_COLS = `o.id, o.tenant_id, o.kind, o.account_id::text, a.account_no, o.amount::text, o.card_no, o.status, o.idempotency_key, o.request_hash,
  o.actor, o.reason, o.reserve_entry_id, o.settle_entry_id, o.fail_reason, o.created_at, o.updated_at, o.fee::text, o.fee_rule_id, o.cus_code`;

export const orderView = (o: OrderRow): OrderView => ({
  orderId: o.id,
  kind: o.kind,
  acctNo: o.account_no,
  amount: formatFen(BigInt(o.amount)),
  cardNo: o.card_no,
  status: o.status,
  statusText: ORDER_STATUS_TEXT[o.status],
  failReason: o.fail_reason,
  createdAt: new Date(o.created_at).toISOString(),
  updatedAt: new Date(o.updated_at).toISOString(),
});

export async function orderById(c: SqlConn, tenantId: string, orderId: string, lock = false): Promise<OrderRow | null> {
  const [o] = await c.query<OrderRow>(
    `SELECT ${ORDER_COLS} FROM channel_orders o JOIN accounts a ON a.id = o.account_id WHERE o.id = $1 AND o.tenant_id = $2${lock ? ' FOR UPDATE OF o' : ''}`,
    [orderId, tenantId],
  );
  return o ?? null;
}

export async function orderByKey(c: SqlConn, tenantId: string, kind: 'charge' | 'withdraw', key: string): Promise<OrderRow | null> {
  const [o] = await c.query<OrderRow>(
    `SELECT ${ORDER_COLS} FROM channel_orders o JOIN accounts a ON a.id = o.account_id WHERE o.tenant_id = $1 AND o.kind = $2 AND o.idempotency_key = $3`,
    [tenantId, kind, key],
  );
  return o ?? null;
}

/** The same key answers the original order when the body matches, else 409. */
export function replayOrder(o: OrderRow, hash: string): OrderRow {
  if (o.request_hash !== hash) throw new AppError(409, LEDGER_MSG.idempotencyConflict);
  return o;
}

export async function insertOrder(
  c: SqlConn,
  v: {
    id: string;
    tenantId: string;
    kind: 'charge' | 'withdraw';
    accountId: string;
    amountFen: bigint;
    cardNo: string | null;
    key: string;
    hash: string;
    actor: string;
    reason: string;
    reserveEntryId: string | null;
    createdAt?: Date;
    fee?: { feeFen: bigint; ruleId: string | null; cusCode: string | null };
  },
): Promise<boolean> {
  const rows = await c.query(
    `INSERT INTO channel_orders (id, tenant_id, kind, account_id, amount, card_no, idempotency_key, request_hash, actor, reason, reserve_entry_id, created_at, updated_at,
       fee, fee_rule_id, cus_code)
     VALUES ($1, $2, $3, $4::bigint, $5::bigint, $6, $7, $8, $9, $10, $11, $12::timestamptz, $12::timestamptz, $13::bigint, $14, $15)
     ON CONFLICT (tenant_id, kind, idempotency_key) DO NOTHING RETURNING id`,
    [
      v.id,
      v.tenantId,
      v.kind,
      v.accountId,
      v.amountFen.toString(),
      v.cardNo,
      v.key,
      v.hash,
      v.actor,
      v.reason,
      v.reserveEntryId,
      (v.createdAt ?? new Date()).toISOString(),
      (v.fee?.feeFen ?? 0n).toString(),
      v.fee?.ruleId ?? null,
      v.fee?.cusCode ?? null,
    ],
  );
  return rows.length > 0;
}

/**
 * Applies the channel's outcome to a pending order, in the caller's transaction. Returns false when
 * the order was already complete (a repeated callback).
 */
export async function completeOrder(
  c: SqlConn,
  r: ChannelResult,
  platform: { suspense: string; bank_settlement: string; fee_income: string },
  post: PostFn = postEntry,
): Promise<boolean> {
  const o = await orderById(c, r.tenantId, r.orderId, true);
  if (!o) throw new Error(`ledger: channel callback for unknown order ${r.orderId}`);
  if (o.status !== 'pending') return false;
  const amount = BigInt(o.amount);
  // Issue 18: a top-up's fee is deducted from what is credited; a failed withdrawal gives its fee back.
  const fee = BigInt(o.fee ?? '0');
  const base = { tenantId: o.tenant_id, actor: 'channel', requestId: r.channelRef, requestHash: requestHash('channel', { orderId: o.id, success: r.success }) };
  const feeRecord = (entryId: string, feeFen: bigint) =>
    recordFee(c, {
      tenantId: o.tenant_id,
      cusCode: o.cus_code ?? null,
      txType: o.kind === 'charge' ? 'topup' : 'withdraw',
      ruleId: o.fee_rule_id ?? null,
      entryId,
      ref: o.id,
      baseFen: amount,
      feeFen,
    });
  let settled: PostedEntry | null = null;
  if (o.kind === 'charge' && r.success) {
    try {
      settled = await post(c, {
        ...base,
        kind: 'charge',
        reason: o.reason || '账户充值',
        idempotencyKey: `order:${o.id}:settle`,
        lines: netLines([
          { accountNo: o.account_no, amountFen: amount - fee },
          { accountNo: platform.fee_income, amountFen: fee },
          { accountNo: platform.bank_settlement, amountFen: -amount },
        ]),
      });
      await feeRecord(settled.id, fee);
      await applySplitIn(c, post, {
        tenantId: o.tenant_id,
        acctNo: o.account_no,
        amountFen: amount - fee,
        sourceEntryId: settled.id,
        sourceKind: 'topup',
        actor: 'channel',
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      // The money is at the bank but the account cannot take it (closed): hold it in suspense.
      settled = await post(c, {
        ...base,
        kind: 'charge_suspense',
        reason: `充值入账失败（${err.message}），挂账待处理`,
        idempotencyKey: `order:${o.id}:settle`,
        lines: [
          { accountNo: platform.suspense, amountFen: amount },
          { accountNo: platform.bank_settlement, amountFen: -amount },
        ],
      });
    }
  } else if (o.kind === 'withdraw' && r.success) {
    settled = await post(c, {
      ...base,
      kind: 'withdraw_settle',
      reason: o.reason || '提现出款',
      idempotencyKey: `order:${o.id}:settle`,
      lines: [
        { accountNo: platform.suspense, amountFen: -amount },
        { accountNo: platform.bank_settlement, amountFen: amount },
      ],
    });
  } else if (o.kind === 'withdraw') {
    settled = await post(c, {
      ...base,
      kind: 'withdraw_reverse',
      reason: `提现失败退回：${r.failReason ?? '渠道处理失败'}`,
      idempotencyKey: `order:${o.id}:reverse`,
      reverses: o.reserve_entry_id ?? undefined,
      allowDisabledCustomer: true,
      lines: netLines([
        { accountNo: platform.suspense, amountFen: -amount },
        { accountNo: platform.fee_income, amountFen: -fee },
        { accountNo: o.account_no, amountFen: amount + fee },
      ]),
    });
    await feeRecord(settled.id, -fee);
  }
  await c.query(`UPDATE channel_orders SET status = $2, settle_entry_id = $3, channel_ref = $4, fail_reason = $5, updated_at = now() WHERE id = $1`, [
    o.id,
    r.success ? 'succeeded' : 'failed',
    settled?.id ?? null,
    r.channelRef,
    r.success ? null : (r.failReason ?? '渠道处理失败'),
  ]);
  return true;
}
