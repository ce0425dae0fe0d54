// The editable grid's row menu (right click / long press): what it offers for one row under the
// toolbar exclusions of spec §6, read-only grids and sorted views; and the copy-row operation.
import { describe, expect, it } from 'vitest';
import { gridToolbar } from '@/components/grid/gridColumns';
import { copyRowAt } from '@/components/grid/gridRows';
import { gridRowMenuItems, type GridRowMenuInput } from '@/components/grid/useGridRowMenu';

const base: GridRowMenuInput = { toolbar: gridToolbar([]), readOnly: false, canReorder: true, index: 1, count: 3, details: false };
const keys = (m: Partial<GridRowMenuInput>) => gridRowMenuItems({ ...base, ...m }).map((i) => (i.disabled ? `(${i.key})` : i.key));

describe('grid row menu', () => {
  it('offers insert above/below, copy, move, delete on an editable row', () => {
    expect(keys({})).toEqual(['insertAbove', 'insertBelow', 'copy', 'moveUp', 'moveDown', 'delete']);
    expect(gridRowMenuItems(base).map((i) => i.label)).toEqual(['在上方插入行', '在下方插入行', '复制行', '上移', '下移', '删除行']);
    expect(gridRowMenuItems(base).find((i) => i.key === 'delete')?.danger).toBe(true);
  });

  it('follows the toolbar exclusions: no add hides insert and copy, no batch_delete hides delete', () => {
    expect(keys({ toolbar: gridToolbar(['add']) })).toEqual(['moveUp', 'moveDown', 'delete']);
    expect(keys({ toolbar: gridToolbar(['batch_delete']) })).toEqual(['insertAbove', 'insertBelow', 'copy', 'moveUp', 'moveDown']);
    expect(keys({ toolbar: gridToolbar(['move']) })).toEqual(['insertAbove', 'insertBelow', 'copy', 'delete']);
  });

  it('disables moves past the ends and while a sort is shown', () => {
    expect(keys({ index: 0 })).toContain('(moveUp)');
    expect(keys({ index: 2 })).toContain('(moveDown)');
    expect(keys({ canReorder: false })).toEqual(expect.arrayContaining(['(moveUp)', '(moveDown)']));
  });

  it('a read-only grid offers only the detail dialog, or nothing', () => {
    expect(keys({ readOnly: true })).toEqual([]);
    expect(keys({ readOnly: true, details: true })).toEqual(['detail']);
  });

  it('copy puts a copy with a new id below the row and renumbers the order key', () => {
    const rows = [
      { id: 'a', orderNum: 1, name: '甲' },
      { id: 'b', orderNum: 2, name: '乙' },
    ];
    const out = copyRowAt(rows, 0, () => 'c');
    expect(out.map((r) => [r.id, r.orderNum, r.name])).toEqual([
      ['a', 1, '甲'],
      ['c', 2, '甲'],
      ['b', 3, '乙'],
    ]);
  });
});
