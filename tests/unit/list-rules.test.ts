// The list kit's pure rules (src/components/list/listRules.ts): §8 missing config, §5 filter
// wrapping, paging and sort parameters, §6 toolbar and row-action permissions, export names, the
// reading of import answers, the phone's accumulated pages.
import { describe, expect, it } from 'vitest';
import { MSG } from '@contract/messages';
import type { PermissionEntry } from '@contract/types';
import {
  allowed,
  appendRows,
  cellText,
  dictText,
  downloadName,
  importOutcome,
  isImportFile,
  listParams,
  missingUrlMessage,
  valuesFromSearch,
  pageActionsOf,
  pagedParams,
  queryParams,
  rowActionsOf,
  shownPagesToReload,
  sortOf,
  staticUrl,
  totalText,
  visibleToolbar,
} from '@/components/list/listRules';
import type { ListKitConfig, ListRow, RowAction } from '@/components/list/types';

const e = (type: '1' | '2', action: string, status: '0' | '1' = '1'): PermissionEntry => ({ type, action, status });
const ALL = ['add', 'edit', 'delete', 'batch_delete', 'export', 'import', 'frozen'].map((c) => e('2', `system:user:${c}`));

const base: ListKitConfig = {
  pageKey: 'system/UserList',
  title: '用户',
  url: { list: '/l', delete: '/d', deleteBatch: '/db', exportXls: '/x', importExcel: '/i' },
  permissionPrefix: 'system:user:',
  columns: [{ dataIndex: 'username', title: '用户账号' }],
  superQuery: [{ field: 'username', label: '用户账号', type: 'string' }],
  editor: { desktop: async () => ({ default: () => null }), mobile: async () => ({ default: () => null }) },
};

describe('missing config (§8)', () => {
  it('names the missing url of list, delete and batch delete', () => {
    expect(missingUrlMessage({ url: {} }, 'list')).toBe('请设置url.list属性!');
    expect(missingUrlMessage({ url: {} }, 'delete')).toBe('请设置url.delete属性!');
    expect(missingUrlMessage({ url: {} }, 'deleteBatch')).toBe('请设置url.deleteBatch属性!');
    expect(missingUrlMessage(base, 'list')).toBeNull();
    expect(missingUrlMessage(base, 'delete')).toBeNull();
    expect(missingUrlMessage(base, 'deleteBatch')).toBeNull();
  });
});

describe('list parameters', () => {
  it('wraps inputs per rule, keeps selects, splits date ranges into _begin/_end', () => {
    const p = queryParams(
      [
        { field: 'username', label: '', type: 'input' },
        { field: 'realname', label: '', type: 'input', rule: 'ne' },
        { field: 'age', label: '', type: 'number', rule: 'ge' },
        { field: 'sex', label: '', type: 'dict', dictCode: 'sex' },
        { field: 'createTime', label: '', type: 'dateRange' },
        { field: 'empty', label: '', type: 'input' },
      ],
      { username: ' ad ', realname: 'x', age: '3', sex: '1', createTime: ['2026-01-01', '2026-01-31'], empty: '  ' },
    );
    expect(p).toEqual({
      username: '*ad*',
      realname: '!x',
      age: '>=3',
      sex: '1',
      createTime_begin: '2026-01-01 00:00:00',
      createTime_end: '2026-01-31 23:59:59',
    });
  });
  it('sends sort, super query and paging; default page size 10, default sort createTime desc', () => {
    const s = {
      filters: { a: '1' },
      sort: sortOf(undefined, null),
      superQuery: { superQueryParams: 'x', superQueryMatchType: 'or' as const },
      fixed: { f: '2' },
    };
    expect(listParams(s)).toEqual({ f: '2', a: '1', column: 'createTime', order: 'desc', superQueryParams: 'x', superQueryMatchType: 'or' });
    expect(pagedParams(s, 3)).toMatchObject({ pageNo: '3', pageSize: '10' });
    expect(sortOf('username', 'ascend')).toEqual({ column: 'username', order: 'asc' });
    expect(sortOf('username', 'descend')).toEqual({ column: 'username', order: 'desc' });
  });
  it('shows the total as 共N条', () => {
    expect(totalText(42)).toBe('共42条');
  });
});

describe('button permissions (§6)', () => {
  it('shows every offered toolbar button to a user granted all codes', () => {
    expect(visibleToolbar(base, { auth: ALL, allAuth: ALL })).toEqual(['add', 'export', 'import', 'batch_delete', 'superQuery']);
  });
  it('hides toolbar buttons whose code under the prefix is excluded', () => {
    const auth = ALL.filter((x) => !/:(add|import|batch_delete)$/.test(x.action));
    expect(visibleToolbar(base, { auth, allAuth: ALL })).toEqual(['export', 'superQuery']);
  });
  it('offers only what the config supports', () => {
    const cfg: ListKitConfig = { ...base, url: { list: '/l' }, editor: undefined, superQuery: [] };
    expect(visibleToolbar(cfg, { auth: ALL, allAuth: ALL })).toEqual([]);
  });
  it('hides row actions when hasPermission fails, and honours visible()', () => {
    const row = { id: '1', status: '1' } as ListRow;
    const freeze: RowAction = { key: 'freeze', text: (r) => (r.status === '1' ? '冻结' : '解冻'), permission: 'frozen', onClick: () => {} };
    const hidden: RowAction = { key: 'h', text: 'h', visible: () => false, onClick: () => {} };
    const edit: RowAction = { key: 'edit', text: '编辑', permission: 'edit', onClick: () => {} };
    const remove: RowAction = { key: 'delete', text: '删除', permission: 'delete', onClick: () => {} };
    const cfg = { ...base, rowActions: [freeze, hidden] };
    expect(rowActionsOf(cfg, row, { auth: ALL, allAuth: ALL }, { edit, remove }).map((a) => a.key)).toEqual(['edit', 'freeze', 'delete']);
    const onlyEdit = [e('2', 'system:user:edit')];
    expect(rowActionsOf(cfg, row, { auth: onlyEdit, allAuth: ALL }, { edit, remove }).map((a) => a.key)).toEqual(['edit']);
    expect(allowed('system:user:', undefined, { auth: [], allAuth: [] })).toBe(true);
    expect(allowed('system:user:', 'other:code', { auth: [e('2', 'other:code')], allAuth: [] })).toBe(true);
  });
});

describe('phone page actions', () => {
  it('offers the extra buttons marked for the phone that the user may use and that need no selection', () => {
    const noop = () => undefined;
    const cfg: ListKitConfig = {
      ...base,
      extraButtons: [
        { key: 'refresh', text: '刷新缓存', phone: true, onClick: noop },
        { key: 'freeze', text: '冻结', permission: 'frozen', needsSelection: true, phone: true, onClick: noop },
        { key: 'bind', text: '绑定', permission: 'bind', phone: true, onClick: noop },
        { key: 'desk', text: '仅桌面', onClick: noop },
      ],
    };
    expect(pageActionsOf(cfg, { auth: ALL, allAuth: ALL }).map((b) => b.key)).toEqual(['refresh']);
    const withBind = [...ALL, e('2', 'system:user:bind')];
    expect(pageActionsOf(cfg, { auth: withBind, allAuth: withBind }).map((b) => b.key)).toEqual(['refresh', 'bind']);
    expect(pageActionsOf(base, { auth: ALL, allAuth: ALL })).toEqual([]);
  });
});

describe('export and import', () => {
  it('takes the file name from Content-Disposition, else title and date', () => {
    expect(downloadName(`attachment; filename="a.xlsx"; filename*=UTF-8''${encodeURIComponent('用户_20260101.xlsx')}`, 'x')).toBe('用户_20260101.xlsx');
    expect(downloadName('attachment; filename="plain.xlsx"', 'x')).toBe('plain.xlsx');
    expect(downloadName(undefined, '用户信息', new Date(2026, 0, 5))).toBe('用户信息_20260105.xlsx');
  });
  it('accepts .xls and .xlsx only', () => {
    expect(isImportFile('a.xls')).toBe(true);
    expect(isImportFile('A.XLSX')).toBe(true);
    expect(isImportFile('a.csv')).toBe(false);
    expect(isImportFile('a.xlsx.exe')).toBe(false);
  });
  it('reads import answers: 201 partial with the error file, success, failure with the file name, else 文件上传失败', () => {
    expect(importOutcome('u.xlsx', 201, { success: true, code: 201, message: 'x', result: { errorFileUrl: '/e' } })).toEqual({
      kind: 'partial',
      message: MSG.importWithErrors,
      errorFileUrl: '/e',
    });
    expect(importOutcome('u.xlsx', 200, { success: true, message: '导入2条' })).toEqual({ kind: 'success', message: '导入2条' });
    expect(importOutcome('u.xlsx', 200, { success: true })).toEqual({ kind: 'success', message: 'u.xlsx 文件上传成功' });
    expect(importOutcome('u.xlsx', 400, { success: false, message: '文件解析失败' })).toEqual({ kind: 'failure', message: 'u.xlsx 文件解析失败' });
    expect(importOutcome('u.xlsx', 0, null)).toEqual({ kind: 'failure', message: '文件上传失败' });
  });
  it('renders dictionary text and static urls', () => {
    expect(
      dictText(
        [
          { value: '1', text: '男' },
          { value: '2', text: '女' },
        ],
        '2',
      ),
    ).toBe('女');
    expect(dictText([{ value: '1', text: '男' }], '1,9')).toBe('男,9');
    expect(dictText(undefined, null)).toBe('');
    expect(staticUrl('avatar/a.png', '/boss-admin', '/sys/common/static')).toBe('/boss-admin/sys/common/static/avatar/a.png');
    expect(staticUrl('https://x/y.png', '/b', '/s')).toBe('https://x/y.png');
    expect(staticUrl(null, '/b', '/s')).toBeUndefined();
  });
});

describe('phone infinite scroll', () => {
  const r = (id: string) => ({ id, name: id });
  it('appends a next page without the rows already shown', () => {
    expect(appendRows([r('a'), r('b')], [r('b'), r('c')], 'id').map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(appendRows([], [r('a')], 'id')).toEqual([r('a')]);
  });
  it('a reload fetches all shown pages at once, within the page-size cap', () => {
    expect(shownPagesToReload(3, 10)).toBe(3);
    expect(shownPagesToReload(1, 10)).toBe(1);
    expect(shownPagesToReload(200, 10)).toBe(100); // 1000 rows is the most one call answers
    expect(shownPagesToReload(0, 10)).toBe(1);
  });
});

describe('a list opened filtered by its URL (the workbench to-dos)', () => {
  const fields = [
    { field: 'orderNo', label: '订单号', type: 'input' as const },
    {
      field: 'status',
      label: '状态',
      type: 'select' as const,
      options: [
        { value: 'pending', label: '待审批' },
        { value: 'failed', label: '失败' },
      ],
    },
    { field: 'createTime', label: '时间', type: 'dateRange' as const },
  ];
  it('takes the declared fields, and for a select only its options', () => {
    expect(valuesFromSearch(fields, '?status=failed&orderNo=P1&other=x')).toEqual({ status: 'failed', orderNo: 'P1' });
    expect(valuesFromSearch(fields, '?status=nonsense')).toEqual({});
    expect(valuesFromSearch(fields, '?createTime=2026-01-01&status=')).toEqual({});
    expect(valuesFromSearch(fields, '')).toEqual({});
  });
});

describe('cellText (a cell on the phone card and in the desktop table)', () => {
  type Row = { id: string; at: string | null; day: string; status: string; n: number };
  const row: Row = { id: '1', at: '2026-11-26T23:54:59.733Z', day: '2026-11-26T17:00:00Z', status: '1', n: 5 };
  const dicts = { st: [{ value: '1', text: '正常' }] };
  it('shows an ISO instant as China wall-clock time, and a wall-clock text unchanged', () => {
    expect(cellText({ dataIndex: 'at', title: '更新时间', type: 'datetime' }, row, dicts)).toBe('2026-11-27 07:54:59');
    expect(cellText({ dataIndex: 'at', title: 't', type: 'datetime' }, { ...row, at: '2026-11-22 09:30:00' }, dicts)).toBe('2026-11-22 09:30:00');
    expect(cellText({ dataIndex: 'day', title: '日期', type: 'date' }, row, dicts)).toBe('2026-11-27');
    expect(cellText({ dataIndex: 'at', title: 't', type: 'datetime' }, { ...row, at: null }, dicts)).toBe('');
  });
  it("uses the column's own rendering when it gives text (the phone card showed the raw value)", () => {
    expect(cellText({ dataIndex: 'at', title: 't', render: (v) => `时间 ${String(v).slice(0, 4)}` }, row, dicts)).toBe('时间 2026');
    expect(cellText({ dataIndex: 'n', title: 'n', render: (v) => Number(v) * 2 }, row, dicts)).toBe('10');
  });
  it('gives tags, dictionaries and options their text', () => {
    expect(cellText({ dataIndex: 'status', title: 's', type: 'tag', tag: () => ({ text: '已通过', color: 'green' }) }, row, dicts)).toBe('已通过');
    expect(cellText({ dataIndex: 'status', title: 's', dict: 'st' }, row, dicts)).toBe('正常');
    expect(cellText({ dataIndex: 'status', title: 's', options: [{ value: '1', label: '是' }] }, row, dicts)).toBe('是');
  });
});
