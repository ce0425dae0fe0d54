// Telling the maker when their order is decided (审核通过, 驳回) or finishes (成功, 失败, 部分成功):
// a system message (系统消息) in the bell addressed to the maker alone, written in the transaction
// of the status change, and its push to the maker's open sockets published in that same transaction,
// so it is sent once, on commit, by whichever process made the change (and never for a rollback);
// likewise its Web Push to the maker's phones (push_outbox, in the same transaction).
// The client shows the push in the bell and, with the page hidden, as a system notification.
import { randomUUID } from 'node:crypto';
import type { NotifyPush } from '../../../contract/api/message';
import type { PayOrderKind, PayOrderStatus } from '../../../contract/api/pay';
import { approveDetailUrl } from '../../../contract/pages/approve';
import { formatYuanGrouped } from '../../../contract/money';
import { publishFanOutIn } from '../../realtime/broker';
import type { SqlConn } from '../ledger/store';
import { queuePush } from '../push/outbox';
import type { OrderRow } from './store';

/** What the maker calls their order. */
const ORDER_NOUN: Record<PayOrderKind, string> = {
  single: '付款订单',
  batch: '批量付款订单',
  adjust: '调账申请',
  refund: '退款申请',
  distribution: '分账申请',
};

/** The statuses the maker hears of, and how. */
const OUTCOME: Partial<Record<PayOrderStatus, { text: string; withReason: boolean; priority: 'L' | 'M' }>> = {
  approved: { text: '已审核通过', withReason: false, priority: 'L' },
  rejected: { text: '已驳回', withReason: true, priority: 'M' },
  succeeded: { text: '已成功', withReason: false, priority: 'L' },
  failed: { text: '失败', withReason: true, priority: 'M' },
  partial: { text: '部分成功', withReason: true, priority: 'M' },
};

const SENDER = '系统';
const TITLE_MAX = 100;

/** '您的付款订单 PO… 已驳回：余额不足' — the bell's line (at most 100 characters, the title's limit). */
export function makerNoticeTitle(o: Pick<OrderRow, 'kind' | 'order_no'>, status: PayOrderStatus, reason: string | null): string | null {
  const outcome = OUTCOME[status];
  if (!outcome) return null;
  const why = outcome.withReason && reason?.trim() ? `：${reason.trim()}` : '';
  const title = `您的${ORDER_NOUN[o.kind]} ${o.order_no} ${outcome.text}${why}`;
  return title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title;
}

/**
 * In the caller's transaction: the maker's message for the order reaching `status` (nothing for a
 * status the maker is not told of), and its push.
 */
export async function noticeMakerIn(c: SqlConn, o: OrderRow, status: PayOrderStatus, reason: string | null): Promise<void> {
  const titile = makerNoticeTitle(o, status, reason);
  if (!titile) return;
  const priority = OUTCOME[status]!.priority;
  const amount = `金额${formatYuanGrouped(BigInt(o.amount))}元`;
  const abstract = `${titile}（${amount}）`.slice(0, 500);
  const id = randomUUID();
  const openPage = approveDetailUrl(o.id);
  await c.query(
    `INSERT INTO announcements (id, tenant_id, titile, msg_content, msg_abstract, sender, priority, msg_category, msg_type, recipient_ids,
       open_type, open_page, bus_id, send_status, send_time, create_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, '2', 'USER', $8, 'url', $9, $10, '1', now(), 'system')`,
    [id, o.tenant_id, titile, `<p>${escapeHtml(abstract)}</p>`, abstract, SENDER, priority, o.maker_id, openPage, o.id],
  );
  await c.query(`INSERT INTO announcement_send (id, annt_id, user_id, tenant_id) VALUES ($1, $2, $3, $4)`, [randomUUID(), id, o.maker_id, o.tenant_id]);
  const push: NotifyPush = {
    cmd: 'user',
    msgId: id,
    msgTxt: abstract,
    titile,
    priority,
    msgCategory: '2',
    openType: 'url',
    openPage,
    busId: o.id,
  };
  await publishFanOutIn(c, { tenantId: o.tenant_id, to: [o.maker_id], message: { ...push } });
  await queuePush(c, o.tenant_id, [o.maker_id], { title: titile, body: abstract, url: openPage, tag: `payOrder-${o.id}`, orderId: o.id });
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
