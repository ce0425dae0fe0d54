// Who may decide an order, and telling them. Approvers are the enabled users of the order's tenant
// (through their groups) who hold pay:order:approve by the same rule the guard applies
// (permissionLists + hasPermission), the maker excepted. They get {cmd:'user', type:'payOrder', …}
// on their open sockets through the message module's broker, and a Web Push to their phones.
import { PAY_PERMS } from '../../../contract/api/pay';
import { formatYuanGrouped } from '../../../contract/money';
import { hasPermission } from '../../../contract/permission';
import type { Db } from '../../db/client';
import { notifyUsers } from '../../realtime/broker';
import { permissionLists } from '../resources/service';
import type { SqlConn } from '../ledger/store';
import { approveDetailUrl } from '../../../contract/pages/approve';
import { queuePush } from '../push/outbox';
import type { OrderRow } from './store';

const MAX_CANDIDATES = 500;

/** Whether the user may approve payment orders of this tenant (their roles of this tenant). */
export async function canApprove(db: Db, userId: string, tenantId: string): Promise<boolean> {
  return hasPermission(PAY_PERMS.approve, await permissionLists(db, userId, tenantId));
}

/**
 * The approvers of an order of this tenant: enabled users of the tenant, the maker excepted, who hold
 * a role of this tenant granting the approve code or a menu above it (one query, so a tenant of a
 * million users costs one index walk, not a permission load per user); each is then checked by the
 * guard's own rule (disabled switches included).
 */
export async function approversOf(db: Db, store: SqlConn, tenantId: string, exceptUserId: string): Promise<string[]> {
  const candidates = await store.query<{ id: string }>(
    `SELECT DISTINCT u.id FROM users u
       JOIN user_roles ur ON ur.user_id = u.id
       JOIN roles r ON r.id = ur.role_id AND r.tenant_id = $1
       JOIN role_permissions rp ON rp.role_id = r.id
       JOIN permissions p ON p.id = rp.permission_id
      WHERE u.status = 1 AND u.id <> $2
        AND p.perms IS NOT NULL AND p.perms <> '' AND ($3 = p.perms OR left($3, length(p.perms) + 1) = p.perms || ':')
        AND EXISTS (SELECT 1 FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE ug.user_id = u.id AND g.tenant_id = $1)
      ORDER BY u.id LIMIT ${MAX_CANDIDATES}`,
    [tenantId, exceptUserId, PAY_PERMS.approve],
  );
  const out: string[] = [];
  for (const c of candidates) if (await canApprove(db, c.id, tenantId)) out.push(c.id);
  return out;
}

export function payOrderMessage(o: OrderRow): Record<string, unknown> {
  const what = o.kind === 'batch' ? `批量付款${o.row_count}笔` : (o.payee_name ?? '');
  return {
    cmd: 'user',
    type: 'payOrder',
    orderId: o.id,
    orderNo: o.order_no,
    // 'titile' is the spec's own spelling of the announcement push field.
    titile: '待审批付款订单',
    msgTxt: `${o.maker_name}提交了${what}，金额${formatYuanGrouped(BigInt(o.amount))}元，请审批`,
  };
}

export async function notifyApprovers(db: Db, store: SqlConn, o: OrderRow): Promise<string[]> {
  const to = await approversOf(db, store, o.tenant_id, o.maker_id);
  const m = payOrderMessage(o);
  await notifyUsers(db, o.tenant_id, to, m);
  // Their phones too, with the app closed (Web Push): 查看 / 驳回 on the notification.
  await queuePush(store, o.tenant_id, to, {
    title: String(m.titile),
    body: String(m.msgTxt),
    url: approveDetailUrl(o.id),
    tag: `payOrder-${o.id}`,
    orderId: o.id,
    actions: ['view', 'reject'],
  });
  return to;
}
