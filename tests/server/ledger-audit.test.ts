// The audit chain and the database's own guards: ledger:verify passes on an honest ledger and
// names the entry after one posting is changed behind the application's back; posted rows refuse
// UPDATE/DELETE/TRUNCATE; an unbalanced entry cannot commit; available never goes negative.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../server/modules/ledger/verify';
import { BACKENDS, TEST_LEDGER_KEY, startApp, type TestApp } from './helpers';
import { ctxOf, fundedAccounts, ledgerFixture, type LedgerFixture } from './ledgerKit';

const checkpointDir = mkdtempSync(path.join(tmpdir(), 'boss-audit-'));

function runVerify(url: string): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/scripts/ledger-verify.ts'], {
    env: { ...process.env, DATABASE_URL: url, NODE_ENV: 'test', BOSS_LEDGER_KEY: TEST_LEDGER_KEY, BOSS_LEDGER_CHECKPOINT_DIR: checkpointDir },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe.each(BACKENDS)('ledger audit chain (%s)', (backend) => {
  let t: TestApp;
  let f: LedgerFixture;
  beforeAll(async () => {
    t = await startApp(backend);
    f = await ledgerFixture(t, 5, [0, 1]);
    const accounts = await fundedAccounts(f.ledger, 'AU', 3, 1_000_00n, ['basic']);
    for (let i = 0; i < 12; i++) {
      await f.ledger.transfer(ctxOf(), {
        fromAccountNo: accounts[i % 3].accountNo,
        toAccountNo: accounts[(i + 1) % 3].accountNo,
        amountFen: 1_00n + BigInt(i),
        reason: `审计转账${i}`,
        idempotencyKey: `au-${i}`,
      });
    }
    const hold = await f.ledger.freeze(ctxOf(), { accountNo: accounts[0].accountNo, amountFen: 50_00n, reason: '审计冻结', idempotencyKey: 'au-freeze' });
    await f.ledger.unfreeze(ctxOf(), { holdId: hold.holdId!, amountFen: 20_00n, reason: '部分解冻', idempotencyKey: 'au-unfreeze' });
    await f.ledger.withdraw(ctxOf(), {
      accountNo: accounts[1].accountNo,
      amountFen: 10_99n,
      cardNo: accounts[1].cardNo,
      reason: '失败提现',
      idempotencyKey: 'au-wd',
    });
    await f.ledger.channel.idle();
  }, 120_000);
  afterAll(async () => {
    await f?.close();
    await t?.close();
  });

  it('posted rows are append-only; unbalanced entries and negative available balances cannot commit', async () => {
    await expect(t.sql('UPDATE postings SET amount = amount + 1 WHERE id = (SELECT min(id) FROM postings)')).rejects.toThrow(/append-only/);
    await expect(t.sql('DELETE FROM journal_entries WHERE entry_no = (SELECT max(entry_no) FROM journal_entries)')).rejects.toThrow(/append-only/);
    await expect(t.sql('TRUNCATE postings, journal_entries CASCADE')).rejects.toThrow(/append-only/);
    await expect(
      t.sql(`UPDATE accounts SET frozen = balance + 1 WHERE owner_kind = 'customer' AND id = (SELECT min(id) FROM accounts WHERE owner_kind = 'customer')`),
    ).rejects.toThrow(/accounts_available_not_negative/);
    const [acc] = await t.sql<{ id: string }>(`SELECT id::text FROM accounts WHERE owner_kind = 'platform' LIMIT 1`);
    const unbalanced = `
      BEGIN;
      INSERT INTO journal_entries (id, tenant_id, entry_no, lane, lane_seq, kind, actor, idempotency_key, request_hash, created_at, prev_hash, hash)
        VALUES ('forged', '0', 999999, 99, 1, 'forged', 'x', 'forged', 'x', now(), 'x', 'x');
      INSERT INTO postings (entry_id, line_no, account_id, amount, balance_after) VALUES ('forged', 1, ${Number(acc.id)}, 500, 500);
      COMMIT;`;
    await expect(
      t.database.connect().then(async (conn) => {
        try {
          await conn.exec(unbalanced);
        } finally {
          await conn.exec('ROLLBACK').catch(() => {});
          await conn.release();
        }
      }),
    ).rejects.toThrow(/does not balance/);
    const [{ n }] = await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM journal_entries WHERE id = 'forged'`);
    expect(n).toBe('0');
  });

  it('verify passes, then names the entry whose posting was changed directly in the database', async () => {
    const honest = backend === 'postgres' ? runVerify(f.url!) : null;
    if (honest) {
      console.log(`[ledger:verify honest] exit ${honest.code}: ${honest.out.trim()}`);
      expect(honest.code).toBe(0);
      expect(honest.out).toMatch(/ledger:verify OK — \d+ entries, \d+ postings/);
    }
    const report = await verifyLedger(f.store);
    expect(report.ok).toBe(true);
    expect(report.entries).toBeGreaterThan(15);

    // Tamper as the superuser: switch the guard off, change one amount, switch it back on.
    await t.sql('ALTER TABLE postings DISABLE TRIGGER postings_append_only');
    const [victim] = await t.sql<{ entry_id: string }>(
      `UPDATE postings SET amount = amount + 1 WHERE id = (SELECT id FROM postings ORDER BY id OFFSET 7 LIMIT 1) RETURNING entry_id`,
    );
    await t.sql('ALTER TABLE postings ENABLE TRIGGER postings_append_only');
    const [{ entry_no: entryNo }] = await t.sql<{ entry_no: string }>('SELECT entry_no::text FROM journal_entries WHERE id = $1', [victim.entry_id]);

    const after = await verifyLedger(f.store);
    expect(after.ok).toBe(false);
    expect(after.problems[0]).toMatchObject({ entryNo, entryId: victim.entry_id });
    expect(after.problems.map((p) => p.problem).join('\n')).toMatch(/hash does not match/);
    if (backend === 'postgres') {
      const tampered = runVerify(f.url!);
      console.log(`[ledger:verify tampered] exit ${tampered.code}: ${tampered.out.trim().split('\n')[0]}`);
      expect(tampered.code).toBe(1);
      expect(tampered.out).toContain(`first bad entry #${entryNo} (${victim.entry_id})`);
    }
  }, 120_000);
});
