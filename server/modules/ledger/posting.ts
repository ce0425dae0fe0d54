// postEntry: the one way a balance changes. Inside the caller's transaction it checks the
// idempotency key, locks the accounts in id order (then the hold, then a chain lane: always in
// that order, so two postings never deadlock), checks statuses and available balances, and writes
// the entry, its postings, the new balances and the hold in ONE statement that also extends the
// hash chain. See service.ts for the rules; hash.ts for the chain.
import { randomUUID } from 'node:crypto';
import { LEDGER_MSG } from '../../../contract/api/ledger';
import { AppError } from '../../http/envelope';
import { GENESIS_HASH, canonicalEntry } from './hash';
import type { SqlConn } from './store';

export type EntryKind = 'charge' | 'charge_suspense' | 'transfer' | 'freeze' | 'unfreeze' | 'withdraw' | 'withdraw_settle' | 'withdraw_reverse' | 'seed' | (string & {});

export interface PostLine {
  accountNo: string;
  amountFen: bigint;
  /** The account must be a customer account (else 404, as if absent) … */
  customerOnly?: boolean;
  /** … of this customer (a customer user acting on their own accounts). */
  ownerCusCode?: string | null;
}
/** open: a new hold freezes amountFen; release: unfreezes; capture: frozen funds leave with the postings. */
export type HoldOp = (
  | { op: 'open'; accountNo: string; amountFen: bigint }
  | { op: 'capture'; holdId: string; amountFen: bigint }
  /** Without amountFen: all that remains on the hold, read under its row lock. */
  | { op: 'release'; holdId: string; amountFen?: bigint }
) & {
  /** Holds sit on customer accounts only; with this, on this customer's (else 404). */
  ownerCusCode?: string | null;
};

export interface PostInput {
  tenantId: string;
  kind: EntryKind;
  /** User id, or 'system' / 'channel' for automatic entries. */
  actor: string;
  reason: string;
  idempotencyKey: string;
  /** Hash of the request body the key was sent with (see requestHash()). */
  requestHash: string;
  requestId?: string;
  lines: PostLine[];
  hold?: HoldOp;
  /** Id of the entry this one reverses. */
  reverses?: string;
  /** Let debits through on a disabled customer (reversals and platform corrections). */
  allowDisabledCustomer?: boolean;
}

export interface PostedEntry {
  id: string; entryNo: string; kind: string; createdAt: Date; holdId: string | null; replayed: boolean;
  /** Ids of the accounts the lines named, by account number (empty on a replay). */
  accountIds: Record<string, string>;
}

/** Lanes per tenant of the hash chain (LEDGER_CHAIN_LANES, 1 = one strictly serial chain). */
export const CHAIN_LANES = Math.min(64, Math.max(1, Number(process.env.LEDGER_CHAIN_LANES ?? 8) || 8));

interface LockedAccount { id: string; account_no: string; owner_kind: string; cus_code: string | null; status: string; balance: string; frozen: string; cus_status: string | null; idem_id: string | null; idem_hash: string | null }
interface HoldRow { id: string; account_id: string; remaining: string; status: string }

const fail = (status: number, message: string): never => {
  throw new AppError(status, message);
};

function validateShape(input: PostInput): void {
  const seen = new Set<string>();
  let sum = 0n;
  for (const l of input.lines) {
    if (typeof l.amountFen !== 'bigint' || l.amountFen === 0n) fail(400, LEDGER_MSG.amount);
    if (seen.has(l.accountNo)) throw new Error(`ledger: account ${l.accountNo} appears twice in one entry`);
    seen.add(l.accountNo);
    sum += l.amountFen;
  }
  if (sum !== 0n) throw new Error(`ledger: lines of ${input.kind} sum to ${sum}, not 0`);
  if (input.lines.length === 1) throw new Error('ledger: an entry needs at least two lines');
  const h = input.hold;
  if (!input.lines.length && (!h || h.op === 'capture')) throw new Error('ledger: an entry without lines must open or release a hold');
  if (h && h.amountFen !== undefined && h.amountFen <= 0n) fail(400, LEDGER_MSG.amount);
}

/** Inside a transaction: posts the entry, or returns the original one for a replayed key. */
export interface PostOptions {
  lanes?: number;
  /** The transaction exists for this posting alone: its last statement may carry the COMMIT. */
  standalone?: boolean;
}

/** The tenant has no chain lanes yet; nothing was written (see ensureLanes). */
export class LanesMissing extends Error {
  constructor(readonly tenantId: string) {
    super(`ledger: tenant ${tenantId} has no chain lanes yet`);
  }
}

export async function postEntry(c: SqlConn, input: PostInput, opts: PostOptions = {}): Promise<PostedEntry> {
  const lanes = opts.lanes ?? CHAIN_LANES;
  validateShape(input);
  const hold = input.hold;

  const nos = input.lines.map((l) => l.accountNo);
  if (hold?.op === 'open') nos.push(hold.accountNo);
  let holdAccountId: string | null = null;
  if (hold && hold.op !== 'open') {
    const [h] = await c.query<{ account_id: string }>('SELECT account_id::text FROM holds WHERE id = $1 AND tenant_id = $2', [hold.holdId, input.tenantId]);
    if (!h) fail(404, LEDGER_MSG.holdNotFound);
    holdAccountId = h.account_id;
  }

  const rows = await c.query<LockedAccount>(
    `WITH idem AS (SELECT id, request_hash FROM journal_entries WHERE tenant_id = $1 AND idempotency_key = $2)
     SELECT a.id::text, a.account_no, a.owner_kind, cu.cus_code, a.status, a.balance::text, a.frozen::text, cu.status AS cus_status,
            (SELECT id FROM idem) AS idem_id, (SELECT request_hash FROM idem) AS idem_hash
       FROM accounts a LEFT JOIN customers cu ON cu.id = a.customer_id
      WHERE a.tenant_id = $1 AND (a.account_no = ANY($3::text[]) OR a.id = $4::bigint)
      ORDER BY a.id FOR UPDATE OF a`,
    [input.tenantId, input.idempotencyKey, nos, holdAccountId],
  );
  const replay = rows[0]?.idem_id ? { id: rows[0].idem_id, hash: rows[0].idem_hash } : rows.length ? null : await findByKey(c, input.tenantId, input.idempotencyKey);
  if (replay) return replayed(c, input, replay.id, replay.hash);

  const byNo = new Map(rows.map((r) => [r.account_no, r]));
  if (nos.some((no) => !byNo.has(no))) fail(404, LEDGER_MSG.accountNotFound);
  for (const l of input.lines) {
    const r = byNo.get(l.accountNo)!;
    if ((l.customerOnly || l.ownerCusCode) && r.owner_kind !== 'customer') fail(404, LEDGER_MSG.accountNotFound);
    if (l.ownerCusCode && r.cus_code !== l.ownerCusCode) fail(404, LEDGER_MSG.accountNotFound);
  }
  const next = new Map(rows.map((r) => [r.id, { row: r, balance: BigInt(r.balance), frozen: BigInt(r.frozen) }]));

  if (hold) {
    const held = hold.op === 'open' ? byNo.get(hold.accountNo)! : rows.find((r) => r.id === holdAccountId);
    if (!held || held.owner_kind !== 'customer') fail(404, hold.op === 'open' ? LEDGER_MSG.accountNotFound : LEDGER_MSG.holdNotFound);
    if (hold.ownerCusCode && held!.cus_code !== hold.ownerCusCode) fail(404, hold.op === 'open' ? LEDGER_MSG.accountNotFound : LEDGER_MSG.holdNotFound);
  }
  let holdRow: HoldRow | null = null;
  let holdId: string | null = null;
  let holdDelta: bigint | null = null;
  if (hold?.op === 'open') {
    holdId = randomUUID();
    holdDelta = hold.amountFen;
    next.get(byNo.get(hold.accountNo)!.id)!.frozen += hold.amountFen;
  } else if (hold) {
    [holdRow] = await c.query<HoldRow>('SELECT id, account_id::text, remaining::text, status FROM holds WHERE id = $1 FOR UPDATE', [hold.holdId]);
    if (holdRow.status !== 'open') fail(409, LEDGER_MSG.holdResolved);
    const amount = hold.amountFen ?? BigInt(holdRow.remaining);
    if (amount > BigInt(holdRow.remaining)) fail(400, LEDGER_MSG.holdExceeded);
    holdId = holdRow.id;
    holdDelta = -amount;
    next.get(holdRow.account_id)!.frozen -= amount;
    if (hold.op === 'capture') {
      const own = input.lines.find((l) => byNo.get(l.accountNo)!.id === holdRow!.account_id);
      if (!own || own.amountFen !== -hold.amountFen) throw new Error('ledger: a capture must debit the held account by the captured amount');
    }
  }

  for (const l of input.lines) next.get(byNo.get(l.accountNo)!.id)!.balance += l.amountFen;
  const debited = new Set(input.lines.filter((l) => l.amountFen < 0n).map((l) => byNo.get(l.accountNo)!.id));
  if (hold?.op === 'open') debited.add(byNo.get(hold.accountNo)!.id);
  for (const [id, a] of next) {
    const r = a.row;
    if (r.status === 'closed') fail(409, LEDGER_MSG.accountClosed);
    if (!debited.has(id)) continue;
    if (r.status === 'frozen' && hold?.op !== 'release') fail(409, LEDGER_MSG.accountFrozen);
    if (r.cus_status === 'disabled' && !input.allowDisabledCustomer) fail(409, LEDGER_MSG.customerDisabled);
    if (r.owner_kind === 'customer' && a.balance - a.frozen < 0n) fail(409, LEDGER_MSG.insufficient);
  }

  const id = randomUUID();
  const createdAt = new Date();
  const postings = input.lines.map((l) => {
    const acc = next.get(byNo.get(l.accountNo)!.id)!;
    return { accountId: acc.row.id, amount: l.amountFen, balanceAfter: acc.balance };
  });
  const canon = canonicalEntry({
    id, tenantId: input.tenantId, kind: input.kind, actor: input.actor, reason: input.reason, idempotencyKey: input.idempotencyKey,
    requestHash: input.requestHash, requestId: input.requestId ?? '', createdAt, holdId, holdDelta, reverses: input.reverses ?? null, postings,
  });
  const changed = [...next.values()].filter((a) => a.balance !== BigInt(a.row.balance) || a.frozen !== BigInt(a.row.frozen));
  const params: unknown[] = [
    input.tenantId, Math.floor(Math.random() * lanes), lanes, canon, id, input.kind, input.actor, input.reason, input.idempotencyKey,
    input.requestHash, input.requestId ?? '', holdId, holdDelta?.toString() ?? null, input.reverses ?? null, createdAt.toISOString(),
    postings.map((p) => p.accountId), postings.map((p) => p.amount.toString()), postings.map((p) => p.balanceAfter.toString()),
    changed.map((a) => a.row.id), changed.map((a) => a.balance.toString()), changed.map((a) => a.frozen.toString()),
  ];
  let holdSql = '';
  if (hold?.op === 'open') {
    params.push(byNo.get(hold.accountNo)!.id, hold.amountFen.toString(), input.actor);
    holdSql = `, hd AS (INSERT INTO holds (id, tenant_id, account_id, amount, remaining, reason, created_by)
                 SELECT $12, $1, $22::bigint, $23::bigint, $23::bigint, $8, $24 FROM h)`;
  } else if (hold && holdRow) {
    const remaining = BigInt(holdRow.remaining) + holdDelta!;
    params.push(remaining.toString(), remaining > 0n ? 'open' : hold.op === 'capture' ? 'captured' : 'released');
    holdSql = `, hd AS (UPDATE holds SET remaining = $22::bigint, status = $23, resolved_at = CASE WHEN $23 = 'open' THEN NULL ELSE now() END
                 FROM h WHERE holds.id = $12)`;
  }
  // Standalone: the write travels with the COMMIT (one round trip); inside a caller's transaction: plain.
  const write = (text: string) => (opts.standalone && c.queryAndCommit ? c.queryAndCommit<{ entry_no: string }>(text, params) : c.query<{ entry_no: string }>(text, params));
  const written = await write(writeSql(holdSql));
  // No lanes: the tenant's first entry. Nothing was written; create them and post again.
  if (!written.length) throw new LanesMissing(input.tenantId);
  return { id, entryNo: written[0].entry_no, kind: input.kind, createdAt, holdId, replayed: false, accountIds: Object.fromEntries(rows.map((r) => [r.account_no, r.id])) };
}

// The lane: the first free one from a random start (SKIP LOCKED); when all are busy, the start
// lane, whose row lock the UPDATE below then waits for.
function writeSql(holdSql: string): string {
  return `WITH lane AS (SELECT $1::text AS tenant_id, COALESCE(
      (SELECT lane FROM ledger_heads WHERE tenant_id = $1 ORDER BY (lane + $2::int) % $3::int FOR UPDATE SKIP LOCKED LIMIT 1), $2::int) AS lane),
    no AS (SELECT nextval('journal_entry_no_seq') AS entry_no),
    h AS (UPDATE ledger_heads hd SET seq = hd.seq + 1, prev_hash = hd.last_hash,
            last_hash = encode(sha256(convert_to(hd.last_hash || E'\\n' || hd.lane::text || E'\\n' || (hd.seq + 1)::text || E'\\n' || no.entry_no::text || E'\\n' || $4, 'UTF8')), 'hex')
          FROM lane, no WHERE hd.tenant_id = lane.tenant_id AND hd.lane = lane.lane
          RETURNING hd.lane, hd.seq, hd.prev_hash, hd.last_hash, no.entry_no),
    e AS (INSERT INTO journal_entries (id, tenant_id, entry_no, lane, lane_seq, kind, actor, reason, idempotency_key, request_hash, request_id,
            hold_id, hold_delta, reverses, created_at, prev_hash, hash)
          SELECT $5, $1, h.entry_no, h.lane, h.seq, $6, $7, $8, $9, $10, $11, $12, $13::bigint, $14, $15::timestamptz, h.prev_hash, h.last_hash FROM h),
    p AS (INSERT INTO postings (entry_id, line_no, account_id, amount, balance_after)
          SELECT $5, x.n, x.acc, x.amt, x.bal FROM h, unnest($16::bigint[], $17::bigint[], $18::bigint[]) WITH ORDINALITY AS x(acc, amt, bal, n)),
    u AS (UPDATE accounts a SET balance = x.bal, frozen = x.frz
          FROM h, unnest($19::bigint[], $20::bigint[], $21::bigint[]) AS x(id, bal, frz) WHERE a.id = x.id)
    ${holdSql}
    SELECT h.entry_no::text FROM h`;
}

/** Creates the tenant's chain lanes (idempotent). */
export async function ensureLanes(c: SqlConn, tenantId: string, lanes: number): Promise<void> {
  await c.query(
    `INSERT INTO ledger_heads (tenant_id, lane, seq, last_hash) SELECT $1, g, 0, $2 FROM generate_series(0, $3::int - 1) g ON CONFLICT DO NOTHING`,
    [tenantId, GENESIS_HASH, lanes],
  );
}

async function findByKey(c: SqlConn, tenantId: string, key: string): Promise<{ id: string; hash: string } | null> {
  const [r] = await c.query<{ id: string; request_hash: string }>('SELECT id, request_hash FROM journal_entries WHERE tenant_id = $1 AND idempotency_key = $2', [tenantId, key]);
  return r ? { id: r.id, hash: r.request_hash } : null;
}

async function replayed(c: SqlConn, input: PostInput, id: string, hash: string | null): Promise<PostedEntry> {
  if (hash !== input.requestHash) fail(409, LEDGER_MSG.idempotencyConflict);
  const [e] = await c.query<{ entry_no: string; kind: string; created_at: Date; hold_id: string | null }>(
    'SELECT entry_no::text, kind, created_at, hold_id FROM journal_entries WHERE id = $1',
    [id],
  );
  return { id, entryNo: e.entry_no, kind: e.kind, createdAt: new Date(e.created_at), holdId: e.hold_id, replayed: true, accountIds: {} };
}

/** After a transaction failed on the idempotency key (a concurrent twin committed first): the original, or 409. */
export async function replayAfterRace(c: SqlConn, input: PostInput): Promise<PostedEntry> {
  const found = await findByKey(c, input.tenantId, input.idempotencyKey);
  if (!found) throw new Error('ledger: idempotency clash without an entry');
  return replayed(c, input, found.id, found.hash);
}

export function isIdempotencyClash(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === 'journal_entries_tenant_id_idempotency_key_key' || /idempotency_key/.test(e.message ?? ''));
}
