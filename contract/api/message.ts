// Announcements and live notifications (issue 3 §3): paths, request schemas, wire types and the
// socket messages. The wire keeps the spec's spellings: `titile`, `doReovkeData`, `annountCement`.
import { z } from 'zod';

export const MP = {
  list: '/sys/annountCement/list',
  add: '/sys/annountCement/add',
  edit: '/sys/annountCement/edit',
  remove: '/sys/annountCement/delete',
  removeBatch: '/sys/annountCement/deleteBatch',
  release: '/sys/annountCement/doReleaseData',
  revoke: '/sys/annountCement/doReovkeData',
  listByUser: '/sys/annountCement/listByUser',
  queryById: '/sys/annountCement/queryById',
  markRead: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
  mySends: '/sys/sysAnnouncementSend/getMyAnnouncementSend',
  readAll: '/sys/sysAnnouncementSend/readAll',
  /** Recipient choices of the admin form (users of the tenant, roles, departments). */
  recipientOptions: '/sys/annountCement/recipientOptions',
  /** The notification socket: `${API_BASE}${MP.socket}?token=`. */
  socket: '/websocket',
} as const;

/** Permission codes of the admin calls. */
export const ANNT_PERMS = {
  list: 'system:announcement:list',
  add: 'system:announcement:add',
  edit: 'system:announcement:edit',
  remove: 'system:announcement:delete',
  release: 'system:announcement:release',
  revoke: 'system:announcement:revoke',
} as const;

export const PRIORITIES = ['L', 'M', 'H'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const PRIORITY_TEXT: Record<Priority, string> = { L: '一般', M: '重要', H: '紧急' };
export const MSG_CATEGORY_TEXT = { '1': '通知公告', '2': '系统消息' } as const;
export type MsgCategory = keyof typeof MSG_CATEGORY_TEXT;
export const MSG_TYPES = ['ALL', 'USER', 'ROLE', 'DEPART'] as const;
export type MsgType = (typeof MSG_TYPES)[number];
export const MSG_TYPE_TEXT: Record<MsgType, string> = { ALL: '全体用户', USER: '指定用户', ROLE: '指定角色', DEPART: '指定部门' };
export const SEND_STATUS_TEXT = { '0': '未发布', '1': '已发布', '2': '已撤销' } as const;
export type SendStatus = keyof typeof SEND_STATUS_TEXT;

export const ANNT_MSG = {
  titleRequired: '请输入标题',
  titleTooLong: '标题最多100个字符',
  contentTooLong: '内容过长',
  abstractTooLong: '摘要最多500个字符',
  recipientsRequired: '请选择接收对象',
  recipientUnknown: '接收对象不存在',
  openPageRequired: '请输入打开地址',
  openPageBad: '打开地址不合法',
  notFound: '公告不存在',
  editReleased: '已发布或已撤销的公告不能编辑',
  releaseNotDraft: '只有未发布的公告才能发布',
  revokeNotReleased: '只有已发布的公告才能撤销',
  released: '发布成功',
  revoked: '撤销成功',
  readAllDone: '全部已读',
  idsRequired: '请选择一条记录！',
} as const;

const idList = z.array(z.string().trim().min(1).max(64).regex(/^[^,\s]+$/, ANNT_MSG.recipientUnknown)).max(1000);
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
export interface RecipientOption { value: string; label: string }

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
export interface NotifyPush {
  cmd: 'topic' | 'user';
  msgId: string;
  msgTxt: string;
  titile: string;
  priority: Priority;
  msgCategory: MsgCategory;
  openType: string | null;
  openPage: string | null;
  busId: string | null;
}
export const SOCKET_HEARTBEAT = 'HeartBeat';
/** The server's answer to a heartbeat. */
export interface HeartcheckPush { cmd: 'heartcheck' }
/** Close codes of the notification socket. */
export const SOCKET_CLOSE = { badToken: 4001, sessionEnded: 4002, idle: 4003, shutdown: 1001 } as const;
