import { describe, expect, it } from 'vitest';
import { parseListQuery, LIST_MSG, type ResourceFields } from '@contract/listQuery';

const users: ResourceFields = { fields: { username: 'string', realname: 'string', sex: 'dict', createTime: 'datetime', age: 'number' } };
const ok = (q: Record<string, string>) => {
  const r = parseListQuery(q, users);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe('list query parsing over an allow-list', () => {
  it('defaults to page 1, size 10, createTime descending', () => {
    expect(ok({})).toMatchObject({ pageNo: 1, pageSize: 10, sort: { field: 'createTime', dir: 'desc' }, where: [], superQuery: null });
  });
  it('reads simple filter operators', () => {
    const v = ok({
      username: '*adm*',
      realname: '!张三',
      sex: '1,2',
      age: '>=18',
      createTime_begin: '2026-01-01',
      createTime_end: '2026-12-31 23:59:59',
      _t: '1',
    });
    expect(v.where).toEqual([
      { field: 'username', rule: 'like', value: 'adm' },
      { field: 'realname', rule: 'ne', value: '张三' },
      { field: 'sex', rule: 'in', value: ['1', '2'] },
      { field: 'age', rule: 'ge', value: '18' },
      { field: 'createTime', rule: 'ge', value: '2026-01-01' },
      { field: 'createTime', rule: 'le', value: '2026-12-31 23:59:59' },
    ]);
  });
  it('ignores parameters that are not columns, including injection attempts as names', () => {
    expect(ok({ "username' or 1=1 --": 'x', password: 'x', constructor: 'x', __proto__: 'x' }).where).toEqual([]);
  });
  it('keeps injection strings as plain values', () => {
    expect(ok({ username: "' or 1=1 --" }).where).toEqual([{ field: 'username', rule: 'eq', value: "' or 1=1 --" }]);
  });
  it('refuses unknown or malformed sort keys and bad paging', () => {
    expect(parseListQuery({ column: 'id;delete' }, users)).toEqual({ ok: false, message: LIST_MSG.badSort });
    expect(parseListQuery({ column: 'username', order: 'desc; drop table x' }, users)).toEqual({ ok: false, message: LIST_MSG.badSort });
    expect(parseListQuery({ pageSize: '100000' }, users).ok).toBe(false);
    expect(parseListQuery({ pageNo: '-1' }, users).ok).toBe(false);
    expect(ok({ column: 'username', order: 'asc' }).sort).toEqual({ field: 'username', dir: 'asc' });
  });
  it('checks typed values', () => {
    expect(parseListQuery({ age: '1; drop table users' }, users).ok).toBe(false);
    expect(parseListQuery({ createTime_begin: 'yesterday' }, users).ok).toBe(false);
  });
  it('parses the super query with rules and match type, refusing unknown fields and rules', () => {
    const sq = encodeURIComponent(
      JSON.stringify([
        { field: 'username', rule: 'like', val: 'ad' },
        { field: 'sex', rule: 'in', val: '1,2' },
        { field: 'age', rule: 'gt', val: '20' },
      ]),
    );
    expect(ok({ superQueryParams: sq, superQueryMatchType: 'or' }).superQuery).toEqual({
      matchType: 'or',
      conditions: [
        { field: 'username', rule: 'like', value: 'ad' },
        { field: 'sex', rule: 'in', value: ['1', '2'] },
        { field: 'age', rule: 'gt', value: '20' },
      ],
    });
    expect(parseListQuery({ superQueryParams: encodeURIComponent(JSON.stringify([{ field: 'password', rule: 'eq', val: 'x' }])) }, users)).toEqual({
      ok: false,
      message: LIST_MSG.badField('password'),
    });
    expect(parseListQuery({ superQueryParams: encodeURIComponent(JSON.stringify([{ field: 'username', rule: 'regex', val: 'x' }])) }, users).ok).toBe(false);
    expect(parseListQuery({ superQueryParams: '%7Bnot json' }, users)).toEqual({ ok: false, message: LIST_MSG.badSuper });
  });
});
