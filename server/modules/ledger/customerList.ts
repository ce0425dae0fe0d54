// The customer list of 客户管理 (merchantPlatform, issue 4): read-only, over the generic list
// mechanism (contract/listQuery.ts → server/lib/listSql.ts), in the caller's tenant; a customer
// user sees only their own customer. Open accounts are counted per customer.
import { and, count, eq, sql, type AnyColumn } from 'drizzle-orm';
import { CUSTOMER_LIST_FIELDS, type CustomerListRow } from '../../../contract/api/merchant';
import { parseListQuery, type PageResult } from '../../../contract/listQuery';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { orderOf, whereOf, type ListResource } from '../../lib/listSql';
import { fmtTime } from '../rbac/common';

/** Timestamps compare through a text parameter cast by PostgreSQL (the wire sends 'YYYY-MM-DD HH:mm:ss'). */
const timeCol = (c: AnyColumn) => sql`${c}` as unknown as AnyColumn;
const RESOURCE: ListResource = {
  fields: CUSTOMER_LIST_FIELDS.fields,
  columns: {
    id: customers.id,
    cusCode: customers.cusCode,
    cusName: customers.cusName,
    cusType: customers.cusType,
    status: customers.status,
    createTime: timeCol(customers.createdAt),
  },
};

export async function listCustomers(
  db: Db,
  scope: { tenantId: string; cusCode: string | null },
  query: Record<string, unknown>,
): Promise<PageResult<CustomerListRow>> {
  const parsed = parseListQuery(query, CUSTOMER_LIST_FIELDS);
  if (!parsed.ok) throw new AppError(400, parsed.message);
  const q = parsed.value;
  const where = whereOf(q, RESOURCE, [eq(customers.tenantId, scope.tenantId), scope.cusCode === null ? undefined : eq(customers.cusCode, scope.cusCode)]);
  const acctCount = sql<number>`(SELECT count(*) FROM accounts a WHERE a.customer_id = customers.id AND a.status <> 'closed')::int`;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: customers.id,
        cusCode: customers.cusCode,
        cusName: customers.cusName,
        cusType: customers.cusType,
        status: customers.status,
        createdAt: customers.createdAt,
        acctCount,
      })
      .from(customers)
      .where(and(where))
      .orderBy(...orderOf(q, RESOURCE))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return {
    records: rows.map((r) => ({
      id: String(r.id),
      cusCode: r.cusCode,
      cusName: r.cusName,
      cusType: r.cusType,
      status: r.status,
      acctCount: Number(r.acctCount),
      createTime: fmtTime(r.createdAt),
    })),
    total: Number(n),
    size: q.pageSize,
    current: q.pageNo,
  };
}
