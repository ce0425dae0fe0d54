// Shared set-up of the ledger suites: a LedgerService of its own over a bigger pg Pool on the
// test database (so concurrency is real), a fast channel simulator, funded customer accounts,
// and the invariant checks every suite ends with.
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { ChannelSimulator } from '../../server/adapters/channel/simulator';
import { AppError } from '../../server/http/envelope';
import { requestHash } from '../../server/modules/ledger/hash';
import { LedgerService, type OpContext } from '../../server/modules/ledger/service';
import { poolStore, storeOfDb, type LedgerStore } from '../../server/modules/ledger/store';
import { verifyLedger, type VerifyReport } from '../../server/modules/ledger/verify';
import { PG_ADMIN_URL, startApp, type BackendName, type TestApp } from './helpers';

export interface LedgerFixture {
  ledger: LedgerService;
  store: LedgerStore;
  url: string | null;
  close(): Promise<void>;
}

/** On PostgreSQL: a service over its own pool of `poolSize`; on PGlite: over the app's client. */
export async function ledgerFixture(t: TestApp, poolSize = 20, latencyMs: [number, number] = [0, 3]): Promise<LedgerFixture> {
  const channel = new ChannelSimulator({ minLatencyMs: latencyMs[0], maxLatencyMs: latencyMs[1], retryDelayMs: 20 });
  if (t.database.kind === 'pglite') {
    const store = storeOfDb(t.database.db);
    const ledger = new LedgerService(store, channel);
    return {
      ledger,
      store,
      url: null,
      close: async () => {
        await channel.idle();
        channel.close();
      },
    };
  }
  const [{ name }] = await t.sql<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: poolSize });
  // The test database is dropped WITH (FORCE) after the suite; a connection still closing then is no failure.
  pool.on('error', () => {});
  const store = poolStore(pool);
  const ledger = new LedgerService(store, channel);
  return {
    ledger,
    store,
    url: url.toString(),
    close: async () => {
      await channel.idle();
      channel.close();
      await pool.end();
    },
  };
}

/**
 * The app and a ledger fixture for the describe block that calls this (started before its tests,
 * closed after them); read `s.t` and `s.f` inside the tests.
 */
export function ledgerSuite(backend: BackendName, poolSize: number, latencyMs: [number, number]): { t: TestApp; f: LedgerFixture } {
  const s = {} as { t: TestApp; f: LedgerFixture };
  beforeAll(async () => {
    s.t = await startApp(backend);
    s.f = await ledgerFixture(s.t, poolSize, latencyMs);
  }, 120_000);
  afterAll(async () => {
    await s.f?.close();
    await s.t?.close();
  });
  return s;
}

export const ctxOf = (tenantId = '0', actor = 'u-operator'): OpContext => ({ tenantId, actor, requestId: 'test' });

/** Creates `customers` customers with the given account types, each account funded with fundFen by a posted charge and a bound card. */
export async function fundedAccounts(
  ledger: LedgerService,
  prefix: string,
  customers: number,
  fundFen: bigint,
  types: ('basic' | 'settlement')[] = ['basic', 'settlement'],
  tenantId = '0',
) {
  const platform = await ledger.platform(tenantId);
  const rows = await pooled(
    Array.from({ length: customers }, (_, i) => async () => {
      const cusCode = `${prefix}${String(i).padStart(4, '0')}`;
      await ledger.createCustomer({ tenantId, cusCode, cusName: `测试客户${cusCode}` });
      const cardNo = `62220000${String(i).padStart(8, '0')}`;
      await ledger.bindCard({ tenantId, actor: 'test' }, { cusCode, cardNo, holderName: `测试客户${cusCode}`, bankName: '测试银行' });
      const mine: { cusCode: string; accountNo: string; cardNo: string }[] = [];
      for (const type of types) {
        const acc = await ledger.openAccount({ tenantId, actor: 'test' }, { cusCode, type, idempotencyKey: `open:${cusCode}:${type}` });
        if (fundFen > 0n) {
          const key = `fund:${acc.acctNo}`;
          await ledger.post({
            tenantId,
            kind: 'charge',
            actor: 'test',
            reason: '测试期初资金',
            idempotencyKey: key,
            requestHash: requestHash('fund', { key }),
            lines: [
              { accountNo: acc.acctNo, amountFen: fundFen },
              { accountNo: platform.bank_settlement, amountFen: -fundFen },
            ],
          });
        }
        mine.push({ cusCode, accountNo: acc.acctNo, cardNo });
      }
      return mine;
    }),
    10,
  );
  return rows.flat();
}

/** Runs fn; an AppError becomes its message (a refusal), anything else is a failure of the test. */
export async function attempt<T>(fn: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; reason: string }> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, reason: err.message };
    throw err;
  }
}

/** Runs tasks with at most `width` in flight. */
export async function pooled<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        out[i] = await tasks[i]();
      }
    }),
  );
  return out;
}

/** The invariants every ledger suite ends with, checked in SQL and by the auditor. */
export async function expectLedgerSound(store: LedgerStore): Promise<VerifyReport> {
  const [sums] = await store.query<{ total: string; neg: string; frozen_bad: string; balance_bad: string; open_pending: string }>(`
    SELECT (SELECT COALESCE(sum(amount), 0) FROM postings)::text AS total,
           (SELECT count(*) FROM accounts WHERE owner_kind = 'customer' AND (balance - frozen < 0 OR frozen < 0))::text AS neg,
           (SELECT count(*) FROM accounts a WHERE a.frozen <> COALESCE((SELECT sum(remaining) FROM holds h WHERE h.account_id = a.id AND h.status = 'open'), 0))::text AS frozen_bad,
           (SELECT count(*) FROM accounts a WHERE a.balance <> COALESCE((SELECT sum(amount) FROM postings p WHERE p.account_id = a.id), 0))::text AS balance_bad,
           (SELECT count(*) FROM channel_orders WHERE status = 'pending')::text AS open_pending`);
  expect(sums, 'sum of all postings 0; no negative available; frozen = open holds; balance = sum of postings; no pending order').toEqual({
    total: '0',
    neg: '0',
    frozen_bad: '0',
    balance_bad: '0',
    open_pending: '0',
  });
  const report = await verifyLedger(store);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
  return report;
}
