// Rows of the pay module and their answer shapes. Every statement is fixed text with parameters;
// every read of an order names the tenant, so another tenant's order is simply absent (404).
import { randomUUID } from 'node:crypto';
import {
  PAY_ORDER_ACTION_TEXT,
  PAY_ORDER_KIND_TEXT,
  PAY_ORDER_STATUS_TEXT,
  maskCard,
  type BatchRowView,
  type DistributionSplitView,
  type PayOrderAction,
  type PayOrderEventView,
  type PayOrderKind,
  type PayOrderStatus,
  type PayOrderView,
} from '../../../contract/api/pay';
import { formatFen } from '../../../contract/money';
import { compactParts } from '../../../contract/time';
import type { SqlConn } from '../ledger/store';
import { scopeSql, type DataScope } from '../rbac/dataScope';

export interface OrderRow {
  id: string;
  tenant_id: string;
  order_no: string;
  kind: PayOrderKind;
  status: PayOrderStatus;
  version: number;
  maker_id: string;
  maker_name: string;
  approver_id: string | null;
  approver_name: string | null;
  from_acct_no: string | null;
  from_cus_code: string | null;
  from_cus_name: string | null;
  payee_name: string | null;
  payee_acct_no: string | null;
  bank_card_no: string | null;
  to_cus_code: string | null;
  amount: string;
  paid_amount: string;
  refunded: string;
  remark: string;
  direction: 'credit' | 'debit' | null;
  orig_order_id: string | null;
  payload: Record<string, unknown>;
  splits: SplitRow[] | null;
  hold_id: string | null;
  reject_reason: string | null;
  fail_reason: string | null;
  channel_order_id: string | null;
  row_count: number;
  succeeded_count: number;
  failed_count: number;
  idempotency_key: string;
  request_hash: string;
  created_at: Date;
  submitted_at: Date | null;
  decided_at: Date | null;
  finished_at: Date | null;
  /** Issue 18: the fee priced at submit (reserved with the amount), its rule version, a refund's share of the original's fee. */
  fee: string;
  fee_rule_id: string | null;
  fee_back: string;
}
export interface SplitRow {
  acctNo: string;
  amountFen: string;
  ratioBp: number | null;
  remainder: boolean;
}
export interface RowRow {
  row_no: number;
  payee_name: string;
  payee_acct_no: string | null;
  bank_card_no: string | null;
  amount: string;
  remark: string;
  status: BatchRowView['status'] | 'processing';
  fail_reason: string | null;
  channel_order_id: string | null;
  fee?: string;
}

export const ORDER_COLS = `o.id, o.tenant_id, o.order_no, o.kind, o.status, o.version, o.maker_id, o.maker_name, o.approver_id, o.approver_name,
  o.from_acct_no, o.from_cus_code, (SELECT cu.cus_name FROM customers cu WHERE cu.tenant_id = o.tenant_id AND cu.cus_code = o.from_cus_code) AS from_cus_name,
  o.payee_name, o.payee_acct_no, o.bank_card_no, o.to_cus_code, o.amount::text, o.paid_amount::text,
  (SELECT COALESCE(sum(r.paid_amount), 0) FROM pay_orders r WHERE r.orig_order_id = o.id AND r.status = 'succeeded')::text AS refunded,
  o.remark, o.direction, o.orig_order_id, o.payload, o.splits, o.hold_id, o.reject_reason, o.fail_reason, o.channel_order_id,
  o.row_count, o.succeeded_count, o.failed_count, o.idempotency_key, o.request_hash, o.created_at, o.submitted_at, o.decided_at, o.finished_at,
  o.fee::text, o.fee_rule_id, o.fee_back::text`;

const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const normalise = (o: OrderRow): OrderRow => ({
  ...o,
  version: Number(o.version),
  row_count: Number(o.row_count),
  succeeded_count: Number(o.succeeded_count),
  failed_count: Number(o.failed_count),
  payload: json(o.payload),
  splits: json(o.splits),
});

/** The order of the tenant; with `scope` (the reader's data rules, rules.ts) only when they allow it. */
export async function orderById(c: SqlConn, tenantId: string, id: string, lock = false, scope?: DataScope | null): Promise<OrderRow | null> {
  const s = scopeSql(scope, 2);
  const [o] = await c.query<OrderRow>(
    `SELECT ${ORDER_COLS} FROM pay_orders o WHERE o.id = $1 AND o.tenant_id = $2${scope ? ` AND ${s.text}` : ''}${lock ? ' FOR UPDATE OF o' : ''}`,
    [id, tenantId, ...s.params],
  );
  return o ? normalise(o) : null;
}

export async function orderByKey(c: SqlConn, tenantId: string, kind: PayOrderKind, key: string): Promise<OrderRow | null> {
  const [o] = await c.query<OrderRow>(`SELECT ${ORDER_COLS} FROM pay_orders o WHERE o.tenant_id = $1 AND o.kind = $2 AND o.idempotency_key = $3`, [
    tenantId,
    kind,
    key,
  ]);
  return o ? normalise(o) : null;
}

/** PO + the day in China (display zone, as settlement and supervision numbers) + a sequence number. */
export async function nextOrderNo(c: SqlConn, prefix = 'PO', at = new Date()): Promise<string> {
  const [{ n }] = await c.query<{ n: string }>(`SELECT nextval('pay_order_no_seq')::text AS n`);
  return `${prefix}${compactParts(at).day}${n.padStart(8, '0')}`;
}

export interface Actor {
  id: string;
  name: string;
}

export async function addEvent(
  c: SqlConn,
  o: { id: string; tenant_id: string },
  action: PayOrderAction,
  actor: Actor,
  from: string | null,
  to: string,
  version: number,
  reason = '',
  passkeyId: string | null = null,
): Promise<void> {
  await c.query(
    `INSERT INTO pay_order_events (order_id, tenant_id, action, actor_id, actor_name, from_status, to_status, reason, version, passkey_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [o.id, o.tenant_id, action, actor.id, actor.name, from, to, reason.slice(0, 500), version, passkeyId],
  );
}

export const newId = () => randomUUID();
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function orderView(o: OrderRow, viewer: { userId: string; canApprove: boolean; decrypted: boolean }): PayOrderView {
  const mine = o.maker_id === viewer.userId;
  return {
    orderId: o.id,
    orderNo: o.order_no,
    kind: o.kind,
    kindText: PAY_ORDER_KIND_TEXT[o.kind],
    status: o.status,
    statusText: PAY_ORDER_STATUS_TEXT[o.status],
    version: o.version,
    fromAcctNo: o.from_acct_no,
    fromCusCode: o.from_cus_code,
    fromCusName: o.from_cus_name ?? null,
    payeeName: o.payee_name,
    payeeAcctNo: o.payee_acct_no,
    bankCardNo: viewer.decrypted ? o.bank_card_no : maskCard(o.bank_card_no),
    amount: formatFen(BigInt(o.amount)),
    fee: formatFen(BigInt(o.fee ?? '0')),
    debitTotal: formatFen(BigInt(o.amount) + BigInt(o.fee ?? '0')),
    feeBack: formatFen(BigInt(o.fee_back ?? '0')),
    remark: o.remark,
    direction: o.direction,
    origOrderId: o.orig_order_id,
    refundedAmount: formatFen(BigInt(o.refunded ?? '0')),
    rowCount: o.row_count,
    succeededCount: o.succeeded_count,
    failedCount: o.failed_count,
    makerId: o.maker_id,
    makerName: o.maker_name,
    approverId: o.approver_id,
    approverName: o.approver_name,
    rejectReason: o.reject_reason,
    failReason: o.fail_reason,
    createdAt: iso(o.created_at)!,
    submittedAt: iso(o.submitted_at),
    decidedAt: iso(o.decided_at),
    finishedAt: iso(o.finished_at),
    canAudit: o.status === 'pending' && !mine && viewer.canApprove,
    canEdit: (o.status === 'pending' || o.status === 'draft') && mine,
  };
}

export function eventView(e: {
  action: PayOrderAction;
  actor_id: string;
  actor_name: string;
  from_status: string | null;
  to_status: string;
  reason: string;
  version: number;
  created_at: Date;
  passkey_id?: string | null;
  passkey_name?: string | null;
}): PayOrderEventView {
  return {
    passkey: e.passkey_id ? e.passkey_name || e.passkey_id.slice(0, 8) : null,
    action: e.action,
    actionText: PAY_ORDER_ACTION_TEXT[e.action] ?? e.action,
    actorId: e.actor_id,
    actorName: e.actor_name,
    fromStatus: e.from_status,
    toStatus: e.to_status,
    reason: e.reason,
    version: Number(e.version),
    createdAt: new Date(e.created_at).toISOString(),
  };
}

export function rowView(r: RowRow, decrypted: boolean): BatchRowView {
  return {
    rowNo: Number(r.row_no),
    payeeName: r.payee_name,
    payeeAcctNo: r.payee_acct_no,
    bankCardNo: decrypted ? r.bank_card_no : maskCard(r.bank_card_no),
    amount: formatFen(BigInt(r.amount)),
    fee: formatFen(BigInt(r.fee ?? '0')),
    remark: r.remark,
    status: r.status === 'processing' ? 'pending' : r.status,
    failReason: r.fail_reason,
  };
}

export const splitView = (s: SplitRow): DistributionSplitView => ({
  acctNo: s.acctNo,
  amount: formatFen(BigInt(s.amountFen)),
  ratio: s.ratioBp === null ? null : (s.ratioBp / 100).toFixed(2),
  remainder: s.remainder,
});
