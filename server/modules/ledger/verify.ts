// The auditor: recomputes the hash chain of every lane of every tenant from the stored rows and
// checks every ledger invariant. Used by `npm run ledger:verify` and by the tests after each run.
// It reads only; a failure names the first bad entry (lowest entry number) and why. Hashes are
// keyed (chainKey.ts), so a rewrite recomputed with plain sha256 fails here; given the newest
// signed checkpoint (checkpoint.ts), each lane must also still reach the head it had then.
import { ledgerKeys, type LedgerKeys } from './chainKey';
import { legacyUntil, type Checkpoint } from './checkpoint';
import { GENESIS_HASH, canonicalEntry, entryHash } from './hash';
import type { SqlConn } from './store';

export interface VerifyReport {
  ok: boolean;
  tenants: number;
  lanes: number;
  entries: number;
  postings: number;
  accounts: number;
  holds: number;
  /** Every failure found, first (lowest entry number, then others) first. */
  problems: { entryNo: string | null; entryId: string | null; problem: string }[];
}

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
interface PostingRow {
  entry_id: string;
  account_id: string;
  amount: string;
  balance_after: string;
}

const BATCH = 5000;

export interface VerifyOptions {
  /** The newest signed checkpoint (readCheckpoints); null or absent checks the chains on their own. */
  checkpoint?: Checkpoint | null;
  keys?: LedgerKeys;
}

export async function verifyLedger(c: SqlConn, opts: VerifyOptions = {}): Promise<VerifyReport> {
  const problems: VerifyReport['problems'] = [];
  const bad = (e: { entry_no: string; id: string } | null, problem: string) => problems.push({ entryNo: e?.entry_no ?? null, entryId: e?.id ?? null, problem });
  const keys = opts.keys ?? ledgerKeys();
  const checkpoint = opts.checkpoint ?? null;
  const legacy = await legacyUntil(c, checkpoint);
  if (checkpoint) {
    const [row] = await c.query<{ n: string }>('SELECT legacy_until::text AS n FROM ledger_chain_keyed');
    if (row && BigInt(row.n) !== legacy)
      bad(null, `ledger_chain_keyed says entries up to ${row.n} are unkeyed, the checkpoint of ${checkpoint.at} says ${legacy}`);
  }
  const marks = new Map((checkpoint?.heads ?? []).map((h) => [`${h.tenantId}/${h.lane}`, h]));
  const heads = await c.query<{ tenant_id: string; lane: number; seq: string; last_hash: string }>(
    'SELECT tenant_id, lane, seq::text, last_hash FROM ledger_heads ORDER BY tenant_id, lane',
  );
  let entries = 0;
  let postings = 0;

  for (const head of heads) {
    const mark = marks.get(`${head.tenant_id}/${head.lane}`);
    marks.delete(`${head.tenant_id}/${head.lane}`);
    let prev = GENESIS_HASH;
    let expectSeq = 1n;
    for (let after = 0n; ;) {
      const rows = await c.query<EntryRow>(
        `SELECT id, tenant_id, entry_no::text, lane, lane_seq::text, kind, actor, reason, idempotency_key, request_hash, request_id, hold_id,
                hold_delta::text, reverses, created_at, prev_hash, hash
           FROM journal_entries WHERE tenant_id = $1 AND lane = $2 AND lane_seq > $3::bigint ORDER BY journal_entries.lane_seq LIMIT ${BATCH}`,
        [head.tenant_id, head.lane, after.toString()],
      );
      if (!rows.length) break;
      const lines = await c.query<PostingRow>(
        'SELECT entry_id, account_id::text, amount::text, balance_after::text FROM postings WHERE entry_id = ANY($1::text[]) ORDER BY entry_id, line_no',
        [rows.map((r) => r.id)],
      );
      const byEntry = new Map<string, PostingRow[]>();
      for (const l of lines) byEntry.set(l.entry_id, [...(byEntry.get(l.entry_id) ?? []), l]);
      for (const e of rows) {
        entries++;
        const ps = byEntry.get(e.id) ?? [];
        postings += ps.length;
        const seq = BigInt(e.lane_seq);
        if (seq !== expectSeq) bad(e, `lane ${e.tenant_id}/${e.lane}: expected sequence ${expectSeq}, found ${seq} (an entry is missing)`);
        if (e.prev_hash !== prev) bad(e, `prev_hash does not match the hash of the entry before it`);
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
          postings: ps.map((p) => ({ accountId: p.account_id, amount: BigInt(p.amount), balanceAfter: BigInt(p.balance_after) })),
        });
        const entryNo = BigInt(e.entry_no);
        if (entryHash(e.prev_hash, e.lane, seq, entryNo, canon, entryNo <= legacy ? null : keys.chain) !== e.hash)
          bad(e, 'hash does not match the entry and its postings under the ledger key (changed after posting)');
        if (mark && seq === BigInt(mark.seq) && e.hash !== mark.hash)
          bad(
            e,
            `lane ${e.tenant_id}/${e.lane}: the checkpoint of ${checkpoint!.at} has hash ${mark.hash.slice(0, 12)}… at sequence ${mark.seq}, the chain has ${e.hash.slice(0, 12)}…`,
          );
        const sum = ps.reduce((s, p) => s + BigInt(p.amount), 0n);
        if (sum !== 0n) bad(e, `postings sum to ${sum}, not 0`);
        if (ps.length === 1 || (ps.length === 0 && (e.hold_id === null || e.hold_delta === null)))
          bad(e, `an entry needs two or more postings or a hold change (has ${ps.length})`);
        prev = e.hash;
        expectSeq = seq + 1n;
      }
      after = BigInt(rows[rows.length - 1].lane_seq);
    }
    if (mark && BigInt(mark.seq) > expectSeq - 1n)
      bad(
        null,
        `lane ${head.tenant_id}/${head.lane}: the checkpoint of ${checkpoint!.at} counts ${mark.seq} entries, the chain has ${expectSeq - 1n} (entries removed)`,
      );
    if (BigInt(head.seq) !== expectSeq - 1n || head.last_hash !== prev) {
      bad(
        null,
        `lane ${head.tenant_id}/${head.lane}: head says ${head.seq} entries ending ${head.last_hash.slice(0, 12)}…, chain has ${expectSeq - 1n} ending ${prev.slice(0, 12)}… (entries removed or added)`,
      );
    }
  }

  for (const m of marks.values())
    bad(null, `lane ${m.tenantId}/${m.lane}: in the checkpoint of ${checkpoint!.at} with ${m.seq} entries, gone from the database`);

  const [{ n: allEntries }] = await c.query<{ n: string }>('SELECT count(*)::text AS n FROM journal_entries');
  if (BigInt(allEntries) !== BigInt(entries)) bad(null, `${allEntries} entries stored but ${entries} on the chains`);
  const [{ s: total }] = await c.query<{ s: string }>('SELECT COALESCE(sum(amount), 0)::text AS s FROM postings');
  if (total !== '0') bad(null, `the sum of all postings is ${total}, not 0`);

  // Balances: stored = sum of postings; every balance_after = running sum in posting order.
  const balanceBad = await c.query<{ account_no: string; entry_no: string; id: string; problem: string }>(
    `WITH run AS (
       SELECT p.account_id, p.entry_id, p.balance_after, sum(p.amount) OVER (PARTITION BY p.account_id ORDER BY p.id) AS running FROM postings p)
     SELECT a.account_no, e.entry_no::text, e.id, 'balance_after ' || r.balance_after || ' but running sum ' || r.running AS problem
       FROM run r JOIN accounts a ON a.id = r.account_id JOIN journal_entries e ON e.id = r.entry_id WHERE r.balance_after <> r.running
     ORDER BY e.entry_no LIMIT 20`,
  );
  for (const b of balanceBad) bad(b, `account ${b.account_no}: ${b.problem}`);
  const accountsBad = await c.query<{ account_no: string; problem: string }>(
    `SELECT a.account_no, CASE
        WHEN a.balance <> COALESCE(p.s, 0) THEN 'balance ' || a.balance || ' but postings sum to ' || COALESCE(p.s, 0)
        WHEN a.frozen <> COALESCE(h.s, 0) THEN 'frozen ' || a.frozen || ' but open holds hold ' || COALESCE(h.s, 0)
        ELSE 'available ' || (a.balance - a.frozen) || ' is negative' END AS problem
       FROM accounts a
       LEFT JOIN (SELECT account_id, sum(amount) AS s FROM postings GROUP BY account_id) p ON p.account_id = a.id
       LEFT JOIN (SELECT account_id, sum(remaining) AS s FROM holds WHERE status = 'open' GROUP BY account_id) h ON h.account_id = a.id
      WHERE a.balance <> COALESCE(p.s, 0) OR a.frozen <> COALESCE(h.s, 0) OR a.frozen < 0 OR (a.owner_kind = 'customer' AND a.balance - a.frozen < 0)
      LIMIT 20`,
  );
  for (const a of accountsBad) bad(null, `account ${a.account_no}: ${a.problem}`);
  const holdsBad = await c.query<{ id: string; problem: string }>(
    `SELECT h.id, 'hold remaining ' || h.remaining || ' but its entries add up to ' || COALESCE(e.s, 0) AS problem
       FROM holds h LEFT JOIN (SELECT hold_id, sum(hold_delta) AS s FROM journal_entries WHERE hold_id IS NOT NULL GROUP BY hold_id) e ON e.hold_id = h.id
      WHERE h.remaining <> COALESCE(e.s, 0) LIMIT 20`,
  );
  for (const h of holdsBad) bad(null, `hold ${h.id}: ${h.problem}`);

  const [{ a: accounts, h: holds }] = await c.query<{ a: string; h: string }>(
    'SELECT (SELECT count(*) FROM accounts)::text AS a, (SELECT count(*) FROM holds)::text AS h',
  );
  problems.sort((x, y) => (x.entryNo === null ? 1 : y.entryNo === null ? -1 : Number(BigInt(x.entryNo) - BigInt(y.entryNo))));
  return {
    ok: problems.length === 0,
    tenants: new Set(heads.map((h) => h.tenant_id)).size,
    lanes: heads.length,
    entries,
    postings,
    accounts: Number(accounts),
    holds: Number(holds),
    problems,
  };
}
