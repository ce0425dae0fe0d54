// The lists of 结算管理 and 对账差错处理 (one page each, newest first), in the /sys page shape.
import { z } from 'zod';
import type { ReconDayRow, ReconItemRow, SettleBatchRow, SettleItemRow, SettleRuleRow } from '../../../contract/api/settle';
import type { PageResult } from '../../../contract/listQuery';
import { formatFen } from '../../../contract/money';
import type { SqlConn } from '../ledger/store';

/** Paging and the filters the pages send; the list kit's other parameters (sort, _t) pass through unused. */
export const pageQuery = z
  .object({
    pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    status: z.string().max(32).optional(),
    kind: z.string().max(32).optional(),
    cusCode: z.string().max(40).optional(),
    batchId: z.string().max(64).optional(),
    day: z.string().max(10).optional(),
  })
  .passthrough();
export type PageQuery = z.output<typeof pageQuery>;

/** '*abc*' (the list kit's like-wrapping of an input) → 'abc'; '' → null. */
export const plain = (v: string | undefined) => (v ? v.replace(/^\*|\*$/g, '') || null : null);
const fen = (v: string | null) => (v === null ? null : formatFen(BigInt(v)));
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

async function page<R, T>(c: SqlConn, q: PageQuery, sql: string, params: unknown[], map: (r: R) => T): Promise<PageResult<T>> {
  const n = params.length;
  const rows = await c.query<R & { total: number }>(`${sql} LIMIT $${n + 1} OFFSET $${n + 2}`, [...params, q.pageSize, (q.pageNo - 1) * q.pageSize]);
  let total = rows[0]?.total ?? 0;
  if (!rows.length && q.pageNo > 1) {
    const [again] = await c.query<{ total: number }>(`${sql} LIMIT 1`, params);
    total = again?.total ?? 0;
  }
  return { records: rows.map(map), total: Number(total), size: q.pageSize, current: q.pageNo };
}

export function listRules(c: SqlConn, tenantId: string, q: PageQuery): Promise<PageResult<SettleRuleRow>> {
  return page(
    c,
    q,
    `SELECT cu.cus_code, cu.cus_name, COALESCE(r.cycle, 'T1') AS cycle, COALESCE(r.keep_back, 0)::text AS keep_back, r.updated_at,
            a.account_no, (a.balance - a.frozen)::text AS available, count(*) OVER ()::int AS total
       FROM customers cu
       LEFT JOIN settle_rules r ON r.tenant_id = cu.tenant_id AND r.cus_code = cu.cus_code
       LEFT JOIN accounts a ON a.customer_id = cu.id AND a.account_type = 'settlement' AND a.status <> 'closed'
      WHERE cu.tenant_id = $1 AND ($2::text IS NULL OR cu.cus_code ILIKE '%' || $2 || '%' OR cu.cus_name ILIKE '%' || $2 || '%')
      ORDER BY cu.cus_code`,
    [tenantId, plain(q.cusCode)],
    (r: {
      cus_code: string;
      cus_name: string;
      cycle: 'T1' | 'manual';
      keep_back: string;
      updated_at: Date | null;
      account_no: string | null;
      available: string | null;
    }) => ({
      id: r.cus_code,
      cusCode: r.cus_code,
      cusName: r.cus_name,
      cycle: r.cycle,
      keepBack: formatFen(BigInt(r.keep_back)),
      settleAcctNo: r.account_no,
      available: fen(r.available),
      updatedAt: iso(r.updated_at),
    }),
  );
}

export function listBatches(c: SqlConn, tenantId: string, q: PageQuery): Promise<PageResult<SettleBatchRow>> {
  return page(
    c,
    q,
    `SELECT x.*, count(*) OVER ()::int AS total FROM (
       SELECT b.id, b.batch_no, b.trigger, b.cutoff, b.created_at, count(i.id)::int AS item_count,
              count(*) FILTER (WHERE i.status = 'succeeded')::int AS succeeded, count(*) FILTER (WHERE i.status = 'failed')::int AS failed,
              count(*) FILTER (WHERE i.status IN ('queued', 'pending'))::int AS open,
              COALESCE(sum(i.amount), 0)::text AS total_amount, COALESCE(sum(i.amount) FILTER (WHERE i.status = 'succeeded'), 0)::text AS paid
         FROM settle_batches b LEFT JOIN settle_items i ON i.batch_id = b.id
        WHERE b.tenant_id = $1 GROUP BY b.id) x
      WHERE ($2::text IS NULL OR (CASE WHEN x.open > 0 THEN 'processing' WHEN x.failed > 0 THEN 'partial' ELSE 'completed' END) = $2)
      ORDER BY x.created_at DESC`,
    [tenantId, plain(q.status)],
    (r: {
      id: string;
      batch_no: string;
      trigger: 'scheduled' | 'manual';
      cutoff: Date;
      created_at: Date;
      item_count: number;
      succeeded: number;
      failed: number;
      open: number;
      total_amount: string;
      paid: string;
    }) => ({
      id: r.id,
      batchNo: r.batch_no,
      trigger: r.trigger,
      cutoff: iso(r.cutoff)!,
      status: r.open > 0 ? 'processing' : r.failed > 0 ? 'partial' : 'completed',
      itemCount: r.item_count,
      succeeded: r.succeeded,
      failed: r.failed,
      total: formatFen(BigInt(r.total_amount)),
      paid: formatFen(BigInt(r.paid)),
      createTime: iso(r.created_at)!,
    }),
  );
}

export function listItems(c: SqlConn, tenantId: string, q: PageQuery): Promise<PageResult<SettleItemRow>> {
  return page(
    c,
    q,
    `SELECT i.*, i.amount::text AS amount_text, b.batch_no, cu.cus_name, count(*) OVER ()::int AS total
       FROM settle_items i JOIN settle_batches b ON b.id = i.batch_id
       LEFT JOIN customers cu ON cu.tenant_id = i.tenant_id AND cu.cus_code = i.cus_code
      WHERE i.tenant_id = $1 AND ($2::text IS NULL OR i.batch_id = $2) AND ($3::text IS NULL OR i.status = $3) AND ($4::text IS NULL OR i.cus_code ILIKE '%' || $4 || '%')
      ORDER BY i.updated_at DESC, i.cus_code`,
    [tenantId, plain(q.batchId), plain(q.status), plain(q.cusCode)],
    (r: {
      id: string;
      batch_id: string;
      batch_no: string;
      cus_code: string;
      cus_name: string | null;
      account_no: string;
      card_no: string;
      amount_text: string;
      status: SettleItemRow['status'];
      attempts: number;
      fail_reason: string | null;
      handled_reason: string | null;
      updated_at: Date;
    }) => ({
      id: r.id,
      batchId: r.batch_id,
      batchNo: r.batch_no,
      cusCode: r.cus_code,
      cusName: r.cus_name ?? '',
      accountNo: r.account_no,
      cardNo: `****${r.card_no.slice(-4)}`,
      amount: formatFen(BigInt(r.amount_text)),
      status: r.status,
      attempts: r.attempts,
      failReason: r.fail_reason,
      handledReason: r.handled_reason,
      updateTime: iso(r.updated_at)!,
    }),
  );
}

export function listReconDays(c: SqlConn, tenantId: string, q: PageQuery): Promise<PageResult<ReconDayRow>> {
  return page(
    c,
    q,
    `SELECT d.day::text AS day, d.status, d.statement_lines, d.our_orders, d.matched, d.runs, d.last_run_at,
            (SELECT count(*) FROM recon_items i WHERE i.tenant_id = d.tenant_id AND i.day = d.day)::int AS differences,
            (SELECT count(*) FROM recon_items i WHERE i.tenant_id = d.tenant_id AND i.day = d.day AND i.status IN ('open', 'adjust_pending'))::int AS open,
            count(*) OVER ()::int AS total
       FROM recon_days d WHERE d.tenant_id = $1 AND ($2::text IS NULL OR d.status = $2) ORDER BY d.day DESC`,
    [tenantId, plain(q.status)],
    (r: {
      day: string;
      status: ReconDayRow['status'];
      statement_lines: number;
      our_orders: number;
      matched: number;
      runs: number;
      last_run_at: Date;
      differences: number;
      open: number;
    }) => ({
      id: r.day,
      day: r.day,
      status: r.status,
      statementLines: r.statement_lines,
      ourOrders: r.our_orders,
      matched: r.matched,
      differences: r.differences,
      open: r.open,
      runs: r.runs,
      lastRunAt: iso(r.last_run_at)!,
    }),
  );
}

export function listReconItems(c: SqlConn, tenantId: string, q: PageQuery): Promise<PageResult<ReconItemRow>> {
  return page(
    c,
    q,
    `SELECT i.id, i.day::text AS day, i.ref, i.kind, i.order_id, i.our_amount::text, i.their_amount::text, i.their_fee::text, i.status,
            pu.realname AS proposed_name, ru.realname AS resolved_name, i.resolve_reason, i.updated_at, count(*) OVER ()::int AS total
       FROM recon_items i LEFT JOIN users pu ON pu.id = i.proposed_by LEFT JOIN users ru ON ru.id = i.resolved_by
      WHERE i.tenant_id = $1 AND ($2::text IS NULL OR i.day = $2::date) AND ($3::text IS NULL OR i.status = $3) AND ($4::text IS NULL OR i.kind = $4)
      ORDER BY i.day DESC, i.ref`,
    [tenantId, plain(q.day), plain(q.status), plain(q.kind)],
    (r: {
      id: string;
      day: string;
      ref: string;
      kind: ReconItemRow['kind'];
      order_id: string | null;
      our_amount: string | null;
      their_amount: string | null;
      their_fee: string | null;
      status: ReconItemRow['status'];
      proposed_name: string | null;
      resolved_name: string | null;
      resolve_reason: string | null;
      updated_at: Date;
    }) => ({
      id: r.id,
      day: r.day,
      ref: r.ref,
      kind: r.kind,
      orderId: r.order_id,
      ourAmount: fen(r.our_amount),
      theirAmount: fen(r.their_amount),
      theirFee: fen(r.their_fee),
      status: r.status,
      proposedBy: r.proposed_name,
      resolvedBy: r.resolved_name,
      resolveReason: r.resolve_reason,
      updateTime: iso(r.updated_at)!,
    }),
  );
}
