// Web Push (issue 20 §2), the part without zod (the service worker imports it). The phone subscribes
// after the user allows notifications; submitted orders (to their approvers), decided or failed orders (to their maker) and announcements reach every
// subscribed device of the users concerned, even with the app closed. The service worker (sw/) shows
// a PushMessage as a notification; tapping it opens `url` (same origin only).
export const PUSH_PATHS = {
  publicKey: '/cap/push/v1/PushPublicKey',
  subscribe: '/cap/push/v1/PushSubscribe',
  unsubscribe: '/cap/push/v1/PushUnsubscribe',
} as const;

export const PUSH_MSG = {
  off: '服务器未开启消息推送',
  endpoint: '推送地址无效',
  keys: '推送密钥无效',
  subscribed: '已开启消息推送',
  unsubscribed: '已关闭消息推送',
} as const;

/** Notification actions: 查看 opens the order; 驳回 opens it asking for a reason. Approving always opens the app. */
export const PUSH_ACTIONS = { view: '查看', reject: '驳回' } as const;
export type PushAction = keyof typeof PUSH_ACTIONS;

/** What the service worker receives (encrypted on the wire, RFC 8291). */
export interface PushMessage {
  title: string;
  body: string;
  /** Same-origin path the tap opens, e.g. /approve/detail?id=… */
  url: string;
  /** Notifications with one tag replace each other (one per order). */
  tag: string;
  /** A pending order for its approvers: 查看 and 驳回 actions. */
  orderId?: string;
  actions?: PushAction[];
  sentAt: number;
}

/** The URL a tap (or an action) opens: 驳回 adds reject=1 so the order page asks for the reason at once. */
export function pushTarget(m: Pick<PushMessage, 'url'>, action: string | undefined, origin: string): string {
  const url = new URL(m.url || '/', origin);
  if (url.origin !== origin) return `${origin}/`;
  if (action === 'reject') url.searchParams.set('reject', '1');
  return url.toString();
}
