// State of the shared editable grid, used by both views: rows are the caller's (value/onChange);
// the grid keeps cell errors, the shown view (sort, page) and the detail dialog's row. Cell edits
// and their validation are useGridCellEdits; the selection and the row actions (add, insert,
// remove, move, drag sort, a pasted block) are useGridRowActions. getValues() validates everything,
// marks every bad cell and brings the first into view with the focus on it (focusCell). It also
// hands the cells their options, the toolbar the user may see, and the conflict choices of live sync.
import { useCallback, useDeferredValue, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { useSnapshot } from 'valtio';
import { excludedCodes } from '@contract/permission';
import { session } from '@/stores/session';
import { cellOptions, gridToolbar, pageOf, sortedIndexes, nextSort, summaryRows, visibleColumns, type SortState } from './gridColumns';
import type { GridLoaders } from './gridApi';
import type { ConflictChoice, GridCellConflict, GridConflicts } from './GridConflict';
import { gridValues, gridValuesAsync, type GridValues } from './gridRules';
import type { GridCellContext, GridCellRenderer, GridColumn, GridColumnType, GridRow } from './gridTypes';
import { isPendingMessage, useCellVerdict, useGridCellEdits } from './useGridCellEdits';
import { useGridRowActions } from './useGridRowActions';

export type CellErrors = Record<string, Record<string, string>>;

/** What a view's cell (desktop GridCell, phone GridField) is handed. */
export interface GridCellViewProps {
  col: GridColumn;
  row: GridRow;
  value: unknown;
  error?: string;
  conflict?: GridCellConflict;
  /** The row's index in the rows (its number is this + 1). */
  rowIndex: number;
  grid: ReturnType<typeof useEditableGrid>;
}

export interface EditableGridHandle {
  /** Validates every row; shows the errors and (unless reveal is false) scrolls to the first; answers the rows or the errors. */
  getValues: (options?: { reveal?: boolean }) => GridValues;
  /** getValues that waits for asynchronous rules (spec §5 handlers answering later) instead of refusing while they run. */
  getValuesAsync: (options?: { reveal?: boolean }) => Promise<GridValues>;
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
  /** Rows are on their way: the grid shows a spinner over its body. */
  loading?: boolean;
  /** Rows per page; 0 or absent shows every row (virtualised). */
  pageSize?: number;
  /** Toolbar buttons hide when `prefix + code` (add, batch_delete, …) is excluded for the user (spec §6). */
  permissionPrefix?: string;
  /** A page's own pickers / uploaders for a column type (sel_depart, sel_user, popup, upload, file, image, …). */
  editors?: Partial<Record<GridColumnType, GridCellRenderer>>;
  /** Where picker cells load their choices; the defaults use the app's department, user and upload calls. */
  loaders?: GridLoaders;
  /** Cells someone else changed meanwhile (from the live sync): marked, with a choice of value. */
  conflicts?: GridConflicts;
  onConflictResolve?: (rowKey: string, field: string, choice: ConflictChoice) => void;
}

/**
 * Scrolls the grid to the row shown at `position` of the view; with a column key, also focuses the
 * cell of data row `index` and brings it into the page's view.
 */
export type ScrollToCell = (position: number, index: number, key?: string) => void;

export function useEditableGrid(props: EditableGridProps, scrollToPosition: ScrollToCell) {
  const { columns, value: rows, onChange, gridRef, pageSize = 0, permissionPrefix } = props;

  const [errors, setErrors] = useState<CellErrors>({});
  const [sort, setSort] = useState<SortState>(null);
  const [page, setPage] = useState(1);
  const [detailId, setDetailId] = useState<string | null>(null);
  const snap = useSnapshot(session);
  const dicts = snap.dicts;
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const order = useMemo(() => sortedIndexes(rows, columns, sort), [rows, columns, sort]);
  const paged = useMemo(() => pageOf(order, page, pageSize), [order, page, pageSize]);
  const view = paged.indexes;
  const sortRef = useRef(sort);
  sortRef.current = sort;

  /** Brings data row `index` into view: its page first, then its place on the page (after the render). */
  const scrollToRow = useCallback(
    (index: number, key?: string) => {
      const full = sortedIndexes(rowsRef.current, columns, sortRef.current);
      const at = full.indexOf(index);
      if (at < 0) return;
      const p = pageSize ? Math.floor(at / pageSize) + 1 : 1;
      setPage(p);
      setTimeout(() => scrollToPosition(pageSize ? at - (p - 1) * pageSize : at, index, key), 0);
    },
    [columns, pageSize, scrollToPosition],
  );

  const verdict = useCellVerdict(setErrors);
  const { setCell, blurCell, setValues } = useGridCellEdits(columns, onChange, rowsRef, setErrors, verdict);
  const { selected, toggle, toggleAll, add, insert, insertAt, copyAt, removeIds, moveOne, removeSelected, move, moveTo, paste, getRemovedIds } =
    useGridRowActions(columns, onChange, rowsRef, setErrors, scrollToRow, verdict);

  /** Shows every error of a full check and brings the first into view; answers at most ten. */
  const report = useCallback(
    (result: GridValues, options?: { reveal?: boolean }): GridValues => {
      const next: CellErrors = {};
      if (!result.ok) for (const e of result.errors) (next[e.rowId] ??= {})[e.key] = e.message;
      setErrors(next);
      if (!result.ok) {
        const first = result.errors[0]!;
        if (options?.reveal !== false) setTimeout(() => scrollToRow(first.rowIndex, first.key), 0);
        return { ok: false, errors: result.errors.slice(0, 10), message: result.message };
      }
      return result;
    },
    [scrollToRow],
  );
  const getValues = useCallback(
    (options?: { reveal?: boolean }) => report(gridValues(columns, rowsRef.current, Number.MAX_SAFE_INTEGER, verdict), options),
    [columns, report, verdict],
  );
  const getValuesAsync = useCallback(
    async (options?: { reveal?: boolean }) => report(await gridValuesAsync(columns, rowsRef.current, Number.MAX_SAFE_INTEGER), options),
    [columns, report],
  );

  useImperativeHandle(gridRef, () => ({ getValues, getValuesAsync, getRemovedIds, add, clearErrors: () => setErrors({}) }), [
    getValues,
    getValuesAsync,
    getRemovedIds,
    add,
  ]);

  // Summing 100 000 amounts waits until the rows are on screen (a deferred render follows at once).
  const summaryInput = useDeferredValue(rows);
  const summaries = useMemo(() => summaryRows(columns, summaryInput), [columns, summaryInput]);
  const hasSummary = summaries.length > 0;
  // Cells whose asynchronous rule still runs are not errors (yet).
  const errorCount = useMemo(() => Object.values(errors).reduce((n, r) => n + Object.values(r).filter((m) => !isPendingMessage(m)).length, 0), [errors]);

  const toolbar = useMemo(() => {
    if (!permissionPrefix) return gridToolbar([]);
    return gridToolbar(excludedCodes(permissionPrefix, { auth: snap.auth as never, allAuth: snap.allAuth as never }));
  }, [permissionPrefix, snap.auth, snap.allAuth]);

  const optionsFor = useCallback((col: GridColumn, row: GridRow | undefined) => cellOptions(col, row, columns, dicts), [columns, dicts]);

  const resolveConflict = useCallback(
    (rowKey: string, key: string, choice: ConflictChoice) => {
      const c = props.conflicts?.[rowKey]?.[key];
      const at = rowsRef.current.findIndex((r) => r.id === rowKey);
      if (c && choice === 'theirs' && at >= 0) blurCell(at, key, c.theirs);
      props.onConflictResolve?.(rowKey, key, choice);
    },
    [props, blurCell],
  );

  /** What a slot column or a plugged-in editor gets for one cell. */
  const cellContext = useCallback(
    (rowIndex: number, column: GridColumn, mobile: boolean): GridCellContext => {
      const row = rowsRef.current[rowIndex]!;
      return {
        row,
        rowIndex,
        column,
        value: row[column.key],
        error: errors[row.id]?.[column.key],
        disabled: !!column.disabled || !!props.readOnly,
        mobile,
        setValue: (v) => blurCell(rowIndex, column.key, v),
        setValues: (fields) => setValues(rowIndex, fields),
      };
    },
    [errors, props.readOnly, blurCell, setValues],
  );

  const toggleSort = useCallback((key: string) => setSort((s) => nextSort(s, key)), []);
  const detailIndex = detailId ? rowsRef.current.findIndex((r) => r.id === detailId) : -1;

  return {
    rows,
    columns: useMemo(() => visibleColumns(columns), [columns]),
    view,
    page: paged.page,
    pages: paged.pages,
    pageSize,
    setPage,
    sort,
    toggleSort,
    setSort,
    /** Rows keep their own order only when no sort is shown: moving and dragging wait until then. */
    canReorder: !sort,
    errors,
    errorCount,
    selected,
    toggle,
    toggleAll,
    setCell,
    blurCell,
    setValues,
    paste,
    add,
    insert,
    insertAt,
    copyAt,
    removeIds,
    moveOne,
    removeSelected,
    move,
    moveTo,
    summaries,
    hasSummary,
    toolbar,
    optionsFor,
    dicts,
    loaders: props.loaders,
    editors: props.editors,
    conflicts: props.conflicts,
    resolveConflict,
    cellContext,
    detailIndex,
    openDetail: setDetailId,
    readOnly: !!props.readOnly,
  };
}
