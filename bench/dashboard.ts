// Workbench and analysis benchmark (`npm run bench:dashboard`, issue 19 §6): loads 1,000,000 payment
// orders into a fresh database boss_bench_dashboard on the PostgreSQL at 127.0.0.1:5432 (migrations,
// demo seed, 600 customers over tenants 0 and 1, the orders over the last 120 days in every kind and
// status; loaded with the row triggers off and the summary then rebuilt by migration 0043's own
// function, as a bulk load must; VACUUM ANALYZE), starts the real app in a child process (bench/lib/
// api.ts, production settings) and, through HTTP with signed-in sessions, measures at 20 concurrent
// users for BENCH_SECONDS each (default 20):
//   home     — GET /sys/workbench/overview and /charts, as admin, operator and approver (varied);
//   analysis — GET /sys/dashboard/analysis over 7, 30, 90 and 120 days, every tenant, tenant 0, tenant 1.
// Meanwhile a writer moves an order's status every 50 ms (so the summary's deltas are never empty, as
// in a working day). Then the floor: a bare Fastify route (bench/list.ts --floor) driven the same way,
// what no call can beat on this machine at this moment. Prints p50/p99 per call and phase, then one
// JSON line with home_p99_ms and analysis_p99_ms. Drops the database at the end (BENCH_KEEP_DB=1 keeps it).
//   BENCH_ORDERS=1000000  BENCH_SECONDS=20  BENCH_CLIENTS=20  BENCH_PG=postgres://postgres@127.0.0.1:5432/test
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { DASHBOARD_P, WORKBENCH_P } from '../contract/api/workbench';
import { formatDate } from '../contract/time';
import { freePort } from '../tests/e2e/lib/server';
import { callApi, signIn, startApi, type ApiServer } from './lib/api';

const ADMIN_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/test';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const DB_NAME = 'boss_bench_dashboard';
const DAYS = 120;
const DAY_MS = 86_400_000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const dbUrl = (name: string) => {
  const url = new URL(ADMIN_URL);
  url.pathname = '/' + name;
  return url.href;
};
const loadAvg = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

async function withClient<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

/** Migrates and seeds (demo) through the app's own code, then bulk-loads customers and ORDERS orders. */
async function load(url: string) {
  const { prepareDatabase } = await import('../server/app');
  const { openDatabase } = await import('../server/db/client');
  const database = await openDatabase({ dataDir: '', databaseUrl: url });
  await prepareDatabase(database, undefined, { demo: true });
  await database.close();

  await withClient(url, async (c) => {
    const started = Date.now();
    await c.query(
      `INSERT INTO customers (tenant_id, cus_code, cus_name, created_at)
       SELECT CASE WHEN g <= 500 THEN '0' ELSE '1' END, 'B' || lpad(g::text, 5, '0'), '压测客户' || g, now() FROM generate_series(1, 600) AS g`,
    );
    // Statuses by share: 85% succeeded, 5% failed, 1% partial, 2% rejected, 1% cancelled, 0.7% pending,
    // the rest drafts (none approved or executing: the app's executor would take those up); kinds 70% single (30% of them to a card), 15% batch,
    // 5% each adjust, distribution, refund; 90% in tenant 0. Submitted evenly over DAYS days; decided
    // 10 s to 2 h after.
    await c.query('ALTER TABLE pay_orders DISABLE TRIGGER USER');
    const batch = 100_000;
    for (let start = 1; start <= ORDERS; start += batch) {
      const end = Math.min(ORDERS, start + batch - 1);
      await c.query(
        `INSERT INTO pay_orders (id, tenant_id, order_no, kind, status, maker_id, maker_name, from_cus_code, to_cus_code, bank_card_no, payee_acct_no,
                                 amount, paid_amount, payload, fail_reason, idempotency_key, request_hash, created_at, submitted_at, decided_at, finished_at, approver_id, provider)
         SELECT 'bo-' || g, t.tenant, 'BO' || lpad(g::text, 8, '0'), k.kind, s.status,
                CASE WHEN g % 5 < 2 THEN 'u-operator' ELSE 'u-admin' END, '压测',
                CASE WHEN k.kind = 'adjust' THEN NULL ELSE t.cus END, CASE WHEN k.kind IN ('adjust', 'distribution', 'refund') THEN t.cus END,
                CASE WHEN k.kind = 'single' AND g % 10 < 3 THEN '6222020200112233445' END,
                CASE WHEN k.kind = 'single' AND g % 10 < 3 THEN NULL ELSE 'X' END,
                a.amount, CASE WHEN s.status = 'succeeded' THEN a.amount WHEN s.status = 'partial' THEN a.amount / 2 ELSE 0 END,
                '{}', CASE WHEN s.status IN ('failed', 'partial') THEN (ARRAY['余额不足', '收款账户状态异常', '渠道超时', '卡号无效', '超出单笔限额', '风控拦截'])[1 + g % 6] END,
                'bo-' || g, 'h', sub.at - interval '1 minute', CASE WHEN s.status <> 'draft' THEN sub.at END,
                CASE WHEN s.status IN ('succeeded', 'failed', 'partial', 'rejected', 'approved', 'executing') THEN sub.at + make_interval(secs => 10 + (g * 7) % 7200) END,
                CASE WHEN s.status IN ('succeeded', 'failed', 'partial') THEN sub.at + make_interval(secs => 20 + (g * 7) % 7200) END,
                CASE WHEN s.status IN ('succeeded', 'failed', 'partial', 'rejected', 'approved', 'executing') AND g % 5 >= 2 THEN 'u-approver' END,
                (ARRAY['hnpay', 'kxb', ''])[1 + substr(t.cus, 2)::int % 3]
           FROM generate_series($1::int, $2::int) AS g
           CROSS JOIN LATERAL (SELECT CASE WHEN g % 10 = 9 THEN '1' ELSE '0' END AS tenant,
                                      'B' || lpad((CASE WHEN g % 10 = 9 THEN 501 + g % 100 ELSE 1 + (g * 13) % 500 END)::text, 5, '0') AS cus) t
           CROSS JOIN LATERAL (SELECT CASE WHEN g % 100 < 70 THEN 'single' WHEN g % 100 < 85 THEN 'batch' WHEN g % 100 < 90 THEN 'adjust'
                                           WHEN g % 100 < 95 THEN 'distribution' ELSE 'refund' END AS kind) k
           CROSS JOIN LATERAL (SELECT CASE WHEN g % 1000 < 850 THEN 'succeeded' WHEN g % 1000 < 900 THEN 'failed' WHEN g % 1000 < 910 THEN 'partial'
                                           WHEN g % 1000 < 930 THEN 'rejected' WHEN g % 1000 < 940 THEN 'cancelled' WHEN g % 1000 < 947 THEN 'pending'
                                           ELSE 'draft' END AS status) s
           CROSS JOIN LATERAL (SELECT 100 + (g::bigint * 7919) % 5000000 AS amount) a
           CROSS JOIN LATERAL (SELECT now() - make_interval(secs => ((g::bigint * ${DAYS * 86400}) / $3::bigint)::int) AS at) sub`,
        [start, end, ORDERS],
      );
      console.log(`[bench] ${end.toLocaleString()} orders`);
    }
    await c.query('ALTER TABLE pay_orders ENABLE TRIGGER USER');
    await c.query('SELECT boss_pay_order_stats_rebuild()');
    // Recent activity: the last decisions of each tenant.
    await c.query(
      `INSERT INTO pay_order_events (order_id, tenant_id, action, actor_id, actor_name, from_status, to_status, version, created_at)
       SELECT id, tenant_id, 'approve', 'u-approver', '李复核', 'pending', 'approved', 1, decided_at FROM pay_orders
        WHERE decided_at IS NOT NULL ORDER BY decided_at DESC LIMIT 2000`,
    );
    await c.query('VACUUM ANALYZE');
    const [{ n }] = (await c.query<{ n: string }>('SELECT count(*) AS n FROM pay_order_stats')).rows;
    console.log(
      `[bench] loaded ${ORDERS.toLocaleString()} orders in ${((Date.now() - started) / 1000).toFixed(1)} s; summary ${Number(n).toLocaleString()} rows`,
    );
  });
}

interface Call {
  name: string;
  path: string;
  token: string;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
}

/** A bare Fastify route (bench/list.ts --floor), on the same machine now: what no HTTP call here can beat. */
async function startFloor(url: string): Promise<{ baseURL: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'bench/list.ts'), '--floor'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`floor exited with ${code}`)));
  });
  return { baseURL: `http://127.0.0.1:${port}`, child };
}

const apiCall = (baseURL: string) => async (call: Call) => {
  const r = await callApi(baseURL, 'GET', call.path, undefined, call.token);
  if (r.status === 200 && r.json?.success) return true;
  console.warn(`[bench] ${call.name}: ${r.status} ${JSON.stringify(r.json).slice(0, 200)}`);
  return false;
};

/** CLIENTS loops for `seconds`, each picking the next call round-robin from its own offset; latencies by call name. */
async function drive(
  send: (call: Call) => Promise<boolean>,
  calls: readonly Call[],
  seconds: number,
): Promise<{ all: number[]; byName: Map<string, number[]>; failed: number }> {
  const byName = new Map<string, number[]>();
  const all: number[] = [];
  let failed = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; performance.now() < until; i += CLIENTS + 1) {
        const call = calls[i % calls.length];
        const t0 = performance.now();
        const ok = await send(call);
        const ms = performance.now() - t0;
        if (!ok) {
          failed++;
          continue;
        }
        all.push(ms);
        if (!byName.has(call.name)) byName.set(call.name, []);
        byName.get(call.name)!.push(ms);
      }
    }),
  );
  all.sort((a, b) => a - b);
  for (const v of byName.values()) v.sort((a, b) => a - b);
  return { all, byName, failed };
}

async function main() {
  const url = dbUrl(DB_NAME);
  await withClient(ADMIN_URL, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${DB_NAME}`);
  });
  console.log(`[bench] database ${DB_NAME}, load average ${loadAvg().join(' ')}`);
  let server: ApiServer | undefined;
  let writing = false;
  let writer: Promise<number> | undefined;
  try {
    await load(url);
    server = await startApi(url, 'bench-dashboard', { LOGIN_RATE_LIMIT: '1000000' });
    const base = server.baseURL;
    // 20 sessions: admin (platform: every figure and the analysis), operators and approvers.
    const who = ['admin', 'operator', 'approver'];
    const tokens: { user: string; token: string }[] = [];
    for (let i = 0; i < CLIENTS; i++) tokens.push({ user: who[i % 3], token: await signIn(base, who[i % 3]) });
    const admins = [];
    for (let i = 0; i < CLIENTS; i++) admins.push(await signIn(base, 'admin'));

    const home: Call[] = tokens.flatMap((t) => [
      { name: `overview (${t.user})`, path: WORKBENCH_P.overview, token: t.token },
      { name: `charts (${t.user})`, path: WORKBENCH_P.charts, token: t.token },
    ]);
    const today = formatDate(Date.now());
    const back = (d: number) => formatDate(Date.now() - (d - 1) * DAY_MS);
    const analysis: Call[] = admins.flatMap((token, i) =>
      [7, 30, 90, 120].map((d) => {
        const tenant = ['', '0', '1'][(i + d) % 3];
        return {
          name: `analysis ${d} days${tenant ? ` tenant ${tenant}` : ' all tenants'}`,
          path: `${DASHBOARD_P.analysis}?from=${back(d)}&to=${today}${tenant ? `&tenantId=${tenant}` : ''}`,
          token,
        };
      }),
    );

    // A working day's trickle of decisions: an order moves every 50 ms.
    writing = true;
    writer = withClient(url, async (c) => {
      let n = 0;
      while (writing) {
        await c.query(
          `UPDATE pay_orders SET status = CASE status WHEN 'succeeded' THEN 'failed' ELSE 'succeeded' END, fail_reason = CASE status WHEN 'succeeded' THEN '渠道超时' END
            WHERE id = $1`,
          [`bo-${1 + ((n * 7919) % 5000)}`],
        );
        n++;
        await new Promise((r) => setTimeout(r, 50));
      }
      return n;
    });

    const loadBefore = loadAvg();
    const rows: string[][] = [];
    const figures: Record<string, number> = {};
    const floor = await startFloor(url);
    const bare = async (call: Call) => (await fetch(`${floor.baseURL}${call.path}`)).ok;
    const phases = [
      ['home', home, apiCall(base)],
      ['analysis', analysis, apiCall(base)],
      ['floor', [{ name: 'bare route', path: '/ping', token: '' }], bare],
    ] as const;
    for (const [phase, calls, send] of phases) {
      await drive(send, calls, Math.min(3, SECONDS)); // warm-up
      const r = await drive(send, calls, SECONDS);
      figures[`${phase}_p50_ms`] = percentile(r.all, 50);
      figures[`${phase}_p99_ms`] = percentile(r.all, 99);
      figures[`${phase}_rps`] = Math.round(r.all.length / SECONDS);
      figures[`${phase}_failed`] = r.failed;
      rows.push([`${phase} (all)`, String(r.all.length), String(figures[`${phase}_p50_ms`]), String(figures[`${phase}_p99_ms`]), String(r.failed)]);
      for (const [name, v] of [...r.byName.entries()].sort())
        rows.push([`  ${name}`, String(v.length), String(percentile(v, 50)), String(percentile(v, 99)), '']);
      console.log(`[bench] ${phase}: p50 ${figures[`${phase}_p50_ms`]} ms, p99 ${figures[`${phase}_p99_ms`]} ms, load average ${loadAvg().join(' ')}`);
    }
    floor.child.kill('SIGTERM');
    writing = false;
    const writes = await writer;
    const loadAfter = loadAvg();
    const head = ['call', 'requests', 'p50 ms', 'p99 ms', 'failed'];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    for (const line of [head, ...rows]) console.log(line.map((cell, i) => cell.padEnd(widths[i])).join('  '));
    console.log(
      `[bench] ${writes} order changes during the runs; load average before ${loadBefore.join(' ')}, after ${loadAfter.join(' ')} (${os.cpus().length} cores)`,
    );
    console.log(
      JSON.stringify({
        orders: ORDERS,
        clients: CLIENTS,
        seconds: SECONDS,
        ...figures,
        load_avg_1m_before: loadBefore[0],
        load_avg_1m_after: loadAfter[0],
        home_p99_ms: figures.home_p99_ms,
        analysis_p99_ms: figures.analysis_p99_ms,
      }),
    );
  } finally {
    writing = false;
    await writer?.catch(() => 0);
    await server?.stop();
    if (!process.env.BENCH_KEEP_DB) await withClient(ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`));
    else console.log(`[bench] kept ${DB_NAME}`);
  }
}

await main();
