// The rows every payment figure of 工作台 and 数据分析 aggregates: (tenant_id, day, status, kind,
// route, reason, n, amount, paid), by provider (tenant_id, day, provider, status, n, amount, paid), and by customer (tenant_id, day, cus_code, payment, n, amount, ok,
// paid) for the submitted orders. For staff whom nothing narrows below their tenants they
// come from the maintained summaries of migration 0043 (pay_order_stats or pay_order_cus_stats plus the deltas not yet folded
// into it, read in one statement, so a figure is exact at any moment); for a customer-side user or a
// user held to data rules on orders they are the visible orders themselves, one row each, read on the
// indexes of 0043 by business day, so every figure counts exactly what the order lists show them.
import { formatDate } from '../../../contract/time';
import type { SqlConn } from '../ledger/store';
import { scopeSql, type DataScope } from '../rbac/dataScope';

export interface StatsReach {
  tenants: string[];
  /** A customer-side user's customer: orders where it pays or receives. */
  cusCode: string | null;
  /** Data rules on orders (pay/rules.ts orderScopeOf), of alias `o`. */
  scope: DataScope | null;
}

/** What the summary reads are read from (the list cache drops a figure when one changes). */
export const STATS_TABLES = ['pay_order_stats', 'pay_order_cus_stats', 'pay_order_provider_stats', 'pay_order_stat_deltas'] as const;

export const ALL_DAYS = { from: '1970-01-01', to: '9999-12-31' } as const;

type Rows = { text: string; params: unknown[] };
const DAY = 'boss_pay_order_day(o.submitted_at, o.created_at)';

/** The reach's own orders of days from..to (a customer's, within data rules), for the raw reads; parameters from $offset+1. */
function rawWhere(reach: StatsReach, from: string, to: string, offset: number): Rows {
  const p = (i: number) => `$${offset + i}`;
  const s = scopeSql(reach.scope, offset + 4);
  return {
    text: `o.tenant_id = ANY(${p(1)}::text[]) AND ${DAY} BETWEEN ${p(2)}::date AND ${p(3)}::date
       AND (${p(4)}::text IS NULL OR o.from_cus_code = ${p(4)} OR o.to_cus_code = ${p(4)}) AND ${s.text}`,
    params: [reach.tenants, from, to, reach.cusCode, ...s.params],
  };
}

const fromSummary = (reach: StatsReach) => reach.cusCode === null && reach.scope === null;

/**
 * A subquery (to be aliased) of rows (tenant_id, day, status, kind, route, reason, n, amount, paid)
 * of the reach's orders of business days from..to ('YYYY-MM-DD'); parameters from $offset+1.
 */
export function statRows(reach: StatsReach, from: string, to: string, offset: number): Rows {
  const cols = 'tenant_id, day, status, kind, route, reason, n, amount, paid';
  if (fromSummary(reach)) {
    const where = `tenant_id = ANY($${offset + 1}::text[]) AND day BETWEEN $${offset + 2}::date AND $${offset + 3}::date`;
    return {
      text: `(SELECT ${cols} FROM pay_order_stats WHERE ${where} UNION ALL SELECT ${cols} FROM pay_order_stat_deltas WHERE ${where})`,
      params: [reach.tenants, from, to],
    };
  }
  const w = rawWhere(reach, from, to, offset);
  return {
    text: `(SELECT o.tenant_id, ${DAY} AS day, o.status, o.kind, boss_pay_order_route(o.kind, o.bank_card_no) AS route,
                   boss_pay_order_reason(o.status, o.fail_reason) AS reason, 1 AS n, o.amount, o.paid_amount AS paid
              FROM pay_orders o WHERE ${w.text})`,
    params: w.params,
  };
}

/** A subquery of rows (tenant_id, day, provider, status, n, amount, paid) of the reach's orders (pay_order_provider_stats' shape); parameters from $offset+1. */
export function providerRows(reach: StatsReach, from: string, to: string, offset: number): Rows {
  const cols = 'tenant_id, day, provider, status, n, amount, paid';
  if (fromSummary(reach)) {
    const where = `tenant_id = ANY($${offset + 1}::text[]) AND day BETWEEN $${offset + 2}::date AND $${offset + 3}::date`;
    return {
      text: `(SELECT ${cols} FROM pay_order_provider_stats WHERE ${where} UNION ALL SELECT ${cols} FROM pay_order_stat_deltas WHERE ${where})`,
      params: [reach.tenants, from, to],
    };
  }
  const w = rawWhere(reach, from, to, offset);
  return {
    text: `(SELECT o.tenant_id, ${DAY} AS day, o.provider, o.status, 1 AS n, o.amount, o.paid_amount AS paid FROM pay_orders o WHERE ${w.text})`,
    params: w.params,
  };
}

/**
 * A subquery of rows (tenant_id, day, cus_code, payment, n, amount, ok, paid) of the reach's
 * submitted orders by customer (pay_order_cus_stats' shape); parameters from $offset+1.
 */
export function cusRows(reach: StatsReach, from: string, to: string, offset: number): Rows {
  const submitted = `status NOT IN ('draft', 'cancelled')`;
  const derived = `kind IN ('single', 'batch') AS payment, n, amount, CASE WHEN status = 'succeeded' THEN n ELSE 0 END AS ok,
                   CASE WHEN status IN ('succeeded', 'partial') THEN paid ELSE 0 END AS paid`;
  if (fromSummary(reach)) {
    const where = `tenant_id = ANY($${offset + 1}::text[]) AND day BETWEEN $${offset + 2}::date AND $${offset + 3}::date`;
    return {
      text: `(SELECT tenant_id, day, cus_code, payment, n, amount, ok, paid FROM pay_order_cus_stats WHERE ${where}
              UNION ALL SELECT tenant_id, day, cus_code, ${derived} FROM pay_order_stat_deltas WHERE ${where} AND ${submitted})`,
      params: [reach.tenants, from, to],
    };
  }
  const w = rawWhere(reach, from, to, offset);
  return {
    text: `(SELECT tenant_id, day, cus_code, ${derived} FROM (
              SELECT o.tenant_id, ${DAY} AS day, COALESCE(o.from_cus_code, o.to_cus_code, '') AS cus_code, o.kind, o.status, 1 AS n, o.amount,
                     o.paid_amount AS paid FROM pay_orders o WHERE ${w.text} AND o.${submitted}) r)`,
    params: w.params,
  };
}

/** Runs `select` (reading `s`, the rows of `rows`, with its own parameters first) over the reach's orders of days from..to. */
export async function queryStats<T>(
  c: SqlConn,
  reach: StatsReach,
  from: string,
  to: string,
  select: (s: string) => string,
  params: unknown[] = [],
  rows: typeof statRows = statRows,
): Promise<T[]> {
  const r = rows(reach, from, to, params.length);
  return c.query<T>(select(`${r.text} s`), [...params, ...r.params]);
}

/** Moves the committed deltas into the summary (migration 0043); how many delta rows moved. */
export async function foldStats(c: SqlConn): Promise<number> {
  const [r] = await c.query<{ n: number }>('SELECT boss_pay_order_stats_fold() AS n');
  return Number(r?.n ?? 0);
}

const DAY_MS = 86_400_000;
/** The business day (China time) `back` days before today, as 'YYYY-MM-DD'. */
export const businessDay = (back = 0, now = Date.now()): string => formatDate(now - back * DAY_MS);

/** Every day from..to inclusive. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}
