// Group posting (batcher.ts + ledger_post over several postings): concurrent standalone postings
// travel together, and each still behaves exactly as if posted alone — refusals inside a batch,
// twins inside a batch, holds inside a batch, a failed batch falling back to single postings.
import { describe, expect, it } from 'vitest';
import { LEDGER_MSG } from '../../contract/api/ledger';
import { AppError } from '../../server/http/envelope';
import { PostingBatcher } from '../../server/modules/ledger/batcher';
import type { PostInput, PostedEntry } from '../../server/modules/ledger/posting';
import { BACKENDS } from './helpers';
import { attempt, ctxOf, expectLedgerSound, fundedAccounts, ledgerSuite } from './ledgerKit';

describe('posting batcher (no database)', () => {
  const input = (tenantId: string, key: string) => ({ tenantId, idempotencyKey: key }) as PostInput;
  const entry = (key: string) => ({ id: key }) as unknown as PostedEntry;

  it('sends at once when nothing is out, then gathers the newcomers into one batch per tenant', async () => {
    const batches: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const b = new PostingBatcher(
      async (inputs) => {
        batches.push(inputs.map((i) => i.idempotencyKey));
        if (batches.length === 1) await gate;
        return inputs.map((i) => entry(i.idempotencyKey));
      },
      async () => {
        throw new Error('not expected');
      },
      { inFlight: 1, maxBatch: 3 },
    );
    const first = b.post(input('t1', 'a'));
    const rest = ['b', 'c', 'd', 'e'].map((k) => b.post(input('t1', k)));
    const other = b.post(input('t2', 'x'));
    await Promise.resolve();
    expect(batches).toEqual([['a'], ['x']]);
    release();
    expect((await first).id).toBe('a');
    expect((await Promise.all(rest)).map((e) => e.id)).toEqual(['b', 'c', 'd', 'e']);
    expect((await other).id).toBe('x');
    expect(batches).toEqual([['a'], ['x'], ['b', 'c', 'd'], ['e']]);
  });

  it('a refusal answers its own posting only; a batch that fails as a whole is posted again one by one', async () => {
    let calls = 0;
    const alone: string[] = [];
    const b = new PostingBatcher(
      async (inputs) => {
        calls++;
        if (inputs.some((i) => i.idempotencyKey === 'boom')) throw new Error('unique violation');
        return inputs.map((i) => (i.idempotencyKey === 'poor' ? new AppError(409, LEDGER_MSG.insufficient) : entry(i.idempotencyKey)));
      },
      async (i) => {
        alone.push(i.idempotencyKey);
        if (i.idempotencyKey === 'boom') throw new Error('still broken');
        return entry(i.idempotencyKey);
      },
      { inFlight: 1, maxBatch: 10 },
    );
    const hold = b.post(input('t', 'first'));
    const [poor, ok] = [b.post(input('t', 'poor')), b.post(input('t', 'ok'))];
    await hold;
    await expect(poor).rejects.toThrow(LEDGER_MSG.insufficient);
    expect((await ok).id).toBe('ok');
    const first = b.post(input('t', 'first2'));
    const [boom, fine] = [b.post(input('t', 'boom')), b.post(input('t', 'fine'))];
    await first;
    await expect(boom).rejects.toThrow('still broken');
    expect((await fine).id).toBe('fine');
    expect(alone.sort()).toEqual(['boom', 'fine']);
    expect(calls).toBe(4);
  });
});

describe.each(BACKENDS)('ledger group posting (%s)', (backend) => {
  const s = ledgerSuite(backend, 20, [0, 2]);

  /** Entries posted by the test's keys, and in how many transactions they were written. */
  const written = async (prefix: string) => {
    const [r] = await s.f.store.query<{ entries: string; txs: string }>(
      `SELECT count(*)::text AS entries, count(DISTINCT xmin::text)::text AS txs FROM journal_entries WHERE idempotency_key LIKE $1`,
      [`${prefix}%`],
    );
    return { entries: Number(r.entries), txs: Number(r.txs) };
  };

  it('40 concurrent transfers of 10.00 out of 100.00: exactly 10 go through, in fewer transactions than entries', async () => {
    const [from, ...to] = await fundedAccounts(s.f.ledger, 'GB', 5, 0n, ['basic']);
    const [fund] = await fundedAccounts(s.f.ledger, 'GF', 1, 100_00n, ['basic']);
    await s.f.ledger.transfer(ctxOf(), {
      fromAccountNo: fund.accountNo,
      toAccountNo: from.accountNo,
      amountFen: 100_00n,
      reason: '备付',
      idempotencyKey: 'gb-fund',
    });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        attempt(() =>
          s.f.ledger.transfer(ctxOf(), {
            fromAccountNo: from.accountNo,
            toAccountNo: to[i % 4].accountNo,
            amountFen: 10_00n,
            reason: '并发',
            idempotencyKey: `gb-${i}`,
          }),
        ),
      ),
    );
    const refused = results.filter((r) => !r.ok).map((r) => (r as { reason: string }).reason);
    const w = await written('gb-');
    console.log(`[group posting ${backend}] ${40 - refused.length} of 40 transfers went through; ${w.entries} entries in ${w.txs} transactions`);
    expect(refused.length).toBe(30);
    expect(new Set(refused)).toEqual(new Set([LEDGER_MSG.insufficient]));
    expect(w.entries).toBe(11);
    expect(w.txs).toBeLessThan(w.entries);
    expect(await s.f.ledger.account(ctxOf(), from.accountNo)).toMatchObject({ balance: '0.00', available: '0.00' });
    await expectLedgerSound(s.f.store);
  }, 60_000);

  it('twins in one batch: the same key and body answer one entry; the same key with another body is refused', async () => {
    const [a, b] = await fundedAccounts(s.f.ledger, 'GT', 2, 1_000_00n, ['basic']);
    const send = (key: string, fen: bigint) =>
      attempt(() =>
        s.f.ledger.transfer(ctxOf(), { fromAccountNo: a.accountNo, toAccountNo: b.accountNo, amountFen: fen, reason: '孪生', idempotencyKey: key }),
      );
    // The first goes alone; the rest queue behind it and, mostly, leave as one batch.
    const results = await Promise.all([
      send('gt-0', 1_00n),
      send('gt-1', 2_00n),
      send('gt-1', 2_00n),
      send('gt-1', 3_00n),
      send('gt-2', 4_00n),
      send('gt-2', 4_00n),
    ]);
    const ids = results.map((r) => (r.ok ? r.value.id : r.reason));
    // A transfer reads its accounts before it posts, so concurrent ones may reach the ledger in
    // another order than sent: whichever body of 'gt-1' comes first wins, and the other is refused.
    expect(ids[1]).toBe(ids[2]);
    const firstBodyWon = ids[1] !== LEDGER_MSG.idempotencyConflict;
    expect(ids[3] === LEDGER_MSG.idempotencyConflict).toBe(firstBodyWon);
    expect(ids[4]).toBe(ids[5]);
    expect(ids[4]).not.toBe(LEDGER_MSG.idempotencyConflict);
    expect(results.filter((r) => r.ok && r.value.replayed).length).toBe(firstBodyWon ? 2 : 1);
    expect((await written('gt-')).entries).toBe(3);
    expect(await s.f.ledger.account(ctxOf(), a.accountNo)).toMatchObject({ balance: firstBodyWon ? '993.00' : '992.00' });
    await expectLedgerSound(s.f.store);
  }, 60_000);

  it('freezes and unfreezes in one batch resolve each hold once, on the balances the postings before left', async () => {
    const [acc] = await fundedAccounts(s.f.ledger, 'GH', 1, 50_00n, ['basic']);
    const holds = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        attempt(() => s.f.ledger.freeze(ctxOf(), { accountNo: acc.accountNo, amountFen: 10_00n, reason: '冻结', idempotencyKey: `gh-f-${i}` })),
      ),
    );
    const held = holds.filter((h) => h.ok).map((h) => (h as { value: PostedEntry }).value.holdId!);
    expect(held.length).toBe(5);
    const releases = await Promise.all(
      [...held, ...held].map((holdId, i) => attempt(() => s.f.ledger.unfreeze(ctxOf(), { holdId, reason: '解冻', idempotencyKey: `gh-u-${i}` }))),
    );
    expect(releases.filter((r) => r.ok).length).toBe(5);
    expect(new Set(releases.filter((r) => !r.ok).map((r) => (r as { reason: string }).reason))).toEqual(new Set([LEDGER_MSG.holdResolved]));
    expect(await s.f.ledger.account(ctxOf(), acc.accountNo)).toMatchObject({ balance: '50.00', frozen: '0.00' });
    await expectLedgerSound(s.f.store);
  }, 60_000);
});
