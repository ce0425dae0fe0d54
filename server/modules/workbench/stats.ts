// The rows every payment figure of 工作台 and 数据分析 aggregates: (tenant_id, day, status, kind,
// cus_code, route, reason, n, amount, paid). For staff whom nothing narrows below their tenants they
// come from the maintained summary of migration 0043 (pay_order_stats plus the deltas not yet folded
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

const COLS = 'tenant_id, day, status, kind, cus_code, route, reason, n, amount, paid';
export const ALL_DAYS = { from: '1970-01-01', to: '9999-12-31' } as const;

/**
 * A subquery (to be aliased) of stat rows of the reach's orders of business days from..to
 * ('YYYY-MM-DD'); its parameters are numbered from $offset+1.
 */
export function statRows(reach: StatsReach, from: string, to: string, offset: number): { text: string; params: unknown[] } {
  const p = (i: number) => `$${offset + i}`;
  if (reach.cusCode === null && reach.scope === null) {
    const where = `tenant_id = ANY(${p(1)}::text[]) AND day BETWEEN ${p(2)}::date AND ${p(3)}::date`;
    return {
      text: `(SELECT ${COLS} FROM pay_order_stats WHERE ${where} UNION ALL SELECT ${COLS} FROM pay_order_stat_deltas WHERE ${where})`,
      params: [reach.tenants, from, to],
    };
  }
  const s = scopeSql(reach.scope, offset + 4);
  const day = 'boss_pay_order_day(o.submitted_at, o.created_at)';
  return {
    text: `(SELECT o.tenant_id, ${day} AS day, o.status, o.kind, COALESCE(o.from_cus_code, o.to_cus_code, '') AS cus_code,
                   boss_pay_order_route(o.kind, o.bank_card_no) AS route, boss_pay_order_reason(o.status, o.fail_reason) AS reason,
                   1 AS n, o.amount, o.paid_amount AS paid
              FROM pay_orders o
             WHERE o.tenant_id = ANY(${p(1)}::text[]) AND ${day} BETWEEN ${p(2)}::date AND ${p(3)}::date
               AND (${p(4)}::text IS NULL OR o.from_cus_code = ${p(4)} OR o.to_cus_code = ${p(4)}) AND ${s.text})`,
    params: [reach.tenants, from, to, reach.cusCode, ...s.params],
  };
}

/** Runs `select` (reading `s`, the stat rows, with its own parameters first) over the reach's rows of days from..to. */
export async function queryStats<T>(
  c: SqlConn,
  reach: StatsReach,
  from: string,
  to: string,
  select: (s: string) => string,
  params: unknown[] = [],
): Promise<T[]> {
  const rows = statRows(reach, from, to, params.length);
  return c.query<T>(select(`${rows.text} s`), [...params, ...rows.params]);
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
