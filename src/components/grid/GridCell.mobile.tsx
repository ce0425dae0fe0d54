// One field of a phone card: the phone's own controls for each column type (native select, date
// and file inputs; a bottom sheet with a search box for multi, searched and picker choices and
// for popup records, from GridEditors.mobile). Same data hooks, rules and linkage as the desktop cell.
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Checkbox, Popup } from 'antd-mobile';
import { checkboxValues } from './gridColumns';
import { CONFLICT_COLOR, ConflictPanel } from './GridConflict';
import { AreaInput, AsyncChoice, ChoiceSheet, FileChoice, native, NumberInput, PopupChoice, text, TextInput } from './GridEditors.mobile';
import { isAsyncColumn } from './useCellData';
import { isPendingMessage } from './useGridCellEdits';
import type { GridCellViewProps } from './useEditableGrid';

type FieldProps = GridCellViewProps;

export const FIELD_H = 62;
const box = (error?: string, conflict?: boolean): CSSProperties => ({
  border: `1px solid ${conflict ? CONFLICT_COLOR : error ? '#ff3141' : '#e5e5e5'}`,
  borderRadius: 6,
  padding: '0 8px',
  height: 34,
  display: 'flex',
  alignItems: 'center',
  gap: 6,
  background: error ? '#fff1f0' : '#fff',
  boxShadow: conflict ? `0 0 0 1px ${CONFLICT_COLOR}` : undefined,
});
const DATE_INPUT = { date: 'date', datetime: 'datetime-local', time: 'time' } as const;

function editorOf(p: FieldProps): ReactNode {
  const { col, row, value, rowIndex, grid } = p;
  const own = col.render ?? grid.editors?.[col.type];
  if (own) return own(grid.cellContext(rowIndex, col, true));
  const label = `第${rowIndex + 1}行${col.title}`;
  const invalid = !!p.error;
  const disabled = !!col.disabled || grid.readOnly;
  const set = (v: unknown) => grid.blurCell(rowIndex, col.key, v);
  switch (col.type) {
    case 'select':
    case 'radio': {
      if (col.allowInput) break;
      return (
        <select aria-label={label} aria-invalid={invalid} style={native} value={text(value)} disabled={disabled} onChange={(e) => set(e.target.value)}>
          <option value="">{col.placeholder ?? '请选择'}</option>
          {grid.optionsFor(col, row).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    }
    case 'list_multi':
    case 'sel_search':
    case 'select-dict-search':
      return (
        <ChoiceSheet
          label={label}
          title={col.title}
          value={value}
          multi={col.type === 'list_multi'}
          options={grid.optionsFor(col, row)}
          disabled={disabled}
          placeholder={col.placeholder ?? '请选择'}
          onChange={set}
        />
      );
    case 'checkbox': {
      const [on, off] = checkboxValues(col);
      return (
        <Checkbox aria-label={label} checked={value === on} disabled={disabled} onChange={(c) => set(c ? on : off)}>
          {value === on ? '是' : '否'}
        </Checkbox>
      );
    }
    case 'date':
    case 'datetime':
    case 'time': {
      const v = col.type === 'datetime' ? text(value).replace(' ', 'T') : text(value);
      return (
        <input
          aria-label={label}
          aria-invalid={invalid}
          type={DATE_INPUT[col.type]}
          step={col.type === 'date' ? undefined : 1}
          style={native}
          value={v}
          disabled={disabled}
          onChange={(e) => {
            let next = e.target.value;
            if (col.type === 'datetime' && next) next = (next.length === 16 ? `${next}:00` : next).replace('T', ' ');
            if (col.type === 'time' && next.length === 5) next = `${next}:00`;
            set(next);
          }}
        />
      );
    }
    case 'sel_search_async':
    case 'sel_depart':
    case 'sel_user':
      return <AsyncChoice {...p} label={label} />;
    case 'popup':
      return <PopupChoice {...p} label={label} />;
    case 'upload':
    case 'file':
    case 'image':
      return <FileChoice {...p} label={label} />;
    case 'inputNumber':
      return <NumberInput {...p} label={label} />;
    case 'textarea':
      return <AreaInput {...p} label={label} disabled={disabled} />;
    case 'slot':
      return text(value);
    default:
      break;
  }
  return <TextInput {...p} label={label} disabled={disabled} />;
}

export function GridField(props: FieldProps) {
  // A field whose asynchronous rule is still running is pending, not invalid.
  const pending = isPendingMessage(props.error);
  const p = pending ? { ...props, error: undefined } : props;
  const { col, error, conflict, rowIndex, grid, row } = p;
  const [showConflict, setShowConflict] = useState(false);
  return (
    <div style={{ height: FIELD_H, padding: '2px 12px', boxSizing: 'border-box' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 13, color: '#666', height: 22, alignItems: 'center' }}>
        <span>
          {col.validateRules?.some((r) => r.required) && <span style={{ color: 'var(--adm-color-danger)' }}>*</span>}
          {col.title}
        </span>
        {conflict ? (
          <button
            type="button"
            onClick={() => setShowConflict(!showConflict)}
            style={{ border: 'none', background: 'none', color: CONFLICT_COLOR, fontSize: 12, padding: 0 }}
            aria-expanded={showConflict}
          >
            该行已被他人修改 ›
          </button>
        ) : pending ? (
          <span role="status" aria-busy="true" style={{ color: 'var(--boss-color-weak)', fontSize: 12 }}>
            {props.error}
          </span>
        ) : (
          error && (
            <span
              role="alert"
              style={{ color: 'var(--adm-color-danger)', fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '70%' }}
            >
              {error}
            </span>
          )
        )}
      </div>
      <div
        data-conflict-cell={conflict ? `${rowIndex + 1}:${col.key}` : undefined}
        style={box(error, !!conflict)}
        onPaste={(e) => {
          if (isAsyncColumn(col) || !grid.paste(rowIndex, col.key, e.clipboardData.getData('text/plain'))) return;
          e.preventDefault();
        }}
      >
        {editorOf(p)}
      </div>
      {conflict && (
        <Popup visible={showConflict} onMaskClick={() => setShowConflict(false)} bodyStyle={{ padding: 16, borderRadius: '12px 12px 0 0' }}>
          <ConflictPanel
            column={col}
            conflict={conflict}
            options={grid.optionsFor(col, row)}
            onResolve={(c) => {
              setShowConflict(false);
              grid.resolveConflict(row.id, col.key, c);
            }}
          />
        </Popup>
      )}
    </div>
  );
}
