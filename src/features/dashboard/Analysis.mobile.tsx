// 数据分析 on the phone: preset ranges or a calendar range, the tenant (platform staff), totals and
// lead time, then a card per breakdown (route, kind, customer, failure reasons, day). useAnalysis.
import { useState, type CSSProperties } from 'react';
import { Button, CalendarPicker, Card, ErrorBlock, Grid, List, Selector, Toast } from 'antd-mobile';
import dayjs from 'dayjs';
import { DASHBOARD_PERMS, amountText as money, durationText, type VolumeRow } from '@contract/api/workbench';
import { formatDate } from '@contract/time';
import { useCan } from '@/hooks/useCan';
import { useAnalysis } from './useAnalysis';

const DAY_MS = 86_400_000;
const PRESETS = [7, 30, 90];
const card: CSSProperties = { borderRadius: 12 };
const weak: CSSProperties = { color: 'rgba(0,0,0,0.65)', fontSize: 12 };

function Breakdown({ title, rows }: { title: string; rows: VolumeRow[] }) {
  return (
    <Card title={title} style={card}>
      {rows.length === 0 ? (
        <p style={{ ...weak, textAlign: 'center' }}>暂无数据</p>
      ) : (
        <List style={{ '--padding-left': '0', '--border-top': 'none' } as CSSProperties}>
          {rows.map((r) => (
            <List.Item key={r.key} description={`成功 ${r.succeeded} 笔 · 实付 ${money(r.paidFen)}`} extra={money(r.amountFen)}>
              {r.label} <span style={weak}>{r.count} 笔</span>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}

export default function AnalysisMobile() {
  const x = useAnalysis();
  const can = useCan();
  const [calendar, setCalendar] = useState(false);
  const a = x.data;
  const preset = PRESETS.find((d) => x.range[1] === formatDate(Date.now()) && x.range[0] === formatDate(Date.now() - (d - 1) * DAY_MS));
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, padding: 12 }}>
      <Card style={card}>
        <Selector
          columns={3}
          options={PRESETS.map((d) => ({ value: d, label: `近${d}天` }))}
          value={preset ? [preset] : []}
          onChange={(v) => v[0] && x.setRange([formatDate(Date.now() - (v[0] - 1) * DAY_MS), formatDate(Date.now())])}
        />
        <List style={{ '--padding-left': '0', '--border-top': 'none', marginTop: 8 } as CSSProperties}>
          <List.Item arrowIcon onClick={() => setCalendar(true)} extra={`${x.range[0]} ~ ${x.range[1]}`}>
            日期范围
          </List.Item>
        </List>
        {a && a.tenants.length > 1 && (
          <Selector
            style={{ marginTop: 8 }}
            columns={3}
            options={[{ value: '', label: '全部租户' }, ...a.tenants.map((t) => ({ value: t.id, label: t.name }))]}
            value={[x.tenantId]}
            onChange={(v) => x.setTenantId(v[0] ?? '')}
          />
        )}
        {can(DASHBOARD_PERMS.export) && (
          <Button
            block
            color="primary"
            fill="outline"
            style={{ marginTop: 12 }}
            loading={x.exporting}
            onClick={async () => {
              const failed = await x.exportXls();
              if (failed) Toast.show({ content: failed });
            }}
          >
            导出 Excel
          </Button>
        )}
      </Card>
      {x.error && <ErrorBlock status="default" title="数据分析查询失败" description={x.error} />}
      {a && (
        <>
          <Card title="概览" style={card} data-testid="analysis-totals">
            <Grid columns={2} gap={12}>
              {[
                { k: '订单笔数', v: String(a.total.count) },
                { k: '订单金额', v: money(a.total.amountFen) },
                { k: '成功笔数', v: String(a.total.succeeded) },
                { k: '实付金额', v: money(a.total.paidFen) },
                { k: '审批时长中位数', v: `${a.leadTime.approximate ? '约 ' : ''}${durationText(a.leadTime.medianSec)}` },
                { k: '审批时长 P90', v: `${a.leadTime.approximate ? '约 ' : ''}${durationText(a.leadTime.p90Sec)}` },
              ].map((s) => (
                <Grid.Item key={s.k}>
                  <div style={weak}>{s.k}</div>
                  <div style={{ fontSize: 17, fontWeight: 600, color: 'rgba(0,0,0,0.88)' }}>{s.v}</div>
                </Grid.Item>
              ))}
            </Grid>
          </Card>
          <Breakdown title="按通道" rows={a.byRoute} />
          <Breakdown title="按支付机构" rows={a.byProvider} />
          <Breakdown title="按交易类型" rows={a.byKind} />
          <Breakdown title="按客户（金额前20）" rows={a.byCustomer} />
          <Card title="失败原因" style={card}>
            {a.failures.length === 0 ? (
              <p style={{ ...weak, textAlign: 'center' }}>无失败订单</p>
            ) : (
              <List style={{ '--padding-left': '0', '--border-top': 'none' } as CSSProperties}>
                {a.failures.map((f) => (
                  <List.Item key={f.reason} description={money(f.amountFen)} extra={`${f.count} 笔`}>
                    {f.reason}
                  </List.Item>
                ))}
              </List>
            )}
          </Card>
          <Breakdown title="按日（有交易的日期）" rows={[...a.byDay].reverse().filter((d) => d.count > 0)} />
        </>
      )}
      <CalendarPicker
        visible={calendar}
        selectionMode="range"
        title="选择日期范围"
        onClose={() => setCalendar(false)}
        onConfirm={(val) => {
          if (val) x.setRange([dayjs(val[0]).format('YYYY-MM-DD'), dayjs(val[1]).format('YYYY-MM-DD')]);
          setCalendar(false);
        }}
      />
    </div>
  );
}
