// npm run bench:ledger — transfers per second of the ledger service against the PostgreSQL at
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test), next to pgbench's simple-update
// on the same server. Creates and drops its own databases.
//   uncontended: 1,000 accounts, 16 clients, random pairs, BENCH_SECONDS (10) seconds
//   hot:         every transfer credits one hot account
//   serial:      uncontended again on a tenant whose hash chain has ONE lane (informational)
// The clients share one LedgerService, as a server process's requests do, so concurrent transfers
// travel in batches (server/modules/ledger/batcher.ts; LEDGER_BATCH_IN_FLIGHT / LEDGER_BATCH_MAX).
// Prints the figures, then one JSON line: transfers_per_s, hot_account_transfers_per_s, pgbench_tps, ratio, …
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
  await Promise.all(Array.from({ length: CLIENTS }, async () => {
    while (next < count) {
      const i = next++;
      const cusCode = `B${String(i).padStart(5, '0')}`;
      await ledger.createCustomer({ tenantId, cusCode, cusName: `压测客户${i}` });
      nos[i] = (await ledger.openAccount(ctx, { cusCode, type: 'basic', idempotencyKey: `open:${cusCode}` })).acctNo;
    }
  }));
  // Fund them all in one balanced entry (1,001 postings).
  const platform = await ledger.platform(tenantId);
  const each = 1_000_000_00n;
  await ledger.post({
    tenantId, kind: 'charge', actor: 'bench', reason: '压测期初资金', idempotencyKey: `fund:${tenantId}`, requestHash: requestHash('fund', { tenantId }),
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
  await Promise.all(Array.from({ length: CLIENTS }, async (_, w) => {
    while (Date.now() < deadline) {
      const [from, to] = pair();
      try {
        await ledger.transfer(ctx, { fromAccountNo: from, toAccountNo: to, amountFen: 1n + BigInt(n % 100), reason: '', idempotencyKey: `${label}-${w}-${n++}` });
        ok++;
      } catch {
        refused++;
      }
    }
  }));
  const tps = ok / ((Date.now() - started) / 1000);
  const used = process.cpuUsage(cpu);
  const cpuPer = (used.user + used.system) / Math.max(1, ok);
  console.log(`[bench:ledger] ${label}: ${ok} transfers (${refused} refused) in ${SECONDS}s by ${CLIENTS} clients → ${tps.toFixed(0)} transfers/s (client CPU ${cpuPer.toFixed(0)} µs per transfer)`);
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
    const out = execFileSync('pgbench', ['-b', 'simple-update', '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), urlOf(db)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out) ?? /tps = ([\d.]+)/.exec(out);
    console.log(`[bench:ledger] pgbench -b simple-update -c ${CLIENTS} -j 2 -T ${SECONDS}: ${m?.[1] ?? '?'} tps`);
    return m ? Number(m[1]) : null;
  } catch (err) {
    console.log(`[bench:ledger] pgbench unavailable or failed: ${(err as Error).message.split('\n')[0]}`);
    return null;
  }
}

async function main() {
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
    const uncontended = await run('uncontended', ledger, 'bench', randomPair(nos));
    const hotTps = await run('hot account', ledger, 'bench', () => [rnd(others), hot]);
    const serial = await run('one-lane chain', serialLedger, 'bench-serial', randomPair(serialNos));
    const check = await verifyLedger(store);
    console.log(`[bench:ledger] ledger verify: ${check.ok ? 'OK' : `FAILED: ${check.problems[0]?.problem}`} (${check.entries} entries, ${check.postings} postings)`);
    await pool.end();
    const pgAfter = pgReady ? pgbench(scratch) : null;
    const pgRuns = [pgBefore, pgAfter].filter((x): x is number => x !== null);
    const pgTps = pgRuns.length ? pgRuns.reduce((a, b) => a + b, 0) / pgRuns.length : null;
    if (pgTps !== null) console.log(`[bench:ledger] pgbench simple-update mean of ${pgRuns.length} runs: ${pgTps.toFixed(0)} tps`);
    const ratio = pgTps ? uncontended / pgTps : null;
    console.log(`[bench:ledger] machine: ${cpus().length} CPUs, load average ${loadavg().map((x) => x.toFixed(1)).join(' / ')} (figures on a shared machine drift with its load)`);
    console.log(`[bench:ledger] uncontended transfers / pgbench simple-update = ${ratio === null ? 'n/a' : `${(ratio * 100).toFixed(1)}%`} (goal ≥ 30%)`);
    console.log(JSON.stringify({
      transfers_per_s: Math.round(uncontended), hot_account_transfers_per_s: Math.round(hotTps), one_lane_chain_transfers_per_s: Math.round(serial),
      pgbench_tps: pgTps === null ? null : Math.round(pgTps), ratio: ratio === null ? null : Number(ratio.toFixed(3)), clients: CLIENTS, seconds: SECONDS, accounts: ACCOUNTS, chain_lanes: ledger.lanes,
      verify_ok: check.ok, cpus: cpus().length, load_avg_1m: Number(loadavg()[0].toFixed(2)),
    }));
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
