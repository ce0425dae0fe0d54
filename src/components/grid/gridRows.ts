// Row operations of the shared editable grid (spec §3 grid row, §4 grid editing): temporary row ids,
// blank rows, insert, remove, move and drag sort with the order key renumbered, a pasted
// spreadsheet block, and the insert throttle. Unit-tested in tests/unit/grid-rules.test.ts.
import { normalizeAmountText } from '@contract/money';
import type { GridColumn, GridRow } from './gridTypes';

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

/** Rows of a pasted block at most (a spreadsheet selection is far smaller; this bounds a runaway paste). */
export const PASTE_MAX_ROWS = 10000;

/** A value pasted into one cell: money cells drop separators, selects take an option's value or label. */
function pastedValue(col: GridColumn, raw: string): unknown {
  const t = raw.trim();
  if (col.money) return normalizeAmountText(t);
  if (col.type === 'select') return col.options?.find((o) => o.value === t || o.label === t)?.value ?? t;
  return t;
}

/**
 * A block copied from a spreadsheet (tab-separated columns, one line per row) pasted into the cell
 * at `rowIndex` / `key`: fills rightwards and downwards from there, adding rows as needed; disabled
 * columns and cells past the last column are skipped. null when the text is one plain value (the
 * input takes it as typed).
 */
export function pasteBlock(
  rows: readonly GridRow[],
  columns: readonly GridColumn[],
  rowIndex: number,
  key: string,
  text: string,
  makeId: () => string = newRowId,
): { rows: GridRow[]; cells: { rowIndex: number; key: string }[] } | null {
  if (!/[\t\r\n]/.test(text)) return null;
  const start = columns.findIndex((c) => c.key === key);
  if (start < 0 || rowIndex < 0 || rowIndex > rows.length) return null;
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n').slice(0, PASTE_MAX_ROWS);
  let out = [...rows];
  const needed = rowIndex + lines.length - out.length;
  if (needed > 0) out = insertRows(out, columns, out.length, needed, makeId);
  const cells: { rowIndex: number; key: string }[] = [];
  lines.forEach((line, i) => {
    const at = rowIndex + i;
    const row = { ...out[at]! };
    line.split('\t').forEach((raw, j) => {
      const col = columns[start + j];
      if (!col || col.disabled) return;
      row[col.key] = pastedValue(col, raw);
      cells.push({ rowIndex: at, key: col.key });
    });
    out[at] = row;
  });
  return { rows: renumber(out), cells };
}

/** Order key recalculated 1…n in the current order (spec §4). */
export function renumber(rows: readonly GridRow[], orderKey = ORDER_KEY): GridRow[] {
  return rows.map((r, i) => (r[orderKey] === i + 1 ? r : { ...r, [orderKey]: i + 1 }));
}

/** Blank row with the columns' default values and a new id. */
export function blankRow(columns: readonly GridColumn[], id: string = newRowId()): GridRow {
  const row: GridRow = { id };
  for (const c of columns) {
    if (c.type === 'checkbox') row[c.key] = c.defaultValue ?? (c.customValue ?? [true, false])[c.defaultChecked ? 0 : 1];
    else row[c.key] = c.defaultValue ?? '';
  }
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

/** A copy of row `index` (its values, a new id) inserted just below it; renumbers. */
export function copyRowAt(rows: readonly GridRow[], index: number, makeId: () => string = newRowId): GridRow[] {
  const source = rows[index];
  if (!source) return renumber(rows);
  const taken = new Set(rows.map((r) => r.id));
  let id = makeId();
  while (taken.has(id)) id = makeId();
  return renumber([...rows.slice(0, index + 1), { ...source, id }, ...rows.slice(index + 1)]);
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
