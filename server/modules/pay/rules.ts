// What a data rule may name on the payment-order pages (issue 13 §3). 付款订单, 待我审批 (and its
// 订单详情), 分账审核, 调账申请 and 退款申请 all list orders through PayOrderInquiry and open them
// through PayOrderDetail; each declares the same columns, and a user's reads, decisions, edits and
// cancels of orders are narrowed by the rules of all of them together (dataScopeOfAll): the call
// does not say which page asks, so a rule on one page is not stepped around through another.
// Columns are of the alias `o` the pay statements read pay_orders under (queries.ts, store.ts).
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PAY_PERMS } from '../../../contract/api/pay';
import { CATALOGUE } from '../../db/catalogue';
import type { Db } from '../../db/client';
import { payOrders, users } from '../../db/schema';
import type { AuthContext } from '../../http/guard';
import { dataRuleResource, dataScopeOfAll, menuOfPermission, ruleExpression, type DataScope } from '../rbac/dataScope';

const o = alias(payOrders, 'o');

/** A page of the catalogue by id (fails at start when the catalogue lost it). */
function page(id: string): string {
  if (!CATALOGUE.some((e) => e.id === id && e.type === '1')) throw new Error(`no catalogue page ${id}`);
  return id;
}

const ORDER_RULE_COLUMNS = {
  /** The maker's user code (#{sys_user_code}); makerId is their user id (#{sys_user_id}). */
  createBy: ruleExpression(sql`(SELECT ${users.username} FROM ${users} WHERE ${users.id} = ${o.makerId})`, 'string'),
  makerId: o.makerId,
  /** The order's customer: the payer's, else (adjust, distribution to) the receiving one. */
  cusCode: ruleExpression(sql`COALESCE(${o.fromCusCode}, ${o.toCusCode})`, 'string'),
  fromCusCode: o.fromCusCode,
  toCusCode: o.toCusCode,
  fromAcctNo: o.fromAcctNo,
  orderNo: o.orderNo,
  status: o.status,
  kind: o.kind,
  /** In yuan, as the pages show it. */
  amount: ruleExpression(sql`(${o.amount} / 100.0)`, 'number'),
};

export const ORDER_RULES = [
  menuOfPermission(PAY_PERMS.inquiry),
  menuOfPermission(PAY_PERMS.approve),
  page('m-approve-detail'),
  page('m-merchant-audit'),
  page('m-acct-adjust'),
  page('m-acct-refund'),
].map((menuId) => dataRuleResource(menuId, ORDER_RULE_COLUMNS));

/** The narrowing of the user's reads and decisions of payment orders, or null. */
export const orderScopeOf = (db: Db, auth: AuthContext): Promise<DataScope | null> => dataScopeOfAll(db, auth, ORDER_RULES);
