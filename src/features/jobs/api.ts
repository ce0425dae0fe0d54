// Calls of the scheduled-jobs page (system:job:*). Job times travel as ISO instants; the list
// shows them as 'YYYY-MM-DD HH:mm:ss' (formatRunTime), on the desktop table and the phone cards alike.
import { JOB_PATHS, type Job, type JobForm, type JobHandlerInfo, type JobRun } from '@contract/api/jobs';
import type { PageResult } from '@contract/listQuery';
import type { SysResult } from '@contract/types';
import { sysGet, sysPost, sysPut } from '@/api/request';
import { formatRunTime } from '@/components/cron/cronBuilder';

/** A job as the list shows it: nextFireTime and createTime already formatted for display. */
export type JobRow = Job & Record<string, unknown>;

/** The list call of the list kit, with the times formatted (the column keys stay sortable). */
export async function listJobs(params: Record<string, string>): Promise<SysResult<PageResult<JobRow>>> {
  const res = await sysGet<PageResult<Job>>(JOB_PATHS.list, params, { silent: true });
  if (!res.success || !res.result) return res as SysResult<PageResult<JobRow>>;
  const records = res.result.records.map((j) => ({
    ...j,
    nextFireTime: j.nextFireTime && formatRunTime(j.nextFireTime),
    createTime: formatRunTime(j.createTime),
  }));
  return { ...res, result: { ...res.result, records } };
}

export const addJob = (b: JobForm) => sysPost<Job>(JOB_PATHS.add, b);
export const editJob = (b: JobForm & { id: string }) => sysPut<Job>(JOB_PATHS.edit, b);
export const pauseJob = (id: string) => sysGet<Job>(JOB_PATHS.pause, { id });
export const resumeJob = (id: string) => sysGet<Job>(JOB_PATHS.resume, { id });
export const executeJob = (id: string) => sysGet<JobRun>(JOB_PATHS.execute, { id });
export const jobRuns = async (jobId: string, pageNo: number, pageSize: number) =>
  (await sysGet<PageResult<JobRun>>(JOB_PATHS.runs, { jobId, pageNo, pageSize })).result;

let handlersOnce: Promise<JobHandlerInfo[]> | null = null;
/** The handler catalogue (fetched once per page load). */
export function jobHandlers(): Promise<JobHandlerInfo[]> {
  handlersOnce ??= sysGet<JobHandlerInfo[]>(JOB_PATHS.handlers).then(
    (r) => r.result,
    (e: unknown) => {
      handlersOnce = null;
      throw e;
    },
  );
  return handlersOnce;
}
