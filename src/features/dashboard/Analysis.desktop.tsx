// 数据分析 on the desktop: range, tenant and export above; totals and approval lead time; the daily
// trend (ECharts, loaded with the page's first chart); tables by route, kind, customer and day; the
// failure reasons. State and calls: useAnalysis.
import { useMemo } from 'react';
import { Alert, App, Button, Card, Col, DatePicker, Row, Select, Space, Statistic, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { DASHBOARD_PERMS, amountText as money, durationText, type Analysis, type VolumeRow } from '@contract/api/workbench';
import { EChart, type ChartOption } from '@/components/charts/EChart';
import { volumeTrendOption } from '@/components/charts/volumeTrend';
import { useCan } from '@/hooks/useCan';
import { useAnalysis } from './useAnalysis';

const volumeColumns = (keyTitle: string): ColumnsType<VolumeRow> => [
  { dataIndex: 'label', title: keyTitle, ellipsis: true },
  { dataIndex: 'count', title: '笔数', align: 'right', width: 72 },
  { dataIndex: 'amountFen', title: '金额', align: 'right', width: 128, render: (v: string) => money(v) },
  { dataIndex: 'succeeded', title: '成功笔数', align: 'right', width: 84 },
  { dataIndex: 'paidFen', title: '实付金额', align: 'right', width: 128, render: (v: string) => money(v) },
];

const trendOption = (a: Analysis): ChartOption => volumeTrendOption(a.byDay.map((d) => ({ day: d.key, count: d.count, amountFen: d.amountFen })));

export default function AnalysisDesktop() {
  const x = useAnalysis();
  const can = useCan();
  const { message } = App.useApp();
  const a = x.data;
  const trend = useMemo(() => (a ? trendOption(a) : null), [a]);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            数据分析
          </Typography.Title>
          <Space wrap>
            <DatePicker.RangePicker
              aria-label="日期范围"
              allowClear={false}
              value={[dayjs(x.range[0]), dayjs(x.range[1])]}
              onChange={(v) => v?.[0] && v[1] && x.setRange([v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')])}
            />
            {a && a.tenants.length > 1 && (
              <Select
                aria-label="租户"
                style={{ width: 180 }}
                value={x.tenantId}
                onChange={x.setTenantId}
                options={[{ value: '', label: '全部租户' }, ...a.tenants.map((t) => ({ value: t.id, label: t.name }))]}
              />
            )}
            {can(DASHBOARD_PERMS.export) && (
              <Button
                type="primary"
                loading={x.exporting}
                onClick={async () => {
                  const failed = await x.exportXls();
                  if (failed) message.error(failed);
                }}
              >
                导出
              </Button>
            )}
          </Space>
        </Space>
      </Card>
      {x.error && <Alert type="error" showIcon message={x.error} />}
      <Row gutter={[16, 16]} data-testid="analysis-totals">
        {[
          { title: '订单笔数', value: a ? String(a.total.count) : '—' },
          { title: '订单金额', value: a ? money(a.total.amountFen) : '—' },
          { title: '成功笔数', value: a ? String(a.total.succeeded) : '—' },
          { title: '实付金额', value: a ? money(a.total.paidFen) : '—' },
          { title: '审批时长中位数', value: a ? `${a.leadTime.approximate ? '约 ' : ''}${durationText(a.leadTime.medianSec)}` : '—' },
          { title: '审批时长 P90', value: a ? `${a.leadTime.approximate ? '约 ' : ''}${durationText(a.leadTime.p90Sec)}` : '—' },
        ].map((s) => (
          <Col key={s.title} span={4}>
            <Card size="small" loading={x.loading && !a}>
              <Statistic title={s.title} value={s.value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title="每日交易趋势">
        {trend && <EChart option={trend} label="每日交易笔数与金额" height={300} />}
      </Card>
      <Row gutter={[16, 16]}>
        <Col span={12}>
          <Card size="small" title="按通道">
            <Table rowKey="key" size="small" pagination={false} dataSource={a?.byRoute ?? []} columns={volumeColumns('通道')} loading={x.loading} />
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title="按支付机构">
            <Table rowKey="key" size="small" pagination={false} dataSource={a?.byProvider ?? []} columns={volumeColumns('支付机构')} loading={x.loading} />
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title="按交易类型">
            <Table rowKey="key" size="small" pagination={false} dataSource={a?.byKind ?? []} columns={volumeColumns('交易类型')} loading={x.loading} />
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title="按客户（金额前20）">
            <Table rowKey="key" size="small" pagination={false} dataSource={a?.byCustomer ?? []} columns={volumeColumns('客户')} loading={x.loading} />
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title="失败原因">
            <Table
              rowKey="reason"
              size="small"
              pagination={false}
              dataSource={a?.failures ?? []}
              loading={x.loading}
              locale={{ emptyText: '无失败订单' }}
              columns={[
                { dataIndex: 'reason', title: '失败原因', ellipsis: true },
                { dataIndex: 'count', title: '笔数', align: 'right', width: 90 },
                { dataIndex: 'amountFen', title: '金额', align: 'right', width: 150, render: (v: string) => money(v) },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title="按日">
        <Table
          rowKey="key"
          size="small"
          dataSource={a ? [...a.byDay].reverse() : []}
          columns={volumeColumns('日期')}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          loading={x.loading}
        />
      </Card>
    </Space>
  );
}
