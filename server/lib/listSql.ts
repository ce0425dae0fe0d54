// The server half of the list kit: a parsed ListQuery (contract/listQuery.ts) becomes Drizzle
// conditions over a per-resource map of wire field → column. Names come only from that map and
// values travel as parameters, so nothing from a request is spliced into SQL.
import { and, asc, desc, eq, gt, gte, ilike, inArray, lt, lte, ne, or, sql, type SQL, type AnyColumn } from 'drizzle-orm';
import { LIST_MSG, type Condition, type ListQuery, type ResourceFields, type FieldType } from '../../contract/listQuery';
import { AppError } from '../http/envelope';
import { parseDisplayTime } from '../../contract/time';

export interface ListResource {
  fields: ResourceFields['fields'];
  columns: Record<string, AnyColumn>;
  sortable?: string[];
  defaultSort?: ResourceFields['defaultSort'];
}

/** Escapes LIKE wildcards so a user's % or _ matches literally. */
export function likeEscape(v: string): string {
  return v.replace(/[\\%_]/g, (c) => '\\' + c);
}

function typed(type: FieldType, v: string): unknown {
  if (type === 'number') return Number(v);
  if (type === 'boolean') return v === 'true' || v === '1';
  if (type === 'date' || type === 'datetime') {
    // Wall-clock text names an instant in the display zone (contract/time.ts); a date the calendar
    // lacks (2024-13-45) is the client's mistake.
    const d = parseDisplayTime(v);
    if (!d) throw new AppError(400, LIST_MSG.badValue(v));
    return d;
  }
  return v;
}

/** How a condition's value enters the statement: as itself (a parameter), or as a named placeholder. */
export type Bind = (value: unknown) => unknown;
const asValue: Bind = (v) => v;

/**
 * Binds values as placeholders p0, p1… in the order a statement's conditions are built, keeping the
 * values by name: a statement built once for a list's shape (listShape) is then run with the values
 * of each call (Drizzle's prepare/execute).
 */
export class Placeholders {
  readonly values: Record<string, unknown> = {};
  private n = 0;
  readonly bind: Bind = (value) => {
    const name = `p${this.n++}`;
    this.values[name] = value;
    return sql.placeholder(name);
  };
}

export function conditionSql(c: Condition, resource: ListResource, bind: Bind = asValue): SQL | undefined {
  const col = resource.columns[c.field];
  const type = resource.fields[c.field];
  if (!col || !type) return undefined;
  const one = (Array.isArray(c.value) ? c.value[0] : c.value) ?? '';
  const v = typed(type, one);
  switch (c.rule) {
    case 'eq':
      return eq(col, bind(v));
    case 'ne':
      return ne(col, bind(v));
    case 'gt':
      return gt(col, bind(v));
    case 'ge':
      return gte(col, bind(v));
    case 'lt':
      return lt(col, bind(v));
    case 'le':
      return lte(col, bind(v));
    case 'like':
      return ilike(sql`${col}::text`, bind(`%${likeEscape(one)}%`) as string);
    case 'right_like':
      return ilike(sql`${col}::text`, bind(`${likeEscape(one)}%`) as string);
    case 'left_like':
      return ilike(sql`${col}::text`, bind(`%${likeEscape(one)}`) as string);
    case 'in':
      return inArray(
        col,
        (Array.isArray(c.value) ? c.value : [c.value]).map((x) => bind(typed(type, x))),
      );
  }
}

/** WHERE of a list query: simple filters and-ed, and the super query with its match type. */
export function whereOf(q: ListQuery, resource: ListResource, extra: (SQL | undefined)[] = [], bind: Bind = asValue): SQL | undefined {
  const simple = q.where.map((c) => conditionSql(c, resource, bind));
  let sup: SQL | undefined;
  if (q.superQuery) {
    const parts = q.superQuery.conditions.map((c) => conditionSql(c, resource, bind));
    sup = q.superQuery.matchType === 'or' ? or(...parts) : and(...parts);
  }
  return and(...extra, ...simple, sup);
}

/**
 * What a list query's statement text depends on, without its values: the fields, rules and value
 * counts of its conditions, the super query's match type, and the sort. Two queries of one shape
 * built with Placeholders give the same text and the same placeholder names.
 */
export function listShape(q: ListQuery): string {
  const cond = (c: Condition) => [c.field, c.rule, Array.isArray(c.value) ? c.value.length : -1];
  return JSON.stringify([q.where.map(cond), q.superQuery ? [q.superQuery.matchType, q.superQuery.conditions.map(cond)] : null, q.sort.field, q.sort.dir]);
}

export function orderOf(q: ListQuery, resource: ListResource): SQL[] {
  const col = resource.columns[q.sort.field];
  const out: SQL[] = [];
  if (col) out.push(q.sort.dir === 'asc' ? asc(col) : desc(col));
  // A stable tie-breaker so paging never repeats or skips rows, in the sort's direction: one index
  // on (column, id) then serves the sort both ways, read backwards for a descending one.
  if (resource.columns.id && q.sort.field !== 'id') out.push(col && q.sort.dir === 'desc' ? desc(resource.columns.id) : asc(resource.columns.id));
  return out;
}
