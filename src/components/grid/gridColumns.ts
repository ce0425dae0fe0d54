// Pure column rules of the editable grid (spec §3 grid column, §6 toolbar exclusion, §9 widths):
// widths, options from dictionaries and linked selects, multi values, popup field mapping and its
// errors, summary statistics, the sorted and paged view, and which toolbar buttons a user sees.
// No React here; tests/unit/grid-columns.test.ts proves it.
import { visibleToolbarButtons } from '@contract/permission';
import type { DictItem } from '@contract/types';
import { averageColumn, sumColumn } from './gridNumbers';
import type { GridColumn, GridColumnType, GridOption, GridRow, GridStatistic } from './gridTypes';

/** Spec §9: min widths of datetime, user and department columns (190) and date columns (135). */
const MIN_WIDTH: Partial<Record<GridColumnType, number>> = { datetime: 190, sel_user: 190, sel_depart: 190, date: 135 };
export const ROW_NO_WIDTH = 60;
/** Selection column: 40, or 60 when the grid has a summary row (its label needs the room). */
export const selectionWidth = (hasSummary: boolean) => (hasSummary ? 60 : 40);
const DEFAULT_WIDTH: Partial<Record<GridColumnType, number>> = { checkbox: 80, time: 120, inputNumber: 120, image: 120 };

export function colWidth(col: GridColumn): number {
  return Math.max(col.width ?? DEFAULT_WIDTH[col.type] ?? 160, MIN_WIDTH[col.type] ?? 80);
}

/** Columns that take a place in the view (hidden columns keep their value in the row only). */
export const visibleColumns = (columns: readonly GridColumn[]) => columns.filter((c) => c.type !== 'hidden');

export type DictLookup = Readonly<Record<string, readonly DictItem[]>>;

/** Options of a column: its own list, else its dictionary's active items. */
export function baseOptions(col: GridColumn, dicts: DictLookup): GridOption[] {
  if (col.options) return col.options;
  const code = col.dict ?? col.dictCode;
  if (!code) return [];
  return (dicts[code] ?? [])
    .filter((i) => i.status === undefined || Number(i.status) === 1)
    .map((i) => ({ value: String(i.value), label: i.text || i.label || i.title || String(i.value) }));
}

/** The column whose linkageKey names `key` (the parent of a linked select), if any. */
export const linkageParent = (columns: readonly GridColumn[], key: string) => columns.find((c) => c.linkageKey === key);

/** Options of a cell: linked selects show only the options of the parent cell's value (none until it is chosen). */
export function cellOptions(col: GridColumn, row: GridRow | undefined, columns: readonly GridColumn[], dicts: DictLookup): GridOption[] {
  const all = baseOptions(col, dicts);
  const parent = linkageParent(columns, col.key);
  if (!parent) return all;
  const pv = row?.[parent.key];
  if (pv === undefined || pv === null || pv === '') return [];
  return all.filter((o) => o.parent === String(pv));
}

/**
 * A cell set to `value`; a linked select resets the columns after it in its chain (province → city →
 * district), since their old choices belong to another parent. Answers the new row and the keys reset.
 */
export function changeCell(row: GridRow, columns: readonly GridColumn[], key: string, value: unknown): { row: GridRow; reset: string[] } {
  const next: GridRow = { ...row, [key]: value };
  const reset: string[] = [];
  const seen = new Set([key]);
  let col = columns.find((c) => c.key === key);
  while (col?.linkageKey && !seen.has(col.linkageKey) && row[key] !== value) {
    const child = columns.find((c) => c.key === col!.linkageKey);
    if (!child) break;
    seen.add(child.key);
    next[child.key] = '';
    reset.push(child.key);
    col = child;
  }
  return { row: next, reset };
}

/** Multi-select value (spec §3): a string joined by ',' (or an array), as a list. */
export function splitMulti(value: unknown, sep = ','): string[] {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (value === undefined || value === null || value === '') return [];
  return String(value)
    .split(sep)
    .map((s) => s.trim())
    .filter(Boolean);
}
export const joinMulti = (values: readonly string[], sep = ',') => values.join(sep);

/** The shown text of a choice cell: option labels of its values, joined by '，'. */
export function optionText(value: unknown, options: readonly GridOption[]): string {
  return splitMulti(value)
    .map((v) => options.find((o) => o.value === v)?.label ?? v)
    .join('，');
}

export const POPUP_MSG = { missing: 'popup参数未正确配置!', mismatch: 'popup参数未正确配置,原始值和目标值数量不一致!' } as const;

/** A popup column needs popupCode, orgFields and destFields with as many fields on each side (spec §5). */
export function popupConfigError(col: Pick<GridColumn, 'popupCode' | 'orgFields' | 'destFields'>): string | null {
  const org = splitMulti(col.orgFields);
  const dest = splitMulti(col.destFields);
  if (!col.popupCode || !org.length || !dest.length) return POPUP_MSG.missing;
  if (org.length !== dest.length) return POPUP_MSG.mismatch;
  return null;
}

/** The row fields a picked popup record fills: record[orgFields[i]] goes to destFields[i]. */
export function popupValues(col: Pick<GridColumn, 'orgFields' | 'destFields'>, record: Record<string, unknown>): Record<string, unknown> {
  const org = splitMulti(col.orgFields);
  const dest = splitMulti(col.destFields);
  const out: Record<string, unknown> = {};
  dest.forEach((d, i) => (out[d] = record[org[i]!] ?? ''));
  return out;
}

/**
 * A popup column (spec §5): `configError` when it is not set up right (popupCode, orgFields and
 * destFields of equal counts), the record field the report picker keeps (`field`, else the first
 * of orgFields), and the row fields a picked record fills (its destFields, and this cell when not
 * among them). The records come from the shared popup report picker over the report `popupCode`.
 */
export function popupOf(col: GridColumn) {
  const field = col.field ?? splitMulti(col.orgFields)[0] ?? '';
  return {
    configError: popupConfigError(col),
    field,
    fieldsOf: (record: Record<string, unknown>) => {
      const out = popupValues(col, record);
      if (!(col.key in out)) out[col.key] = record[field] ?? '';
      return out;
    },
  };
}

export const statisticsOf = (col: GridColumn): GridStatistic[] => (col.statistics ? (Array.isArray(col.statistics) ? col.statistics : [col.statistics]) : []);
export const STAT_LABEL: Record<GridStatistic, string> = { sum: '合计', average: '平均' };

/** Summary rows: for each statistic used by a column, the text of every column that asks for it. */
export function summaryRows(columns: readonly GridColumn[], rows: readonly GridRow[]): { kind: GridStatistic; values: Record<string, string> }[] {
  const out: { kind: GridStatistic; values: Record<string, string> }[] = [];
  for (const kind of ['sum', 'average'] as const) {
    const cols = columns.filter((c) => statisticsOf(c).includes(kind));
    if (!cols.length) continue;
    const values: Record<string, string> = {};
    for (const c of cols) values[c.key] = (kind === 'sum' ? sumColumn(rows, c) : averageColumn(rows, c)).text;
    out.push({ kind, values });
  }
  return out;
}

export type SortState = { key: string; order: 'ascend' | 'descend' } | null;

/** Next sort state of a header click: ascend, descend, then none. */
export function nextSort(sort: SortState, key: string): SortState {
  if (sort?.key !== key) return { key, order: 'ascend' };
  return sort.order === 'ascend' ? { key, order: 'descend' } : null;
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';
const compareValues = (a: unknown, b: unknown): number => {
  const na = Number(a);
  const nb = Number(b);
  if (Number.isFinite(na) && Number.isFinite(nb) && String(a).trim() !== '' && String(b).trim() !== '') return na - nb;
  return String(a).localeCompare(String(b), 'zh-CN');
};

/** Row indexes in the shown order: the sort of a sortable column (stable, empty cells last either way), else the rows' own order. */
export function sortedIndexes(rows: readonly GridRow[], columns: readonly GridColumn[], sort: SortState): number[] {
  const idx = rows.map((_, i) => i);
  const col = sort && columns.find((c) => c.key === sort.key);
  if (!sort || !col?.sorter) return idx;
  const dir = sort.order === 'ascend' ? 1 : -1;
  const custom = typeof col.sorter === 'function' ? col.sorter : null;
  return idx.sort((i, j) => {
    const a = rows[i]!;
    const b = rows[j]!;
    if (custom) return dir * custom(a, b) || i - j;
    const ea = isBlank(a[col.key]);
    const eb = isBlank(b[col.key]);
    if (ea || eb) return ea === eb ? i - j : ea ? 1 : -1;
    return dir * compareValues(a[col.key], b[col.key]) || i - j;
  });
}

/** One page of the shown order (pageSize 0: all rows); the page is clamped to the last one. */
export function pageOf(indexes: readonly number[], page: number, pageSize: number): { indexes: readonly number[]; page: number; pages: number } {
  if (!pageSize) return { indexes, page: 1, pages: 1 };
  const pages = Math.max(1, Math.ceil(indexes.length / pageSize));
  const p = Math.min(Math.max(1, page), pages);
  return { indexes: indexes.slice((p - 1) * pageSize, p * pageSize), page: p, pages };
}

export type GridToolbarButton = 'add' | 'insert' | 'batch_delete' | 'remove' | 'move';

/**
 * Toolbar buttons a user sees (spec §6): an excluded add hides 新增 and 插入; an excluded
 * batch_delete hides 删除 (remove too, by the shared rule); other exclusions by their own code.
 */
export function gridToolbar(excluded: readonly string[]): GridToolbarButton[] {
  const all: GridToolbarButton[] = ['add', 'insert', 'batch_delete', 'remove', 'move'];
  const hidden = new Set(excluded);
  if (hidden.has('add')) hidden.add('insert');
  return visibleToolbarButtons(all, [...hidden]);
}

/** Checkbox values [checked, unchecked] of a column. */
export const checkboxValues = (col: GridColumn): [unknown, unknown] => col.customValue ?? [true, false];

/** Settings in a column's fieldExtendJson, {} when absent or not a JSON object. */
export function extendOf(col: GridColumn): Record<string, unknown> {
  if (!col.fieldExtendJson) return {};
  try {
    const v: unknown = JSON.parse(col.fieldExtendJson);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
