// Cell edits of the shared editable grid (part of useEditableGrid): one cell or several fields of a
// row written into the caller's rows (a linked select also clears the selects after it), and the
// cell errors re-checked: on blur, on every change once a cell shows an error, and all the rows of a
// unique column when one of them changes.
import { useCallback, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { changeCell } from './gridColumns';
import { checkCell, duplicateRows, GRID_ASYNC_MSG, isPending, isUniqueRule } from './gridRules';
import type { GridColumn, GridRow } from './gridTypes';
import type { CellErrors } from './useEditableGrid';

const isUnique = (c: GridColumn) => !!c.validateRules?.some(isUniqueRule);

/** The errors with one cell's message set (null clears it); `next` itself when nothing changes. */
export function setCellError(next: CellErrors, rowId: string, key: string, message: string | null): CellErrors {
  const cur = next[rowId]?.[key];
  if ((cur ?? null) === message) return next;
  const row = { ...(next[rowId] ?? {}) };
  if (message) row[key] = message;
  else delete row[key];
  const out = { ...next };
  if (Object.keys(row).length) out[rowId] = row;
  else delete out[rowId];
  return out;
}

/** True for the message of a cell whose asynchronous rule is still running (shown as pending, not as an error). */
export const isPendingMessage = (message: string | undefined) => message === GRID_ASYNC_MSG.pending;

/** A cell's message now (checkCell): while an asynchronous handler runs, GRID_ASYNC_MSG.pending, and its answer is set when it comes. */
export type CellVerdictFn = (col: GridColumn, rowIndex: number, rows: readonly GridRow[], dupes?: Set<number>) => string | null;

/**
 * The cell check the grid's hooks share: synchronous rules answer at once; an asynchronous handler
 * marks the cell pending and sets its message when it answers, unless the cell was checked again meanwhile.
 */
export function useCellVerdict(setErrors: Dispatch<SetStateAction<CellErrors>>): CellVerdictFn {
  const seq = useRef(new Map<string, number>());
  return useCallback(
    (col, rowIndex, rows, dupes) => {
      const row = rows[rowIndex];
      if (!row) return null;
      const v = checkCell(col, rowIndex, rows, dupes);
      const k = `${row.id}\u0000${col.key}`;
      const n = (seq.current.get(k) ?? 0) + 1;
      seq.current.set(k, n);
      if (!isPending(v)) return v;
      void v.then((message) => {
        if (seq.current.get(k) !== n) return; // a newer check of this cell decides
        setErrors((prev) => (isPendingMessage(prev[row.id]?.[col.key]) ? setCellError(prev, row.id, col.key, message) : prev));
      });
      return GRID_ASYNC_MSG.pending;
    },
    [setErrors],
  );
}

export function useGridCellEdits(
  columns: GridColumn[],
  onChange: (rows: GridRow[]) => void,
  rowsRef: RefObject<GridRow[]>,
  setErrors: Dispatch<SetStateAction<CellErrors>>,
  validateCell: CellVerdictFn,
) {
  /** Re-checks one cell, and every shown error of a unique column (a clash may have gone away or appeared). */
  const revalidate = useCallback(
    (list: readonly GridRow[], rowIndex: number, key: string, force: boolean) => {
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
    },
    [columns, setErrors, validateCell],
  );

  /** Writes one cell (a linked select also clears the selects after it); answers the rows and the keys reset. */
  const write = useCallback(
    (rowIndex: number, key: string, v: unknown) => {
      const row = rowsRef.current[rowIndex];
      if (!row) return null;
      const out = changeCell(row, columns, key, v);
      const list = rowsRef.current.map((r, i) => (i === rowIndex ? out.row : r));
      rowsRef.current = list;
      onChange(list);
      return { list, reset: out.reset };
    },
    [columns, onChange, rowsRef],
  );

  const setCell = useCallback(
    (rowIndex: number, key: string, v: unknown) => {
      const out = write(rowIndex, key, v);
      if (!out) return;
      revalidate(out.list, rowIndex, key, false);
      for (const k of out.reset) revalidate(out.list, rowIndex, k, false);
    },
    [write, revalidate],
  );

  const blurCell = useCallback(
    (rowIndex: number, key: string, v?: unknown) => {
      let list = rowsRef.current;
      if (v !== undefined && list[rowIndex]?.[key] !== v) {
        const out = write(rowIndex, key, v);
        if (!out) return;
        list = out.list;
        for (const k of out.reset) revalidate(list, rowIndex, k, false);
      }
      revalidate(list, rowIndex, key, true);
    },
    [write, revalidate, rowsRef],
  );

  /** Several fields of one row at once (a popup pick fills its destFields); each is validated. */
  const setValues = useCallback(
    (rowIndex: number, fields: Record<string, unknown>) => {
      const list = rowsRef.current.map((r, i) => (i === rowIndex ? { ...r, ...fields } : r));
      rowsRef.current = list;
      onChange(list);
      for (const k of Object.keys(fields)) if (columns.some((c) => c.key === k)) revalidate(list, rowIndex, k, true);
    },
    [columns, onChange, revalidate, rowsRef],
  );

  return { setCell, blurCell, setValues };
}
