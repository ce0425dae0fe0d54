// Calls of scheduled jobs (issue 3 §4): CRUD over the list kit, pause, resume, run now, the run
// history, the handler catalogue and the cron preview. Jobs are platform-level (tenant '0'): a
// request acting in another tenant is refused with 403 before anything is read. Every write is in
// the operation log (/sys/log/list logType 2), committed with the change it describes.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  JOB_HANDLERS,
  JOB_HANDLER_KEYS,
  JOB_MSG,
  JOB_PATHS,
  JOB_PERMS,
  JOB_STATUS_TEXT,
  jobForm,
  type Job,
  type JobHandlerInfo,
} from '../../../contract/api/jobs';
import { nextRuns, validateCron } from '../../../contract/cron';
import { MSG } from '../../../contract/messages';
import type { Db } from '../../db/client';
import { isPlatform } from '../config/scope';
import type { ModuleOptions } from '../../context';
import { AppError, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { recordOperation } from '../rbac/logs';
import { JobBusyError } from '../../scheduler/scheduler';
import { JOBS_TENANT, addJob, deleteJobs, editJob, jobById, listJobs, pauseJob, resumeJob, runsOf } from './service';

const tags = ['jobs'];
const id = z.string().trim().min(1, MSG.badRequest).max(64, MSG.badRequest);
const idQuery = z.object({ id });
const idsQuery = z.object({
  ids: z
    .string()
    .max(10_000, MSG.badRequest)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .refine((a) => a.length > 0 && a.length <= 500, '请选择一条记录！'),
});
const listQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const runsQuery = z.object({
  jobId: id,
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
});
const nextRunsQuery = z.object({ cron: z.string().trim().min(1, JOB_MSG.cronRequired).max(120, MSG.badRequest) });
const editBody = z.intersection(z.object({ id }), jobForm);

/** A job as the operation log names it. */
const jobText = (j: Job) => `${j.jobName}（${JOB_HANDLERS[j.handler].name}，${j.cronExpression}，${JOB_STATUS_TEXT[j.status]}）`;

/** Jobs touch every tenant's data, so only platform staff (a platform-type group) manage them. */
async function platformOnly(db: Db, req: FastifyRequest): Promise<void> {
  if (authOf(req).tenantId !== JOBS_TENANT || !(await isPlatform(db, req))) throw new AppError(403, MSG.http403);
}

export const jobsRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const db = deps.db;
  const perm = (code: string) => ({ permission: code });

  app.get(JOB_PATHS.list, { schema: { querystring: listQuery, tags }, config: perm(JOB_PERMS.list) }, async (req) => {
    await platformOnly(db, req);
    return sysOk(await listJobs(db, req.query));
  });

  app.post(JOB_PATHS.add, { schema: { body: jobForm, tags }, config: perm(JOB_PERMS.add) }, async (req) => {
    await platformOnly(db, req);
    const job = await db.transaction(async (tx) => {
      const added = await addJob(tx, req.body, authOf(req).user.id);
      await recordOperation(tx, req, `添加定时任务：${jobText(added)}`);
      return added;
    });
    return sysOk(job, '添加成功！');
  });

  app.put(JOB_PATHS.edit, { schema: { body: editBody, tags }, config: perm(JOB_PERMS.edit) }, async (req) => {
    await platformOnly(db, req);
    const { id: jobId, ...form } = req.body;
    const job = await db.transaction(async (tx) => {
      const edited = await editJob(tx, jobId, form);
      await recordOperation(tx, req, `编辑定时任务：${jobText(edited)}`);
      return edited;
    });
    return sysOk(job, '编辑成功!');
  });

  app.delete(JOB_PATHS.delete, { schema: { querystring: idQuery, tags }, config: perm(JOB_PERMS.delete) }, async (req) => {
    await platformOnly(db, req);
    await db.transaction(async (tx) => {
      const [name] = await deleteJobs(tx, [req.query.id]);
      if (name === undefined) throw new AppError(404, JOB_MSG.notFound);
      await recordOperation(tx, req, `删除定时任务：${name}`);
    });
    return sysOk(null, '删除成功!');
  });

  app.delete(JOB_PATHS.deleteBatch, { schema: { querystring: idsQuery, tags }, config: perm(JOB_PERMS.delete) }, async (req) => {
    await platformOnly(db, req);
    const names = await db.transaction(async (tx) => {
      const gone = await deleteJobs(tx, req.query.ids);
      if (gone.length) await recordOperation(tx, req, `批量删除定时任务：${gone.join('、')}`);
      return gone;
    });
    return sysOk(names.length, '批量删除成功!');
  });

  app.get(JOB_PATHS.pause, { schema: { querystring: idQuery, tags }, config: perm(JOB_PERMS.pause) }, async (req) => {
    await platformOnly(db, req);
    const job = await db.transaction(async (tx) => {
      const paused = await pauseJob(tx, req.query.id);
      await recordOperation(tx, req, `暂停定时任务：${paused.jobName}`);
      return paused;
    });
    return sysOk(job, JOB_MSG.paused);
  });

  app.get(JOB_PATHS.resume, { schema: { querystring: idQuery, tags }, config: perm(JOB_PERMS.resume) }, async (req) => {
    await platformOnly(db, req);
    const job = await db.transaction(async (tx) => {
      const resumed = await resumeJob(tx, req.query.id);
      await recordOperation(tx, req, `恢复定时任务：${resumed.jobName}`);
      return resumed;
    });
    return sysOk(job, JOB_MSG.resumed);
  });

  // Runs the job once in this process, now, whatever its status; answers when the run is over
  // (bounded by the scheduler's time-out). A failed run is still a successful call: the run
  // record carries the error, and the message says so.
  app.get(JOB_PATHS.execute, { schema: { querystring: idQuery, tags }, config: perm(JOB_PERMS.execute) }, async (req) => {
    await platformOnly(db, req);
    const job = await jobById(db, req.query.id);
    const run = await app.scheduler.runNow(job).catch((err: unknown) => {
      throw err instanceof JobBusyError ? new AppError(400, err.message) : err;
    });
    // Logged once the run is over, with its outcome (the run itself is in the run history).
    const outcome = run.status === 'success' ? '成功' : `失败：${run.error ?? ''}`;
    await recordOperation(db, req, `立即执行定时任务：${job.jobName}，结果：${outcome}`);
    return sysOk(run, run.status === 'success' ? JOB_MSG.executed : JOB_MSG.executeFailed(run.error ?? ''));
  });

  app.get(JOB_PATHS.runs, { schema: { querystring: runsQuery, tags }, config: perm(JOB_PERMS.list) }, async (req) => {
    await platformOnly(db, req);
    return sysOk(await runsOf(db, req.query.jobId, req.query.pageNo, req.query.pageSize));
  });

  app.get(JOB_PATHS.handlers, { schema: { tags }, config: perm(JOB_PERMS.list) }, async () => {
    const list: JobHandlerInfo[] = JOB_HANDLER_KEYS.map((key) => ({ key, name: JOB_HANDLERS[key].name, hint: JOB_HANDLERS[key].hint }));
    return sysOk(list);
  });

  // The cron dialog's remote preview (spec §4): the next 10 times, ignoring the year as the spec says.
  app.get(JOB_PATHS.nextRuns, { schema: { querystring: nextRunsQuery, tags }, config: { permission: 'authenticated' } }, async (req) => {
    const bad = validateCron(req.query.cron);
    if (bad) throw new AppError(400, bad);
    const times = nextRuns(req.query.cron, new Date(), 10).map((d) => d.toISOString());
    return sysOk(times, times.length ? '操作成功' : MSG.noExecutionTime);
  });
};
