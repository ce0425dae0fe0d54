// One cell of the desktop grid: the editor of its column type. Text, number and checkbox cells are
// plain inputs (grid.css) and choice and date cells show their text until a click opens the antd
// editor (spec §4), so 100 000 rows scroll without thousands of antd components. Picker cells
// (sel_search_async, sel_depart, sel_user, popup, upload, file, image) load through useCellData; a
// page's own editor for a type, or a slot column's render, replaces the built-in one.
import { memo, useState, type ReactNode } from 'react';
import { DatePicker, Popover, Radio, Select, TimePicker } from 'antd';
import dayjs from 'dayjs';
import { checkboxValues, joinMulti, optionText, splitMulti } from './gridColumns';
import type { GridColumn, GridRow } from './gridTypes';
import { CONFLICT_COLOR, ConflictPanel } from './GridConflict';
import { AsyncSelect, FileCell, PopInput, PopupCell, TextInput, type CommonProps, type EditSession } from './GridEditors.desktop';
import { fileNameOf, isAsyncColumn, knownLabel } from './useCellData';
import { isPendingMessage } from './useGridCellEdits';
import './grid.css';
import type { GridCellViewProps, useEditableGrid } from './useEditableGrid';

type Grid = ReturnType<typeof useEditableGrid>;
type CellProps = GridCellViewProps;

const DATE_FORMAT = { date: 'YYYY-MM-DD', datetime: 'YYYY-MM-DD HH:mm:ss', time: 'HH:mm:ss' } as const;
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

function editorOf(p: CellProps, edit: EditSession | null): ReactNode {
  const { col, row, value, error, rowIndex, grid } = p;
  const own = col.render ?? grid.editors?.[col.type];
  if (own) return own(grid.cellContext(rowIndex, col, false));
  const common: CommonProps = {
    size: 'small' as const,
    status: error ? ('error' as const) : undefined,
    disabled: !!col.disabled || grid.readOnly,
    style: { width: '100%' },
    'aria-label': `第${rowIndex + 1}行${col.title}`,
    'aria-invalid': !!error,
    ...col.props,
  };
  const set = (v: unknown) => grid.blurCell(rowIndex, col.key, v);
  const opened = edit ? { autoFocus: true, defaultOpen: true } : {};
  switch (col.type) {
    case 'select':
    case 'sel_search':
    case 'select-dict-search':
    case 'list_multi': {
      const multi = col.type === 'list_multi';
      const search = col.type !== 'select' || col.allowSearch || col.allowInput;
      return (
        <Select
          {...common}
          allowClear
          showSearch={search ? { optionFilterProp: 'label' } : undefined}
          mode={multi ? 'multiple' : col.allowInput ? 'tags' : undefined}
          maxCount={col.allowInput && !multi ? 1 : undefined}
          maxTagCount="responsive"
          placeholder={col.placeholder ?? '请选择'}
          options={grid.optionsFor(col, row)}
          value={multi || col.allowInput ? splitMulti(value) : text(value) || undefined}
          {...opened}
          onOpenChange={(open) => !open && !multi && edit?.done()}
          onChange={(v: string | string[] | undefined) => set(Array.isArray(v) ? joinMulti(v) : (v ?? ''))}
        />
      );
    }
    case 'radio':
      return (
        <Radio.Group
          {...common}
          size="small"
          value={text(value)}
          onChange={(e) => set(e.target.value)}
          options={grid.optionsFor(col, row)}
          style={{ whiteSpace: 'nowrap' }}
        />
      );
    case 'checkbox': {
      const [on, off] = checkboxValues(col);
      return (
        <input
          type="checkbox"
          className="boss-grid-check"
          aria-label={common['aria-label']}
          aria-invalid={!!error}
          disabled={common.disabled}
          checked={value === on}
          onChange={(e) => set(e.target.checked ? on : off)}
        />
      );
    }
    case 'date':
    case 'datetime': {
      const fmt = DATE_FORMAT[col.type];
      const d = text(value) ? dayjs(text(value)) : null;
      return (
        <DatePicker
          {...common}
          showTime={col.type === 'datetime'}
          format={fmt}
          placeholder={col.placeholder ?? (col.type === 'date' ? '请选择日期' : '请选择时间')}
          value={d?.isValid() ? d : null}
          {...opened}
          onOpenChange={(open) => !open && edit?.done()}
          onChange={(v) => set(v ? v.format(fmt) : '')}
        />
      );
    }
    case 'time': {
      const d = text(value) ? dayjs(`2000-01-01 ${text(value)}`) : null;
      return (
        <TimePicker
          {...common}
          placeholder={col.placeholder ?? '请选择时间'}
          value={d?.isValid() ? d : null}
          onChange={(v) => set(v ? v.format('HH:mm:ss') : '')}
        />
      );
    }
    case 'sel_search_async':
    case 'sel_depart':
    case 'sel_user':
      return <AsyncSelect {...p} common={common} edit={edit} />;
    case 'popup':
      return <PopupCell {...p} common={common} />;
    case 'upload':
    case 'file':
    case 'image':
      return <FileCell {...p} />;
    case 'textarea':
      return (
        <textarea
          className="boss-grid-input"
          aria-label={common['aria-label']}
          aria-invalid={!!error}
          disabled={common.disabled}
          rows={1}
          placeholder={col.placeholder}
          value={text(value)}
          style={{ resize: 'none', paddingTop: 1 }}
          onChange={(e) => grid.setCell(rowIndex, col.key, e.target.value)}
          onBlur={() => grid.blurCell(rowIndex, col.key)}
        />
      );
    case 'input_pop':
      return <PopInput {...p} common={common} />;
    case 'slot':
      return text(value);
    default:
      return <TextInput {...p} common={common} />;
  }
}

/** Types whose editor is heavy: shown as text until a click opens the editor (spec §4 cell editing). */
const OPEN_ON_CLICK = new Set<GridColumn['type']>([
  'select',
  'sel_search',
  'select-dict-search',
  'list_multi',
  'radio',
  'date',
  'datetime',
  'time',
  'sel_search_async',
  'sel_depart',
  'sel_user',
]);

/** What a closed cell shows: option labels of choices, remembered labels of searched values, else the value. */
function displayText(col: GridColumn, value: unknown, grid: Grid, row: GridRow): string {
  if (value !== null && typeof value === 'object') return '';
  if (isAsyncColumn(col))
    return splitMulti(value)
      .map((v) => knownLabel(col, v))
      .join('，');
  const options = grid.optionsFor(col, row);
  return options.length ? optionText(value, options) : text(value);
}

const FILE_TYPES = new Set<GridColumn['type']>(['upload', 'file', 'image']);

/** A cell's value as the plain text a row shows while the list scrolls fast (useFastScroll). */
export function cellText(col: GridColumn, row: GridRow, grid: Grid): string {
  const value = row[col.key];
  if (col.type === 'checkbox') return value === checkboxValues(col)[0] ? '✓' : '';
  if (FILE_TYPES.has(col.type)) return splitMulti(value).map(fileNameOf).join('，');
  return displayText(col, value, grid, row);
}

export const GridCell = memo(function GridCell(props: CellProps & { width: number }) {
  // A cell whose asynchronous rule is still running is pending, not invalid.
  const pending = isPendingMessage(props.error);
  const p = pending ? { ...props, error: undefined } : props;
  const { col, error, conflict, rowIndex, grid, row, value } = p;
  const [editing, setEditing] = useState(false);
  const lazy = OPEN_ON_CLICK.has(col.type) && !col.render && !grid.editors?.[col.type];
  const disabled = !!col.disabled || grid.readOnly;
  let content: ReactNode;
  if (lazy && !editing) {
    const shown = displayText(col, value, grid, row);
    content = (
      <button
        type="button"
        className="boss-grid-display"
        aria-label={`第${rowIndex + 1}行${col.title}`}
        aria-invalid={!!error}
        disabled={disabled}
        data-empty={shown ? undefined : true}
        onClick={() => setEditing(true)}
        onFocus={() => setEditing(true)}
      >
        {shown || col.placeholder || (col.type === 'date' ? '请选择日期' : col.type === 'datetime' || col.type === 'time' ? '请选择时间' : '请选择')}
      </button>
    );
  } else {
    content = editorOf(p, lazy ? { done: () => setEditing(false) } : null);
  }
  const body = (
    <div
      style={{ width: '100%', minWidth: 0 }}
      onBlur={(e) => {
        // A click outside the cell ends its editing (its drop-down lives in a portal and keeps the focus inside).
        if (lazy && editing && !e.currentTarget.contains(e.relatedTarget as Node | null)) setEditing(false);
      }}
      onPaste={(e) => {
        if (isAsyncColumn(col) || !grid.paste(rowIndex, col.key, e.clipboardData.getData('text/plain'))) return;
        e.preventDefault();
      }}
    >
      {content}
    </div>
  );
  return (
    <div
      className="boss-grid-cell"
      data-error={error || undefined}
      data-pending={pending ? props.error : undefined}
      aria-busy={pending || undefined}
      data-conflict-cell={conflict ? `${rowIndex + 1}:${col.key}` : undefined}
      style={{
        width: p.width,
        background: error ? '#fff2f0' : undefined,
        outline: conflict ? `2px solid ${CONFLICT_COLOR}` : undefined,
        outlineOffset: -2,
      }}
    >
      {conflict ? (
        <Popover
          trigger="click"
          content={
            <ConflictPanel column={col} conflict={conflict} options={grid.optionsFor(col, row)} onResolve={(c) => grid.resolveConflict(row.id, col.key, c)} />
          }
        >
          {body}
        </Popover>
      ) : (
        body
      )}
    </div>
  );
});
