// Tenants, systems, groups, users, departments, roles and permissions (0001, 0002).
// Drizzle mirror of ./migrations (the SQL is the truth); see ../schema.ts.
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

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
  // 0012_user_tenants.sql: the tenants of the user's groups, kept by triggers (never written here).
  tenantIds: text('tenant_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
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

export const userDeparts = pgTable('user_departs', { userId: text('user_id').notNull(), departId: text('depart_id').notNull() }, (t) => [
  primaryKey({ columns: [t.userId, t.departId] }),
]);

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

export const userRoles = pgTable('user_roles', { userId: text('user_id').notNull(), roleId: text('role_id').notNull() }, (t) => [
  primaryKey({ columns: [t.userId, t.roleId] }),
]);

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

export const rolePermissions = pgTable('role_permissions', { roleId: text('role_id').notNull(), permissionId: text('permission_id').notNull() }, (t) => [
  primaryKey({ columns: [t.roleId, t.permissionId] }),
]);
