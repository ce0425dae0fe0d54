// 定时任务 (page key 'jobs/JobList', /system/quartzJob): the job list as list kit configuration,
// with 暂停/恢复, 立即执行 and 执行记录 as row actions. The add/edit form and the run history
// load the device's rendering on use, so a phone never fetches antd.
import { lazy, Suspense, useMemo, useState } from 'react';
import { JOB_HANDLERS, JOB_HANDLER_KEYS, JOB_PATHS, JOB_STATUS_TEXT } from '@contract/api/jobs';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig, ListOption } from '@/components/list/types';
import { useIsMobile } from '@/hooks/useDevice';
import { executeJob, listJobs, pauseJob, resumeJob, type JobRow } from './api';

const RunsDesktop = lazy(() => import('./JobRuns.desktop'));
const RunsMobile = lazy(() => import('./JobRuns.mobile'));

const HANDLER_OPTIONS: ListOption[] = JOB_HANDLER_KEYS.map((k) => ({ value: k, label: JOB_HANDLERS[k].name }));
const STATUS_OPTIONS: ListOption[] = (['0', '-1'] as const).map((s) => ({ value: s, label: JOB_STATUS_TEXT[s] }));

/** A toast in the device's kit, loaded on use. */
async function toast(text: string, mobile: boolean, ok = true) {
  if (mobile) (await import('antd-mobile')).Toast.show({ content: text, icon: ok ? 'success' : 'fail' });
  else void (await import('antd')).message[ok ? 'success' : 'warning'](text);
}

export default function JobList() {
  const mobile = useIsMobile();
  const [runsOf, setRunsOf] = useState<JobRow | null>(null);

  const config = useMemo<ListKitConfig<JobRow>>(
    () => ({
      pageKey: 'jobs/JobList',
      title: '定时任务',
      url: { list: JOB_PATHS.list, delete: JOB_PATHS.delete, deleteBatch: JOB_PATHS.deleteBatch },
      fetchList: listJobs,
      permissionPrefix: 'system:job:',
      toolbar: ['add', 'batch_delete', 'superQuery'],
      columns: [
        { dataIndex: 'jobName', title: '任务名称', width: 150, sorter: true, ellipsis: true },
        { dataIndex: 'handler', title: '处理器', width: 110, options: HANDLER_OPTIONS },
        { dataIndex: 'cronExpression', title: 'Cron表达式', width: 140, render: (v) => <code>{String(v)}</code> },
        {
          dataIndex: 'status',
          title: '状态',
          width: 80,
          type: 'tag',
          tag: (r) => ({
            text: JOB_STATUS_TEXT[r.status],
            color: mobile ? (r.status === '0' ? '#52c41a' : '#999999') : r.status === '0' ? 'green' : 'default',
          }),
        },
        { dataIndex: 'nextFireTime', title: '下次执行时间', width: 165, sorter: true, type: 'datetime', render: (v) => (v ? String(v) : '—') },
        { dataIndex: 'description', title: '描述', ellipsis: true },
        { dataIndex: 'createTime', title: '创建时间', width: 165, sorter: true, type: 'datetime' },
      ],
      query: [
        { field: 'jobName', label: '任务名称', type: 'input', rule: 'like' },
        { field: 'handler', label: '处理器', type: 'select', options: HANDLER_OPTIONS },
        { field: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
      ],
      superQuery: [
        { field: 'jobName', label: '任务名称', type: 'string' },
        { field: 'handler', label: '处理器', type: 'dict', options: HANDLER_OPTIONS },
        { field: 'cronExpression', label: 'Cron表达式', type: 'string' },
        { field: 'status', label: '状态', type: 'dict', options: STATUS_OPTIONS },
        { field: 'nextFireTime', label: '下次执行时间', type: 'datetime' },
        { field: 'createTime', label: '创建时间', type: 'datetime' },
      ],
      // 编辑 and 暂停/恢复 inline, the rest under 更多: the kit's 170 px 操作 column holds no more on one line.
      inlineActions: 2,
      rowActions: [
        {
          key: 'pause',
          text: '暂停',
          permission: 'pause',
          visible: (r) => r.status === '0',
          confirm: (r) => `确定暂停“${r.jobName}”吗？暂停期间错过的执行不会补跑。`,
          onClick: async (r, kit) => {
            void toast((await pauseJob(r.id)).message, mobile);
            await kit.reload();
          },
        },
        {
          key: 'resume',
          text: '恢复',
          permission: 'resume',
          visible: (r) => r.status === '-1',
          onClick: async (r, kit) => {
            void toast((await resumeJob(r.id)).message, mobile);
            await kit.reload();
          },
        },
        {
          key: 'execute',
          text: '立即执行',
          permission: 'execute',
          confirm: (r) => `确定立即执行一次“${r.jobName}”吗？`,
          onClick: async (r) => {
            const res = await executeJob(r.id);
            void toast(
              res.result.status === 'success' && res.result.result ? `${res.message}：${res.result.result}` : res.message,
              mobile,
              res.result.status === 'success',
            );
          },
        },
        { key: 'runs', text: '执行记录', permission: 'list', onClick: (r) => setRunsOf(r) },
      ],
      editor: { desktop: () => import('./JobForm.desktop'), mobile: () => import('./JobForm.mobile') },
      mobile: { title: 'jobName', subtitle: 'cronExpression', fields: ['handler', 'nextFireTime', 'description'], status: 'status', searchField: 'jobName' },
      // The sum of the fixed widths and a little for 描述: the table fills 1440 without a scrollbar.
      scrollX: 1080,
    }),
    [mobile],
  );

  const Runs = mobile ? RunsMobile : RunsDesktop;
  return (
    <>
      <ListKit config={config} />
      {runsOf ? (
        <Suspense fallback={null}>
          <Runs jobId={runsOf.id} jobName={runsOf.jobName} onClose={() => setRunsOf(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
