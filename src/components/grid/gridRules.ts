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

/** Texts of asynchronous rules (spec §5 handlers that answer later). */
export const GRID_ASYNC_MSG = {
  pending: '正在校验，请稍候',
  failed: '校验失败',
  timeout: '校验超时，请重试',
} as const;
/** An asynchronous handler that has not answered by then fails with GRID_ASYNC_MSG.timeout. */
export const ASYNC_RULE_TIMEOUT_MS = 10_000;

/** A cell's verdict: a message, null (fine), or a Promise of either while an asynchronous handler runs. */
export type CellVerdict = string | null | Promise<string | null>;
export const isPending = (v: CellVerdict): v is Promise<string | null> => typeof v === 'object' && v !== null && typeof v.then === 'function';

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : typeof e === 'string' && e ? e : GRID_ASYNC_MSG.failed);

/** Runs one handler: its message now, or a Promise of it (a returned Promise, or a call of its callback). */
function runHandler(rule: GridRule, value: unknown, row: GridRow, rows: readonly GridRow[]): CellVerdict {
  const handler = rule.handler!;
  let called: ((m: string | null) => void) | null = null;
  let early: { m: string | null } | null = null;
  const callback = (ok: boolean, message?: string) => {
    const m = ok ? null : message || rule.message || GRID_ASYNC_MSG.failed;
    if (called) called(m);
    else early ??= { m };
  };
  let answer: unknown;
  try {
    answer = handler(value, row, rows, callback);
  } catch (e) {
    return errorText(e);
  }
  if (answer && typeof (answer as Promise<unknown>).then === 'function') {
    return withTimeout(
      (answer as Promise<string | null | undefined>).then(
        (m) => m || null,
        (e: unknown) => errorText(e),
      ),
    );
  }
  if (typeof answer === 'string') return answer || null;
  if (answer === null) return null;
  // Nothing answered: the callback decides (at once, or later); a handler of three parameters meant "fine".
  if (early) return (early as { m: string | null }).m;
  if (handler.length < 4) return null;
  return withTimeout(new Promise<string | null>((resolve) => (called = resolve)));
}

function withTimeout(p: Promise<string | null>): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(GRID_ASYNC_MSG.timeout), ASYNC_RULE_TIMEOUT_MS);
    void p.then((m) => {
      clearTimeout(timer);
      resolve(m);
    });
  });
}

/**
 * The first failing rule's message for one cell, null, or (when an asynchronous handler has to be
 * waited for) a Promise of it: the rules after a pending handler run once it answers. `dupes` (from
 * duplicateRows) lets a full validation check uniqueness in one pass; without it the rows are scanned.
 */
export function checkCell(col: GridColumn, rowIndex: number, rows: readonly GridRow[], dupes?: Set<number>): CellVerdict {
  const row = rows[rowIndex];
  if (!row) return null;
  const value = row[col.key];
  const rules = col.validateRules ?? [];
  const from = (start: number): CellVerdict => {
    for (let i = start; i < rules.length; i++) {
      const rule = rules[i]!;
      if (rule.required) {
        if (isEmptyCell(value)) return fillTemplate(rule.message ?? '请输入${title}', col);
        continue;
      }
      const custom = rule.handler && rule.pattern === undefined && !isUniqueRule(rule);
      // A custom handler also sees empty cells (it may depend on other cells of the row).
      if (!custom) {
        if (isEmptyCell(value)) continue;
        if (isUniqueRule(rule)) {
          const clash = dupes
            ? dupes.has(rowIndex)
            : rows.some((r, j) => j !== rowIndex && !isEmptyCell(r[col.key]) && cellText(r[col.key]) === cellText(value));
          if (clash) return fillTemplate(rule.message ?? '${title}不能重复', col);
          continue;
        }
        if (rule.pattern !== undefined) {
          const preset = typeof rule.pattern === 'string' ? GRID_PRESETS[rule.pattern] : undefined;
          let rx: RegExp | null;
          if (preset) rx = preset.pattern;
          else if (rule.pattern instanceof RegExp) rx = rule.pattern;
          else {
            try {
              rx = new RegExp(rule.pattern);
            } catch {
              rx = null; // a broken custom pattern checks nothing rather than blocking every row
            }
          }
          if (rx && !rx.test(cellText(value))) return fillTemplate(rule.message ?? preset?.message ?? '${title}格式不正确', col);
        }
        if (!rule.handler) continue;
      }
      const verdict = runHandler(rule, value, row, rows);
      if (isPending(verdict)) return verdict.then((m) => (m ? fillTemplate(m, col) : waitFor(from(i + 1))));
      if (verdict) return fillTemplate(verdict, col);
    }
    return null;
  };
  return from(0);
}
const waitFor = (v: CellVerdict): Promise<string | null> => (isPending(v) ? v : Promise.resolve(v));

/**
 * The first failing rule's message for one cell, or null, now: a cell whose asynchronous handler is
 * still running answers GRID_ASYNC_MSG.pending (so nothing pending ever passes as valid).
 */
export function validateCell(col: GridColumn, rowIndex: number, rows: readonly GridRow[], dupes?: Set<number>): string | null {
  const v = checkCell(col, rowIndex, rows, dupes);
  return isPending(v) ? fillTemplate(GRID_ASYNC_MSG.pending, col) : v;
}

/** Every failing cell, in row order then column order. */
export function validateRows(columns: readonly GridColumn[], rows: readonly GridRow[], check: typeof validateCell = validateCell): CellError[] {
  const dupes = new Map<string, Set<number>>();
  for (const col of columns) if (col.validateRules?.some(isUniqueRule)) dupes.set(col.key, duplicateRows(rows, col.key));
  const out: CellError[] = [];
  rows.forEach((row, i) => {
    for (const col of columns) {
      const message = check(col, i, rows, dupes.get(col.key));
      if (message) out.push({ rowIndex: i, rowNo: i + 1, rowId: row.id, key: col.key, message });
    }
  });
  return out;
}

/** Every failing cell, waiting for the asynchronous handlers (all cells are checked at once). */
export async function validateRowsAsync(columns: readonly GridColumn[], rows: readonly GridRow[]): Promise<CellError[]> {
  const dupes = new Map<string, Set<number>>();
  for (const col of columns) if (col.validateRules?.some(isUniqueRule)) dupes.set(col.key, duplicateRows(rows, col.key));
  const cells: { i: number; col: GridColumn; verdict: CellVerdict }[] = [];
  rows.forEach((_, i) => {
    for (const col of columns) cells.push({ i, col, verdict: checkCell(col, i, rows, dupes.get(col.key)) });
  });
  const messages = await Promise.all(cells.map((c) => c.verdict));
  const out: CellError[] = [];
  messages.forEach((message, n) => {
    const { i, col } = cells[n]!;
    if (message) out.push({ rowIndex: i, rowNo: i + 1, rowId: rows[i]!.id, key: col.key, message });
  });
  return out;
}

export type GridValues = { ok: true; rows: GridRow[] } | { ok: false; errors: CellError[]; message: string };

function valuesOf(errors: CellError[], rows: readonly GridRow[], limit: number): GridValues {
  if (!errors.length) return { ok: true, rows: rows.map((r) => ({ ...r })) };
  const first = errors[0]!;
  return { ok: false, errors: errors.slice(0, limit), message: `第${first.rowNo}行：${first.message}` };
}

/** gridValues, waiting for the asynchronous handlers. */
export async function gridValuesAsync(columns: readonly GridColumn[], rows: readonly GridRow[], limit = 10): Promise<GridValues> {
  return valuesOf(await validateRowsAsync(columns, rows), rows, limit);
}

/**
 * getValues(): the rows when all are valid, else the first errors (at most `limit`) with row numbers.
 * A cell whose asynchronous rule still runs counts as an error (GRID_ASYNC_MSG.pending).
 */
export function gridValues(columns: readonly GridColumn[], rows: readonly GridRow[], limit = 10, check: typeof validateCell = validateCell): GridValues {
  return valuesOf(validateRows(columns, rows, check), rows, limit);
}
