// Conservation: many workers run random money operations at once on the real PostgreSQL (and a
// smaller run on PGlite); afterwards no fen was created or lost and every invariant holds.
import { describe, expect, it } from 'vitest';
import { BACKENDS } from './helpers';
import { attempt, ctxOf, expectLedgerSound, fundedAccounts, ledgerSuite } from './ledgerKit';

const SIZES = { postgres: { workers: 20, ops: 500, customers: 40 }, pglite: { workers: 4, ops: 100, customers: 10 } } as const;

describe.each(BACKENDS)('ledger conservation (%s)', (backend) => {
  const s = ledgerSuite(backend, 20, [0, 5]);

  it('random transfers, freezes, unfreezes, withdrawals and charges conserve money', async () => {
    const size = SIZES[backend];
    const { ledger } = s.f;
    const accounts = await fundedAccounts(ledger, 'CV', size.customers, 3_000n * 100n);
    // Two customers are disabled: their debits must be refused, credits still land.
    for (const cusCode of [accounts[0].cusCode, accounts[2].cusCode]) await ledger.setCustomerStatus(ctxOf(), cusCode, 'disabled', '守恒测试');
    const holds: string[] = [];
    const refusals: Record<string, number> = {};
    const done: Record<string, number> = {};
    const history: (() => Promise<unknown>)[] = [];
    const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)];
    // Amounts up to 500.00, some ending in .99 (the channel fails those).
    const amount = () => (Math.random() < 0.1 ? BigInt(Math.floor(Math.random() * 500)) * 100n + 99n : BigInt(1 + Math.floor(Math.random() * 50_000)));
    let seq = 0;

    const started = Date.now();
    await Promise.all(
      Array.from({ length: size.workers }, async (_, w) => {
        for (let i = 0; i < size.ops; i++) {
          const key = `cv-${w}-${i}-${seq++}`;
          const r = Math.random();
          const a = pick(accounts);
          let kind: string;
          let op: () => Promise<unknown>;
          if (r < 0.35) {
            const b = pick(accounts.filter((x) => x !== a));
            kind = 'transfer';
            const amt = amount();
            op = () =>
              ledger.transfer(ctxOf(), { fromAccountNo: a.accountNo, toAccountNo: b.accountNo, amountFen: amt, reason: '随机转账', idempotencyKey: key });
          } else if (r < 0.5) {
            kind = 'freeze';
            const amt = amount();
            op = async () =>
              holds.push((await ledger.freeze(ctxOf(), { accountNo: a.accountNo, amountFen: amt, reason: '随机冻结', idempotencyKey: key })).holdId!);
          } else if (r < 0.62 && holds.length) {
            kind = 'unfreeze';
            const hold = pick(holds);
            const partial = Math.random() < 0.3 ? 1n + BigInt(Math.floor(Math.random() * 1000)) : undefined;
            op = () => ledger.unfreeze(ctxOf(), { holdId: hold, amountFen: partial, reason: '随机解冻', idempotencyKey: key });
          } else if (r < 0.8) {
            const capture = holds.length && Math.random() < 0.4 ? pick(holds) : undefined;
            kind = capture ? 'withdraw-frozen' : 'withdraw';
            const amt = capture ? BigInt(1 + Math.floor(Math.random() * 2000)) : amount();
            // The card of the hold's account is found through the account, so use a's card only without a hold.
            op = async () => {
              const target = capture ? await holdAccount(capture) : a;
              return ledger.withdraw(ctxOf(), {
                accountNo: target.accountNo,
                amountFen: amt,
                cardNo: target.cardNo,
                holdId: capture,
                reason: '随机提现',
                idempotencyKey: key,
              });
            };
          } else if (r < 0.93) {
            kind = 'charge';
            const amt = amount();
            op = () => ledger.charge(ctxOf(), { accountNo: a.accountNo, amountFen: amt, reason: '随机充值', idempotencyKey: key });
          } else {
            // Replay an earlier operation: same key, same body → nothing new.
            kind = 'replay';
            op = history.length ? pick(history) : async () => undefined;
          }
          if (kind !== 'replay') history.push(op);
          const res = await attempt(op);
          if (res.ok) done[kind] = (done[kind] ?? 0) + 1;
          else refusals[res.reason] = (refusals[res.reason] ?? 0) + 1;
        }
      }),
    );
    await ledger.channel.idle();
    const elapsed = Date.now() - started;

    async function holdAccount(holdId: string) {
      const [h] = await s.f.store.query<{ account_no: string }>('SELECT a.account_no FROM holds h JOIN accounts a ON a.id = h.account_id WHERE h.id = $1', [
        holdId,
      ]);
      return accounts.find((x) => x.accountNo === h.account_no)!;
    }

    const report = await expectLedgerSound(s.f.store);
    const [orders] = await s.f.store.query<{ ok: string; failed: string }>(
      `SELECT count(*) FILTER (WHERE status = 'succeeded')::text AS ok, count(*) FILTER (WHERE status = 'failed')::text AS failed FROM channel_orders`,
    );
    console.log(
      `[conservation ${backend}] ${size.workers} workers × ${size.ops} ops over ${accounts.length} accounts in ${elapsed} ms: ` +
        `${report.entries} entries, ${report.postings} postings, ${report.holds} holds; channel orders ${orders.ok} succeeded / ${orders.failed} failed\n` +
        `  done: ${JSON.stringify(done)}\n  refused: ${JSON.stringify(refusals)}`,
    );
    const allowed = new Set(['可用余额不足', '该冻结已解除或已扣划，不能重复操作', '金额不能超过冻结余额', '客户已停用，不能进行该操作', '冻结记录不存在']);
    for (const reason of Object.keys(refusals)) expect(allowed, `unexpected refusal: ${reason}`).toContain(reason);
    expect(refusals['客户已停用，不能进行该操作']).toBeGreaterThan(0);
    expect(Number(orders.failed)).toBeGreaterThan(0);
  }, 180_000);
});
