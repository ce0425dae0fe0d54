// Passkeys (issue 20 §1): WebAuthn credentials of approvers, through @simplewebauthn/server.
//
// RULES
// - Registering needs the user's payment password once (checked with its lock rule) and user
//   verification by a platform authenticator; the credential is kept for the relying party it was
//   made on (rp_id = the product's own host, relyingParty.ts).
// - Every challenge is made and kept by the server (passkey_challenges), answered at most once
//   (taken by DELETE … RETURNING, so two answers race for one row) and within PASSKEY_CHALLENGE_MS.
// - An approval challenge is SHA-256 over the approver, the exact orders (ids, versions, amounts,
//   payees, in the order shown) and a random nonce. The approve call must name the same orders at
//   the same versions; the assertion is checked against that challenge, so it approves nothing else.
//   Amount and payee of a version never change (an edit bumps the version), and the decision's
//   UPDATE repeats the version, so an order edited after the challenge is refused ('订单已被修改').
// - A removed or revoked passkey, or one of another user, approves nothing. A signature counter that
//   fails to grow (a cloned authenticator) is refused.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  PASSKEY_CHALLENGE_MS,
  PASSKEY_MAX_PER_USER,
  PASSKEY_MSG,
  type ApproveChallenge,
  type BoundOrder,
  type PasskeyView,
} from '../../../contract/api/passkey';
import { PAY_MSG, maskCard } from '../../../contract/api/pay';
import { formatYuanGrouped } from '../../../contract/money';
import { SYSTEM_NAME } from '../../../contract/constants';
import { AppError } from '../../http/envelope';
import type { SqlConn } from '../ledger/store';
import type { DataScope } from '../rbac/dataScope';
import { orderById, type OrderRow } from '../pay/store';
import type { RelyingParty } from './relyingParty';

interface PasskeyRow {
  id: string;
  user_id: string;
  name: string;
  public_key: Uint8Array;
  counter: string;
  transports: string[];
  rp_id: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}
interface ChallengeRow {
  id: string;
  challenge: string;
  binding: { orders: BoundOrder[] } | null;
  rp_id: string;
  origin: string;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
const view = (r: PasskeyRow): PasskeyView => ({
  id: r.id,
  name: r.name,
  createdAt: iso(r.created_at)!,
  lastUsedAt: iso(r.last_used_at),
  revokedAt: iso(r.revoked_at),
});

async function newChallenge(
  c: SqlConn,
  v: { userId: string; tenantId: string; purpose: 'register' | 'approve'; challenge: string; binding?: unknown; rp: RelyingParty },
): Promise<{ id: string; expiresAt: Date }> {
  // Old ones of this user go: expired, or beyond the last few unanswered.
  await c.query(
    `DELETE FROM passkey_challenges WHERE expires_at < now() OR id IN
       (SELECT id FROM passkey_challenges WHERE user_id = $1 ORDER BY expires_at DESC OFFSET 9)`,
    [v.userId],
  );
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + PASSKEY_CHALLENGE_MS);
  await c.query(
    `INSERT INTO passkey_challenges (id, user_id, tenant_id, purpose, challenge, binding, rp_id, origin, expires_at) VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9)`,
    [id, v.userId, v.tenantId, v.purpose, v.challenge, v.binding ? JSON.stringify(v.binding) : null, v.rp.rpID, v.rp.origin, expiresAt],
  );
  return { id, expiresAt };
}

/** Takes (deletes) the user's unexpired challenge of this purpose: a second answer finds nothing. */
async function takeChallenge(c: SqlConn, id: string, userId: string, tenantId: string, purpose: 'register' | 'approve'): Promise<ChallengeRow> {
  const [row] = await c.query<ChallengeRow>(
    `DELETE FROM passkey_challenges WHERE id = $1 AND user_id = $2 AND tenant_id = $3 AND purpose = $4 AND expires_at > now()
     RETURNING id, challenge, binding, rp_id, origin`,
    [id, userId, tenantId, purpose],
  );
  if (!row) throw new AppError(400, PASSKEY_MSG.challengeGone);
  return row;
}

async function activeOf(c: SqlConn, userId: string, rpID: string): Promise<PasskeyRow[]> {
  return c.query<PasskeyRow>(`SELECT * FROM passkeys WHERE user_id = $1 AND rp_id = $2 AND revoked_at IS NULL ORDER BY created_at`, [userId, rpID]);
}

// ---- registration, list, remove, revoke ----

export async function registrationOptions(c: SqlConn, user: { id: string; username: string; realname: string }, tenantId: string, rp: RelyingParty) {
  const mine = await activeOf(c, user.id, rp.rpID);
  if (mine.length >= PASSKEY_MAX_PER_USER) throw new AppError(400, PASSKEY_MSG.tooMany);
  const options = await generateRegistrationOptions({
    rpName: SYSTEM_NAME,
    rpID: rp.rpID,
    userName: user.username,
    userDisplayName: user.realname,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: mine.map((k) => ({ id: k.id, transports: k.transports })),
    authenticatorSelection: { authenticatorAttachment: 'platform', residentKey: 'preferred', userVerification: 'required' },
    timeout: PASSKEY_CHALLENGE_MS,
  });
  const { id } = await newChallenge(c, { userId: user.id, tenantId, purpose: 'register', challenge: options.challenge, rp });
  return { challengeId: id, options };
}

export async function register(
  c: SqlConn,
  userId: string,
  tenantId: string,
  v: { challengeId: string; response: RegistrationResponseJSON; name: string },
): Promise<PasskeyView> {
  const ch = await takeChallenge(c, v.challengeId, userId, tenantId, 'register');
  const verified = await verifyRegistrationResponse({
    response: v.response,
    expectedChallenge: ch.challenge,
    expectedOrigin: ch.origin,
    expectedRPID: ch.rp_id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) throw new AppError(400, PASSKEY_MSG.failed);
  const cred = verified.registrationInfo.credential;
  const name = v.name || `通行密钥 ${new Date().toISOString().slice(0, 10)}`;
  const [row] = await c.query<PasskeyRow>(
    `INSERT INTO passkeys (id, user_id, name, public_key, counter, transports, rp_id) VALUES ($1, $2, $3, $4, $5, $6::text[], $7)
     ON CONFLICT (id) DO NOTHING RETURNING *`,
    [cred.id, userId, name, Buffer.from(cred.publicKey), cred.counter, cred.transports ?? [], ch.rp_id],
  );
  if (!row) throw new AppError(409, PASSKEY_MSG.failed);
  return view(row);
}

export async function listOwn(c: SqlConn, userId: string): Promise<PasskeyView[]> {
  return (await c.query<PasskeyRow>('SELECT * FROM passkeys WHERE user_id = $1 ORDER BY created_at', [userId])).map(view);
}

export async function removeOwn(c: SqlConn, userId: string, id: string): Promise<void> {
  const gone = await c.query('DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId]);
  if (!gone.length) throw new AppError(404, PASSKEY_MSG.notFound);
}

/** The administrator's revocation (the caller checked they may manage the owner). */
export async function revoke(c: SqlConn, id: string, by: string): Promise<void> {
  const done = await c.query('UPDATE passkeys SET revoked_at = now(), revoked_by = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id', [id, by]);
  if (!done.length) throw new AppError(404, PASSKEY_MSG.notFound);
}

export async function ownerOf(c: SqlConn, id: string): Promise<string> {
  const [row] = await c.query<{ user_id: string }>('SELECT user_id FROM passkeys WHERE id = $1', [id]);
  if (!row) throw new AppError(404, PASSKEY_MSG.notFound);
  return row.user_id;
}

// ---- approval bound to the orders ----

/** What the approver is shown of an order, and what the challenge commits to. */
export function boundOrder(o: OrderRow): BoundOrder {
  const account = o.payee_acct_no ?? maskCard(o.bank_card_no);
  const payee = o.kind === 'batch' ? `批量付款${o.row_count}笔` : [o.payee_name ?? o.to_cus_code ?? '', account ?? ''].filter(Boolean).join(' ');
  return { orderId: o.id, orderNo: o.order_no, version: o.version, amount: formatYuanGrouped(BigInt(o.amount)), payee: payee || o.from_acct_no || '' };
}

/** The challenge: SHA-256 over the approver, the orders as bound, and the nonce. */
export function approvalChallenge(approverId: string, orders: BoundOrder[], nonce: string): string {
  const canonical = JSON.stringify({ v: 1, approverId, nonce, orders: orders.map((o) => [o.orderId, o.orderNo, o.version, o.amount, o.payee]) });
  return createHash('sha256').update(canonical).digest('base64url');
}

export interface Approver {
  tenantId: string;
  userId: string;
  name: string;
  scope: DataScope | null;
}

/**
 * The challenge of approving `orderIds` at `versions`: each must be a pending order of the tenant
 * (inside the approver's data rules), not the approver's own, at the version they saw.
 */
export async function approveChallenge(c: SqlConn, who: Approver, orderIds: string[], versions: number[], rp: RelyingParty): Promise<ApproveChallenge> {
  if (new Set(orderIds).size !== orderIds.length) throw new AppError(400, '订单重复');
  const orders: BoundOrder[] = [];
  let total = 0n;
  for (const [i, id] of orderIds.entries()) {
    const o = await orderById(c, who.tenantId, id, false, who.scope);
    if (!o) throw new AppError(404, PAY_MSG.orderNotFound);
    if (o.maker_id === who.userId) throw new AppError(403, PAY_MSG.selfApprove);
    if (o.status !== 'pending') throw new AppError(409, o.status === 'draft' ? PAY_MSG.notPending : PAY_MSG.raced);
    if (o.version !== versions[i]) throw new AppError(409, PAY_MSG.staleVersion);
    orders.push(boundOrder(o));
    total += BigInt(o.amount);
  }
  const keys = await activeOf(c, who.userId, rp.rpID);
  if (!keys.length) throw new AppError(403, PASSKEY_MSG.unusable);
  const nonce = randomBytes(32).toString('base64url');
  const challenge = approvalChallenge(who.userId, orders, nonce);
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    challenge: Buffer.from(challenge, 'base64url'),
    allowCredentials: keys.map((k) => ({ id: k.id, transports: k.transports })),
    userVerification: 'required',
    timeout: PASSKEY_CHALLENGE_MS,
  });
  const made = await newChallenge(c, {
    userId: who.userId,
    tenantId: who.tenantId,
    purpose: 'approve',
    challenge: options.challenge,
    binding: { approverId: who.userId, nonce, orders },
    rp,
  });
  return {
    challengeId: made.id,
    options: options as unknown as Record<string, unknown>,
    orders,
    total: formatYuanGrouped(total),
    approver: who.name,
    expiresAt: made.expiresAt.toISOString(),
  };
}

/**
 * Checks a passkey approval of `orderIds` at `versions` and answers the passkey's id (for the audit
 * trail). Throws 400 for a used, expired or unknown challenge or another set of orders, 403 for an
 * unusable passkey or a failed signature.
 */
export async function verifyApproval(
  c: SqlConn,
  who: Pick<Approver, 'tenantId' | 'userId'>,
  v: { orderIds: string[]; versions: number[]; challengeId: string; response: AuthenticationResponseJSON },
): Promise<string> {
  const ch = await takeChallenge(c, v.challengeId, who.userId, who.tenantId, 'approve');
  const bound = ch.binding?.orders ?? [];
  const same = bound.length === v.orderIds.length && bound.every((o, i) => o.orderId === v.orderIds[i] && o.version === v.versions[i]);
  if (!same) throw new AppError(400, PASSKEY_MSG.mismatch);
  const [key] = await c.query<PasskeyRow>(`SELECT * FROM passkeys WHERE id = $1 AND user_id = $2 AND rp_id = $3 AND revoked_at IS NULL`, [
    v.response.id,
    who.userId,
    ch.rp_id,
  ]);
  if (!key) throw new AppError(403, PASSKEY_MSG.unusable);
  const checked = await verifyAuthenticationResponse({
    response: v.response,
    expectedChallenge: ch.challenge,
    expectedOrigin: ch.origin,
    expectedRPID: ch.rp_id,
    credential: { id: key.id, publicKey: new Uint8Array(key.public_key), counter: Number(key.counter), transports: key.transports as never },
    requireUserVerification: true,
  }).catch(() => null);
  if (!checked?.verified) throw new AppError(403, PASSKEY_MSG.failed);
  const next = checked.authenticationInfo.newCounter;
  // Counter 0 means the authenticator keeps none; otherwise it must grow (compare-and-set).
  const stored = await c.query(
    `UPDATE passkeys SET counter = $2, last_used_at = now() WHERE id = $1 AND revoked_at IS NULL AND ($2 = 0 OR counter < $2) RETURNING id`,
    [key.id, next],
  );
  if (!stored.length) throw new AppError(403, PASSKEY_MSG.failed);
  return key.id;
}
