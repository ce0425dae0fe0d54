// Announcements: the admin's drafts, release and revoke, and each recipient's read state. Every
// query is scoped to the caller's tenant; a row of another tenant is "not found". Bodies are
// sanitised on save, so what is stored is what any client may render.
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ANNT_MSG,
  type AnntAddBody,
  type Announcement,
  type AnnouncementDetail,
  type ListByUserResult,
  type NotifyPush,
  type UserAnnouncement,
} from '../../../contract/api/message';
import type { ListQuery, PageResult } from '../../../contract/listQuery';
import { htmlToText, sanitizeHtml } from '../../../contract/sanitizeHtml';
import type { Db } from '../../db/client';
import { announcements, announcementSend } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { likeEscape, orderOf, whereOf, type ListResource } from '../../lib/listSql';
import { newId } from '../../lib/tokens';
import type { FanOut } from '../../realtime/broker';
import { checkRecipients, recipientIdsOf, recipientUsersSql, splitIds } from './recipients';
import { formatDateTime } from '../../../contract/time';

type Row = typeof announcements.$inferSelect;
const a = announcements;
const s = announcementSend;

export const ANNT_RESOURCE: ListResource = {
  fields: {
    titile: 'string',
    sender: 'string',
    priority: 'dict',
    msgCategory: 'dict',
    msgType: 'dict',
    sendStatus: 'dict',
    sendTime: 'datetime',
    createTime: 'datetime',
  },
  columns: {
    id: a.id,
    titile: a.titile,
    sender: a.sender,
    priority: a.priority,
    msgCategory: a.msgCategory,
    msgType: a.msgType,
    sendStatus: a.sendStatus,
    sendTime: a.sendTime,
    createTime: a.createTime,
  },
  defaultSort: { field: 'createTime', dir: 'desc' },
};

/** 'YYYY-MM-DD HH:mm:ss' in the display zone (contract/time.ts), as every list of the admin shows times. */
function iso(d: Date | null): string | null {
  return d ? formatDateTime(d) : null;
}

export function toAnnouncement(r: Row): Announcement {
  const ids = splitIds(r.recipientIds);
  return {
    id: r.id,
    titile: r.titile,
    msgContent: r.msgContent,
    msgAbstract: r.msgAbstract,
    sender: r.sender,
    priority: r.priority,
    msgCategory: r.msgCategory,
    msgType: r.msgType,
    userIds: r.msgType === 'USER' ? ids : [],
    roleIds: r.msgType === 'ROLE' ? ids : [],
    departIds: r.msgType === 'DEPART' ? ids : [],
    openType: r.openType,
    openPage: r.openPage,
    busId: r.busId,
    sendStatus: r.sendStatus,
    sendTime: iso(r.sendTime),
    cancelTime: iso(r.cancelTime),
    createTime: iso(r.createTime) ?? '',
  };
}

function toUser(r: Row, send: { readFlag: number; readTime: Date | null } | null): UserAnnouncement {
  return {
    id: r.id,
    anntId: r.id,
    titile: r.titile,
    msgAbstract: r.msgAbstract,
    sender: r.sender,
    priority: r.priority,
    msgCategory: r.msgCategory,
    openType: r.openType,
    openPage: r.openPage,
    busId: r.busId,
    sendTime: iso(r.sendTime),
    readFlag: send?.readFlag === 1 ? 1 : 0,
    readTime: iso(send?.readTime ?? null),
  };
}

/** The columns a request body sets: sanitised body, abstract from the text when none is given. */
function columnsOf(b: AnntAddBody) {
  const body = sanitizeHtml(b.msgContent ?? '');
  const msgType = b.msgType ?? 'ALL';
  const openType = b.openType === 'url' || b.openType === 'component' ? b.openType : null;
  return {
    titile: b.titile.trim(),
    msgContent: body,
    msgAbstract: b.msgAbstract?.trim() || htmlToText(body).slice(0, 200) || null,
    priority: b.priority ?? 'L',
    msgCategory: b.msgCategory ?? '1',
    msgType,
    recipientIds: recipientIdsOf({ ...b, msgType }).join(','),
    openType,
    openPage: openType ? b.openPage?.trim() || null : null,
    busId: b.busId?.trim() || null,
  };
}

const live = (tenantId: string, id: string) => and(eq(a.id, id), eq(a.tenantId, tenantId), eq(a.delFlag, 0));

export async function findAnnouncement(db: Db, tenantId: string, id: string): Promise<Row> {
  const [row] = await db.select().from(a).where(live(tenantId, id)).limit(1);
  if (!row) throw new AppError(404, ANNT_MSG.notFound);
  return row;
}

export async function listAnnouncements(db: Db, tenantId: string, q: ListQuery): Promise<PageResult<Announcement>> {
  const where = whereOf(q, ANNT_RESOURCE, [eq(a.tenantId, tenantId), eq(a.delFlag, 0)]);
  const [{ n }] = await db.select({ n: count() }).from(a).where(where);
  const rows = await db
    .select()
    .from(a)
    .where(where)
    .orderBy(...orderOf(q, ANNT_RESOURCE))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { records: rows.map(toAnnouncement), total: Number(n), size: q.pageSize, current: q.pageNo };
}

export async function addAnnouncement(db: Db, tenantId: string, sender: { id: string; name: string }, b: AnntAddBody): Promise<Announcement> {
  const cols = columnsOf(b);
  await checkRecipients(db, tenantId, cols.msgType, splitIds(cols.recipientIds));
  const [row] = await db
    .insert(a)
    .values({ id: newId(), tenantId, sender: sender.name, createBy: sender.id, ...cols })
    .returning();
  return toAnnouncement(row);
}

export async function editAnnouncement(db: Db, tenantId: string, b: AnntAddBody & { id: string }): Promise<Announcement> {
  const current = await findAnnouncement(db, tenantId, b.id);
  if (current.sendStatus !== '0') throw new AppError(400, ANNT_MSG.editReleased);
  const cols = columnsOf(b);
  await checkRecipients(db, tenantId, cols.msgType, splitIds(cols.recipientIds));
  const [row] = await db
    .update(a)
    .set({ ...cols, updateTime: new Date() })
    .where(and(live(tenantId, b.id), eq(a.sendStatus, '0')))
    .returning();
  if (!row) throw new AppError(400, ANNT_MSG.editReleased);
  return toAnnouncement(row);
}

/** Soft delete (the record stays for audit); it disappears from every list at once. */
export async function deleteAnnouncements(db: Db, tenantId: string, ids: string[]): Promise<number> {
  if (!ids.length) throw new AppError(400, ANNT_MSG.idsRequired);
  const done = await db
    .update(a)
    .set({ delFlag: 1, updateTime: new Date() })
    .where(and(eq(a.tenantId, tenantId), eq(a.delFlag, 0), inArray(a.id, ids)))
    .returning({ id: a.id });
  if (!done.length) throw new AppError(404, ANNT_MSG.notFound);
  return done.length;
}

export function pushOf(r: Row): NotifyPush {
  return {
    cmd: r.msgType === 'ALL' ? 'topic' : 'user',
    msgId: r.id,
    msgTxt: r.msgAbstract || r.titile,
    titile: r.titile,
    priority: r.priority,
    msgCategory: r.msgCategory,
    openType: r.openType,
    openPage: r.openPage,
    busId: r.busId,
  };
}

/** Releases a draft: one send row per recipient, then the fan-out to be published. */
export async function releaseAnnouncement(db: Db, tenantId: string, id: string): Promise<{ row: Row; fanOut: FanOut; recipients: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(a)
      .set({ sendStatus: '1', sendTime: new Date() })
      .where(and(live(tenantId, id), eq(a.sendStatus, '0')))
      .returning();
    if (!row) {
      await findAnnouncement(tx as unknown as Db, tenantId, id);
      throw new AppError(400, ANNT_MSG.releaseNotDraft);
    }
    const users = recipientUsersSql(tenantId, row.msgType, splitIds(row.recipientIds));
    const inserted = await tx.execute(sql`
      INSERT INTO announcement_send (id, annt_id, user_id, tenant_id)
      SELECT gen_random_uuid()::text, ${row.id}, r.user_id, ${tenantId} FROM (${users}) r
      ON CONFLICT (annt_id, user_id) DO NOTHING
      RETURNING user_id`);
    const userIds = rowsOf<{ user_id: string }>(inserted).map((r) => r.user_id);
    const fanOut: FanOut = { tenantId, to: row.msgType === 'ALL' ? 'ALL' : userIds, message: { ...pushOf(row) } };
    return { row, fanOut, recipients: userIds.length };
  });
}

export async function revokeAnnouncement(db: Db, tenantId: string, id: string): Promise<{ row: Row; fanOut: FanOut }> {
  const [row] = await db
    .update(a)
    .set({ sendStatus: '2', cancelTime: new Date() })
    .where(and(live(tenantId, id), eq(a.sendStatus, '1')))
    .returning();
  if (!row) {
    await findAnnouncement(db, tenantId, id);
    throw new AppError(400, ANNT_MSG.revokeNotReleased);
  }
  const users = await db.select({ id: s.userId }).from(s).where(eq(s.anntId, id));
  return { row, fanOut: { tenantId, to: row.msgType === 'ALL' ? 'ALL' : users.map((u) => u.id), message: { cmd: 'revoke', msgId: id } } };
}

/** Drivers answer execute() as an array (PGlite via drizzle) or as {rows} (node-postgres). */
function rowsOf<T>(res: unknown): T[] {
  return Array.isArray(res) ? (res as T[]) : ((res as { rows?: T[] }).rows ?? []);
}

/** Gives a user the send rows of released all-user announcements they do not have yet (joined later). */
async function backfillAll(db: Db, tenantId: string, userId: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO announcement_send (id, annt_id, user_id, tenant_id)
    SELECT gen_random_uuid()::text, x.id, ${userId}, ${tenantId} FROM announcements x
    WHERE x.tenant_id = ${tenantId} AND x.msg_type = 'ALL' AND x.send_status = '1' AND x.del_flag = 0
      AND NOT EXISTS (SELECT 1 FROM announcement_send y WHERE y.annt_id = x.id AND y.user_id = ${userId})
    ON CONFLICT (annt_id, user_id) DO NOTHING`);
}

const mine = (tenantId: string, userId: string, extra: (SQL | undefined)[] = []) =>
  and(eq(s.userId, userId), eq(s.tenantId, tenantId), eq(a.tenantId, tenantId), eq(a.sendStatus, '1'), eq(a.delFlag, 0), ...extra);

const BELL_LIMIT = 50;

export async function listByUser(db: Db, tenantId: string, userId: string): Promise<ListByUserResult> {
  await backfillAll(db, tenantId, userId);
  const part = async (category: '1' | '2') => {
    const where = mine(tenantId, userId, [eq(s.readFlag, 0), eq(a.msgCategory, category)]);
    const [{ n }] = await db.select({ n: count() }).from(s).innerJoin(a, eq(a.id, s.anntId)).where(where);
    const rows = await db.select({ a, s }).from(s).innerJoin(a, eq(a.id, s.anntId)).where(where).orderBy(desc(a.sendTime), desc(a.id)).limit(BELL_LIMIT);
    return { list: rows.map((r) => toUser(r.a, r.s)), total: Number(n) };
  };
  const [annt, sys] = await Promise.all([part('1'), part('2')]);
  return { anntMsgList: annt.list, anntMsgTotal: annt.total, sysMsgList: sys.list, sysMsgTotal: sys.total };
}

export async function mySends(
  db: Db,
  tenantId: string,
  userId: string,
  q: { pageNo: number; pageSize: number; readFlag?: string; msgCategory?: string; titile?: string },
): Promise<PageResult<UserAnnouncement>> {
  await backfillAll(db, tenantId, userId);
  const where = mine(tenantId, userId, [
    q.readFlag === '0' || q.readFlag === '1' ? eq(s.readFlag, Number(q.readFlag)) : undefined,
    q.msgCategory === '1' || q.msgCategory === '2' ? eq(a.msgCategory, q.msgCategory) : undefined,
    q.titile ? ilike(a.titile, `%${likeEscape(q.titile)}%`) : undefined,
  ]);
  const [{ n }] = await db.select({ n: count() }).from(s).innerJoin(a, eq(a.id, s.anntId)).where(where);
  const rows = await db
    .select({ a, s })
    .from(s)
    .innerJoin(a, eq(a.id, s.anntId))
    .where(where)
    .orderBy(desc(a.sendTime), desc(a.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  return { records: rows.map((r) => toUser(r.a, r.s)), total: Number(n), size: q.pageSize, current: q.pageNo };
}

/** The detail for a recipient of a released announcement, or for an administrator at any status. */
export async function detailFor(db: Db, tenantId: string, userId: string, id: string, isAdmin: boolean): Promise<AnnouncementDetail> {
  const row = await findAnnouncement(db, tenantId, id);
  const [send] = await db
    .select()
    .from(s)
    .where(and(eq(s.anntId, id), eq(s.userId, userId), eq(s.tenantId, tenantId)))
    .limit(1);
  if (!isAdmin && (!send || row.sendStatus !== '1')) throw new AppError(404, ANNT_MSG.notFound);
  return { ...toUser(row, send ?? null), msgContent: row.msgContent };
}

export async function markRead(db: Db, tenantId: string, userId: string, anntId: string): Promise<void> {
  const [send] = await db
    .select({ id: s.id, readFlag: s.readFlag })
    .from(s)
    .innerJoin(a, eq(a.id, s.anntId))
    .where(and(eq(s.anntId, anntId), mine(tenantId, userId)))
    .limit(1);
  if (!send) throw new AppError(404, ANNT_MSG.notFound);
  if (send.readFlag === 0) await db.update(s).set({ readFlag: 1, readTime: new Date() }).where(eq(s.id, send.id));
}

export async function readAll(db: Db, tenantId: string, userId: string): Promise<number> {
  const visible = db
    .select({ id: a.id })
    .from(a)
    .where(and(eq(a.tenantId, tenantId), eq(a.sendStatus, '1'), eq(a.delFlag, 0)));
  const done = await db
    .update(s)
    .set({ readFlag: 1, readTime: new Date() })
    .where(and(eq(s.userId, userId), eq(s.tenantId, tenantId), eq(s.readFlag, 0), inArray(s.anntId, visible)))
    .returning({ id: s.id });
  return done.length;
}
