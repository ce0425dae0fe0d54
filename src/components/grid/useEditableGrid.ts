// State of the shared editable grid, used by both views: rows are the caller's (value/onChange);
// the grid keeps cell errors, the selection, which rows are new and which existing ones were removed.
// Cells validate on blur (and again on every change once they show an error); a unique column
// re-checks all its rows when one of them changes. getValues() validates everything.
import { useCallback, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import {
  gridValues, insertRows, INSERT_THROTTLE_MS, makeThrottle, moveRows, removeRows, sumColumn, validateCell, duplicateRows,
  type GridColumn, type GridRow, type GridValues,
} from './gridRules';

export type CellErrors = Record<string, Record<string, string>>;

export interface EditableGridHandle {
  /** Validates every row; shows the errors and scrolls to the first; answers the rows or the errors. */
  getValues: () => GridValues;
  /** Ids of rows that existed before and were removed (new rows are not reported). */
  getRemovedIds: () => string[];
  add: (count?: number) => void;
  clearErrors: () => void;
}

export interface EditableGridProps {
  columns: GridColumn[];
  value: GridRow[];
  onChange: (rows: GridRow[]) => void;
  gridRef?: Ref<EditableGridHandle>;
  /** Body height limit in px (desktop default 400, spec §9). */
  maxHeight?: number;
  /** Hide add / insert / remove / move (read-only use). */
  readOnly?: boolean;
  /** Shown when there are no rows. */
  emptyText?: string;
}

const isUnique = (c: GridColumn) => !!c.validateRules?.some((r) => r.unique || r.pattern === 'only' || r.pattern === 'unique');

export function useEditableGrid({ columns, value: rows, onChange, gridRef }: EditableGridProps, scrollToRow: (index: number) => void) {
  const [errors, setErrors] = useState<CellErrors>({});
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const newIds = useRef(new Set<string>());
  const removedIds = useRef<string[]>([]);
  const throttle = useMemo(() => makeThrottle(INSERT_THROTTLE_MS), []);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const setCellError = (next: CellErrors, rowId: string, key: string, message: string | null) => {
    const cur = next[rowId]?.[key];
    if ((cur ?? null) === message) return next;
    const row = { ...(next[rowId] ?? {}) };
    if (message) row[key] = message;
    else delete row[key];
    const out = { ...next };
    if (Object.keys(row).length) out[rowId] = row;
    else delete out[rowId];
    return out;
  };

  /** Re-checks one cell, and every shown error of a unique column (a clash may have gone away or appeared). */
  const revalidate = useCallback((list: readonly GridRow[], rowIndex: number, key: string, force: boolean) => {
    const col = columns.find((c) => c.key === key);
    const row = list[rowIndex];
    if (!col || !row) return;
    setErrors((prev) => {
      let next = prev;
      if (force || prev[row.id]?.[key]) next = setCellError(next, row.id, key, validateCell(col, rowIndex, list));
      if (isUnique(col)) {
        const dupes = duplicateRows(list, key);
        list.forEach((r, i) => {
          const shown = !!next[r.id]?.[key];
          if (shown || (dupes.has(i) && (force || i === rowIndex))) next = setCellError(next, r.id, key, validateCell(col, i, list, dupes));
        });
      }
      return next;
    });
  }, [columns]);

  const setCell = useCallback((rowIndex: number, key: string, v: unknown) => {
    const list = rowsRef.current.map((r, i) => (i === rowIndex ? { ...r, [key]: v } : r));
    rowsRef.current = list;
    onChange(list);
    revalidate(list, rowIndex, key, false);
  }, [onChange, revalidate]);

  const blurCell = useCallback((rowIndex: number, key: string, v?: unknown) => {
    let list = rowsRef.current;
    if (v !== undefined && list[rowIndex]?.[key] !== v) {
      list = list.map((r, i) => (i === rowIndex ? { ...r, [key]: v } : r));
      rowsRef.current = list;
      onChange(list);
    }
    revalidate(list, rowIndex, key, true);
  }, [onChange, revalidate]);

  const apply = (list: GridRow[]) => {
    rowsRef.current = list;
    onChange(list);
  };
  const track = (before: readonly GridRow[], after: readonly GridRow[]) => {
    const had = new Set(before.map((r) => r.id));
    for (const r of after) if (!had.has(r.id)) newIds.current.add(r.id);
  };

  const add = useCallback((count = 1) => {
    const before = rowsRef.current;
    const list = insertRows(before, columns, before.length, count);
    track(before, list);
    apply(list);
    setTimeout(() => scrollToRow(list.length - 1), 0);
  }, [columns]); // eslint-disable-line react-hooks/exhaustive-deps

  /** Inserts one row before the first selected row (at the top when none is selected); false when throttled. */
  const insert = useCallback((): boolean => {
    if (!throttle()) return false;
    const before = rowsRef.current;
    const first = before.findIndex((r) => selected.has(r.id));
    const at = first < 0 ? 0 : first;
    const list = insertRows(before, columns, at, 1);
    track(before, list);
    apply(list);
    setTimeout(() => scrollToRow(at), 0);
    return true;
  }, [columns, selected, throttle]); // eslint-disable-line react-hooks/exhaustive-deps

  const removeSelected = useCallback(() => {
    const out = removeRows(rowsRef.current, [...selected], newIds.current);
    removedIds.current.push(...out.removedIds);
    for (const id of selected) newIds.current.delete(id);
    setSelected(new Set());
    setErrors((prev) => {
      const next = { ...prev };
      for (const id of selected) delete next[id];
      return next;
    });
    apply(out.rows);
  }, [selected]); // eslint-disable-line react-hooks/exhaustive-deps

  const move = useCallback((dir: -1 | 1) => {
    apply(moveRows(rowsRef.current, [...selected], dir));
  }, [selected]); // eslint-disable-line react-hooks/exhaustive-deps

  const toggle = useCallback((id: string, on: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const toggleAll = useCallback((on: boolean) => setSelected(on ? new Set(rowsRef.current.map((r) => r.id)) : new Set()), []);

  const getValues = useCallback((): GridValues => {
    const result = gridValues(columns, rowsRef.current, Number.MAX_SAFE_INTEGER);
    const next: CellErrors = {};
    if (!result.ok) for (const e of result.errors) (next[e.rowId] ??= {})[e.key] = e.message;
    setErrors(next);
    if (!result.ok) {
      setTimeout(() => scrollToRow(result.errors[0]!.rowIndex), 0);
      return { ok: false, errors: result.errors.slice(0, 10), message: result.message };
    }
    return result;
  }, [columns, scrollToRow]);

  useImperativeHandle(gridRef, () => ({ getValues, getRemovedIds: () => [...removedIds.current], add, clearErrors: () => setErrors({}) }), [getValues, add]);

  const sums = useMemo(() => {
    const out: Record<string, string> = {};
    for (const c of columns) if (c.statistics === 'sum') out[c.key] = sumColumn(rows, c).text;
    return out;
  }, [columns, rows]);
  const hasSummary = Object.keys(sums).length > 0;
  const errorCount = useMemo(() => Object.values(errors).reduce((n, r) => n + Object.keys(r).length, 0), [errors]);

  return { rows, errors, errorCount, selected, toggle, toggleAll, setCell, blurCell, add, insert, removeSelected, move, sums, hasSummary };
}
