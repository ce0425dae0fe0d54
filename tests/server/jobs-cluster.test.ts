// Two server processes on one PostgreSQL: two pools, two scheduler loops, the same every-second
// jobs. Each fire time must run exactly once (claimed by one loop), whichever loop wins it; a job
// whose run outlasts its interval never runs twice at once, in either process (the ticks that came
// during a run are recorded as skipped).
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../server/app';
import { fromPool, type Database } from '../../server/db/client';
import { jobRuns, jobs } from '../../server/db/schema';
import { DictService } from '../../server/modules/dict/service';
import { JOB_MSG } from '../../contract/api/jobs';
import { computeNextFire, JobBusyError, Scheduler } from '../../server/scheduler/scheduler';
import { PG_ADMIN_URL, PG_AVAILABLE, TEST_SCRYPT_N } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
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

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

describe.runIf(PG_AVAILABLE)('two schedulers on one PostgreSQL', () => {
  const name = `boss_t_${randomBytes(6).toString('hex')}`;
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    a = fromPool(new pg.Pool({ connectionString: url.toString(), max: 4 }));
    b = fromPool(new pg.Pool({ connectionString: url.toString(), max: 4 }));
    await prepareDatabase(a, TEST_SCRYPT_N);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  /**
   * Reads the runs over a connection of its own, apart from the schedulers' pools. With an error
   * listener: a connection the server ends while its pool closes (57P01) was an uncaught exception
   * in one CI run, failing the whole run after every test had passed.
   */
  async function readRuns<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    pool.on('error', () => undefined);
    try {
      return (await pool.query<T>(text)).rows;
    } finally {
      await pool.end();
    }
  }

  it('fires each tick of every job exactly once over ~4 s, also across one node stopping', async () => {
    const next = computeNextFire('* * * * * ?', new Date());
    const ids = ['cluster-1', 'cluster-2', 'cluster-3'];
    for (const id of ids) {
      await a.db.execute(
        sql`INSERT INTO jobs (id, job_name, handler, cron_expression, status, next_fire_time) VALUES (${id}, ${'集群心跳'}, ${'heartbeat'}, ${'* * * * * ?'}, '0', ${next})`,
      );
    }
    const make = (db: Database, nodeId: string) => new Scheduler({ db: db.db, dicts: new DictService(db.db), log: silentLog, tickMs: 20, nodeId });
    const one = make(a, 'node-a');
    const two = make(b, 'node-b');
    // node-a alone, then both contending, then node-a goes away (a process stopped for a deploy) and
    // node-b runs alone: each node surely runs some ticks, whichever wins the contested ones, and no
    // tick may be lost or run twice at either handover.
    one.start();
    await sleep(1300);
    two.start();
    await sleep(1400);
    await one.stop();
    await sleep(1300);
    await two.stop();

    const rows = await readRuns<{ job_id: string; fire_time: Date; node_id: string; status: string }>(
      "SELECT job_id, fire_time, node_id, status FROM job_runs WHERE trigger = 'scheduled' ORDER BY job_id, fire_time",
    );
    for (const id of ids) {
      const mine = rows.filter((r) => r.job_id === id);
      const times = mine.map((r) => r.fire_time.getTime());
      expect(mine.length, id).toBeGreaterThanOrEqual(3);
      expect(new Set(times).size, `${id}: a fire time ran twice`).toBe(times.length);
      // Consecutive whole seconds: no tick lost between the first and the last run.
      expect(times[times.length - 1] - times[0]).toBe((times.length - 1) * 1000);
      expect(mine.every((r) => r.status === 'success')).toBe(true);
    }
    // Every claim produced exactly one run: no claim lost to the unique index behind it.
    expect(one.claimedTotal + two.claimedTotal).toBe(rows.length);
    // Both loops took part: node-a ran the ticks before node-b started, node-b those after node-a stopped.
    expect(new Set(rows.map((r) => r.node_id))).toEqual(new Set(['node-a', 'node-b']));
  });

  it('never overlaps runs of a job that outlasts its interval, across both processes', async () => {
    const next = computeNextFire('* * * * * ?', new Date());
    await a.db.execute(
      sql`INSERT INTO jobs (id, job_name, handler, cron_expression, status, next_fire_time) VALUES ('cluster-slow', ${'慢任务'}, 'slow', ${'* * * * * ?'}, '0', ${next})`,
    );
    // Each run takes 1.3 s: every second tick comes while a run (of either process) is running.
    const slow = { slow: () => sleep(1300).then(() => '完成') };
    const make = (db: Database, nodeId: string) =>
      new Scheduler({ db: db.db, dicts: new DictService(db.db), log: silentLog, tickMs: 20, nodeId, handlers: slow });
    const one = make(a, 'node-a');
    const two = make(b, 'node-b');
    one.start();
    two.start();
    // Run now from the other process is refused while a run is going on.
    const runningNow = async () =>
      (
        await b.db
          .select({ id: jobRuns.id })
          .from(jobRuns)
          .where(and(eq(jobRuns.jobId, 'cluster-slow'), eq(jobRuns.status, 'running')))
      ).length;
    await expect.poll(runningNow, { timeout: 3000, interval: 20 }).toBe(1);
    const [job] = await b.db.select().from(jobs).where(eq(jobs.id, 'cluster-slow'));
    const started = Date.now();
    await expect(two.runNow(job)).rejects.toBeInstanceOf(JobBusyError);
    expect(Date.now() - started).toBeLessThan(1000); // refused at once, not queued behind the run
    await sleep(3500);
    await Promise.all([one.stop(), two.stop()]);

    const rows = await readRuns<{ fire_time: Date; started_at: Date; finished_at: Date; status: string; result: string; node_id: string }>(
      "SELECT fire_time, started_at, finished_at, status, result, node_id FROM job_runs WHERE job_id = 'cluster-slow' ORDER BY started_at",
    );
    const ran = rows.filter((r) => r.status === 'success');
    const skipped = rows.filter((r) => r.status === 'skipped');
    expect(ran.length).toBeGreaterThanOrEqual(2);
    expect(skipped.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((r) => r.status === 'success' || r.status === 'skipped')).toBe(true);
    // No run started before the previous one finished.
    for (let i = 1; i < ran.length; i++) {
      expect(ran[i].started_at.getTime(), `run ${i} overlaps run ${i - 1}`).toBeGreaterThanOrEqual(ran[i - 1].finished_at.getTime());
    }
    // Each skipped tick came while a run was running, and says so.
    for (const s of skipped) {
      expect(s.result).toBe(JOB_MSG.skippedOverlap);
      expect(ran.some((r) => r.started_at <= s.started_at && s.started_at <= r.finished_at)).toBe(true);
    }
    // Every fire time is recorded once: run or skipped.
    const times = rows.map((r) => r.fire_time.getTime());
    expect(new Set(times).size).toBe(times.length);
  });
});
