// The super query rules both builders (desktop dialog, phone sheet) share through
// useSuperQueryBuilder: editing rows (add after, remove keeps one), the value choices of a field
// (fixed options, else active dictionary items), the shown value text, what a save stores, the
// saved-query summary and removal, the match types, and the flow of the §5 messages.
import { describe, expect, it } from 'vitest';
import { MSG } from '@contract/messages';
import type { DictItem } from '@contract/types';
import type { SavedSuperQuery, SuperQueryRow } from '@/components/list/types';
import {
  MATCH_TYPES,
  checkSave,
  conditionsForQuery,
  dateFormatOf,
  hasConditions,
  insertRowAfter,
  loadSaved,
  newRow,
  optionsOf,
  removeRowAt,
  removeSaved,
  savedItemOf,
  savedSummary,
  storeSaved,
  upsertSaved,
  valueText,
} from '@/components/superQuery/superQueryRules';

const row = (over: Partial<SuperQueryRow> = {}): SuperQueryRow => ({ field: 'username', rule: 'eq', val: 'a', type: 'string', ...over });
const DICTS: Record<string, DictItem[]> = {
  sex: [
    { value: '1', text: '男', status: 1 },
    { value: '2', text: '女', status: 1 },
    { value: '3', text: '未知', status: 0 },
  ],
};

describe('super query rows', () => {
  it('adds an empty row right after the given one', () => {
    const rows = [row({ val: 'a' }), row({ val: 'b' })];
    const next = insertRowAfter(rows, 0);
    expect(next.map((r) => r.val)).toEqual(['a', '', 'b']);
    expect(next[1]).toEqual(newRow());
    expect(insertRowAfter(rows, 1).map((r) => r.val)).toEqual(['a', 'b', '']);
    expect(rows).toHaveLength(2); // not mutated
  });
  it('removes a row, and removing the last leaves one empty row', () => {
    expect(removeRowAt([row({ val: 'a' }), row({ val: 'b' })], 0).map((r) => r.val)).toEqual(['b']);
    expect(removeRowAt([row()], 0)).toEqual([newRow()]);
  });
  it('knows when there is something to query or save', () => {
    expect(hasConditions([newRow()])).toBe(false);
    expect(hasConditions([newRow(), row()])).toBe(true);
    expect(hasConditions([row({ field: '' })])).toBe(false);
  });
});

describe('super query values', () => {
  it('takes fixed options first, else the active items of the dictionary, else free input', () => {
    const fixed = [{ value: '1', label: '正常' }];
    expect(optionsOf({ field: 'status', label: '状态', type: 'dict', options: fixed, dictCode: 'sex' }, DICTS)).toBe(fixed);
    expect(optionsOf({ field: 'sex', label: '性别', type: 'dict', dictCode: 'sex' }, DICTS)).toEqual([
      { value: '1', label: '男' },
      { value: '2', label: '女' },
    ]);
    expect(optionsOf({ field: 'sex', label: '性别', type: 'dict', dictCode: 'missing' }, DICTS)).toEqual([]);
    expect(optionsOf({ field: 'username', label: '账号', type: 'string' }, DICTS)).toBeUndefined();
    expect(optionsOf(undefined, DICTS)).toBeUndefined();
  });
  it('shows option labels for choices and raw text otherwise', () => {
    const opts = optionsOf({ field: 'sex', label: '性别', type: 'dict', dictCode: 'sex' }, DICTS);
    expect(valueText(row({ field: 'sex', val: '2' }), opts)).toBe('女');
    expect(valueText(row({ field: 'sex', rule: 'in', val: ['1', '2'] }), opts)).toBe('男、女');
    expect(valueText(row({ val: 'adm' }), undefined)).toBe('adm');
    expect(valueText(row({ val: '' }), undefined)).toBe('');
    expect(valueText(row({ rule: 'in', val: [] }), opts)).toBe('');
  });
  it('formats dates and datetimes as the server reads them', () => {
    expect(dateFormatOf('date')).toBe('YYYY-MM-DD');
    expect(dateFormatOf('datetime')).toBe('YYYY-MM-DD HH:mm:ss');
  });
  it('offers and / or with the texts of both builders', () => {
    expect(MATCH_TYPES.map((m) => [m.value, m.label])).toEqual([
      ['and', 'AND（所有条件都要求匹配）'],
      ['or', 'OR（条件中的任意一个匹配）'],
    ]);
  });
});

describe('saving and the §5 messages', () => {
  function memory() {
    const m = new Map<string, string>();
    return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
  }

  it('stores the trimmed name, the match type and only the complete rows', () => {
    const item = savedItemOf('  我的查询 ', 'or', [row(), newRow(), row({ field: 'sex', type: 'dict', rule: 'in', val: ['1'] })]);
    expect(item).toEqual({ title: '我的查询', matchType: 'or', records: [row(), row({ field: 'sex', type: 'dict', rule: 'in', val: ['1'] })] });
    expect(savedSummary(item)).toBe('2 个条件，任意匹配');
    expect(savedSummary({ ...item, matchType: 'and', records: [row()] })).toBe('1 个条件，所有匹配');
  });

  it('walks a builder session: empty query, empty save, empty name, save, overwrite, delete', () => {
    const kv = memory();
    const page = 'system/UserList';
    let rows = [newRow()];
    expect(conditionsForQuery(rows)).toEqual({ ok: false, message: MSG.superQueryEmpty });
    expect(checkSave(rows, '查询1', loadSaved(page, kv))).toEqual({ ok: false, message: MSG.superQueryEmptySave });

    rows = insertRowAfter([row({ field: 'sex', type: 'dict', val: '1' })], 0);
    rows[1] = row({ field: 'username', rule: 'like', val: 'adm' });
    expect(checkSave(rows, ' ', [])).toEqual({ ok: false, message: MSG.superQueryNameEmpty });

    const first = checkSave(rows, '查询1', loadSaved(page, kv));
    expect(first).toEqual({ ok: true, exists: false });
    storeSaved(page, upsertSaved(loadSaved(page, kv), savedItemOf('查询1', 'and', rows)), kv);

    // The phone reads what the desktop stored, under the same page key.
    const onPhone = loadSaved(page, kv);
    expect(onPhone.map((q) => q.title)).toEqual(['查询1']);
    expect(onPhone[0].records).toHaveLength(2);

    // Same name again: asks to overwrite, and overwriting keeps one entry.
    expect(checkSave(removeRowAt(rows, 0), '查询1', onPhone)).toEqual({ ok: true, exists: true });
    expect(MSG.superQueryExists('查询1')).toContain('查询1');
    storeSaved(page, upsertSaved(onPhone, savedItemOf('查询1', 'or', removeRowAt(rows, 0))), kv);
    const after: SavedSuperQuery[] = loadSaved(page, kv);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ matchType: 'or', records: [{ field: 'username', rule: 'like', val: 'adm' }] });

    storeSaved(page, removeSaved(after, '查询1'), kv);
    expect(loadSaved(page, kv)).toEqual([]);
  });
});
