// Demo payment history (server/modules/pay/demoHistory.ts, BOSS_DEMO_HISTORY): seeded into a fresh
// database, its orders are in the planned states on the planned days, 工作台 has figures to show,
// a second run adds nothing, the ledger verifies, and the demo accounts hold exactly their opening
// charge less what the executed orders moved (fees included) and what the pending ones hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKBENCH_P, type WorkbenchCharts, type WorkbenchOverview } from '../../contract/api/workbench';
import { parseYuan } from '../../contract/money';
import { demoHistoryWanted } from '../../server/config';
import { DEMO_FEE_RULE, DEMO_HISTORY, seedDemoPayHistory } from '../../server/modules/pay/demoHistory';
import { storeOfDb } from '../../server/modules/ledger/store';
import { verifyLedger } from '../../server/modules/ledger/verify';
import { businessDay } from '../../server/modules/workbench/stats';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

/** The opening charges of server/modules/ledger/seed.ts. */
const OPENING: Record<string, bigint> = { C0101: 20_000_000n, C0102: 8_000_000n };
const fen = (yuan: string) => parseYuan(yuan)!;
/** The demo rule by hand: 0.1 % rounded half up to the fen, 1–50 yuan, on single payments only (batch rows have no rule). */
const feeOf = (amount: bigint) => {
  const pct = (amount * 1000n + 500_000n) / 1_000_000n;
  return pct < 100n ? 100n : pct > 5000n ? 5000n : pct;
};

describe('BOSS_DEMO_HISTORY', () => {
  it('is on with demo data outside test runs, off in test runs and production, and never without demo data', () => {
    expect(demoHistoryWanted({ NODE_ENV: 'development' })).toBe(true);
    expect(demoHistoryWanted({ NODE_ENV: 'test' })).toBe(false);
    expect(demoHistoryWanted({ NODE_ENV: 'production' })).toBe(false);
    expect(demoHistoryWanted({ NODE_ENV: 'test', BOSS_DEMO_HISTORY: '1' })).toBe(true);
    expect(demoHistoryWanted({ NODE_ENV: 'development', BOSS_DEMO_HISTORY: 'false' })).toBe(false);
    expect(demoHistoryWanted({ NODE_ENV: 'development', BOSS_DEMO: '0', BOSS_DEMO_HISTORY: '1' })).toBe(false);
  });
});

describe.each(BACKENDS)('demo payment history on %s', (backend) => {
  let t: TestApp;
  let made = 0;
  let seededAt = 0;
  const tok: Record<string, string> = {};
  beforeAll(async () => {
    t = await startApp(backend);
    expect(await t.sql('SELECT 1 FROM pay_orders')).toHaveLength(0);
    seededAt = Date.now();
    made = await seedDemoPayHistory(t.database);
    for (const u of ['operator', 'approver']) tok[u] = (await login(t.app, u)).token;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  const overview = async (who: string) => {
    const res = await call(t.app, 'GET', WORKBENCH_P.overview, undefined, { token: tok[who] });
    expect(res.statusCode).toBe(200);
    return res.json().result as WorkbenchOverview;
  };
  type Order = {
    key: string;
    kind: string;
    status: string;
    maker_id: string;
    approver_id: string | null;
    remark: string;
    reject_reason: string | null;
    fail_reason: string | null;
    day: string;
    amount: string;
    fee: string;
  };
  const orders = () =>
    t.sql<Order>(
      `SELECT idempotency_key AS key, kind, status, maker_id, approver_id, remark, reject_reason, fail_reason, amount::text, fee::text,
              to_char(submitted_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day
         FROM pay_orders WHERE tenant_id = '0' ORDER BY idempotency_key`,
    );

  it('makes every planned order, in its planned state, on its planned day, by the demo operator and approver', async () => {
    expect(made).toBe(DEMO_HISTORY.length);
    const rows = await orders();
    expect(rows).toHaveLength(DEMO_HISTORY.length);
    DEMO_HISTORY.forEach((p, i) => {
      const o = rows[i];
      expect(o.key).toBe(`demo-history:${String(i + 1).padStart(2, '0')}`);
      expect({ kind: o.kind, status: o.status, day: o.day, amount: o.amount }).toEqual({
        kind: 'rows' in p.to ? 'batch' : 'single',
        status: p.outcome,
        day: businessDay(p.back),
        amount: fen(p.amount).toString(),
      });
      expect(o.maker_id).toBe('u-operator');
      expect(o.approver_id).toBe(['pending', 'cancelled'].includes(p.outcome) ? null : 'u-approver');
      expect(o.remark).toBe(`演示数据：${p.remark}`);
      if (p.outcome === 'rejected') expect(o.reject_reason).toBe(`演示数据：${p.reason}`);
      if (p.outcome === 'failed') expect(o.fail_reason).toContain('渠道拒绝');
      expect(o.fee).toBe(o.kind === 'single' ? feeOf(BigInt(o.amount)).toString() : '0');
    });
    const count = (s: string) => rows.filter((o) => o.status === s).length;
    expect(count('succeeded')).toBeGreaterThan(DEMO_HISTORY.length / 2);
    expect([count('rejected'), count('failed'), count('cancelled'), count('pending')]).toEqual([4, 2, 1, 4]);
    // The events follow their moments (近期动态 reads them by id), none after now; the fee rule was approved before the first order.
    const events = await t.sql<{ at: Date }>(`SELECT created_at AS at FROM pay_order_events ORDER BY id`);
    const times = events.map((e) => new Date(e.at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    const [rule] = await t.sql<{ status: string; maker_id: string; approver_id: string; before: boolean }>(
      `SELECT status, maker_id, approver_id, effective_from < (SELECT min(submitted_at) FROM pay_orders) AS before FROM fee_rules WHERE tenant_id = '0'`,
    );
    expect(rule).toEqual({ status: 'approved', maker_id: 'u-operator', approver_id: 'u-approver', before: true });
  });

  it('moves money only through the ledger, at the time it was posted', async () => {
    // Ledger entries are hash-chained with their time and stay at the seed's moment.
    const [e] = await t.sql<{ n: string; early: string }>(
      `SELECT count(*)::text AS n, count(*) FILTER (WHERE created_at < $1::timestamptz)::text AS early FROM journal_entries
        WHERE reason LIKE 'PO%' OR reason LIKE '付款订单%'`,
      [new Date(seededAt - 1000).toISOString()],
    );
    expect(Number(e.n)).toBeGreaterThan(DEMO_HISTORY.length);
    expect(e.early).toBe('0');
    const report = await verifyLedger(storeOfDb(t.database.db));
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('leaves the demo accounts with their opening charge less what the executed orders moved and the pending ones hold', async () => {
    const expected: Record<string, { balance: bigint; frozen: bigint }> = {
      C0101: { balance: OPENING.C0101, frozen: 0n },
      C0102: { balance: OPENING.C0102, frozen: 0n },
    };
    for (const p of DEMO_HISTORY) {
      const amount = fen(p.amount);
      const fee = 'rows' in p.to ? 0n : feeOf(amount);
      if (p.outcome === 'pending') expected[p.from].frozen += amount + fee;
      if (p.outcome !== 'succeeded') continue;
      expected[p.from].balance -= amount + fee;
      const credits = 'rows' in p.to ? p.to.rows.map((r) => ({ to: r.payee, amount: fen(r.amount) })) : [{ to: p.to, amount }];
      for (const c of credits) if ('cus' in c.to) expected[c.to.cus].balance += c.amount;
    }
    const rows = await t.sql<{ cus: string; balance: string; frozen: string }>(
      `SELECT cu.cus_code AS cus, a.balance::text, a.frozen::text FROM accounts a JOIN customers cu ON cu.id = a.customer_id
        WHERE a.tenant_id = '0' AND cu.cus_code IN ('C0101', 'C0102') AND a.account_type = 'settlement' ORDER BY cu.cus_code`,
    );
    expect(rows).toEqual([
      { cus: 'C0101', balance: expected.C0101.balance.toString(), frozen: expected.C0101.frozen.toString() },
      { cus: 'C0102', balance: expected.C0102.balance.toString(), frozen: expected.C0102.frozen.toString() },
    ]);
    // The fees of the succeeded single payments reached the platform's fee income.
    const fees = DEMO_HISTORY.filter((p) => p.outcome === 'succeeded' && !('rows' in p.to)).reduce((s, p) => s + feeOf(fen(p.amount)), 0n);
    const [income] = await t.sql<{ balance: string }>(`SELECT balance::text FROM accounts WHERE tenant_id = '0' AND account_type = 'fee_income'`);
    expect(income.balance).toBe(fees.toString());
    expect(DEMO_FEE_RULE.txType).toBe('payment');
  });

  it('gives 工作台 figures: today, pending approval, fee income, recent activity and to-dos', async () => {
    const today = DEMO_HISTORY.filter((p) => p.back === 0);
    const pending = today.filter((p) => p.outcome === 'pending');
    const sum = (ps: typeof DEMO_HISTORY) => ps.reduce((s, p) => s + fen(p.amount), 0n).toString();
    const approver = await overview('approver');
    expect(approver.payments).toMatchObject({
      today: { count: today.length, amountFen: sum(today), succeeded: today.filter((p) => p.outcome === 'succeeded').length, successRate: 1 },
      pendingCount: pending.length,
      pendingAmountFen: sum(pending),
    });
    expect(pending.length).toBeGreaterThan(0);
    expect(BigInt(approver.feeIncomeMonthFen!)).toBeGreaterThan(0n);
    // 近期动态 merges decisions and postings by time: the postings keep the seed's moment, so they lead.
    expect(approver.activity).toHaveLength(10);
    expect(approver.activity.some((a) => a.kind === 'posting' && a.title.includes('演示数据：'))).toBe(true);
    expect(approver.todos.find((x) => x.key === 'approvePending')?.count).toBe(pending.length);
    const operator = await overview('operator');
    expect(operator.todos.find((x) => x.key === 'myPending')?.count).toBe(pending.length);
    expect(operator.todos.find((x) => x.key === 'myFailed')?.count).toBe(2);
    const res = await call(t.app, 'GET', WORKBENCH_P.charts, undefined, { token: tok.approver });
    const charts = res.json().result as WorkbenchCharts;
    expect(charts.days.filter((d) => d.count > 0).length).toBe(new Set(DEMO_HISTORY.filter((p) => p.outcome !== 'cancelled').map((p) => p.back)).size);
    expect(charts.topCustomers.map((c) => c.cusCode).sort()).toEqual(['C0101', 'C0102']);
  });

  it('adds nothing on a second run', async () => {
    const count = async () =>
      (
        await t.sql<{ o: string; e: string; j: string; r: string }>(
          `SELECT (SELECT count(*) FROM pay_orders)::text AS o, (SELECT count(*) FROM pay_order_events)::text AS e,
                  (SELECT count(*) FROM journal_entries)::text AS j, (SELECT count(*) FROM fee_rules)::text AS r`,
        )
      )[0];
    const before = await count();
    expect(await seedDemoPayHistory(t.database)).toBe(0);
    expect(await count()).toEqual(before);
  });
});
