// Drizzle mirror of the hand-written SQL in ./migrations. The SQL is the truth for the database;
// this file is what the services query through. Keep the two in step.
import { bigint, boolean, integer, jsonb, pgTable, pgView, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  domain: text('domain'),
  status: integer('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const systems = pgTable('systems', {
  id: text('id').primaryKey(),
  sysCode: text('sys_code').notNull(),
  sysName: text('sys_name').notNull(),
  sortNo: integer('sort_no').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const groups = pgTable('groups', {
  id: text('id').primaryKey(),
  groupName: text('group_name').notNull(),
  groupType: text('group_type').notNull(),
  orgType: text('org_type').notNull().default(''),
  tenantId: text('tenant_id').notNull(),
  systemId: text('system_id').notNull(),
  cusCode: text('cus_code'),
  objCode: text('obj_code'),
  sortNo: integer('sort_no').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  username: text('username').notNull(),
  realname: text('realname').notNull(),
  passwordHash: text('password_hash').notNull(),
  mobile: text('mobile'),
  avatar: text('avatar'),
  sex: integer('sex'),
  orgCode: text('org_code'),
  status: integer('status').notNull().default(1),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: ts('locked_until'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  // 0002_users.sql
  email: text('email'),
  telephone: text('telephone'),
  birthday: text('birthday'),
  post: text('post'),
  workNo: text('work_no'),
  createdBy: text('created_by'),
  updatedBy: text('updated_by'),
});

export const userGroups = pgTable(
  'user_groups',
  { userId: text('user_id').notNull(), groupId: text('group_id').notNull(), sortNo: integer('sort_no').notNull().default(0) },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] })],
);

export const departments = pgTable('departments', {
  id: text('id').primaryKey(),
  parentId: text('parent_id'),
  orgCode: text('org_code').notNull(),
  departName: text('depart_name').notNull(),
  sortNo: integer('sort_no').notNull().default(0),
  // 0003_rbac
  tenantId: text('tenant_id').notNull().default('0'),
  /** '1' company, '2' department, '3' post. */
  orgCategory: text('org_category').notNull().default('2').$type<'1' | '2' | '3'>(),
  mobile: text('mobile'),
  fax: text('fax'),
  address: text('address'),
  memo: text('memo'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const userDeparts = pgTable(
  'user_departs',
  { userId: text('user_id').notNull(), departId: text('depart_id').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.departId] })],
);

export const roles = pgTable('roles', {
  id: text('id').primaryKey(),
  roleCode: text('role_code').notNull(),
  roleName: text('role_name').notNull(),
  // 0003_rbac
  tenantId: text('tenant_id').notNull().default('0'),
  description: text('description'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at'),
});

export const userRoles = pgTable(
  'user_roles',
  { userId: text('user_id').notNull(), roleId: text('role_id').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const permissions = pgTable('permissions', {
  id: text('id').primaryKey(),
  parentId: text('parent_id'),
  name: text('name').notNull(),
  path: text('path'),
  component: text('component'),
  componentName: text('component_name'),
  redirect: text('redirect'),
  hidden: boolean('hidden').notNull().default(false),
  route: boolean('route').notNull().default(true),
  alwaysShow: boolean('always_show').notNull().default(false),
  keepAlive: boolean('keep_alive').notNull().default(false),
  icon: text('icon'),
  url: text('url'),
  internalOrExternal: boolean('internal_or_external').notNull().default(false),
  sortNo: integer('sort_no').notNull().default(0),
  /** '0' menu directory, '1' page, '2' button. */
  type: text('type').notNull().$type<'0' | '1' | '2'>(),
  perms: text('perms'),
  status: text('status').notNull().default('1').$type<'0' | '1'>(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  { roleId: text('role_id').notNull(), permissionId: text('permission_id').notNull() },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const dicts = pgTable('dicts', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  dictCode: text('dict_code').notNull(),
  dictName: text('dict_name').notNull(),
  description: text('description'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const dictItems = pgTable('dict_items', {
  id: text('id').primaryKey(),
  dictId: text('dict_id').notNull(),
  itemValue: text('item_value').notNull(),
  itemText: text('item_text').notNull(),
  color: text('color'),
  sortNo: integer('sort_no').notNull().default(0),
  status: integer('status').notNull().default(1),
  description: text('description'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sysInfo = pgTable('sys_info', {
  tenantId: text('tenant_id').primaryKey(),
  sysName: text('sys_name').notNull(),
  tabTitle: text('tab_title').notNull(),
  tabLogo: text('tab_logo'),
  logo: text('logo'),
  bkg: text('bkg'),
  copyright: text('copyright').notNull(),
  company: text('company').notNull(),
  companyLogo: text('company_logo'),
  registerEnt: text('register_ent'),
  registerSecurity: text('register_security'),
  sysColor: text('sys_color').notNull(),
  sysTheme: text('sys_theme'),
  sysBriefName: text('sys_brief_name').notNull(),
  cfgOpPwd: text('cfg_op_pwd').notNull().default('false').$type<'true' | 'false'>(),
  cfgPayPwd: text('cfg_pay_pwd').notNull().default('false').$type<'true' | 'false'>(),
  cfgDataDecrypt: text('cfg_data_decrypt').notNull().default('false').$type<'true' | 'false'>(),
  helpUrl: text('help_url'),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  familyId: text('family_id').notNull(),
  userId: text('user_id').notNull(),
  groupId: text('group_id'),
  accessTokenHash: text('access_token_hash').notNull(),
  accessExpiresAt: ts('access_expires_at').notNull(),
  refreshTokenHash: text('refresh_token_hash').notNull(),
  refreshExpiresAt: ts('refresh_expires_at').notNull(),
  rotatedAt: ts('rotated_at'),
  revokedAt: ts('revoked_at'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: ts('created_at').notNull().defaultNow(),
  // 0003_rbac
  lastSeenAt: ts('last_seen_at'),
});

export const loginLog = pgTable('login_log', {
  id: text('id').primaryKey(),
  username: text('username').notNull(),
  userId: text('user_id'),
  method: text('method').notNull(),
  ok: boolean('ok').notNull(),
  reason: text('reason'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const loginFailures = pgTable('login_failures', {
  id: text('id').primaryKey(),
  username: text('username').notNull(),
  ip: text('ip').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const smsOutbox = pgTable('sms_outbox', {
  id: text('id').primaryKey(),
  mobile: text('mobile').notNull(),
  content: text('content').notNull(),
  smsType: text('sms_type').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const smsCodes = pgTable('sms_codes', {
  id: text('id').primaryKey(),
  mobile: text('mobile').notNull(),
  smsType: text('sms_type').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const captchas = pgTable('captchas', {
  checkKey: text('check_key').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

// Announcements and system messages (migration 0005, message module).
export const announcements = pgTable('announcements', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  titile: text('titile').notNull(),
  msgContent: text('msg_content').notNull().default(''),
  msgAbstract: text('msg_abstract'),
  sender: text('sender').notNull(),
  priority: text('priority').notNull().default('L').$type<'L' | 'M' | 'H'>(),
  msgCategory: text('msg_category').notNull().default('1').$type<'1' | '2'>(),
  msgType: text('msg_type').notNull().default('ALL').$type<'ALL' | 'USER' | 'ROLE' | 'DEPART'>(),
  recipientIds: text('recipient_ids').notNull().default(''),
  openType: text('open_type'),
  openPage: text('open_page'),
  busId: text('bus_id'),
  sendStatus: text('send_status').notNull().default('0').$type<'0' | '1' | '2'>(),
  sendTime: ts('send_time'),
  cancelTime: ts('cancel_time'),
  delFlag: integer('del_flag').notNull().default(0),
  createBy: text('create_by'),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time'),
});

export const announcementSend = pgTable('announcement_send', {
  id: text('id').primaryKey(),
  anntId: text('annt_id').notNull(),
  userId: text('user_id').notNull(),
  tenantId: text('tenant_id').notNull(),
  readFlag: integer('read_flag').notNull().default(0),
  readTime: ts('read_time'),
  createTime: ts('create_time').notNull().defaultNow(),
});

// ---- 0003_rbac: data rules, department permissions and roles, operation log ----

export const permissionDataRules = pgTable('permission_data_rules', {
  id: text('id').primaryKey(),
  permissionId: text('permission_id').notNull(),
  ruleName: text('rule_name').notNull(),
  ruleColumn: text('rule_column').notNull(),
  ruleConditions: text('rule_conditions').notNull(),
  ruleValue: text('rule_value').notNull(),
  status: text('status').notNull().default('1').$type<'0' | '1'>(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const departPermissions = pgTable(
  'depart_permissions',
  { departId: text('depart_id').notNull(), permissionId: text('permission_id').notNull() },
  (t) => [primaryKey({ columns: [t.departId, t.permissionId] })],
);

export const departRoles = pgTable('depart_roles', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  departId: text('depart_id').notNull(),
  roleName: text('role_name').notNull(),
  roleCode: text('role_code').notNull(),
  description: text('description'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const departRolePermissions = pgTable(
  'depart_role_permissions',
  { roleId: text('role_id').notNull(), permissionId: text('permission_id').notNull() },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const operationLog = pgTable('operation_log', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  userId: text('user_id'),
  username: text('username').notNull(),
  ip: text('ip'),
  logContent: text('log_content').notNull(),
  method: text('method').notNull(),
  requestUrl: text('request_url').notNull(),
  costTime: integer('cost_time').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Sign-in rows shaped like the log list (a view over login_log). */
export const loginLogView = pgView('login_log_view', {
  id: text('id').notNull(),
  username: text('username').notNull(),
  userId: text('user_id'),
  ip: text('ip'),
  method: text('method').notNull(),
  ok: boolean('ok').notNull(),
  logContent: text('log_content').notNull(),
  createdAt: ts('created_at').notNull(),
}).existing();

// Scheduled jobs (migration 0006_jobs.sql).
export const jobs = pgTable('jobs', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull().default('0'),
  jobName: text('job_name').notNull(),
  handler: text('handler').notNull(),
  cronExpression: text('cron_expression').notNull(),
  parameter: text('parameter').notNull().default(''),
  description: text('description').notNull().default(''),
  status: text('status').notNull().default('0').$type<'0' | '-1'>(),
  nextFireTime: ts('next_fire_time'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const jobRuns = pgTable('job_runs', {
  id: text('id').primaryKey(),
  jobId: text('job_id').notNull(),
  fireTime: ts('fire_time').notNull(),
  startedAt: ts('started_at').notNull(),
  finishedAt: ts('finished_at'),
  durationMs: integer('duration_ms'),
  status: text('status').notNull().$type<'running' | 'success' | 'failed' | 'skipped'>(),
  error: text('error'),
  result: text('result'),
  trigger: text('trigger').notNull().$type<'scheduled' | 'manual'>(),
  nodeId: text('node_id').notNull(),
});

// ---- configuration area (migration 0004_config.sql) ----

export const businessEntities = pgTable('business_entities', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  entityName: text('entity_name').notNull(),
  url: text('url'),
  status: integer('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const gatewayRoutes = pgTable('gateway_routes', {
  id: text('id').primaryKey(),
  routerId: text('router_id').notNull(),
  name: text('name').notNull(),
  uri: text('uri').notNull(),
  predicates: text('predicates').notNull().default('[]'),
  filters: text('filters').notNull().default('[]'),
  status: integer('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const dataSources = pgTable('data_sources', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  dbType: text('db_type').notNull().default('postgres').$type<'postgres'>(),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  database: text('database').notNull(),
  username: text('username').notNull(),
  passwordEnc: text('password_enc'),
  remark: text('remark'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const fillRules = pgTable('fill_rules', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  ruleCode: text('rule_code').notNull(),
  ruleName: text('rule_name').notNull(),
  ruleClass: text('rule_class').notNull(),
  ruleParams: text('rule_params'),
  seqDay: text('seq_day'),
  seqValue: integer('seq_value').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const checkRules = pgTable('check_rules', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  ruleCode: text('rule_code').notNull(),
  ruleName: text('rule_name').notNull(),
  ruleJson: text('rule_json').notNull(),
  description: text('description'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// 0008_pay.sql (payment orders; the pay module queries them with parameterised SQL through the ledger store)
const fen = (name: string) => bigint(name, { mode: 'bigint' });
export const payOrders = pgTable('pay_orders', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  orderNo: text('order_no').notNull(),
  kind: text('kind').notNull(),
  status: text('status').notNull(),
  version: integer('version').notNull().default(1),
  makerId: text('maker_id').notNull(),
  makerName: text('maker_name').notNull().default(''),
  approverId: text('approver_id'),
  approverName: text('approver_name'),
  fromAcctNo: text('from_acct_no'),
  fromCusCode: text('from_cus_code'),
  payeeName: text('payee_name'),
  payeeAcctNo: text('payee_acct_no'),
  bankCardNo: text('bank_card_no'),
  toCusCode: text('to_cus_code'),
  amount: fen('amount').notNull(),
  paidAmount: fen('paid_amount').notNull().default(0n),
  remark: text('remark').notNull().default(''),
  direction: text('direction'),
  origOrderId: text('orig_order_id'),
  payload: jsonb('payload').notNull(),
  splits: jsonb('splits'),
  holdId: text('hold_id'),
  rejectReason: text('reject_reason'),
  failReason: text('fail_reason'),
  channelOrderId: text('channel_order_id'),
  rowCount: integer('row_count').notNull().default(0),
  succeededCount: integer('succeeded_count').notNull().default(0),
  failedCount: integer('failed_count').notNull().default(0),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  submittedAt: ts('submitted_at'),
  decidedAt: ts('decided_at'),
  finishedAt: ts('finished_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export const payOrderEvents = pgTable('pay_order_events', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  orderId: text('order_id').notNull(),
  tenantId: text('tenant_id').notNull(),
  action: text('action').notNull(),
  actorId: text('actor_id').notNull(),
  actorName: text('actor_name').notNull().default(''),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  reason: text('reason').notNull().default(''),
  version: integer('version').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export const payBatchRows = pgTable(
  'pay_batch_rows',
  {
    orderId: text('order_id').notNull(),
    rowNo: integer('row_no').notNull(),
    payeeName: text('payee_name').notNull(),
    payeeAcctNo: text('payee_acct_no'),
    bankCardNo: text('bank_card_no'),
    amount: fen('amount').notNull(),
    remark: text('remark').notNull().default(''),
    status: text('status').notNull().default('pending'),
    failReason: text('fail_reason'),
    entryId: text('entry_id'),
    channelOrderId: text('channel_order_id'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.rowNo] })],
);
export const invoices = pgTable('invoices', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  cusCode: text('cus_code').notNull(),
  amount: fen('amount').notNull(),
  title: text('title').notNull(),
  taxNo: text('tax_no').notNull().default(''),
  remark: text('remark').notNull().default(''),
  status: text('status').notNull().default('applied'),
  invoiceNo: text('invoice_no'),
  appliedBy: text('applied_by').notNull(),
  issuedBy: text('issued_by'),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  issuedAt: ts('issued_at'),
});
export const customerStatusLog = pgTable('customer_status_log', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  tenantId: text('tenant_id').notNull(),
  cusCode: text('cus_code').notNull(),
  status: text('status').notNull(),
  reason: text('reason').notNull().default(''),
  actorId: text('actor_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export const payPasswords = pgTable('pay_passwords', {
  userId: text('user_id').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  failed: integer('failed').notNull().default(0),
  lockedUntil: ts('locked_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export const opPasswords = pgTable('op_passwords', {
  userId: text('user_id').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export const decryptedSessions = pgTable('decrypted_sessions', {
  familyId: text('family_id').primaryKey(),
  userId: text('user_id').notNull(),
  decryptedUntil: ts('decrypted_until').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// 0007_ledger.sql — the money core. Postings go through server/modules/ledger (raw SQL in one
// transaction); these mirrors are for reads and joins from other modules. Amounts are fen (bigint,
// the `fen` column helper above).
const id64 = (name: string) => bigint(name, { mode: 'number' });

export const customers = pgTable('customers', {
  id: id64('id').primaryKey().generatedAlwaysAsIdentity(),
  tenantId: text('tenant_id').notNull(),
  cusCode: text('cus_code').notNull(),
  cusName: text('cus_name').notNull(),
  cusType: text('cus_type').notNull().default('customer').$type<'customer' | 'supplier' | 'agent'>(),
  status: text('status').notNull().default('enabled').$type<'enabled' | 'disabled'>(),
  mobile: text('mobile'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const accounts = pgTable('accounts', {
  id: id64('id').primaryKey().generatedAlwaysAsIdentity(),
  tenantId: text('tenant_id').notNull(),
  accountNo: text('account_no').notNull(),
  customerId: id64('customer_id'),
  ownerKind: text('owner_kind').notNull().$type<'customer' | 'platform'>(),
  accountType: text('account_type').notNull(),
  currency: text('currency').notNull().default('CNY'),
  status: text('status').notNull().default('normal').$type<'normal' | 'frozen' | 'closed'>(),
  balance: fen('balance').notNull().default(0n),
  frozen: fen('frozen').notNull().default(0n),
  accountName: text('account_name').notNull().default(''),
  idempotencyKey: text('idempotency_key'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const bankCards = pgTable('bank_cards', {
  id: id64('id').primaryKey().generatedAlwaysAsIdentity(),
  tenantId: text('tenant_id').notNull(),
  customerId: id64('customer_id').notNull(),
  cardNo: text('card_no').notNull(),
  holderName: text('holder_name').notNull(),
  bankName: text('bank_name').notNull().default(''),
  status: text('status').notNull().default('bound'),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const holds = pgTable('holds', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  accountId: id64('account_id').notNull(),
  amount: fen('amount').notNull(),
  remaining: fen('remaining').notNull(),
  status: text('status').notNull().default('open').$type<'open' | 'released' | 'captured'>(),
  reason: text('reason').notNull().default(''),
  createdBy: text('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  resolvedAt: ts('resolved_at'),
});

export const ledgerHeads = pgTable(
  'ledger_heads',
  { tenantId: text('tenant_id').notNull(), lane: integer('lane').notNull(), seq: fen('seq').notNull(), lastHash: text('last_hash').notNull(), prevHash: text('prev_hash').notNull().default('') },
  (t) => [primaryKey({ columns: [t.tenantId, t.lane] })],
);

export const journalEntries = pgTable('journal_entries', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  entryNo: fen('entry_no').notNull(),
  lane: integer('lane').notNull(),
  laneSeq: fen('lane_seq').notNull(),
  kind: text('kind').notNull(),
  actor: text('actor').notNull(),
  reason: text('reason').notNull().default(''),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  requestId: text('request_id').notNull().default(''),
  holdId: text('hold_id'),
  holdDelta: fen('hold_delta'),
  reverses: text('reverses'),
  createdAt: ts('created_at').notNull(),
  prevHash: text('prev_hash').notNull(),
  hash: text('hash').notNull(),
});

export const postings = pgTable('postings', {
  id: id64('id').primaryKey().generatedAlwaysAsIdentity(),
  entryId: text('entry_id').notNull(),
  lineNo: integer('line_no').notNull(),
  accountId: id64('account_id').notNull(),
  amount: fen('amount').notNull(),
  balanceAfter: fen('balance_after').notNull(),
});

export const channelOrders = pgTable('channel_orders', {
  id: text('id').primaryKey(),
  tenantId: text('tenant_id').notNull(),
  kind: text('kind').notNull().$type<'charge' | 'withdraw'>(),
  accountId: id64('account_id').notNull(),
  amount: fen('amount').notNull(),
  cardNo: text('card_no'),
  status: text('status').notNull().default('pending').$type<'pending' | 'succeeded' | 'failed'>(),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  actor: text('actor').notNull(),
  reason: text('reason').notNull().default(''),
  reserveEntryId: text('reserve_entry_id'),
  settleEntryId: text('settle_entry_id'),
  channelRef: text('channel_ref'),
  failReason: text('fail_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
