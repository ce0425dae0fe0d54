// Dictionaries, tenant look and settings, sessions, sign-in records, SMS, captchas and announcements.
// Drizzle mirror of ./migrations (the SQL is the truth); see ../schema.ts.
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

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
