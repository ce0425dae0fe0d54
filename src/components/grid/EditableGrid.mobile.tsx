// Phone view of the editable grid: one card per row with the same rules as the desktop grid; errors
// show under the field. Select and date cells use the phone's own pickers (native select / date
// inputs). The cards are part of the page (no scroll box of their own, which cut off the last
// fields of a card): the page scrolls, and only the cards near the screen are rendered
// (useWindowRows), so a batch of 10 000 rows stays light.
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Button, Checkbox, Dialog, DotLoading, Toast } from 'antd-mobile';
import type { RowComponentProps } from 'react-window';
import { STAT_LABEL } from './gridColumns';
import { REMOVE_CONFIRM } from './gridRows';
import type { GridRow } from './gridTypes';
import { conflictOf } from './GridConflict';
import { FIELD_H, GridField } from './GridCell.mobile';
import { focusCell } from './focusCell';
import { useEditableGrid, type EditableGridProps } from './useEditableGrid';
import { useGridRowMenu } from './useGridRowMenu';
import ContextMenu from '@/components/contextMenu/ContextMenu.mobile';

const CARD_HEAD = 40;
const GAP = 10;
type Grid = ReturnType<typeof useEditableGrid>;
interface RowProps {
  grid: Grid;
  /** The row menu's handlers for a card (a long press on its head); null: no menu. */
  bindMenu: ReturnType<typeof useGridRowMenu>['bind'];
}

function Card({ index: position, style, ariaAttributes, grid, bindMenu }: RowComponentProps<RowProps>) {
  const index = grid.view[position]!;
  const row: GridRow | undefined = grid.rows[index];
  if (!row) return null;
  const { readOnly } = grid;
  const errs = grid.errors[row.id];
  const checked = grid.selected.has(row.id);
  return (
    <div {...ariaAttributes} style={{ ...style, padding: `0 12px ${GAP}px`, boxSizing: 'border-box' }}>
      <div
        style={{
          background: '#fff',
          borderRadius: 8,
          height: '100%',
          boxSizing: 'border-box',
          border: `1px solid ${errs ? '#ffccc7' : checked ? '#91caff' : '#eee'}`,
          overflow: 'hidden',
        }}
      >
        <div
          {...bindMenu?.(row.id)}
          data-card-head={index + 1}
          style={{
            height: CARD_HEAD,
            boxSizing: 'border-box',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            padding: '0 12px',
            borderBottom: '1px solid #f5f5f5',
          }}
        >
          {readOnly ? (
            <span>第 {index + 1} 行</span>
          ) : (
            <Checkbox checked={checked} onChange={(v) => grid.toggle(row.id, v)}>
              第 {index + 1} 行
            </Checkbox>
          )}
          {errs && <span style={{ color: 'var(--adm-color-danger)', fontSize: 12 }}>{Object.keys(errs).length} 处错误</span>}
        </div>
        {grid.columns.map((c) => (
          <GridField
            key={c.key}
            col={c}
            row={row}
            value={row[c.key]}
            error={errs?.[c.key]}
            conflict={conflictOf(grid.conflicts, row.id, c.key)}
            rowIndex={index}
            grid={grid}
          />
        ))}
      </div>
    </div>
  );
}

/** The element whose scrolling moves `el` (the layout's content pane, or the document). */
function scrollParentOf(el: HTMLElement | null): HTMLElement {
  for (let p = el?.parentElement; p; p = p.parentElement) {
    const { overflowY } = getComputedStyle(p);
    if ((overflowY === 'auto' || overflowY === 'scroll') && p.scrollHeight > p.clientHeight) return p;
  }
  return document.scrollingElement as HTMLElement;
}

const OVERSCAN_PX = 600;

/** The range of fixed-height rows of `root` that are on or near the screen, following every scroll and resize. */
function useWindowRows(root: RefObject<HTMLDivElement | null>, count: number, rowH: number): [number, number] {
  const [range, setRange] = useState<[number, number]>([0, Math.min(count, 8)]);
  useEffect(() => {
    const update = () => {
      const top = root.current?.getBoundingClientRect().top ?? 0;
      const first = Math.max(0, Math.floor((-top - OVERSCAN_PX) / rowH));
      const last = Math.min(count, Math.ceil((window.innerHeight - top + OVERSCAN_PX) / rowH));
      setRange((r) => (r[0] === first && r[1] === last ? r : [first, Math.max(first, last)]));
    };
    update();
    document.addEventListener('scroll', update, { capture: true, passive: true });
    window.addEventListener('resize', update);
    return () => {
      document.removeEventListener('scroll', update, { capture: true });
      window.removeEventListener('resize', update);
    };
  }, [root, count, rowH]);
  return range;
}

export default function EditableGridMobile(props: EditableGridProps) {
  const { columns, emptyText = '暂无数据' } = props;
  const rootRef = useRef<HTMLDivElement>(null);
  const rowsRef = useRef<HTMLDivElement>(null);
  const cardH = CARD_HEAD + columns.filter((c) => c.type !== 'hidden').length * FIELD_H + 8 + GAP;
  const scrollTo = useCallback(
    (position: number, index: number, key?: string) => {
      const rows = rowsRef.current;
      if (rows) {
        const parent = scrollParentOf(rows);
        const offset = rows.getBoundingClientRect().top + position * cardH - (parent === document.scrollingElement ? 0 : parent.getBoundingClientRect().top);
        parent.scrollTop += offset - 8;
      }
      if (key) focusCell(rootRef.current, columns, index, key);
    },
    [columns, cardH],
  );
  const grid = useEditableGrid(props, scrollTo);
  const { readOnly, toolbar } = grid;
  const [windowFirst, windowLast] = useWindowRows(rowsRef, grid.view.length, cardH);
  // The window follows the row count one render late: when rows go (a delete here or a colleague's),
  // it is clamped to the rows there are.
  const last = Math.min(windowLast, grid.view.length);
  const first = Math.min(windowFirst, last);
  const sortable = grid.columns.filter((c) => c.sorter);
  const rowMenu = useGridRowMenu(
    grid,
    useMemo(
      () => ({
        confirm: (text: string) => Dialog.confirm({ content: text, confirmText: '删除', cancelText: '取消' }),
        notify: (text: string) => Toast.show(text),
        details: false,
      }),
      [],
    ),
  );

  const remove = async () => {
    if (!grid.selected.size) return;
    const ok = await Dialog.confirm({ content: REMOVE_CONFIRM(grid.selected.size), confirmText: '删除', cancelText: '取消' });
    if (ok) grid.removeSelected();
  };

  return (
    <div ref={rootRef}>
      {!readOnly && (
        <div style={{ display: 'flex', gap: 6, padding: '8px 12px', flexWrap: 'wrap' }}>
          {toolbar.includes('add') && (
            <Button size="small" color="primary" onClick={() => grid.add(1)}>
              新增
            </Button>
          )}
          {toolbar.includes('insert') && (
            <Button
              size="small"
              onClick={() => {
                if (!grid.insert()) Toast.show('你点击的太快了，请慢点点击!');
              }}
            >
              插入
            </Button>
          )}
          {toolbar.includes('batch_delete') && (
            <Button size="small" color="danger" fill="outline" disabled={!grid.selected.size} onClick={() => void remove()}>
              删除{grid.selected.size ? `(${grid.selected.size})` : ''}
            </Button>
          )}
          {toolbar.includes('move') && (
            <>
              <Button size="small" disabled={!grid.selected.size || !grid.canReorder} onClick={() => grid.move(-1)}>
                上移
              </Button>
              <Button size="small" disabled={!grid.selected.size || !grid.canReorder} onClick={() => grid.move(1)}>
                下移
              </Button>
            </>
          )}
          {sortable.length > 0 && (
            <select
              aria-label="排序"
              value={grid.sort ? `${grid.sort.key}:${grid.sort.order}` : ''}
              onChange={(e) =>
                grid.setSort(e.target.value ? { key: e.target.value.split(':')[0]!, order: e.target.value.split(':')[1] as 'ascend' | 'descend' } : null)
              }
              style={{ height: 29, borderRadius: 4, border: '1px solid #ddd', background: '#fff' }}
            >
              <option value="">默认顺序</option>
              {sortable.flatMap((c) => [
                <option key={`${c.key}a`} value={`${c.key}:ascend`}>
                  {c.title}升序
                </option>,
                <option key={`${c.key}d`} value={`${c.key}:descend`}>
                  {c.title}降序
                </option>,
              ])}
            </select>
          )}
        </div>
      )}
      {props.loading ? (
        <div style={{ padding: 24, textAlign: 'center', color: 'var(--boss-color-weak)' }}>
          加载中
          <DotLoading />
        </div>
      ) : grid.view.length ? (
        <div ref={rowsRef} role="list" style={{ position: 'relative', height: grid.view.length * cardH }}>
          {Array.from({ length: last - first }, (_, i) => first + i).map((position) => (
            <Card
              key={grid.rows[grid.view[position]!]!.id}
              index={position}
              style={{ position: 'absolute', top: position * cardH, left: 0, right: 0, height: cardH }}
              ariaAttributes={{ 'aria-posinset': position + 1, 'aria-setsize': grid.view.length, role: 'listitem' }}
              grid={grid}
              bindMenu={rowMenu.bind}
            />
          ))}
        </div>
      ) : (
        <div style={{ padding: 24, textAlign: 'center', color: 'var(--boss-color-weak)' }}>{emptyText}</div>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between', padding: '8px 12px', fontSize: 14, background: '#f7f8fa' }}>
        <span>
          共 {grid.rows.length} 行{grid.errorCount ? <span style={{ color: 'var(--adm-color-danger)' }}>，{grid.errorCount} 处错误</span> : null}
        </span>
        {grid.pageSize > 0 && grid.pages > 1 && (
          <span style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
            <Button size="mini" disabled={grid.page <= 1} onClick={() => grid.setPage(grid.page - 1)}>
              上一页
            </Button>
            {grid.page}/{grid.pages}
            <Button size="mini" disabled={grid.page >= grid.pages} onClick={() => grid.setPage(grid.page + 1)}>
              下一页
            </Button>
          </span>
        )}
      </div>
      {grid.summaries.map((s) => (
        <div
          key={s.kind}
          aria-label={STAT_LABEL[s.kind]}
          style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 12px', padding: '4px 12px 8px', fontSize: 14, background: '#f7f8fa' }}
        >
          {Object.entries(s.values).map(([key, text]) => {
            const c = grid.columns.find((x) => x.key === key);
            return (
              <span key={key} data-stat={key}>
                {c?.title ?? key}
                {STAT_LABEL[s.kind]} <b>{c?.money && text ? `¥${text}` : text}</b>
              </span>
            );
          })}
        </div>
      ))}
      {rowMenu.items.length > 0 && <ContextMenu state={rowMenu.menu} items={rowMenu.items} onSelect={(key, id) => void rowMenu.onSelect(key, id)} />}
    </div>
  );
}
