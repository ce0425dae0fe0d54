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

export function conditionSql(c: Condition, resource: ListResource): SQL | undefined {
  const col = resource.columns[c.field];
  const type = resource.fields[c.field];
  if (!col || !type) return undefined;
  const one = (Array.isArray(c.value) ? c.value[0] : c.value) ?? '';
  const v = typed(type, one);
  switch (c.rule) {
    case 'eq': return eq(col, v);
    case 'ne': return ne(col, v);
    case 'gt': return gt(col, v);
    case 'ge': return gte(col, v);
    case 'lt': return lt(col, v);
    case 'le': return lte(col, v);
    case 'like': return ilike(sql`${col}::text`, `%${likeEscape(one)}%`);
    case 'right_like': return ilike(sql`${col}::text`, `${likeEscape(one)}%`);
    case 'left_like': return ilike(sql`${col}::text`, `%${likeEscape(one)}`);
    case 'in': return inArray(col, (Array.isArray(c.value) ? c.value : [c.value]).map((x) => typed(type, x)));
  }
}

/** WHERE of a list query: simple filters and-ed, and the super query with its match type. */
export function whereOf(q: ListQuery, resource: ListResource, extra: (SQL | undefined)[] = []): SQL | undefined {
  const simple = q.where.map((c) => conditionSql(c, resource));
  let sup: SQL | undefined;
  if (q.superQuery) {
    const parts = q.superQuery.conditions.map((c) => conditionSql(c, resource));
    sup = q.superQuery.matchType === 'or' ? or(...parts) : and(...parts);
  }
  return and(...extra, ...simple, sup);
}

export function orderOf(q: ListQuery, resource: ListResource): SQL[] {
  const col = resource.columns[q.sort.field];
  const out: SQL[] = [];
  if (col) out.push(q.sort.dir === 'asc' ? asc(col) : desc(col));
  // A stable tie-breaker so paging never repeats or skips rows.
  if (resource.columns.id && q.sort.field !== 'id') out.push(asc(resource.columns.id));
  return out;
}
