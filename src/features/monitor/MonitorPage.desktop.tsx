// 系统监控 on the desktop: summary cards, then tables of processes, routes (last hour), the
// database, scheduled jobs; refreshed every few seconds by useMonitor.
import { useState } from 'react';
import { Alert, Card, Col, Input, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { MonitorJob, MonitorProcess, MonitorRoute, MonitorStatement } from '@contract/api/monitor';
import { JOB_RUN_TEXT, bytesText, countText, msText, pctText, timeText, uptimeText, useMonitor } from './useMonitor';

export default function MonitorDesktop() {
  const { data, error } = useMonitor();
  const db = data?.database;
  const [filter, setFilter] = useState('');
  const routes = (data?.routes ?? []).filter((r) => r.route.toLowerCase().includes(filter.trim().toLowerCase()));
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        系统监控
      </Typography.Title>
      {error && <Alert type="error" showIcon message={error} />}
      <Typography.Text type="secondary">实时更新{data ? `，更新于 ${timeText(data.at)}` : ''}；接口统计为所有在线进程最近一小时之和</Typography.Text>
      <Row gutter={[16, 16]}>
        <Col span={4}>
          <Card size="small">
            <Statistic title="在线进程" value={data ? data.processes.filter((p) => p.alive).length : '—'} />
          </Card>
        </Col>
        <Col span={4}>
          <Card size="small">
            <Statistic title="近1小时请求" value={data?.requestsLastHour ?? '—'} />
          </Card>
        </Col>
        <Col span={4}>
          <Card size="small">
            <Statistic title="近1小时错误率" value={data ? pctText(data.requestsLastHour ? data.errorsLastHour / data.requestsLastHour : 0) : '—'} />
          </Card>
        </Col>
        <Col span={4}>
          <Card size="small">
            <Statistic title="在线用户" value={data?.online.users ?? '—'} suffix={data ? `/ ${data.online.sessions} 会话` : undefined} />
          </Card>
        </Col>
        <Col span={4}>
          <Card size="small">
            <Statistic title="数据库大小" value={db ? bytesText(db.sizeBytes) : '—'} />
          </Card>
        </Col>
        <Col span={4}>
          <Card size="small">
            <Statistic
              title="渠道待回调"
              value={data?.channel.pending ?? '—'}
              suffix={data ? <Tag color={data.channel.healthy ? 'green' : 'red'}>{data.channel.healthy ? '正常' : '积压'}</Tag> : undefined}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title="服务进程">
        <Table<MonitorProcess>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={data?.processes ?? []}
          loading={!data && !error}
          columns={[
            { dataIndex: 'id', title: '进程', render: (v: string, p) => (p.self ? `${v}（当前）` : v) },
            { dataIndex: 'pid', title: 'PID', width: 90 },
            { dataIndex: 'alive', title: '状态', width: 90, render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? '在线' : '已离线'}</Tag> },
            { dataIndex: 'startedAt', title: '运行时长', width: 130, render: (v: string) => uptimeText(v) },
            { dataIndex: 'rssBytes', title: '内存', width: 110, align: 'right', render: (v: number) => bytesText(v) },
            { dataIndex: 'loopLagMs', title: '事件循环延迟', width: 120, align: 'right', render: (v: number) => msText(v) },
            { dataIndex: 'requestsLastHour', title: '近1小时请求', width: 120, align: 'right' },
            { dataIndex: 'beatAt', title: '最近心跳', width: 180, render: (v: string) => timeText(v) },
          ]}
        />
      </Card>
      <Card
        size="small"
        title="接口（最近一小时）"
        extra={
          <Input
            allowClear
            size="small"
            placeholder="筛选接口"
            aria-label="筛选接口"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            style={{ width: 240 }}
          />
        }
      >
        <Table<MonitorRoute>
          rowKey="route"
          size="small"
          dataSource={routes}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          columns={[
            { dataIndex: 'route', title: '接口', ellipsis: true },
            { dataIndex: 'count', title: '请求数', width: 100, align: 'right', sorter: (a, b) => a.count - b.count },
            {
              dataIndex: 'errorRate',
              title: '错误率',
              width: 100,
              align: 'right',
              render: (v: number) => pctText(v),
              sorter: (a, b) => a.errorRate - b.errorRate,
            },
            { dataIndex: 'p50Ms', title: 'P50', width: 100, align: 'right', render: (v: number) => msText(v) },
            { dataIndex: 'p95Ms', title: 'P95', width: 100, align: 'right', render: (v: number) => msText(v), sorter: (a, b) => a.p95Ms - b.p95Ms },
            { dataIndex: 'p99Ms', title: 'P99', width: 100, align: 'right', render: (v: number) => msText(v) },
          ]}
        />
      </Card>
      <Row gutter={16}>
        <Col span={12}>
          <Card size="small" title="数据库">
            {db && (
              <Space direction="vertical" style={{ width: '100%' }}>
                <Typography.Text>
                  {db.engine === 'pglite' ? '内嵌 PGlite' : 'PostgreSQL'}，大小 {bytesText(db.sizeBytes)}，连接数 {countText(db.connections)}（活动{' '}
                  {countText(db.activeConnections)}），本进程连接池 {db.poolTotal}（空闲 {countText(db.poolIdle)}，等待 {countText(db.poolWaiting)}）
                </Typography.Text>
                {db.statements ? (
                  <Table<MonitorStatement>
                    rowKey={(r) => r.query}
                    size="small"
                    pagination={false}
                    dataSource={db.statements}
                    columns={[
                      { dataIndex: 'query', title: '最慢语句', ellipsis: true },
                      { dataIndex: 'calls', title: '次数', width: 80, align: 'right' },
                      { dataIndex: 'meanMs', title: '平均', width: 100, align: 'right', render: (v: number) => msText(Math.round(v * 10) / 10) },
                    ]}
                  />
                ) : (
                  <Typography.Text type="secondary">慢语句：{db.statementsNote}</Typography.Text>
                )}
              </Space>
            )}
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small" title="渠道模拟器">
            {data && (
              <Typography.Text>
                {data.channel.name}：待回调 {data.channel.pending}，最久等待 {data.channel.oldestPendingSeconds} 秒，本进程投递中 {data.channel.inFlight}
                ；近1小时成功 {data.channel.succeededLastHour}、失败 {data.channel.failedLastHour}；WebSocket 连接 {data.online.sockets}
              </Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
      <Card size="small" title="定时任务">
        <Table<MonitorJob>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={data?.jobs ?? []}
          columns={[
            { dataIndex: 'jobName', title: '任务名称' },
            { dataIndex: 'status', title: '状态', width: 90, render: (v: string) => (v === '0' ? '运行中' : '已暂停') },
            { dataIndex: 'lastRunAt', title: '上次执行', width: 180, render: (v: string | null) => timeText(v) },
            {
              dataIndex: 'lastStatus',
              title: '上次结果',
              width: 100,
              render: (v: string | null, j) =>
                v ? (
                  <Tag color={v === 'failed' ? 'red' : v === 'success' ? 'green' : 'default'} title={j.lastError ?? undefined}>
                    {JOB_RUN_TEXT[v] ?? v}
                  </Tag>
                ) : (
                  '—'
                ),
            },
            { dataIndex: 'lastDurationMs', title: '耗时', width: 100, align: 'right', render: (v: number | null) => msText(v) },
            { dataIndex: 'runs24h', title: '24小时执行', width: 110, align: 'right' },
            { dataIndex: 'failures24h', title: '24小时失败', width: 110, align: 'right' },
            { dataIndex: 'nextFireTime', title: '下次执行', width: 180, render: (v: string | null) => timeText(v) },
          ]}
        />
      </Card>
    </Space>
  );
}
