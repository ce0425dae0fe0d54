// Invoices against paid amounts. A customer's invoiceable amount = what its succeeded payments
// actually paid out (single, batch (succeeded rows), distribution; paid_amount) − succeeded refunds
// paid back to it − every invoice already applied or issued. InvoiceApply takes the customer row's
// lock first, so two concurrent applications cannot both spend the same headroom; it never exceeds.
import { LEDGER_MSG } from '../../../contract/api/ledger';
import { PAY_MSG, type InvoiceView } from '../../../contract/api/pay';
import { formatFen } from '../../../contract/money';
import { AppError } from '../../http/envelope';
import { requestHash } from '../ledger/hash';
import type { SqlConn } from '../ledger/store';
import { newId } from './store';

interface InvoiceRow {
  id: string;
  cus_code: string;
  amount: string;
  title: string;
  tax_no: string;
  remark: string;
  status: 'applied' | 'issued';
  invoice_no: string | null;
  applied_by: string;
  issued_by: string | null;
  created_at: Date;
  issued_at: Date | null;
  request_hash: string;
}
const COLS = 'id, cus_code, amount::text, title, tax_no, remark, status, invoice_no, applied_by, issued_by, created_at, issued_at, request_hash';

export const invoiceView = (r: InvoiceRow): InvoiceView => ({
  invoiceId: r.id,
  cusCode: r.cus_code,
  amount: formatFen(BigInt(r.amount)),
  title: r.title,
  taxNo: r.tax_no,
  remark: r.remark,
  status: r.status,
  statusText: r.status === 'issued' ? '已开具' : '已申请',
  invoiceNo: r.invoice_no,
  appliedBy: r.applied_by,
  issuedBy: r.issued_by,
  createdAt: new Date(r.created_at).toISOString(),
  issuedAt: r.issued_at ? new Date(r.issued_at).toISOString() : null,
});

export async function invoiceTotals(c: SqlConn, tenantId: string, cusCode: string): Promise<{ paid: bigint; invoiced: bigint; invoiceable: bigint }> {
  const [r] = await c.query<{ paid: string; refunded: string; invoiced: string }>(
    `SELECT (SELECT COALESCE(sum(paid_amount), 0) FROM pay_orders WHERE tenant_id = $1 AND from_cus_code = $2 AND kind IN ('single', 'batch', 'distribution') AND status IN ('succeeded', 'partial'))::text AS paid,
            (SELECT COALESCE(sum(paid_amount), 0) FROM pay_orders WHERE tenant_id = $1 AND to_cus_code = $2 AND kind = 'refund' AND status = 'succeeded')::text AS refunded,
            (SELECT COALESCE(sum(amount), 0) FROM invoices WHERE tenant_id = $1 AND cus_code = $2 AND idempotency_key NOT LIKE 'feeinvoice:%')::text AS invoiced`,
    [tenantId, cusCode],
  );
  const paid = BigInt(r.paid) - BigInt(r.refunded);
  const invoiced = BigInt(r.invoiced);
  return { paid, invoiced, invoiceable: paid - invoiced > 0n ? paid - invoiced : 0n };
}

export async function applyInvoice(
  tx: <T>(fn: (c: SqlConn) => Promise<T>) => Promise<T>,
  tenantId: string,
  actor: string,
  v: { cusCode: string; amountFen: bigint; title: string; taxNo: string; remark: string; idempotencyKey: string },
): Promise<InvoiceView> {
  const hash = requestHash('invoice', { cus: v.cusCode, amount: v.amountFen, title: v.title, taxNo: v.taxNo, remark: v.remark });
  return tx(async (c) => {
    const [cus] = await c.query<{ id: string }>('SELECT id::text FROM customers WHERE tenant_id = $1 AND cus_code = $2 FOR UPDATE', [tenantId, v.cusCode]);
    if (!cus) throw new AppError(404, LEDGER_MSG.customerNotFound);
    const [prior] = await c.query<InvoiceRow>(`SELECT ${COLS} FROM invoices WHERE tenant_id = $1 AND idempotency_key = $2`, [tenantId, v.idempotencyKey]);
    if (prior) {
      if (prior.request_hash !== hash) throw new AppError(409, LEDGER_MSG.idempotencyConflict);
      return invoiceView(prior);
    }
    const t = await invoiceTotals(c, tenantId, v.cusCode);
    if (v.amountFen > t.invoiceable) throw new AppError(400, PAY_MSG.invoiceExceeded(formatFen(t.invoiceable)));
    const [row] = await c.query<InvoiceRow>(
      `INSERT INTO invoices (id, tenant_id, cus_code, amount, title, tax_no, remark, applied_by, idempotency_key, request_hash)
       VALUES ($1, $2, $3, $4::bigint, $5, $6, $7, $8, $9, $10) RETURNING ${COLS}`,
      [newId(), tenantId, v.cusCode, v.amountFen.toString(), v.title, v.taxNo, v.remark, actor, v.idempotencyKey, hash],
    );
    return invoiceView(row);
  });
}

export async function makeInvoice(c: SqlConn, tenantId: string, actor: string, invoiceId: string, cusScope: string | null): Promise<InvoiceView> {
  const [{ n }] = await c.query<{ n: string }>(`SELECT nextval('invoice_no_seq')::text AS n`);
  const no = `FP${new Date().getUTCFullYear()}${n.padStart(10, '0')}`;
  const [row] = await c.query<InvoiceRow>(
    `UPDATE invoices SET status = 'issued', invoice_no = $4, issued_by = $3, issued_at = now()
      WHERE id = $1 AND tenant_id = $2 AND status = 'applied' AND ($5::text IS NULL OR cus_code = $5) RETURNING ${COLS}`,
    [invoiceId, tenantId, actor, no, cusScope],
  );
  if (row) return invoiceView(row);
  const [exists] = await c.query<{ status: string }>('SELECT status FROM invoices WHERE id = $1 AND tenant_id = $2 AND ($3::text IS NULL OR cus_code = $3)', [
    invoiceId,
    tenantId,
    cusScope,
  ]);
  throw exists ? new AppError(409, PAY_MSG.invoiceIssued) : new AppError(404, PAY_MSG.invoiceNotFound);
}

export async function listInvoices(c: SqlConn, tenantId: string, f: { cusCode?: string; status?: string; pageNum: number; pageSize: number }) {
  const where = `tenant_id = $1 AND ($2::text IS NULL OR cus_code = $2) AND ($3::text IS NULL OR status = $3)`;
  const params = [tenantId, f.cusCode ?? null, f.status ?? null];
  const rows = await c.query<InvoiceRow>(`SELECT ${COLS} FROM invoices WHERE ${where} ORDER BY created_at DESC, id LIMIT $4 OFFSET $5`, [
    ...params,
    f.pageSize,
    (f.pageNum - 1) * f.pageSize,
  ]);
  const [{ n }] = await c.query<{ n: string }>(`SELECT count(*)::text AS n FROM invoices WHERE ${where}`, params);
  return { listData: rows.map(invoiceView), count: Number(n) };
}
