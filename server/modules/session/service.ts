// Sessions: random access and refresh tokens stored as SHA-256 digests. A refresh rotates the
// pair into a new row of the same family; presenting a refresh token that was already rotated
// means it leaked, so the whole family is revoked, with one exception: within
// REFRESH_REUSE_GRACE_MS of its rotation, while the family is still signed in, the token gets a
// fresh pair of its family. That is the client whose refresh answer never arrived (the page was
// reloaded or closed while the refresh was in flight), which holds only the rotated pair; without
// the grace it was signed out. An access token whose row was rotated is answered as expired, not
// invalid, so that client refreshes instead of giving up.
import { and, eq, isNull, ne } from 'drizzle-orm';
import { DECRYPTED_ACCESS_TOKEN_MS, TOKEN_LIFETIME_MS } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import { WIRE_MSG } from '../../../contract/api/wire';
import type { Db } from '../../db/client';
import { decryptedSessions, sessions } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { newId, newToken, sha256 } from '../../lib/tokens';
import { forgetAuth } from './authChanges';

export type SessionRow = typeof sessions.$inferSelect;
export interface TokenPair {
  token: string;
  refreshToken: string;
  sessionId: string;
}
/** When a new pair expires; the default is the spec's 7 days for both tokens. */
export interface TokenLifetimes {
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

export function defaultLifetimes(now = Date.now()): TokenLifetimes {
  return { accessExpiresAt: new Date(now + TOKEN_LIFETIME_MS), refreshExpiresAt: new Date(now + TOKEN_LIFETIME_MS) };
}

export async function createSession(
  db: Db,
  a: { userId: string; groupId: string | null; ip?: string; userAgent?: string; familyId?: string; lifetimes?: TokenLifetimes },
): Promise<TokenPair> {
  const token = newToken();
  const refreshToken = newToken();
  const id = newId();
  const life = a.lifetimes ?? defaultLifetimes();
  await db.insert(sessions).values({
    id,
    familyId: a.familyId ?? id,
    userId: a.userId,
    groupId: a.groupId,
    accessTokenHash: sha256(token),
    accessExpiresAt: life.accessExpiresAt,
    refreshTokenHash: sha256(refreshToken),
    refreshExpiresAt: life.refreshExpiresAt,
    ip: a.ip,
    userAgent: a.userAgent?.slice(0, 512),
  });
  return { token, refreshToken, sessionId: id };
}

/** The session row of an access token's digest, live or not. */
export async function sessionByAccessHash(db: Db, accessTokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.accessTokenHash, accessTokenHash)).limit(1);
  return row;
}

/** The row if its access token is live now, else the 401 that explains why it is not. */
export function liveSession(row: SessionRow | undefined): SessionRow {
  if (!row) throw new AppError(401, MSG.tokenInvalid);
  // A rotated row's token is superseded, not withdrawn: the client should refresh (its refresh
  // decides whether the family is still signed in). Logout and force logout leave rotatedAt empty.
  if (row.revokedAt) throw new AppError(401, row.rotatedAt ? MSG.accessTokenExpired : MSG.tokenInvalid);
  if (row.accessExpiresAt.getTime() <= Date.now()) throw new AppError(401, MSG.accessTokenExpired);
  return row;
}

/** The live session of an access token, or the 401 that explains why there is none. */
export async function sessionOfAccessToken(db: Db, token: string): Promise<SessionRow> {
  return liveSession(await sessionByAccessHash(db, sha256(token)));
}

/** How long a rotated refresh token may be presented again for a fresh pair of its family. */
export const REFRESH_REUSE_GRACE_MS = 30_000;

export async function rotateRefreshToken(db: Db, refreshToken: string, ip?: string, userAgent?: string): Promise<TokenPair & { userId: string }> {
  const hash = sha256(refreshToken);
  const byHash = async () => (await db.select().from(sessions).where(eq(sessions.refreshTokenHash, hash)).limit(1))[0];
  const row = await byHash();
  if (!row) throw new AppError(401, MSG.tokenInvalid);
  if (row.rotatedAt) return reissueInGrace(db, row, ip, userAgent);
  if (row.revokedAt) throw new AppError(401, MSG.refreshReused);
  if (row.refreshExpiresAt.getTime() <= Date.now()) throw new AppError(401, WIRE_MSG.refreshExpired);
  // Claim the row and write its successor in one transaction: a concurrent refresh of the same
  // token waits on the row lock, finds it rotated, and then sees the successor live (grace).
  const pair = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(sessions)
      .set({ rotatedAt: new Date(), revokedAt: new Date() })
      .where(and(eq(sessions.id, row.id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (claimed.length === 0) return null;
    return successor(tx, row, ip, userAgent);
  });
  forgetAuth(db, { users: [row.userId] });
  if (pair) return { ...pair, userId: row.userId };
  const now = await byHash();
  if (now?.rotatedAt) return reissueInGrace(db, now, ip, userAgent);
  throw new AppError(401, MSG.refreshReused);
}

/** A new pair of the row's family, with the family's lifetimes. */
async function successor(db: Db, row: SessionRow, ip?: string, userAgent?: string): Promise<TokenPair> {
  return createSession(db, {
    userId: row.userId,
    groupId: row.groupId,
    ip,
    userAgent,
    familyId: row.familyId,
    lifetimes: await rotatedLifetimes(db, row.familyId),
  });
}

/**
 * A rotated refresh token presented again: within the grace, and while the family still has a live
 * row (no logout, no force logout, no reuse seen), a fresh pair of the family; otherwise reuse, and
 * the family is revoked.
 */
async function reissueInGrace(db: Db, row: SessionRow, ip?: string, userAgent?: string): Promise<TokenPair & { userId: string }> {
  const inGrace = Date.now() - row.rotatedAt!.getTime() <= REFRESH_REUSE_GRACE_MS && row.refreshExpiresAt.getTime() > Date.now();
  if (inGrace) {
    const [live] = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.familyId, row.familyId), isNull(sessions.revokedAt)))
      .limit(1);
    if (live) return { ...(await successor(db, row, ip, userAgent)), userId: row.userId };
  }
  await revokeFamily(db, row.familyId);
  throw new AppError(401, MSG.refreshReused);
}

/**
 * Lifetimes of the pair a refresh hands out. A decrypted family (§4: after data decryption the
 * access token lives 1 hour and the refresh token 1 day) keeps those limits through every refresh:
 * access 1 hour, never past the end of the decryption, and the refresh token dies when the
 * decryption ends, so the full-text view cannot be stretched by refreshing.
 */
async function rotatedLifetimes(db: Db, familyId: string): Promise<TokenLifetimes> {
  const now = Date.now();
  const [d] = await db.select({ until: decryptedSessions.decryptedUntil }).from(decryptedSessions).where(eq(decryptedSessions.familyId, familyId)).limit(1);
  if (!d) return defaultLifetimes(now);
  const until = d.until.getTime();
  return { accessExpiresAt: new Date(Math.min(now + DECRYPTED_ACCESS_TOKEN_MS, until)), refreshExpiresAt: new Date(until) };
}

// Each change below drops the users' entries from this process's auth cache at once (when `db` is
// a transaction, the caller does so after commit); other processes hear of it from the database.
const whose = { userId: sessions.userId };
const forgetOwners = (db: Db, rows: { userId: string }[]) => forgetAuth(db, { users: rows.map((r) => r.userId) });

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  forgetOwners(
    db,
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning(whose),
  );
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  forgetOwners(
    db,
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)))
      .returning(whose),
  );
}

/** Revokes every session of the user, except (optionally) the family of the caller. */
export async function revokeUserSessions(db: Db, userId: string, exceptFamilyId?: string): Promise<void> {
  const cond = exceptFamilyId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.familyId, exceptFamilyId))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: new Date() }).where(cond);
  forgetAuth(db, { users: [userId] });
}

export async function setSessionGroup(db: Db, familyId: string, groupId: string): Promise<void> {
  forgetOwners(db, await db.update(sessions).set({ groupId }).where(eq(sessions.familyId, familyId)).returning(whose));
}
