// One mapping of PostgreSQL's refusals of client input to answers. A unique index is where
// uniqueness is decided (never a read before the write, which two concurrent creates both pass):
// its violation (23505) is a 409 '{fieldName}已存在' naming the field of the refusing index.
// Bad text for a column's type, too long, out of range, missing, a dangling reference or a failed
// CHECK (class 22, 23502, 23503, 23514, 54000) is a 400. Anything else stays a server fault.
import { CONFIG_MSG } from '../../contract/api/config';
import { CUS_MSG } from '../../contract/api/cusWire';
import { RBAC_MSG } from '../../contract/api/rbac';
import { MSG } from '../../contract/messages';
import { AppError } from './envelope';

/**
 * What each unique index or constraint says when it refuses a write (index name → message). Every
 * unique index of the migrations is here (tests/server/unique-messages.test.ts reads them from the
 * database), including those only the server's own keys can collide on: a collision there is still
 * named, never the generic '数据已存在'.
 */
export const UNIQUE_MESSAGES: Readonly<Record<string, string>> = {
  tenants_name_uq: CONFIG_MSG.exists('租户名称'),
  tenants_domain_uq: CONFIG_MSG.exists('域名'),
  business_entities_name_uq: CONFIG_MSG.exists('主体名称'),
  systems_sys_code_key: CONFIG_MSG.exists('系统编码'),
  roles_role_code_key: RBAC_MSG.roleCodeTaken,
  depart_roles_depart_id_role_code_key: RBAC_MSG.departRoleCodeTaken,
  departments_org_code_key: CONFIG_MSG.exists('机构编码'),
  permissions_perms_uq: RBAC_MSG.permPermsTaken,
  dicts_tenant_id_dict_code_key: CONFIG_MSG.dictCodeTaken,
  dict_items_value_uq: CONFIG_MSG.itemValueTaken,
  users_username_key: CONFIG_MSG.exists('用户账号'),
  users_mobile_key: CONFIG_MSG.exists('手机号'),
  users_email_uidx: CONFIG_MSG.exists('邮箱'),
  gateway_routes_router_id_key: CONFIG_MSG.exists('路由ID'),
  data_sources_tenant_id_code_key: CONFIG_MSG.exists('数据源编码'),
  fill_rules_tenant_id_rule_code_key: CONFIG_MSG.exists('规则编码'),
  check_rules_tenant_id_rule_code_key: CONFIG_MSG.exists('规则编码'),
  customers_tenant_id_cus_code_key: CONFIG_MSG.exists('客户编号'),
  bank_cards_customer_id_card_no_key: CONFIG_MSG.exists('银行卡号'),
  categories_code_uq: CONFIG_MSG.exists('分类编码'),
  positions_code_uq: CONFIG_MSG.exists('职务编码'),
  online_reports_code_uq: CONFIG_MSG.exists('报表编码'),
  accounts_account_no_key: CONFIG_MSG.exists('账号'),
  accounts_customer_type: CONFIG_MSG.exists('该客户同类型账户'),
  accounts_platform_type: CONFIG_MSG.exists('平台同类型账户'),
  accounts_open_key: CONFIG_MSG.exists('开户请求'),
  announcement_send_annt_id_user_id_key: CONFIG_MSG.exists('通告接收记录'),
  channel_orders_tenant_id_kind_idempotency_key_key: CONFIG_MSG.exists('渠道请求'),
  invoices_invoice_no_key: CONFIG_MSG.exists('发票号'),
  invoices_tenant_id_idempotency_key_key: CONFIG_MSG.exists('开票请求'),
  job_runs_scheduled_once: CONFIG_MSG.exists('该时刻的定时执行记录'),
  journal_entries_entry_no_key: CONFIG_MSG.exists('记账凭证号'),
  journal_entries_tenant_id_idempotency_key_key: CONFIG_MSG.exists('记账请求'),
  journal_entries_tenant_id_lane_lane_seq_key: CONFIG_MSG.exists('记账序号'),
  pay_orders_order_no_key: CONFIG_MSG.exists('订单号'),
  pay_orders_tenant_id_kind_idempotency_key_key: CONFIG_MSG.exists('付款请求'),
  postings_entry_id_line_no_key: CONFIG_MSG.exists('分录行号'),
  sessions_access_token_hash_key: CONFIG_MSG.exists('访问令牌'),
  sessions_refresh_token_hash_key: CONFIG_MSG.exists('刷新令牌'),
  uploaded_files_path_key: CONFIG_MSG.exists('文件路径'),
  customers_credit_code: CUS_MSG.creditTaken,
  cus_innets_live: CUS_MSG.innetExists,
  cus_contracts_contract_no_key: CONFIG_MSG.exists('合同编号'),
  groups_cus_code_uq: CUS_MSG.inviteGroupTaken,
  cus_contracts_innet_id_key: CONFIG_MSG.exists('该入网申请的合同'),
  cus_fee_configs_tenant_id_cus_code_provider_version_key: CONFIG_MSG.exists('该费率版本'),
  fee_rules_version_uq: CONFIG_MSG.exists('该费率规则版本'),
  fee_charges_entry_ref_uq: CONFIG_MSG.exists('该手续费记录'),
  split_rules_version_uq: CONFIG_MSG.exists('该分账规则版本'),
  split_entries_source_uq: CONFIG_MSG.exists('该笔入账的分账'),
  settle_batches_batch_no_key: CONFIG_MSG.exists('结算批次号'),
  settle_batches_tenant_id_idempotency_key_key: CONFIG_MSG.exists('该结算请求'),
  settle_items_batch_id_cus_code_key: CONFIG_MSG.exists('该批次的客户结算'),
  recon_items_tenant_id_day_ref_key: CONFIG_MSG.exists('该对账记录'),
  sv_funds_tenant_id_cus_code_supplier_code_contract_no_key: CONFIG_MSG.exists('该合同的监管资金'),
  sv_requests_request_no_key: CONFIG_MSG.exists('申请单号'),
  sv_requests_tenant_id_idempotency_key_key: CONFIG_MSG.exists('该申请'),
};

interface PgFault {
  code: string;
  constraint?: string;
  detail?: string;
}

/** The driver's error behind `err` (pg and PGlite alike, also when Drizzle wraps it). */
export function pgFault(err: unknown): PgFault | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, hops = 0; e && hops < 4; e = e.cause as typeof e, hops++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as PgFault;
  }
  return null;
}

/** The message of a unique violation, or undefined when `err` is none. */
export function uniqueMessage(err: unknown, fallback: string = MSG.dbDuplicate): string | undefined {
  const f = pgFault(err);
  if (f?.code !== '23505') return undefined;
  return (f.constraint && UNIQUE_MESSAGES[f.constraint]) || fallback;
}

/** The 4xx a PostgreSQL refusal of client input stands for, or null for a server fault. */
export function pgRefusal(err: unknown): AppError | null {
  const f = pgFault(err);
  if (!f) return null;
  if (f.code === '23505') return new AppError(409, uniqueMessage(err)!);
  if (f.code === '23503') return new AppError(400, /still referenced/.test(f.detail ?? '') ? MSG.dbInUse : MSG.dbBadReference);
  if (f.code === '23502') return new AppError(400, MSG.dbRequired);
  if (f.code === '23514') return new AppError(400, MSG.dbCheck);
  if (f.code === '22001' || f.code === '54000') return new AppError(400, MSG.dbTooLong);
  if (f.code === '22003') return new AppError(400, MSG.dbOutOfRange);
  if (f.code.startsWith('22')) return new AppError(400, MSG.dbBadValue);
  return null;
}
