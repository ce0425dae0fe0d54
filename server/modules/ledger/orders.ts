// Charges and withdrawals through the payment channel. A charge posts nothing until the channel
// confirms; a withdrawal reserves the funds at once (customer → suspense) and then settles
// (suspense → bank settlement) or is reversed (suspense → customer) when the channel answers.
// Completion locks the order rows first, so a callback delivered twice posts once; outcomes that
// arrive together complete together (completeOrders, one ledger_post call; see outcomes.ts).
import { LEDGER_MSG, ORDER_STATUS_TEXT, type OrderStatus, type OrderView } from '../../../contract/api/ledger';
import { formatFen } from '../../../contract/money';
import type { ChannelResult } from '../../adapters/channel/channel';
import { AppError } from '../../http/envelope';
import { requestHash } from './hash';
import { netLines, recordFee } from '../fee/engine';
import { applySplitIn } from '../fee/splits';
import { postEntries, postEntry, type PostInput } from './posting';
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
 * The entry a channel outcome posts for a pending order: a charge's credit (or, `toSuspense`, the
 * money held in suspense when the account cannot take it), a withdrawal's settlement to the bank,
 * or its reversal; null for a failed charge (nothing moved).
 */
export function outcomeInput(
  o: OrderRow,
  r: ChannelResult,
  platform: { suspense: string; bank_settlement: string; fee_income: string },
  toSuspense?: string,
): PostInput | null {
  const amount = BigInt(o.amount);
  // Issue 18: a top-up's fee is deducted from what is credited; a failed withdrawal gives its fee back.
  const fee = BigInt(o.fee ?? '0');
  const base = { tenantId: o.tenant_id, actor: 'channel', requestId: r.channelRef, requestHash: requestHash('channel', { orderId: o.id, success: r.success }) };
  if (o.kind === 'charge' && r.success && toSuspense !== undefined)
    return {
      ...base,
      kind: 'charge_suspense',
      reason: `充值入账失败（${toSuspense}），挂账待处理`,
      idempotencyKey: `order:${o.id}:settle`,
      lines: [
        { accountNo: platform.suspense, amountFen: amount },
        { accountNo: platform.bank_settlement, amountFen: -amount },
      ],
    };
  if (o.kind === 'charge' && r.success)
    return {
      ...base,
      kind: 'charge',
      reason: o.reason || '账户充值',
      idempotencyKey: `order:${o.id}:settle`,
      lines: netLines([
        { accountNo: o.account_no, amountFen: amount - fee },
        { accountNo: platform.fee_income, amountFen: fee },
        { accountNo: platform.bank_settlement, amountFen: -amount },
      ]),
    };
  if (o.kind === 'withdraw' && r.success)
    return {
      ...base,
      kind: 'withdraw_settle',
      reason: o.reason || '提现出款',
      idempotencyKey: `order:${o.id}:settle`,
      lines: [
        { accountNo: platform.suspense, amountFen: -amount },
        { accountNo: platform.bank_settlement, amountFen: amount },
      ],
    };
  if (o.kind === 'withdraw')
    return {
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
    };
  return null;
}

/**
 * Issue 18, after a completion's entry is posted (same transaction): the fee it moved (a top-up's
 * charged, a failed withdrawal's given back) is recorded, and a top-up's credit is split by the
 * account's standing split rule.
 */
async function feesAfterOutcome(c: SqlConn, o: OrderRow, r: ChannelResult, entryId: string, input: PostInput): Promise<void> {
  const fee = BigInt(o.fee ?? '0');
  const amount = BigInt(o.amount);
  const charge = o.kind === 'charge';
  if (input.kind !== 'charge' && input.kind !== 'withdraw_reverse') return;
  await recordFee(c, {
    tenantId: o.tenant_id,
    cusCode: o.cus_code ?? null,
    txType: charge ? 'topup' : 'withdraw',
    ruleId: o.fee_rule_id ?? null,
    entryId,
    ref: o.id,
    baseFen: amount,
    feeFen: charge ? fee : -fee,
  });
  if (charge && r.success)
    await applySplitIn(c, (cc, i) => postEntry(cc, i), {
      tenantId: o.tenant_id,
      acctNo: o.account_no,
      amountFen: amount - fee,
      sourceEntryId: entryId,
      sourceKind: 'topup',
      actor: 'channel',
    });
}

const ORDER_DONE_SQL = `UPDATE channel_orders o SET status = x.status, settle_entry_id = x.entry_id, channel_ref = x.ref, fail_reason = x.reason, updated_at = now()
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS x(id, status, entry_id, ref, reason) WHERE o.id = x.id`;

/**
 * Applies outcomes of ONE tenant's orders in the caller's transaction: locks the orders (in id
 * order), posts all their entries in one ledger_post call (each as if alone), a charge the account
 * cannot take going to suspense instead, and marks them done. Orders already complete (repeated
 * callbacks) are skipped; returns how many were completed.
 */
export async function completeOrders(
  c: SqlConn,
  results: ChannelResult[],
  platform: { suspense: string; bank_settlement: string; fee_income: string },
): Promise<number> {
  const byId = new Map(results.map((r) => [r.orderId, r]));
  const rows = await c.query<OrderRow>(
    `SELECT ${ORDER_COLS} FROM channel_orders o JOIN accounts a ON a.id = o.account_id WHERE o.id = ANY ($1::text[]) AND o.tenant_id = $2 ORDER BY o.id FOR UPDATE OF o`,
    [[...byId.keys()], results[0].tenantId],
  );
  if (rows.length < byId.size) {
    const known = new Set(rows.map((o) => o.id));
    throw new Error(`ledger: channel callback for unknown order ${[...byId.keys()].find((id) => !known.has(id))}`);
  }
  const open = rows.filter((o) => o.status === 'pending');
  const withInput = open.map((o) => ({ o, r: byId.get(o.id)!, input: outcomeInput(o, byId.get(o.id)!, platform) }));
  const posting = withInput.filter((x) => x.input);
  const entries = new Map<string, string>();
  const posted = posting.length
    ? await postEntries(
        c,
        posting.map((x) => x.input!),
      )
    : [];
  const refused: { o: OrderRow; r: ChannelResult; input: PostInput }[] = [];
  const after: { o: OrderRow; r: ChannelResult; input: PostInput; entryId: string }[] = [];
  posted.forEach((p, k) => {
    const x = posting[k];
    if (!(p instanceof AppError)) {
      entries.set(x.o.id, p.id);
      if (!p.replayed) after.push({ ...x, input: x.input!, entryId: p.id });
    } else if (x.o.kind === 'charge') refused.push({ o: x.o, r: x.r, input: outcomeInput(x.o, x.r, platform, p.message)! });
    else throw p;
  });
  // The money is at the bank but the account cannot take it (closed): hold it in suspense.
  if (refused.length)
    (
      await postEntries(
        c,
        refused.map((x) => x.input),
      )
    ).forEach((p, k) => {
      if (p instanceof AppError) throw p;
      entries.set(refused[k].o.id, p.id);
    });
  for (const x of after) await feesAfterOutcome(c, x.o, x.r, x.entryId, x.input);
  if (open.length)
    await c.query(ORDER_DONE_SQL, [
      open.map((o) => o.id),
      open.map((o) => (byId.get(o.id)!.success ? 'succeeded' : 'failed')),
      open.map((o) => entries.get(o.id) ?? null),
      open.map((o) => byId.get(o.id)!.channelRef),
      open.map((o) => (byId.get(o.id)!.success ? null : (byId.get(o.id)!.failReason ?? '渠道处理失败'))),
    ]);
  return open.length;
}
