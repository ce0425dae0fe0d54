// npm run bench:ledger — transfers per second against the PostgreSQL at BENCH_PG_URL (default
// postgres://postgres@127.0.0.1:5432/test), next to pgbench's simple-update on the same server in
// the same run. Creates and drops its own databases. Two ways in:
//  - Through the front door (the figures that count): the real app in a child process (bench/lib/api.ts:
//    production settings, request log at info), 16 makers and 4 checkers signed in over HTTP, each call
//    with its access token, signature, idempotency key and a reason (calls through node:http with
//    keep-alive, as bench/lib/api.ts explains; BENCH_HTTP_CLIENT=fetch measures through fetch):
//      http uncontended: AcctTransfer between random pairs of 1,000 funded accounts, 16 clients
//      http hot:         every AcctTransfer credits one hot account
//      http orders:      PayOrderSubmit by a maker, then PayOrderAuditPass by a checker with the
//                        payment password (scrypt), per client; counted when both answered success,
//                        and every order is waited for until the executor has posted it
//  - In process (labelled as such, for the ledger alone): 16 callers sharing one LedgerService as a
//    server process's requests do (batches, server/modules/ledger/batcher.ts), no HTTP, no sign-in.
// BENCH_SECONDS (10) per scenario; each HTTP transfer run also prints its count per second (a rate that
// drifts within a run shows there). Prints the figures, then one JSON line: http_transfers_per_s,
// http_hot_account_transfers_per_s, http_payment_orders_per_s, pgbench_tps, ratio (HTTP transfers
// over pgbench), and the in-process figures under in_process_*.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { ChannelSimulator } from '../server/adapters/channel/simulator';
import { fromPool } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { requestHash } from '../server/modules/ledger/hash';
import { LedgerService } from '../server/modules/ledger/service';
import { poolStore } from '../server/modules/ledger/store';
import { verifyLedger } from '../server/modules/ledger/verify';
import { encodePassword } from '../contract/crypto';
import { LEDGER_PATHS } from '../contract/api/ledger';
import { PAY_PATHS } from '../contract/api/pay';
import { callApi, shareLedgerKey, signIn, startApi } from './lib/api';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = 16;
const ACCOUNTS = 1000;

const urlOf = (db: string) => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${db}`;
  return u.toString();
};

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function setUp(ledger: LedgerService, tenantId: string, count: number): Promise<string[]> {
  const ctx = { tenantId, actor: 'bench' };
  const nos: string[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < count) {
        const i = next++;
        const cusCode = `B${String(i).padStart(5, '0')}`;
        await ledger.createCustomer({ tenantId, cusCode, cusName: `压测客户${i}` });
        nos[i] = (await ledger.openAccount(ctx, { cusCode, type: 'basic', idempotencyKey: `open:${cusCode}` })).acctNo;
      }
    }),
  );
  // Fund them all in one balanced entry (1,001 postings).
  const platform = await ledger.platform(tenantId);
  const each = 1_000_000_00n;
  await ledger.post({
    tenantId,
    kind: 'charge',
    actor: 'bench',
    reason: '压测期初资金',
    idempotencyKey: `fund:${tenantId}`,
    requestHash: requestHash('fund', { tenantId }),
    lines: [...nos.map((accountNo) => ({ accountNo, amountFen: each })), { accountNo: platform.bank_settlement, amountFen: -each * BigInt(count) }],
  });
  return nos;
}

async function run(label: string, ledger: LedgerService, tenantId: string, pair: () => [string, string]): Promise<number> {
  const ctx = { tenantId, actor: 'bench' };
  const deadline = Date.now() + SECONDS * 1000;
  let ok = 0;
  let refused = 0;
  let n = 0;
  const started = Date.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, w) => {
      while (Date.now() < deadline) {
        const [from, to] = pair();
        try {
          await ledger.transfer(ctx, {
            fromAccountNo: from,
            toAccountNo: to,
            amountFen: 1n + BigInt(n % 100),
            reason: '压测转账（进程内）',
            idempotencyKey: `${label}-${w}-${n++}`,
          });
          ok++;
        } catch {
          refused++;
        }
      }
    }),
  );
  const tps = ok / ((Date.now() - started) / 1000);
  const used = process.cpuUsage(cpu);
  const cpuPer = (used.user + used.system) / Math.max(1, ok);
  console.log(
    `[bench:ledger] ${label}: ${ok} transfers (${refused} refused) in ${SECONDS}s by ${CLIENTS} clients → ${tps.toFixed(0)} transfers/s (client CPU ${cpuPer.toFixed(0)} µs per transfer)`,
  );
  return tps;
}

function pgbenchInit(db: string): boolean {
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', '1', urlOf(db)], { stdio: 'pipe' });
    return true;
  } catch (err) {
    console.log(`[bench:ledger] pgbench unavailable or failed: ${(err as Error).message.split('\n')[0]}`);
    return false;
  }
}

function pgbench(db: string): number | null {
  try {
    const out = execFileSync('pgbench', ['-b', 'simple-update', '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), urlOf(db)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
    console.log(`[bench:ledger] pgbench -b simple-update -c ${CLIENTS} -j 2 -T ${SECONDS}: ${m?.[1] ?? '?'} tps`);
    return m ? Number(m[1]) : null;
  } catch (err) {
    console.log(`[bench:ledger] pgbench unavailable or failed: ${(err as Error).message.split('\n')[0]}`);
    return null;
  }
}

const MAKERS = 16;
const CHECKERS = 4;
const yuanOf = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** Bench users sharing the demo operator's and approver's password (and payment password) hashes. */
async function benchUsers(pool: pg.Pool): Promise<{ makers: string[]; checkers: string[] }> {
  const makers = Array.from({ length: MAKERS }, (_, i) => `bmaker${i}`);
  const checkers = Array.from({ length: CHECKERS }, (_, i) => `bchecker${i}`);
  const add = async (username: string, like: string, role: string) => {
    await pool.query(
      `INSERT INTO users (id, username, realname, password_hash) SELECT 'u-' || $1::text, $1::text, '压测' || $1::text, password_hash FROM users WHERE username = $2`,
      [username, like],
    );
    await pool.query(`INSERT INTO user_groups (user_id, group_id) VALUES ('u-' || $1::text, 'g-org')`, [username]);
    await pool.query(`INSERT INTO user_roles (user_id, role_id) VALUES ('u-' || $1::text, $2)`, [username, role]);
    await pool.query(
      `INSERT INTO pay_passwords (user_id, password_hash) SELECT 'u-' || $1::text, p.password_hash FROM pay_passwords p JOIN users u ON u.id = p.user_id WHERE u.username = $2`,
      [username, like],
    );
  };
  for (const m of makers) await add(m, 'operator', 'r-operator');
  for (const c of checkers) await add(c, 'approver', 'r-approver');
  return { makers, checkers };
}

interface HttpFigures {
  transfers: number;
  hot: number;
  orders: number;
  ordersPosted: number;
  ordersFailed: number;
  verifyOk: boolean;
}

/** The front door: the app in its own process, signed-in users, HTTP calls. */
async function httpPhase(tag: string): Promise<HttpFigures> {
  const db = `boss_bench_http_${tag}`;
  await admin(`CREATE DATABASE ${db}`);
  const pool = new pg.Pool({ connectionString: urlOf(db), max: 4 });
  const channel = new ChannelSimulator({ minLatencyMs: 0, maxLatencyMs: 0 });
  const server = await startApi(urlOf(db), 'bench-ledger-http', { BOSS_DEMO: '1', LOGIN_RATE_LIMIT: '100000' });
  try {
    const store = poolStore(pool);
    const ledger = new LedgerService(store, channel);
    const t0 = Date.now();
    const nos = await setUp(ledger, '0', ACCOUNTS);
    const { makers, checkers } = await benchUsers(pool);
    const makerTokens = await Promise.all(makers.map((u) => signIn(server.baseURL, u)));
    const checkerTokens = await Promise.all(checkers.map((u) => signIn(server.baseURL, u)));
    console.log(
      `[bench:ledger] http: ${ACCOUNTS} funded accounts, ${MAKERS} makers and ${CHECKERS} checkers signed in, in ${Date.now() - t0} ms; client: ${process.env.BENCH_HTTP_CLIENT === 'fetch' ? 'fetch' : 'node:http keep-alive'}`,
    );
    const rnd = (a: string[]) => a[Math.floor(Math.random() * a.length)];
    const pairOf = (): [string, string] => {
      const x = rnd(nos);
      let y = rnd(nos);
      while (y === x) y = rnd(nos);
      return [x, y];
    };
    const hotAcct = nos[0];
    const others = nos.slice(1);

    const transfers = async (label: string, pair: () => [string, string]): Promise<number> => {
      const deadline = Date.now() + SECONDS * 1000;
      let ok = 0;
      let refused = 0;
      let n = 0;
      const started = Date.now();
      // Transfers answered in each second of the run: a rate that drifts within a run shows here.
      const perSecond: number[] = [];
      let counted = 0;
      const tick = setInterval(() => {
        perSecond.push(ok - counted);
        counted = ok;
      }, 1000);
      await Promise.all(
        makerTokens.map(async (token, w) => {
          while (Date.now() < deadline) {
            const [from, to] = pair();
            const res = await callApi(
              server.baseURL,
              'POST',
              LEDGER_PATHS.transfer,
              {
                fromAcctNo: from,
                toAcctNo: to,
                amount: yuanOf(1 + (n % 100)),
                reason: '压测转账',
                idempotencyKey: `${label}-${tag}-${w}-${n++}`,
              },
              token,
            );
            if (res.status === 200 && res.json?.status?.success) ok++;
            else refused++;
          }
        }),
      );
      clearInterval(tick);
      const tps = ok / ((Date.now() - started) / 1000);
      console.log(
        `[bench:ledger] http ${label}: ${ok} AcctTransfer calls (${refused} refused) in ${SECONDS}s by ${MAKERS} signed-in clients → ${tps.toFixed(0)} transfers/s (each second: ${perSecond.join(' ')})`,
      );
      return tps;
    };
    const uncontended = await transfers('uncontended', pairOf);
    const hot = await transfers('hot account', () => [rnd(others), hotAcct]);

    // Payment orders: submit as a maker, approve as a checker with the payment password.
    const payPwd = encodePassword('Demo@2026');
    const deadline = Date.now() + SECONDS * 1000;
    let done = 0;
    let refused = 0;
    let n = 0;
    let firstRefusal = '';
    const started = Date.now();
    await Promise.all(
      makerTokens.map(async (token, w) => {
        const checker = checkerTokens[w % CHECKERS];
        while (Date.now() < deadline) {
          const [from, to] = pairOf();
          const sub = await callApi(
            server.baseURL,
            'POST',
            PAY_PATHS.orderSubmit,
            {
              fromAcctNo: from,
              payeeName: '压测收款人',
              payeeAcctNo: to,
              amount: yuanOf(100 + (n % 100)),
              remark: '压测付款',
              idempotencyKey: `order-${tag}-${w}-${n++}`,
            },
            token,
          );
          const order = sub.json?.body?.order as { orderId: string; version: number } | undefined;
          if (sub.status !== 200 || !order) {
            refused++;
            firstRefusal ||= `submit ${sub.status} ${JSON.stringify(sub.json).slice(0, 200)}`;
            continue;
          }
          const pass = await callApi(server.baseURL, 'POST', PAY_PATHS.auditPass, { orderIds: [order.orderId], versions: [order.version], payPwd }, checker);
          if (pass.status === 200 && pass.json?.status?.success) done++;
          else {
            refused++;
            firstRefusal ||= `approve ${pass.status} ${JSON.stringify(pass.json).slice(0, 200)}`;
          }
        }
      }),
    );
    const orders = done / ((Date.now() - started) / 1000);
    console.log(
      `[bench:ledger] http payment orders: ${done} submitted and approved (${refused} refused${firstRefusal ? `, first: ${firstRefusal}` : ''}) in ${SECONDS}s by ${MAKERS} makers and ${CHECKERS} checkers → ${orders.toFixed(1)} orders/s`,
    );
    // Every approved order is executed by the app: wait until none is left in flight.
    let inFlight = 1;
    for (let waited = 0; inFlight > 0 && waited < 60_000; waited += 250) {
      inFlight = Number((await pool.query(`SELECT count(*) AS n FROM pay_orders WHERE status IN ('approved', 'executing')`)).rows[0].n);
      if (inFlight) await new Promise((r) => setTimeout(r, 250));
    }
    const states = (await pool.query(`SELECT status, count(*)::int AS n FROM pay_orders GROUP BY status`)).rows as { status: string; n: number }[];
    const count = (s: string) => states.find((r) => r.status === s)?.n ?? 0;
    console.log(`[bench:ledger] http payment orders afterwards: ${states.map((r) => `${r.status} ${r.n}`).join(', ')}`);
    const check = await verifyLedger(store);
    console.log(`[bench:ledger] http ledger verify: ${check.ok ? 'OK' : `FAILED: ${check.problems[0]?.problem}`} (${check.entries} entries)`);
    return { transfers: uncontended, hot, orders, ordersPosted: count('succeeded'), ordersFailed: count('failed'), verifyOk: check.ok };
  } finally {
    await server.stop();
    channel.close();
    await pool.end().catch(() => {});
    await admin(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  }
}

async function main() {
  await shareLedgerKey();
  const tag = randomBytes(4).toString('hex');
  const db = `boss_bench_${tag}`;
  const scratch = `boss_pgbench_${tag}`;
  await admin(`CREATE DATABASE ${db}`);
  await admin(`CREATE DATABASE ${scratch}`);
  // A plain pool, as the app's (server/db/client.ts), sized for the bench's clients.
  const pool = new pg.Pool({ connectionString: urlOf(db), max: CLIENTS });
  const channel = new ChannelSimulator({ minLatencyMs: 0, maxLatencyMs: 0 });
  try {
    await migrate(fromPool(pool));
    const store = poolStore(pool);
    const ledger = new LedgerService(store, channel);
    const serialLedger = new LedgerService(store, channel, 1);
    const t0 = Date.now();
    const nos = await setUp(ledger, 'bench', ACCOUNTS);
    const serialNos = await setUp(serialLedger, 'bench-serial', 200);
    console.log(`[bench:ledger] set up ${ACCOUNTS} + 200 funded accounts in ${Date.now() - t0} ms; chain lanes: ${ledger.lanes} (serial tenant: 1)`);
    const rnd = (a: string[]) => a[Math.floor(Math.random() * a.length)];
    const randomPair = (a: string[]) => (): [string, string] => {
      const x = rnd(a);
      let y = rnd(a);
      while (y === x) y = rnd(a);
      return [x, y];
    };
    const hot = nos[0];
    const others = nos.slice(1);

    // pgbench runs before and after ours and the mean is the reference: the machine's load drifts.
    const pgReady = pgbenchInit(scratch);
    const pgBefore = pgReady ? pgbench(scratch) : null;
    const http = await httpPhase(tag);
    const uncontended = await run('in-process uncontended', ledger, 'bench', randomPair(nos));
    const hotTps = await run('in-process hot account', ledger, 'bench', () => [rnd(others), hot]);
    const serial = await run('in-process one-lane chain', serialLedger, 'bench-serial', randomPair(serialNos));
    const check = await verifyLedger(store);
    console.log(
      `[bench:ledger] ledger verify: ${check.ok ? 'OK' : `FAILED: ${check.problems[0]?.problem}`} (${check.entries} entries, ${check.postings} postings)`,
    );
    await pool.end();
    const pgAfter = pgReady ? pgbench(scratch) : null;
    const pgRuns = [pgBefore, pgAfter].filter((x): x is number => x !== null);
    const pgTps = pgRuns.length ? pgRuns.reduce((a, b) => a + b, 0) / pgRuns.length : null;
    if (pgTps !== null) console.log(`[bench:ledger] pgbench simple-update mean of ${pgRuns.length} runs: ${pgTps.toFixed(0)} tps`);
    const ratio = pgTps ? http.transfers / pgTps : null;
    const inProcessRatio = pgTps ? uncontended / pgTps : null;
    console.log(
      `[bench:ledger] machine: ${cpus().length} CPUs, load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')} (figures on a shared machine drift with its load)`,
    );
    console.log(`[bench:ledger] HTTP transfers / pgbench simple-update = ${ratio === null ? 'n/a' : `${(ratio * 100).toFixed(1)}%`} (goal ≥ 30%)`);
    console.log(
      JSON.stringify({
        http_transfers_per_s: Math.round(http.transfers),
        http_hot_account_transfers_per_s: Math.round(http.hot),
        http_payment_orders_per_s: Number(http.orders.toFixed(1)),
        http_orders_succeeded: http.ordersPosted,
        http_orders_failed: http.ordersFailed,
        http_verify_ok: http.verifyOk,
        pgbench_tps: pgTps === null ? null : Math.round(pgTps),
        ratio: ratio === null ? null : Number(ratio.toFixed(3)),
        in_process_transfers_per_s: Math.round(uncontended),
        in_process_hot_account_transfers_per_s: Math.round(hotTps),
        in_process_one_lane_chain_transfers_per_s: Math.round(serial),
        in_process_ratio: inProcessRatio === null ? null : Number(inProcessRatio.toFixed(3)),
        clients: CLIENTS,
        http_client: process.env.BENCH_HTTP_CLIENT === 'fetch' ? 'fetch' : 'node:http',
        seconds: SECONDS,
        accounts: ACCOUNTS,
        chain_lanes: ledger.lanes,
        verify_ok: check.ok,
        cpus: cpus().length,
        load_avg_1m: Number(loadavg()[0].toFixed(2)),
      }),
    );
  } finally {
    channel.close();
    await pool.end().catch(() => {});
    await admin(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    await admin(`DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`);
  }
}

main().catch((err) => {
  console.error('[bench:ledger] failed:', err);
  process.exit(1);
});
