// 系统监控 on the phone: a stack of cards (summary, processes, the slowest routes, database,
// channel, jobs) over the same useMonitor as the desktop, refreshed every few seconds.
import { Card, ErrorBlock, List, Tag } from 'antd-mobile';
import { JOB_RUN_TEXT, bytesText, countText, msText, pctText, timeText, uptimeText, useMonitor } from './useMonitor';

export default function MonitorMobile() {
  const { data, error } = useMonitor();
  if (error && !data) return <ErrorBlock status="default" title="系统监控查询失败" description={error} />;
  if (!data) return null;
  const db = data.database;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, padding: 12 }}>
      <Card title="概览">
        <List>
          <List.Item extra={data.processes.filter((p) => p.alive).length}>在线进程</List.Item>
          <List.Item extra={data.requestsLastHour}>近1小时请求</List.Item>
          <List.Item extra={pctText(data.requestsLastHour ? data.errorsLastHour / data.requestsLastHour : 0)}>近1小时错误率</List.Item>
          <List.Item extra={`${data.online.users} 人 / ${data.online.sessions} 会话`}>在线用户</List.Item>
          <List.Item extra={timeText(data.at)}>更新于</List.Item>
        </List>
      </Card>
      <Card title="服务进程">
        <List>
          {data.processes.map((p) => (
            <List.Item
              key={p.id}
              description={`运行 ${uptimeText(p.startedAt)} · 内存 ${bytesText(p.rssBytes)} · 延迟 ${msText(p.loopLagMs)} · 请求 ${p.requestsLastHour}`}
              extra={<Tag color={p.alive ? 'success' : 'default'}>{p.alive ? '在线' : '已离线'}</Tag>}
            >
              {p.self ? `${p.id}（当前）` : p.id}
            </List.Item>
          ))}
        </List>
      </Card>
      <Card title="接口（最近一小时，P95 最慢在前）">
        <List>
          {data.routes.slice(0, 10).map((r) => (
            <List.Item
              key={r.route}
              description={`${r.count} 次 · 错误率 ${pctText(r.errorRate)} · P50 ${msText(r.p50Ms)} · P99 ${msText(r.p99Ms)}`}
              extra={msText(r.p95Ms)}
            >
              <span style={{ wordBreak: 'break-all' }}>{r.route}</span>
            </List.Item>
          ))}
        </List>
      </Card>
      <Card title="数据库">
        <List>
          <List.Item extra={bytesText(db.sizeBytes)}>大小</List.Item>
          <List.Item extra={countText(db.connections)}>连接数</List.Item>
          <List.Item extra={db.statements ? `${db.statements.length} 条` : db.statementsNote}>慢语句</List.Item>
        </List>
      </Card>
      <Card title="渠道模拟器">
        <List>
          <List.Item extra={<Tag color={data.channel.healthy ? 'success' : 'danger'}>{data.channel.healthy ? '正常' : '积压'}</Tag>}>
            待回调 {data.channel.pending}
          </List.Item>
          <List.Item extra={`${data.channel.succeededLastHour} / ${data.channel.failedLastHour}`}>近1小时成功/失败</List.Item>
        </List>
      </Card>
      <Card title="定时任务">
        <List>
          {data.jobs.map((j) => (
            <List.Item
              key={j.id}
              description={`上次 ${timeText(j.lastRunAt)} · 24小时执行 ${j.runs24h}、失败 ${j.failures24h}`}
              extra={j.lastStatus ? (JOB_RUN_TEXT[j.lastStatus] ?? j.lastStatus) : '—'}
            >
              {j.jobName}
            </List.Item>
          ))}
        </List>
      </Card>
    </div>
  );
}
