// The server side of the allow-listed report sources (contract/api/report.ts REPORT_SOURCES): for
// each, the columns its fields read, the tables it joins, and the scope every read of it carries —
// the caller's tenant, their own customer for a customer-side user, and the data rules of the page
// the data comes from (用户管理 for users, 账户管理 for accounts). A report's query is built from
// these and the generic list query (contract/listQuery.ts → server/lib/listSql.ts); nothing from the
// definition or the request is ever spliced into SQL.
import { and, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { ReportSourceKey } from '../../../contract/api/report';
import type { Db } from '../../db/client';
import { customers, departments, users } from '../../db/schema';
import { authOf } from '../../http/guard';
import { inTenant, USER_RULES } from '../admin/userQuery';
import { tenantOf } from '../config/scope';
import { accountScopeOf, acctA, acctCu } from '../ledger/rules';
import { dataScopeOf, scopeWhere } from '../rbac/dataScope';
import { customerCodeOf } from '../tenant/customerScope';

export interface ServerSource {
  table: PgTable;
  joins: { table: PgTable; on: SQL }[];
  /** The row's key: records carry it as `id` (a picker keeps its selection by it across pages). */
  id: AnyColumn;
  /** Field → the column it reads (selected as is; datetime fields compare through a text parameter). */
  columns: Record<string, AnyColumn>;
  /** The conditions every read of this source carries for this caller. */
  scope(db: Db, req: FastifyRequest): Promise<(SQL | undefined)[]>;
}

export const SERVER_SOURCES: Record<ReportSourceKey, ServerSource> = {
  sys_user: {
    table: users,
    id: users.id,
    joins: [],
    columns: {
      username: users.username,
      realname: users.realname,
      mobile: users.mobile,
      email: users.email,
      workNo: users.workNo,
      status: users.status,
      createTime: users.createdAt,
    },
    scope: async (db, req) => [inTenant(tenantOf(req)), scopeWhere(await dataScopeOf(db, authOf(req), USER_RULES))],
  },
  sys_depart: {
    table: departments,
    id: departments.id,
    joins: [],
    columns: {
      departName: departments.departName,
      orgCode: departments.orgCode,
      orgCategory: departments.orgCategory,
      mobile: departments.mobile,
      createTime: departments.createdAt,
    },
    scope: async (_db, req) => [eq(departments.tenantId, tenantOf(req))],
  },
  customers: {
    table: customers,
    id: customers.id,
    joins: [],
    columns: {
      cusCode: customers.cusCode,
      cusName: customers.cusName,
      cusType: customers.cusType,
      status: customers.status,
      mobile: customers.mobile,
      createTime: customers.createdAt,
    },
    scope: async (db, req) => {
      const own = await customerCodeOf(db, authOf(req).groupId);
      return [eq(customers.tenantId, tenantOf(req)), own === null ? undefined : eq(customers.cusCode, own)];
    },
  },
  accounts: {
    table: acctA,
    id: acctA.id,
    joins: [{ table: acctCu, on: eq(acctCu.id, acctA.customerId) }],
    columns: {
      acctNo: acctA.accountNo,
      acctName: acctA.accountName,
      acctType: acctA.accountType,
      status: acctA.status,
      cusCode: acctCu.cusCode,
      cusName: acctCu.cusName,
      balance: acctA.balance,
      frozen: acctA.frozen,
      createTime: acctA.createdAt,
    },
    scope: async (db, req) => {
      const auth = authOf(req);
      const own = await customerCodeOf(db, auth.groupId);
      return [
        and(eq(acctA.tenantId, tenantOf(req)), eq(acctA.ownerKind, 'customer')),
        own === null ? undefined : eq(acctCu.cusCode, own),
        scopeWhere(await accountScopeOf(db, auth)),
      ];
    },
  },
};
