// The user list's filters and sorts are served by indexes on both databases (migration 0021, issue
// 15 §2): 'contains' and 'starts with' on 用户姓名 and 用户账号 read the trigram indexes (PGlite
// loads pg_trgm when it opens), and the sorts by 用户姓名 and 用户账号 walk an index in their order
// instead of sorting every matching row. With 20,000 users, as the planner sees a real table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery } from '../../contract/listQuery';
import { FILTER_FIRST_LIMIT, listUsers, readInListOrder, USER_RESOURCE } from '../../server/modules/admin/userQuery';
import { BACKENDS, startApp, type TestApp } from './helpers';

describe.each(BACKENDS)('user list indexes (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
    await t.sql(
      `INSERT INTO users (id, username, realname, password_hash, created_at)
       SELECT 'x-' || n, 'c' || md5(n || 'u'), md5(n::text), 'x', now() - n * interval '1 minute' FROM generate_series(1, 20000) AS n`,
    );
    await t.sql(`INSERT INTO user_groups (user_id, group_id) SELECT 'x-' || n, 'g-org' FROM generate_series(1, 20000) AS n`);
    // As autovacuum leaves it: the trigram indexes' pending entries merged, the statistics known.
    await t.sql('VACUUM ANALYZE users');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const plan = async (query: string) => (await t.sql<{ 'QUERY PLAN': string }>(`EXPLAIN ${query}`)).map((r) => r['QUERY PLAN']).join('\n');

  it('contains and starts-with filters read the trigram indexes', async () => {
    expect(await plan(`SELECT id FROM users WHERE realname::text ILIKE '%' || substr(md5('12345'), 5, 8) || '%'`)).toContain('users_realname_trgm_idx');
    expect(await plan(`SELECT id FROM users WHERE username::text ILIKE 'c' || substr(md5('12345u'), 1, 6) || '%'`)).toContain('users_username_trgm_idx');
    const found = await t.sql<{ id: string }>(`SELECT id FROM users WHERE realname ILIKE '%' || upper(substr(md5('12345'), 3, 10)) || '%'`);
    expect(found.map((r) => r.id)).toEqual(['x-12345']);
  });

  it('sorts by 用户姓名 and 用户账号 walk their indexes, and deep pages of every sort skip rows in the index', async () => {
    const tenant = `tenant_ids @> ARRAY['0']::text[]`;
    // Page 1: an index in the sort's order (for 用户账号 its unique index may do), never a sort of every row.
    for (const order of ['realname, id', 'realname DESC, id DESC', 'username DESC, id DESC', 'created_at DESC, id DESC']) {
      const top = await plan(`SELECT id FROM users WHERE ${tenant} ORDER BY ${order} LIMIT 10`);
      expect(top, order).toMatch(/Index (Only )?Scan/);
      expect(top, order).not.toMatch(/Seq Scan|^\s*->\s+Sort /m);
    }
    await t.sql('VACUUM users');
    for (const order of ['realname, id', 'created_at DESC, id DESC']) {
      const deep = await plan(`SELECT id FROM users WHERE ${tenant} AND status = 1 ORDER BY ${order} LIMIT 10 OFFSET 5000`);
      expect(deep, order).toContain('Index Only Scan');
    }
    // 用户账号 is unique, so its unique index is in the sort's order too, as is 状态's by 用户账号 (migration
    // 0058): the planner may walk any (by its statistics of the moment), but never sorts every matching row.
    const deep = await plan(`SELECT id FROM users WHERE ${tenant} AND status = 1 ORDER BY username DESC, id DESC LIMIT 10 OFFSET 5000`);
    expect(deep).toMatch(/Index (Only )?Scan( Backward)? using users_(username_sort_idx|username_key|status_username_idx)/);
    expect(deep).not.toMatch(/Seq Scan|^\s*->\s+Sort /m);
  });

  it('a narrow filter is applied first and its matches sorted: the same pages, in both directions, as sorting every match', async () => {
    expect(FILTER_FIRST_LIMIT).toBeGreaterThan(20_000);
    // Names holding 'ab': a few hundred of the 20,000, well below FILTER_FIRST_LIMIT.
    const all = await t.sql<{ id: string; realname: string; username: string }>(
      `SELECT id, realname, username FROM users WHERE tenant_ids @> ARRAY['0']::text[] AND realname ILIKE '%ab%'`,
    );
    expect(all.length).toBeGreaterThan(100);
    for (const [column, field] of [
      ['realname', 'realname'],
      ['username', 'username'],
    ] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const expected = [...all].sort((a, b) => (a[field] < b[field] ? -1 : a[field] > b[field] ? 1 : a.id < b.id ? -1 : 1)).map((r) => r.id);
        if (order === 'desc') expected.reverse();
        const parsed = parseListQuery({ realname: '*ab*', column, order, pageSize: '20', pageNo: '3' }, USER_RESOURCE);
        if (!parsed.ok) throw new Error(parsed.message);
        const page = await listUsers(t.database.db, parsed.value, '0');
        expect(
          page.records.map((r) => r.id),
          `${column} ${order}`,
        ).toEqual(expected.slice(40, 60));
        expect(page.total).toBe(all.length);
      }
    }
  });

  it('a 状态 or 性别, or a creation-time range, sorted by creation time, and a 状态 by name, walk an index in that order, with the same pages', async () => {
    const listed = (query: Record<string, string>) => {
      const parsed = parseListQuery({ column: 'createTime', order: 'desc', pageSize: '20', pageNo: '3', ...query }, USER_RESOURCE);
      if (!parsed.ok) throw new Error(parsed.message);
      return parsed.value;
    };
    // Which pages walk the order's index rather than filter first (however many users match).
    expect(readInListOrder(listed({ status: '2' }))).toBe(true);
    expect(readInListOrder(listed({ sex: '1', createTime_begin: '2026-01-01', createTime_end: '2026-06-30' }))).toBe(true);
    expect(readInListOrder(listed({ createTime_begin: '2026-01-01' }))).toBe(true);
    expect(readInListOrder(listed({ status: '2', column: 'realname' }))).toBe(true);
    expect(readInListOrder(listed({ status: '2', column: 'username', order: 'asc' }))).toBe(true);
    expect(readInListOrder(listed({ sex: '2', column: 'realname' }))).toBe(false);
    expect(readInListOrder(listed({ createTime_begin: '2026-01-01', column: 'username' }))).toBe(false);
    expect(readInListOrder(listed({ status: '2', sex: '1' }))).toBe(false);
    expect(readInListOrder(listed({ realname: '*ab*' }))).toBe(false);

    await t.sql(`UPDATE users SET sex = 1 + (substr(id, 3)::int % 2), status = CASE WHEN substr(id, 3)::int % 10 = 0 THEN 2 ELSE 1 END WHERE id LIKE 'x-%'`);
    await t.sql('VACUUM ANALYZE users');
    const tenant = `tenant_ids @> ARRAY['0']::text[]`;
    for (const [filter, order, index] of [
      ['sex = 2', 'created_at DESC, id DESC', 'users_sex_created_idx'],
      ['status = 2', 'created_at DESC, id DESC', 'users_status_created_idx'],
      ['status = 2', 'username, id', 'users_status_username_idx'],
      ['status = 2', 'realname DESC, id DESC', 'users_status_realname_idx'],
    ] as const) {
      const top = await plan(`SELECT id FROM users WHERE ${tenant} AND ${filter} ORDER BY ${order} LIMIT 10`);
      expect(top, filter).toContain(index);
      expect(top, filter).not.toMatch(/Seq Scan|^\s*->\s+Sort /m);
    }
    for (const [query, where] of [
      [{ sex: '2' }, (r: Row) => r.sex === 2],
      [{ status: '2' }, (r: Row) => r.status === 2],
      [{ createTime_begin: '2000-01-01' }, () => true],
      [{ status: '2', column: 'realname', order: 'asc' }, (r: Row) => r.status === 2],
    ] as const) {
      const rows = await t.sql<Row>(`SELECT id, sex, status, realname, created_at FROM users WHERE ${tenant}`);
      const byName = 'column' in query;
      const expected = rows
        .filter(where)
        .sort((a, b) =>
          byName
            ? a.realname < b.realname
              ? -1
              : a.realname > b.realname
                ? 1
                : a.id < b.id
                  ? -1
                  : 1
            : +new Date(b.created_at) - +new Date(a.created_at) || (a.id < b.id ? 1 : -1),
        )
        .map((r) => r.id);
      const page = await listUsers(t.database.db, listed(query), '0');
      expect(readInListOrder(listed(query))).toBe(true);
      expect(
        page.records.map((r) => r.id),
        JSON.stringify(query),
      ).toEqual(expected.slice(40, 60));
    }
  });
});

type Row = { id: string; sex: number; status: number; realname: string; created_at: string };
