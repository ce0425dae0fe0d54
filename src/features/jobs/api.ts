// Calls of the scheduled-jobs page (system:job:*).
import { JOB_PATHS, type Job, type JobForm, type JobHandlerInfo, type JobRun } from '@contract/api/jobs';
import type { PageResult } from '@contract/listQuery';
import { sysGet, sysPost, sysPut } from '@/api/request';

export type JobRow = Job & Record<string, unknown>;

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
  handlersOnce ??= sysGet<JobHandlerInfo[]>(JOB_PATHS.handlers).then((r) => r.result, (e: unknown) => {
    handlersOnce = null;
    throw e;
  });
  return handlersOnce;
}
