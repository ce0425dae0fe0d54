// Issue 13 §5: the audit chain survives someone who can write the database. A database
// administrator switches the append-only triggers off, moves a posting to another account, fixes
// both balances and recomputes that entry's hash and the lane after it with plain sha256, as the
// chain used to be built: ledger:verify names the entry, because the chain is keyed with
// BOSS_LEDGER_KEY, which the database does not hold. Removing a lane's last entry leaves a chain
// that is consistent on its own; the signed checkpoint written outside the database catches it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deriveLedgerKeys } from '../../server/modules/ledger/chainKey';
import { CHECKPOINT_FILE, readCheckpoints, writeCheckpoint } from '../../server/modules/ledger/checkpoint';
import { canonicalEntry, entryHash } from '../../server/modules/ledger/hash';
import { verifyLedger } from '../../server/modules/ledger/verify';
import { BACKENDS, type TestApp } from './helpers';
import { ctxOf, fundedAccounts, ledgerSuite, type LedgerFixture } from './ledgerKit';

interface EntryRow {
  id: string;
  tenant_id: string;
  entry_no: string;
  lane: number;
  lane_seq: string;
  kind: string;
  actor: string;
  reason: string;
  idempotency_key: string;
  request_hash: string;
  request_id: string;
  hold_id: string | null;
  hold_delta: string | null;
  reverses: string | null;
  created_at: Date;
  prev_hash: string;
  hash: string;
}

const ACCOUNT_ID = (t: TestApp, no: string) =>
  t.sql<{ id: string; balance: string }>('SELECT id::text, balance::text FROM accounts WHERE account_no = $1', [no]);

async function setTriggers(t: TestApp, on: boolean) {
  const verb = on ? 'ENABLE' : 'DISABLE';
  await t.sql(`ALTER TABLE postings ${verb} TRIGGER postings_append_only`);
  await t.sql(`ALTER TABLE journal_entries ${verb} TRIGGER journal_entries_append_only`);
}

/** What the attacker does after editing rows: recomputes, with plain sha256, every hash of the lane from `fromSeq` on and the lane head. */
async function rechainWithSha256(t: TestApp, tenantId: string, lane: number, fromSeq: bigint) {
  const rows = await t.sql<EntryRow>(
    `SELECT id, tenant_id, entry_no::text, lane, lane_seq::text, kind, actor, reason, idempotency_key, request_hash, request_id, hold_id,
            hold_delta::text, reverses, created_at, prev_hash, hash FROM journal_entries WHERE tenant_id = $1 AND lane = $2 ORDER BY lane_seq`,
    [tenantId, lane],
  );
  let prev = '';
  let before = '';
  for (const e of rows) {
    const seq = BigInt(e.lane_seq);
    if (seq < fromSeq) {
      before = e.prev_hash;
      prev = e.hash;
      continue;
    }
    const lines = await t.sql<{ account_id: string; amount: string; balance_after: string }>(
      'SELECT account_id::text, amount::text, balance_after::text FROM postings WHERE entry_id = $1 ORDER BY line_no',
      [e.id],
    );
    const canon = canonicalEntry({
      id: e.id,
      tenantId: e.tenant_id,
      kind: e.kind,
      actor: e.actor,
      reason: e.reason,
      idempotencyKey: e.idempotency_key,
      requestHash: e.request_hash,
      requestId: e.request_id,
      createdAt: new Date(e.created_at),
      holdId: e.hold_id,
      holdDelta: e.hold_delta === null ? null : BigInt(e.hold_delta),
      reverses: e.reverses,
      postings: lines.map((p) => ({ accountId: p.account_id, amount: BigInt(p.amount), balanceAfter: BigInt(p.balance_after) })),
    });
    const hash = entryHash(prev || '0'.repeat(64), e.lane, seq, BigInt(e.entry_no), canon, null);
    await t.sql('UPDATE journal_entries SET prev_hash = $2, hash = $3 WHERE id = $1', [e.id, prev || '0'.repeat(64), hash]);
    before = prev;
    prev = hash;
  }
  await t.sql('UPDATE ledger_heads SET last_hash = $3, prev_hash = $4 WHERE tenant_id = $1 AND lane = $2', [tenantId, lane, prev, before]);
}

/** Three funded customers, transfers between the first two, and a last transfer that is the last posting of both its accounts. */
async function busyLedger(f: LedgerFixture, prefix: string) {
  const [a, b, c] = await fundedAccounts(f.ledger, prefix, 3, 1_000_00n, ['basic']);
  for (let i = 0; i < 6; i++) {
    const [from, to] = i % 2 ? [b, a] : [a, b];
    await f.ledger.transfer(ctxOf(), {
      fromAccountNo: from.accountNo,
      toAccountNo: to.accountNo,
      amountFen: 1_00n + BigInt(i),
      reason: `转账${i}`,
      idempotencyKey: `${prefix}-${i}`,
    });
  }
  const last = await f.ledger.transfer(ctxOf(), {
    fromAccountNo: a.accountNo,
    toAccountNo: b.accountNo,
    amountFen: 7_00n,
    reason: '最后一笔',
    idempotencyKey: `${prefix}-last`,
  });
  return { a, b, c, last };
}

describe.each(BACKENDS)('ledger chain against a database writer (%s)', (backend) => {
  describe('a posting moved to another account, rehashed with plain sha256', () => {
    const s = ledgerSuite(backend, 4, [0, 1]);

    it('verify fails and names the moved entry', async () => {
      const { b, c, last } = await busyLedger(s.f, 'TMA');
      const dir = mkdtempSync(path.join(tmpdir(), 'boss-cp-'));
      expect(await writeCheckpoint(s.f.store, dir)).not.toBeNull();
      expect((await verifyLedger(s.f.store)).problems).toEqual([]);

      const [bRow] = await ACCOUNT_ID(s.t, b.accountNo);
      const [cRow] = await ACCOUNT_ID(s.t, c.accountNo);
      const [entry] = await s.t.sql<{ entry_no: string; lane: number; lane_seq: string }>(
        'SELECT entry_no::text, lane, lane_seq::text FROM journal_entries WHERE id = $1',
        [last.id],
      );
      await setTriggers(s.t, false);
      // The 7.00 credit of b now lands on c: the posting, both balances, then the chain and the head.
      await s.t.sql('UPDATE postings SET account_id = $3::bigint, balance_after = $4::bigint WHERE entry_id = $1 AND account_id = $2::bigint', [
        last.id,
        bRow.id,
        cRow.id,
        (BigInt(cRow.balance) + 7_00n).toString(),
      ]);
      await s.t.sql('UPDATE accounts SET balance = balance - 700 WHERE id = $1::bigint', [bRow.id]);
      await s.t.sql('UPDATE accounts SET balance = balance + 700 WHERE id = $1::bigint', [cRow.id]);
      await rechainWithSha256(s.t, '0', entry.lane, BigInt(entry.lane_seq));
      await setTriggers(s.t, true);

      const report = await verifyLedger(s.f.store);
      expect(report.ok).toBe(false);
      expect(report.problems[0]).toMatchObject({ entryNo: entry.entry_no, entryId: last.id });
      expect(report.problems[0].problem).toMatch(/hash does not match .* under the ledger key/);
      // Balances and postings were fixed: the keyed hash is the only thing that gives it away.
      expect(report.problems.every((p) => p.entryId === last.id)).toBe(true);

      // Claiming the rewritten entries were hashed before the chain was keyed does not help once a
      // checkpoint exists: the boundary is the signed checkpoint's, not the database's.
      await s.t.sql('UPDATE ledger_chain_keyed SET legacy_until = 1000000000');
      const { newest } = await readCheckpoints(dir);
      const withCheckpoint = await verifyLedger(s.f.store, { checkpoint: newest });
      expect(withCheckpoint.ok).toBe(false);
      expect(withCheckpoint.problems.find((p) => p.entryId === last.id)?.problem).toMatch(/hash does not match/);
      expect(withCheckpoint.problems.map((p) => p.problem).join('\n')).toMatch(/ledger_chain_keyed says entries up to 1000000000 are unkeyed/);
    }, 120_000);
  });

  describe("a lane's last entry removed, balances and head fixed", () => {
    const s = ledgerSuite(backend, 4, [0, 1]);

    it('the chain alone still verifies; the checkpoint written before names the loss', async () => {
      const { a, b, last } = await busyLedger(s.f, 'TMB');
      const dir = mkdtempSync(path.join(tmpdir(), 'boss-cp-'));
      const cp = await writeCheckpoint(s.f.store, dir);
      expect(cp?.heads.length).toBeGreaterThan(0);
      // Nothing moved: no second line.
      expect(await writeCheckpoint(s.f.store, dir)).toBeNull();
      expect((await verifyLedger(s.f.store, { checkpoint: (await readCheckpoints(dir)).newest })).problems).toEqual([]);

      const [entry] = await s.t.sql<{ lane: number; lane_seq: string; prev_hash: string }>(
        'SELECT lane, lane_seq::text, prev_hash FROM journal_entries WHERE id = $1',
        [last.id],
      );
      const [{ n: laterInLane }] = await s.t.sql<{ n: string }>(
        `SELECT count(*)::text AS n FROM journal_entries WHERE tenant_id = '0' AND lane = $1 AND lane_seq > $2::bigint`,
        [entry.lane, entry.lane_seq],
      );
      expect(laterInLane).toBe('0');
      const [before] = await s.t.sql<{ prev_hash: string }>(
        `SELECT prev_hash FROM journal_entries WHERE tenant_id = '0' AND lane = $1 AND lane_seq = $2::bigint - 1`,
        [entry.lane, entry.lane_seq],
      );
      await setTriggers(s.t, false);
      await s.t.sql('DELETE FROM postings WHERE entry_id = $1', [last.id]);
      await s.t.sql('DELETE FROM journal_entries WHERE id = $1', [last.id]);
      await s.t.sql('UPDATE accounts SET balance = balance + 700 WHERE account_no = $1', [a.accountNo]);
      await s.t.sql('UPDATE accounts SET balance = balance - 700 WHERE account_no = $1', [b.accountNo]);
      await s.t.sql(`UPDATE ledger_heads SET seq = seq - 1, last_hash = $2, prev_hash = $3 WHERE tenant_id = '0' AND lane = $1`, [
        entry.lane,
        entry.prev_hash,
        before?.prev_hash ?? '',
      ]);
      await setTriggers(s.t, true);

      expect((await verifyLedger(s.f.store)).problems).toEqual([]);
      const report = await verifyLedger(s.f.store, { checkpoint: (await readCheckpoints(dir)).newest });
      expect(report.ok).toBe(false);
      expect(report.problems.map((p) => p.problem).join('\n')).toMatch(
        new RegExp(`lane 0/${entry.lane}: the checkpoint of .* counts \\d+ entries, the chain has \\d+ \\(entries removed\\)`),
      );
    }, 120_000);

    it('a checkpoint line changed by hand or signed with another key is refused', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'boss-cp-'));
      await writeCheckpoint(s.f.store, dir);
      const file = path.join(dir, CHECKPOINT_FILE);
      const line = JSON.parse(readFileSync(file, 'utf8').trim());
      line.heads[0].seq = String(Number(line.heads[0].seq) - 1);
      writeFileSync(file, `${readFileSync(file, 'utf8')}${JSON.stringify(line)}\n`);
      await writeCheckpoint(s.f.store, dir, deriveLedgerKeys(Buffer.from('another ledger key of 32 characters!')));
      const read = await readCheckpoints(dir);
      expect(read.badLines).toEqual([2, 3]);
      expect(read.newest?.heads[0].seq).not.toBe(line.heads[0].seq);
    });
  });
});
