// The job scheduler: a loop that fires due jobs and records every run in job_runs.
//
// Exactly once across processes. Any number of server processes may run this loop on one
// PostgreSQL. A due job is run only by the process that *claims* its fire time with
//   UPDATE jobs SET next_fire_time = $next WHERE id = $id AND next_fire_time = $due AND status = '0'
// ($due being the exact stored value, compared as text-cast timestamptz).
// PostgreSQL row locking makes concurrent claims of the same row wait for each other, and a waiter
// re-checks the WHERE after the winner commits: next_fire_time is no longer $due, so it updates
// nothing and skips the run. No lock is held while the handler runs, so a slow job blocks nobody.
// (An advisory lock would need a held connection per run; the compare-and-set needs none.) The
// partial unique index job_runs_scheduled_once (job_id, fire_time) backs the claim up.
//
// Misfires ("fire once now"). When a fire time is found in the past — the process was down, the
// job was paused, the loop was late — the job runs ONCE for the missed time, and the next fire time
// is computed from now, not from the missed time: a job down for an hour does not fire 3,600
// catch-up runs. Because next_fire_time lives in the database, the schedule survives restarts.
//
// No overlapping runs. A job whose previous run is still running is not started again, in any
// process: the claim above and the insert of the run's 'running' row happen in one transaction that
// holds the job's row lock, and the claim first looks for a running row of the job. When there is
// one, the fire time is still consumed (the schedule moves on) and recorded as a 'skipped' run with
// the note JOB_MSG.skippedOverlap, so the operator sees each tick that did not run and why; the
// next tick runs normally once the previous run is over. (Waiting instead would pile up late runs
// behind a slow one, and the operator could not tell a slow job from a stuck one.) Run now is
// refused the same way (JobBusyError). A 'running' row older than the time-out plus a grace period
// belongs to a process that died mid-run: it is closed as failed so it does not block the job forever.
//
// Runs are bounded by a time-out; a handler that throws or times out is recorded 'failed' with its
// message. A timed-out handler is signalled to stop (AbortSignal) but cannot be killed.
import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, gte, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { JOB_MSG, isJobHandlerKey, parseJobParameter, type JobRun } from '../../contract/api/jobs';
import { nextFireTime } from '../../contract/cron';
import type { Db } from '../db/client';
import { jobRuns, jobs } from '../db/schema';
import type { DictService } from '../modules/dict/service';
import { JOB_HANDLER_REGISTRY, type JobHandlerRegistry } from './handlers';

export interface SchedulerSettings {
  /** How often the loop looks for due jobs (default 250 ms). */
  tickMs: number;
  /** Longest a handler may run before its run is recorded as failed (default 60 s). */
  timeoutMs: number;
  /** Recorded with every run; default host:pid:random. */
  nodeId: string;
}
export interface SchedulerOptions extends Partial<SchedulerSettings> {
  db: Db;
  dicts: DictService;
  log: FastifyBaseLogger;
  /** Tests add handlers that fail or hang; default: the real registry. */
  handlers?: JobHandlerRegistry;
}

type JobRow = typeof jobs.$inferSelect;
type RunRow = typeof jobRuns.$inferSelect;

/** Due jobs taken per tick; the rest wait for the next tick. */
const DUE_BATCH = 50;
/** How long past the time-out a 'running' row may stay before it counts as abandoned (its process died). */
const ABANDONED_GRACE_MS = 30_000;

/** Run now of a job whose previous run has not finished. */
export class JobBusyError extends Error {
  constructor() {
    super(JOB_MSG.stillRunning);
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The next fire time after `from`, or null when the expression has none (or is no longer valid). */
export function computeNextFire(cron: string, from: Date): Date | null {
  try {
    return nextFireTime(cron, from);
  } catch {
    return null;
  }
}

export function toJobRun(r: RunRow): JobRun {
  return {
    id: r.id,
    jobId: r.jobId,
    fireTime: r.fireTime.toISOString(),
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    durationMs: r.durationMs,
    status: r.status,
    error: r.error,
    result: r.result,
    trigger: r.trigger,
    nodeId: r.nodeId,
  };
}

export class Scheduler {
  readonly nodeId: string;
  readonly tickMs: number;
  readonly timeoutMs: number;
  private readonly handlers: JobHandlerRegistry;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private currentTick: Promise<unknown> = Promise.resolve();
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Fire times this loop has claimed since it was built (monitoring and tests). */
  claimedTotal = 0;

  constructor(private readonly opts: SchedulerOptions) {
    this.nodeId = opts.nodeId ?? `${hostname()}:${process.pid}:${randomBytes(2).toString('hex')}`;
    this.tickMs = opts.tickMs ?? 250;
    this.timeoutMs = opts.timeoutMs ?? 60_000;
    this.handlers = opts.handlers ?? JOB_HANDLER_REGISTRY;
  }

  get started(): boolean {
    return this.running;
  }

  /** Starts the loop (idempotent). The first tick runs at once, so misfires are handled at start-up. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.opts.log.info({ nodeId: this.nodeId, tickMs: this.tickMs }, 'scheduler started');
    const loop = () => {
      if (!this.running) return;
      this.currentTick = this.tick()
        .catch((err: unknown) => this.opts.log.error({ err }, 'scheduler tick failed'))
        .finally(() => {
          if (this.running) this.timer = setTimeout(loop, this.tickMs);
        });
    };
    loop();
  }

  /** Stops the loop and waits for the current tick and the runs it started (each bounded by the time-out). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.currentTick;
    await Promise.allSettled([...this.inFlight]);
    this.opts.log.info({ nodeId: this.nodeId }, 'scheduler stopped');
  }

  /** One pass: claims every due job and starts its run. Returns how many runs this process claimed. */
  async tick(now: Date = new Date()): Promise<number> {
    const db = this.opts.db;
    // The fire time also comes back as text: a timestamptz holds microseconds, a JS Date only
    // milliseconds, so the compare-and-set below must compare with the exact stored value.
    const due = await db
      .select({ job: jobs, dueText: sql<string>`${jobs.nextFireTime}::text` })
      .from(jobs)
      .where(and(eq(jobs.status, '0'), isNotNull(jobs.nextFireTime), lte(jobs.nextFireTime, now)))
      .orderBy(asc(jobs.nextFireTime))
      .limit(DUE_BATCH);
    let claimed = 0;
    for (const { job, dueText } of due) {
      const dueAt = job.nextFireTime as Date;
      // Misfire policy "fire once now": the next time counts from now, never from the missed time.
      const next = computeNextFire(job.cronExpression, now);
      const run = await db.transaction(async (tx) => {
        const won = await tx
          .update(jobs)
          .set({ nextFireTime: next })
          .where(and(eq(jobs.id, job.id), eq(jobs.status, '0'), sql`${jobs.nextFireTime} = ${dueText}::timestamptz`))
          .returning({ id: jobs.id });
        if (!won.length) return null; // another process claimed this fire time
        return this.startRun(tx, job.id, 'scheduled', dueAt);
      });
      if (!run) continue;
      claimed++;
      this.claimedTotal++;
      if (run.status === 'skipped') continue;
      this.track(this.finishRun(job, run)).catch((err: unknown) => this.opts.log.error({ err, jobId: job.id }, 'job run not recorded'));
    }
    return claimed;
  }

  /**
   * Runs a job now, once, recorded as manual; resolves with the finished run. Throws JobBusyError
   * when a run of the job (scheduled or manual, in any process) has not finished yet.
   */
  async runNow(job: JobRow): Promise<JobRun> {
    const run = await this.opts.db.transaction(async (tx) => {
      await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, job.id)).for('update');
      return this.startRun(tx, job.id, 'manual', new Date());
    });
    if (run.status === 'skipped') throw new JobBusyError();
    return this.track(this.finishRun(job, run));
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => {});
    return p;
  }

  /**
   * Records the start of a run inside the transaction that holds the job's row lock: a 'running'
   * row, or — when a run of the job is still running — a 'skipped' row (manual: nothing, the
   * caller refuses). Abandoned running rows are closed as failed first.
   */
  private async startRun(tx: Tx, jobId: string, trigger: 'scheduled' | 'manual', fireTime: Date): Promise<RunRow> {
    const now = new Date();
    const abandonedBefore = new Date(now.getTime() - this.timeoutMs - ABANDONED_GRACE_MS);
    const running = and(eq(jobRuns.jobId, jobId), eq(jobRuns.status, 'running'));
    await tx
      .update(jobRuns)
      .set({ status: 'failed', finishedAt: now, error: JOB_MSG.abandoned })
      .where(and(running, lt(jobRuns.startedAt, abandonedBefore)));
    const [busy] = await tx
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(and(running, gte(jobRuns.startedAt, abandonedBefore)))
      .limit(1);
    const base = { id: randomUUID(), jobId, fireTime, startedAt: now, trigger, nodeId: this.nodeId };
    if (busy) {
      const skipped: RunRow = { ...base, status: 'skipped', finishedAt: now, durationMs: null, error: null, result: JOB_MSG.skippedOverlap };
      if (trigger === 'manual') return skipped;
      await tx.insert(jobRuns).values(skipped);
      return skipped;
    }
    const [row] = await tx
      .insert(jobRuns)
      .values({ ...base, status: 'running' })
      .returning();
    return row;
  }

  /** Runs the handler of a started run and records how it ended. */
  private async finishRun(job: JobRow, run: RunRow): Promise<JobRun> {
    let status: 'success' | 'failed' = 'success';
    let error: string | null = null;
    let result: string | null = null;
    try {
      result = await this.invoke(job);
    } catch (err) {
      status = 'failed';
      error = (err instanceof Error ? err.message : String(err)).slice(0, 2000) || '未知错误';
      this.opts.log.warn({ jobId: job.id, handler: job.handler, err }, 'job run failed');
    }
    const finishedAt = new Date();
    const ended = { finishedAt, durationMs: finishedAt.getTime() - run.startedAt.getTime(), status, error, result };
    const [row] = await this.opts.db.update(jobRuns).set(ended).where(eq(jobRuns.id, run.id)).returning();
    // No row: the job (and its history) was deleted while it ran.
    return toJobRun(row ?? { ...run, ...ended });
  }

  private async invoke(job: JobRow): Promise<string> {
    const handler = Object.prototype.hasOwnProperty.call(this.handlers, job.handler) ? this.handlers[job.handler] : undefined;
    if (!handler) throw new Error(JOB_MSG.handlerUnknown);
    let value: Record<string, unknown>;
    if (isJobHandlerKey(job.handler)) {
      const p = parseJobParameter(job.handler, job.parameter);
      if (!p.ok) throw new Error(p.message);
      value = p.value;
    } else {
      // Handlers outside the catalogue (tests add some) take their parameter as plain JSON.
      const v = safeJson(job.parameter);
      if (!v) throw new Error(JOB_MSG.parameterNotJson);
      value = v;
    }
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(new Error(JOB_MSG.timeout(this.timeoutMs)));
      }, this.timeoutMs);
    });
    try {
      const work = handler({ db: this.opts.db, dicts: this.opts.dicts, log: this.opts.log, signal: abort.signal, now: new Date() }, value);
      work.catch(() => {}); // a handler failing after its time-out must not surface as unhandled
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

function safeJson(text: string): Record<string, unknown> | null {
  if (!text.trim()) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The job scheduler of this process (started by main.ts; tests start it themselves). */
    scheduler: Scheduler;
  }
}
