// Phone view of the editable grid: one card per row (virtualised, react-window v2 List) with the
// same rules as the desktop grid; errors show under the field. Select and date cells use the
// phone's own pickers (native select / date inputs).
import { useCallback, useState, type CSSProperties } from 'react';
import { Button, Checkbox, Dialog, Input, Toast } from 'antd-mobile';
import { List, useListRef, type RowComponentProps } from 'react-window';
import { acceptNumberInput, numberOnBlur, REMOVE_CONFIRM, type GridColumn, type GridRow } from './gridRules';
import { useEditableGrid, type EditableGridProps } from './useEditableGrid';

const FIELD_H = 62;
const CARD_HEAD = 40;
const GAP = 10;
type Grid = ReturnType<typeof useEditableGrid>;
interface RowProps { grid: Grid; columns: GridColumn[]; readOnly: boolean }

const box = (error?: string): CSSProperties => ({ border: `1px solid ${error ? '#ff3141' : '#e5e5e5'}`, borderRadius: 6, padding: '0 8px', height: 34, display: 'flex', alignItems: 'center', background: error ? '#fff1f0' : '#fff' });
const native: CSSProperties = { width: '100%', border: 'none', background: 'transparent', fontSize: 15, height: 32, outline: 'none' };

function Field({ col, value, error, rowIndex, grid }: { col: GridColumn; value: unknown; error?: string; rowIndex: number; grid: Grid }) {
  const [draft, setDraft] = useState<string | null>(null);
  const text = value === undefined || value === null ? '' : String(value);
  const label = `第${rowIndex + 1}行${col.title}`;
  let editor;
  if (col.type === 'select') {
    editor = (
      <select aria-label={label} style={native} value={text} disabled={col.disabled} onChange={(e) => grid.blurCell(rowIndex, col.key, e.target.value)}>
        <option value="">{col.placeholder ?? '请选择'}</option>
        {col.options?.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    );
  } else if (col.type === 'date') {
    editor = <input aria-label={label} type="date" style={native} value={text} disabled={col.disabled} onChange={(e) => grid.blurCell(rowIndex, col.key, e.target.value)} />;
  } else if (col.type === 'inputNumber') {
    const shown = draft ?? text;
    editor = (
      <Input
        aria-label={label}
        inputMode="decimal"
        placeholder={col.placeholder ?? `请输入${col.title}`}
        value={shown}
        disabled={col.disabled}
        onChange={(v) => setDraft(acceptNumberInput(shown, v))}
        onBlur={() => {
          grid.blurCell(rowIndex, col.key, draft !== null ? numberOnBlur(draft, col.money) : undefined);
          setDraft(null);
        }}
      />
    );
  } else {
    editor = <Input aria-label={label} placeholder={col.placeholder ?? `请输入${col.title}`} value={text} disabled={col.disabled} onChange={(v) => grid.setCell(rowIndex, col.key, v)} onBlur={() => grid.blurCell(rowIndex, col.key)} />;
  }
  return (
    <div style={{ height: FIELD_H, padding: '2px 12px' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 13, color: '#666', height: 22, alignItems: 'center' }}>
        <span>
          {col.validateRules?.some((r) => r.required) && <span style={{ color: '#ff3141' }}>*</span>}
          {col.title}
        </span>
        {error && <span role="alert" style={{ color: '#ff3141', fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '70%' }}>{error}</span>}
      </div>
      <div style={box(error)}>{editor}</div>
    </div>
  );
}

function Card({ index, style, ariaAttributes, grid, columns, readOnly }: RowComponentProps<RowProps>) {
  const row: GridRow | undefined = grid.rows[index];
  if (!row) return null;
  const errs = grid.errors[row.id];
  const checked = grid.selected.has(row.id);
  return (
    <div {...ariaAttributes} style={{ ...style, padding: `0 12px ${GAP}px`, boxSizing: 'border-box' }}>
      <div style={{ background: '#fff', borderRadius: 8, height: '100%', boxSizing: 'border-box', border: `1px solid ${errs ? '#ffccc7' : checked ? '#91caff' : '#eee'}`, overflow: 'hidden' }}>
        <div style={{ height: CARD_HEAD, display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '0 12px', borderBottom: '1px solid #f5f5f5' }}>
          {readOnly ? <span>第 {index + 1} 行</span> : <Checkbox checked={checked} onChange={(v) => grid.toggle(row.id, v)}>第 {index + 1} 行</Checkbox>}
          {errs && <span style={{ color: '#ff3141', fontSize: 12 }}>{Object.keys(errs).length} 处错误</span>}
        </div>
        {columns.map((c) => <Field key={c.key} col={c} value={row[c.key]} error={errs?.[c.key]} rowIndex={index} grid={grid} />)}
      </div>
    </div>
  );
}

export default function EditableGridMobile(props: EditableGridProps) {
  const { columns, readOnly = false, emptyText = '暂无数据' } = props;
  const listRef = useListRef(null);
  const scrollToRow = useCallback((index: number) => {
    try {
      listRef.current?.scrollToRow({ index, align: 'start' });
    } catch {
      /* out of range while rows are changing */
    }
  }, [listRef]);
  const grid = useEditableGrid(props, scrollToRow);
  const cardH = CARD_HEAD + columns.length * FIELD_H + 8 + GAP;
  const height = Math.min(props.maxHeight ?? 520, Math.max(1, grid.rows.length) * cardH);

  const remove = async () => {
    if (!grid.selected.size) return;
    const ok = await Dialog.confirm({ content: REMOVE_CONFIRM(grid.selected.size), confirmText: '删除', cancelText: '取消' });
    if (ok) grid.removeSelected();
  };
  const summary = Object.entries(grid.sums);

  return (
    <div>
      {!readOnly && (
        <div style={{ display: 'flex', gap: 6, padding: '8px 12px', flexWrap: 'wrap' }}>
          <Button size="small" color="primary" onClick={() => grid.add(1)}>新增</Button>
          <Button size="small" onClick={() => { if (!grid.insert()) Toast.show('操作过于频繁，请稍后再试'); }}>插入</Button>
          <Button size="small" color="danger" fill="outline" disabled={!grid.selected.size} onClick={() => void remove()}>删除{grid.selected.size ? `(${grid.selected.size})` : ''}</Button>
          <Button size="small" disabled={!grid.selected.size} onClick={() => grid.move(-1)}>上移</Button>
          <Button size="small" disabled={!grid.selected.size} onClick={() => grid.move(1)}>下移</Button>
        </div>
      )}
      {grid.rows.length ? (
        <List listRef={listRef} rowComponent={Card} rowCount={grid.rows.length} rowHeight={cardH} rowProps={{ grid, columns, readOnly }} overscanCount={2} style={{ height }} />
      ) : (
        <div style={{ padding: 24, textAlign: 'center', color: '#999' }}>{emptyText}</div>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', padding: '8px 12px', fontSize: 14, background: '#f7f8fa' }}>
        <span>共 {grid.rows.length} 行{grid.errorCount ? <span style={{ color: '#ff3141' }}>，{grid.errorCount} 处错误</span> : null}</span>
        {summary.map(([key, text]) => {
          const c = columns.find((x) => x.key === key)!;
          return <span key={key}>{c.title}合计 <b>{c.money ? `¥${text}` : text}</b></span>;
        })}
      </div>
    </div>
  );
}
