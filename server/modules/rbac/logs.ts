// Login and operation logs (/sys/log/list), visits of the last 7 days (/sys/visitInfo), and the
// operation-log writer every administrative write calls (recordOperation).
import { and, count, countDistinct, eq, gte, inArray, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { v7 as timeOrderedId } from 'uuid';
import { DEFAULT_TENANT_ID } from '../../../contract/constants';
import { LOGIN_INFO_PERMISSION } from '../../../contract/api/wire';
import { RBAC, RBAC_CODE, logListQuery, type LogRecord, type VisitDay } from '../../../contract/api/rbac';
import type { ResourceFields } from '../../../contract/listQuery';
import type { ModuleOptions } from '../../context';
import type { Db } from '../../db/client';
import { groups, loginLogView, operationLog, userGroups } from '../../db/schema';
import { sysOk } from '../../http/envelope';
import { authOf } from '../../http/guard';
import { orderOf, whereOf, type ListResource } from '../../lib/listSql';
import { fmtTime, listQueryOf, pageOf } from './common';
import { DISPLAY_TIME_ZONE, formatDate, parseDisplayTime } from '../../../contract/time';

const started = new WeakMap<object, number>();
/** Called by the rbac activity hook when any API request starts (for cost times). */
export function markRequestStart(req: FastifyRequest): void {
  started.set(req.raw, performance.now());
}

/**
 * Writes one operation-log row for an administrative write by the signed-in user of `req`.
 * Pass the transaction of the write as `db` so the log and the change commit together.
 */
export async function recordOperation(db: Db, req: FastifyRequest, content: string): Promise<void> {
  const a = req.auth;
  const t0 = started.get(req.raw);
  await db.insert(operationLog).values({
    // Time-ordered (UUIDv7, monotonic within a process): the list breaks equal times by id, and
    // PGlite's clock has millisecond steps, so two writes in one millisecond keep their order.
    id: timeOrderedId(),
    tenantId: a?.tenantId ?? DEFAULT_TENANT_ID,
    userId: a?.user.id ?? null,
    username: a?.user.username ?? '',
    ip: req.ip,
    logContent: content.slice(0, 1000),
    method: req.method,
    // The route pattern, never the query string (it may carry tokens or personal data).
    requestUrl: req.routeOptions.url ?? req.url.split('?')[0],
    costTime: t0 === undefined ? 0 : Math.round(performance.now() - t0),
  });
}

/**
 * Timestamp columns compare through a text parameter cast by PostgreSQL: the wire sends
 * 'YYYY-MM-DD[ HH:mm:ss]', which a Date-mode Drizzle column would refuse to map.
 */
const timeCol = (c: AnyColumn) => sql`${c}` as unknown as AnyColumn;

const LOG_FIELDS: ResourceFields = {
  fields: { username: 'string', ip: 'string', logContent: 'string', method: 'string', requestUrl: 'string', costTime: 'number', createTime: 'datetime' },
};
const LOGIN_RESOURCE: ListResource = {
  fields: LOG_FIELDS.fields,
  columns: {
    id: loginLogView.id,
    username: loginLogView.username,
    ip: loginLogView.ip,
    logContent: loginLogView.logContent,
    method: loginLogView.method,
    createTime: timeCol(loginLogView.createdAt),
  },
};
const OPERATION_RESOURCE: ListResource = {
  fields: LOG_FIELDS.fields,
  columns: {
    id: operationLog.id,
    username: operationLog.username,
    ip: operationLog.ip,
    logContent: operationLog.logContent,
    method: operationLog.method,
    requestUrl: operationLog.requestUrl,
    costTime: operationLog.costTime,
    createTime: timeCol(operationLog.createdAt),
  },
};

/**
 * Sign-ins a tenant may see: those of its users; the platform tenant also sees attempts on
 * unknown usernames (they belong to no tenant).
 */
export function loginRowsOfTenant(db: Db, tenantId: string): SQL | undefined {
  const members = db
    .select({ id: userGroups.userId })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(eq(groups.tenantId, tenantId));
  return or(inArray(loginLogView.userId, members), tenantId === DEFAULT_TENANT_ID ? isNull(loginLogView.userId) : undefined);
}

export const logRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { deps }) => {
  const db = deps.db;

  app.get(RBAC.logList, { schema: { querystring: logListQuery, tags: ['rbac'] }, config: { permission: RBAC_CODE.logList } }, async (req) => {
    const { tenantId } = authOf(req);
    const q = listQueryOf(req.query, LOG_FIELDS);
    if (req.query.logType === '1') {
      const where = whereOf(q, LOGIN_RESOURCE, [loginRowsOfTenant(db, tenantId)]);
      return sysOk(
        await pageOf<LogRecord>(
          q,
          async (limit, offset) =>
            (
              await db
                .select()
                .from(loginLogView)
                .where(where)
                .orderBy(...orderOf(q, LOGIN_RESOURCE))
                .limit(limit)
                .offset(offset)
            ).map((r) => ({
              id: r.id,
              username: r.username,
              ip: r.ip,
              logContent: r.logContent,
              method: r.method,
              requestUrl: null,
              costTime: null,
              createTime: fmtTime(r.createdAt),
              logType: '1',
              ok: r.ok,
            })),
          async () => Number((await db.select({ n: count() }).from(loginLogView).where(where))[0].n),
        ),
      );
    }
    const where = whereOf(q, OPERATION_RESOURCE, [eq(operationLog.tenantId, tenantId)]);
    return sysOk(
      await pageOf<LogRecord>(
        q,
        async (limit, offset) =>
          (
            await db
              .select()
              .from(operationLog)
              .where(where)
              .orderBy(...orderOf(q, OPERATION_RESOURCE))
              .limit(limit)
              .offset(offset)
          ).map((r) => ({
            id: r.id,
            username: r.username,
            ip: r.ip,
            logContent: r.logContent,
            method: r.method,
            requestUrl: r.requestUrl,
            costTime: r.costTime,
            createTime: fmtTime(r.createdAt),
            logType: '2',
          })),
        async () => Number((await db.select({ n: count() }).from(operationLog).where(where))[0].n),
      ),
    );
  });

  // Successful sign-ins per day for the last 7 days (today included), oldest first.
  app.get(RBAC.visitInfo, { schema: { tags: ['rbac'] }, config: { permission: LOGIN_INFO_PERMISSION } }, async (req) => {
    const { tenantId } = authOf(req);
    // Days of the display zone: today and the six before it, each from its midnight there.
    const days = Array.from({ length: 7 }, (_, i) => formatDate(Date.now() - (6 - i) * 86_400_000));
    const from = parseDisplayTime(days[0]) ?? new Date(Date.now() - 7 * 86_400_000);
    const zone = DISPLAY_TIME_ZONE;
    const day = sql<string>`to_char(${loginLogView.createdAt} AT TIME ZONE ${zone}, 'YYYY-MM-DD')`;
    const rows = await db
      .select({ day, visit: count(), ip: countDistinct(loginLogView.ip) })
      .from(loginLogView)
      .where(and(eq(loginLogView.ok, true), gte(loginLogView.createdAt, from), loginRowsOfTenant(db, tenantId)))
      .groupBy(sql`1`); // by position: the zone parameter makes the expression differ textually
    const byDay = new Map(rows.map((r) => [r.day, r]));
    const out: VisitDay[] = [];
    for (const type of days) {
      const r = byDay.get(type);
      out.push({ type, tian: type.slice(5), visit: Number(r?.visit ?? 0), ip: Number(r?.ip ?? 0) });
    }
    return sysOk(out);
  });
};
