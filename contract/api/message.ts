// Announcements and live notifications (issue 3 §3): paths, request schemas, wire types and the
// socket messages. The wire keeps the spec's spellings: `titile`, `doReovkeData`, `annountCement`.
import { z } from 'zod';
import { ANNT_MSG, MSG_TYPES, PRIORITIES, type MsgCategory, type MsgType, type Priority, type SendStatus } from './messageWire';

export * from './messageWire';

const idList = z
  .array(
    z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[^,\s]+$/, ANNT_MSG.recipientUnknown),
  )
  .max(1000);
const optText = (max: number, msg: string) => z.string().trim().max(max, msg).optional().nullable();

const anntFields = {
  titile: z.string({ message: ANNT_MSG.titleRequired }).trim().min(1, ANNT_MSG.titleRequired).max(100, ANNT_MSG.titleTooLong),
  msgContent: z.string().max(200_000, ANNT_MSG.contentTooLong).default(''),
  msgAbstract: optText(500, ANNT_MSG.abstractTooLong),
  priority: z.enum(PRIORITIES).default('L'),
  msgCategory: z.enum(['1', '2']).default('1'),
  msgType: z.enum(MSG_TYPES).default('ALL'),
  userIds: idList.optional(),
  roleIds: idList.optional(),
  departIds: idList.optional(),
  openType: z.enum(['url', 'component', '']).optional().nullable(),
  openPage: optText(500, ANNT_MSG.openPageBad),
  busId: optText(64, ANNT_MSG.openPageBad),
};

/** The recipients the message type needs, and a url/component target when one is chosen. */
function recipientsGiven(v: { msgType: MsgType; userIds?: string[]; roleIds?: string[]; departIds?: string[] }): boolean {
  if (v.msgType === 'USER') return !!v.userIds?.length;
  if (v.msgType === 'ROLE') return !!v.roleIds?.length;
  if (v.msgType === 'DEPART') return !!v.departIds?.length;
  return true;
}
/** A url target is an in-app path or an http(s) address; never javascript: and friends. */
export function openPageOk(openType: string | null | undefined, openPage: string | null | undefined): boolean {
  if (openType !== 'url' && openType !== 'component') return true;
  const page = (openPage ?? '').trim();
  if (!page) return false;
  if (openType === 'component') return /^[\w/-]+$/.test(page);
  return /^\/(?!\/)/.test(page) || /^https?:\/\//i.test(page);
}

export const anntAddBody = z
  .object(anntFields)
  .refine(recipientsGiven, { message: ANNT_MSG.recipientsRequired, path: ['msgType'] })
  .refine((v) => openPageOk(v.openType, v.openPage), { message: ANNT_MSG.openPageBad, path: ['openPage'] });
export type AnntAddBody = z.input<typeof anntAddBody>;

export const anntEditBody = z
  .object({ id: z.string().trim().min(1, ANNT_MSG.notFound).max(64), ...anntFields })
  .refine(recipientsGiven, { message: ANNT_MSG.recipientsRequired, path: ['msgType'] })
  .refine((v) => openPageOk(v.openType, v.openPage), { message: ANNT_MSG.openPageBad, path: ['openPage'] });
export type AnntEditBody = z.input<typeof anntEditBody>;

export const idQuery = z.object({ id: z.string().trim().min(1, ANNT_MSG.notFound).max(64, ANNT_MSG.notFound) });
export const idsQuery = z.object({ ids: z.string().trim().min(1, ANNT_MSG.idsRequired).max(20_000) });
export const markReadBody = z.object({ anntId: z.string().trim().min(1, ANNT_MSG.notFound).max(64, ANNT_MSG.notFound) });
export const mySendsQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  /** '0' unread, '1' read, absent: all. */
  readFlag: z.enum(['0', '1', '']).optional(),
  msgCategory: z.enum(['1', '2', '']).optional(),
  titile: z.string().trim().max(100).optional(),
});

export const recipientOptionsQuery = z.object({
  type: z.enum(['USER', 'ROLE', 'DEPART']),
  keyword: z.string().trim().max(50).optional(),
  /** Labels for these ids (an edited announcement's recipients). */
  ids: z.string().max(20_000).optional(),
});
export interface RecipientOption {
  value: string;
  label: string;
}

/** An announcement as the admin list and the detail show it. */
export interface Announcement {
  id: string;
  titile: string;
  msgContent: string;
  msgAbstract: string | null;
  sender: string;
  priority: Priority;
  msgCategory: MsgCategory;
  msgType: MsgType;
  userIds: string[];
  roleIds: string[];
  departIds: string[];
  openType: string | null;
  openPage: string | null;
  busId: string | null;
  sendStatus: SendStatus;
  sendTime: string | null;
  cancelTime: string | null;
  createTime: string;
}

/** One announcement in a user's lists (bell, phone tab, /isps/userAnnouncement). */
export interface UserAnnouncement {
  id: string;
  /** Same as id; the mark-read call takes it. */
  anntId: string;
  titile: string;
  msgAbstract: string | null;
  sender: string;
  priority: Priority;
  msgCategory: MsgCategory;
  openType: string | null;
  openPage: string | null;
  busId: string | null;
  sendTime: string | null;
  readFlag: 0 | 1;
  readTime: string | null;
}

export interface ListByUserResult {
  anntMsgList: UserAnnouncement[];
  anntMsgTotal: number;
  sysMsgList: UserAnnouncement[];
  sysMsgTotal: number;
}

/** The detail: the user fields plus the sanitised body. */
export interface AnnouncementDetail extends UserAnnouncement {
  msgContent: string;
}

/** What the socket pushes: 'topic' for everyone, 'user' for targeted messages. */
