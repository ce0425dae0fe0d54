// The user list's filters and sorts are served by indexes on both databases (migration 0021, issue
// 15 §2): 'contains' and 'starts with' on 用户姓名 and 用户账号 read the trigram indexes (PGlite
// loads pg_trgm when it opens), and the sorts by 用户姓名 and 用户账号 walk an index in their order
// instead of sorting every matching row. With 20,000 users, as the planner sees a real table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery } from '../../contract/listQuery';
import { FILTER_FIRST_LIMIT, listUsers, USER_RESOURCE } from '../../server/modules/admin/userQuery';
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
    // 用户账号 is unique, so its unique index is in the sort's order too: the planner may walk either
    // (by its statistics of the moment), but never sorts every matching row.
    const deep = await plan(`SELECT id FROM users WHERE ${tenant} AND status = 1 ORDER BY username DESC, id DESC LIMIT 10 OFFSET 5000`);
    expect(deep).toMatch(/Index (Only )?Scan( Backward)? using users_username_(sort_idx|key)/);
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
});
