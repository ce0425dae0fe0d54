// The job form's shared logic (desktop and phone): initial values, validation with the contract's
// jobForm (the server's own rules), the handler catalogue, and saving.
import { useEffect, useState } from 'react';
import { JOB_HANDLERS, isJobHandlerKey, jobForm, type JobForm, type JobHandlerInfo } from '@contract/api/jobs';
import { addJob, editJob, jobHandlers, type JobRow } from './api';

export interface JobFormValues {
  jobName: string;
  handler: string;
  cronExpression: string;
  parameter: string;
  description: string;
  status: '0' | '-1';
}

export function formValuesOf(record: JobRow | null): JobFormValues {
  return record
    ? {
        jobName: record.jobName,
        handler: record.handler,
        cronExpression: record.cronExpression,
        parameter: record.parameter,
        description: record.description,
        status: record.status,
      }
    : { jobName: '', handler: 'heartbeat', cronExpression: '0 0 3 * * ?', parameter: '', description: '', status: '0' };
}

/** Field → first message, from the same schema the server validates with. */
export function validateJob(v: JobFormValues): Partial<Record<keyof JobFormValues, string>> {
  const r = jobForm.safeParse(v);
  if (r.success) return {};
  const out: Partial<Record<keyof JobFormValues, string>> = {};
  for (const i of r.error.issues) {
    const k = i.path[0] as keyof JobFormValues;
    out[k] ??= i.message;
  }
  return out;
}

export const handlerHint = (key: string) => (isJobHandlerKey(key) ? JOB_HANDLERS[key].hint : '');

export function useJobHandlers(): JobHandlerInfo[] {
  const [list, setList] = useState<JobHandlerInfo[]>([]);
  useEffect(() => {
    let live = true;
    jobHandlers().then(
      (l) => live && setList(l),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return list;
}

/** Saves; resolves with the server's message on success (the API layer shows failures). */
export async function saveJob(record: JobRow | null, v: JobFormValues): Promise<string> {
  const body: JobForm = { ...v };
  const res = record ? await editJob({ ...body, id: record.id }) : await addJob(body);
  return res.message;
}
