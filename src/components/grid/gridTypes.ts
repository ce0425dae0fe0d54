// Types of the shared editable grid (spec §3 grid column and row): the column types and their
// settings, options, validation rules, rows, cell errors and what a cell renderer gets.
import type { ReactNode } from 'react';

export type GridColumnType =
  | 'input'
  | 'inputNumber'
  | 'checkbox'
  | 'select'
  | 'date'
  | 'datetime'
  | 'time'
  | 'radio'
  | 'list_multi'
  | 'sel_search'
  | 'sel_search_async'
  | 'sel_depart'
  | 'sel_user'
  | 'input_pop'
  | 'textarea'
  | 'popup'
  | 'upload'
  | 'file'
  | 'image'
  | 'slot'
  | 'hidden'
  | 'select-dict-search';

export interface GridOption {
  label: string;
  value: string;
  /** Linked selects: the value of the parent column this option belongs to (see GridColumn.linkageKey). */
  parent?: string;
}

/** What a rule handler answers: a message, null (fine), a Promise of either, or nothing (it calls back). */
export type GridRuleAnswer = string | null | undefined | void | Promise<string | null | undefined>;
/** The callback of an asynchronous handler: ok, or not ok with its message. */
export type GridRuleCallback = (ok: boolean, message?: string) => void;

/** One validateRules entry, as the spec's grid columns declare them. */
export interface GridRule {
  required?: boolean;
  /** A preset name of GRID_PRESETS ('e', 'm', 'money', 'n6-16', …), 'only' / 'unique', or a custom regex. */
  pattern?: string | RegExp;
  unique?: boolean;
  /** May use ${title}, ${key} and ${defaultValue}; presets and required have their own default texts. */
  message?: string;
  /**
   * Custom handler: the message to show, or null when the value is fine; it also runs on empty cells.
   * It may be asynchronous (spec §5, as JVxeTable's): answer a Promise of the message, or answer nothing
   * and call `callback(ok, message)` later. Until it settles the cell is pending (getValues refuses).
   */
  handler?: (value: unknown, row: GridRow, rows: readonly GridRow[], callback: GridRuleCallback) => GridRuleAnswer;
}

export interface GridColumn {
  key: string;
  title: string;
  type: GridColumnType;
  width?: number;
  options?: GridOption[];
  /** Dictionary code whose items (the session's dictionaries) are the options; `dictCode` is the spec's other spelling. */
  dict?: string;
  dictCode?: string;
  validateRules?: GridRule[];
  defaultValue?: unknown;
  /** Checkbox values [checked, unchecked] (default [true, false]). */
  customValue?: [unknown, unknown];
  /** Checkbox default of a new row. */
  defaultChecked?: boolean;
  placeholder?: string;
  /** Summary row: sum and/or average of the column (money columns in bigint fen). */
  statistics?: GridStatistic | GridStatistic[];
  /** Yuan amounts: the value stays the typed string, sums are exact, shown '1,234.50'. */
  money?: boolean;
  disabled?: boolean;
  /** Linked selects: the key of the next column; choosing here narrows its options (by GridOption.parent) and resets it. */
  linkageKey?: string;
  /** select: a search box in the drop-down. */
  allowSearch?: boolean;
  /** select: a typed value not among the options is kept. */
  allowInput?: boolean;
  /** file/upload/image cells: a download link and a remove button. */
  allowDownload?: boolean;
  allowRemove?: boolean;
  /** Adds the row's detail button (dialog of every field). */
  showDetails?: boolean;
  /** Extra props handed to the cell's editor. */
  props?: Record<string, unknown>;
  /** Tag colour of a select/radio value (shown read-only). */
  setTagColor?: (value: string) => string | undefined;
  /** JSON text of extra settings (e.g. {"multiple": false} for sel_user/sel_depart). */
  fieldExtendJson?: string;
  /** popup: the popup report's code, its fields copied (orgFields) and the row fields they go to (destFields), comma separated. */
  popupCode?: string;
  orgFields?: string;
  destFields?: string;
  /** popup / sel_user: which field of a picked record is the cell's value (sel_user default username). */
  field?: string;
  /** Extra query of a popup or async search. */
  param?: Record<string, unknown>;
  /** slot columns (and any column a page renders itself): the cell's content. */
  render?: GridCellRenderer;
  /** sel_search_async: the choices for a typed keyword. */
  loadOptions?: (keyword: string, row: GridRow) => Promise<GridOption[]>;
  /** Header click sorts the view (true: by value; a function: by it). */
  sorter?: boolean | ((a: GridRow, b: GridRow) => number);
}

export type GridStatistic = 'sum' | 'average';

/** What a cell renderer (a slot column, or a page's picker / uploader plugged in for a type) gets. */
export interface GridCellContext {
  row: GridRow;
  rowIndex: number;
  column: GridColumn;
  value: unknown;
  error?: string;
  disabled: boolean;
  /** True in the phone card list. */
  mobile: boolean;
  /** Sets this cell (validates it, resets linked selects). */
  setValue: (value: unknown) => void;
  /** Sets several fields of the row at once (a picker filling more than its own cell). */
  setValues: (fields: Record<string, unknown>) => void;
}
export type GridCellRenderer = (ctx: GridCellContext) => ReactNode;

export interface GridRow {
  id: string;
  orderNum?: number;
  [key: string]: unknown;
}

export interface CellError {
  rowIndex: number;
  rowNo: number;
  rowId: string;
  key: string;
  message: string;
}
