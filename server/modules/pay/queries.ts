// Reads of payment orders: the paged list with its filters, the detail with events, rows and
// splits, and the approver's badge count. Filters are parameters of one fixed statement.
import { PAY_MSG, type PayOrderDetail, type PayOrderKind, type PayOrderStatus } from '../../../contract/api/pay';
import { AppError } from '../../http/envelope';
import type { SqlConn } from '../ledger/store';
import { scopeSql, type DataScope } from '../rbac/dataScope';
import { ORDER_COLS, eventView, orderById, orderView, rowView, splitView, type OrderRow, type RowRow } from './store';

export interface Viewer {
  tenantId: string;
  userId: string;
  canApprove: boolean;
  decrypted: boolean;
  cusCode: string | null;
  /** The viewer's data rules on orders (rules.ts orderScopeOf), null when none narrows. */
  scope: DataScope | null;
}
export interface OrderFilter {
  status?: PayOrderStatus;
  kind?: PayOrderKind;
  mine?: boolean;
  pendingForMe?: boolean;
  orderNo?: string;
  cusCode?: string;
  pageNum: number;
  pageSize: number;
}

const WHERE = `o.tenant_id = $1
  AND ($2::text IS NULL OR o.status = $2) AND ($3::text IS NULL OR o.kind = $3)
  AND ($4::text IS NULL OR o.maker_id = $4)
  AND ($5::text IS NULL OR (o.status = 'pending' AND o.maker_id <> $5))
  AND ($6::text IS NULL OR o.order_no = $6)
  AND ($7::text IS NULL OR o.from_cus_code = $7 OR o.to_cus_code = $7)
  AND ($8::text IS NULL OR o.from_cus_code = $8 OR o.to_cus_code = $8)`;

function params(v: Viewer, f: OrderFilter): unknown[] {
  return [
    v.tenantId,
    f.status ?? null,
    f.kind ?? null,
    f.mine ? v.userId : null,
    f.pendingForMe ? v.userId : null,
    f.orderNo || null,
    f.cusCode || null,
    v.cusCode,
  ];
}

export async function listOrders(c: SqlConn, v: Viewer, f: OrderFilter) {
  if (f.pendingForMe && !v.canApprove) return { listData: [], count: 0 };
  const s = scopeSql(v.scope, 8);
  const p = [...params(v, f), ...s.params];
  const where = `${WHERE} AND ${s.text}`;
  const rows = await c.query<OrderRow>(
    `SELECT ${ORDER_COLS} FROM pay_orders o WHERE ${where} ORDER BY o.created_at DESC, o.id LIMIT $${p.length + 1} OFFSET $${p.length + 2}`,
    [...p, f.pageSize, (f.pageNum - 1) * f.pageSize],
  );
  const [{ n }] = await c.query<{ n: string }>(`SELECT count(*)::text AS n FROM pay_orders o WHERE ${where}`, p);
  const norm = rows.map((o) => ({
    ...o,
    version: Number(o.version),
    row_count: Number(o.row_count),
    succeeded_count: Number(o.succeeded_count),
    failed_count: Number(o.failed_count),
  }));
  return { listData: norm.map((o) => orderView(o, v)), count: Number(n) };
}

export async function pendingCount(c: SqlConn, v: Viewer): Promise<number> {
  if (!v.canApprove) return 0;
  const s = scopeSql(v.scope, 3);
  const [{ n }] = await c.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM pay_orders o WHERE o.tenant_id = $1 AND o.status = 'pending' AND o.maker_id <> $2 AND ($3::text IS NULL OR o.from_cus_code = $3 OR o.to_cus_code = $3) AND ${s.text}`,
    [v.tenantId, v.userId, v.cusCode, ...s.params],
  );
  return Number(n);
}

/** The order as the viewer may see it, else 404 (another tenant's, another customer's, or outside their data rules). */
export async function visibleOrder(c: SqlConn, v: Viewer, orderId: string): Promise<OrderRow> {
  const o = await orderById(c, v.tenantId, orderId, false, v.scope);
  if (!o || (v.cusCode && o.from_cus_code !== v.cusCode && o.to_cus_code !== v.cusCode)) throw new AppError(404, PAY_MSG.orderNotFound);
  return o;
}

export async function orderDetail(c: SqlConn, v: Viewer, orderId: string, pageNum: number, pageSize: number): Promise<PayOrderDetail> {
  const o = await visibleOrder(c, v, orderId);
  const events = await c.query<Parameters<typeof eventView>[0]>(
    `SELECT e.action, e.actor_id, e.actor_name, e.from_status, e.to_status, e.reason, e.version, e.created_at, e.passkey_id, k.name AS passkey_name
       FROM pay_order_events e LEFT JOIN passkeys k ON k.id = e.passkey_id WHERE e.order_id = $1 ORDER BY e.id`,
    [o.id],
  );
  const rows =
    o.kind === 'batch'
      ? await c.query<RowRow>(
          `SELECT row_no, payee_name, payee_acct_no, bank_card_no, amount::text, remark, status, fail_reason, channel_order_id FROM pay_batch_rows WHERE order_id = $1 ORDER BY row_no LIMIT $2 OFFSET $3`,
          [o.id, pageSize, (pageNum - 1) * pageSize],
        )
      : [];
  return {
    order: orderView(o, v),
    events: events.map(eventView),
    rows: rows.map((r) => rowView(r, v.decrypted)),
    rowsPage: { count: o.row_count, pageSize, offset: (pageNum - 1) * pageSize },
    splits: (o.splits ?? []).map(splitView),
  };
}
