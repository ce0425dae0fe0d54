// Drizzle mirror of ./migrations (the SQL is the truth); see ../schema.ts.
import { boolean, integer, pgTable, pgView, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

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

/** 0017: the data rules of a menu a role is held to. */
export const roleDataRules = pgTable('role_data_rules', { roleId: text('role_id').notNull(), ruleId: text('rule_id').notNull() }, (t) => [
  primaryKey({ columns: [t.roleId, t.ruleId] }),
]);

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

/** 0030: the department roles a user is linked to (they count only while the user is in the role's department). */
export const departRoleUsers = pgTable('depart_role_users', { userId: text('user_id').notNull(), roleId: text('role_id').notNull() }, (t) => [
  primaryKey({ columns: [t.userId, t.roleId] }),
]);

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
