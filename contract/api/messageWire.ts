// The plain constants and socket messages of announcements and live notifications: paths,
// permission codes, texts and messages, the pushes of the notification socket. Kept apart from the
// zod schemas of contract/api/message.ts (which re-exports them) so the notification bell and the
// socket, which every signed-in page runs, do not pull zod into a phone's first visit.
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
export interface HeartcheckPush {
  cmd: 'heartcheck';
}
/** Close codes of the notification socket. */
export const SOCKET_CLOSE = { badToken: 4001, sessionEnded: 4002, idle: 4003, shutdown: 1001 } as const;

/**
 * A change of something open screens show (issue 14 §2), e.g. {kind:'payOrder', id, status}: every
 * open list, detail and badge of that kind reloads. kind 'resync' (no id): notices may have been
 * missed (the server's listener or this socket was down), so every live screen reloads.
 */
export interface LivePush {
  cmd: 'live';
  kind: string;
  id: string;
  status: string;
  tenant: string;
}
export const LIVE_RESYNC = 'resync';
