// Validation rules of the shared editable grid (spec §4 grid editing, §5 grid rule presets): cell
// validation with the presets, custom regex, required and unique ('only'), message templates and
// getValues(). No React here, so all of it is unit-tested (tests/unit/grid-rules.test.ts).
import { GRID_PRESETS } from '@contract/validation';
import type { CellError, GridColumn, GridRow, GridRule } from './gridTypes';

export function fillTemplate(message: string, col: Pick<GridColumn, 'title' | 'key' | 'defaultValue'>): string {
  return message
    .replace(/\$\{title\}/g, col.title)
    .replace(/\$\{key\}/g, col.key)
    .replace(/\$\{defaultValue\}/g, col.defaultValue === undefined || col.defaultValue === null ? '' : String(col.defaultValue));
}

export const isEmptyCell = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
const cellText = (v: unknown) => (typeof v === 'string' ? v.trim() : String(v));
/** True for a rule that asks the column's values to differ from row to row. */
export const isUniqueRule = (r: GridRule) => !!r.unique || r.pattern === 'only' || r.pattern === 'unique';

/** Indexes of rows whose value in `key` is shared with at least one other row (empty values never clash). */
export function duplicateRows(rows: readonly GridRow[], key: string): Set<number> {
  const seen = new Map<string, number[]>();
  rows.forEach((row, i) => {
    const v = row[key];
    if (isEmptyCell(v)) return;
    const k = cellText(v);
    const list = seen.get(k);
    if (list) list.push(i);
    else seen.set(k, [i]);
  });
  const out = new Set<number>();
  for (const list of seen.values()) if (list.length > 1) list.forEach((i) => out.add(i));
  return out;
}

/**
 * The first failing rule's message for one cell, or null. `dupes` (from duplicateRows) lets a full
 * validation check uniqueness in one pass; without it the rows are scanned.
 */
export function validateCell(col: GridColumn, rowIndex: number, rows: readonly GridRow[], dupes?: Set<number>): string | null {
  const row = rows[rowIndex];
  if (!row) return null;
  const value = row[col.key];
  for (const rule of col.validateRules ?? []) {
    if (rule.required) {
      if (isEmptyCell(value)) return fillTemplate(rule.message ?? '请输入${title}', col);
      continue;
    }
    if (rule.handler && rule.pattern === undefined && !isUniqueRule(rule)) {
      // A custom handler also sees empty cells (it may depend on other cells of the row).
      const msg = rule.handler(value, row, rows);
      if (msg) return fillTemplate(msg, col);
      continue;
    }
    if (isEmptyCell(value)) continue;
    if (isUniqueRule(rule)) {
      const clash = dupes ? dupes.has(rowIndex) : rows.some((r, i) => i !== rowIndex && !isEmptyCell(r[col.key]) && cellText(r[col.key]) === cellText(value));
      if (clash) return fillTemplate(rule.message ?? '${title}不能重复', col);
      continue;
    }
    if (rule.pattern !== undefined) {
      const preset = typeof rule.pattern === 'string' ? GRID_PRESETS[rule.pattern] : undefined;
      let rx: RegExp;
      if (preset) rx = preset.pattern;
      else if (rule.pattern instanceof RegExp) rx = rule.pattern;
      else {
        try {
          rx = new RegExp(rule.pattern);
        } catch {
          continue; // a broken custom pattern checks nothing rather than blocking every row
        }
      }
      if (!rx.test(cellText(value))) return fillTemplate(rule.message ?? preset?.message ?? '${title}格式不正确', col);
    }
    if (rule.handler) {
      const msg = rule.handler(value, row, rows);
      if (msg) return fillTemplate(msg, col);
    }
  }
  return null;
}

/** Every failing cell, in row order then column order. */
export function validateRows(columns: readonly GridColumn[], rows: readonly GridRow[]): CellError[] {
  const dupes = new Map<string, Set<number>>();
  for (const col of columns) if (col.validateRules?.some(isUniqueRule)) dupes.set(col.key, duplicateRows(rows, col.key));
  const out: CellError[] = [];
  rows.forEach((row, i) => {
    for (const col of columns) {
      const message = validateCell(col, i, rows, dupes.get(col.key));
      if (message) out.push({ rowIndex: i, rowNo: i + 1, rowId: row.id, key: col.key, message });
    }
  });
  return out;
}

export type GridValues = { ok: true; rows: GridRow[] } | { ok: false; errors: CellError[]; message: string };

/** getValues(): the rows when all are valid, else the first errors (at most `limit`) with row numbers. */
export function gridValues(columns: readonly GridColumn[], rows: readonly GridRow[], limit = 10): GridValues {
  const errors = validateRows(columns, rows);
  if (!errors.length) return { ok: true, rows: rows.map((r) => ({ ...r })) };
  const first = errors[0]!;
  return { ok: false, errors: errors.slice(0, limit), message: `第${first.rowNo}行：${first.message}` };
}
