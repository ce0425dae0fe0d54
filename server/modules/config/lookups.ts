// The allow-listed look-ups: uniqueness counts, the SQL dictionary (a page of {value, text}), table
// dictionaries and tree nodes. Every table and column comes from lookupTables.ts; conditions and
// ordering arrive as structured values (configRules.ts) and become parameterised Drizzle SQL.
// Reads of a table a data-rule resource lists (the users of 用户管理) are narrowed by the reader's
// rules of it, as its list is (rbac/dataScope.ts); the duplicate check is not (uniqueness is the
// tenant's, whoever asks).
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { CONFIG_MSG, type SqlDictOption, type TreeNode } from '../../../contract/api/config';
import { parseEqualities, parseOrderBy } from '../../../contract/api/configRules';
import type { Db } from '../../db/client';
import { AppError } from '../../http/envelope';
import { likeEscape } from '../../lib/listSql';
import type { PgTable } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import type { AuthContext } from '../../http/guard';
import { USER_RULES } from '../admin/userQuery';
import { dataScopeOf, scopeWhere, type DataRuleResource } from '../rbac/dataScope';
import { lookupColumn, lookupTable, type LookupColumn, type LookupTable } from './lookupTables';

const refuse = (message: string): never => {
  throw new AppError(400, message);
};

/** The tenant condition of a read or a uniqueness count; a tenant table without one is a bug, not all rows. */
function scopeOf(table: LookupTable, kind: 'read' | 'unique', db: Db, tenantId: string): SQL | undefined {
  if (table.tenancy === 'global') return undefined;
  const scope = kind === 'read' ? table.readScope : table.uniqueScope;
  if (!scope) throw new Error('tenant lookup table without a scope');
  return scope(db, tenantId);
}

function readableTable(name: string): LookupTable {
  const table = lookupTable(name);
  if (!table || !table.readable) return refuse(CONFIG_MSG.unsupportedTable);
  return table;
}

function column(table: LookupTable, name: string): LookupColumn {
  return lookupColumn(table, name) ?? refuse(CONFIG_MSG.unsupportedColumn(name));
}

/** An equality on an allow-listed column, with the value checked against the column's type. */
function equality(c: LookupColumn, values: string[]): SQL {
  if (c.type === 'int' && !values.every((v) => /^-?\d{1,9}$/.test(v))) refuse(CONFIG_MSG.badCondition);
  const typed = c.type === 'int' ? values.map(Number) : values;
  return typed.length === 1 ? eq(c.col, typed[0]) : inArray(c.col, typed);
}

function conditions(table: LookupTable, input: unknown, badMessage: string): SQL[] {
  const parsed = parseEqualities(input);
  if (!parsed) return refuse(badMessage);
  return parsed.map(({ column: name, values }) => equality(column(table, name), values));
}

/** Rows of `tableName` whose `fieldName` equals `value`, other than row `dataId`. */
export async function duplicateCount(db: Db, tenantId: string, q: { tableName: string; fieldName: string; value: string; dataId?: string | null }) {
  const table = lookupTable(q.tableName);
  const key = table && lookupColumn(table, q.fieldName);
  if (!table || !key || !table.unique.some((u) => table.columns[u] === key)) return refuse(CONFIG_MSG.unsupportedField);
  if (q.value === '') return refuse(CONFIG_MSG.valueRequired);
  if (key.type === 'int' && !/^-?\d{1,9}$/.test(q.value)) return { cnt: 0, label: key.label };
  const where = and(
    key.ci ? sql`lower(${key.col}) = lower(${q.value})` : eq(key.col, key.type === 'int' ? Number(q.value) : q.value),
    q.dataId ? ne(table.id, q.dataId) : undefined,
    scopeOf(table, 'unique', db, tenantId),
  );
  const [{ n }] = await db.select({ n: count() }).from(table.table).where(where);
  return { cnt: Number(n), label: key.label };
}

/** Look-up tables whose rows a data-rule resource lists. */
const RULED_TABLES = new Map<PgTable, DataRuleResource>([[users, USER_RULES]]);

/** The reader's data rules over a look-up table, if a resource lists it. */
async function ruledBy(db: Db, reader: AuthContext, table: LookupTable): Promise<SQL | undefined> {
  const resource = RULED_TABLES.get(table.table);
  return resource ? scopeWhere(await dataScopeOf(db, reader, resource)) : undefined;
}

export interface SqlDictQuery {
  /** Who reads: their data rules narrow the rows. */
  reader: AuthContext;
  tableName: string;
  fieldText: string;
  fieldValue: string;
  keyword?: string | null;
  condition?: unknown;
  orderBy?: string | null;
  /** Only these values (loadDictItem keys). */
  values?: string[];
  pageSize: number;
  pageNum: number;
}

export async function sqlDictPage(db: Db, tenantId: string, q: SqlDictQuery): Promise<{ listData: SqlDictOption[]; count: number }> {
  const table = readableTable(q.tableName);
  const textCol = column(table, q.fieldText);
  const valueCol = column(table, q.fieldValue);
  const where: (SQL | undefined)[] = [
    scopeOf(table, 'read', db, tenantId),
    await ruledBy(db, q.reader, table),
    ...conditions(table, q.condition, CONFIG_MSG.badCondition),
  ];
  const keyword = q.keyword?.trim();
  if (keyword) {
    const like = `%${likeEscape(keyword)}%`;
    where.push(or(ilike(sql`${textCol.col}::text`, like), ilike(sql`${valueCol.col}::text`, like)));
  }
  if (q.values) where.push(q.values.length ? inArray(sql`${valueCol.col}::text`, q.values) : sql`false`);
  const order = parseOrderBy(q.orderBy);
  if (order === null) refuse(CONFIG_MSG.badOrderBy);
  const orderCol = order ? column(table, order.column) : textCol;
  const cond = and(...where);
  const [{ n }] = await db.select({ n: count() }).from(table.table).where(cond);
  const rows = await db
    .select({ value: valueCol.col, text: textCol.col })
    .from(table.table)
    .where(cond)
    .orderBy(order?.dir === 'desc' ? desc(orderCol.col) : asc(orderCol.col), asc(table.id))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { listData: rows.map((r) => ({ value: String(r.value ?? ''), text: String(r.text ?? '') })), count: Number(n) };
}

/** A table dictionary code "table,textField,valueField" (jeecg style), else null. */
export function tableDictCode(dictCode: string): { tableName: string; fieldText: string; fieldValue: string } | null {
  if (!dictCode.includes(',')) return null;
  const parts = dictCode.split(',').map((s) => s.trim());
  if (parts.length !== 3 || parts.some((p) => !p)) return refuse(CONFIG_MSG.unsupportedTable);
  return { tableName: parts[0], fieldText: parts[1], fieldValue: parts[2] };
}

export interface TreeQuery {
  pid?: string;
  tableName: string;
  text: string;
  code: string;
  pidField?: string;
  hasChildField?: string;
  condition?: string;
}

export async function treeNodes(db: Db, tenantId: string, q: TreeQuery): Promise<TreeNode[]> {
  const table = readableTable(q.tableName);
  if (!table.parent) return refuse(CONFIG_MSG.unsupportedTable);
  const textCol = column(table, q.text);
  const codeCol = column(table, q.code);
  if (q.pidField && column(table, q.pidField).col !== table.parent) refuse(CONFIG_MSG.unsupportedColumn(q.pidField));
  if (q.hasChildField && !['haschild'].includes(q.hasChildField.replace(/_/g, '').toLowerCase())) refuse(CONFIG_MSG.unsupportedColumn(q.hasChildField));
  let cond: SQL[] = [];
  if (q.condition !== undefined && q.condition.trim() !== '') {
    const c = q.condition.trim();
    if (!c.startsWith('{')) refuse(CONFIG_MSG.treeCondition);
    cond = conditions(table, c, CONFIG_MSG.treeCondition);
  }
  const parentCond = q.pid ? eq(table.parent, q.pid) : isNull(table.parent);
  const rows = await db
    .select({ id: table.id, code: codeCol.col, text: textCol.col, parentId: table.parent })
    .from(table.table)
    .where(and(parentCond, scopeOf(table, 'read', db, tenantId), ...cond))
    .orderBy(asc(textCol.col), asc(table.id))
    .limit(1000);
  const ids = rows.map((r) => String(r.id));
  const withChildren = new Set<string>();
  if (ids.length) {
    const kids = await db.selectDistinct({ p: table.parent }).from(table.table).where(inArray(table.parent, ids));
    for (const k of kids) withChildren.add(String(k.p));
  }
  return rows.map((r) => {
    const leaf = !withChildren.has(String(r.id));
    const code = String(r.code ?? '');
    const title = String(r.text ?? '');
    return { key: code, value: code, title, label: title, code, leaf, isLeaf: leaf, parentId: r.parentId == null ? null : String(r.parentId) };
  });
}
