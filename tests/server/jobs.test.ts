// Scheduled jobs: every call with its failures, permission and tenant refusals, every write in the
// operation log, and the scheduler in one process (fires every second, records runs, fire-once
// misfire after a restart, failures and time-outs of handlers, no overlapping runs: skipped ticks
// and run now refused while a run is going on, abandoned runs closed). Job times are ISO instants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MSG, JOB_PATHS, type Job, type JobRun } from '../../contract/api/jobs';
import { RBAC, type LogRecord } from '../../contract/api/rbac';
import { API_BASE } from '../../contract/constants';
import { formatDateTime } from '../../contract/time';
import { MSG } from '../../contract/messages';
import { Scheduler } from '../../server/scheduler/scheduler';
import { DictService } from '../../server/modules/dict/service';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** 'HH:mm:ss' of an ISO instant in this process's zone (the zone the scheduler evaluates crons in). */
// Cron expressions are read on the display zone's wall clock (contract/time.ts).
const localHms = (iso: string) => formatDateTime(iso).slice(11);
const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLog;
  },
  level: 'silent',
  silent() {},
} as never;

describe.each(BACKENDS)('scheduled jobs on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    t = await startApp(backend, { scheduler: { tickMs: 100 } });
    admin = (await login(t.app, 'admin')).token;
    operator = (await login(t.app, 'operator')).token;
  });
  afterAll(async () => t?.close());

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, query?: Record<string, string>, token = admin) =>
    call(t.app, method, path, body, { token, query });
  const add = async (over: Record<string, unknown> = {}) => {
    const res = await api('POST', JOB_PATHS.add, {
      jobName: '心跳任务',
      handler: 'heartbeat',
      cronExpression: '0 0 3 * * ?',
      parameter: '',
      description: '测试',
      ...over,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as Job;
  };

  describe('calls', () => {
    it('adds a job with its next fire time, lists, filters and sorts it', async () => {
      const job = await add({ jobName: '日志清理', handler: 'logPrune', parameter: '{"days": 90}' });
      expect(job.status).toBe('0');
      // An ISO instant; the cron speaks the server's zone (this process's).
      expect(job.nextFireTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(localHms(job.nextFireTime!)).toBe('03:00:00');
      expect(Date.parse(job.createTime)).toBeGreaterThan(Date.now() - 60_000);
      const list = await api('GET', JOB_PATHS.list, undefined, { jobName: '*日志*', column: 'createTime', order: 'desc' });
      expect(list.statusCode).toBe(200);
      expect(list.json().result.records.map((j: Job) => j.id)).toContain(job.id);
      expect(list.json().result).toMatchObject({ size: 10, current: 1 });
      expect((await api('GET', JOB_PATHS.list, undefined, { column: 'id;delete' })).statusCode).toBe(400);
    });

    it('refuses a bad cron with its Chinese message, and bad parameters', async () => {
      const bad = await api('POST', JOB_PATHS.add, { jobName: 'x', handler: 'heartbeat', cronExpression: '* 60 * * * ?' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('超出范围');
      const both = await api('POST', JOB_PATHS.add, { jobName: 'x', handler: 'heartbeat', cronExpression: '0 0 0 * * *' });
      expect(both.json().message).toBe('日和周须有一个为?');
      const notJson = await api('POST', JOB_PATHS.add, { jobName: 'x', handler: 'logPrune', cronExpression: '0 0 0 * * ?', parameter: '{days:1' });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().message).toBe(JOB_MSG.parameterNotJson);
      const outOfRange = await api('POST', JOB_PATHS.add, { jobName: 'x', handler: 'logPrune', cronExpression: '0 0 0 * * ?', parameter: '{"days": 0}' });
      expect(outOfRange.statusCode).toBe(400);
      expect(outOfRange.json().message).toContain('任务参数不合法');
      const unknownKey = await api('POST', JOB_PATHS.add, { jobName: 'x', handler: 'logPrune', cronExpression: '0 0 0 * * ?', parameter: '{"dayz": 3}' });
      expect(unknownKey.json().message).toContain('dayz');
      const handler = await api('POST', JOB_PATHS.add, { jobName: 'x', handler: 'rm -rf', cronExpression: '0 0 0 * * ?' });
      expect(handler.json().message).toBe(JOB_MSG.handlerUnknown);
      const noName = await api('POST', JOB_PATHS.add, { jobName: ' ', handler: 'heartbeat', cronExpression: '0 0 0 * * ?' });
      expect(noName.json().message).toBe(JOB_MSG.nameRequired);
      const never = await api('POST', JOB_PATHS.add, { jobName: 'x', handler: 'heartbeat', cronExpression: '0 0 0 30 2 ?' });
      expect(never.json().message).toBe(JOB_MSG.noNextTime);
    });

    it('edits, pauses, resumes, and deletes one and many', async () => {
      const job = await add();
      const edited = await api('PUT', JOB_PATHS.edit, { ...job, jobName: '改名', cronExpression: '0 30 4 * * ?' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(localHms(edited.json().result.nextFireTime)).toBe('04:30:00');
      expect((await api('PUT', JOB_PATHS.edit, { ...job, id: 'nope' })).statusCode).toBe(404);
      expect((await api('PUT', JOB_PATHS.edit, { ...job, cronExpression: 'bad' })).statusCode).toBe(400);

      const paused = await api('GET', JOB_PATHS.pause, undefined, { id: job.id });
      expect(paused.json()).toMatchObject({ success: true, message: JOB_MSG.paused, result: { status: '-1', nextFireTime: null } });
      expect((await api('GET', JOB_PATHS.pause, undefined, { id: job.id })).json().message).toBe(JOB_MSG.alreadyPaused);
      const resumed = await api('GET', JOB_PATHS.resume, undefined, { id: job.id });
      expect(resumed.json().result.status).toBe('0');
      expect(localHms(resumed.json().result.nextFireTime)).toBe('04:30:00');
      expect((await api('GET', JOB_PATHS.resume, undefined, { id: 'nope' })).statusCode).toBe(404);

      expect((await api('DELETE', JOB_PATHS.delete, undefined, { id: job.id })).statusCode).toBe(200);
      expect((await api('DELETE', JOB_PATHS.delete, undefined, { id: job.id })).statusCode).toBe(404);
      const [a, b] = [await add(), await add()];
      const batch = await api('DELETE', JOB_PATHS.deleteBatch, undefined, { ids: `${a.id},${b.id}` });
      expect(batch.json().result).toBe(2);
      expect((await api('DELETE', JOB_PATHS.deleteBatch, undefined, { ids: ',' })).statusCode).toBe(400);
    });

    it('writes every job change to the operation log, with the change', async () => {
      const job = await add({ jobName: '日志任务' });
      await api('PUT', JOB_PATHS.edit, { ...job, jobName: '日志任务2', cronExpression: '0 15 2 * * ?' });
      await api('GET', JOB_PATHS.pause, undefined, { id: job.id });
      await api('GET', JOB_PATHS.resume, undefined, { id: job.id });
      await api('GET', JOB_PATHS.execute, undefined, { id: job.id });
      await api('DELETE', JOB_PATHS.delete, undefined, { id: job.id });
      const [a, b] = [await add({ jobName: '批量甲' }), await add({ jobName: '批量乙' })];
      await api('DELETE', JOB_PATHS.deleteBatch, undefined, { ids: `${a.id},${b.id}` });
      // A refused write leaves no row.
      await api('GET', JOB_PATHS.pause, undefined, { id: 'nope' });

      const res = await api('GET', RBAC.logList, undefined, { logType: '2', logContent: '*定时任务*', column: 'createTime', order: 'asc', pageSize: '100' });
      expect(res.statusCode, res.body).toBe(200);
      const rows = (res.json().result.records as LogRecord[]).filter((r) => /日志任务|批量[甲乙]/.test(r.logContent ?? ''));
      const url = (path: string) => API_BASE + path;
      expect(rows.map((r) => [r.method, r.requestUrl, r.logContent])).toEqual([
        ['POST', url(JOB_PATHS.add), '添加定时任务：日志任务（心跳，0 0 3 * * ?，运行中）'],
        ['PUT', url(JOB_PATHS.edit), '编辑定时任务：日志任务2（心跳，0 15 2 * * ?，运行中）'],
        ['GET', url(JOB_PATHS.pause), '暂停定时任务：日志任务2'],
        ['GET', url(JOB_PATHS.resume), '恢复定时任务：日志任务2'],
        ['GET', url(JOB_PATHS.execute), '立即执行定时任务：日志任务2，结果：成功'],
        ['DELETE', url(JOB_PATHS.delete), '删除定时任务：日志任务2'],
        ['POST', url(JOB_PATHS.add), '添加定时任务：批量甲（心跳，0 0 3 * * ?，运行中）'],
        ['POST', url(JOB_PATHS.add), '添加定时任务：批量乙（心跳，0 0 3 * * ?，运行中）'],
        ['DELETE', url(JOB_PATHS.deleteBatch), '批量删除定时任务：批量甲、批量乙'],
      ]);
      expect(rows.every((r) => r.username === 'admin')).toBe(true);
    });

    it('runs a job now as manual and keeps its history; a failing handler is recorded', async () => {
      const job = await add({ parameter: '{"note": "手动"}' });
      const res = await api('GET', JOB_PATHS.execute, undefined, { id: job.id });
      expect(res.statusCode).toBe(200);
      const run = res.json().result as JobRun;
      expect(run).toMatchObject({ status: 'success', trigger: 'manual', result: '心跳正常：手动', nodeId: t.app.scheduler.nodeId });
      expect(run.durationMs).toBeGreaterThanOrEqual(0);
      // A parameter made invalid behind the API's back: the run fails with the reason.
      await t.sql('UPDATE jobs SET parameter = \'{"note": 5}\' WHERE id = $1', [job.id]);
      const failed = await api('GET', JOB_PATHS.execute, undefined, { id: job.id });
      expect(failed.json().result).toMatchObject({ status: 'failed', error: expect.stringContaining('任务参数不合法') });
      const runs = await api('GET', JOB_PATHS.runs, undefined, { jobId: job.id });
      expect(runs.json().result.total).toBe(2);
      expect(runs.json().result.records[0]).toMatchObject({ status: 'failed', trigger: 'manual' });
      expect((await api('GET', JOB_PATHS.runs, undefined, { jobId: 'nope' })).statusCode).toBe(404);
      expect((await api('GET', JOB_PATHS.execute, undefined, { id: 'nope' })).statusCode).toBe(404);
    });

    it('real handlers do their work: log prune, session clean-up, SMS outbox prune, dictionary cache', async () => {
      await t.sql(
        "INSERT INTO login_log (id, username, method, ok, created_at) VALUES ('old-log', 'x', 'password', true, now() - interval '200 days'), ('new-log', 'x', 'password', true, now())",
      );
      const prune = await add({ handler: 'logPrune', parameter: '' });
      const run = (await api('GET', JOB_PATHS.execute, undefined, { id: prune.id })).json().result as JobRun;
      expect(run.status).toBe('success');
      expect(await t.sql("SELECT id FROM login_log WHERE id IN ('old-log', 'new-log')")).toEqual([{ id: 'new-log' }]);

      await t.sql("INSERT INTO sms_outbox (id, mobile, content, sms_type, created_at) VALUES ('old-sms', '13800000000', 'x', '0', now() - interval '40 days')");
      const sms = await add({ handler: 'smsOutboxPrune' });
      expect(((await api('GET', JOB_PATHS.execute, undefined, { id: sms.id })).json().result as JobRun).result).toMatch(/删除短信发件记录 [1-9]/);
      expect(await t.sql("SELECT id FROM sms_outbox WHERE id = 'old-sms'")).toEqual([]);

      const victim = await login(t.app, 'approver');
      await t.sql("UPDATE sessions SET refresh_expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE username = 'approver')");
      const clean = await add({ handler: 'sessionCleanup', parameter: '{"revokedDays": 7}' });
      await api('GET', JOB_PATHS.execute, undefined, { id: clean.id });
      expect(await t.sql("SELECT id FROM sessions WHERE user_id = (SELECT id FROM users WHERE username = 'approver')")).toEqual([]);
      expect((await call(t.app, 'GET', '/sys/dict/queryAllDictItems', undefined, { token: victim.token })).statusCode).toBe(401);

      const dict = await add({ handler: 'dictCacheRefresh' });
      expect(((await api('GET', JOB_PATHS.execute, undefined, { id: dict.id })).json().result as JobRun).result).toMatch(/字典缓存/);
    });

    it('lists the handler catalogue and previews the next 10 times', async () => {
      const handlers = (await api('GET', JOB_PATHS.handlers)).json().result as { key: string; name: string }[];
      expect(handlers.map((h) => h.key).sort()).toEqual([
        'channelReconcile',
        'dictCacheRefresh',
        'fileOrphanCleanup',
        'heartbeat',
        'logPrune',
        'sessionCleanup',
        'settlementCycle',
        'smsOutboxPrune',
      ]);
      expect(handlers.every((h) => /[\u4e00-\u9fa5]/.test(h.name))).toBe(true);
      const next = await api('GET', JOB_PATHS.nextRuns, undefined, { cron: '0 0/5 * * * ?' });
      expect(next.json().result).toHaveLength(10);
      expect(localHms(next.json().result[0])).toMatch(/^\d{2}:\d[05]:00$/);
      const none = await api('GET', JOB_PATHS.nextRuns, undefined, { cron: '0 0 0 30 2 ?' });
      expect(none.json()).toMatchObject({ success: true, result: [], message: MSG.noExecutionTime });
      const bad = await api('GET', JOB_PATHS.nextRuns, undefined, { cron: '0 0 25 * * ?' });
      expect(bad.statusCode).toBe(400);
      expect((await api('GET', JOB_PATHS.nextRuns)).statusCode).toBe(400);
    });

    it('refuses roles without the codes, and tenants other than the platform', async () => {
      const job = await add();
      const calls: [Parameters<typeof api>[0], string, unknown?, Record<string, string>?][] = [
        ['GET', JOB_PATHS.list],
        ['POST', JOB_PATHS.add, { jobName: 'x', handler: 'heartbeat', cronExpression: '0 0 0 * * ?' }],
        ['PUT', JOB_PATHS.edit, { ...job }],
        ['DELETE', JOB_PATHS.delete, undefined, { id: job.id }],
        ['DELETE', JOB_PATHS.deleteBatch, undefined, { ids: job.id }],
        ['GET', JOB_PATHS.pause, undefined, { id: job.id }],
        ['GET', JOB_PATHS.resume, undefined, { id: job.id }],
        ['GET', JOB_PATHS.execute, undefined, { id: job.id }],
        ['GET', JOB_PATHS.runs, undefined, { jobId: job.id }],
        ['GET', JOB_PATHS.handlers],
      ];
      for (const [m, p, body, q] of calls) expect((await api(m, p, body, q, operator)).statusCode, p).toBe(403);
      // Grant the customer role every job code: its tenant (1) is still not the platform.
      await t.sql(
        "INSERT INTO role_permissions (role_id, permission_id) SELECT r.id, p.id FROM roles r, permissions p WHERE r.role_code = 'customer' AND p.id LIKE 'b-job-%' ON CONFLICT DO NOTHING",
      );
      const customer = (await login(t.app, 'customer')).token;
      for (const [m, p, body, q] of calls.filter(([, p]) => p !== JOB_PATHS.handlers)) expect((await api(m, p, body, q, customer)).statusCode, p).toBe(403);
      expect((await api('GET', JOB_PATHS.list, undefined, undefined, '')).statusCode).toBe(401);
    });
  });

  describe('scheduler', () => {
    it('fires an every-second job at least twice in ~3 s and records the runs', async () => {
      const job = await add({ cronExpression: '* * * * * ?' });
      t.app.scheduler.start();
      await sleep(3000);
      await t.app.scheduler.stop();
      const runs = await t.sql<{ status: string; trigger: string; node_id: string; fire_time: Date }>(
        'SELECT status, trigger, node_id, fire_time FROM job_runs WHERE job_id = $1 ORDER BY fire_time',
        [job.id],
      );
      expect(runs.length).toBeGreaterThanOrEqual(2);
      expect(runs.every((r) => r.status === 'success' && r.trigger === 'scheduled' && r.node_id === t.app.scheduler.nodeId)).toBe(true);
      expect(new Set(runs.map((r) => new Date(r.fire_time).getTime())).size).toBe(runs.length);
      await api('GET', JOB_PATHS.pause, undefined, { id: job.id });
    });

    it('after a restart fires a missed time once, then moves to the next time (fire once now)', async () => {
      const job = await add({ cronExpression: '0 0 0 1 1 ?' });
      await t.sql("UPDATE jobs SET next_fire_time = now() - interval '10 seconds' WHERE id = $1", [job.id]);
      t.app.scheduler.start();
      await sleep(800);
      await t.app.scheduler.stop();
      const runs = await t.sql<{ trigger: string }>('SELECT trigger FROM job_runs WHERE job_id = $1', [job.id]);
      expect(runs).toEqual([{ trigger: 'scheduled' }]);
      const [row] = await t.sql<{ next_fire_time: Date }>('SELECT next_fire_time FROM jobs WHERE id = $1', [job.id]);
      const next = new Date(row.next_fire_time);
      const wall = formatDateTime(next);
      expect(next.getTime()).toBeGreaterThan(Date.now());
      expect(wall.slice(5, 13)).toBe('01-01 00');
    });

    it('does not fire paused jobs; records a throwing handler and a timed-out one as failed', async () => {
      const paused = await add({ cronExpression: '* * * * * ?' });
      await api('GET', JOB_PATHS.pause, undefined, { id: paused.id });
      const boom = await add({ cronExpression: '0 0 0 1 1 ?' });
      const slow = await add({ cronExpression: '0 0 0 1 1 ?' });
      await t.sql("UPDATE jobs SET handler = 'boom', next_fire_time = now() - interval '1 second' WHERE id = $1", [boom.id]);
      await t.sql("UPDATE jobs SET handler = 'hang', next_fire_time = now() - interval '1 second' WHERE id = $1", [slow.id]);
      const s = new Scheduler({
        db: t.database.db,
        dicts: new DictService(t.database.db),
        log: silentLog,
        tickMs: 50,
        timeoutMs: 300,
        handlers: {
          boom: async () => {
            throw new Error('处理失败：磁盘已满');
          },
          hang: () => new Promise(() => {}),
        },
      });
      s.start();
      await sleep(700);
      await s.stop();
      const rows = await t.sql<{ job_id: string; status: string; error: string; duration_ms: number }>(
        'SELECT job_id, status, error, duration_ms FROM job_runs WHERE job_id IN ($1, $2, $3)',
        [paused.id, boom.id, slow.id],
      );
      expect(rows.find((r) => r.job_id === paused.id)).toBeUndefined();
      expect(rows.find((r) => r.job_id === boom.id)).toMatchObject({ status: 'failed', error: '处理失败：磁盘已满' });
      const hung = rows.find((r) => r.job_id === slow.id);
      expect(hung).toMatchObject({ status: 'failed', error: JOB_MSG.timeout(300) });
      expect(hung!.duration_ms).toBeGreaterThanOrEqual(290);
    });

    it('skips a tick that comes while the previous run is running, and refuses run now meanwhile', async () => {
      const job = await add({ cronExpression: '* * * * * ?' });
      await t.sql("UPDATE jobs SET handler = 'slow' WHERE id = $1", [job.id]);
      const s = new Scheduler({
        db: t.database.db,
        dicts: new DictService(t.database.db),
        log: silentLog,
        tickMs: 50,
        handlers: { slow: () => sleep(1600).then(() => '完成') },
      });
      s.start();
      await expect
        .poll(async () => (await t.sql("SELECT id FROM job_runs WHERE job_id = $1 AND status = 'running'", [job.id])).length, { timeout: 3000, interval: 25 })
        .toBe(1);
      const refused = await api('GET', JOB_PATHS.execute, undefined, { id: job.id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(JOB_MSG.stillRunning);
      await sleep(2600);
      await s.stop();
      await api('GET', JOB_PATHS.pause, undefined, { id: job.id });

      const runs = (await api('GET', JOB_PATHS.runs, undefined, { jobId: job.id, pageSize: '50' })).json().result.records as JobRun[];
      const ran = runs.filter((r) => r.status === 'success').reverse();
      const skipped = runs.filter((r) => r.status === 'skipped');
      expect(ran.length).toBeGreaterThanOrEqual(1);
      expect(skipped.length).toBeGreaterThanOrEqual(1);
      expect(skipped[0]).toMatchObject({ trigger: 'scheduled', result: JOB_MSG.skippedOverlap, durationMs: null, error: null });
      for (let i = 1; i < ran.length; i++) expect(Date.parse(ran[i].startedAt)).toBeGreaterThanOrEqual(Date.parse(ran[i - 1].finishedAt!));
      expect(runs.every((r) => r.status !== 'running')).toBe(true);
    });

    it('closes a run left running by a process that died, then runs the job again', async () => {
      const job = await add({ cronExpression: '0 0 0 1 1 ?' });
      await t.sql(
        "INSERT INTO job_runs (id, job_id, fire_time, started_at, status, trigger, node_id) VALUES ('dead-run', $1, now() - interval '2 hours', now() - interval '2 hours', 'running', 'scheduled', 'gone:1')",
        [job.id],
      );
      const run = await api('GET', JOB_PATHS.execute, undefined, { id: job.id });
      expect(run.json().result).toMatchObject({ status: 'success', trigger: 'manual' });
      const [dead] = await t.sql<{ status: string; error: string }>("SELECT status, error FROM job_runs WHERE id = 'dead-run'");
      expect(dead).toEqual({ status: 'failed', error: JOB_MSG.abandoned });
    });
  });
});
