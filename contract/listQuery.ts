// The generic list query (issue: list kit): paging, sorting, simple filters and the super query,
// parsed against an allow-list of columns per resource into a small condition tree. The server
// turns the tree into parameterised SQL; no name or value from a request is ever spliced into SQL.
import { PAGE_SIZE_DEFAULT } from './constants';

export type FieldType = 'string' | 'number' | 'date' | 'datetime' | 'dict' | 'boolean';
export interface ResourceFields {
  /** Field name on the wire → its type. Only these can be filtered or sorted. */
  fields: Record<string, FieldType>;
  /** Fields that may be sorted (default: all). */
  sortable?: string[];
  defaultSort?: { field: string; dir: 'asc' | 'desc' };
}

export const SUPER_RULES = ['eq', 'like', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'right_like', 'left_like'] as const;
export type Rule = (typeof SUPER_RULES)[number];
export interface Condition {
  field: string;
  rule: Rule;
  value: string | string[];
}
export interface ListQuery {
  pageNo: number;
  pageSize: number;
  sort: { field: string; dir: 'asc' | 'desc' };
  /** Simple filters, all and-ed. */
  where: Condition[];
  superQuery: { matchType: 'and' | 'or'; conditions: Condition[] } | null;
}
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

export const LIST_MSG = {
  badSort: '排序字段不合法',
  badField: (f: string) => `查询字段不合法：${f}`,
  badRule: (r: string) => `查询规则不合法：${r}`,
  badSuper: '高级查询参数格式错误',
  badPage: '分页参数不合法',
  badValue: (f: string) => `查询条件的值不合法：${f}`,
} as const;

export const MAX_PAGE_SIZE = 1000;
const RESERVED = new Set(['pageNo', 'pageSize', 'column', 'order', 'field', 'superQueryParams', 'superQueryMatchType', '_t']);

function typedOk(type: FieldType, v: string): boolean {
  if (v.length > 200) return false;
  if (type === 'number') return /^-?\d+(\.\d+)?$/.test(v);
  if (type === 'date' || type === 'datetime') return /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(v);
  if (type === 'boolean') return v === 'true' || v === 'false' || v === '1' || v === '0';
  return true;
}

/** A simple filter value: `*x*` like, `!x` not equal, `>=x`/`<=x`, `a,b` in, else equal. */
export function simpleCondition(field: string, raw: string): Condition {
  if (raw.length > 2 && raw.startsWith('*') && raw.endsWith('*')) return { field, rule: 'like', value: raw.slice(1, -1) };
  if (raw.startsWith('*')) return { field, rule: 'left_like', value: raw.slice(1) };
  if (raw.endsWith('*') && raw.length > 1) return { field, rule: 'right_like', value: raw.slice(0, -1) };
  if (raw.startsWith('!')) return { field, rule: 'ne', value: raw.slice(1) };
  if (raw.startsWith('>=')) return { field, rule: 'ge', value: raw.slice(2) };
  if (raw.startsWith('<=')) return { field, rule: 'le', value: raw.slice(2) };
  if (raw.includes(',')) return { field, rule: 'in', value: raw.split(',').filter(Boolean) };
  return { field, rule: 'eq', value: raw };
}

function checkValues(c: Condition, type: FieldType): boolean {
  const vals = Array.isArray(c.value) ? c.value : [c.value];
  if (Array.isArray(c.value) && (c.value.length === 0 || c.value.length > 500)) return false;
  return vals.every((v) => typeof v === 'string' && (c.rule.includes('like') ? v.length <= 200 : typedOk(type, v)));
}

export function parseListQuery(query: Record<string, unknown>, resource: ResourceFields): Parsed<ListQuery> {
  const str = (k: string) => (typeof query[k] === 'string' ? (query[k] as string) : undefined);
  const pageNo = str('pageNo') === undefined ? 1 : Number(str('pageNo'));
  const pageSize = str('pageSize') === undefined ? PAGE_SIZE_DEFAULT : Number(str('pageSize'));
  if (!Number.isInteger(pageNo) || pageNo < 1 || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE)
    return { ok: false, message: LIST_MSG.badPage };

  const fields = resource.fields;
  const sortable = resource.sortable ?? Object.keys(fields);
  let sort = resource.defaultSort ?? { field: 'createTime', dir: 'desc' as const };
  const column = str('column');
  if (column !== undefined && column !== '') {
    if (!sortable.includes(column)) return { ok: false, message: LIST_MSG.badSort };
    const order = str('order') ?? 'desc';
    if (order !== 'asc' && order !== 'desc') return { ok: false, message: LIST_MSG.badSort };
    sort = { field: column, dir: order };
  }

  const where: Condition[] = [];
  for (const [key, rawValue] of Object.entries(query)) {
    if (RESERVED.has(key) || typeof rawValue !== 'string' || rawValue === '') continue;
    const range = /^(.+)_(begin|end)$/.exec(key);
    const name = range ? range[1] : key;
    const type = Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : undefined;
    if (!type) continue; // parameters that are not columns of the resource are ignored
    const c: Condition = range ? { field: name, rule: range[2] === 'begin' ? 'ge' : 'le', value: rawValue } : simpleCondition(name, rawValue);
    if (!checkValues(c, type)) return { ok: false, message: LIST_MSG.badValue(name) };
    where.push(c);
  }

  let superQuery: ListQuery['superQuery'] = null;
  const sq = str('superQueryParams');
  if (sq) {
    let items: unknown;
    try {
      items = JSON.parse(decodeURIComponent(sq));
    } catch {
      return { ok: false, message: LIST_MSG.badSuper };
    }
    if (!Array.isArray(items) || items.length > 50) return { ok: false, message: LIST_MSG.badSuper };
    const conditions: Condition[] = [];
    for (const it of items) {
      if (!it || typeof it !== 'object') return { ok: false, message: LIST_MSG.badSuper };
      const { field, rule = 'eq', val } = it as { field?: unknown; rule?: unknown; val?: unknown };
      if (typeof field !== 'string' || !Object.prototype.hasOwnProperty.call(fields, field)) return { ok: false, message: LIST_MSG.badField(String(field)) };
      if (typeof rule !== 'string' || !(SUPER_RULES as readonly string[]).includes(rule)) return { ok: false, message: LIST_MSG.badRule(String(rule)) };
      const value =
        rule === 'in'
          ? Array.isArray(val)
            ? val.map(String)
            : String(val ?? '')
                .split(',')
                .filter(Boolean)
          : String(val ?? '');
      const c: Condition = { field, rule: rule as Rule, value };
      if (!checkValues(c, fields[field])) return { ok: false, message: LIST_MSG.badValue(field) };
      conditions.push(c);
    }
    const matchType = str('superQueryMatchType') === 'or' ? 'or' : 'and';
    if (conditions.length) superQuery = { matchType, conditions };
  }
  return { ok: true, value: { pageNo, pageSize, sort, where, superQuery } };
}

/** The page answer of every list call. */
export interface PageResult<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
}
