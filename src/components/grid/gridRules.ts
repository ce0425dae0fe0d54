// Pure rules of the shared editable grid (spec §3 grid column and row, §4 grid editing, §5 grid
// rule presets): cell validation with the presets, custom regex, required and unique ('only'),
// message templates, number-cell input, row ids, sums in bigint fen, row ordering and the insert
// throttle. No React here, so all of it is unit-tested (tests/unit/grid-rules.test.ts).
import { GRID_PRESETS } from '@contract/validation';
import { formatYuanGrouped, yuanToFen } from '@contract/money';

export type GridColumnType = 'input' | 'inputNumber' | 'select' | 'date';
export interface GridOption { label: string; value: string }

/** One validateRules entry, as the spec's grid columns declare them. */
export interface GridRule {
  required?: boolean;
  /** A preset name of GRID_PRESETS ('e', 'm', 'money', 'n6-16', …), 'only' / 'unique', or a custom regex. */
  pattern?: string | RegExp;
  unique?: boolean;
  /** May use ${title}, ${key} and ${defaultValue}; presets and required have their own default texts. */
  message?: string;
  /** Custom handler: the message to show, or null when the value is fine; it also runs on empty cells. */
  handler?: (value: unknown, row: GridRow, rows: readonly GridRow[]) => string | null;
}

export interface GridColumn {
  key: string;
  title: string;
  type: GridColumnType;
  width?: number;
  options?: GridOption[];
  validateRules?: GridRule[];
  defaultValue?: unknown;
  placeholder?: string;
  /** Summary row: sum of the column (money columns sum in bigint fen). */
  statistics?: 'sum';
  /** Yuan amounts: the value stays the typed string, sums are exact, shown '1,234.50'. */
  money?: boolean;
  disabled?: boolean;
}

export interface GridRow {
  id: string;
  orderNum?: number;
  [key: string]: unknown;
}

export interface CellError { rowIndex: number; rowNo: number; rowId: string; key: string; message: string }

export const ORDER_KEY = 'orderNum';
export const INSERT_THROTTLE_MS = 1500;
export const REMOVE_CONFIRM = (n: number) => `确定要删除这 ${n} 行吗?`;
const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Temporary id of a new row: 6 random characters (spec §3 grid row). */
export function newRowId(random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  return Array.from(random(6), (b) => ID_CHARS[b % ID_CHARS.length]).join('');
}

/** True for 6-character temporary ids (rows not yet saved). */
export const isNewRowId = (id: string) => /^[A-Za-z0-9]{6}$/.test(id);

export function fillTemplate(message: string, col: Pick<GridColumn, 'title' | 'key' | 'defaultValue'>): string {
  return message
    .replace(/\$\{title\}/g, col.title)
    .replace(/\$\{key\}/g, col.key)
    .replace(/\$\{defaultValue\}/g, col.defaultValue === undefined || col.defaultValue === null ? '' : String(col.defaultValue));
}

export const isEmptyCell = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
const cellText = (v: unknown) => (typeof v === 'string' ? v.trim() : String(v));
const isUniqueRule = (r: GridRule) => !!r.unique || r.pattern === 'only' || r.pattern === 'unique';

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

/** What a number cell keeps while typing: digits with one '.', a leading '-', or empty; anything else reverts to `previous`. */
export function acceptNumberInput(previous: string, next: string): string {
  return /^-?\d*(\.\d*)?$/.test(next) ? next : previous;
}

/** Number cell on blur: a number, or '' when nothing numeric is left ('-', '.', ''). Money cells keep a tidy string. */
export function numberOnBlur(text: string, money = false): number | string {
  const t = text.trim();
  if (!/^-?\d+(\.\d*)?$|^-?\.\d+$/.test(t)) return '';
  if (money) {
    const [whole, frac = ''] = (t.startsWith('-.') ? t.replace('-.', '-0.') : t.startsWith('.') ? `0${t}` : t).replace(/\.$/, '').split('.');
    const w = whole!.replace(/^(-?)0+(?=\d)/, '$1');
    return frac ? `${w}.${frac}` : w;
  }
  const n = Number(t);
  return Number.isFinite(n) ? n : '';
}

/** Summary row value of a column: money sums in bigint fen ('1,234.50'); other numbers as numbers. Non-numeric cells are skipped. */
export function sumColumn(rows: readonly GridRow[], col: Pick<GridColumn, 'key' | 'money'>): { fen?: bigint; text: string } {
  if (col.money) {
    let fen = 0n;
    for (const r of rows) fen += yuanToFen(r[col.key]) ?? 0n;
    return { fen, text: formatYuanGrouped(fen) };
  }
  // Sum of plain numbers in scaled integers so 0.1 + 0.2 shows 0.3.
  let scale = 0;
  const parts: string[] = [];
  for (const r of rows) {
    const v = r[col.key];
    const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
    if (!/^-?\d+(\.\d+)?$/.test(s)) continue;
    parts.push(s);
    scale = Math.max(scale, (s.split('.')[1] ?? '').length);
  }
  let total = 0n;
  for (const s of parts) {
    const [w, f = ''] = s.replace('-', '').split('.');
    const n = BigInt(w!) * 10n ** BigInt(scale) + BigInt((f + '0'.repeat(scale)).slice(0, scale) || '0');
    total += s.startsWith('-') ? -n : n;
  }
  const neg = total < 0n;
  const abs = (neg ? -total : total).toString().padStart(scale + 1, '0');
  const text = scale ? `${abs.slice(0, -scale)}.${abs.slice(-scale)}` : abs;
  return { text: `${neg ? '-' : ''}${text}` };
}

/** Order key recalculated 1…n in the current order (spec §4). */
export function renumber(rows: readonly GridRow[], orderKey = ORDER_KEY): GridRow[] {
  return rows.map((r, i) => (r[orderKey] === i + 1 ? r : { ...r, [orderKey]: i + 1 }));
}

/** Blank row with the columns' default values and a new id. */
export function blankRow(columns: readonly GridColumn[], id: string = newRowId()): GridRow {
  const row: GridRow = { id };
  for (const c of columns) row[c.key] = c.defaultValue ?? (c.type === 'inputNumber' ? '' : '');
  return row;
}

/** Inserts `count` new rows before index `at` (clamped; at = rows.length appends); renumbers. */
export function insertRows(rows: readonly GridRow[], columns: readonly GridColumn[], at: number, count = 1, makeId: () => string = newRowId): GridRow[] {
  const pos = Math.max(0, Math.min(rows.length, at));
  const taken = new Set(rows.map((r) => r.id));
  const fresh: GridRow[] = [];
  for (let i = 0; i < Math.max(0, count); i++) {
    let id = makeId();
    while (taken.has(id)) id = makeId();
    taken.add(id);
    fresh.push(blankRow(columns, id));
  }
  return renumber([...rows.slice(0, pos), ...fresh, ...rows.slice(pos)]);
}

/**
 * Removes the rows with these ids. `removedIds` are the ids of removed rows that existed before
 * (new rows are excluded from the removed data, spec §4).
 */
export function removeRows(rows: readonly GridRow[], ids: readonly string[], newIds: ReadonlySet<string>): { rows: GridRow[]; removedIds: string[] } {
  const drop = new Set(ids);
  return {
    rows: renumber(rows.filter((r) => !drop.has(r.id))),
    removedIds: rows.filter((r) => drop.has(r.id) && !newIds.has(r.id)).map((r) => r.id),
  };
}

/** Moves the rows with these ids one place up (-1) or down (+1) as a block-preserving step; renumbers. */
export function moveRows(rows: readonly GridRow[], ids: readonly string[], dir: -1 | 1): GridRow[] {
  const sel = new Set(ids);
  const out = [...rows];
  const order = dir < 0 ? out.map((_, i) => i) : out.map((_, i) => out.length - 1 - i);
  for (const i of order) {
    const j = i + dir;
    if (!sel.has(out[i]!.id) || j < 0 || j >= out.length || sel.has(out[j]!.id)) continue;
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return renumber(out);
}

/** Moves one row from index `from` to index `to` (drag sort); renumbers. */
export function moveRowTo(rows: readonly GridRow[], from: number, to: number): GridRow[] {
  if (from === to || from < 0 || from >= rows.length) return renumber(rows);
  const out = [...rows];
  const [row] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(out.length, to)), 0, row!);
  return renumber(out);
}

/** Leading-edge throttle: true when an action may run now (insert is throttled at 1500 ms). */
export function makeThrottle(ms: number, now: () => number = Date.now): () => boolean {
  let last = -Infinity;
  return () => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    return true;
  };
}
