// 执行记录 of one job (phone): a full-screen list with infinite scroll.
import { InfiniteScroll, List, NavBar, Popup, Tag } from 'antd-mobile';
import type { JobRunsProps } from './JobRuns.desktop';
import { formatRunTime } from '@/components/cron/cronBuilder';
import { RUN_STATUS, RUN_TRIGGER, durationText, useJobRuns } from './useJobRuns';

export default function JobRunsMobile({ jobId, jobName, onClose }: JobRunsProps) {
  const runs = useJobRuns(jobId, 20);
  return (
    <Popup visible={!!jobId} position="right" bodyStyle={{ width: '100vw', height: '100%', overflow: 'auto' }} destroyOnClose>
      <NavBar onBack={onClose}>执行记录</NavBar>
      <div style={{ padding: '8px 12px', color: '#666', fontSize: 13 }}>{jobName}</div>
      <List>
        {runs.records.map((r) => (
          <List.Item
            key={r.id}
            extra={
              <Tag color={RUN_STATUS[r.status].hex} fill="outline">
                {RUN_STATUS[r.status].text}
              </Tag>
            }
            description={<span style={r.error ? { color: 'var(--adm-color-danger)' } : undefined}>{r.error ?? r.result ?? ''}</span>}
          >
            <div style={{ fontSize: 15 }}>{formatRunTime(r.startedAt)}</div>
            <div style={{ fontSize: 12, color: 'var(--boss-color-weak)' }}>{`${RUN_TRIGGER[r.trigger]} · ${durationText(r.durationMs)} · ${r.nodeId}`}</div>
          </List.Item>
        ))}
      </List>
      <InfiniteScroll hasMore={runs.hasMore} loadMore={() => runs.load(runs.page + 1, true)}>
        {runs.records.length ? (runs.hasMore ? '加载中…' : '没有更多了') : runs.loading ? '加载中…' : '暂无执行记录'}
      </InfiniteScroll>
    </Popup>
  );
}
