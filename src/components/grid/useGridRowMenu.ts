// The row menu of the editable grid (spec §1 context menu, as JVxeTable's): right click on a desktop
// row, long press on a phone card. It offers what the toolbar offers, for that one row: insert above
// or below, copy, move up or down, the detail dialog and delete, each only when the grid is editable
// and the user's toolbar (spec §6 exclusions) has the button; a move that cannot happen (first or
// last row, a sorted view) is shown disabled. Shared by both views; the items are a pure function.
import { useCallback } from 'react';
import type { ContextMenuItem } from '@/components/contextMenu/useContextMenu';
import { useContextMenu } from '@/components/contextMenu/useContextMenu';
import type { GridToolbarButton } from './gridColumns';
import { REMOVE_CONFIRM } from './gridRows';
import type { useEditableGrid } from './useEditableGrid';

export type GridRowMenuKey = 'insertAbove' | 'insertBelow' | 'copy' | 'moveUp' | 'moveDown' | 'detail' | 'delete';

export const GRID_ROW_MENU_TEXT: Record<GridRowMenuKey, string> = {
  insertAbove: '在上方插入行',
  insertBelow: '在下方插入行',
  copy: '复制行',
  moveUp: '上移',
  moveDown: '下移',
  detail: '查看详情',
  delete: '删除行',
};
export const GRID_MENU_MSG = { throttled: '你点击的太快了，请慢点点击!', sorted: '排序显示时不能移动行' } as const;

export interface GridRowMenuInput {
  toolbar: readonly GridToolbarButton[];
  readOnly: boolean;
  /** False while a sort is shown (rows keep their own order only then). */
  canReorder: boolean;
  /** The row's index among all rows, and how many rows there are. */
  index: number;
  count: number;
  /** The grid has a detail dialog (a column with showDetails). */
  details: boolean;
}

/** The items of one row's menu; empty when there is nothing to offer. */
export function gridRowMenuItems(m: GridRowMenuInput): ContextMenuItem[] {
  const item = (key: GridRowMenuKey, extra?: Partial<ContextMenuItem>): ContextMenuItem => ({ key, label: GRID_ROW_MENU_TEXT[key], ...extra });
  const out: ContextMenuItem[] = [];
  if (!m.readOnly) {
    if (m.toolbar.includes('insert')) out.push(item('insertAbove'), item('insertBelow'));
    if (m.toolbar.includes('add')) out.push(item('copy'));
    if (m.toolbar.includes('move')) {
      out.push(item('moveUp', { disabled: !m.canReorder || m.index <= 0 }), item('moveDown', { disabled: !m.canReorder || m.index >= m.count - 1 }));
    }
  }
  if (m.details) out.push(item('detail'));
  if (!m.readOnly && (m.toolbar.includes('remove') || m.toolbar.includes('batch_delete'))) out.push(item('delete', { danger: true }));
  return out;
}

type Grid = ReturnType<typeof useEditableGrid>;

/**
 * The menu state (bind(rowId) on a row), its items for the row it is open on, and what a choice
 * does. `confirm` asks before a delete; `notify` shows a short note (the insert throttle).
 */
export function useGridRowMenu(
  grid: Grid,
  ui: { confirm: (text: string) => Promise<boolean>; notify: (text: string) => void; /** The view has the detail dialog (the desktop). */ details: boolean },
) {
  const menu = useContextMenu<string>();
  const { rows } = grid;
  const index = menu.target === null ? -1 : rows.findIndex((r) => r.id === menu.target);
  const items =
    index < 0
      ? []
      : gridRowMenuItems({
          toolbar: grid.toolbar,
          readOnly: grid.readOnly,
          canReorder: grid.canReorder,
          index,
          count: rows.length,
          details: ui.details && grid.columns.some((c) => c.showDetails),
        });
  const { insertAt, copyAt, moveOne, openDetail, removeIds } = grid;
  const onSelect = useCallback(
    async (key: string, rowId: string) => {
      const at = grid.rows.findIndex((r) => r.id === rowId);
      if (at < 0) return; // gone meanwhile (a colleague's delete)
      switch (key as GridRowMenuKey) {
        case 'insertAbove':
        case 'insertBelow':
          if (!insertAt(key === 'insertAbove' ? at : at + 1)) ui.notify(GRID_MENU_MSG.throttled);
          break;
        case 'copy':
          copyAt(at);
          break;
        case 'moveUp':
        case 'moveDown':
          moveOne(rowId, key === 'moveUp' ? -1 : 1);
          break;
        case 'detail':
          openDetail(rowId);
          break;
        case 'delete':
          if (await ui.confirm(REMOVE_CONFIRM(1))) removeIds([rowId]);
          break;
      }
    },
    [grid.rows, insertAt, copyAt, moveOne, openDetail, removeIds, ui],
  );
  /** Handlers for a row: none when the row would get an empty menu (the browser's own menu stays). */
  const menuBind = menu.bind;
  const bind = useCallback(
    (rowId: string) => {
      const h = menuBind(rowId);
      return {
        ...h,
        onContextMenu: (e: React.MouseEvent) => {
          // A text cell being edited keeps the browser's menu (copy, paste).
          const t = e.target as HTMLElement;
          if ((t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement) && document.activeElement === t) return;
          h.onContextMenu(e);
        },
      };
    },
    [menuBind],
  );
  const offers = !grid.readOnly || (ui.details && grid.columns.some((c) => c.showDetails));
  return { menu, items, onSelect, bind: offers ? bind : null };
}
