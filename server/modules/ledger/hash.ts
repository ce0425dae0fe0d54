// The audit hash chain. Each entry's hash covers its canonical form (every field and posting)
// and the hash of the entry before it in the same lane, keyed with the chain key (chainKey.ts):
//   hash = HMAC-SHA256_hex(chain key, prev_hash \n lane \n lane_seq \n entry_no \n canonical)
// postEntry computes it inside PostgreSQL (migration 0015, from the key's pads passed per call) in
// the statement that takes the lane's head, ledger:verify recomputes it here; both use
// canonicalEntry, so they cannot drift apart. Entries posted before migration 0015 were hashed
// with plain sha256 (key null here).
import { createHash, createHmac } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);
const CANON_VERSION = 'v1';

export interface CanonicalInput {
  id: string;
  tenantId: string;
  kind: string;
  actor: string;
  reason: string;
  idempotencyKey: string;
  requestHash: string;
  requestId: string;
  createdAt: Date;
  holdId: string | null;
  holdDelta: bigint | null;
  reverses: string | null;
  postings: { accountId: string; amount: bigint; balanceAfter: bigint }[];
}

export function canonicalEntry(e: CanonicalInput): string {
  return JSON.stringify([
    CANON_VERSION,
    e.id,
    e.tenantId,
    e.kind,
    e.actor,
    e.reason,
    e.idempotencyKey,
    e.requestHash,
    e.requestId,
    e.createdAt.toISOString(),
    e.holdId ?? '',
    e.holdDelta === null ? '' : e.holdDelta.toString(),
    e.reverses ?? '',
    e.postings.map((p) => [p.accountId, p.amount.toString(), p.balanceAfter.toString()]),
  ]);
}

/** The entry's chain hash under `chainKey`; null: the plain sha256 of entries posted before migration 0015. */
export function entryHash(prevHash: string, lane: number, laneSeq: bigint, entryNo: bigint, canonical: string, chainKey: Buffer | null): string {
  const h = chainKey ? createHmac('sha256', chainKey) : createHash('sha256');
  return h.update(`${prevHash}\n${lane}\n${laneSeq}\n${entryNo}\n${canonical}`, 'utf8').digest('hex');
}

/** Fingerprint of a request body for idempotency: same operation and fields → same hash. */
export function requestHash(operation: string, fields: Record<string, unknown>): string {
  const norm = Object.keys(fields)
    .sort()
    .map((k) => [k, typeof fields[k] === 'bigint' ? `${fields[k]}n` : (fields[k] ?? null)]);
  return createHash('sha256')
    .update(JSON.stringify([operation, norm]))
    .digest('hex');
}
