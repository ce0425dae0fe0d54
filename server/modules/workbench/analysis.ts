// 数据分析 (issue 19 §2): volume and amount by day, route, kind and customer, approval lead time and
// failure reasons over a date range, for the tenants the caller may see; and its .xlsx export.
// Volumes read the summary of migration 0043 (stats.ts); the lead time reads the partial index
// pay_orders_decided (tenant, decided_at) INCLUDE (submitted_at) alone.
import ExcelJS from 'exceljs';
import { PAY_ORDER_KIND_TEXT, type PayOrderKind } from '../../../contract/api/payWire';
import { NO_PROVIDER_TEXT, PAY_ROUTE_TEXT, UNSUBMITTED_STATUSES, durationText, type Analysis, type VolumeRow } from '../../../contract/api/workbench';
import { providerByCode } from '../../../contract/api/cusWire';
import { fenText } from '../../../contract/money';
import { cellText } from '../admin/xlsx';
import type { SqlConn } from '../ledger/store';
import { scopeSql } from '../rbac/dataScope';
import { cusRows, daysBetween, providerRows, queryStats, type StatsReach } from './stats';

const TOP_CUSTOMERS = 20;
/** A provider's name; '' is an order whose customer is opened with no provider. */
const providerText = (code: string) => (code === '' ? NO_PROVIDER_TEXT : (providerByCode(code)?.name ?? code));
type Raw = { key: string; n: string; amount: string; ok: string; paid: string };

const AGG = `sum(s.n)::text AS n, sum(s.amount)::text AS amount, COALESCE(sum(s.n) FILTER (WHERE s.status = 'succeeded'), 0)::text AS ok,
             COALESCE(sum(s.paid) FILTER (WHERE s.status IN ('succeeded', 'partial')), 0)::text AS paid`;

const volume =
  (label: (key: string) => string) =>
  (r: Raw): VolumeRow => ({
    key: r.key,
    label: label(r.key),
    count: Number(r.n),
    amountFen: r.amount,
    succeeded: Number(r.ok),
    paidFen: r.paid,
  });

export async function analysis(c: SqlConn, reach: StatsReach, from: string, to: string): Promise<Omit<Analysis, 'tenantId' | 'tenants'>> {
  // Total, by day, route and kind, and the failure reasons in one pass (grouping sets; g names the set).
  type Grouped = Raw & { g: string; fn: string; famount: string };
  const [grouped, byProvider, byCus, lead] = await Promise.all([
    queryStats<Grouped>(
      c,
      reach,
      from,
      to,
      (s) => `SELECT CASE WHEN GROUPING(s.day) = 0 THEN 'day' WHEN GROUPING(s.route) = 0 THEN 'route' WHEN GROUPING(s.kind) = 0 THEN 'kind'
                          WHEN GROUPING(s.reason) = 0 THEN 'reason' ELSE 'total' END AS g,
                     COALESCE(s.day::text, s.route, s.kind, s.reason, '') AS key, ${AGG},
                     COALESCE(sum(s.n) FILTER (WHERE s.status IN ('failed', 'partial')), 0)::text AS fn,
                     COALESCE(sum(s.amount) FILTER (WHERE s.status IN ('failed', 'partial')), 0)::text AS famount
                FROM ${s} WHERE s.status <> ALL($1::text[]) GROUP BY GROUPING SETS ((s.day), (s.route), (s.kind), (s.reason), ())`,
      [UNSUBMITTED_STATUSES],
    ),
    queryStats<Raw>(
      c,
      reach,
      from,
      to,
      (s) => `SELECT s.provider AS key, ${AGG} FROM ${s} WHERE s.status <> ALL($1::text[]) GROUP BY 1 ORDER BY 1`,
      [UNSUBMITTED_STATUSES],
      providerRows,
    ),
    queryStats<Raw>(
      c,
      reach,
      from,
      to,
      (s) => `SELECT s.cus_code AS key, sum(s.n)::text AS n, sum(s.amount)::text AS amount, sum(s.ok)::text AS ok, sum(s.paid)::text AS paid
                FROM ${s} WHERE s.cus_code <> '' GROUP BY 1 HAVING sum(s.n) > 0 ORDER BY sum(s.amount) DESC, 1 LIMIT ${TOP_CUSTOMERS}`,
      [],
      cusRows,
    ),
    leadTime(c, reach, from, to),
  ]);
  const set = (g: string) => grouped.filter((r) => r.g === g).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const [total, byDay, byRoute, byKind] = [set('total'), set('day'), set('route'), set('kind')];
  const failures = set('reason')
    .filter((r) => Number(r.fn) > 0)
    .sort((a, b) => Number(b.fn) - Number(a.fn) || (a.key < b.key ? -1 : 1))
    .map((r) => ({ reason: r.key, n: r.fn, amount: r.famount }));
  const names = await customerNames(
    c,
    reach.tenants,
    byCus.map((r) => r.key),
  );
  const perDay = new Map(byDay.map((r) => [r.key, r]));
  const zero = (key: string): Raw => ({ key, n: '0', amount: '0', ok: '0', paid: '0' });
  return {
    from,
    to,
    total: volume(() => '合计')(total[0] ?? zero('')),
    byDay: daysBetween(from, to).map((d) => volume((k) => k)(perDay.get(d) ?? zero(d))),
    byRoute: byRoute.filter((r) => Number(r.n)).map(volume((k) => PAY_ROUTE_TEXT[k as keyof typeof PAY_ROUTE_TEXT] ?? k)),
    byProvider: byProvider.filter((r) => Number(r.n)).map(volume(providerText)),
    byKind: byKind.filter((r) => Number(r.n)).map(volume((k) => PAY_ORDER_KIND_TEXT[k as PayOrderKind] ?? k)),
    byCustomer: byCus.filter((r) => Number(r.n)).map(volume((k) => names.get(k) ?? k)),
    leadTime: lead,
    failures: failures.map((f) => ({ reason: f.reason, count: Number(f.n), amountFen: f.amount })),
  };
}

async function customerNames(c: SqlConn, tenants: string[], codes: string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await c.query<{ code: string; name: string }>(
    'SELECT DISTINCT ON (cus_code) cus_code AS code, cus_name AS name FROM customers WHERE tenant_id = ANY($1::text[]) AND cus_code = ANY($2::text[]) ORDER BY cus_code, tenant_id',
    [tenants, codes],
  );
  return new Map(rows.map((r) => [r.code, r.name]));
}

/** Up to this many decisions in a range the lead time is read exactly from the orders; above, from the histogram. */
export const LEAD_EXACT_LIMIT = 20_000;

/**
 * Submitted → decided of orders decided on business days from..to: count, median and 90th percentile
 * in seconds. Exact (percentile_cont over the orders, on the index pay_orders_decided) for narrowed
 * users and while the range holds at most `exactLimit` decisions; above that from the maintained
 * histogram of migration 0043 (the bucket holding the percentile, to within 2.5%), flagged approximate.
 */
export async function leadTime(c: SqlConn, reach: StatsReach, from: string, to: string, exactLimit = LEAD_EXACT_LIMIT): Promise<Analysis['leadTime']> {
  const narrowed = reach.cusCode !== null || reach.scope !== null;
  if (!narrowed) {
    const where = 'tenant_id = ANY($1::text[]) AND day BETWEEN $2::date AND $3::date';
    const [h] = await c.query<{ total: string | null; b50: number | null; b90: number | null }>(
      `WITH h AS (SELECT bucket, sum(n) AS n FROM (SELECT bucket, n FROM pay_order_lead_stats WHERE ${where}
                                                   UNION ALL SELECT bucket, n FROM pay_order_lead_deltas WHERE ${where}) x
                   GROUP BY bucket HAVING sum(n) > 0),
            c AS (SELECT bucket, sum(n) OVER (ORDER BY bucket) AS cum, sum(n) OVER () AS total FROM h)
       SELECT max(total)::text AS total, min(bucket) FILTER (WHERE cum >= 0.5 * total) AS b50, min(bucket) FILTER (WHERE cum >= 0.9 * total) AS b90 FROM c`,
      [reach.tenants, from, to],
    );
    const total = Number(h?.total ?? 0);
    if (total > exactLimit) return { count: total, medianSec: bucketSeconds(h.b50), p90Sec: bucketSeconds(h.b90), approximate: true };
  }
  const s = scopeSql(reach.scope, 4);
  // Day bounds as instants in China time, so the index on decided_at is used as a range.
  const [r] = await c.query<{ n: string; p50: number | null; p90: number | null }>(
    `SELECT count(*)::text AS n,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM o.decided_at - o.submitted_at)) AS p50,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM o.decided_at - o.submitted_at)) AS p90
       FROM pay_orders o
      WHERE o.tenant_id = ANY($1::text[]) AND o.decided_at IS NOT NULL AND o.submitted_at IS NOT NULL
        AND o.decided_at >= ($2::date::timestamp AT TIME ZONE 'Asia/Shanghai') AND o.decided_at < (($3::date + 1)::timestamp AT TIME ZONE 'Asia/Shanghai')
        ${narrowed ? `AND ($4::text IS NULL OR o.from_cus_code = $4 OR o.to_cus_code = $4) AND ${s.text}` : ''}`,
    narrowed ? [reach.tenants, from, to, reach.cusCode, ...s.params] : [reach.tenants, from, to],
  );
  return { count: Number(r?.n ?? 0), medianSec: round1(r?.p50 ?? null), p90Sec: round1(r?.p90 ?? null), approximate: false };
}

const round1 = (v: number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);
/** A histogram bucket's middle (geometric) in seconds. */
const bucketSeconds = (b: number | null) => (b === null ? null : b === 0 ? 0 : round1(Math.exp((Number(b) - 0.5) / 20)));

/** The analysis as a workbook: one sheet per breakdown. */
export async function analysisXlsx(a: Analysis, tenantName: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const head = (ws: ExcelJS.Worksheet) => (ws.getRow(1).font = { bold: true });
  const volumeSheet = (name: string, keyTitle: string, rows: VolumeRow[]) => {
    const ws = wb.addWorksheet(name);
    ws.columns = [
      { header: keyTitle, key: 'label', width: 24 },
      { header: '笔数', key: 'count', width: 12 },
      { header: '金额', key: 'amount', width: 20 },
      { header: '成功笔数', key: 'succeeded', width: 12 },
      { header: '实付金额', key: 'paid', width: 20 },
    ];
    head(ws);
    for (const r of rows)
      ws.addRow({ label: cellText(r.label), count: r.count, amount: fenText(BigInt(r.amountFen)), succeeded: r.succeeded, paid: fenText(BigInt(r.paidFen)) });
  };
  const summary = wb.addWorksheet('概览');
  summary.columns = [
    { header: '项目', key: 'k', width: 20 },
    { header: '值', key: 'v', width: 30 },
  ];
  head(summary);
  summary.addRows([
    { k: '日期范围', v: `${a.from} 至 ${a.to}` },
    { k: '租户', v: cellText(tenantName) },
    { k: '订单笔数', v: a.total.count },
    { k: '订单金额', v: fenText(BigInt(a.total.amountFen)) },
    { k: '成功笔数', v: a.total.succeeded },
    { k: '审批笔数', v: a.leadTime.count },
    { k: '审批时长中位数', v: `${a.leadTime.approximate ? '约 ' : ''}${durationText(a.leadTime.medianSec)}` },
    { k: '审批时长P90', v: `${a.leadTime.approximate ? '约 ' : ''}${durationText(a.leadTime.p90Sec)}` },
  ]);
  volumeSheet('按日', '日期', a.byDay);
  volumeSheet('按通道', '通道', a.byRoute);
  volumeSheet('按支付机构', '支付机构', a.byProvider);
  volumeSheet('按交易类型', '交易类型', a.byKind);
  volumeSheet('按客户', '客户', a.byCustomer);
  const f = wb.addWorksheet('失败原因');
  f.columns = [
    { header: '失败原因', key: 'reason', width: 40 },
    { header: '笔数', key: 'count', width: 12 },
    { header: '金额', key: 'amount', width: 20 },
  ];
  head(f);
  for (const r of a.failures) f.addRow({ reason: cellText(r.reason), count: r.count, amount: fenText(BigInt(r.amountFen)) });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
