// Online users (/sys/online/list): live sessions (not revoked, not rotated, not expired) of the
// tenant's users; force logout (/sys/online/forceLogout) revokes a session's whole token family
// at once, so its next call answers 401. Also the request-activity hook that keeps last-seen.
import { and, count, eq, exists, gt, inArray, isNull, or, sql, type AnyColumn } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
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
 * When this process last wrote each session's last-seen time (ms), claimed before the UPDATE is sent:
 * a session's requests that finish while its UPDATE is on its way, or after the auth cache read its
 * row again (the cached row's lastSeenAt is the database's, older than this), send no second one.
 * Before, each of a busy client's requests sent its own UPDATE until the first had come back, and at
 * the start of a busy day (100 new sessions) those UPDATEs held the pool for seconds (issue 15 §2).
 * Entries older than the interval are worth nothing and are what the LRU drops first.
 */
const touched = new LRUCache<string, number>({ max: 100_000, ttl: LAST_SEEN_EVERY_MS, ttlAutopurge: false });

/** Whether the session's last-seen time is due (and, if so, claims it for this request). */
function claimLastSeen(sessionId: string, dbLastSeen: Date | null): boolean {
  const nowMs = Date.now();
  const last = Math.max(touched.get(sessionId) ?? 0, dbLastSeen?.getTime() ?? 0);
  if (nowMs - last < LAST_SEEN_EVERY_MS) return false;
  touched.set(sessionId, nowMs);
  return true;
}

/** How long a due last-seen time waits to be written with the others due meanwhile. */
const LAST_SEEN_FLUSH_MS = 500;

/**
 * Hooks on every API request: the start time (cost of operation-log rows) and, after a signed-in
 * request, the session's last-seen time (one UPDATE per session per minute at most, per process).
 * The sessions due within half a second are written by one UPDATE: a hundred users arriving at once
 * (a morning, the start of the benchmark's day) took a hundred pool connections' turns otherwise.
 */
export const activityHooks = fp(async (app: FastifyInstance, { db }: { db: Db }) => {
  const due = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const flush = async () => {
    timer = null;
    const ids = [...due];
    due.clear();
    if (!ids.length) return;
    const since = new Date(Date.now() - LAST_SEEN_EVERY_MS);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date() })
      .where(and(inArray(sessions.id, ids), or(isNull(sessions.lastSeenAt), sql`${sessions.lastSeenAt} < ${since}`)))
      .catch((err: unknown) => {
        for (const id of ids) touched.delete(id);
        app.log.warn({ err }, 'last-seen update failed');
      });
  };
  app.addHook('onRequest', async (req) => markRequestStart(req));
  app.addHook('onResponse', async (req) => {
    const s = req.auth?.session;
    if (!s || !claimLastSeen(s.id, s.lastSeenAt ?? null)) return;
    due.add(s.id);
    timer ??= setTimeout(() => void flush(), LAST_SEEN_FLUSH_MS);
  });
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
    await flush();
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
