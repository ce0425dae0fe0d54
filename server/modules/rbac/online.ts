// Online users (/sys/online/list): live sessions (not revoked, not rotated, not expired) of the
// tenant's users; force logout (/sys/online/forceLogout) revokes a session's whole token family
// at once, so its next call answers 401. Also the request-activity hook that keeps last-seen.
import { and, count, eq, exists, gt, isNull, or, sql, type AnyColumn } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RBAC, RBAC_CODE, RBAC_MSG, forceLogoutBody, type OnlineRecord } from '../../../contract/api/rbac';
import type { ResourceFields } from '../../../contract/listQuery';
import type { ModuleOptions } from '../../context';
import type { Db } from '../../db/client';
import { groups, sessions, userGroups, users } from '../../db/schema';
import { AppError, sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { orderOf, whereOf, type ListResource } from '../../lib/listSql';
import { sha256 } from '../../lib/tokens';
import { forgetAuth } from '../session/authChanges';
import { revokeFamily } from '../session/service';
import { fmtTime, listQueryOf, notFound, pageOf } from './common';
import { markRequestStart, recordOperation } from './logs';

/** How often a session's last-seen time is written at most. */
const LAST_SEEN_EVERY_MS = 60_000;

/**
 * Hooks on every API request: the start time (cost of operation-log rows) and, after a signed-in
 * request, the session's last-seen time (one UPDATE per session per minute at most).
 */
export const activityHooks = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  app.addHook('onRequest', async (req) => markRequestStart(req));
  app.addHook('onResponse', async (req) => {
    const s = req.auth?.session;
    if (!s || (s.lastSeenAt && Date.now() - s.lastSeenAt.getTime() < LAST_SEEN_EVERY_MS)) return;
    const since = new Date(Date.now() - LAST_SEEN_EVERY_MS);
    const now = new Date();
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, s.id), or(isNull(sessions.lastSeenAt), sql`${sessions.lastSeenAt} < ${since}`)))
      // The row may be the auth cache's: its next requests then skip this until a minute has passed.
      .then(() => (s.lastSeenAt = now))
      .catch((err: unknown) => req.log.warn({ err }, 'last-seen update failed'));
  });
});

const loginTime = sql`(SELECT min(f.created_at) FROM sessions f WHERE f.family_id = ${sessions.familyId})`;
const lastSeen = sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`;
const FIELDS: ResourceFields = {
  fields: { username: 'string', realname: 'string', ip: 'string', loginTime: 'datetime', lastSeen: 'datetime' },
  defaultSort: { field: 'lastSeen', dir: 'desc' },
};
const RESOURCE: ListResource = {
  fields: FIELDS.fields,
  columns: {
    id: sessions.id,
    username: users.username,
    realname: users.realname,
    ip: sessions.ip,
    loginTime: loginTime as unknown as AnyColumn,
    lastSeen: lastSeen as unknown as AnyColumn,
  },
};

/** Live sessions of users who belong to the tenant. */
function liveInTenant(db: Db, tenantId: string) {
  const member = db
    .select({ one: sql`1` })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(and(eq(userGroups.userId, sessions.userId), eq(groups.tenantId, tenantId)));
  // A family holds two live rows when a refresh was made again within the grace (its first answer
  // lost, server/modules/session/service.ts): it is one session, shown by its newest row.
  const newer = sql`SELECT 1 FROM sessions n WHERE n.family_id = ${sessions.familyId} AND n.revoked_at IS NULL AND (n.created_at, n.id) > (${sessions.createdAt}, ${sessions.id})`;
  return and(isNull(sessions.revokedAt), isNull(sessions.rotatedAt), gt(sessions.accessExpiresAt, new Date()), exists(member), sql`NOT EXISTS (${newer})`);
}

export const onlineRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const db = deps.db;
  const tags = ['rbac'];

  app.get(RBAC.onlineList, { schema: { tags }, config: { permission: RBAC_CODE.onlineList } }, async (req) => {
    const { tenantId, session } = authOf(req);
    const q = listQueryOf(req.query, FIELDS);
    const where = whereOf(q, RESOURCE, [liveInTenant(db, tenantId)]);
    const base = () =>
      db
        .select({ s: sessions, username: users.username, realname: users.realname, loginTime: sql<Date>`${loginTime}` })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId));
    return sysOk(
      await pageOf<OnlineRecord>(
        q,
        async (limit, offset) =>
          (
            await base()
              .where(where)
              .orderBy(...orderOf(q, RESOURCE))
              .limit(limit)
              .offset(offset)
          ).map((r) => ({
            id: r.s.id,
            userId: r.s.userId,
            username: r.username,
            realname: r.realname,
            ip: r.s.ip,
            userAgent: r.s.userAgent,
            loginTime: fmtTime(new Date(r.loginTime)),
            lastSeen: fmtTime(r.s.lastSeenAt ?? r.s.createdAt),
            current: r.s.familyId === session.familyId,
          })),
        async () => Number((await db.select({ n: count() }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where))[0].n),
      ),
    );
  });

  app.post(RBAC.forceLogout, { schema: { body: forceLogoutBody, tags }, config: { permission: RBAC_CODE.forceLogout, signed: true } }, async (req) => {
    const { tenantId, session: own } = authOf(req);
    const target = req.body.sessionId ? eq(sessions.id, req.body.sessionId) : eq(sessions.accessTokenHash, sha256(req.body.token ?? ''));
    const userId = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ s: sessions, username: users.username })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(target, liveInTenant(tx, tenantId)))
        .limit(1);
      if (!row) throw notFound();
      if (row.s.familyId === own.familyId) throw new AppError(400, RBAC_MSG.forceSelf);
      await revokeFamily(tx, row.s.familyId);
      await recordOperation(tx, req, `强制退出：${row.username}（${row.s.ip ?? '未知IP'}）`);
      return row.s.userId;
    });
    forgetAuth(db, { users: [userId] });
    return sysOk(null, RBAC_MSG.forceDone);
  });
};
