// The allow-list behind every call that names a table or a column on the wire: the duplicate
// check, the SQL dictionary, table dictionaries of loadDict/loadDictItem and loadTreeData. A wire
// name (snake_case or camelCase, with the jeecg sys_* aliases) maps to a Drizzle column here, or
// the call is refused. Secrets (password hashes, encrypted passwords) are never listed.
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { normaliseName } from '../../../contract/api/configRules';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';

export interface LookupColumn {
  col: PgColumn;
  label: string;
  type: 'text' | 'int';
  /** Compared case-insensitively by the duplicate check (as its unique index is). */
  ci?: boolean;
}
export interface LookupTable {
  table: PgTable;
  id: PgColumn;
  /** Normalised wire name → column. */
  columns: Record<string, LookupColumn>;
  /** Columns the duplicate check may count (normalised names). */
  unique: string[];
  /** Whether reads (SQL dictionary, table dictionaries, trees) may list this table. */
  readable: boolean;
  /**
   * Whose rows these are. A 'tenant' table is read and counted only inside the caller's tenant
   * (readScope, uniqueScope); a 'global' one (systems, the menu catalogue) is the same for all.
   * Every table must say which: tests/server/lookup-tenancy.test.ts refuses a table that holds a
   * tenant (a tenant_id column, or users through their groups) but is declared global.
   */
  tenancy: 'tenant' | 'global';
  /** Rows a request of this tenant may read (required for 'tenant'). */
  readScope?(db: Db, tenantId: string): SQL;
  /** Rows the duplicate check counts among (required for 'tenant'). */
  uniqueScope?(db: Db, tenantId: string): SQL;
  /** Parent column of a tree table (loadTreeData). */
  parent?: PgColumn;
}

const text = (col: PgColumn, label: string): LookupColumn => ({ col, label, type: 'text' });
const int = (col: PgColumn, label: string): LookupColumn => ({ col, label, type: 'int' });
const byTenant = (col: PgColumn) => (_db: Db, tenantId: string) => eq(col, tenantId);
/** Read and uniqueness scope of a table with a tenant_id column. */
const ownTenant = (col: PgColumn) => ({ tenancy: 'tenant' as const, readScope: byTenant(col), uniqueScope: byTenant(col) });

const usersOfTenant = (db: Db, tenantId: string) =>
  inArray(
    t.users.id,
    db.select({ id: t.userGroups.userId }).from(t.userGroups).innerJoin(t.groups, eq(t.groups.id, t.userGroups.groupId)).where(eq(t.groups.tenantId, tenantId)),
  );

export const LOOKUP_TABLES: Readonly<Record<string, LookupTable>> = {
  users: {
    table: t.users,
    id: t.users.id,
    columns: {
      id: text(t.users.id, 'ID'),
      username: text(t.users.username, '用户账号'),
      realname: text(t.users.realname, '用户姓名'),
      mobile: text(t.users.mobile, '手机号码'),
      phone: text(t.users.mobile, '手机号码'),
      email: { col: t.users.email, label: '邮箱', type: 'text', ci: true },
      orgcode: text(t.users.orgCode, '机构编码'),
      status: int(t.users.status, '状态'),
    },
    unique: ['username', 'mobile', 'phone', 'email'],
    readable: true,
    // Whether a mobile or an e-mail exists in another tenant is not the caller's business; the
    // unique indexes still refuse a clash at the write (409 with the field's message).
    tenancy: 'tenant',
    readScope: usersOfTenant,
    uniqueScope: usersOfTenant,
  },
  roles: {
    table: t.roles,
    id: t.roles.id,
    columns: { id: text(t.roles.id, 'ID'), rolecode: text(t.roles.roleCode, '角色编码'), rolename: text(t.roles.roleName, '角色名称') },
    unique: ['rolecode'],
    readable: true,
    ...ownTenant(t.roles.tenantId),
  },
  departments: {
    table: t.departments,
    id: t.departments.id,
    columns: {
      id: text(t.departments.id, 'ID'),
      orgcode: text(t.departments.orgCode, '机构编码'),
      departname: text(t.departments.departName, '部门名称'),
      parentid: text(t.departments.parentId, '上级部门'),
    },
    unique: ['orgcode'],
    readable: true,
    ...ownTenant(t.departments.tenantId),
    parent: t.departments.parentId,
  },
  permissions: {
    table: t.permissions,
    id: t.permissions.id,
    columns: {
      id: text(t.permissions.id, 'ID'),
      name: text(t.permissions.name, '菜单名称'),
      perms: text(t.permissions.perms, '权限编码'),
      parentid: text(t.permissions.parentId, '上级菜单'),
      type: text(t.permissions.type, '菜单类型'),
      status: text(t.permissions.status, '状态'),
    },
    unique: [],
    readable: true,
    // The menu catalogue is one for the whole platform (what a user holds comes from their roles).
    tenancy: 'global',
    parent: t.permissions.parentId,
  },
  dicts: {
    table: t.dicts,
    id: t.dicts.id,
    columns: { id: text(t.dicts.id, 'ID'), dictcode: text(t.dicts.dictCode, '字典编码'), dictname: text(t.dicts.dictName, '字典名称') },
    unique: ['dictcode'],
    readable: true,
    ...ownTenant(t.dicts.tenantId),
  },
  tenants: {
    table: t.tenants,
    id: t.tenants.id,
    columns: { id: text(t.tenants.id, '租户编号'), name: text(t.tenants.name, '租户名称'), domain: text(t.tenants.domain, '域名') },
    unique: ['id', 'name', 'domain'],
    // Other tenants' names are not every user's business.
    readable: false,
    tenancy: 'global',
  },
  systems: {
    table: t.systems,
    id: t.systems.id,
    columns: { id: text(t.systems.id, 'ID'), syscode: text(t.systems.sysCode, '系统编码'), sysname: text(t.systems.sysName, '系统名称') },
    unique: ['syscode'],
    readable: true,
    tenancy: 'global',
  },
  groups: {
    table: t.groups,
    id: t.groups.id,
    columns: {
      id: text(t.groups.id, 'ID'),
      groupname: text(t.groups.groupName, '分组名称'),
      grouptype: text(t.groups.groupType, '分组类型'),
      cuscode: text(t.groups.cusCode, '客户代码'),
      systemid: text(t.groups.systemId, '系统'),
    },
    unique: ['groupname'],
    readable: true,
    ...ownTenant(t.groups.tenantId),
  },
  businessentities: {
    table: t.businessEntities,
    id: t.businessEntities.id,
    columns: {
      id: text(t.businessEntities.id, 'ID'),
      entityname: text(t.businessEntities.entityName, '主体名称'),
      url: text(t.businessEntities.url, '地址'),
      status: int(t.businessEntities.status, '状态'),
    },
    unique: ['entityname'],
    readable: true,
    ...ownTenant(t.businessEntities.tenantId),
  },
  gatewayroutes: {
    table: t.gatewayRoutes,
    id: t.gatewayRoutes.id,
    columns: { routerid: text(t.gatewayRoutes.routerId, '路由ID') },
    unique: ['routerid'],
    readable: false,
    tenancy: 'global',
  },
  datasources: {
    table: t.dataSources,
    id: t.dataSources.id,
    columns: { id: text(t.dataSources.id, 'ID'), code: text(t.dataSources.code, '数据源编码'), name: text(t.dataSources.name, '数据源名称') },
    unique: ['code'],
    readable: true,
    ...ownTenant(t.dataSources.tenantId),
  },
  fillrules: {
    table: t.fillRules,
    id: t.fillRules.id,
    columns: { id: text(t.fillRules.id, 'ID'), rulecode: text(t.fillRules.ruleCode, '规则编码'), rulename: text(t.fillRules.ruleName, '规则名称') },
    unique: ['rulecode'],
    readable: true,
    ...ownTenant(t.fillRules.tenantId),
  },
  checkrules: {
    table: t.checkRules,
    id: t.checkRules.id,
    columns: { id: text(t.checkRules.id, 'ID'), rulecode: text(t.checkRules.ruleCode, '规则编码'), rulename: text(t.checkRules.ruleName, '规则名称') },
    unique: ['rulecode'],
    readable: true,
    ...ownTenant(t.checkRules.tenantId),
  },
};

/** jeecg table names the client may still send. */
const ALIASES: Record<string, string> = {
  sysuser: 'users',
  sysrole: 'roles',
  sysdepart: 'departments',
  syspermission: 'permissions',
  sysdict: 'dicts',
  systenant: 'tenants',
  syssystem: 'systems',
  sysgroup: 'groups',
  sysentity: 'businessentities',
  sysgatewayroute: 'gatewayroutes',
  sysdatasource: 'datasources',
  sysfillrule: 'fillrules',
  syscheckrule: 'checkrules',
};

export function lookupTable(wireName: string): LookupTable | undefined {
  const n = normaliseName(wireName);
  const key = ALIASES[n] ?? n;
  return Object.prototype.hasOwnProperty.call(LOOKUP_TABLES, key) ? LOOKUP_TABLES[key] : undefined;
}

export function lookupColumn(table: LookupTable, wireName: string): LookupColumn | undefined {
  const n = normaliseName(wireName);
  return Object.prototype.hasOwnProperty.call(table.columns, n) ? table.columns[n] : undefined;
}
