// The super query's pure rules (spec §3, §5), shared by the desktop dialog and the phone sheet:
// which rules a field type offers, editing the condition rows, when conditions are complete, the
// messages for empty queries and saves, the value choices of a field, the wire encoding, and the
// saved queries kept in local storage under pro__superQuery:<pageKey>.
import { STORAGE_PREFIX } from '@contract/constants';
import { MSG } from '@contract/messages';
import type { FieldType } from '@contract/listQuery';
import type { DictItem } from '@contract/types';
import type { ListOption, SavedSuperQuery, SuperQueryField, SuperQueryRow, SuperQueryState } from '@/components/list/types';

export const SUPER_QUERY_TITLE = '高级查询构造器';
export const SUPER_QUERY_WIDTH = 1000;

export const RULE_LABELS: Record<SuperQueryRow['rule'], string> = {
  eq: '等于',
  like: '包含',
  ne: '不等于',
  gt: '大于',
  ge: '大于等于',
  lt: '小于',
  le: '小于等于',
  in: '在…中',
};

export type MatchType = SuperQueryState['matchType'];
export const MATCH_TYPES: { value: MatchType; label: string; short: string; description: string }[] = [
  { value: 'and', label: 'AND（所有条件都要求匹配）', short: 'AND', description: '所有条件都要求匹配' },
  { value: 'or', label: 'OR（条件中的任意一个匹配）', short: 'OR', description: '条件中的任意一个匹配' },
];

export function rulesFor(type: FieldType): SuperQueryRow['rule'][] {
  if (type === 'number' || type === 'date' || type === 'datetime') return ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in'];
  if (type === 'dict' || type === 'boolean') return ['eq', 'ne', 'in'];
  return ['eq', 'like', 'ne', 'gt', 'ge', 'lt', 'le', 'in'];
}

export function newRow(field?: SuperQueryField): SuperQueryRow {
  return { field: field?.field ?? '', rule: 'eq', val: '', type: field?.type ?? 'string', dictCode: field?.dictCode };
}

/** Changing a row's field resets its rule and value to fit the new field's type. */
export function withField(row: SuperQueryRow, field: SuperQueryField): SuperQueryRow {
  const rules = rulesFor(field.type);
  const rule = rules.includes(row.rule) ? row.rule : 'eq';
  return { field: field.field, type: field.type, dictCode: field.dictCode, rule, val: rule === 'in' ? [] : '' };
}

/** Changing to or from `in` turns the value into a list (multi-select) or back. */
export function withRule(row: SuperQueryRow, rule: SuperQueryRow['rule']): SuperQueryRow {
  if (rule === 'in' && !Array.isArray(row.val)) return { ...row, rule, val: row.val ? [row.val] : [] };
  if (rule !== 'in' && Array.isArray(row.val)) return { ...row, rule, val: row.val[0] ?? '' };
  return { ...row, rule };
}

/** A new empty row after row `i`. */
export function insertRowAfter(rows: SuperQueryRow[], i: number): SuperQueryRow[] {
  return [...rows.slice(0, i + 1), newRow(), ...rows.slice(i + 1)];
}

/** Row `i` removed; the builder always keeps one (empty) row. */
export function removeRowAt(rows: SuperQueryRow[], i: number): SuperQueryRow[] {
  const rest = rows.filter((_, j) => j !== i);
  return rest.length ? rest : [newRow()];
}

/** The value choices of a field: its fixed options, else its dictionary's active items, else none (free input). */
export function optionsOf(field: SuperQueryField | undefined, dicts: Readonly<Record<string, readonly DictItem[]>>): ListOption[] | undefined {
  if (field?.options) return field.options;
  if (!field?.dictCode) return undefined;
  return (dicts[field.dictCode] ?? [])
    .filter((i) => i.status === undefined || Number(i.status) === 1)
    .map((i) => ({ value: i.value, label: i.text || i.label || i.title || i.value }));
}

/** The shown text of a row's value: option labels for choices, the raw text otherwise; '' when empty. */
export function valueText(row: SuperQueryRow, options: ListOption[] | undefined): string {
  const vals = (Array.isArray(row.val) ? row.val : [row.val]).filter((v) => v !== '');
  return vals.map((v) => options?.find((o) => o.value === v)?.label ?? v).join('、');
}

/** The display and wire format of a date or datetime value. */
export const dateFormatOf = (type: FieldType) => (type === 'datetime' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');

export function isComplete(row: SuperQueryRow): boolean {
  if (!row.field || !row.rule) return false;
  return Array.isArray(row.val) ? row.val.length > 0 : String(row.val ?? '').trim() !== '';
}

/** True when at least one row is complete (what a query or a save needs). */
export const hasConditions = (rows: SuperQueryRow[]) => rows.some(isComplete);

/**
 * Conditions to send, or the message: no conditions, or a single incomplete one, is '不能使用空条件查询'.
 * With several rows, incomplete ones are left out.
 */
export function conditionsForQuery(rows: SuperQueryRow[]): { ok: true; rows: SuperQueryRow[] } | { ok: false; message: string } {
  const complete = rows.filter(isComplete);
  if (!complete.length) return { ok: false, message: MSG.superQueryEmpty };
  return { ok: true, rows: complete };
}

export function encodeSuperQuery(state: SuperQueryState): { superQueryParams: string; superQueryMatchType: 'and' | 'or' } {
  const rows = state.rows.filter(isComplete).map(({ field, rule, val, type }) => ({ field, rule, val, type }));
  return { superQueryParams: encodeURIComponent(JSON.stringify(rows)), superQueryMatchType: state.matchType };
}

export const savedKey = (pageKey: string) => `${STORAGE_PREFIX}superQuery:${pageKey}`;

type KV = Pick<Storage, 'getItem' | 'setItem'>;
const store = (): KV | null => (typeof localStorage === 'undefined' ? null : localStorage);

export function loadSaved(pageKey: string, kv: KV | null = store()): SavedSuperQuery[] {
  try {
    const raw = kv?.getItem(savedKey(pageKey));
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? list.filter((q): q is SavedSuperQuery => !!q && typeof q.title === 'string' && Array.isArray(q.records)) : [];
  } catch {
    return [];
  }
}
export function storeSaved(pageKey: string, list: SavedSuperQuery[], kv: KV | null = store()): void {
  kv?.setItem(savedKey(pageKey), JSON.stringify(list));
}

export type SaveCheck = { ok: true; exists: boolean } | { ok: false; message: string };
/** Saving: empty conditions and an empty name are refused; an existing name asks to overwrite. */
export function checkSave(rows: SuperQueryRow[], name: string, saved: SavedSuperQuery[]): SaveCheck {
  if (!hasConditions(rows)) return { ok: false, message: MSG.superQueryEmptySave };
  if (!name.trim()) return { ok: false, message: MSG.superQueryNameEmpty };
  return { ok: true, exists: saved.some((q) => q.title === name.trim()) };
}

/** What a save stores: the name, the match type and the complete rows only. */
export function savedItemOf(name: string, matchType: MatchType, rows: SuperQueryRow[]): SavedSuperQuery {
  return { title: name.trim(), matchType, records: rows.filter(isComplete) };
}

/** One line describing a saved query ('2 个条件，所有匹配'). */
export function savedSummary(q: SavedSuperQuery): string {
  return `${q.records.length} 个条件，${q.matchType === 'or' ? '任意' : '所有'}匹配`;
}

export function removeSaved(saved: SavedSuperQuery[], title: string): SavedSuperQuery[] {
  return saved.filter((q) => q.title !== title);
}

/** The list with `item` added, or replacing the one of the same name in place. */
export function upsertSaved(saved: SavedSuperQuery[], item: SavedSuperQuery): SavedSuperQuery[] {
  const i = saved.findIndex((q) => q.title === item.title);
  if (i < 0) return [...saved, item];
  return saved.map((q, j) => (j === i ? item : q));
}
