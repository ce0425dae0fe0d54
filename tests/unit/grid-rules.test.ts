// Pure rules of the shared editable grid: presets, custom regex, required, unique, message
// templates, number cells, ids, exact sums, ordering and the insert throttle.
import { describe, expect, it, vi } from 'vitest';
import { acceptNumberInput, numberOnBlur, sumColumn } from '@/components/grid/gridNumbers';
import { insertRows, isNewRowId, makeThrottle, moveRowTo, moveRows, newRowId, pasteBlock, removeRows, REMOVE_CONFIRM } from '@/components/grid/gridRows';
import {
  ASYNC_RULE_TIMEOUT_MS,
  checkCell,
  duplicateRows,
  fillTemplate,
  GRID_ASYNC_MSG,
  gridValues,
  gridValuesAsync,
  isPending,
  validateCell,
  validateRows,
} from '@/components/grid/gridRules';
import type { GridColumn, GridRow } from '@/components/grid/gridTypes';
import { yuanToFen } from '@contract/money';

const col = (over: Partial<GridColumn>): GridColumn => ({ key: 'k', title: '字段', type: 'input', ...over });
const rows = (...vals: unknown[]): GridRow[] => vals.map((v, i) => ({ id: `r${i}`, k: v }));

describe('grid cell validation', () => {
  it('required uses the template with ${title}, ${key} and ${defaultValue}', () => {
    const c = col({ defaultValue: 7, validateRules: [{ required: true, message: '${title}(${key})必填，默认${defaultValue}' }] });
    expect(validateCell(c, 0, rows(''))).toBe('字段(k)必填，默认7');
    expect(validateCell(c, 0, rows('  '))).toBe('字段(k)必填，默认7');
    expect(validateCell(c, 0, rows('x'))).toBeNull();
    expect(validateCell(col({ validateRules: [{ required: true }] }), 0, rows(null))).toBe('请输入字段');
  });

  it('presets have their own messages and skip empty cells', () => {
    const cases: [string, string, string][] = [
      ['e', 'a@b', '请输入正确格式的电子邮件！'],
      ['m', '12345678901', '请输入正确格式的手机号码！'],
      ['p', '012345', '请输入正确格式的邮政编码！'],
      ['n6-16', '12345', '请输入6到16位数字！'],
      ['*6-16', 'abc', '请输入6到16位任意字符！'],
      ['s6-18', 'abc12345', '请输入6到18位字母！'],
      ['url', 'ftp://x', '请输入正确格式的网址！'],
      ['s', 'a1', '请输入字母！'],
      ['n', '1.2.3', '请输入数字！'],
      ['z', '1.5', '请输入整数！'],
      ['money', '1.234', '请输入正确的金额！'],
    ];
    for (const [p, bad, msg] of cases) {
      const c = col({ validateRules: [{ pattern: p }] });
      expect(validateCell(c, 0, rows(bad)), p).toBe(msg);
      expect(validateCell(c, 0, rows('')), p).toBeNull();
    }
    const ok: [string, string][] = [
      ['e', 'a@b.cn'],
      ['m', '13800138000'],
      ['p', '100080'],
      ['n', '-1.5'],
      ['z', '-3'],
      ['money', '-12.30'],
      ['url', 'https://x.cn'],
    ];
    for (const [p, good] of ok) expect(validateCell(col({ validateRules: [{ pattern: p }] }), 0, rows(good)), p).toBeNull();
  });

  it('custom regex (string or RegExp) and handler; a broken pattern checks nothing', () => {
    expect(validateCell(col({ validateRules: [{ pattern: '^A\\d+$', message: '${title}须以A开头' }] }), 0, rows('B1'))).toBe('字段须以A开头');
    expect(validateCell(col({ validateRules: [{ pattern: /^\d{3}$/ }] }), 0, rows('12'))).toBe('字段格式不正确');
    expect(validateCell(col({ validateRules: [{ pattern: '([' }] }), 0, rows('x'))).toBeNull();
    expect(validateCell(col({ validateRules: [{ handler: (v) => (v === 'no' ? '${title}不可为no' : null) }] }), 0, rows('no'))).toBe('字段不可为no');
  });

  it('unique / only fails on every row sharing a value, never on empties', () => {
    const r = rows('a', 'b', 'a', '', '', 'c', 'a ');
    expect([...duplicateRows(r, 'k')].sort()).toEqual([0, 2, 6]);
    for (const rule of [{ unique: true }, { pattern: 'only' }, { pattern: 'unique' }]) {
      const c = col({ validateRules: [rule] });
      expect(validateCell(c, 0, r)).toBe('字段不能重复');
      expect(validateCell(c, 1, r)).toBeNull();
      expect(validateCell(c, 3, r)).toBeNull();
    }
  });

  it('validateRows / gridValues give row numbers; valid rows come back', () => {
    const cols = [col({ validateRules: [{ required: true }, { unique: true }] }), col({ key: 'amt', title: '金额', validateRules: [{ pattern: 'money' }] })];
    const bad: GridRow[] = [
      { id: 'a', k: 'x', amt: '1' },
      { id: 'b', k: '', amt: '2' },
      { id: 'c', k: 'x', amt: '1.001' },
    ];
    const errs = validateRows(cols, bad);
    expect(errs.map((e) => [e.rowNo, e.key, e.message])).toEqual([
      [1, 'k', '字段不能重复'],
      [2, 'k', '请输入字段'],
      [3, 'k', '字段不能重复'],
      [3, 'amt', '请输入正确的金额！'],
    ]);
    const v = gridValues(cols, bad, 2);
    expect(v.ok).toBe(false);
    if (!v.ok) {
      expect(v.errors).toHaveLength(2);
      expect(v.message).toBe('第1行：字段不能重复');
    }
    const good = gridValues(cols, [{ id: 'a', k: 'x', amt: '1' }]);
    expect(good).toEqual({ ok: true, rows: [{ id: 'a', k: 'x', amt: '1' }] });
  });

  it('validates 10,000 rows with a unique column quickly', () => {
    const many: GridRow[] = Array.from({ length: 10_000 }, (_, i) => ({ id: `r${i}`, k: `v${i}`, amt: '1.00' }));
    many[9_999]!.k = 'v5';
    const t = performance.now();
    const v = gridValues([col({ validateRules: [{ required: true }, { unique: true }] })], many);
    expect(performance.now() - t).toBeLessThan(500);
    expect(v.ok ? [] : v.errors.map((e) => e.rowNo)).toEqual([6, 10000]);
  });
});

describe('grid number cells', () => {
  it('accepts only numeric text, "-" or empty; other input reverts', () => {
    expect(acceptNumberInput('1', '12')).toBe('12');
    expect(acceptNumberInput('', '-')).toBe('-');
    expect(acceptNumberInput('1', '')).toBe('');
    expect(acceptNumberInput('1.', '1.5')).toBe('1.5');
    expect(acceptNumberInput('12', '12a')).toBe('12');
    expect(acceptNumberInput('1.5', '1.5.')).toBe('1.5');
    expect(acceptNumberInput('1', '1e5')).toBe('1');
    expect(acceptNumberInput('-', '--')).toBe('-');
  });
  it('blur converts to a number or clears; money keeps a tidy string', () => {
    expect(numberOnBlur('12.50')).toBe(12.5);
    expect(numberOnBlur('-')).toBe('');
    expect(numberOnBlur('')).toBe('');
    expect(numberOnBlur('3.')).toBe(3);
    // Money cells never change what was typed into something else: the amount rule judges it.
    expect(numberOnBlur('007.10', true)).toBe('007.10');
    expect(numberOnBlur('01.5', true)).toBe('01.5');
    expect(numberOnBlur(' 1,234.5 ', true)).toBe('1234.5');
    expect(numberOnBlur('¥12,345,678.90', true)).toBe('12345678.90');
    expect(numberOnBlur('1,23.4', true)).toBe('1,23.4');
  });
  it('money cells keep thousands separators while typing or pasting', () => {
    expect(acceptNumberInput('', '1,234.5', true)).toBe('1,234.5');
    expect(acceptNumberInput('', '1,234.5')).toBe('');
    expect(acceptNumberInput('1', '1a', true)).toBe('1');
  });
});

describe('grid paste of a spreadsheet block', () => {
  const cols: GridColumn[] = [
    { key: 'name', title: '名称', type: 'input' },
    { key: 'amount', title: '金额', type: 'inputNumber', money: true },
    { key: 'remark', title: '备注', type: 'input' },
  ];
  let n = 0;
  const id = () => `r${++n}`.padEnd(6, 'x');
  it('one plain value is left to the input', () => {
    expect(pasteBlock([{ id: 'a' }], cols, 0, 'name', '张三')).toBeNull();
  });
  it('fills rightwards and downwards from the cell, adding rows, separators dropped', () => {
    const rows: GridRow[] = [{ id: 'a', orderNum: 1, name: '', amount: '', remark: '' }];
    const out = pasteBlock(rows, cols, 0, 'name', '甲\t1,234.5\t货款\r\n乙\t01.5\r\n丙\t2\t备\t多余\r\n', id)!;
    expect(out.rows.map((r) => [r.name, r.amount, r.remark, r.orderNum])).toEqual([
      ['甲', '1234.5', '货款', 1],
      ['乙', '01.5', '', 2],
      ['丙', '2', '备', 3],
    ]);
    expect(out.cells).toHaveLength(8);
    // Pasted from the second column: the first stays.
    const mid = pasteBlock(out.rows, cols, 1, 'amount', '9\t改', id)!;
    expect(mid.rows[1]).toMatchObject({ name: '乙', amount: '9', remark: '改' });
  });
});

describe('grid sums', () => {
  it('money sums in bigint fen, never in floats', () => {
    const r: GridRow[] = [
      { id: 'a', m: '0.10' },
      { id: 'b', m: '0.20' },
      { id: 'c', m: 'x' },
      { id: 'd', m: '' },
      { id: 'e', m: '1234' },
      { id: 'f', m: '99999999999.99' },
    ];
    expect(sumColumn(r, { key: 'm', money: true })).toEqual({ fen: 10_000_000_123_429n, text: '100,000,001,234.29' });
    expect(yuanToFen('-1.5')).toBe(-150n);
    expect(yuanToFen('1.005')).toBeNull();
  });
  it('plain numbers sum exactly too', () => {
    expect(
      sumColumn(
        [
          { id: 'a', n: 0.1 },
          { id: 'b', n: 0.2 },
          { id: 'c', n: '-1' },
        ],
        { key: 'n' },
      ).text,
    ).toBe('-0.7');
    expect(sumColumn([], { key: 'n' }).text).toBe('0');
  });
});

describe('grid rows', () => {
  const cols = [col({ defaultValue: 'd' })];
  it('new ids are 6 random characters and unique among rows', () => {
    const id = newRowId();
    expect(id).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(isNewRowId(id)).toBe(true);
    let n = 0;
    const ids = ['AAAAAA', 'AAAAAA', 'BBBBBB'];
    const out = insertRows([{ id: 'AAAAAA' }], cols, 1, 1, () => ids[n++]!);
    expect(out.map((r) => r.id)).toEqual(['AAAAAA', 'BBBBBB']);
  });
  it('insert at a position with defaults, renumbering orderNum', () => {
    const base = insertRows([], cols, 0, 3);
    expect(base.map((r) => r.orderNum)).toEqual([1, 2, 3]);
    expect(base[0]!.k).toBe('d');
    const out = insertRows(base, cols, 1, 2);
    expect(out).toHaveLength(5);
    expect(out[0]!.id).toBe(base[0]!.id);
    expect(out[3]!.id).toBe(base[1]!.id);
    expect(out.map((r) => r.orderNum)).toEqual([1, 2, 3, 4, 5]);
    expect(insertRows(base, cols, 99, 1)[3]!.orderNum).toBe(4);
  });
  it('remove: removed ids exclude new rows; the confirmation names the count', () => {
    const r: GridRow[] = [{ id: 'server-1' }, { id: 'AbC123' }, { id: 'server-2' }];
    const out = removeRows(r, ['server-1', 'AbC123'], new Set(['AbC123']));
    expect(out.rows.map((x) => [x.id, x.orderNum])).toEqual([['server-2', 1]]);
    expect(out.removedIds).toEqual(['server-1']);
    expect(REMOVE_CONFIRM(2)).toBe('确定要删除这 2 行吗?');
  });
  it('move up / down keeps a selected block together and recalculates orderNum', () => {
    const r: GridRow[] = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
    expect(moveRows(r, ['c'], -1).map((x) => x.id)).toEqual(['a', 'c', 'b', 'd']);
    expect(moveRows(r, ['b', 'c'], 1).map((x) => x.id)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveRows(r, ['a'], -1).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(moveRows(r, ['c', 'd'], 1).map((x) => x.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(moveRows(r, ['d'], -1).map((x) => x.orderNum)).toEqual([1, 2, 3, 4]);
    expect(moveRowTo(r, 0, 3).map((x) => x.id)).toEqual(['b', 'c', 'd', 'a']);
  });
  it('insert throttle lets one through per 1500 ms', () => {
    let now = 0;
    const ok = makeThrottle(1500, () => now);
    expect(ok()).toBe(true);
    now = 1499;
    expect(ok()).toBe(false);
    now = 1500;
    expect(ok()).toBe(true);
  });
  it('fillTemplate leaves other text alone', () => {
    expect(fillTemplate('${title}/${key}/${defaultValue}/${x}', { title: 'T', key: 'K' })).toBe('T/K//${x}');
  });
});

describe('grid custom handlers', () => {
  it('a handler sees empty cells (it may depend on other cells of the row)', () => {
    const c = col({ key: 'card', validateRules: [{ handler: (_v, row) => (!row.acct && !row.card ? '请输入收款账号或银行卡号' : null) }] });
    expect(validateCell(c, 0, [{ id: 'a', acct: '', card: '' }])).toBe('请输入收款账号或银行卡号');
    expect(validateCell(c, 0, [{ id: 'a', acct: 'x', card: '' }])).toBeNull();
  });
});

describe('asynchronous grid rules (spec §5 handlers that answer later)', () => {
  const later = <T>(v: T, ms = 5) => new Promise<T>((r) => setTimeout(() => r(v), ms));

  it('a handler answering a Promise makes the cell pending, then gives its message', async () => {
    const c = col({ validateRules: [{ handler: (v) => later(v === 'taken' ? '${title}已被占用' : null) }] });
    const bad = checkCell(c, 0, rows('taken'));
    expect(isPending(bad)).toBe(true);
    expect(await bad).toBe('字段已被占用');
    expect(await checkCell(c, 0, rows('free'))).toBeNull();
    // Asked now, a pending cell is never valid.
    expect(validateCell(c, 0, rows('taken'))).toBe(GRID_ASYNC_MSG.pending);
  });

  it('a handler calling back later (JVxeTable style) decides by ok and message; a rejected Promise fails with its message', async () => {
    const cb = col({
      validateRules: [
        {
          handler: (v, _row, _rows, callback) => {
            setTimeout(() => callback(v !== 'x', '不能为 x'), 5);
          },
        },
      ],
    });
    expect(await checkCell(cb, 0, rows('x'))).toBe('不能为 x');
    expect(await checkCell(cb, 0, rows('y'))).toBeNull();
    // Called back at once: answered at once.
    const now = col({ validateRules: [{ handler: (_v, _r, _rs, callback) => callback(false, '立即失败') }] });
    expect(checkCell(now, 0, rows('a'))).toBe('立即失败');
    const rejecting = col({ validateRules: [{ handler: () => Promise.reject(new Error('服务不可用')) }] });
    expect(await checkCell(rejecting, 0, rows('a'))).toBe('服务不可用');
    const silent = col({ validateRules: [{ handler: () => Promise.reject(new Error('')) }] });
    expect(await checkCell(silent, 0, rows('a'))).toBe(GRID_ASYNC_MSG.failed);
  });

  it('rules after a pending handler run once it passes; earlier rules still answer at once', async () => {
    const c = col({ validateRules: [{ required: true }, { handler: () => later(null) }, { pattern: 'n' }] });
    expect(checkCell(c, 0, rows(''))).toBe('请输入字段');
    expect(await checkCell(c, 0, rows('abc'))).toBe('请输入数字！');
    expect(await checkCell(c, 0, rows('12'))).toBeNull();
  });

  it('gridValues refuses while a rule runs; gridValuesAsync waits and reports the row', async () => {
    const c = col({ validateRules: [{ handler: (v) => later(v === 'bad' ? '第二行不行' : null) }] });
    const list = rows('ok', 'bad');
    const now = gridValues([c], list);
    expect(now.ok).toBe(false);
    if (!now.ok) expect(now.message).toBe(`第1行：${GRID_ASYNC_MSG.pending}`);
    const waited = await gridValuesAsync([c], list);
    expect(waited).toMatchObject({ ok: false, message: '第2行：第二行不行' });
    expect(await gridValuesAsync([c], rows('ok', 'fine'))).toMatchObject({ ok: true });
  });

  it('a handler that never answers times out with its message', async () => {
    vi.useFakeTimers();
    try {
      const c = col({ validateRules: [{ handler: () => new Promise<null>(() => {}) }] });
      const v = checkCell(c, 0, rows('a'));
      vi.advanceTimersByTime(ASYNC_RULE_TIMEOUT_MS + 1);
      expect(await v).toBe(GRID_ASYNC_MSG.timeout);
    } finally {
      vi.useRealTimers();
    }
  });
});
