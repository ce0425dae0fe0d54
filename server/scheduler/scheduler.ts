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
// Runs are bounded by a time-out; a handler that throws or times out is recorded 'failed' with its
// message. A timed-out handler is signalled to stop (AbortSignal) but cannot be killed.
import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { JOB_MSG, formatJobTime, isJobHandlerKey, parseJobParameter, type JobRun } from '../../contract/api/jobs';
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
    fireTime: formatJobTime(r.fireTime),
    startedAt: formatJobTime(r.startedAt),
    finishedAt: r.finishedAt ? formatJobTime(r.finishedAt) : null,
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
      const won = await db
        .update(jobs)
        .set({ nextFireTime: next })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, '0'), sql`${jobs.nextFireTime} = ${dueText}::timestamptz`))
        .returning({ id: jobs.id });
      if (!won.length) continue; // another process claimed this fire time
      claimed++;
      this.claimedTotal++;
      this.track(this.run(job, 'scheduled', dueAt)).catch((err: unknown) => this.opts.log.error({ err, jobId: job.id }, 'job run not recorded'));
    }
    return claimed;
  }

  /** Runs a job now, once, recorded as manual; resolves with the finished run. */
  runNow(job: JobRow): Promise<JobRun> {
    return this.track(this.run(job, 'manual', new Date()));
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => {});
    return p;
  }

  private async run(job: JobRow, trigger: 'scheduled' | 'manual', fireTime: Date): Promise<JobRun> {
    const db = this.opts.db;
    const startedAt = new Date();
    const id = randomUUID();
    const inserted = await db
      .insert(jobRuns)
      .values({ id, jobId: job.id, fireTime, startedAt, status: 'running', trigger, nodeId: this.nodeId })
      .onConflictDoNothing()
      .returning();
    if (!inserted.length) throw new Error(`fire time of job ${job.id} already recorded`);

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
    const [row] = await db
      .update(jobRuns)
      .set({ finishedAt, durationMs: finishedAt.getTime() - startedAt.getTime(), status, error, result })
      .where(eq(jobRuns.id, id))
      .returning();
    return toJobRun(row);
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
