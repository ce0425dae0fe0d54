// Fee income (手续费收入, issue 18 §1): per customer and calendar month (Asia/Shanghai) from the fee
// records written with each ledger entry (engine.ts recordFee), and the monthly fee invoice through
// the existing invoice flow (pay/invoices.ts: applied here, issued by 开具发票 as any other).
import { FEE_MSG, type FeeIncomeRow } from '../../../contract/api/fee';
import type { InvoiceView } from '../../../contract/api/pay';
import { formatFen } from '../../../contract/money';
import { AppError } from '../../http/envelope';
import { requestHash } from '../ledger/hash';
import type { SqlConn } from '../ledger/store';
import { invoiceView } from '../pay/invoices';
import { newId } from '../pay/store';

const MONTH = `to_char(f.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM')`;

export async function feeIncome(
  c: SqlConn,
  tenantId: string,
  q: { month?: string; cusCode?: string | null; pageNum: number; pageSize: number },
): Promise<{ listData: FeeIncomeRow[]; count: number; total: string }> {
  const params = [tenantId, q.month ?? null, q.cusCode ?? null];
  const where = `f.tenant_id = $1 AND ($2::text IS NULL OR ${MONTH} = $2) AND ($3::text IS NULL OR f.cus_code = $3)`;
  const [{ n, total }] = await c.query<{ n: number; total: string }>(
    `SELECT count(DISTINCT (${MONTH}, f.cus_code))::int AS n, COALESCE(sum(f.fee_fen), 0)::text AS total FROM fee_charges f WHERE ${where}`,
    params,
  );
  const rows = await c.query<{ month: string; cus_code: string; cus_name: string | null; count: number; charged: string; returned: string }>(
    `SELECT ${MONTH} AS month, f.cus_code, max(cu.cus_name) AS cus_name, count(*) FILTER (WHERE f.fee_fen > 0)::int AS count,
            COALESCE(sum(f.fee_fen) FILTER (WHERE f.fee_fen > 0), 0)::text AS charged, COALESCE(-sum(f.fee_fen) FILTER (WHERE f.fee_fen < 0), 0)::text AS returned
       FROM fee_charges f LEFT JOIN customers cu ON cu.tenant_id = f.tenant_id AND cu.cus_code = f.cus_code
      WHERE ${where} GROUP BY 1, 2 ORDER BY 1 DESC, 2 LIMIT $4 OFFSET $5`,
    [...params, q.pageSize, (q.pageNum - 1) * q.pageSize],
  );
  return {
    count: Number(n),
    total: formatFen(BigInt(total)),
    listData: rows.map((r) => ({
      month: r.month,
      cusCode: r.cus_code,
      cusName: r.cus_name ?? r.cus_code,
      count: Number(r.count),
      charged: formatFen(BigInt(r.charged)),
      returned: formatFen(BigInt(r.returned)),
      net: formatFen(BigInt(r.charged) - BigInt(r.returned)),
    })),
  };
}

/** The customer's fee invoice of one month: its net fee income, once per customer and month (a repeat is 409). */
export async function applyFeeInvoice(
  tx: <T>(fn: (c: SqlConn) => Promise<T>) => Promise<T>,
  tenantId: string,
  actor: string,
  v: { cusCode: string; month: string; title: string; taxNo: string },
): Promise<InvoiceView> {
  const key = `feeinvoice:${v.cusCode}:${v.month}`;
  return tx(async (c) => {
    const [cus] = await c.query<{ id: string }>('SELECT id::text FROM customers WHERE tenant_id = $1 AND cus_code = $2 FOR UPDATE', [tenantId, v.cusCode]);
    if (!cus) throw new AppError(404, FEE_MSG.cusNotFound);
    const [prior] = await c.query<{ id: string }>('SELECT id FROM invoices WHERE tenant_id = $1 AND idempotency_key = $2', [tenantId, key]);
    if (prior) throw new AppError(409, FEE_MSG.invoiceExists);
    const [{ net }] = await c.query<{ net: string }>(
      `SELECT COALESCE(sum(f.fee_fen), 0)::text AS net FROM fee_charges f WHERE f.tenant_id = $1 AND f.cus_code = $2 AND ${MONTH} = $3`,
      [tenantId, v.cusCode, v.month],
    );
    if (BigInt(net) <= 0n) throw new AppError(400, FEE_MSG.noIncome);
    const [row] = await c.query<Parameters<typeof invoiceView>[0]>(
      `INSERT INTO invoices (id, tenant_id, cus_code, amount, title, tax_no, remark, applied_by, idempotency_key, request_hash)
       VALUES ($1, $2, $3, $4::bigint, $5, $6, $7, $8, $9, $10)
       RETURNING id, cus_code, amount::text, title, tax_no, remark, status, invoice_no, applied_by, issued_by, created_at, issued_at, request_hash`,
      [newId(), tenantId, v.cusCode, net, v.title, v.taxNo, `${v.month} 手续费发票`, actor, key, requestHash('feeinvoice', { ...v })],
    );
    return invoiceView(row);
  });
}
