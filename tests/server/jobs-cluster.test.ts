// Two server processes on one PostgreSQL: two pools, two scheduler loops, the same every-second
// jobs. Each fire time must run exactly once (claimed by one loop), whichever loop wins it.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../server/app';
import { fromPool, type Database } from '../../server/db/client';
import { DictService } from '../../server/modules/dict/service';
import { computeNextFire, Scheduler } from '../../server/scheduler/scheduler';
import { PG_ADMIN_URL, PG_AVAILABLE, TEST_SCRYPT_N } from './helpers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const silentLog = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child() { return silentLog; }, level: 'silent', silent() {} } as never;

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

  it('fires each tick of every job exactly once over ~4 s', async () => {
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
    one.start();
    two.start();
    await sleep(4000);
    await Promise.all([one.stop(), two.stop()]);

    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    const { rows } = await pool.query<{ job_id: string; fire_time: Date; node_id: string; status: string }>(
      "SELECT job_id, fire_time, node_id, status FROM job_runs WHERE trigger = 'scheduled' ORDER BY job_id, fire_time",
    );
    await pool.end();
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
    // Both loops took part (which one wins a given tick is a race).
    expect(new Set(rows.map((r) => r.node_id))).toEqual(new Set(['node-a', 'node-b']));
  });
});
