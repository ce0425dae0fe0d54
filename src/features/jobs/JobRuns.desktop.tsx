// 执行记录 of one job (desktop drawer): when, how long, outcome, trigger, node, and the handler's
// summary or the error.
import { Button, Drawer, Table, Tag, Typography } from 'antd';
import type { JobRun } from '@contract/api/jobs';
import { formatRunTime } from '@/components/cron/cronBuilder';
import { RUN_STATUS, RUN_TRIGGER, durationText, useJobRuns } from './useJobRuns';

export interface JobRunsProps {
  jobId: string | null;
  jobName: string;
  onClose: () => void;
}

export default function JobRunsDesktop({ jobId, jobName, onClose }: JobRunsProps) {
  const runs = useJobRuns(jobId);
  return (
    <Drawer
      open={!!jobId}
      title={`执行记录 - ${jobName}`}
      size={860}
      onClose={onClose}
      destroyOnHidden
      extra={<Button onClick={() => void runs.load(runs.page).catch(() => undefined)}>刷新</Button>}
    >
      <Table<JobRun>
        rowKey="id"
        size="small"
        loading={runs.loading}
        dataSource={runs.records}
        pagination={{
          current: runs.page,
          pageSize: 10,
          total: runs.total,
          showTotal: (n) => `共${n}条`,
          showSizeChanger: false,
          onChange: (p) => void runs.load(p).catch(() => undefined),
        }}
        columns={[
          { title: '开始时间', dataIndex: 'startedAt', width: 165, render: (v: string) => formatRunTime(v) },
          { title: '计划时间', dataIndex: 'fireTime', width: 165, render: (v: string) => formatRunTime(v) },
          { title: '耗时', dataIndex: 'durationMs', width: 90, render: (v: number | null) => durationText(v) },
          { title: '状态', dataIndex: 'status', width: 76, render: (s: JobRun['status']) => <Tag color={RUN_STATUS[s].color}>{RUN_STATUS[s].text}</Tag> },
          { title: '触发', dataIndex: 'trigger', width: 60, render: (t: JobRun['trigger']) => RUN_TRIGGER[t] },
          // Wraps rather than cuts: an error is read in full.
          {
            title: '结果 / 错误',
            key: 'outcome',
            render: (_: unknown, r) =>
              r.error ? (
                <Typography.Text type="danger" title={r.error}>
                  {r.error}
                </Typography.Text>
              ) : (
                (r.result ?? '')
              ),
          },
          { title: '节点', dataIndex: 'nodeId', width: 110, ellipsis: true },
        ]}
      />
    </Drawer>
  );
}
