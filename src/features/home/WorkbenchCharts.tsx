// The workbench's charts, for both devices (no UI kit): payment volume over the last 7 or 30 days,
// orders by status and the top customers by payment amount. Nothing is asked and ECharts is not
// loaded until the block scrolls into view (below the fold on a phone); after that it stays live.
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { WorkbenchCharts as Charts } from '@contract/api/workbench';
import { yuanTick } from '@contract/money';
import { EChart, type ChartOption } from '@/components/charts/EChart';
import { CHART_BLUE, fenToYuanNumber, volumeTrendOption } from '@/components/charts/volumeTrend';
import { money, useWorkbenchCharts } from './useWorkbench';

const STATUS_COLORS: Record<string, string> = {
  succeeded: '#389e0d',
  failed: '#cf1322',
  partial: '#d46b08',
  pending: '#0267B5',
  approved: '#13a8a8',
  executing: '#722ed1',
  rejected: '#8c8c8c',
  cancelled: '#bfbfbf',
  draft: '#d9d9d9',
};
const volumeOption = (c: Charts, days: number): ChartOption => volumeTrendOption(c.days.slice(-days));

const statusOption = (c: Charts): ChartOption => ({
  tooltip: { trigger: 'item', formatter: '{b}：{c} 笔（{d}%）' },
  legend: { bottom: 0, type: 'scroll' },
  series: [
    {
      type: 'pie',
      radius: ['40%', '68%'],
      top: 0,
      bottom: 28,
      data: c.byStatus.map((s) => ({ name: s.text, value: s.count, itemStyle: { color: STATUS_COLORS[s.status] } })),
      label: { formatter: '{b} {c}' },
    },
  ],
});

const topOption = (c: Charts): ChartOption => {
  const rows = [...c.topCustomers].reverse();
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
    xAxis: { type: 'value', name: '元', axisLabel: { formatter: yuanTick } },
    yAxis: { type: 'category', data: rows.map((r) => r.cusName), axisLabel: { width: 96, overflow: 'truncate' } },
    series: [{ type: 'bar', name: '付款金额（元）', barMaxWidth: 24, data: rows.map((r) => fenToYuanNumber(r.amountFen)), itemStyle: { color: CHART_BLUE } }],
  };
};

const heading: CSSProperties = { fontSize: 15, fontWeight: 600, margin: '4px 0 8px', color: 'rgba(0,0,0,0.88)' };
const note: CSSProperties = { color: 'rgba(0,0,0,0.65)', fontSize: 13, margin: '8px 0' };

function RangeSwitch({ days, onChange }: { days: number; onChange: (d: number) => void }) {
  return (
    <span role="group" aria-label="统计天数" style={{ display: 'inline-flex', gap: 4 }}>
      {[7, 30].map((d) => (
        <button
          key={d}
          type="button"
          aria-pressed={days === d}
          onClick={() => onChange(d)}
          style={{
            border: `1px solid ${CHART_BLUE}`,
            background: days === d ? CHART_BLUE : '#fff',
            color: days === d ? '#fff' : CHART_BLUE,
            borderRadius: 4,
            padding: '2px 10px',
            fontSize: 13,
            cursor: 'pointer',
          }}
        >
          近{d}天
        </button>
      ))}
    </span>
  );
}

/** `columns`: side by side (desktop) or stacked (phone). */
export default function WorkbenchCharts({ columns = 1 }: { columns?: 1 | 3 }) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  const [days, setDays] = useState(7);
  useEffect(() => {
    const el = box.current;
    if (!el || visible) return;
    if (typeof IntersectionObserver === 'undefined') return setVisible(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), { rootMargin: '0px 0px 64px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [visible]);
  const { data, error } = useWorkbenchCharts(visible);
  const volume = useMemo(() => (data ? volumeOption(data, days) : null), [data, days]);
  const status = useMemo(() => (data ? statusOption(data) : null), [data]);
  const top = useMemo(() => (data ? topOption(data) : null), [data]);
  const total = data?.days.slice(-days).reduce((n, d) => ({ count: n.count + d.count, fen: n.fen + BigInt(d.amountFen) }), { count: 0, fen: 0n });

  return (
    <div
      ref={box}
      data-testid="workbench-charts"
      style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 16, minHeight: 120 }}
    >
      {error && <p style={note}>{error}</p>}
      {!data && !error && <p style={note}>{visible ? '图表加载中…' : ''}</p>}
      {data && volume && status && top && (
        <>
          <section aria-label="付款量">
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}>
              <h3 style={heading}>付款量</h3>
              <RangeSwitch days={days} onChange={setDays} />
            </div>
            <p style={note}>
              近{days}天 {total?.count ?? 0} 笔，{money(String(total?.fen ?? 0n))}
            </p>
            <EChart option={volume} label={`近${days}天付款量`} />
          </section>
          <section aria-label="订单状态分布">
            <h3 style={heading}>订单状态分布（近30天）</h3>
            {data.byStatus.length ? <EChart option={status} label="订单状态分布" height={288} /> : <p style={note}>暂无订单</p>}
          </section>
          <section aria-label="客户付款排行">
            <h3 style={heading}>客户付款排行（近30天）</h3>
            {data.topCustomers.length ? <EChart option={top} label="客户付款排行" height={288} /> : <p style={note}>暂无付款</p>}
          </section>
        </>
      )}
    </div>
  );
}
