// Row actions of the shared editable grid (part of useEditableGrid): the selection, add, insert
// (throttled), remove, move, drag sort and a block pasted from a spreadsheet (it fills cells, and
// adds rows, from the cell it lands in). It keeps which rows are new and which existing ones were
// removed (spec §4: new rows are not reported as removed).
import { useCallback, useMemo, useRef, useState, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { copyRowAt, insertRows, INSERT_THROTTLE_MS, makeThrottle, moveRows, moveRowTo, pasteBlock, removeRows } from './gridRows';
import type { GridColumn, GridRow } from './gridTypes';
import type { CellErrors } from './useEditableGrid';
import { setCellError, type CellVerdictFn } from './useGridCellEdits';

export function useGridRowActions(
  columns: GridColumn[],
  onChange: (rows: GridRow[]) => void,
  rowsRef: RefObject<GridRow[]>,
  setErrors: Dispatch<SetStateAction<CellErrors>>,
  scrollToRow: (index: number, key?: string) => void,
  validateCell: CellVerdictFn,
) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const newIds = useRef(new Set<string>());
  const removedIds = useRef<string[]>([]);
  const throttle = useMemo(() => makeThrottle(INSERT_THROTTLE_MS), []);
  /** Ids of rows that existed before and were removed. */
  const getRemovedIds = useCallback(() => [...removedIds.current], []);

  const apply = (list: GridRow[]) => {
    rowsRef.current = list;
    onChange(list);
  };
  const track = (before: readonly GridRow[], after: readonly GridRow[]) => {
    const had = new Set(before.map((r) => r.id));
    for (const r of after) if (!had.has(r.id)) newIds.current.add(r.id);
  };

  const add = useCallback(
    (count = 1) => {
      const before = rowsRef.current;
      const list = insertRows(before, columns, before.length, count);
      track(before, list);
      apply(list);
      setTimeout(() => scrollToRow(list.length - 1), 0);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns],
  );

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

  /** Removes these rows (a removed row leaves the selection and its errors go). */
  const removeIds = useCallback((ids: readonly string[]) => {
    const out = removeRows(rowsRef.current, ids, newIds.current);
    removedIds.current.push(...out.removedIds);
    for (const id of ids) newIds.current.delete(id);
    setSelected((prev) => (ids.some((id) => prev.has(id)) ? new Set([...prev].filter((id) => !ids.includes(id))) : prev));
    setErrors((prev) => {
      const next = { ...prev };
      for (const id of ids) delete next[id];
      return next;
    });
    apply(out.rows);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const removeSelected = useCallback(() => removeIds([...selected]), [selected, removeIds]);

  /** Row menu: a new row at data index `at` (before the row there; rows.length appends); false when throttled. */
  const insertAt = useCallback(
    (at: number): boolean => {
      if (!throttle()) return false;
      const before = rowsRef.current;
      const list = insertRows(before, columns, at, 1);
      track(before, list);
      apply(list);
      setTimeout(() => scrollToRow(Math.min(at, list.length - 1)), 0);
      return true;
    },
    [columns, throttle], // eslint-disable-line react-hooks/exhaustive-deps
  );

  /** Row menu: a copy of data row `index` just below it (its cells are checked, a unique column shows the clash). */
  const copyAt = useCallback(
    (index: number) => {
      const before = rowsRef.current;
      const list = copyRowAt(before, index);
      track(before, list);
      apply(list);
      setErrors((prev) => {
        let next = prev;
        for (const col of columns) if (col.validateRules?.length) next = setCellError(next, list[index + 1]!.id, col.key, validateCell(col, index + 1, list));
        return next;
      });
      setTimeout(() => scrollToRow(index + 1), 0);
    },
    [columns], // eslint-disable-line react-hooks/exhaustive-deps
  );

  /** Row menu: one row one place up or down. */
  const moveOne = useCallback((id: string, dir: -1 | 1) => apply(moveRows(rowsRef.current, [id], dir)), []); // eslint-disable-line react-hooks/exhaustive-deps

  const move = useCallback(
    (dir: -1 | 1) => {
      apply(moveRows(rowsRef.current, [...selected], dir));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [selected],
  );

  /** Drag sort: data row `from` dropped at the place of data row `to`. */
  const moveTo = useCallback((from: number, to: number) => apply(moveRowTo(rowsRef.current, from, to)), []); // eslint-disable-line react-hooks/exhaustive-deps

  /** A pasted spreadsheet block fills cells from here (true), or false for one plain value. */
  const paste = useCallback(
    (rowIndex: number, key: string, text: string): boolean => {
      const before = rowsRef.current;
      const out = pasteBlock(before, columns, rowIndex, key, text);
      if (!out) return false;
      track(before, out.rows);
      apply(out.rows);
      setErrors((prev) => {
        let next = prev;
        for (const c of out.cells) {
          const col = columns.find((x) => x.key === c.key)!;
          next = setCellError(next, out.rows[c.rowIndex]!.id, c.key, validateCell(col, c.rowIndex, out.rows));
        }
        return next;
      });
      return true;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns],
  );

  const toggle = useCallback((id: string, on: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const toggleAll = useCallback((on: boolean) => setSelected(on ? new Set(rowsRef.current.map((r) => r.id)) : new Set()), [rowsRef]);

  return {
    selected,
    toggle,
    toggleAll,
    add,
    insert,
    insertAt,
    copyAt,
    removeIds,
    moveOne,
    removeSelected,
    move,
    moveTo,
    paste,
    getRemovedIds,
  };
}
