// The figures of 工作台 (issue 19 §1) for one viewer: today's and yesterday's payments, money held
// pending approval, balances by account type, a customer-side user's own accounts and orders, the
// recent decisions and postings, and the charts. Which of them a viewer gets is decided in
// routes.ts from their permissions; each query here is narrowed to the viewer's reach.
// 本月手续费收入 comes from the fee module (server/modules/fee/engine.ts feeIncomeThisMonth).
import { ACCOUNT_TYPE_TEXT, ENTRY_KIND_TEXT } from '../../../contract/api/ledger';
import {
  PAY_ORDER_ACTION_TEXT,
  PAY_ORDER_KIND_TEXT,
  PAY_ORDER_STATUS_TEXT,
  type PayOrderAction,
  type PayOrderKind,
  type PayOrderStatus,
} from '../../../contract/api/payWire';
import {
  PAYMENT_KINDS,
  UNSUBMITTED_STATUSES,
  type ActivityItem,
  type BalanceByType,
  type CustomerAccount,
  type DayFigures,
  type StatusCount,
  type WorkbenchCharts,
} from '../../../contract/api/workbench';
import type { SqlConn } from '../ledger/store';
import { scopeSql, type DataScope } from '../rbac/dataScope';
import { ALL_DAYS, businessDay, cusRows, daysBetween, queryStats, type StatsReach } from './stats';

const FINISHED = ['succeeded', 'failed', 'partial'];
const CHART_DAYS = 30;
const TOP_CUSTOMERS = 10;
const ACTIVITY = 10;

const accountTypeText = (t: string) => (ACCOUNT_TYPE_TEXT as Record<string, string>)[t] ?? t;

function dayFigures(r?: { n: string; amount: string; ok: string; fin: string }): DayFigures {
  const finished = Number(r?.fin ?? 0);
  const succeeded = Number(r?.ok ?? 0);
  return { count: Number(r?.n ?? 0), amountFen: r?.amount ?? '0', succeeded, finished, successRate: finished ? succeeded / finished : null };
}

/** 今日/昨日付款 and 待审批金额, in one statement. */
export async function paymentFigures(c: SqlConn, reach: StatsReach, now = Date.now()) {
  const today = businessDay(0, now);
  const yesterday = businessDay(1, now);
  const pay = `s.kind = ANY($1::text[]) AND s.status <> ALL($2::text[])`;
  const day = (d: string, p: string) => `
    COALESCE(sum(s.n) FILTER (WHERE s.day = '${d}' AND ${pay}), 0)::text AS ${p}n, COALESCE(sum(s.amount) FILTER (WHERE s.day = '${d}' AND ${pay}), 0)::text AS ${p}amount,
    COALESCE(sum(s.n) FILTER (WHERE s.day = '${d}' AND ${pay} AND s.status = 'succeeded'), 0)::text AS ${p}ok,
    COALESCE(sum(s.n) FILTER (WHERE s.day = '${d}' AND ${pay} AND s.status = ANY($3::text[])), 0)::text AS ${p}fin`;
  type Day = { n: string; amount: string; ok: string; fin: string };
  const [r] = await queryStats<Record<string, string>>(
    c,
    reach,
    ALL_DAYS.from,
    ALL_DAYS.to,
    (s) => `SELECT ${day(today, 't_')}, ${day(yesterday, 'y_')},
                   COALESCE(sum(s.n) FILTER (WHERE s.status = 'pending'), 0)::text AS p_n, COALESCE(sum(s.amount) FILTER (WHERE s.status = 'pending'), 0)::text AS p_amount
              FROM ${s} WHERE s.day >= $4::date OR s.status = 'pending'`,
    [PAYMENT_KINDS, UNSUBMITTED_STATUSES, FINISHED, yesterday],
  );
  const pick = (p: string): Day => ({ n: r?.[`${p}n`] ?? '0', amount: r?.[`${p}amount`] ?? '0', ok: r?.[`${p}ok`] ?? '0', fin: r?.[`${p}fin`] ?? '0' });
  return {
    today: dayFigures(pick('t_')),
    yesterday: dayFigures(pick('y_')),
    pendingCount: Number(r?.p_n ?? 0),
    pendingAmountFen: r?.p_amount ?? '0',
  };
}

/** The tenant's balances by account type (within the viewer's data rules on accounts, alias a / cu). */
export async function balancesByType(c: SqlConn, tenantId: string, scope: DataScope | null): Promise<BalanceByType[]> {
  const s = scopeSql(scope, 1);
  const rows = await c.query<{ t: string; n: string; balance: string; frozen: string }>(
    `SELECT a.account_type AS t, count(*)::text AS n, sum(a.balance)::text AS balance, sum(a.frozen)::text AS frozen
       FROM accounts a LEFT JOIN customers cu ON cu.id = a.customer_id
      WHERE a.tenant_id = $1 AND a.status <> 'closed' AND ${scope ? `a.owner_kind = 'customer' AND ${s.text}` : 'true'}
      GROUP BY a.account_type ORDER BY a.account_type`,
    [tenantId, ...s.params],
  );
  return rows.map((r) => ({ acctType: r.t, acctTypeText: accountTypeText(r.t), accounts: Number(r.n), balanceFen: r.balance, frozenFen: r.frozen }));
}

/** A customer-side user's own accounts. */
export async function customerAccounts(c: SqlConn, tenantId: string, cusCode: string): Promise<CustomerAccount[]> {
  const rows = await c.query<{ no: string; t: string; status: string; balance: string; frozen: string }>(
    `SELECT a.account_no AS no, a.account_type AS t, a.status, a.balance::text AS balance, a.frozen::text AS frozen
       FROM accounts a JOIN customers cu ON cu.id = a.customer_id
      WHERE a.tenant_id = $1 AND cu.tenant_id = $1 AND cu.cus_code = $2 AND a.status <> 'closed' ORDER BY a.account_type, a.account_no`,
    [tenantId, cusCode],
  );
  return rows.map((r) => ({
    acctNo: r.no,
    acctType: r.t,
    acctTypeText: accountTypeText(r.t),
    status: r.status,
    balanceFen: r.balance,
    frozenFen: r.frozen,
    availableFen: (BigInt(r.balance) - BigInt(r.frozen)).toString(),
  }));
}

const statusCounts = (rows: { status: string; n: string; amount: string }[]): StatusCount[] =>
  rows.map((r) => ({
    status: r.status as PayOrderStatus,
    text: PAY_ORDER_STATUS_TEXT[r.status as PayOrderStatus] ?? r.status,
    count: Number(r.n),
    amountFen: r.amount,
  }));

/** Orders of every kind by status over business days from..to. */
export async function ordersByStatus(c: SqlConn, reach: StatsReach, from: string, to: string): Promise<StatusCount[]> {
  const rows = await queryStats<{ status: string; n: string; amount: string }>(
    c,
    reach,
    from,
    to,
    (s) => `SELECT s.status, sum(s.n)::text AS n, sum(s.amount)::text AS amount FROM ${s} GROUP BY s.status HAVING sum(s.n) > 0 ORDER BY s.status`,
  );
  return statusCounts(rows);
}

/** The charts: payment volume by day (last 30 days), orders by status, top customers by payment amount. */
export async function charts(c: SqlConn, reach: StatsReach, now = Date.now()): Promise<WorkbenchCharts> {
  const from = businessDay(CHART_DAYS - 1, now);
  const to = businessDay(0, now);
  const submitted = `s.kind = ANY($1::text[]) AND s.status <> ALL($2::text[])`;
  // Payments by day and every order by status in one pass (two grouping sets).
  type Grouped = { day: string | null; status: string | null; pn: string; pa: string; n: string; amount: string };
  const [grouped, top] = await Promise.all([
    queryStats<Grouped>(
      c,
      reach,
      from,
      to,
      (s) => `SELECT s.day::text AS day, s.status, COALESCE(sum(s.n) FILTER (WHERE ${submitted}), 0)::text AS pn,
                     COALESCE(sum(s.amount) FILTER (WHERE ${submitted}), 0)::text AS pa, sum(s.n)::text AS n, sum(s.amount)::text AS amount
                FROM ${s} GROUP BY GROUPING SETS ((s.day), (s.status))`,
      [PAYMENT_KINDS, UNSUBMITTED_STATUSES],
    ),
    queryStats<{ cus: string; name: string | null; n: string; amount: string }>(
      c,
      reach,
      from,
      to,
      (s) => `SELECT t.cus, cu.cus_name AS name, t.n, t.amount FROM (
                SELECT s.tenant_id, s.cus_code AS cus, sum(s.n)::text AS n, sum(s.amount) AS amount FROM ${s}
                 WHERE s.payment AND s.cus_code <> '' GROUP BY s.tenant_id, s.cus_code HAVING sum(s.n) > 0
                 ORDER BY sum(s.amount) DESC, s.cus_code LIMIT ${TOP_CUSTOMERS}) t
              LEFT JOIN customers cu ON cu.tenant_id = t.tenant_id AND cu.cus_code = t.cus ORDER BY t.amount DESC, t.cus`,
      [],
      cusRows,
    ),
  ]);
  const perDay = new Map(grouped.filter((g) => g.day !== null).map((d) => [d.day, d]));
  const byStatus = grouped
    .filter((g) => g.status !== null && Number(g.n) > 0)
    .sort((a, b) => (a.status! < b.status! ? -1 : 1))
    .map((g) => ({ status: g.status!, n: g.n, amount: g.amount }));
  return {
    days: daysBetween(from, to).map((day) => ({ day, count: Number(perDay.get(day)?.pn ?? 0), amountFen: perDay.get(day)?.pa ?? '0' })),
    byStatus: statusCounts(byStatus),
    topCustomers: top.map((t) => ({ cusCode: t.cus, cusName: t.name ?? t.cus, count: Number(t.n), amountFen: String(t.amount) })),
  };
}

const DECISIONS: PayOrderAction[] = ['submit', 'approve', 'reject', 'cancel', 'result'];

/** The last decisions on orders the viewer may see. */
export async function recentDecisions(c: SqlConn, reach: StatsReach & { tenants: [string] }): Promise<ActivityItem[]> {
  const s = scopeSql(reach.scope, 3);
  const rows = await c.query<{ at: Date; action: PayOrderAction; actor: string; to: string; id: string; no: string; kind: PayOrderKind; amount: string }>(
    `SELECT e.created_at AS at, e.action, e.actor_name AS actor, e.to_status AS to, o.id, o.order_no AS no, o.kind, o.amount::text AS amount
       FROM pay_order_events e JOIN pay_orders o ON o.id = e.order_id
      WHERE e.tenant_id = $1 AND e.action = ANY($2::text[]) AND ($3::text IS NULL OR o.from_cus_code = $3 OR o.to_cus_code = $3) AND ${s.text}
      ORDER BY e.id DESC LIMIT ${ACTIVITY}`,
    [reach.tenants[0], DECISIONS, reach.cusCode, ...s.params],
  );
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    kind: 'decision',
    title: `${PAY_ORDER_ACTION_TEXT[r.action]}${r.action === 'result' ? `（${PAY_ORDER_STATUS_TEXT[r.to as PayOrderStatus] ?? r.to}）` : ''} ${PAY_ORDER_KIND_TEXT[r.kind]} ${r.no}`,
    actor: r.actor,
    amountFen: r.amount,
    orderId: r.id,
  }));
}

/** The last journal entries touching accounts the viewer may see (all of the tenant's for unnarrowed staff). */
export async function recentPostings(c: SqlConn, tenantId: string, cusCode: string | null, scope: DataScope | null): Promise<ActivityItem[]> {
  const s = scopeSql(scope, 2);
  const narrowed = cusCode !== null || scope !== null;
  const rows = await c.query<{ at: Date; kind: string; reason: string; actor: string; amount: string | null }>(
    `SELECT j.created_at AS at, j.kind, j.reason, COALESCE(u.realname, j.actor) AS actor,
            (SELECT sum(p.amount) FROM postings p WHERE p.entry_id = j.id AND p.amount > 0)::text AS amount
       FROM journal_entries j LEFT JOIN users u ON u.id = j.actor
      WHERE j.tenant_id = $1 AND ${
        narrowed
          ? `EXISTS (SELECT 1 FROM postings p JOIN accounts a ON a.id = p.account_id JOIN customers cu ON cu.id = a.customer_id
                      WHERE p.entry_id = j.id AND ($2::text IS NULL OR cu.cus_code = $2) AND ${s.text})`
          : '$2::text IS NULL'
      }
      ORDER BY j.created_at DESC LIMIT ${ACTIVITY}`,
    [tenantId, cusCode, ...s.params],
  );
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    kind: 'posting',
    title: `记账 ${ENTRY_KIND_TEXT[r.kind] ?? r.kind}${r.reason ? `：${r.reason}` : ''}`,
    actor: r.actor,
    amountFen: r.amount,
    orderId: null,
  }));
}

/** Both kinds of activity, newest first. */
export const mergeActivity = (...lists: ActivityItem[][]): ActivityItem[] =>
  lists
    .flat()
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .slice(0, ACTIVITY);
