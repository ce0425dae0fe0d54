// postEntry / postEntries: the one way a balance changes. The shape of each entry is checked here,
// then ledger_post() (migration 0010) does the rest in ONE statement: it locks the accounts in id
// order (then the holds, then a chain lane: always in that order, so postings never deadlock),
// checks idempotency keys, statuses and available balances, and writes the entries, their
// postings, the new balances and the holds while extending the hash chain. One statement is one
// round trip, and the row locks are held for no network wait. postEntries posts several entries of
// one tenant that way (batcher.ts groups concurrent standalone postings), each as if alone.
// See service.ts for the rules; hash.ts for the chain.
import { randomUUID } from 'node:crypto';
import { LEDGER_MSG } from '../../../contract/api/ledger';
import { AppError } from '../../http/envelope';
import { ledgerKeys } from './chainKey';
import type { SqlConn } from './store';

export type EntryKind =
  'charge' | 'charge_suspense' | 'transfer' | 'freeze' | 'unfreeze' | 'withdraw' | 'withdraw_settle' | 'withdraw_reverse' | 'seed' | (string & {});

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
  id: string;
  entryNo: string;
  kind: string;
  createdAt: Date;
  holdId: string | null;
  replayed: boolean;
  /** Ids of the accounts the lines named, by account number (empty on a replay). */
  accountIds: Record<string, string>;
}

/** Lanes per tenant of the hash chain (LEDGER_CHAIN_LANES, 1 = one strictly serial chain). */
export const CHAIN_LANES = Math.min(64, Math.max(1, Number(process.env.LEDGER_CHAIN_LANES ?? 8) || 8));

const fail = (status: number, message: string): never => {
  throw new AppError(status, message);
};

/** The entry's own shape (balanced, two lines or a hold, amounts > 0): a bad one is a bug or a 400. */
export function validateShape(input: PostInput): void {
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

/** What ledger_post() answers other than 'posted' and 'replayed': the refusal the caller sees. */
const REFUSALS: Record<string, [number, string]> = {
  account_not_found: [404, LEDGER_MSG.accountNotFound],
  hold_not_found: [404, LEDGER_MSG.holdNotFound],
  hold_resolved: [409, LEDGER_MSG.holdResolved],
  hold_exceeded: [400, LEDGER_MSG.holdExceeded],
  account_closed: [409, LEDGER_MSG.accountClosed],
  account_frozen: [409, LEDGER_MSG.accountFrozen],
  customer_disabled: [409, LEDGER_MSG.customerDisabled],
  insufficient: [409, LEDGER_MSG.insufficient],
  idempotency_conflict: [409, LEDGER_MSG.idempotencyConflict],
};

interface PostRow {
  o_outcome: string;
  o_entry_id: string | null;
  o_entry_no: string | null;
  o_kind: string | null;
  o_created_at: Date | null;
  o_hold_id: string | null;
  o_account_ids: string[] | null;
}

/**
 * Postings go in one statement: the plpgsql function of migration 0010 (one round trip), one answer row per posting;
 * since migration 0015 with the chain key's HMAC pads last (chainKey.ts), which the database never stores.
 */
const POST_SQL = `SELECT * FROM ledger_post($1, $2, $3, $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[],
  $12::text[], $13::boolean[], $14::text[], $15::text[], $16::bigint[], $17::text[], $18::integer[], $19::text[], $20::bigint[], $21::boolean[], $22::text[],
  $23::bytea, $24::bytea)`;

/**
 * Posts the entries of ONE tenant in order, each as if alone: each answers its entry, the original
 * for a replayed key, or its refusal (an AppError; a refused posting writes nothing and the ones
 * after it go on from the balances before it). All of them commit or roll back together, and an
 * error (not a refusal) rolls all of them back. `c` is a transaction (ledger.postIn) or the store
 * itself: one statement is atomic on its own, so it needs no BEGIN/COMMIT around it.
 */
export async function postEntries(c: SqlConn, inputs: PostInput[], lanes: number = CHAIN_LANES): Promise<(PostedEntry | AppError)[]> {
  const tenantId = inputs[0].tenantId;
  const keys = ledgerKeys();
  const ids: string[] = [];
  const createdAts: Date[] = [];
  const cols = {
    kind: [] as string[],
    actor: [] as string[],
    reason: [] as string[],
    key: [] as string[],
    hash: [] as string[],
    rid: [] as string[],
    at: [] as string[],
    rev: [] as (string | null)[],
    dis: [] as boolean[],
    hop: [] as (string | null)[],
    href: [] as (string | null)[],
    hamt: [] as (string | null)[],
    hown: [] as (string | null)[],
    count: [] as number[],
  };
  const lines = { no: [] as string[], amt: [] as string[], cust: [] as boolean[], own: [] as (string | null)[] };
  for (const input of inputs) {
    if (input.tenantId !== tenantId) throw new Error("ledger: one batch of postings is one tenant's");
    validateShape(input);
    const id = randomUUID();
    const at = new Date();
    const h = input.hold;
    ids.push(id);
    createdAts.push(at);
    cols.kind.push(input.kind);
    cols.actor.push(input.actor);
    cols.reason.push(input.reason);
    cols.key.push(input.idempotencyKey);
    cols.hash.push(input.requestHash);
    cols.rid.push(input.requestId ?? '');
    cols.at.push(at.toISOString());
    cols.rev.push(input.reverses ?? null);
    cols.dis.push(input.allowDisabledCustomer === true);
    cols.hop.push(h?.op ?? null);
    cols.href.push(h ? (h.op === 'open' ? h.accountNo : h.holdId) : null);
    cols.hamt.push(h?.amountFen?.toString() ?? null);
    cols.hown.push(h?.ownerCusCode || null);
    cols.count.push(input.lines.length);
    for (const l of input.lines) {
      lines.no.push(l.accountNo);
      lines.amt.push(l.amountFen.toString());
      lines.cust.push(l.customerOnly === true);
      lines.own.push(l.ownerCusCode || null);
    }
  }
  const rows = await c.query<PostRow>(POST_SQL, [
    tenantId,
    Math.floor(Math.random() * lanes),
    lanes,
    ids,
    cols.kind,
    cols.actor,
    cols.reason,
    cols.key,
    cols.hash,
    cols.rid,
    cols.at,
    cols.rev,
    cols.dis,
    cols.hop,
    cols.href,
    cols.hamt,
    cols.hown,
    cols.count,
    lines.no,
    lines.amt,
    lines.cust,
    lines.own,
    keys.chainIpad,
    keys.chainOpad,
  ]);
  if (rows.length !== inputs.length) throw new Error(`ledger: ledger_post answered ${rows.length} rows for ${inputs.length} postings`);
  return rows.map((r, i) => {
    if (r.o_outcome === 'replayed') {
      return {
        id: r.o_entry_id!,
        entryNo: r.o_entry_no!,
        kind: r.o_kind!,
        createdAt: new Date(r.o_created_at!),
        holdId: r.o_hold_id,
        replayed: true,
        accountIds: {},
      };
    }
    if (r.o_outcome !== 'posted') {
      const refusal = REFUSALS[r.o_outcome];
      if (!refusal) throw new Error(`ledger: ledger_post answered ${r.o_outcome}`);
      return new AppError(...refusal);
    }
    const accountIds: Record<string, string> = {};
    inputs[i].lines.forEach((l, j) => (accountIds[l.accountNo] = r.o_account_ids![j]));
    return { id: ids[i], entryNo: r.o_entry_no!, kind: inputs[i].kind, createdAt: createdAts[i], holdId: r.o_hold_id, replayed: false, accountIds };
  });
}

/** One posting (see postEntries): its entry, or the original for a replayed key; a refusal throws its AppError. */
export async function postEntry(c: SqlConn, input: PostInput, lanes: number = CHAIN_LANES): Promise<PostedEntry> {
  const [r] = await postEntries(c, [input], lanes);
  if (r instanceof AppError) throw r;
  return r;
}

/** After a transaction failed on the idempotency key (a concurrent twin committed first): the original, or 409. */
export async function replayAfterRace(c: SqlConn, input: PostInput): Promise<PostedEntry> {
  const [e] = await c.query<{ id: string; request_hash: string; entry_no: string; kind: string; created_at: Date; hold_id: string | null }>(
    'SELECT id, request_hash, entry_no::text, kind, created_at, hold_id FROM journal_entries WHERE tenant_id = $1 AND idempotency_key = $2',
    [input.tenantId, input.idempotencyKey],
  );
  if (!e) throw new Error('ledger: idempotency clash without an entry');
  if (e.request_hash !== input.requestHash) fail(409, LEDGER_MSG.idempotencyConflict);
  return { id: e.id, entryNo: e.entry_no, kind: e.kind, createdAt: new Date(e.created_at), holdId: e.hold_id, replayed: true, accountIds: {} };
}

export function isIdempotencyClash(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === 'journal_entries_tenant_id_idempotency_key_key' || /idempotency_key/.test(e.message ?? ''));
}
