// Sessions: random access and refresh tokens stored as SHA-256 digests. A refresh rotates the
// pair into a new row of the same family; presenting a refresh token that was already rotated
// means it leaked, so the whole family is revoked.
import { and, eq, isNull, ne } from 'drizzle-orm';
import { TOKEN_LIFETIME_MS } from '../../../contract/constants';
import { MSG } from '../../../contract/messages';
import { WIRE_MSG } from '../../../contract/api/wire';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { newId, newToken, sha256 } from '../../lib/tokens';

export type SessionRow = typeof sessions.$inferSelect;
export interface TokenPair { token: string; refreshToken: string; sessionId: string }

export async function createSession(
  db: Db,
  a: { userId: string; groupId: string | null; ip?: string; userAgent?: string; familyId?: string },
): Promise<TokenPair> {
  const token = newToken();
  const refreshToken = newToken();
  const now = Date.now();
  const id = newId();
  await db.insert(sessions).values({
    id,
    familyId: a.familyId ?? id,
    userId: a.userId,
    groupId: a.groupId,
    accessTokenHash: sha256(token),
    accessExpiresAt: new Date(now + TOKEN_LIFETIME_MS),
    refreshTokenHash: sha256(refreshToken),
    refreshExpiresAt: new Date(now + TOKEN_LIFETIME_MS),
    ip: a.ip,
    userAgent: a.userAgent?.slice(0, 512),
  });
  return { token, refreshToken, sessionId: id };
}

/** The live session of an access token, or the 401 that explains why there is none. */
export async function sessionOfAccessToken(db: Db, token: string): Promise<SessionRow> {
  const [row] = await db.select().from(sessions).where(eq(sessions.accessTokenHash, sha256(token))).limit(1);
  if (!row || row.revokedAt) throw new AppError(401, MSG.tokenInvalid);
  if (row.accessExpiresAt.getTime() <= Date.now()) throw new AppError(401, MSG.accessTokenExpired);
  return row;
}

export async function rotateRefreshToken(db: Db, refreshToken: string, ip?: string, userAgent?: string): Promise<TokenPair & { userId: string }> {
  const [row] = await db.select().from(sessions).where(eq(sessions.refreshTokenHash, sha256(refreshToken))).limit(1);
  if (!row) throw new AppError(401, MSG.tokenInvalid);
  if (row.rotatedAt) {
    await revokeFamily(db, row.familyId);
    throw new AppError(401, MSG.refreshReused);
  }
  if (row.revokedAt) throw new AppError(401, MSG.refreshReused);
  if (row.refreshExpiresAt.getTime() <= Date.now()) throw new AppError(401, WIRE_MSG.refreshExpired);
  // Claim the row atomically so two concurrent refreshes cannot both succeed.
  const claimed = await db
    .update(sessions)
    .set({ rotatedAt: new Date(), revokedAt: new Date() })
    .where(and(eq(sessions.id, row.id), isNull(sessions.rotatedAt)))
    .returning({ id: sessions.id });
  if (claimed.length === 0) {
    await revokeFamily(db, row.familyId);
    throw new AppError(401, MSG.refreshReused);
  }
  const pair = await createSession(db, { userId: row.userId, groupId: row.groupId, ip, userAgent, familyId: row.familyId });
  return { ...pair, userId: row.userId };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/** Revokes every session of the user, except (optionally) the family of the caller. */
export async function revokeUserSessions(db: Db, userId: string, exceptFamilyId?: string): Promise<void> {
  const cond = exceptFamilyId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.familyId, exceptFamilyId))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: new Date() }).where(cond);
}

export async function setSessionGroup(db: Db, familyId: string, groupId: string): Promise<void> {
  await db.update(sessions).set({ groupId }).where(eq(sessions.familyId, familyId));
}
