// Deep pages of the user list (issue 3 §6): from DEFERRED_JOIN_OFFSET skipped rows on, the page's
// ids are found first and its rows fetched after. The answer must be exactly what the plain query
// gives — the same rows in the same order, departments included, the tenant's users only — and the
// injection refusals hold on that path too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_P } from '../../contract/api/admin';
import { DEFERRED_JOIN_OFFSET } from '../../server/modules/admin/userQuery';
import { BACKENDS, call, login, startApp, type BackendName, type TestApp } from './helpers';

const MEMBERS = DEFERRED_JOIN_OFFSET + 150;

describe.each(BACKENDS)('user list deep pages on %s', (backend: BackendName) => {
  let t: TestApp;
  let admin: string;
  const list = (query: Record<string, string>) => call(t.app, 'GET', ADMIN_P.userList, undefined, { token: admin, query });

  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    // Tenant-0 users one minute apart, every 7th frozen, every 5th in department d-a01a01; between
    // them, users of tenant 1 (group g-cus) with the same times, which must never show up.
    await t.sql(
      `INSERT INTO users (id, username, realname, password_hash, status, created_at)
       SELECT 'deep-' || lpad(g::text, 5, '0'), 'deep' || g, '深' || g, 'x', CASE WHEN g % 7 = 0 THEN 2 ELSE 1 END, timestamptz '2020-01-01' + g * interval '1 minute'
         FROM generate_series(1, $1::int) g`,
      [MEMBERS],
    );
    await t.sql(`INSERT INTO user_groups (user_id, group_id) SELECT 'deep-' || lpad(g::text, 5, '0'), 'g-org' FROM generate_series(1, $1::int) g`, [MEMBERS]);
    await t.sql(`INSERT INTO user_departs (user_id, depart_id) SELECT 'deep-' || lpad(g::text, 5, '0'), 'd-a01a01' FROM generate_series(5, $1::int, 5) g`, [
      MEMBERS,
    ]);
    await t.sql(
      `INSERT INTO users (id, username, realname, password_hash, created_at)
       SELECT 'other-' || g, 'other' || g, '他' || g, 'x', timestamptz '2020-01-01' + g * interval '1 minute' FROM generate_series(1, $1::int, 3) g`,
      [MEMBERS],
    );
    await t.sql(`INSERT INTO user_groups (user_id, group_id) SELECT id, 'g-cus' FROM users WHERE id LIKE 'other-%'`);
  });
  afterAll(async () => t?.close());

  /** The expected ids of tenant-0 users with status 1, in list order (createTime desc, then id desc: the tie-breaker follows the sort). */
  async function expectedIds(): Promise<string[]> {
    const rows = await t.sql<{ id: string }>(
      `SELECT u.id FROM users u WHERE u.status = 1 AND EXISTS (SELECT 1 FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE ug.user_id = u.id AND g.tenant_id = '0')
        ORDER BY u.created_at DESC, u.id DESC`,
    );
    return rows.map((r) => r.id);
  }

  it('answers a deep page with the same rows, order, departments and total as the top of the list', async () => {
    const all = await expectedIds();
    const pageSize = 10;
    const deepPage = Math.floor(DEFERRED_JOIN_OFFSET / pageSize) + 3;
    const lastPage = Math.ceil(all.length / pageSize);
    for (const pageNo of [1, deepPage - 4, deepPage, lastPage]) {
      const res = await list({ status: '1', column: 'createTime', order: 'desc', pageNo: String(pageNo), pageSize: String(pageSize) });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().result as {
        records: { id: string; departIds: string; orgCodeTxt: string | null }[];
        total: number;
        size: number;
        current: number;
      };
      expect(
        page.records.map((r) => r.id),
        `page ${pageNo}`,
      ).toEqual(all.slice((pageNo - 1) * pageSize, pageNo * pageSize));
      expect(page).toMatchObject({ total: all.length, size: pageSize, current: pageNo });
      for (const r of page.records.filter((x) => x.id.startsWith('deep-'))) {
        const inDepart = Number(r.id.slice(5)) % 5 === 0;
        expect([r.departIds, r.orgCodeTxt !== null], r.id).toEqual([inDepart ? 'd-a01a01' : '', inDepart]);
      }
    }
    // The seeded administrator (top of the list) keeps both of its departments, in org-code order.
    const top = (await list({ username: 'admin' })).json().result.records as { departIds: string }[];
    expect(top.map((r) => r.departIds)).toEqual(['d-a01,d-a01a01']);
    // Past the end: no rows, the exact total.
    const past = (await list({ pageNo: String(lastPage + 200), pageSize: '10' })).json().result;
    expect(past.records).toEqual([]);
  });

  it('keeps another tenant out and refuses injection on deep pages too', async () => {
    const deep = String(Math.floor(DEFERRED_JOIN_OFFSET / 10) + 1);
    const ids = (res: Awaited<ReturnType<typeof list>>) => (res.json().result.records as { id: string }[]).map((r) => r.id);
    const asc = await list({ column: 'username', order: 'asc', pageNo: deep, pageSize: '10' });
    expect(asc.statusCode).toBe(200);
    expect(ids(asc).length).toBe(10);
    expect(ids(asc).some((id) => id.startsWith('other-'))).toBe(false);
    const sq = JSON.stringify([
      { field: 'username', rule: 'like', val: 'deep' },
      { field: 'status', rule: 'eq', val: '1' },
    ]);
    const superPage = await list({ superQueryParams: sq, superQueryMatchType: 'and', pageNo: deep, pageSize: '10' });
    expect(ids(superPage)).toEqual((await expectedIds()).slice(Number(deep) * 10 - 10, Number(deep) * 10));

    for (const q of [
      { column: 'id;delete', order: 'asc' },
      { column: 'username', order: 'asc; drop table users' },
    ]) {
      expect((await list({ ...q, pageNo: deep, pageSize: '10' })).statusCode).toBe(400);
    }
    for (const v of ["' or 1=1 --", '; drop table users']) {
      const res = await list({ username: v, pageNo: deep, pageSize: '10' });
      expect([res.statusCode, res.json().result?.records]).toEqual([200, []]);
    }
    const [{ n }] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE id LIKE 'deep-%'`);
    expect(n).toBe(MEMBERS);
  });

  it('runs calls of one shape through one prepared statement, each with its own values', async () => {
    const ids = async (query: Record<string, string>) => {
      const res = await list({ column: 'createTime', order: 'desc', pageNo: '1', pageSize: '10', ...query });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().result.records as { id: string }[]).map((r) => r.id);
    };
    /** The first `size` tenant-0 ids matching `cond` (SQL over users u), skipping `skip`, in list order. */
    const want = async (cond: string, params: unknown[], size = 10, skip = 0) =>
      (
        await t.sql<{ id: string }>(
          `SELECT u.id FROM users u WHERE ${cond} AND EXISTS (SELECT 1 FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE ug.user_id = u.id AND g.tenant_id = '0')
            ORDER BY u.created_at DESC, u.id DESC LIMIT ${size} OFFSET ${skip}`,
          params,
        )
      ).map((r) => r.id);
    // Each pair is one shape with two sets of values; the second call reuses the first's statement.
    expect(await ids({ status: '1' })).toEqual(await want('u.status = $1', [1]));
    expect(await ids({ status: '2' })).toEqual(await want('u.status = $1', [2]));
    expect(await ids({ realname: '*深11*' })).toEqual(await want(`u.realname LIKE $1`, ['%深11%']));
    expect(await ids({ realname: '*深12*' })).toEqual(await want(`u.realname LIKE $1`, ['%深12%']));
    const window = (from: string, to: string) => ({ createTime_begin: from, createTime_end: to });
    expect(await ids(window('2020-01-01 08:30:00', '2020-01-01 09:00:00'))).toEqual(
      await want(`u.created_at >= $1 AND u.created_at <= $2`, ['2020-01-01T00:30:00Z', '2020-01-01T01:00:00Z']),
    );
    expect(await ids(window('2020-01-01 10:00:00', '2020-01-01 10:20:00'))).toEqual(
      await want(`u.created_at >= $1 AND u.created_at <= $2`, ['2020-01-01T02:00:00Z', '2020-01-01T02:20:00Z']),
    );
    const inList = (a: string, b: string) => ({
      superQueryParams: JSON.stringify([
        { field: 'username', rule: 'in', val: `${a},${b}` },
        { field: 'status', rule: 'eq', val: '1' },
      ]),
      superQueryMatchType: 'and',
    });
    expect(await ids(inList('deep3', 'deep4'))).toEqual(await want(`u.username IN ($1, $2) AND u.status = 1`, ['deep3', 'deep4']));
    expect(await ids(inList('deep8', 'deep9'))).toEqual(await want(`u.username IN ($1, $2) AND u.status = 1`, ['deep8', 'deep9']));
    // A page size the list does not offer travels as a value; pages past the first carry an offset.
    expect(await ids({ status: '1', pageSize: '7', pageNo: '3' })).toEqual(await want('u.status = $1', [1], 7, 14));
    expect(await ids({ status: '2', pageSize: '7', pageNo: '2' })).toEqual(await want('u.status = $1', [2], 7, 7));
    expect(await ids({ status: '1', pageNo: '4' })).toEqual(await want('u.status = $1', [1], 10, 30));
  });
});
