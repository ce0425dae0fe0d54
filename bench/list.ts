// List benchmark (`npm run bench:list`, issue 3 §6): loads 1,000,000 users into a fresh database on
// the PostgreSQL at 127.0.0.1:5432 (migrations and seed through prepareDatabase, then one
// INSERT … SELECT generate_series into users and user_groups, all in tenant 0; VACUUM ANALYZE), starts the
// real app in a child process (buildApp + listen on a free port, the production pool of 10), signs
// in as admin and measures GET /boss-admin/sys/user/list with autocannon: filter + sort page 1,
// the same filter on page 5,000, and a super query with three conditions, each at 1 and at 100
// concurrent clients for BENCH_SECONDS (default 10). It does so twice: as the app runs in production,
// with its list cache (server/lib/listCache.ts; the keys without a suffix, plus page 1 at 100 clients
// while a user changes every 100 ms, `*_writes_100c`), and with the cache turned off, which is what
// a page costs when it must be read (`*_uncached`). Prints a table, then one JSON line. Drops the
// database at the end (BENCH_KEEP_DB=1 keeps it for EXPLAIN ANALYZE; BENCH_DB=<name> measures a kept
// one again without reloading it, migrating it first). The floor: a bare Fastify route answering a
// small JSON, measured the same way on the same machine, is what no list call can beat here; the
// load averages before and after tell how busy the machine was. The mixed day's floor is the same day
// against a server doing only what its calls cannot skip (mixedFloorRoutes), run in every mode.
// BENCH_ONLY=mixed measures the mixed day with the cache on and nothing else (a quick look while
// changing the design; the figures to report come from the whole run). BENCH_DAYS=2 runs the day
// again on the same app afterwards and prints it (the figures stay the first day's).
//   BENCH_USERS=1000000  BENCH_SECONDS=10  BENCH_PG=postgres://postgres@127.0.0.1:5432/test  BENCH_KEEP_DB=1  BENCH_DB=boss_bench_list_…  BENCH_ONLY=mixed
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { API_BASE, HEADER_TENANT, HEADER_TOKEN } from '../contract/constants';
import { decodePassword } from '../contract/crypto';
import { capOk, JsonText, sysOk, sysOkJson } from '../server/http/envelope';
import { ADMIN_P } from '../contract/api/admin';
import { freePort } from '../tests/e2e/lib/server';
import { callApi, signIn, startApi } from './lib/api';
import { runMixedDay, type MixedFigures } from './lib/mixedDay';
import { Acceptors, DEFAULT_ACCEPTORS } from '../server/http/acceptors';
import { PAY_PATHS } from '../contract/api/pay';

const ADMIN_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/test';
const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TIMEOUT_S = 120;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface CannonResult {
  latency: { p50: number; p99: number; average: number; max: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Cannon = (opts: Record<string, unknown>) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Cannon;

const dbUrl = (name: string) => {
  const url = new URL(ADMIN_URL);
  url.pathname = '/' + name;
  return url.href;
};

async function admin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/**
 * Child mode: the floors, a bare Fastify (no logger, like the app) with a trivial route, and one
 * that also makes one round trip to the benchmark database through a pool of the app's size.
 */
async function serveFloor() {
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  app.addHook('onClose', async () => pool.end());
  app.get('/ping', async () => ({ success: true, code: 200, result: { pong: true } }));
  app.get('/ping-db', async () => ({ success: true, code: 200, result: (await pool.query('SELECT 1 AS pong')).rows[0] }));
  await mixedFloorRoutes(app, pool);
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  // As the app listens (BOSS_ACCEPTORS): a burst of new connections is accepted a few a turn.
  const acceptors = new Acceptors(app.server, Number(process.env.BOSS_ACCEPTORS ?? DEFAULT_ACCEPTORS));
  await acceptors.widen();
  process.once('SIGTERM', () => void (acceptors.close(), app.close().then(() => process.exit(0))));
  console.log('ready');
}

/**
 * The mixed day's floor: the calls the day makes (bench/lib/mixedDay.ts), each doing only what no
 * implementation of it can skip. The list answers a page of real rows of the asked size (built once,
 * so no index, filter, sort, guard or log); a sign-in decodes the wire password and verifies it
 * against a hash of the app's cost (DEFAULT_SCRYPT_N) through the app's own hashing threads; an edit
 * makes one round trip to the database; an approval verifies the payment password and makes one round
 * trip. The day run against this is what this machine gives any user list under this load model.
 */
async function mixedFloorRoutes(app: FastifyInstance, pool: pg.Pool) {
  const { wireRow } = await import('../server/modules/admin/userQuery');
  const { hashPassword, verifyPassword } = await import('../server/lib/password');

  const stored = await hashPassword('Demo@2026');
  const at = Date.now();
  const row = (i: number) =>
    JSON.stringify(
      wireRow({
        user: {
          id: `bu-${String(i).padStart(7, '0')}`,
          username: `bench${String(i).padStart(7, '0')}`,
          realname: `压测用户${i}`,
          avatar: null,
          sex: 1 + (i % 2),
          mobile: `139${String(i).padStart(8, '0')}`,
          email: null,
          telephone: null,
          birthday: null,
          post: '职员',
          workNo: `W${i}`,
          status: 1,
          orgCode: 'A01A01',
          createdAt: new Date(at - i * 95_000),
          createdBy: 'admin',
        },
        departs: [['d-a01a01', '研发部']],
      }),
    );
  const pages = new Map<number, JsonText>();
  const page = (size: number) => {
    let p = pages.get(size);
    if (!p) {
      const records = Array.from({ length: size }, (_, i) => row(500_000 + i)).join(',');
      p = new JsonText(Buffer.from(`{"records":[${records}],"total":1000104,"size":${size},"current":1}`));
      pages.set(size, p);
    }
    return p;
  };
  const passwordOf = (body: unknown, field: string) => decodePassword(String((body as Record<string, unknown>)?.[field] ?? '')) ?? '';
  app.get(`${API_BASE}${ADMIN_P.userList}`, async (req, reply) => {
    const size = Math.min(Math.max(Number((req.query as Record<string, string>).pageSize) || 10, 1), 1000);
    return sysOkJson(reply, page(size));
  });
  app.put(`${API_BASE}${ADMIN_P.userEdit}`, async () => (await pool.query('SELECT 1'), sysOk(null)));
  app.post(`${API_BASE}/sys/login`, async (req) => {
    if (!(await verifyPassword(passwordOf(req.body, 'password'), stored))) throw new Error('floor: the password did not verify');
    return sysOk({ token: 'floor' });
  });
  app.post(`${API_BASE}${PAY_PATHS.auditPass}`, async (req) => {
    if (!(await verifyPassword(passwordOf(req.body, 'payPwd'), stored))) throw new Error('floor: the payment password did not verify');
    await pool.query('SELECT 1');
    return capOk();
  });
}

/** Migrates and seeds through the app's own code, then bulk-loads USERS users into tenant 0. */
async function load(url: string) {
  const { prepareDatabase } = await import('../server/app');
  const { openDatabase } = await import('../server/db/client');
  const database = await openDatabase({ dataDir: '', databaseUrl: url });
  await prepareDatabase(database);
  await database.close();

  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const started = Date.now();
    // Every bench user shares admin's password hash (nobody signs in as them). created_at is one
    // user every 95 s back from now (three years); every 10th is frozen; sex alternates. Every third
    // is in g-plat, the rest in g-org; tenant_ids is written as migration 0012's triggers would keep
    // it, so their pass after the user_groups insert finds nothing to change.
    await c.query(
      `INSERT INTO users (id, username, realname, password_hash, mobile, sex, org_code, status, post, work_no, created_by, created_at, updated_at, tenant_ids)
       SELECT 'bu-' || lpad(g::text, 7, '0'), 'bench' || lpad(g::text, 7, '0'), '压测用户' || g,
              (SELECT password_hash FROM users WHERE username = 'admin'),
              '139' || lpad(g::text, 8, '0'), 1 + g % 2,
              (ARRAY['A01', 'A01A01', 'A01A02', 'A01A03'])[1 + g % 4],
              CASE WHEN g % 10 = 0 THEN 2 ELSE 1 END, '职员', 'W' || g, 'admin',
              now() - make_interval(secs => g * 95), now(),
              CASE WHEN g % 3 = 0 THEN (SELECT ARRAY[tenant_id] FROM groups WHERE id = 'g-plat')
                   ELSE (SELECT ARRAY[tenant_id] FROM groups WHERE id = 'g-org') END
         FROM generate_series(1, $1::int) AS g`,
      [USERS],
    );
    await c.query(
      `INSERT INTO user_groups (user_id, group_id, sort_no)
       SELECT 'bu-' || lpad(g::text, 7, '0'), CASE WHEN g % 3 = 0 THEN 'g-plat' ELSE 'g-org' END, 0
         FROM generate_series(1, $1::int) AS g`,
      [USERS],
    );
    // Statistics for every table, groups included (a 4-row table autovacuum may never analyze; without
    // them the planner misjudges joins and picks plans a thousand times slower), and the visibility
    // map, so index-only scans of the list index skip the heap, as autovacuum would.
    await c.query('VACUUM ANALYZE');
    console.log(`[bench] loaded ${USERS.toLocaleString()} users in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await c.end();
  }
}

async function countUsers(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return Number((await c.query<{ n: string }>('SELECT count(*) AS n FROM users')).rows[0].n);
  } finally {
    await c.end();
  }
}

async function startChild(url: string, mode = '--serve', extraEnv: Record<string, string> = {}): Promise<{ baseURL: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [fileURLToPath(import.meta.url), mode], {
    cwd: root,
    env: { ...process.env, ...extraEnv, DATABASE_URL: url, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => (d.toString().includes('ready') ? resolve() : process.stdout.write(d)));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { baseURL: `http://127.0.0.1:${port}`, child };
}

const superQuery = encodeURIComponent(
  JSON.stringify([
    { field: 'sex', rule: 'eq', val: '1' },
    { field: 'status', rule: 'eq', val: '1' },
    { field: 'createTime', rule: 'ge', val: '2024-01-01 00:00:00' },
  ]),
);
const SCENARIOS = [
  { key: 'filter_sort', name: 'filter + sort, page 1', query: 'status=1&column=createTime&order=desc&pageNo=1&pageSize=10' },
  { key: 'deep_page', name: 'filter + sort, page 5,000', query: 'status=1&column=createTime&order=desc&pageNo=5000&pageSize=10' },
  { key: 'super_query', name: 'super query, 3 conditions', query: `superQueryParams=${superQuery}&superQueryMatchType=and&pageNo=1&pageSize=10` },
] as const;

const loadAvg = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * p50/p99/rps at 100 clients of the bare route (the most this machine gives any HTTP call now) and
 * of the bare route with one database round trip (the most it gives any call that reads the database).
 */
async function measureFloor(url: string): Promise<Record<string, number>> {
  const floor = await startChild(url, '--floor');
  try {
    const out: Record<string, number> = {};
    for (const [key, route] of [
      ['floor', '/ping'],
      ['floor_db', '/ping-db'],
    ] as const) {
      const target = `${floor.baseURL}${route}`;
      await autocannon({ url: target, connections: 10, duration: 2 });
      const r = await autocannon({ url: target, connections: 100, duration: SECONDS });
      Object.assign(out, { [`${key}_p50_ms_100c`]: r.latency.p50, [`${key}_p99_ms_100c`]: r.latency.p99, [`${key}_rps_100c`]: Math.round(r.requests.average) });
    }
    return out;
  } finally {
    await stop(floor.child);
  }
}

/** Prints a mixed day's figures under `label` and answers its row of the table. */
function reportDay(label: string, rowName: string, f: MixedFigures): string[] {
  console.log(
    `[bench] ${label}: ${JSON.stringify(f.requests)} requests, failed ${JSON.stringify(f.failed)}, p50 ${JSON.stringify(f.p50)}, p99 ${JSON.stringify(f.p99)}, clients waiting for a write on average ${f.clientsInWrites}`,
  );
  console.log(`[bench] ${label}: list p99 ms in each second of the run ${JSON.stringify(f.listP99BySecond)}`);
  const failed = Object.values(f.failed).reduce((a, b) => a + b, 0);
  return [rowName, '100', String(f.p50.list), String(f.p99.list), String(f.listRps), String(failed)];
}

/**
 * The mixed day against the floor server's calls (mixedFloorRoutes): the list's p50/p99 that no
 * implementation of the user list reaches on this machine under the day's load.
 */
async function measureMixedFloor(url: string): Promise<{ figures: Record<string, number>; row: string[] }> {
  const floor = await startChild(url, '--floor');
  try {
    // Its code warmed first, as the app's index warms its paths before it answers.
    await autocannon({ url: `${floor.baseURL}${API_BASE}${ADMIN_P.userList}?pageSize=20`, connections: 10, duration: 2 });
    const f = await runMixedDay({
      baseURL: floor.baseURL,
      tokens: Array.from({ length: MIX_CLIENTS }, (_, i) => `floor-${i}`),
      usernames: ['floor'],
      editable: ['floor'],
      orders: Array.from({ length: 300 }, (_, i) => ({ orderId: `floor-${i}`, version: 0 })),
      seconds: SECONDS,
    });
    return {
      figures: { floor_p50_ms_100c_mixed: f.p50.list, floor_p99_ms_100c_mixed: f.p99.list, floor_rps_100c_mixed: f.listRps },
      row: reportDay('mixed day on the floor', 'floor: mixed day, list (5% writes)', f),
    };
  } finally {
    await stop(floor.child);
  }
}

/**
 * The production setting (the list cache on) and the cache turned off: the second is what a page
 * costs when it has to be read (the first call after a change, or a page nobody asked for lately).
 */
const MODES = [
  { key: '', name: '', env: {} },
  { key: '_uncached', name: ' [no cache]', env: { BENCH_LIST_CACHE: 'off' } },
] as const;
type Mode = (typeof MODES)[number];

/** How often the writes scenario changes a user the list shows (in SQL, so every process hears of it). */
const WRITE_EVERY_MS = 100;

/** Every scenario of SCENARIOS at 1 and 100 clients; with the cache on, page 1 again while a user changes every WRITE_EVERY_MS. */
async function measureLists(baseURL: string, dbURL: string, mode: Mode, figures: Record<string, number>, rows: string[][]) {
  const token = await signIn(baseURL, 'admin');
  const headers = { [HEADER_TOKEN]: token, [HEADER_TENANT]: '0' };
  const record = (key: string, name: string, connections: number, r: CannonResult) => {
    console.log(`[bench] ${name} @${connections}: p99 ${r.latency.p99} ms, load average ${loadAvg().join(' ')}`);
    if (r.non2xx || r.errors || r.timeouts) console.warn(`[bench] ${name} @${connections}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
    const suffix = `${key === 'filter_sort' ? '' : `${key}_`}${connections}c${mode.key}`;
    figures[`p50_ms_${suffix}`] = r.latency.p50;
    figures[`p99_ms_${suffix}`] = r.latency.p99;
    figures[`rps_${suffix}`] = Math.round(r.requests.average);
    rows.push([name, String(connections), String(r.latency.p50), String(r.latency.p99), String(Math.round(r.requests.average)), String(r.non2xx + r.errors)]);
  };
  for (const s of SCENARIOS) {
    const target = `${baseURL}${API_BASE}${ADMIN_P.userList}?${s.query}`;
    const check = await fetch(target, { headers });
    const body = (await check.json()) as { success: boolean; message: string; result?: { total: number; records: unknown[] } };
    if (!body.success) throw new Error(`${s.name}: ${check.status} ${body.message}`);
    console.log(`[bench] ${s.name}${mode.name}: total ${body.result!.total.toLocaleString()}, ${body.result!.records.length} rows`);
    await autocannon({ url: target, headers, connections: 10, duration: 2 }); // warm-up
    for (const connections of [1, 100]) {
      // A slow call is waited for (autocannon gives up after 10 s by default and leaves it out of the figures).
      record(s.key, s.name + mode.name, connections, await autocannon({ url: target, headers, connections, duration: SECONDS, timeout: TIMEOUT_S }));
    }
  }
  if (mode.key) return;
  // Page 1 while a user on it changes WRITE_EVERY_MS: every change drops the cached page, and the
  // next call reads it again (the 100 clients waiting then share that one read).
  const target = `${baseURL}${API_BASE}${ADMIN_P.userList}?${SCENARIOS[0].query}`;
  const writer = new pg.Client({ connectionString: dbURL });
  await writer.connect();
  let writes = 0;
  let writing = true;
  const loop = (async () => {
    while (writing) {
      await writer.query(`UPDATE users SET realname = $1 WHERE id = 'bu-0000001'`, [`压测用户1-${++writes}`]);
      await new Promise((r) => setTimeout(r, WRITE_EVERY_MS));
    }
  })();
  try {
    record(
      'writes',
      `page 1, a write every ${WRITE_EVERY_MS} ms`,
      100,
      await autocannon({ url: target, headers, connections: 100, duration: SECONDS, timeout: TIMEOUT_S }),
    );
  } finally {
    writing = false;
    await loop;
    await writer.end();
  }
  console.log(`[bench] ${writes} writes during the writes scenario`);
}

const MIX_CLIENTS = 100;

/** The mixed day's clients: MIX_CLIENTS administrators of tenant 0 (admin's password and the approver's payment password). */
async function mixedDayUsers(url: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const names = Array.from({ length: MIX_CLIENTS }, (_, i) => `bmix${String(i).padStart(3, '0')}`);
    await c.query(
      `INSERT INTO users (id, username, realname, password_hash)
       SELECT 'u-' || n, n, '压测管理员' || n, (SELECT password_hash FROM users WHERE username = 'admin') FROM unnest($1::text[]) AS n
       ON CONFLICT DO NOTHING`,
      [names],
    );
    await c.query(`INSERT INTO user_groups (user_id, group_id) SELECT 'u-' || n, 'g-org' FROM unnest($1::text[]) AS n ON CONFLICT DO NOTHING`, [names]);
    await c.query(`INSERT INTO user_roles (user_id, role_id) SELECT 'u-' || n, 'r-admin' FROM unnest($1::text[]) AS n ON CONFLICT DO NOTHING`, [names]);
    return names;
  } finally {
    await c.end();
  }
}

/** The mixed day (bench/lib/mixedDay.ts) on a running app: orders submitted first, then the run. */
async function measureMixed(baseURL: string, dbURL: string, mode: Mode, names: string[], figures: Record<string, number>, rows: string[][]) {
  const tokens: string[] = [];
  for (let i = 0; i < names.length; i += 10) tokens.push(...(await Promise.all(names.slice(i, i + 10).map((n) => signIn(baseURL, n)))));
  console.log(`[bench] mixed day${mode.name}: ${tokens.length} clients signed in`);
  const operator = await signIn(baseURL, 'operator');
  const c = new pg.Client({ connectionString: dbURL });
  await c.connect();
  // The app seeds the demo payment passwords when it starts: the clients take the approver's.
  await c.query(
    `INSERT INTO pay_passwords (user_id, password_hash)
     SELECT 'u-' || n, (SELECT p.password_hash FROM pay_passwords p JOIN users u ON u.id = p.user_id WHERE u.username = 'approver') FROM unnest($1::text[]) AS n
     ON CONFLICT DO NOTHING`,
    [names],
  );
  const accts = (
    await c.query<{ account_no: string; cus_code: string; account_type: string }>(
      `SELECT a.account_no, cu.cus_code, a.account_type FROM accounts a JOIN customers cu ON cu.id = a.customer_id WHERE a.tenant_id = '0' AND cu.cus_code IN ('C0101', 'C0102')`,
    )
  ).rows;
  await c.end();
  const from = accts.find((a) => a.cus_code === 'C0101' && a.account_type === 'settlement')!.account_no;
  const to = accts.find((a) => a.cus_code === 'C0102' && a.account_type === 'basic')!.account_no;
  const orders: { orderId: string; version: number }[] = [];
  for (let i = 0; i < 300; i++) {
    const r = await callApi(
      baseURL,
      'POST',
      PAY_PATHS.orderSubmit,
      { fromAcctNo: from, payeeName: '压测收款人', payeeAcctNo: to, amount: '0.01', idempotencyKey: `mix-${mode.key}-${Date.now()}-${i}` },
      operator,
    );
    if (r.json?.body?.order) orders.push(r.json.body.order);
  }
  const editable = (
    await callApi(baseURL, 'GET', `${ADMIN_P.userList}?pageSize=100&column=createTime&order=desc`, undefined, tokens[0])
  ).json.result.records.map((r: { id: string }) => r.id) as string[];
  const f = await runMixedDay({ baseURL, tokens, usernames: names, editable, orders: orders.slice(0, 150), seconds: SECONDS });
  // BENCH_DAYS=2: the same day again on the same app 15 s later (its JIT, index and caches warm, the
  // clients' users renamed by the first day's edits): what of the first day is the process being new.
  // Printed only; the figures are the first day's.
  if (process.env.BENCH_DAYS === '2') {
    await new Promise((r) => setTimeout(r, 15_000));
    const again = await runMixedDay({ baseURL, tokens, usernames: names, editable, orders: orders.slice(150), seconds: SECONDS });
    console.log(
      `[bench] mixed day${mode.name} again on the warm app: list p50 ${again.p50.list} ms, p99 ${again.p99.list} ms, p99 in each second ${JSON.stringify(again.listP99BySecond)}`,
    );
  }
  const suffix = mode.key;
  figures[`p50_ms_100c_mixed${suffix}`] = f.p50.list;
  figures[`p99_ms_100c_mixed${suffix}`] = f.p99.list;
  figures[`rps_100c_mixed${suffix}`] = f.listRps;
  for (const k of ['edit', 'signin', 'approve'] as const) figures[`p99_ms_100c_mixed_${k}${suffix}`] = f.p99[k];
  figures[`clients_in_writes_100c_mixed${suffix}`] = f.clientsInWrites;
  rows.push(reportDay(`mixed day${mode.name}`, `mixed day: list (5% writes)${mode.name}`, f));
}

async function main() {
  const reuse = process.env.BENCH_DB;
  if (reuse && !/^boss_bench_list_\d+$/.test(reuse)) throw new Error('BENCH_DB names a database this bench made (boss_bench_list_<digits>)');
  const name = reuse ?? `boss_bench_list_${Date.now()}`;
  const url = dbUrl(name);
  if (!reuse) await admin((c) => c.query(`CREATE DATABASE ${name}`));
  console.log(`[bench] database ${name}${reuse ? ' (reused)' : ''}, load average ${loadAvg().join(' ')}`);
  let child: ChildProcess | undefined;
  try {
    if (!reuse) await load(url);
    const loadBefore = loadAvg();
    const figures: Record<string, number> = {};
    const rows: string[][] = [];
    const mixUsers = await mixedDayUsers(url);
    const onlyMixed = process.env.BENCH_ONLY === 'mixed';
    for (const mode of onlyMixed ? MODES.slice(0, 1) : MODES) {
      const server = await startApi(url, `bench-list${mode.key}`, { ...mode.env, LOGIN_RATE_LIMIT: '1000000' });
      child = server.child;
      if (!onlyMixed) await measureLists(server.baseURL, url, mode, figures, rows);
      await measureMixed(server.baseURL, url, mode, mixUsers, figures, rows);
      await server.stop();
      child = undefined;
    }
    const floor = onlyMixed ? {} : await measureFloor(url);
    const mixedFloor = await measureMixedFloor(url);
    rows.push(mixedFloor.row);
    if (!onlyMixed)
      rows.push(['floor: bare route', '100', String(floor.floor_p50_ms_100c), String(floor.floor_p99_ms_100c), String(floor.floor_rps_100c), '0']);
    if (!onlyMixed)
      rows.push([
        'floor: bare route + SELECT 1',
        '100',
        String(floor.floor_db_p50_ms_100c),
        String(floor.floor_db_p99_ms_100c),
        String(floor.floor_db_rps_100c),
        '0',
      ]);
    const loadAfter = loadAvg();
    const head = ['scenario', 'clients', 'p50 ms', 'p99 ms', 'req/s', 'failed'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    for (const line of [head, ...rows]) console.log(line.map((cell, i) => cell.padEnd(widths[i])).join('  '));
    console.log(`[bench] load average before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')} (${os.cpus().length} cores)`);
    const users = await countUsers(url);
    console.log(
      JSON.stringify({
        users,
        seconds: SECONDS,
        ...figures,
        ...floor,
        ...mixedFloor.figures,
        load_avg_1m_before: loadBefore[0],
        load_avg_1m_after: loadAfter[0],
      }),
    );
  } finally {
    await stop(child);
    if (!process.env.BENCH_KEEP_DB && !reuse) await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    else console.log(`[bench] kept ${name}`);
  }
}

if (process.argv.includes('--floor')) await serveFloor();
else await main();
