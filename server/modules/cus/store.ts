// Rows, views and the shared steps of the cus module: who acts (CusCtx), reading a customer within
// the caller's reach (a customer-side user reaches only their own customer; another tenant's rows
// are as absent as missing ones), and the history every change writes in its own transaction.
import {
  CUS_MSG,
  HISTORY_ACTION_TEXT,
  REVIEW_STATUS_TEXT,
  type CusKind,
  type CusMasterView,
  type HistoryView,
  type ReviewStatus,
} from '../../../contract/api/cus';
import { AppError } from '../../http/envelope';
import type { SqlConn } from '../ledger/store';

export interface Actor {
  id: string;
  name: string;
}
export interface CusCtx {
  tenantId: string;
  actor: Actor;
  /** A customer-side user's own customer; null for staff. */
  cusCode: string | null;
}

export interface CustomerRow {
  id: string;
  tenant_id: string;
  cus_code: string;
  cus_name: string;
  cus_kind: CusKind;
  cus_type: 'customer' | 'supplier' | 'agent';
  credit_code: string | null;
  legal_name: string | null;
  legal_id_no: string | null;
  legal_mobile: string | null;
  contact_name: string | null;
  mobile: string | null;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  address: string | null;
  industry_id: string | null;
  industry_name: string | null;
  settle_card_no: string | null;
  settle_bank_name: string | null;
  settle_branch_name: string | null;
  status: 'enabled' | 'disabled';
  review_status: ReviewStatus;
  review_reason: string | null;
  version: number;
  maker_id: string | null;
  maker_name: string | null;
  checker_id: string | null;
  checker_name: string | null;
  created_at: Date;
  updated_at: Date;
}

export const iso = (d: Date | string) => new Date(d).toISOString();
export const CUSTOMER_COLS = `id::text, tenant_id, cus_code, cus_name, cus_kind, cus_type, credit_code, legal_name, legal_id_no, legal_mobile,
  contact_name, mobile, province_code, city_code, district_code, address, industry_id,
  (SELECT name FROM categories WHERE id = customers.industry_id) AS industry_name, settle_card_no, settle_bank_name, settle_branch_name,
  status, review_status, review_reason, version, maker_id, maker_name, checker_id, checker_name, created_at, updated_at`;

export function masterView(r: CustomerRow): CusMasterView {
  return {
    cusCode: r.cus_code,
    cusName: r.cus_name,
    cusKind: r.cus_kind,
    cusType: r.cus_type,
    creditCode: r.credit_code,
    legalName: r.legal_name,
    legalIdNo: r.legal_id_no,
    legalMobile: r.legal_mobile,
    contactName: r.contact_name,
    mobile: r.mobile,
    provinceCode: r.province_code,
    cityCode: r.city_code,
    districtCode: r.district_code,
    address: r.address,
    industryId: r.industry_id,
    industryName: r.industry_name,
    settleCardNo: r.settle_card_no,
    settleBankName: r.settle_bank_name,
    settleBranchName: r.settle_branch_name,
    status: r.status,
    reviewStatus: r.review_status,
    reviewStatusText: REVIEW_STATUS_TEXT[r.review_status],
    reviewReason: r.review_reason,
    version: r.version,
    makerName: r.maker_name,
    checkerName: r.checker_name,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** The customer within the caller's reach (404 otherwise); `lock` takes its row lock for a change. */
export async function customerOf(c: SqlConn, ctx: CusCtx, cusCode: string, lock = false): Promise<CustomerRow> {
  if (ctx.cusCode !== null && ctx.cusCode !== cusCode) throw new AppError(404, CUS_MSG.notFound);
  const [r] = await c.query<CustomerRow>(`SELECT ${CUSTOMER_COLS} FROM customers WHERE tenant_id = $1 AND cus_code = $2${lock ? ' FOR UPDATE' : ''}`, [
    ctx.tenantId,
    cusCode,
  ]);
  if (!r) throw new AppError(404, CUS_MSG.notFound);
  return r;
}

export interface HistoryInput {
  cusCode: string;
  innetId?: string | null;
  action: keyof typeof HISTORY_ACTION_TEXT | string;
  from?: string | null;
  to?: string | null;
  version: number;
  reason?: string;
  detail?: Record<string, unknown>;
}

export async function addHistory(c: SqlConn, tenantId: string, actor: Actor, h: HistoryInput): Promise<void> {
  await c.query(
    `INSERT INTO cus_history (tenant_id, cus_code, innet_id, action, from_status, to_status, version, reason, detail, actor_id, actor_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)`,
    [
      tenantId,
      h.cusCode,
      h.innetId ?? null,
      h.action,
      h.from ?? null,
      h.to ?? null,
      h.version,
      h.reason ?? '',
      JSON.stringify(h.detail ?? {}),
      actor.id,
      actor.name,
    ],
  );
}

export async function historyOf(
  c: SqlConn,
  ctx: CusCtx,
  q: { cusCode: string; innetId?: string; pageNum: number; pageSize: number },
): Promise<{ listData: HistoryView[]; count: number }> {
  await customerOf(c, ctx, q.cusCode);
  const where = `tenant_id = $1 AND cus_code = $2 AND ($3::text IS NULL OR innet_id = $3)`;
  const params: unknown[] = [ctx.tenantId, q.cusCode, q.innetId ?? null];
  const [{ n }] = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM cus_history WHERE ${where}`, params);
  const rows = await c.query<{
    id: string;
    cus_code: string;
    innet_id: string | null;
    action: string;
    from_status: string | null;
    to_status: string | null;
    version: number;
    reason: string;
    detail: Record<string, unknown>;
    actor_name: string;
    created_at: Date;
  }>(
    `SELECT id::text, cus_code, innet_id, action, from_status, to_status, version, reason, detail, actor_name, created_at FROM cus_history
      WHERE ${where} ORDER BY id DESC LIMIT $4 OFFSET $5`,
    [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
  );
  const listData = rows.map((r) => ({
    id: r.id,
    cusCode: r.cus_code,
    innetId: r.innet_id,
    action: r.action,
    actionText: HISTORY_ACTION_TEXT[r.action] ?? r.action,
    fromStatus: r.from_status,
    toStatus: r.to_status,
    version: r.version,
    reason: r.reason,
    detail: r.detail,
    actorName: r.actor_name,
    createdAt: iso(r.created_at),
  }));
  return { listData, count: Number(n) };
}
