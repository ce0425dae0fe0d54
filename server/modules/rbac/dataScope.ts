// Data rules in force: what a data rule of a menu (rules.ts) does to the reads of that menu's
// resource. A resource declares, once, the columns a rule may name (dataRuleResource); a rule on any
// other column is refused when it is saved. Per request, dataScopeOf finds the rules the user is
// held to through their roles of the request's tenant (role_data_rules) and compiles them into one
// Drizzle condition whose values are parameters (rule values and the user's variables never enter
// the SQL text). The list, detail, export, super-query and lookup calls of the resource add it to
// their WHERE, and list caches add its key to theirs.
//
// Which roles count: a role held to rules on the menu sees the rows all its rules allow (and-ed);
// several such roles add up (or-ed); a role of the tenant that grants the menu without any rule sees
// everything (a department role carries no rules: when it grants the menu, it is such a role). A user
// none of whose roles carries a rule of the menu is not narrowed.
import { and, eq, gt, gte, ilike, inArray, lt, lte, ne, notInArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DATA_RULE_MSG, RULE_VARIABLES, RULE_VARIABLE_RX, type RuleVariable } from '../../../contract/api/dataRules';
import { RULE_CONDITIONS } from '../../../contract/api/rbac';
import { formatDate, formatDateTime, parseDisplayTime } from '../../../contract/time';
import { CATALOGUE } from '../../db/catalogue';
import type { Db } from '../../db/client';
import { departments, permissionDataRules, roleDataRules, rolePermissions, roles, userDeparts, userRoles } from '../../db/schema';
import { AppError } from '../../http/envelope';
import { authCacheOf } from '../session/authCache';
import { departRoleGrantIds } from '../resources/service';
import type { AuthContext } from '../../http/guard';
import { likeEscape, type Bind } from '../../lib/listSql';

type Condition = (typeof RULE_CONDITIONS)[number];

/** A resource rules may narrow: its menu and the columns a rule may name (wire and column names). */
export interface DataRuleResource {
  menuId: string;
  columns: ReadonlyMap<string, AnyColumn>;
}

/** The resources of each menu (a page may list more than one table, e.g. dictionaries and their items). */
const RESOURCES = new Map<string, DataRuleResource[]>();

/** The page (menu) a button's permission code hangs under in the catalogue. */
export function menuOfPermission(code: string): string {
  const button = CATALOGUE.find((e) => e.perms === code);
  const menu = button?.parentId ?? undefined;
  if (!menu) throw new Error(`no catalogue menu holds the permission ${code}`);
  return menu;
}

/**
 * Declares the resource of a menu: `columns` (wire name → column) is the allow-list of rule
 * columns; a rule may name a column by its wire name or by its database name.
 */
export function dataRuleResource(menuId: string, columns: Record<string, AnyColumn>): DataRuleResource {
  const allowed = new Map<string, AnyColumn>();
  for (const [wire, col] of Object.entries(columns)) {
    allowed.set(wire, col);
    if (typeof col.name === 'string') allowed.set(col.name, col);
  }
  const resource = { menuId, columns: allowed };
  RESOURCES.set(menuId, [...(RESOURCES.get(menuId) ?? []), resource]);
  return resource;
}

/**
 * A rule column that is an expression of the row rather than one of its columns (the maker's user
 * code through the users table, an amount in yuan), compared as `dataType`.
 */
export function ruleExpression(expr: SQL, dataType: 'string' | 'number'): AnyColumn {
  return Object.assign(expr, { dataType }) as unknown as AnyColumn;
}

/** The values a rule value's #{variables} stand for, for the signed-in user of a request. */
type Variables = Record<RuleVariable, () => Promise<string | string[] | null>>;

function variablesOf(db: Db, auth: AuthContext): Variables {
  const { user, tenantId } = auth;
  let orgCodes: Promise<string[]> | undefined;
  return {
    sys_user_id: async () => user.id,
    sys_user_code: async () => user.username,
    sys_user_name: async () => user.realname,
    sys_org_code: async () => user.orgCode || null,
    sys_multi_org_code: () =>
      (orgCodes ??= db
        .select({ code: departments.orgCode })
        .from(userDeparts)
        .innerJoin(departments, eq(departments.id, userDeparts.departId))
        .where(and(eq(userDeparts.userId, user.id), eq(departments.tenantId, tenantId)))
        .then((rows) => rows.map((r) => r.code).sort())),
    tenant_id: async () => tenantId,
    sys_date: async () => formatDate(new Date()),
    sys_time: async () => formatDateTime(new Date()),
  };
}

const isVariable = (name: string): name is RuleVariable => Object.hasOwn(RULE_VARIABLES, name);
const variablesIn = (value: string) => [...value.matchAll(RULE_VARIABLE_RX)].map((m) => m[1]);

/** A column's values as the database compares them (numbers, instants, text). */
function typedValue(col: AnyColumn, v: string): unknown {
  if (col.dataType === 'number') {
    const n = Number(v.trim());
    return v.trim() !== '' && Number.isFinite(n) ? n : undefined;
  }
  if (col.dataType === 'bigint') return /^-?\d{1,18}$/.test(v.trim()) ? v.trim() : undefined;
  if (col.dataType === 'date') return parseDisplayTime(v) ?? undefined;
  if (col.dataType === 'boolean') return v === 'true' || v === '1';
  return v;
}

/**
 * Refuses (400) a rule that could not be enforced: a menu without a resource, a column outside the
 * resource's allow-list, an unknown variable, or a constant a numeric or date column cannot hold.
 */
export function assertEnforceableRule(menuId: string, rule: { ruleColumn: string; ruleConditions: string; ruleValue: string }): void {
  const resources = RESOURCES.get(menuId);
  if (!resources?.length) throw new AppError(400, DATA_RULE_MSG.noResource);
  const col = resources.map((r) => r.columns.get(rule.ruleColumn)).find(Boolean);
  if (!col) throw new AppError(400, DATA_RULE_MSG.columnRefused(rule.ruleColumn, [...new Set(resources.flatMap((r) => [...r.columns.keys()]))]));
  for (const name of variablesIn(rule.ruleValue)) if (!isVariable(name)) throw new AppError(400, DATA_RULE_MSG.variableUnknown(name));
  if (col.dataType !== 'number' && col.dataType !== 'bigint' && col.dataType !== 'date') return;
  if (variablesIn(rule.ruleValue).length) return;
  const parts = rule.ruleConditions === 'IN' ? rule.ruleValue.split(',') : [rule.ruleValue];
  if (parts.some((p) => typedValue(col, p) === undefined)) throw new AppError(400, DATA_RULE_MSG.valueNotNumber(rule.ruleColumn));
}

/** One rule with its values resolved: `values` null when it can match no row, 'any' when it concerns another resource of the menu. */
interface Compiled {
  column: string;
  op: Condition;
  values: unknown[] | null | 'any';
}

async function compile(resource: DataRuleResource, rule: { column: string; op: string; value: string }, vars: Variables): Promise<Compiled> {
  const col = resource.columns.get(rule.column);
  const op = (RULE_CONDITIONS as readonly string[]).includes(rule.op) ? (rule.op as Condition) : null;
  // A column of a sibling resource of the menu (not this one's): the rule narrows that one.
  const sibling = RESOURCES.get(resource.menuId)?.some((r) => r !== resource && r.columns.has(rule.column));
  if (!col && op && sibling) return { column: rule.column, op, values: 'any' };
  // A rule saved before its column left the allow-list (or written around the API) shows nothing.
  if (!col || !op) return { column: rule.column, op: '=', values: null };
  let missing = false;
  const multi: string[][] = [];
  let text = rule.value;
  for (const name of new Set(variablesIn(rule.value))) {
    const got = isVariable(name) ? await vars[name]() : null;
    if (got === null || (Array.isArray(got) && !got.length) || got === '') missing = true;
    const asText = Array.isArray(got) ? got.join(',') : (got ?? '');
    if (Array.isArray(got)) multi.push(got);
    text = text.replace(new RegExp(`#\\{\\s*${name}\\s*\\}`, 'g'), () => asText);
  }
  if (missing) return { column: rule.column, op, values: null };
  const raw = op === 'IN' ? text.split(',').map((s) => s.trim()) : [text];
  const values = raw.map((v) => typedValue(col, v));
  if (values.some((v) => v === undefined)) return { column: rule.column, op, values: null };
  return { column: rule.column, op, values };
}

function ruleSql(col: AnyColumn | undefined, c: Compiled, bind: Bind): SQL {
  if (c.values === 'any') return sql`true`;
  if (!col || !c.values) return sql`false`;
  const v = c.values[0];
  const like = (pattern: string) => ilike(sql`${col}::text`, bind(pattern) as string);
  switch (c.op) {
    case '=':
      return eq(col, bind(v));
    case '!=':
      return ne(col, bind(v));
    case '>':
      return gt(col, bind(v));
    case '>=':
      return gte(col, bind(v));
    case '<':
      return lt(col, bind(v));
    case '<=':
      return lte(col, bind(v));
    case 'IN':
      return inArray(
        col,
        c.values.map((x) => bind(x)),
      );
    case 'LIKE':
      return like(`%${likeEscape(String(v))}%`);
    case 'LEFT_LIKE':
      return like(`%${likeEscape(String(v))}`);
    case 'RIGHT_LIKE':
      return like(`${likeEscape(String(v))}%`);
  }
}

/** The narrowing of one request's reads of a resource. */
export interface DataScope {
  /** Everything the rows depend on (rules and their resolved values): part of a cache key. */
  readonly key: string;
  /** The statement text's dependence (rules without values): part of a prepared statement's key. */
  readonly shape: string;
  /** The condition; values bound with `bind` (placeholders of a prepared statement), else as parameters. */
  where(bind?: Bind): SQL;
}

const asValue: Bind = (v) => v;

interface HeldRule {
  roleId: string;
  ruleId: string;
  column: string;
  op: string;
  value: string;
}

/** Whether any role of the tenant is held to an active rule of the menu (else no user of it is). */
async function anyRuleHeld(db: Db, tenantId: string, resource: DataRuleResource): Promise<boolean> {
  const [row] = await db
    .select({ id: roleDataRules.roleId })
    .from(roleDataRules)
    .innerJoin(permissionDataRules, eq(permissionDataRules.id, roleDataRules.ruleId))
    .innerJoin(roles, eq(roles.id, roleDataRules.roleId))
    .where(and(eq(roles.tenantId, tenantId), eq(permissionDataRules.permissionId, resource.menuId), eq(permissionDataRules.status, '1')))
    .limit(1);
  return row !== undefined;
}

/** The active rules of the menu held by the user's roles of the tenant, or null when none narrows. */
async function heldRules(db: Db, auth: AuthContext, resource: DataRuleResource): Promise<HeldRule[] | null> {
  const { user, tenantId } = auth;
  const held = await db
    .select({
      roleId: roleDataRules.roleId,
      ruleId: permissionDataRules.id,
      column: permissionDataRules.ruleColumn,
      op: permissionDataRules.ruleConditions,
      value: permissionDataRules.ruleValue,
    })
    .from(roleDataRules)
    .innerJoin(permissionDataRules, eq(permissionDataRules.id, roleDataRules.ruleId))
    .innerJoin(userRoles, and(eq(userRoles.roleId, roleDataRules.roleId), eq(userRoles.userId, user.id)))
    .innerJoin(roles, eq(roles.id, roleDataRules.roleId))
    .where(and(eq(roles.tenantId, tenantId), eq(permissionDataRules.permissionId, resource.menuId), eq(permissionDataRules.status, '1')));
  if (!held.length) return null;
  const ruled = [...new Set(held.map((h) => h.roleId))].sort();
  const [free] = await db
    .select({ id: rolePermissions.roleId })
    .from(rolePermissions)
    .innerJoin(userRoles, and(eq(userRoles.roleId, rolePermissions.roleId), eq(userRoles.userId, user.id)))
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(and(eq(roles.tenantId, tenantId), eq(rolePermissions.permissionId, resource.menuId), notInArray(rolePermissions.roleId, ruled)))
    .limit(1);
  if (free) return null;
  return (await departRoleGrantIds(db, user.id, tenantId)).includes(resource.menuId) ? null : held;
}

/**
 * The menus the user holds only under data rules in the request's tenant: every role of theirs that
 * grants the menu is held to an active rule of it, and no department role grants it. A permission of
 * such a menu (the menu, or a button under it) is not held in full, so it is not the user's to hand
 * on (rbac/common.ts assertGrantable).
 */
export async function menusUnderRules(db: Db, auth: AuthContext): Promise<Set<string>> {
  const { user, tenantId } = auth;
  const held = await db
    .selectDistinct({ roleId: roleDataRules.roleId, menuId: permissionDataRules.permissionId })
    .from(roleDataRules)
    .innerJoin(permissionDataRules, and(eq(permissionDataRules.id, roleDataRules.ruleId), eq(permissionDataRules.status, '1')))
    .innerJoin(userRoles, and(eq(userRoles.roleId, roleDataRules.roleId), eq(userRoles.userId, user.id)))
    .innerJoin(roles, and(eq(roles.id, roleDataRules.roleId), eq(roles.tenantId, tenantId)));
  if (!held.length) return new Set();
  const menus = [...new Set(held.map((h) => h.menuId))];
  const ruledBy = new Set(held.map((h) => `${h.roleId}\u0000${h.menuId}`));
  const grants = await db
    .select({ roleId: rolePermissions.roleId, menuId: rolePermissions.permissionId })
    .from(rolePermissions)
    .innerJoin(userRoles, and(eq(userRoles.roleId, rolePermissions.roleId), eq(userRoles.userId, user.id)))
    .innerJoin(roles, and(eq(roles.id, rolePermissions.roleId), eq(roles.tenantId, tenantId)))
    .where(inArray(rolePermissions.permissionId, menus));
  const free = new Set(grants.filter((g) => !ruledBy.has(`${g.roleId}\u0000${g.menuId}`)).map((g) => g.menuId));
  for (const id of await departRoleGrantIds(db, user.id, tenantId)) free.add(id);
  return new Set(menus.filter((m) => !free.has(m)));
}

/**
 * The data rules the user of `auth` is held to on `resource`, in the request's tenant: null when
 * nothing narrows their reads. Read on every call (one indexed query when no rule of the menu is
 * held), so a change of rules, roles or grants holds from the next request on.
 */
export async function dataScopeOf(db: Db, auth: AuthContext, resource: DataRuleResource): Promise<DataScope | null> {
  // Kept with the user's grants: a cached list page then costs no query at all.
  const cache = authCacheOf(db);
  // Most menus of most tenants have no rule held by any role: then nobody's is read (a query for
  // every user's first list, and again after every change of them: a hundred at the start of a busy
  // day, issue 15 §2).
  if (cache && !(await cache.shared(`rules-any:${auth.tenantId}:${resource.menuId}`, () => anyRuleHeld(db, auth.tenantId, resource)))) return null;
  const read = () => heldRules(db, auth, resource);
  const held = cache ? await cache.memo(auth.user.id, auth.tenantId, `rules:${resource.menuId}`, read) : await read();
  if (!held) return null;
  const ruled = [...new Set(held.map((h) => h.roleId))].sort();
  const vars = variablesOf(db, auth);
  const perRole: Compiled[][] = [];
  for (const roleId of ruled) {
    const mine = held.filter((h) => h.roleId === roleId).sort((a, b) => (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0));
    perRole.push(await Promise.all(mine.map((h) => compile(resource, h, vars))));
  }
  const key = JSON.stringify(perRole.map((rs) => rs.map((c) => [c.column, c.op, c.values])));
  const shape = JSON.stringify(perRole.map((rs) => rs.map((c) => [c.column, c.op, c.values === 'any' ? 'any' : (c.values?.length ?? -1)])));
  return {
    key,
    shape,
    where: (bind = asValue) => or(...perRole.map((rs) => and(...rs.map((c) => ruleSql(resource.columns.get(c.column), c, bind)))))!,
  };
}

/**
 * The narrowing of a resource several menus read through the same calls (payment orders: 付款订单,
 * 待我审批, 分账审核, 调账 and 退款 all read PayOrderInquiry/PayOrderDetail, and the call does not
 * say which page asks): the rules of every one of those menus the user is held to, and-ed, so a
 * rule on any of them cannot be stepped around by asking through another. Null when none narrows.
 */
export async function dataScopeOfAll(db: Db, auth: AuthContext, resources: readonly DataRuleResource[]): Promise<DataScope | null> {
  const scopes = (await Promise.all(resources.map((r) => dataScopeOf(db, auth, r)))).filter((s): s is DataScope => s !== null);
  if (scopes.length <= 1) return scopes[0] ?? null;
  return {
    key: JSON.stringify(scopes.map((s) => s.key)),
    shape: JSON.stringify(scopes.map((s) => s.shape)),
    where: (bind) => and(...scopes.map((s) => s.where(bind)))!,
  };
}

const dialect = new PgDialect();

/**
 * `scope`'s condition for a hand-written statement (the pay and ledger stores): the same SQL as
 * scopeWhere, rendered as text whose values are the placeholders $offset+1, $offset+2… and travel in
 * `params`. 'true' when nothing narrows.
 */
export function scopeSql(scope: DataScope | null | undefined, offset: number): { text: string; params: unknown[] } {
  if (!scope) return { text: 'true', params: [] };
  const params: unknown[] = [];
  const bind: Bind = (v) => {
    params.push(v);
    return sql.raw(`$${offset + params.length}`);
  };
  const q = dialect.sqlToQuery(scope.where(bind));
  if (q.params.length) throw new Error('dataScope: a rule value was not bound as a placeholder');
  return { text: `(${q.sql})`, params };
}

/** `scope`'s condition, or nothing (unrestricted). */
export const scopeWhere = (scope: DataScope | null, bind?: Bind): SQL | undefined => scope?.where(bind);
