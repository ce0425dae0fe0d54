// Races on the real PostgreSQL (and PGlite, where one connection serialises them): no overdraft,
// idempotency under concurrent twins, and holds that resolve once when unfreeze and
// withdraw-from-frozen race for them.
import { describe, expect, it } from 'vitest';
import { LEDGER_MSG } from '../../contract/api/ledger';
import { BACKENDS } from './helpers';
import { attempt, ctxOf, expectLedgerSound, fundedAccounts, ledgerSuite, pooled } from './ledgerKit';

describe.each(BACKENDS)('ledger races (%s)', (backend) => {
  const s = ledgerSuite(backend, 20, [0, 2]);

  it('100 concurrent withdrawals of 10.00 against 500.00: exactly 50 succeed, balance 0', async () => {
    const [acc] = await fundedAccounts(s.f.ledger, 'OD', 1, 500_00n, ['basic']);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        attempt(() =>
          s.f.ledger.withdraw(ctxOf(), { accountNo: acc.accountNo, amountFen: 10_00n, cardNo: acc.cardNo, reason: '并发提现', idempotencyKey: `od-${i}` }),
        ),
      ),
    );
    const ok = results.filter((r) => r.ok).length;
    const refused = results.filter((r) => !r.ok).map((r) => (r as { reason: string }).reason);
    console.log(`[no overdraft ${backend}] ${ok} succeeded, ${refused.length} refused (${[...new Set(refused)].join(', ')})`);
    expect(ok).toBe(50);
    expect(new Set(refused)).toEqual(new Set([LEDGER_MSG.insufficient]));
    await s.f.ledger.channel.idle();
    const view = await s.f.ledger.account(ctxOf(), acc.accountNo);
    expect(view).toMatchObject({ balance: '0.00', frozen: '0.00', available: '0.00' });
    await expectLedgerSound(s.f.store);
  }, 60_000);

  it('M keys sent 10 times each, some concurrently: exactly M entries; the same key with another body is refused', async () => {
    const accounts = await fundedAccounts(s.f.ledger, 'ID', 4, 10_000_00n, ['basic']);
    const M = 40;
    const before = await entryCount();
    const op = (k: number) => {
      const key = `idem-${k}`;
      const [a, b] = [accounts[k % 4], accounts[(k + 1) % 4]];
      if (k % 3 === 0)
        return () =>
          s.f.ledger.transfer(ctxOf(), {
            fromAccountNo: a.accountNo,
            toAccountNo: b.accountNo,
            amountFen: 1_00n + BigInt(k),
            reason: '幂等',
            idempotencyKey: key,
          });
      if (k % 3 === 1) return () => s.f.ledger.freeze(ctxOf(), { accountNo: a.accountNo, amountFen: 2_00n, reason: '幂等冻结', idempotencyKey: key });
      return () => s.f.ledger.withdraw(ctxOf(), { accountNo: a.accountNo, amountFen: 3_00n, cardNo: a.cardNo, reason: '幂等提现', idempotencyKey: key });
    };
    const seen = new Map<number, Set<string>>();
    const remember = (k: number, v: unknown) => {
      const id = (v as { id?: string; orderId?: string }).id ?? (v as { orderId: string }).orderId;
      seen.set(k, (seen.get(k) ?? new Set()).add(id));
    };
    // Even keys: 10 sends at once; odd keys: 10 sends one after another.
    await pooled(
      Array.from({ length: M }, (_, k) => async () => {
        if (k % 2 === 0) for (const v of await Promise.all(Array.from({ length: 10 }, () => op(k)()))) remember(k, v);
        else for (let i = 0; i < 10; i++) remember(k, await op(k)());
      }),
      8,
    );
    await s.f.ledger.channel.idle();
    const [{ n: keyed }] = await s.f.store.query<{ n: string }>(`SELECT count(*)::text AS n FROM journal_entries WHERE idempotency_key LIKE 'idem-%'`);
    console.log(
      `[idempotency ${backend}] ${M} keys × 10 sends → ${keyed} entries with those keys; ${(await entryCount()) - before} new entries in all (withdraw settlements included)`,
    );
    expect(Number(keyed)).toBe(M);
    for (const [k, ids] of seen) expect(ids.size, `key idem-${k} answered one result`).toBe(1);
    const [a, b] = accounts;
    const clash = await attempt(() =>
      s.f.ledger.transfer(ctxOf(), { fromAccountNo: a.accountNo, toAccountNo: b.accountNo, amountFen: 9_99n, reason: '另一个请求', idempotencyKey: 'idem-0' }),
    );
    expect(clash).toEqual({ ok: false, reason: LEDGER_MSG.idempotencyConflict });
    const clash2 = await attempt(() => s.f.ledger.freeze(ctxOf(), { accountNo: b.accountNo, amountFen: 3_00n, reason: '幂等冻结', idempotencyKey: 'idem-1' }));
    expect(clash2).toEqual({ ok: false, reason: LEDGER_MSG.idempotencyConflict });
    expect(Number((await s.f.store.query<{ n: string }>(`SELECT count(*)::text AS n FROM journal_entries WHERE idempotency_key LIKE 'idem-%'`))[0].n)).toBe(M);
    await expectLedgerSound(s.f.store);
  }, 60_000);

  it('unfreeze races withdraw-from-frozen 1,000 times: each hold resolves once, frozen never negative', async () => {
    const accounts = await fundedAccounts(s.f.ledger, 'FR', 10, 100_000_00n, ['basic']);
    // PGlite is one connection, so its "race" is sequential; a smaller run keeps the suite fast.
    const HOLDS = backend === 'postgres' ? 1000 : 200;
    const holds = await pooled(
      Array.from({ length: HOLDS }, (_, i) => async () => {
        const a = accounts[i % accounts.length];
        const e = await s.f.ledger.freeze(ctxOf(), { accountNo: a.accountNo, amountFen: 5_00n + BigInt(i % 7), reason: '竞争冻结', idempotencyKey: `fr-${i}` });
        return { holdId: e.holdId!, account: a, amount: 5_00n + BigInt(i % 7) };
      }),
      16,
    );
    let minFrozen = 0n;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const [{ m }] = await s.f.store.query<{ m: string }>(`SELECT COALESCE(min(frozen), 0)::text AS m FROM accounts`);
        if (BigInt(m) < minFrozen) minFrozen = BigInt(m);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const outcomes = await pooled(
      holds.map((h, i) => async () => {
        const [unfreeze, capture] = await Promise.all([
          attempt(() => s.f.ledger.unfreeze(ctxOf(), { holdId: h.holdId, reason: '竞争解冻', idempotencyKey: `fr-u-${i}` })),
          attempt(() =>
            s.f.ledger.withdraw(ctxOf(), {
              accountNo: h.account.accountNo,
              amountFen: h.amount,
              cardNo: h.account.cardNo,
              holdId: h.holdId,
              reason: '冻结提现',
              idempotencyKey: `fr-w-${i}`,
            }),
          ),
        ]);
        return { unfreeze, capture };
      }),
      10,
    );
    watching = false;
    await watcher;
    await s.f.ledger.channel.idle();
    const released = outcomes.filter((o) => o.unfreeze.ok).length;
    const captured = outcomes.filter((o) => o.capture.ok).length;
    console.log(`[freeze race ${backend}] ${HOLDS} holds: ${released} released by unfreeze, ${captured} captured by withdraw, min frozen seen ${minFrozen}`);
    for (const o of outcomes) {
      expect(Number(o.unfreeze.ok) + Number(o.capture.ok), 'exactly one side wins each hold').toBe(1);
      const loser = o.unfreeze.ok ? o.capture : o.unfreeze;
      expect((loser as { reason: string }).reason).toBe(LEDGER_MSG.holdResolved);
    }
    expect(released + captured).toBe(HOLDS);
    expect(minFrozen >= 0n).toBe(true);
    const [st] = await s.f.store.query<{ open: string; resolved_twice: string }>(`
      SELECT (SELECT count(*) FROM holds h JOIN accounts a ON a.id = h.account_id JOIN customers c ON c.id = a.customer_id WHERE c.cus_code LIKE 'FR%' AND h.status = 'open')::text AS open,
             (SELECT count(*) FROM (SELECT hold_id FROM journal_entries WHERE hold_delta < 0 AND hold_id IS NOT NULL GROUP BY hold_id HAVING count(*) > 1) x)::text AS resolved_twice`);
    expect(st).toEqual({ open: '0', resolved_twice: '0' });
    await expectLedgerSound(s.f.store);
  }, 120_000);

  async function entryCount(): Promise<number> {
    const [{ n }] = await s.f.store.query<{ n: string }>('SELECT count(*)::text AS n FROM journal_entries');
    return Number(n);
  }
});
