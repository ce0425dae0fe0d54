// 账户管理's account list (issue 14 §3): the customer accounts of the caller's tenant across its
// customers, over the generic list mechanism (contract/listQuery.ts → server/lib/listSql.ts), so
// staff can browse and filter accounts without typing a customer code; a customer user sees only
// their own customer's accounts. Platform accounts (clearing, suspense, …) are never listed.
import { and, count, eq, sql, type AnyColumn } from 'drizzle-orm';
import { ACCOUNT_LIST_FIELDS, ACCOUNT_TYPE_TEXT, type AccountListRow, type AccountType } from '../../../contract/api/ledger';
import { parseListQuery, type PageResult } from '../../../contract/listQuery';
import { formatFen } from '../../../contract/money';
import type { Db } from '../../db/client';
import { AppError } from '../../http/envelope';
import { orderOf, whereOf, type ListResource } from '../../lib/listSql';
import { scopeWhere, type DataScope } from '../rbac/dataScope';
// accounts and customers under the aliases a and cu the data rules name (rules.ts).
import { acctA as accounts, acctCu as customers } from './rules';

/** Timestamps compare through a text parameter cast by PostgreSQL (the wire sends 'YYYY-MM-DD HH:mm:ss'). */
const timeCol = (c: AnyColumn) => sql`${c}` as unknown as AnyColumn;
const RESOURCE: ListResource = {
  fields: ACCOUNT_LIST_FIELDS.fields,
  columns: {
    id: accounts.id,
    acctNo: accounts.accountNo,
    acctName: accounts.accountName,
    acctType: accounts.accountType,
    status: accounts.status,
    cusCode: customers.cusCode,
    cusName: customers.cusName,
    createTime: timeCol(accounts.createdAt),
  },
};

export async function listAccounts(
  db: Db,
  scope: { tenantId: string; cusCode: string | null; rules: DataScope | null },
  query: Record<string, unknown>,
): Promise<PageResult<AccountListRow>> {
  const parsed = parseListQuery(query, ACCOUNT_LIST_FIELDS);
  if (!parsed.ok) throw new AppError(400, parsed.message);
  const q = parsed.value;
  const where = and(
    whereOf(q, RESOURCE, [
      eq(accounts.tenantId, scope.tenantId),
      eq(accounts.ownerKind, 'customer'),
      scope.cusCode === null ? undefined : eq(customers.cusCode, scope.cusCode),
      scopeWhere(scope.rules),
    ]),
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        acctNo: accounts.accountNo,
        acctType: accounts.accountType,
        acctName: accounts.accountName,
        status: accounts.status,
        balance: accounts.balance,
        frozen: accounts.frozen,
        createdAt: accounts.createdAt,
        cusCode: customers.cusCode,
        cusName: customers.cusName,
      })
      .from(accounts)
      .innerJoin(customers, eq(customers.id, accounts.customerId))
      .where(where)
      .orderBy(...orderOf(q, RESOURCE))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(accounts).innerJoin(customers, eq(customers.id, accounts.customerId)).where(where),
  ]);
  return {
    records: rows.map((r) => {
      const balance = BigInt(r.balance);
      const frozen = BigInt(r.frozen);
      const type = r.acctType as AccountType;
      return {
        acctNo: r.acctNo,
        acctType: type,
        acctTypeText: ACCOUNT_TYPE_TEXT[type] ?? type,
        acctName: r.acctName,
        currency: 'CNY' as const,
        status: r.status,
        cusCode: r.cusCode,
        cusName: r.cusName,
        balance: formatFen(balance),
        frozen: formatFen(frozen),
        available: formatFen(balance - frozen),
        createdAt: new Date(r.createdAt).toISOString(),
      };
    }),
    total: Number(n),
    size: q.pageSize,
    current: q.pageNo,
  };
}
