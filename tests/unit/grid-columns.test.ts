// Column rules of the editable grid: §9 widths, dictionary options, linked selects, popup field
// mapping and its §5 errors, sum and average rows, sorting and paging, §6 toolbar exclusions,
// checkbox defaults, the order key after moves, and the conflict panel the live sync relies on.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  baseOptions,
  cellOptions,
  changeCell,
  colWidth,
  extendOf,
  gridToolbar,
  nextSort,
  optionText,
  pageOf,
  POPUP_MSG,
  popupConfigError,
  popupOf,
  popupValues,
  selectionWidth,
  sortedIndexes,
  splitMulti,
  summaryRows,
  visibleColumns,
} from '@/components/grid/gridColumns';
import { averageColumn } from '@/components/grid/gridNumbers';
import { blankRow, insertRows, moveRows, moveRowTo } from '@/components/grid/gridRows';
import type { GridColumn, GridRow } from '@/components/grid/gridTypes';
import { CONFLICT_TITLE, ConflictPanel, conflictOf, conflictText, type GridConflicts } from '@/components/grid/GridConflict';

const col = (over: Partial<GridColumn>): GridColumn => ({ key: 'k', title: '字段', type: 'input', ...over });

describe('grid column widths (spec §9)', () => {
  it('keeps the minimum widths of datetime, user, department and date columns', () => {
    expect(colWidth(col({ type: 'datetime', width: 100 }))).toBe(190);
    expect(colWidth(col({ type: 'sel_user', width: 120 }))).toBe(190);
    expect(colWidth(col({ type: 'sel_depart' }))).toBe(190);
    expect(colWidth(col({ type: 'date', width: 90 }))).toBe(135);
    expect(colWidth(col({ type: 'date', width: 200 }))).toBe(200);
    expect(colWidth(col({ type: 'input', width: 50 }))).toBe(80);
  });
  it('selection column is 40, or 60 with a summary row; hidden columns take no place', () => {
    expect(selectionWidth(false)).toBe(40);
    expect(selectionWidth(true)).toBe(60);
    expect(visibleColumns([col({ key: 'a' }), col({ key: 'id', type: 'hidden' })]).map((c) => c.key)).toEqual(['a']);
  });
});

describe('grid options and linked selects', () => {
  const dicts = {
    sex: [
      { value: '1', text: '男', status: 1 },
      { value: '2', text: '女' },
      { value: '3', text: '停用项', status: 0 },
    ],
  };
  it('a dictionary column offers its active items; dict and dictCode both name it', () => {
    expect(baseOptions(col({ dict: 'sex' }), dicts)).toEqual([
      { value: '1', label: '男' },
      { value: '2', label: '女' },
    ]);
    expect(baseOptions(col({ dictCode: 'sex' }), dicts)).toHaveLength(2);
    expect(baseOptions(col({ dictCode: 'missing' }), dicts)).toEqual([]);
  });

  const columns: GridColumn[] = [
    col({ key: 'province', type: 'select', linkageKey: 'city', options: [{ value: '44', label: '广东' }] }),
    col({
      key: 'city',
      type: 'select',
      linkageKey: 'district',
      options: [
        { value: '4401', label: '广州', parent: '44' },
        { value: '3301', label: '杭州', parent: '33' },
      ],
    }),
    col({ key: 'district', type: 'select', options: [{ value: '440106', label: '天河', parent: '4401' }] }),
  ];
  it('a linked select offers only the options of its parent value, none before the parent is chosen', () => {
    expect(cellOptions(columns[1]!, { id: 'a', province: '44' }, columns, {}).map((o) => o.label)).toEqual(['广州']);
    expect(cellOptions(columns[1]!, { id: 'a', province: '' }, columns, {})).toEqual([]);
    expect(cellOptions(columns[0]!, { id: 'a' }, columns, {})).toHaveLength(1);
  });
  it('choosing a parent resets every select after it in the chain; the same value resets nothing', () => {
    const row: GridRow = { id: 'a', province: '33', city: '3301', district: 'x' };
    expect(changeCell(row, columns, 'province', '44')).toEqual({ row: { id: 'a', province: '44', city: '', district: '' }, reset: ['city', 'district'] });
    expect(changeCell(row, columns, 'province', '33').reset).toEqual([]);
    expect(changeCell(row, columns, 'district', 'y')).toEqual({ row: { ...row, district: 'y' }, reset: [] });
  });
  it('multi values are comma-joined strings shown by their labels', () => {
    expect(splitMulti('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(splitMulti(['x', 'y'])).toEqual(['x', 'y']);
    expect(splitMulti(undefined)).toEqual([]);
    expect(
      optionText('1,2,9', [
        { value: '1', label: '男' },
        { value: '2', label: '女' },
      ]),
    ).toBe('男，女，9');
  });
  it('fieldExtendJson is read as an object, anything else as none', () => {
    expect(extendOf(col({ fieldExtendJson: '{"multiple":false}' }))).toEqual({ multiple: false });
    expect(extendOf(col({ fieldExtendJson: '[1]' }))).toEqual({});
    expect(extendOf(col({ fieldExtendJson: '{oops' }))).toEqual({});
  });
});

describe('grid popup columns (spec §5)', () => {
  it('needs a code, orgFields and destFields of the same count', () => {
    expect(popupConfigError({ popupCode: 'sys_user', orgFields: 'username,realname', destFields: 'owner,ownerName' })).toBeNull();
    expect(popupConfigError({ orgFields: 'a', destFields: 'b' })).toBe('popup参数未正确配置!');
    expect(popupConfigError({ popupCode: 'x', orgFields: '', destFields: 'b' })).toBe(POPUP_MSG.missing);
    expect(popupConfigError({ popupCode: 'x', orgFields: 'a,b', destFields: 'c' })).toBe('popup参数未正确配置,原始值和目标值数量不一致!');
  });
  it('copies each orgField of the picked record to its destField', () => {
    expect(popupValues({ orgFields: 'username,realname', destFields: 'owner,ownerName' }, { username: 'zhang', realname: '张三', phone: '1' })).toEqual({
      owner: 'zhang',
      ownerName: '张三',
    });
    expect(popupValues({ orgFields: 'a', destFields: 'b' }, {})).toEqual({ b: '' });
  });
  it('keeps the report picker on `field` (else the first orgField) and fills the cell when destFields skip it', () => {
    const owner = popupOf(col({ key: 'owner', type: 'popup', popupCode: 'sys_user', orgFields: 'username,realname', destFields: 'owner,ownerName' }));
    expect(owner.configError).toBeNull();
    expect(owner.field).toBe('username');
    expect(owner.fieldsOf({ id: 'u-1', username: 'approver', realname: '李复核' })).toEqual({ owner: 'approver', ownerName: '李复核' });
    const picked = popupOf(col({ key: 'who', type: 'popup', popupCode: 'sys_user', field: 'realname', orgFields: 'mobile', destFields: 'phone' }));
    expect(picked.field).toBe('realname');
    expect(picked.fieldsOf({ realname: '李复核', mobile: '138' })).toEqual({ phone: '138', who: '李复核' });
    expect(popupOf(col({ key: 'x', type: 'popup', popupCode: 'sys_user', orgFields: 'a,b', destFields: 'c' })).configError).toBe(POPUP_MSG.mismatch);
  });
});

describe('grid summary rows', () => {
  const rows: GridRow[] = [
    { id: '1', m: '10.01', n: 1 },
    { id: '2', m: '0.02', n: '2' },
    { id: '3', m: '', n: 'x' },
    { id: '4', m: '1000', n: 0.5 },
  ];
  it('sums and averages over the numeric cells only, money in fen rounded half up', () => {
    expect(summaryRows([col({ key: 'm', money: true, statistics: ['sum', 'average'] }), col({ key: 'n', statistics: 'average' })], rows)).toEqual([
      { kind: 'sum', values: { m: '1,010.03' } },
      { kind: 'average', values: { m: '336.68', n: '1.17' } },
    ]);
    expect(
      averageColumn(
        [
          { id: '1', m: '0.01' },
          { id: '2', m: '0.02' },
        ],
        { key: 'm', money: true },
      ).text,
    ).toBe('0.02');
    expect(
      averageColumn(
        [
          { id: '1', n: -1 },
          { id: '2', n: -2 },
        ],
        { key: 'n' },
      ).text,
    ).toBe('-1.50');
    expect(averageColumn([], { key: 'n' }).text).toBe('');
    expect(summaryRows([col({ key: 'm' })], rows)).toEqual([]);
  });
});

describe('grid sorting and paging', () => {
  const columns = [col({ key: 'n', sorter: true }), col({ key: 's', sorter: true }), col({ key: 'x' })];
  const rows: GridRow[] = [
    { id: 'a', n: '10', s: '乙' },
    { id: 'b', n: '', s: '甲' },
    { id: 'c', n: '9', s: '甲' },
    { id: 'd', n: 9, s: '丙' },
  ];
  it('sorts numbers as numbers, keeps ties in row order and empty cells last', () => {
    expect(sortedIndexes(rows, columns, { key: 'n', order: 'ascend' })).toEqual([2, 3, 0, 1]);
    expect(sortedIndexes(rows, columns, { key: 'n', order: 'descend' })).toEqual([0, 2, 3, 1]);
    expect(sortedIndexes(rows, columns, { key: 'x', order: 'ascend' })).toEqual([0, 1, 2, 3]);
    expect(sortedIndexes(rows, columns, null)).toEqual([0, 1, 2, 3]);
  });
  it('a header click cycles ascend, descend, none', () => {
    expect(nextSort(null, 'n')).toEqual({ key: 'n', order: 'ascend' });
    expect(nextSort({ key: 'n', order: 'ascend' }, 'n')).toEqual({ key: 'n', order: 'descend' });
    expect(nextSort({ key: 'n', order: 'descend' }, 'n')).toBeNull();
    expect(nextSort({ key: 'n', order: 'descend' }, 's')).toEqual({ key: 's', order: 'ascend' });
  });
  it('pages clamp to the last page; size 0 shows everything', () => {
    const idx = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(idx, 5, 5)).toEqual({ indexes: [20, 21, 22], page: 5, pages: 5 });
    expect(pageOf(idx, 9, 5).page).toBe(5);
    expect(pageOf([], 1, 5)).toEqual({ indexes: [], page: 1, pages: 1 });
    expect(pageOf(idx, 3, 0).indexes).toHaveLength(23);
  });
});

describe('grid toolbar exclusions (spec §6)', () => {
  it('an excluded add hides add and insert; an excluded batch_delete hides delete and remove', () => {
    expect(gridToolbar([])).toEqual(['add', 'insert', 'batch_delete', 'remove', 'move']);
    expect(gridToolbar(['add'])).toEqual(['batch_delete', 'remove', 'move']);
    expect(gridToolbar(['batch_delete'])).toEqual(['add', 'insert', 'move']);
    expect(gridToolbar(['move', 'unrelated'])).toEqual(['add', 'insert', 'batch_delete', 'remove']);
  });
});

describe('grid rows and the order key', () => {
  it('new checkbox cells take customValue by defaultChecked', () => {
    expect(blankRow([col({ key: 'on', type: 'checkbox', customValue: ['Y', 'N'], defaultChecked: true })], 'abcdef')).toEqual({ id: 'abcdef', on: 'Y' });
    expect(blankRow([col({ key: 'on', type: 'checkbox' })], 'abcdef')).toEqual({ id: 'abcdef', on: false });
  });
  it('insert, move up/down and drag keep orderNum 1…n in the shown order', () => {
    const base: GridRow[] = ['a', 'b', 'c'].map((id, i) => ({ id, orderNum: i + 1 }));
    let n = 0;
    const inserted = insertRows(base, [], 1, 1, () => `new00${n++}`);
    expect(inserted.map((r) => [r.id, r.orderNum])).toEqual([
      ['a', 1],
      ['new000', 2],
      ['b', 3],
      ['c', 4],
    ]);
    expect(moveRows(base, ['c'], -1).map((r) => `${r.id}${String(r.orderNum)}`)).toEqual(['a1', 'c2', 'b3']);
    expect(moveRows(base, ['a'], -1).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(moveRowTo(base, 2, 0).map((r) => `${r.id}${String(r.orderNum)}`)).toEqual(['c1', 'a2', 'b3']);
  });
});

describe('grid conflict marks (the live sync contract)', () => {
  const conflicts: GridConflicts = { r1: { amount: { theirs: '13000.00', mine: '12000.50' }, city: { theirs: '3301', mine: '' } } };
  it('finds a conflict by row key and field', () => {
    expect(conflictOf(conflicts, 'r1', 'amount')).toEqual({ theirs: '13000.00', mine: '12000.50' });
    expect(conflictOf(conflicts, 'r1', 'name')).toBeUndefined();
    expect(conflictOf(undefined, 'r1', 'amount')).toBeUndefined();
  });
  it('shows values by their option labels, booleans as 是/否 and empty as （空）', () => {
    expect(conflictText('3301', [{ value: '3301', label: '杭州市' }])).toBe('杭州市');
    expect(conflictText(true)).toBe('是');
    expect(conflictText('')).toBe('（空）');
  });
  it('the panel names the conflict, both values, and offers both choices only with a handler', () => {
    const html = renderToStaticMarkup(
      createElement(ConflictPanel, {
        column: { title: '城市' },
        conflict: conflicts.r1!.city!,
        options: [{ value: '3301', label: '杭州市' }],
        onResolve: () => undefined,
      }),
    );
    expect(html).toContain(CONFLICT_TITLE);
    expect(html).toContain('该行已被他人修改');
    expect(html).toMatch(/data-conflict="theirs">杭州市</);
    expect(html).toMatch(/data-conflict="mine">（空）</);
    expect(html).toContain('使用我的');
    expect(html).toContain('使用对方的');
    expect(html).toContain('aria-label="城市冲突"');
    const bare = renderToStaticMarkup(createElement(ConflictPanel, { column: { title: '城市' }, conflict: conflicts.r1!.city! }));
    expect(bare).not.toContain('使用我的');
  });
});
