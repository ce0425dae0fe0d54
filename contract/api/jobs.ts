// Scheduled jobs (issue 3 §4): the calls, their wire shapes, the handler catalogue with each
// handler's parameter schema, and the form rules. The server validates with the same schemas the
// job form uses, so the two never disagree about what a parameter may be.
import { z } from 'zod';
import { validateCron } from '../cron';

export const JOB_PATHS = {
  list: '/sys/quartzJob/list',
  add: '/sys/quartzJob/add',
  edit: '/sys/quartzJob/edit',
  delete: '/sys/quartzJob/delete',
  deleteBatch: '/sys/quartzJob/deleteBatch',
  pause: '/sys/quartzJob/pause',
  resume: '/sys/quartzJob/resume',
  execute: '/sys/quartzJob/execute',
  handlers: '/sys/quartzJob/handlers',
  runs: '/sys/quartzJob/runs',
  nextRuns: '/sys/quartzJob/nextRuns',
} as const;

export const JOB_PERMS = {
  list: 'system:job:list',
  add: 'system:job:add',
  edit: 'system:job:edit',
  delete: 'system:job:delete',
  pause: 'system:job:pause',
  resume: 'system:job:resume',
  execute: 'system:job:execute',
} as const;

/** '0' normal (scheduled), '-1' paused. */
export type JobStatus = '0' | '-1';
export const JOB_STATUS_TEXT: Record<JobStatus, string> = { '0': '运行中', '-1': '已暂停' };

export const JOB_MSG = {
  nameRequired: '请输入任务名称',
  nameTooLong: '任务名称不能超过50个字符',
  handlerRequired: '请选择处理器',
  handlerUnknown: '处理器不存在',
  cronRequired: '请输入Cron表达式',
  parameterNotJson: '任务参数须为JSON对象格式',
  parameterBad: (reason: string) => `任务参数不合法：${reason}`,
  descriptionTooLong: '描述不能超过255个字符',
  notFound: '任务不存在',
  alreadyPaused: '任务已暂停',
  alreadyRunning: '任务已在运行中',
  noNextTime: '该Cron表达式没有下次执行时间',
  paused: '暂停成功',
  resumed: '恢复成功',
  executed: '执行完成',
  executeFailed: (err: string) => `执行失败：${err}`,
  timeout: (ms: number) => `执行超时（${ms}毫秒）`,
  /** Run now while a run of the job has not finished. */
  stillRunning: '任务上一次运行尚未结束，请稍后再试',
  /** The note of a scheduled tick that did not run because the previous run was still running. */
  skippedOverlap: '上一次运行尚未结束，本次触发已跳过',
  /** A run whose process stopped reporting (it died mid-run). */
  abandoned: '运行中断：执行节点未在超时内报告结果（进程可能已退出）',
} as const;

const days = (max: number, def: number) => z.number({ message: '须为整数' }).int('须为整数').min(1, '不能小于1').max(max, `不能大于${max}`).default(def);

/** Each handler's parameter object; unknown keys are refused so typos do not pass silently. */
export const JOB_HANDLERS = {
  heartbeat: {
    name: '心跳',
    hint: '{"note": "备注"}（可选）；记录一次运行，用于监控调度是否正常',
    params: z.strictObject({ note: z.string().max(100, '不能超过100个字符').optional() }),
  },
  dictCacheRefresh: { name: '字典缓存刷新', hint: '无参数；清空各租户的字典缓存', params: z.strictObject({}) },
  sessionCleanup: {
    name: '会话清理',
    hint: '{"revokedDays": 7}（可选）；删除刷新令牌已过期的会话，以及注销超过N天的会话',
    params: z.strictObject({ revokedDays: days(365, 7) }),
  },
  logPrune: { name: '登录日志清理', hint: '{"days": 180}（可选）；删除N天前的登录日志', params: z.strictObject({ days: days(3650, 180) }) },
  smsOutboxPrune: { name: '短信发件箱清理', hint: '{"days": 30}（可选）；删除N天前的短信发件记录', params: z.strictObject({ days: days(3650, 30) }) },
  fileOrphanCleanup: {
    name: '孤儿文件清理',
    hint: '{"hours": 24}（可选）；删除上传超过N小时且未被任何业务记录引用的文件（对象与记录）',
    params: z.strictObject({ hours: z.number({ message: '须为整数' }).int('须为整数').min(24, '不能小于24').max(87600, '不能大于87600').default(24) }),
  },
  settlementCycle: {
    name: 'T+1结算',
    hint: '{"day": "2026-01-02"}（可选，默认今天）；各租户按结算规则（T+1）将结算账户当日零点前的可结算余额（扣除留存）结算至绑定银行卡，同一天只结算一次',
    params: z.strictObject({
      day: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, '须为YYYY-MM-DD格式的日期')
        .optional(),
    }),
  },
  channelReconcile: {
    name: '渠道对账',
    hint: '{"day": "2026-01-01"}（可选，默认昨天）；取渠道对账单与渠道订单、账务分录逐笔核对，重复执行结果相同',
    params: z.strictObject({
      day: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, '须为YYYY-MM-DD格式的日期')
        .optional(),
    }),
  },
} as const;
export type JobHandlerKey = keyof typeof JOB_HANDLERS;
export const JOB_HANDLER_KEYS = Object.keys(JOB_HANDLERS) as JobHandlerKey[];
export const isJobHandlerKey = (k: string): k is JobHandlerKey => Object.prototype.hasOwnProperty.call(JOB_HANDLERS, k);

/** Parses a job's parameter text for `handler`: the parsed object, or the Chinese reason it is refused. */
export function parseJobParameter(
  handler: string,
  text: string | null | undefined,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  if (!isJobHandlerKey(handler)) return { ok: false, message: JOB_MSG.handlerUnknown };
  let raw: unknown = {};
  if (text && text.trim()) {
    try {
      raw = JSON.parse(text);
    } catch {
      return { ok: false, message: JOB_MSG.parameterNotJson };
    }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, message: JOB_MSG.parameterNotJson };
  const parsed = JOB_HANDLERS[handler].params.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `${issue.path.join('.')} ` : '';
    const what = issue.code === 'unrecognized_keys' ? `不支持的参数 ${issue.keys.join(',')}` : issue.message;
    return { ok: false, message: JOB_MSG.parameterBad(`${where}${what}`) };
  }
  return { ok: true, value: parsed.data as Record<string, unknown> };
}

/** The job form (add and edit): the same rules on the client and the server. */
export const jobForm = z
  .object({
    jobName: z.string().trim().min(1, JOB_MSG.nameRequired).max(50, JOB_MSG.nameTooLong),
    handler: z.string().min(1, JOB_MSG.handlerRequired),
    cronExpression: z.string().trim().min(1, JOB_MSG.cronRequired).max(120),
    parameter: z.string().max(2000).optional().default(''),
    description: z.string().max(255, JOB_MSG.descriptionTooLong).optional().default(''),
    status: z.enum(['0', '-1']).optional().default('0'),
  })
  .superRefine((v, ctx) => {
    if (!isJobHandlerKey(v.handler)) ctx.addIssue({ code: 'custom', path: ['handler'], message: JOB_MSG.handlerUnknown });
    const cron = validateCron(v.cronExpression);
    if (cron) ctx.addIssue({ code: 'custom', path: ['cronExpression'], message: cron });
    else if (isJobHandlerKey(v.handler)) {
      const p = parseJobParameter(v.handler, v.parameter);
      if (!p.ok) ctx.addIssue({ code: 'custom', path: ['parameter'], message: p.message });
    }
  });
export type JobForm = z.input<typeof jobForm>;

export interface Job {
  id: string;
  jobName: string;
  handler: JobHandlerKey;
  cronExpression: string;
  parameter: string;
  description: string;
  status: JobStatus;
  /** ISO instant (like every job time on the wire; the pages format it); null when paused or no time is left. */
  nextFireTime: string | null;
  createTime: string;
}

export interface JobRun {
  id: string;
  jobId: string;
  /** The scheduled fire time this run claimed (manual runs: when it was asked for). ISO instant. */
  fireTime: string;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  /** 'skipped': the fire time came while the previous run was still running (see result). */
  status: 'running' | 'success' | 'failed' | 'skipped';
  error: string | null;
  /** What the handler reported, e.g. '删除 12 条'. */
  result: string | null;
  trigger: 'scheduled' | 'manual';
  nodeId: string;
}

export interface JobHandlerInfo {
  key: JobHandlerKey;
  name: string;
  hint: string;
}

/** List filters and sorts the list call accepts (see contract/listQuery.ts). */
export const JOB_LIST_FIELDS = {
  fields: { jobName: 'string', handler: 'string', cronExpression: 'string', status: 'string', nextFireTime: 'datetime', createTime: 'datetime' },
  defaultSort: { field: 'createTime', dir: 'desc' },
} as const;
