// Scheduled jobs: the rows and their rules. Jobs are platform-level (tenant '0'): their handlers
// work across tenants (pruning logs, sessions), so only the platform tenant may see or manage them.
// Every write keeps next_fire_time in step with the status and the cron expression; the scheduler
// (server/scheduler) only ever reads and claims it.
import { and, count, desc, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { DEFAULT_TENANT_ID } from '../../../contract/constants';
import { JOB_LIST_FIELDS, JOB_MSG, isJobHandlerKey, type Job, type JobForm, type JobRun } from '../../../contract/api/jobs';
import { parseListQuery, type PageResult } from '../../../contract/listQuery';
import type { Db } from '../../db/client';
import { jobRuns, jobs } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { orderOf, whereOf, type ListResource } from '../../lib/listSql';
import { newId } from '../../lib/tokens';
import { computeNextFire, toJobRun } from '../../scheduler/scheduler';

export const JOBS_TENANT = DEFAULT_TENANT_ID;
type JobRow = typeof jobs.$inferSelect;

/** Time columns compare through a text parameter PostgreSQL casts ('YYYY-MM-DD HH:mm:ss'). */
const timeCol = (c: AnyColumn) => sql`${c}` as unknown as AnyColumn;
const JOB_RESOURCE: ListResource = {
  fields: JOB_LIST_FIELDS.fields,
  defaultSort: JOB_LIST_FIELDS.defaultSort,
  columns: {
    id: jobs.id,
    jobName: jobs.jobName,
    handler: jobs.handler,
    cronExpression: jobs.cronExpression,
    status: jobs.status,
    nextFireTime: timeCol(jobs.nextFireTime),
    createTime: timeCol(jobs.createdAt),
  },
};

export function toJob(r: JobRow): Job {
  return {
    id: r.id,
    jobName: r.jobName,
    handler: isJobHandlerKey(r.handler) ? r.handler : ('heartbeat' as const),
    cronExpression: r.cronExpression,
    parameter: r.parameter,
    description: r.description,
    status: r.status,
    nextFireTime: r.nextFireTime?.toISOString() ?? null,
    createTime: r.createdAt.toISOString(),
  };
}

const mine = (id: string) => and(eq(jobs.id, id), eq(jobs.tenantId, JOBS_TENANT));

export async function listJobs(db: Db, query: Record<string, unknown>): Promise<PageResult<Job>> {
  const parsed = parseListQuery(query, JOB_LIST_FIELDS);
  if (!parsed.ok) throw new AppError(400, parsed.message);
  const q = parsed.value;
  const where = whereOf(q, JOB_RESOURCE, [eq(jobs.tenantId, JOBS_TENANT)]);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(...orderOf(q, JOB_RESOURCE))
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { records: rows.map(toJob), total: Number(n), size: q.pageSize, current: q.pageNo };
}

export async function jobById(db: Db, id: string): Promise<JobRow> {
  const [row] = await db.select().from(jobs).where(mine(id)).limit(1);
  if (!row) throw new AppError(404, JOB_MSG.notFound);
  return row;
}

/** The next fire time a running job gets; a running job whose cron has no future time is refused. */
function scheduleOf(cron: string, status: '0' | '-1'): Date | null {
  if (status !== '0') return null;
  const next = computeNextFire(cron, new Date());
  if (!next) throw new AppError(400, JOB_MSG.noNextTime);
  return next;
}

type ValidForm = Required<Pick<JobForm, 'jobName' | 'handler' | 'cronExpression'>> & { parameter: string; description: string; status: '0' | '-1' };

export async function addJob(db: Db, form: ValidForm, userId: string): Promise<Job> {
  const [row] = await db
    .insert(jobs)
    .values({ id: newId(), tenantId: JOBS_TENANT, ...form, nextFireTime: scheduleOf(form.cronExpression, form.status), createdBy: userId })
    .returning();
  return toJob(row);
}

export async function editJob(db: Db, id: string, form: ValidForm): Promise<Job> {
  const current = await jobById(db, id);
  // The schedule restarts from now when it changed or the job is resumed by this edit; otherwise
  // the pending fire time stays, so saving a description does not skip or repeat a run.
  const keep = current.status === '0' && form.status === '0' && current.cronExpression === form.cronExpression && current.nextFireTime;
  const nextFireTime = keep ? current.nextFireTime : scheduleOf(form.cronExpression, form.status);
  const [row] = await db
    .update(jobs)
    .set({ ...form, nextFireTime, updatedAt: new Date() })
    .where(mine(id))
    .returning();
  return toJob(row);
}

/** Deletes the jobs (their run history goes with them); answers the names of those deleted. */
export async function deleteJobs(db: Db, ids: string[]): Promise<string[]> {
  const gone = await db
    .delete(jobs)
    .where(and(inArray(jobs.id, ids), eq(jobs.tenantId, JOBS_TENANT)))
    .returning({ jobName: jobs.jobName });
  return gone.map((g) => g.jobName);
}

export async function pauseJob(db: Db, id: string): Promise<Job> {
  const job = await jobById(db, id);
  if (job.status === '-1') throw new AppError(400, JOB_MSG.alreadyPaused);
  const [row] = await db.update(jobs).set({ status: '-1', nextFireTime: null, updatedAt: new Date() }).where(mine(id)).returning();
  return toJob(row);
}

/** Resuming schedules from now: the fire times missed while paused are not run. */
export async function resumeJob(db: Db, id: string): Promise<Job> {
  const job = await jobById(db, id);
  if (job.status === '0') throw new AppError(400, JOB_MSG.alreadyRunning);
  const nextFireTime = scheduleOf(job.cronExpression, '0');
  const [row] = await db.update(jobs).set({ status: '0', nextFireTime, updatedAt: new Date() }).where(mine(id)).returning();
  return toJob(row);
}

export async function runsOf(db: Db, jobId: string, pageNo: number, pageSize: number): Promise<PageResult<JobRun>> {
  await jobById(db, jobId);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.jobId, jobId))
      .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(jobRuns).where(eq(jobRuns.jobId, jobId)),
  ]);
  return { records: rows.map(toJobRun), total: Number(n), size: pageSize, current: pageNo };
}
