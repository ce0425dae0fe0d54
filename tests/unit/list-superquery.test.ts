// Super query rules (spec §3, §5): rules per type, the `in` multi-value, empty-condition messages,
// the wire encoding and the saved queries under pro__superQuery:<pageKey>.
import { describe, expect, it } from 'vitest';
import { MSG } from '@contract/messages';
import {
  checkSave,
  conditionsForQuery,
  encodeSuperQuery,
  loadSaved,
  newRow,
  rulesFor,
  savedKey,
  storeSaved,
  upsertSaved,
  withField,
  withRule,
} from '@/components/superQuery/superQueryRules';
import type { SuperQueryRow } from '@/components/list/types';

const row = (over: Partial<SuperQueryRow> = {}): SuperQueryRow => ({ field: 'username', rule: 'eq', val: 'a', type: 'string', ...over });

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
}

describe('super query', () => {
  it('offers rules by field type', () => {
    expect(rulesFor('string')).toEqual(['eq', 'like', 'ne', 'gt', 'ge', 'lt', 'le', 'in']);
    expect(rulesFor('number')).not.toContain('like');
    expect(rulesFor('dict')).toEqual(['eq', 'ne', 'in']);
  });
  it('the in rule makes the value a list and back', () => {
    expect(withRule(row(), 'in').val).toEqual(['a']);
    expect(withRule(row({ val: '' }), 'in').val).toEqual([]);
    expect(withRule(row({ rule: 'in', val: ['x', 'y'] }), 'eq').val).toBe('x');
    const f = withField(row({ rule: 'like' }), { field: 'sex', label: '性别', type: 'dict', dictCode: 'sex' });
    expect(f).toEqual({ field: 'sex', type: 'dict', dictCode: 'sex', rule: 'eq', val: '' });
  });
  it("no conditions or a single incomplete one: '不能使用空条件查询'", () => {
    expect(conditionsForQuery([])).toEqual({ ok: false, message: MSG.superQueryEmpty });
    expect(conditionsForQuery([newRow()])).toEqual({ ok: false, message: '不能使用空条件查询' });
    expect(conditionsForQuery([row({ val: '  ' })])).toMatchObject({ ok: false });
    expect(conditionsForQuery([row({ rule: 'in', val: [] })])).toMatchObject({ ok: false });
    expect(conditionsForQuery([row(), newRow()])).toEqual({ ok: true, rows: [row()] });
  });
  it('encodes rows with field, rule, val, type and the match type', () => {
    const enc = encodeSuperQuery({ rows: [row({ rule: 'in', val: ['a', 'b'], dictCode: 'x' }), newRow()], matchType: 'or' });
    expect(enc.superQueryMatchType).toBe('or');
    expect(JSON.parse(decodeURIComponent(enc.superQueryParams))).toEqual([{ field: 'username', rule: 'in', val: ['a', 'b'], type: 'string' }]);
  });
  it('save: empty conditions, empty name, existing name asks to overwrite', () => {
    expect(checkSave([newRow()], 'x', [])).toEqual({ ok: false, message: '空条件不能保存' });
    expect(checkSave([row()], '  ', [])).toEqual({ ok: false, message: '保存名称不能为空' });
    expect(checkSave([row()], 'q1', [{ title: 'q1', matchType: 'and', records: [] }])).toEqual({ ok: true, exists: true });
    expect(checkSave([row()], 'q2', [])).toEqual({ ok: true, exists: false });
    expect(MSG.superQueryExists('q1')).toBe('q1 已存在，是否覆盖？');
  });
  it('keeps saved queries per page under pro__superQuery:<pageKey>, overwriting by name', () => {
    const kv = memory();
    expect(savedKey('system/UserList')).toBe('pro__superQuery:system/UserList');
    let list = upsertSaved([], { title: 'q1', matchType: 'and', records: [row()] });
    list = upsertSaved(list, { title: 'q2', matchType: 'or', records: [row()] });
    list = upsertSaved(list, { title: 'q1', matchType: 'or', records: [row({ val: 'b' })] });
    storeSaved('system/UserList', list, kv);
    const back = loadSaved('system/UserList', kv);
    expect(back.map((q) => [q.title, q.matchType])).toEqual([
      ['q1', 'or'],
      ['q2', 'or'],
    ]);
    expect(loadSaved('system/RoleList', kv)).toEqual([]);
    kv.setItem(savedKey('bad'), '{not json');
    expect(loadSaved('bad', kv)).toEqual([]);
  });
});
