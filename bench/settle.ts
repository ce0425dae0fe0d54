// npm run bench:settle — settlement and reconciliation at scale on the PostgreSQL at BENCH_PG_URL
// (default postgres://postgres@127.0.0.1:5432/test), in a database of its own (created, dropped).
//  1. settle_10k: 10,000 customers, each with a funded settlement account and a bound card (2 % of
//     them with an amount ending in .99, which the channel simulator refuses). One T+1 cycle through
//     SettlementService: the batch, one ledger withdrawal and channel order per customer, the
//     channel's answers (latency BENCH_CHANNEL_MS, default 5-50 ms) settling or reversing each,
//     until every item is final. Timed from the start of the cycle to the last item final.
//  2. reconcile_100k: ~95,000 more orders the channel completed today (as many as make the statement 100,000 lines) (each with its settling
//     ledger entry, set up in bulk and not timed) join the 10,000; the simulator writes the day's
//     statement (100,000 lines with its planted differences; not timed: the provider's work), then
//     ReconciliationService.run matches it against our orders and ledger. Timed: that run. A second
//     run (the same result) is timed too.
// Prints the figures, then one JSON line: settle_10k_s, reconcile_100k_s (and details).
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { makeAccountNo, randomAccountBody } from '../contract/accountNo';
import { ChannelSimulator, latencyFromEnv } from '../server/adapters/channel/simulator';
import { writeDailyStatement } from '../server/adapters/channel/statement';
import { fromPool } from '../server/db/client';
import { migrate } from '../server/db/migrate';
import { requestHash } from '../server/modules/ledger/hash';
import { postEntries, type PostInput } from '../server/modules/ledger/posting';
import { LedgerService } from '../server/modules/ledger/service';
import { poolStore } from '../server/modules/ledger/store';
import { ReconciliationService } from '../server/modules/settle/reconcile';
import { SettlementService, cstDay } from '../server/modules/settle/settlement';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CUSTOMERS = Number(process.env.BENCH_SETTLE_CUSTOMERS ?? 10_000);
const STATEMENT_LINES = Number(process.env.BENCH_STATEMENT_LINES ?? 100_000);
const TENANT = 'B';
const log = (m: string) => console.log(`[bench:settle] ${m}`);
const secs = (ms: number) => Math.round(ms / 10) / 100;

async function admin(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function main() {
  const db = `boss_bench_settle_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${db}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${db}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 16 });
  pool.on('error', () => {});
  const channel = new ChannelSimulator({ ...latencyFromEnv(process.env.BENCH_CHANNEL_MS ?? '5-50'), retryDelayMs: 50 });
  const store = poolStore(pool);
  const ledger = new LedgerService(store, channel);
  process.env.CHANNEL_STATEMENT_DIR = mkdtempSync(path.join(tmpdir(), 'boss-bench-stmt-'));
  try {
    await migrate(fromPool(pool));
    const platform = await ledger.platform(TENANT);
    const ctx = { tenantId: TENANT, actor: 'bench' };

    // ---- set-up (not timed): customers, settlement accounts, cards, one funding entry ----
    let t0 = Date.now();
    const nos = Array.from({ length: CUSTOMERS }, () => makeAccountNo(randomAccountBody()));
    await pool.query(
      `INSERT INTO customers (tenant_id, cus_code, cus_name) SELECT $1, 'S' || lpad(i::text, 6, '0'), '压测结算客户' || i FROM generate_series(0, $2 - 1) i`,
      [TENANT, CUSTOMERS],
    );
    await pool.query(
      `INSERT INTO accounts (tenant_id, account_no, customer_id, owner_kind, account_type, account_name)
       SELECT $1, n.no, cu.id, 'customer', 'settlement', cu.cus_name || '结算账户'
         FROM unnest($2::text[]) WITH ORDINALITY AS n(no, i) JOIN customers cu ON cu.tenant_id = $1 AND cu.cus_code = 'S' || lpad((n.i - 1)::text, 6, '0')`,
      [TENANT, nos],
    );
    await pool.query(
      `INSERT INTO bank_cards (tenant_id, customer_id, card_no, holder_name, bank_name)
       SELECT $1, id, '6222' || lpad(id::text, 12, '0'), cus_name, '压测银行' FROM customers WHERE tenant_id = $1`,
      [TENANT],
    );
    const fund = (i: number) => 100_000n + (i % 50 === 7 ? 99n : 0n);
    const total = nos.reduce((s, _no, i) => s + fund(i), 0n);
    await ledger.post({
      tenantId: TENANT,
      kind: 'charge',
      actor: 'bench',
      reason: '压测期初资金',
      idempotencyKey: 'bench:fund',
      requestHash: requestHash('fund', { n: CUSTOMERS }),
      lines: [...nos.map((accountNo, i) => ({ accountNo, amountFen: fund(i) })), { accountNo: platform.bank_settlement, amountFen: -total }],
    });
    log(`set-up: ${CUSTOMERS} customers with settlement accounts, cards and funds in ${secs(Date.now() - t0)} s`);

    // ---- 1. settle 10,000 ----
    const settlement = new SettlementService(ledger);
    t0 = Date.now();
    const { batchId, items } = await settlement.run(ctx, { trigger: 'scheduled', day: cstDay(new Date(), 1), idempotencyKey: 'bench' });
    const handedOver = Date.now() - t0;
    await channel.idle();
    await settlement.refresh(TENANT);
    const settleMs = Date.now() - t0;
    const [st] = await store.query<{ succeeded: number; failed: number; open: number }>(
      `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded, count(*) FILTER (WHERE status = 'failed')::int AS failed,
              count(*) FILTER (WHERE status IN ('queued', 'pending'))::int AS open FROM settle_items WHERE batch_id = $1`,
      [batchId],
    );
    if (st.open !== 0 || st.succeeded + st.failed !== CUSTOMERS) throw new Error(`settlement incomplete: ${JSON.stringify(st)}`);
    log(
      `settle_10k: ${items} items handed to the channel in ${secs(handedOver)} s; all final in ${secs(settleMs)} s ` +
        `(${st.succeeded} succeeded, ${st.failed} refused by the channel and reversed; ${Math.round(CUSTOMERS / (settleMs / 1000))} customers/s)`,
    );

    // ---- 2. reconcile a 100,000-line statement ----
    // Our orders N with the planted rule give N - ceil((N-1)/20) + 1 lines: choose the extra charges for the target.
    let extra = 0;
    const linesFor = (n: number) => n - Math.floor((n + 18) / 20) + 1;
    while (linesFor(st.succeeded + extra) < STATEMENT_LINES) extra++;
    t0 = Date.now();
    const [acct] = await store.query<{ account_no: string; id: string }>(
      `SELECT account_no, id::text FROM accounts WHERE tenant_id = $1 AND account_type = 'settlement' LIMIT 1`,
      [TENANT],
    );
    for (let from = 0; from < extra; from += 2000) {
      const n = Math.min(2000, extra - from);
      const ids = Array.from({ length: n }, (_, k) => `bench-charge-${from + k}`);
      const inputs: PostInput[] = ids.map((id, k) => ({
        tenantId: TENANT,
        kind: 'charge',
        actor: 'channel',
        reason: '压测充值',
        idempotencyKey: `order:${id}:settle`,
        requestHash: requestHash('channel', { orderId: id, success: true }),
        lines: [
          { accountNo: acct.account_no, amountFen: BigInt(100 + ((from + k) % 9000)) },
          { accountNo: platform.bank_settlement, amountFen: -BigInt(100 + ((from + k) % 9000)) },
        ],
      }));
      const posted = await postEntries(store, inputs);
      await pool.query(
        `INSERT INTO channel_orders (id, tenant_id, kind, account_id, amount, status, idempotency_key, request_hash, actor, reason, settle_entry_id, channel_ref)
         SELECT x.id, $1, 'charge', $2::bigint, x.amount, 'succeeded', x.id, 'bench', 'bench', '压测充值', x.entry, 'SIMB' || x.id
           FROM unnest($3::text[], $4::bigint[], $5::text[]) AS x(id, amount, entry)`,
        [TENANT, acct.id, ids, inputs.map((p) => p.lines[0].amountFen.toString()), posted.map((p) => ('id' in p ? p.id : null))],
      );
    }
    log(`set-up: ${extra} more completed charges with their ledger entries in ${secs(Date.now() - t0)} s`);
    const day = cstDay();
    t0 = Date.now();
    await writeDailyStatement(store, TENANT, day);
    log(`the simulator wrote the day's statement in ${secs(Date.now() - t0)} s`);
    const recon = new ReconciliationService(ledger);
    t0 = Date.now();
    const first = await recon.run(ctx, day);
    const reconcileMs = Date.now() - t0;
    t0 = Date.now();
    const second = await recon.run(ctx, day);
    const rerunMs = Date.now() - t0;
    if (JSON.stringify({ ...first, open: 0 }) !== JSON.stringify({ ...second, open: 0 })) throw new Error('a second run gave another result');
    log(
      `reconcile_100k: ${first.statementLines} statement lines against ${first.ourOrders} orders in ${secs(reconcileMs)} s ` +
        `(matched ${first.matched}, missing ours ${first.missingOurs}, missing theirs ${first.missingTheirs}, amount differs ${first.amountDiffers}); ` +
        `the same day again: ${secs(rerunMs)} s, same result`,
    );
    console.log(
      JSON.stringify({
        settle_10k_s: secs(settleMs),
        reconcile_100k_s: secs(reconcileMs),
        reconcile_rerun_s: secs(rerunMs),
        settle_handover_s: secs(handedOver),
        customers: CUSTOMERS,
        settled: st.succeeded,
        refused_and_reversed: st.failed,
        statement_lines: first.statementLines,
        our_orders: first.ourOrders,
        differences: first.missingOurs + first.missingTheirs + first.amountDiffers,
        channel_latency_ms: process.env.BENCH_CHANNEL_MS ?? '5-50',
        cpus: cpus().length,
      }),
    );
  } finally {
    channel.close();
    // The drop below ends what is left of the pool's connections: that is no error worth printing.
    pool.removeAllListeners('error');
    pool.on('error', () => {});
    await pool.end().catch(() => {});
    await admin(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => {});
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
