// The lists of the three supervision pages: funds and requests, seen by the supervisor (all of
// the tenant), a supplier (its own funds) or a customer (its own), newest first, /sys page shape.
import type { PageResult } from '../../../contract/listQuery';
import { formatFen } from '../../../contract/money';
import type { SvFundRow, SvRequestRow } from '../../../contract/api/supervise';
import type { SqlConn } from '../ledger/store';
import { plain, type PageQuery } from '../settle/queries';

/** Whose view: the supervisor's (everything), or the supplier's / customer's side (only theirs when `code` is set). */
export interface SvView {
  tenantId: string;
  side: 'boss' | 'supplier' | 'cus';
  /** A customer-group user's own code; null: a platform user (sees every fund on that side). */
  code: string | null;
  userId: string;
}

const sideFilter = (v: SvView, n: number) =>
  v.code === null ? `$${n}::text IS NULL` : v.side === 'supplier' ? `f.supplier_code = $${n}` : v.side === 'cus' ? `f.cus_code = $${n}` : `$${n}::text IS NULL`;

export async function listFunds(c: SqlConn, v: SvView, q: PageQuery): Promise<PageResult<SvFundRow>> {
  const rows = await c.query<{
    id: string;
    cus_code: string;
    cus_name: string | null;
    supplier_code: string;
    supplier_name: string | null;
    contract_no: string;
    account_no: string;
    balance: string;
    reserved: string;
    deposited: string;
    released: string;
    refunded: string;
    pending: number;
    frozen_reason: string | null;
    updated_at: Date;
    total: number;
  }>(
    `SELECT f.id, f.cus_code, cu.cus_name, f.supplier_code, su.cus_name AS supplier_name, f.contract_no, f.account_no, f.balance::text, f.reserved::text,
            f.deposited::text, f.released::text, f.refunded::text, z.reason AS frozen_reason, f.updated_at,
            (SELECT count(*) FROM sv_requests r WHERE r.fund_id = f.id AND r.status = 'pending')::int AS pending, count(*) OVER ()::int AS total
       FROM sv_funds f
       LEFT JOIN customers cu ON cu.tenant_id = f.tenant_id AND cu.cus_code = f.cus_code
       LEFT JOIN customers su ON su.tenant_id = f.tenant_id AND su.cus_code = f.supplier_code
       LEFT JOIN sv_supplier_freezes z ON z.tenant_id = f.tenant_id AND z.supplier_code = f.supplier_code
      WHERE f.tenant_id = $1 AND ${sideFilter(v, 2)}
        AND ($3::text IS NULL OR f.cus_code ILIKE '%' || $3 || '%' OR f.supplier_code ILIKE '%' || $3 || '%' OR f.contract_no ILIKE '%' || $3 || '%')
      ORDER BY f.updated_at DESC LIMIT $4 OFFSET $5`,
    [v.tenantId, v.code, plain(q.cusCode), q.pageSize, (q.pageNo - 1) * q.pageSize],
  );
  return {
    records: rows.map((r) => ({
      id: r.id,
      cusCode: r.cus_code,
      cusName: r.cus_name ?? '',
      supplierCode: r.supplier_code,
      supplierName: r.supplier_name ?? '',
      contractNo: r.contract_no,
      accountNo: r.account_no,
      balance: formatFen(BigInt(r.balance)),
      reserved: formatFen(BigInt(r.reserved)),
      available: formatFen(BigInt(r.balance) - BigInt(r.reserved)),
      deposited: formatFen(BigInt(r.deposited)),
      released: formatFen(BigInt(r.released)),
      refunded: formatFen(BigInt(r.refunded)),
      pendingCount: r.pending,
      frozenReason: r.frozen_reason,
      updateTime: new Date(r.updated_at).toISOString(),
    })),
    total: rows[0]?.total ?? 0,
    size: q.pageSize,
    current: q.pageNo,
  };
}

export async function listRequests(c: SqlConn, v: SvView, q: PageQuery): Promise<PageResult<SvRequestRow>> {
  const rows = await c.query<{
    id: string;
    request_no: string;
    fund_id: string;
    kind: SvRequestRow['kind'];
    cus_code: string;
    cus_name: string | null;
    supplier_code: string;
    supplier_name: string | null;
    contract_no: string;
    amount: string;
    balance: string;
    reason: string;
    status: SvRequestRow['status'];
    raised_by: string;
    raised_name: string;
    decided_name: string | null;
    decide_reason: string | null;
    files: { id: string; fileName: string }[] | null;
    created_at: Date;
    decided_at: Date | null;
    total: number;
  }>(
    `SELECT r.id, r.request_no, r.fund_id, r.kind, f.cus_code, cu.cus_name, f.supplier_code, su.cus_name AS supplier_name, f.contract_no, r.amount::text,
            f.balance::text, r.reason, r.status, r.raised_by, r.raised_name, r.decided_name, r.decide_reason, r.created_at, r.decided_at,
            (SELECT json_agg(json_build_object('id', u.id, 'fileName', u.file_name) ORDER BY u.file_name) FROM sv_request_files rf JOIN uploaded_files u ON u.id = rf.file_id
              WHERE rf.request_id = r.id) AS files,
            count(*) OVER ()::int AS total
       FROM sv_requests r JOIN sv_funds f ON f.id = r.fund_id
       LEFT JOIN customers cu ON cu.tenant_id = f.tenant_id AND cu.cus_code = f.cus_code
       LEFT JOIN customers su ON su.tenant_id = f.tenant_id AND su.cus_code = f.supplier_code
      WHERE r.tenant_id = $1 AND ${sideFilter(v, 2)} AND ($3::text IS NULL OR r.status = $3) AND ($4::text IS NULL OR r.kind = $4)
      ORDER BY (r.status = 'pending') DESC, r.created_at DESC LIMIT $5 OFFSET $6`,
    [v.tenantId, v.code, plain(q.status), plain(q.kind), q.pageSize, (q.pageNo - 1) * q.pageSize],
  );
  return {
    records: rows.map((r) => ({
      id: r.id,
      requestNo: r.request_no,
      fundId: r.fund_id,
      kind: r.kind,
      cusCode: r.cus_code,
      cusName: r.cus_name ?? '',
      supplierCode: r.supplier_code,
      supplierName: r.supplier_name ?? '',
      contractNo: r.contract_no,
      amount: formatFen(BigInt(r.amount)),
      fundBalance: formatFen(BigInt(r.balance)),
      reason: r.reason,
      status: r.status,
      raisedBy: r.raised_by,
      raisedName: r.raised_name,
      decidedName: r.decided_name,
      decideReason: r.decide_reason,
      files: r.files ?? [],
      createTime: new Date(r.created_at).toISOString(),
      decideTime: r.decided_at ? new Date(r.decided_at).toISOString() : null,
      mine: r.raised_by === v.userId,
    })),
    total: rows[0]?.total ?? 0,
    size: q.pageSize,
    current: q.pageNo,
  };
}
