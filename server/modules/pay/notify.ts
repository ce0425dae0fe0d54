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
 * The approvers of an order of this tenant: enabled users of the tenant (through a group), the maker
 * excepted, who hold the approve code by the guard's own rule (contract/permission.ts), in one query,
 * so a tenant of a million users costs one index walk and never a permission load per user:
 * - the code's switch in the catalogue is on (a switched-off code denies everyone);
 * - some enabled catalogue row grants it: the button itself, or a menu or directory row whose code is
 *   the code or a prefix of it (`pay:order` grants `pay:order:approve`);
 * - the user holds that row through a role of this tenant, or through a department role of this
 *   tenant while they belong to its department and within the department's own permissions
 *   (resources/service.ts grantedRows).
 * tests/server/approvers.test.ts checks it against canApprove for every user of the tenant.
 */
export async function approversOf(store: SqlConn, tenantId: string, exceptUserId: string): Promise<string[]> {
  const code = PAY_PERMS.approve;
  // The switch the guard reads: the first catalogue row of the code (allAuthEntries' order).
  const [global] = await store.query<{ status: string }>(`SELECT status FROM permissions WHERE perms = $1 ORDER BY sort_no LIMIT 1`, [code]);
  if (global?.status === '0') return [];
  const rows = await store.query<{ id: string }>(
    `WITH allowed AS (
       SELECT id FROM permissions
        WHERE status = '1' AND perms IS NOT NULL AND perms <> ''
          AND ((type = '2' AND perms = $3) OR (type <> '2' AND ($3 = perms OR left($3, length(perms) + 1) = perms || ':')))
     ), holders AS (
       SELECT ur.user_id FROM user_roles ur
         JOIN roles r ON r.id = ur.role_id AND r.tenant_id = $1
         JOIN role_permissions rp ON rp.role_id = r.id AND rp.permission_id IN (SELECT id FROM allowed)
       UNION
       SELECT dru.user_id FROM depart_role_users dru
         JOIN depart_roles dr ON dr.id = dru.role_id AND dr.tenant_id = $1
         JOIN user_departs ud ON ud.user_id = dru.user_id AND ud.depart_id = dr.depart_id
         JOIN depart_role_permissions drp ON drp.role_id = dr.id AND drp.permission_id IN (SELECT id FROM allowed)
         JOIN depart_permissions dp ON dp.depart_id = dr.depart_id AND dp.permission_id = drp.permission_id
     )
     SELECT u.id FROM users u
      WHERE u.id IN (SELECT user_id FROM holders) AND u.status = 1 AND u.id <> $2
        AND EXISTS (SELECT 1 FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE ug.user_id = u.id AND g.tenant_id = $1)
      ORDER BY u.id LIMIT ${MAX_CANDIDATES}`,
    [tenantId, exceptUserId, code],
  );
  return rows.map((r) => r.id);
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
  const to = await approversOf(store, o.tenant_id, o.maker_id);
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
