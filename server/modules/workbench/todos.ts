// The to-dos of 工作台: one registry entry per to-do — the permission it needs, its count and the
// filtered list it opens. A user sees the entries whose permission they hold in the request's tenant
// (checked here on the server, never by the client), each counted as the list it opens would count.
//
// Adding a to-do is adding one entry (issue 18 added the supervision and reconciliation ones); the
// live refresh follows when their change is announced on the socket (server/realtime/liveFeed.ts).
import { ANNOUNCEMENT_LIST_PATH } from '../../../contract/constants';
import { CUS_PERMS } from '../../../contract/api/cusWire';
import { PAY_PERMS } from '../../../contract/api/payWire';
import type { WorkbenchTodo } from '../../../contract/api/workbench';
import { APPROVE_LIST_PATH } from '../../../contract/pages/approve';
import { CUS_REVIEW_PATH } from '../../../contract/pages/cus';
import { PAY_ORDER_LIST_PATH } from '../../../contract/pages/pay';
import { SETTLE_PERMS } from '../../../contract/api/settle';
import { SV_PERMS } from '../../../contract/api/supervise';
import { SETTLE_PATHS, SUPERVISE_PATHS } from '../../../contract/pages/settle';
import type { SqlConn } from '../ledger/store';
import { RECON_OPEN_SQL } from '../settle/reconcile';
import { SV_PENDING_SQL } from '../supervise/service';
import { scopeSql, type DataScope } from '../rbac/dataScope';

export interface TodoViewer {
  tenantId: string;
  userId: string;
  /** A customer-side user's customer (null for staff). */
  cusCode: string | null;
  /** Data rules on payment orders (alias `o`). */
  orderScope: () => Promise<DataScope | null>;
}

export interface TodoEntry {
  key: string;
  title: string;
  /** Permission expression (codes separated by commas: any one) the user must hold; null: every signed-in user. */
  permission: string | null;
  path: string;
  query: Record<string, string>;
  /** A statement answering the count in one row and column, its parameters numbered from $1. */
  count(v: TodoViewer): Promise<Counting>;
}

export interface Counting {
  text: string;
  params: unknown[];
}
const count = (text: string, params: unknown[]): Counting => ({ text, params });

/** The viewer's own orders in one status: what 付款订单 lists with 我提交的 and that status. */
const myOrdersTodo = (key: string, title: string, status: string): TodoEntry => ({
  key,
  title,
  permission: PAY_PERMS.submit,
  path: PAY_ORDER_LIST_PATH,
  query: { scope: 'mine', status },
  count: async (v) => {
    const s = scopeSql(await v.orderScope(), 4);
    return count(
      `SELECT count(*) AS n FROM pay_orders o WHERE o.tenant_id = $1 AND o.status = $2 AND o.maker_id = $3
         AND ($4::text IS NULL OR o.from_cus_code = $4 OR o.to_cus_code = $4) AND ${s.text}`,
      [v.tenantId, status, v.userId, v.cusCode, ...s.params],
    );
  },
});

export const TODOS: TodoEntry[] = [
  {
    key: 'approvePending',
    title: '待我审批的订单',
    permission: PAY_PERMS.approve,
    path: APPROVE_LIST_PATH,
    query: {},
    // As pay/queries.ts pendingCount (the 待我审批 badge): others' pending orders within my reach.
    count: async (v) => {
      const s = scopeSql(await v.orderScope(), 3);
      return count(
        `SELECT count(*) AS n FROM pay_orders o WHERE o.tenant_id = $1 AND o.status = 'pending' AND o.maker_id <> $2
           AND ($3::text IS NULL OR o.from_cus_code = $3 OR o.to_cus_code = $3) AND ${s.text}`,
        [v.tenantId, v.userId, v.cusCode, ...s.params],
      );
    },
  },
  myOrdersTodo('myPending', '我提交的待审批订单', 'pending'),
  myOrdersTodo('myExecuting', '我提交的执行中订单', 'executing'),
  myOrdersTodo('myFailed', '我提交的失败订单', 'failed'),
  {
    key: 'cusReview',
    title: '待审核客户',
    permission: CUS_PERMS.audit,
    path: CUS_REVIEW_PATH,
    query: {},
    // As cus/customers.ts listMasters with pendingForMe (进件审核): submitted by someone else.
    count: async (v) =>
      count(
        `SELECT count(*) AS n FROM customers WHERE tenant_id = $1 AND review_status = 'submitted' AND maker_id IS DISTINCT FROM $2
           AND ($3::text IS NULL OR cus_code = $3)`,
        [v.tenantId, v.userId, v.cusCode],
      ),
  },
  {
    key: 'materialReview',
    title: '待审核材料',
    permission: CUS_PERMS.audit,
    path: CUS_REVIEW_PATH,
    query: {},
    count: async (v) =>
      count(
        `SELECT count(*) AS n FROM cus_materials m JOIN customers cu ON cu.tenant_id = m.tenant_id AND cu.cus_code = m.cus_code
          WHERE m.tenant_id = $1 AND m.status = 'pending' AND cu.review_status = 'submitted' AND cu.maker_id IS DISTINCT FROM $2
            AND ($3::text IS NULL OR m.cus_code = $3)`,
        [v.tenantId, v.userId, v.cusCode],
      ),
  },
  {
    key: 'svPending',
    title: '待审批的监管放款与退款',
    permission: SV_PERMS.approve,
    path: SUPERVISE_PATHS.svBoss,
    query: {},
    // Never one's own request (four eyes), as the 监管方 page offers them.
    count: async (v) => count(SV_PENDING_SQL, [v.tenantId, v.userId]),
  },
  {
    key: 'reconOpen',
    title: '未处理的对账差错',
    permission: SETTLE_PERMS.reconList,
    path: SETTLE_PATHS.recon,
    query: {},
    count: async (v) => count(RECON_OPEN_SQL, [v.tenantId]),
  },
  {
    key: 'unread',
    title: '未读消息',
    permission: null,
    path: ANNOUNCEMENT_LIST_PATH,
    query: {},
    // As message/service.ts: the user's unread released messages, plus released all-user
    // announcements they have no row of yet (their row is made when they open the list).
    count: async (v) =>
      count(
        `SELECT (SELECT count(*) FROM announcement_send s JOIN announcements a ON a.id = s.annt_id
                  WHERE s.user_id = $2 AND s.tenant_id = $1 AND s.read_flag = 0 AND a.tenant_id = $1 AND a.send_status = '1' AND a.del_flag = 0)
              + (SELECT count(*) FROM announcements x WHERE x.tenant_id = $1 AND x.msg_type = 'ALL' AND x.send_status = '1' AND x.del_flag = 0
                  AND NOT EXISTS (SELECT 1 FROM announcement_send y WHERE y.annt_id = x.id AND y.user_id = $2)) AS n`,
        [v.tenantId, v.userId],
      ),
  },
];

/** The to-dos the viewer may see, counted in one statement (each entry's count a scalar subquery). */
export async function todosOf(c: SqlConn, v: TodoViewer, allows: (permission: string) => Promise<boolean>): Promise<WorkbenchTodo[]> {
  const held = await Promise.all(TODOS.map((t) => (t.permission === null ? true : allows(t.permission))));
  const shown = TODOS.filter((_, i) => held[i]);
  if (!shown.length) return [];
  const parts = await Promise.all(shown.map((t) => t.count(v)));
  const params: unknown[] = [];
  const columns = parts.map((p, i) => {
    const offset = params.length;
    params.push(...p.params);
    return `(${p.text.replace(/\$(\d+)/g, (_m, n: string) => `$${offset + Number(n)}`)}) AS c${i}`;
  });
  const [row] = await c.query<Record<string, string>>(`SELECT ${columns.join(', ')}`, params);
  return shown.map((t, i) => ({ key: t.key, title: t.title, count: Number(row?.[`c${i}`] ?? 0), path: t.path, query: t.query }));
}
