// The user list index (server/modules/admin/userIndex.ts) answers exactly what the SQL list answers:
// random users (mixed case, LIKE wildcards, CJK, astral and private-use characters, equal names and
// equal creation times for the id tie-break, NULL 性别, users of two tenants, times at day boundaries
// of the display zone; phones, e-mails, posts, birthdays, and departments of both tenants, shown in
// org-code order) and random queries over every field, rule and sort the index claims, before and
// after random writes made in SQL behind the app's back (inserts, edits, deletes, multi-row updates,
// tenant changes, the rest of a row, memberships of departments, department names). Every query must be answered by the index (not handed to SQL) and equal
// listUsers' page and total, on PGlite and on PostgreSQL.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { parseListQuery, type Condition, type ListQuery } from '../../contract/listQuery';
import { listUsers, USER_RESOURCE } from '../../server/modules/admin/userQuery';
import type { UserIndex } from '../../server/modules/admin/userIndex';
import { QUERY_TUNING } from '../../server/modules/admin/userIndexQuery';

const TUNED = { ...QUERY_TUNING };
/**
 * A large tenant's paths for a few hundred users: match sets remembered, a stretch filled without
 * tests, and pages found either by positions (ranks) or from the sets' users listed in the sort's
 * order (members), all kept exact by the writes between the queries.
 */
const LARGE = {
  ranks: { sortMatchesMax: 0, rememberFrom: 0, rankFrom: 0, membersMax: 0 },
  members: { sortMatchesMax: 0, rememberFrom: 0, rankFrom: 0, membersMax: Infinity },
};
import { ADMIN_P } from '../../contract/api/admin';
import { BACKENDS, call, login, startApp, type BackendName, type TestApp } from './helpers';

const SEED = Number(process.env.USER_INDEX_SEED ?? 20261127);
/** Pieces names are made of: case pairs (ASCII, Latin-1, Greek with final sigma, Turkish İ), LIKE's and the list's wildcards, CJK, astral, private use. */
const PIECES = ['a', 'A', 'b', 'B', 'ab', 'Ab', '%', '_', '*', '\\', '中', '文', 'Ä', 'ä', 'İ', 'i', 'Σ', 'σ', 'ς', '😀', '𝒜', '\uE000', '\uFFFD', ' ', 'z9'];
const TENANT_GROUPS = { '0': 'g-org', '1': 'g-cus' } as const;
/** Instants around the display zone's midnights (Asia/Shanghai, +08), microseconds apart, and others. */
const TIMES = [
  '2024-01-01 00:00:00+08',
  '2024-01-01 00:00:00.000001+08',
  '2023-12-31 23:59:59.999999+08',
  '2024-01-01 00:00:01+08',
  '2024-06-30 23:59:59+08',
  '2024-06-30 23:59:59.5+08',
  '2024-07-01 00:00:00+08',
  '2023-12-31 16:00:00+00',
  '2025-03-15 12:30:45.123456+08',
  '2022-02-02 02:02:02+08',
];
/** Wall-clock bounds the filters use (display zone), at and beside those instants. */
const BOUNDS = [
  '2024-01-01',
  '2023-12-31',
  '2024-06-30',
  '2024-07-01',
  '2024-01-01 00:00:00',
  '2024-01-01 00:00:01',
  '2024-06-30 23:59:59',
  '2025-03-15 12:30:45',
  '2022-02-02',
];

interface Seeded {
  id: string;
  username: string;
  realname: string;
  sex: number | null;
  status: number;
  created: string;
  tenants: ('0' | '1')[];
  rest: Rest;
  departs: string[];
}
/** The list row's other columns, as written. */
interface Rest {
  mobile: string | null;
  email: string | null;
  post: string | null;
  birthday: string | null;
  avatar: string | null;
  work_no: string | null;
}
/** Departments: the seed's of tenant 0 (A01…A02A01) and two of tenant 1, one sorting between them. */
const DEPARTS = ['d-a01', 'd-a01a01', 'd-a01a02', 'd-a01a03', 'd-a02', 'd-a02a01', 'd-ix-t1a', 'd-ix-t1b'];

const nameArb = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 3 }).map((p) => p.join(''));
/** Real names repeat (a small pool), so equal sort keys are common. */
const realnames = fc.sample(nameArb, { numRuns: 12, seed: SEED });
const tenantsArb = fc.constantFrom<('0' | '1')[]>(['0'], ['0'], ['0'], ['1'], ['0', '1'], []);
const restArb: fc.Arbitrary<Rest> = fc.record({
  /** A prefix: the column is unique, so the user's id is appended. */
  mobile: fc.constantFrom(null, '138', '+86 139'),
  /** A domain: the address is unique, so the user's id comes before it. */
  email: fc.constantFrom(null, '@b.cn', 'Ä@例子.中国', ''),
  post: fc.constantFrom(null, '职员', '经理', ''),
  birthday: fc.constantFrom(null, '1990-01-02', '2000-02-29'),
  avatar: fc.constantFrom(null, 'temp/a.png'),
  work_no: fc.constantFrom(null, 'W1', '😀'),
});
const departsArb = fc.shuffledSubarray(DEPARTS, { maxLength: 4 });
const userArb = fc.record({
  username: nameArb,
  realname: fc.constantFrom(...realnames),
  sex: fc.constantFrom(null, 0, 1, 2),
  status: fc.constantFrom(1, 2),
  created: fc.constantFrom(...TIMES),
  tenants: tenantsArb,
  rest: restArb,
  departs: departsArb,
});

describe.each(BACKENDS)('user list index on %s', (backend: BackendName) => {
  let t: TestApp;
  let index: UserIndex;
  const users = new Map<string, Seeded>();
  let serial = 0;

  /** A username not taken yet (the column is unique): the name, else the name and a number. */
  const freeName = (name: string) => {
    const taken = new Set([...users.values()].map((u) => u.username));
    return taken.has(name) ? `${name}${++serial}` : name;
  };

  async function insertUser(u: Omit<Seeded, 'id'>): Promise<void> {
    const id = `ix-${String(++serial).padStart(4, '0')}`;
    const username = freeName(u.username);
    const r = u.rest;
    await t.sql(
      `INSERT INTO users (id, username, realname, password_hash, sex, status, created_at, mobile, email, post, birthday, avatar, work_no)
       VALUES ($1, $2, $3, 'x', $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [id, username, u.realname, u.sex, u.status, u.created, r.mobile && r.mobile + id, r.email && id + r.email, r.post, r.birthday, r.avatar, r.work_no],
    );
    for (const tenant of u.tenants) await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)`, [id, TENANT_GROUPS[tenant]]);
    await joinDeparts(id, u.departs);
    users.set(id, { ...u, id, username });
  }

  async function joinDeparts(id: string, departs: string[]): Promise<void> {
    await t.sql(`DELETE FROM user_departs WHERE user_id = $1`, [id]);
    if (departs.length) await t.sql(`INSERT INTO user_departs (user_id, depart_id) SELECT $1, unnest($2::text[])`, [id, departs]);
  }

  const fieldValue = (field: string, rule: Condition['rule']): fc.Arbitrary<string> => {
    const known = [...users.values()];
    if (field === 'sex' || field === 'status') return fc.constantFrom('0', '1', '2', '3');
    if (field === 'createTime') return fc.constantFrom(...BOUNDS);
    if (field === 'id') return fc.constantFrom(...known.map((u) => u.id), 'ix-none', 'u-admin');
    const pool = known.map((u) => (field === 'username' ? u.username : u.realname));
    if (rule.includes('like'))
      return fc.oneof(
        fc.constantFrom(...PIECES),
        fc.constantFrom(...pool).map((s) => Array.from(s).slice(0, 2).join('')),
        nameArb,
      );
    return fc.oneof(fc.constantFrom(...pool), nameArb);
  };

  const conditionArb = (): fc.Arbitrary<Condition> =>
    fc
      .record({
        field: fc.constantFrom('username', 'realname', 'id', 'sex', 'status', 'createTime'),
        rule: fc.constantFrom<Condition['rule']>('eq', 'ne', 'in', 'like', 'left_like', 'right_like', 'gt', 'ge', 'lt', 'le'),
      })
      .filter(({ field, rule }) => !(rule.includes('like') && (field === 'sex' || field === 'status' || field === 'createTime')))
      .chain(({ field, rule }) =>
        rule === 'in'
          ? fc.array(fieldValue(field, rule), { minLength: 1, maxLength: 3 }).map((value): Condition => ({ field, rule, value }))
          : fieldValue(field, rule).map((value): Condition => ({ field, rule, value })),
      );

  const queryArb = (): fc.Arbitrary<ListQuery> =>
    fc.record({
      pageNo: fc.oneof(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 60 })),
      pageSize: fc.constantFrom(1, 2, 3, 5, 10, 20, 100),
      sort: fc.record({ field: fc.constantFrom('createTime', 'username', 'realname'), dir: fc.constantFrom<'asc' | 'desc'>('asc', 'desc') }),
      where: fc.array(conditionArb(), { maxLength: 3 }),
      superQuery: fc.constant(null),
    });

  /** Random queries in both tenants: the index's answer must be listUsers' (records and total). */
  async function checkQueries(runs: number, seed: number): Promise<void> {
    await fc.assert(
      fc.asyncProperty(
        queryArb(),
        fc.constantFrom('0', '1'),
        fc.constantFrom('few', 'ranks', 'members') as fc.Arbitrary<'few' | keyof typeof LARGE>,
        async (q, tenant, path) => {
          // A few hundred users are always 'few' (their matches are sorted): two thirds of the queries
          // take the paths of a large tenant instead (LARGE).
          Object.assign(QUERY_TUNING, path === 'few' ? TUNED : LARGE[path]);
          const fromIndex = await index.list(q, tenant).finally(() => Object.assign(QUERY_TUNING, TUNED));
          expect(fromIndex, 'answered by the index').not.toBeNull();
          const fromSql = await listUsers(t.database.db, q, tenant);
          // The very text the SQL path's page serializes to (rows kept as text are checked with it).
          expect(fromIndex!.bytes.toString()).toBe(JSON.stringify(fromSql));
        },
      ),
      { numRuns: runs, seed },
    );
  }

  /**
   * The same few queries each time, taking a large tenant's paths: their sets and the positions kept
   * for their pages are built once and must stay exact through the writes between two checks.
   */
  async function checkRepeated(): Promise<void> {
    const queries = [
      { status: '1', column: 'username', order: 'asc', pageNo: '3', pageSize: '10' },
      { status: '1', column: 'createTime', order: 'desc', pageNo: '2', pageSize: '20' },
      { sex: '2', column: 'realname', order: 'asc', pageNo: '2', pageSize: '10' },
      { status: '2', column: 'username', order: 'desc', pageNo: '1', pageSize: '10' },
      { sex: '1', column: 'createTime', order: 'asc', pageNo: '4', pageSize: '10' },
    ];
    for (const query of queries)
      for (const [tenant, path] of [
        ['0', 'ranks'],
        ['1', 'ranks'],
        ['0', 'members'],
        ['1', 'members'],
      ] as const) {
        const parsed = parseListQuery(query, USER_RESOURCE);
        if (!parsed.ok) throw new Error(parsed.message);
        Object.assign(QUERY_TUNING, LARGE[path]);
        const fromIndex = await index.list(parsed.value, tenant).finally(() => Object.assign(QUERY_TUNING, TUNED));
        expect(fromIndex?.bytes.toString(), JSON.stringify(query)).toBe(JSON.stringify(await listUsers(t.database.db, parsed.value, tenant)));
      }
  }

  beforeAll(async () => {
    t = await startApp(backend, { userIndex: { minUsers: 0 } });
    index = t.app.userIndex!;
    await t.sql(
      `INSERT INTO departments (id, org_code, depart_name, tenant_id) VALUES ('d-ix-t1a', 'A01A015', '租户一甲', '1'), ('d-ix-t1b', 'B', '租户一乙', '1')`,
    );
    for (const u of fc.sample(userArb, { numRuns: 160, seed: SEED })) await insertUser(u);
    await index.ready('0');
    await index.ready('1');
  });
  afterAll(async () => t?.close());

  it('answers random queries as the database does', async () => {
    expect(index.sizeOf('0')).toBeGreaterThan(100);
    expect(index.sizeOf('1')).toBeGreaterThan(20);
    await checkQueries(400, SEED);
  });

  it('stays equal after random writes made in SQL (inserts, edits, deletes, tenant changes, row columns, departments and their names)', async () => {
    const writeArb = fc.oneof(
      userArb.map((u) => ({ kind: 'insert' as const, u })),
      fc.record({
        kind: fc.constant('edit' as const),
        pick: fc.nat(),
        u: userArb,
        what: fc.subarray(['username', 'realname', 'sex', 'status', 'created'], { minLength: 1 }),
      }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
      fc.record({ kind: fc.constant('tenants' as const), pick: fc.nat(), tenants: tenantsArb }),
      fc.record({ kind: fc.constant('many' as const), status: fc.constantFrom(1, 2), n: fc.integer({ min: 2, max: 20 }) }),
      fc.record({ kind: fc.constant('rest' as const), pick: fc.nat(), rest: restArb }),
      fc.record({ kind: fc.constant('departs' as const), pick: fc.nat(), departs: departsArb }),
      fc.record({ kind: fc.constant('departName' as const), depart: fc.constantFrom(...DEPARTS), name: nameArb }),
    );
    for (let round = 0; round < 6; round++) {
      await checkRepeated();
      for (const w of fc.sample(writeArb, { numRuns: 8, seed: SEED + round })) {
        const ids = [...users.keys()];
        if (w.kind === 'insert') await insertUser(w.u);
        else if (w.kind === 'edit') {
          const old = users.get(ids[w.pick % ids.length])!;
          const next = { ...old };
          for (const k of w.what) (next as Record<string, unknown>)[k] = k === 'username' ? freeName(w.u.username) : w.u[k as keyof typeof w.u];
          await t.sql(`UPDATE users SET username = $2, realname = $3, sex = $4, status = $5, created_at = $6 WHERE id = $1`, [
            old.id,
            next.username,
            next.realname,
            next.sex,
            next.status,
            next.created,
          ]);
          users.set(old.id, next);
        } else if (w.kind === 'delete') {
          const id = ids[w.pick % ids.length];
          await t.sql(`DELETE FROM users WHERE id = $1`, [id]);
          users.delete(id);
        } else if (w.kind === 'tenants') {
          const u = users.get(ids[w.pick % ids.length])!;
          await t.sql(`DELETE FROM user_groups WHERE user_id = $1`, [u.id]);
          for (const tenant of w.tenants) await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)`, [u.id, TENANT_GROUPS[tenant]]);
          u.tenants = w.tenants;
        } else if (w.kind === 'rest') {
          const u = users.get(ids[w.pick % ids.length])!;
          const r = w.rest;
          await t.sql(`UPDATE users SET mobile = $2, email = $3, post = $4, birthday = $5, avatar = $6, work_no = $7 WHERE id = $1`, [
            u.id,
            r.mobile && r.mobile + u.id,
            r.email && u.id + r.email,
            r.post,
            r.birthday,
            r.avatar,
            r.work_no,
          ]);
          u.rest = r;
        } else if (w.kind === 'departs') {
          const u = users.get(ids[w.pick % ids.length])!;
          await joinDeparts(u.id, w.departs);
          u.departs = w.departs;
        } else if (w.kind === 'departName') {
          await t.sql(`UPDATE departments SET depart_name = $2 WHERE id = $1`, [w.depart, w.name]);
        } else {
          // One statement changing many users (one notice naming them all).
          await t.sql(`UPDATE users SET status = $1 WHERE id = ANY($2::text[])`, [w.status, ids.slice(0, w.n)]);
          for (const id of ids.slice(0, w.n)) users.get(id)!.status = w.status;
        }
      }
      await index.caughtUp();
      await checkRepeated();
      await checkQueries(60, SEED + 100 + round);
    }
  });

  it('reloads after a change too many users to name (the notice says so) and still agrees', async () => {
    // A thousand users in one statement: their ids do not fit a notice, which then asks for a reload.
    await t.sql(
      `INSERT INTO users (id, username, realname, password_hash, created_at) SELECT 'bulk-' || g, 'Bulk' || g, '批量' || (g % 7), 'x', timestamptz '2024-01-01 00:00:00+08' + g * interval '1 hour' FROM generate_series(1, 1000) g`,
    );
    await t.sql(`INSERT INTO user_groups (user_id, group_id) SELECT 'bulk-' || g, 'g-org' FROM generate_series(1, 1000) g`);
    await index.ready('0');
    await index.ready('1');
    expect(index.sizeOf('0')).toBeGreaterThan(1000);
    await checkQueries(60, SEED + 999);
    await t.sql(`DELETE FROM users WHERE id LIKE 'bulk-%'`);
    await index.ready('0');
    await index.ready('1');
    expect(index.sizeOf('0')).toBeLessThan(1000);
    await checkQueries(40, SEED + 998);
  });
});

// Through the API: a write of this process answers only once the index has applied it, so the next
// list shows it (the list cache is off here, so only the index can answer); a query the index does not
// answer is the SQL answer.
describe.each(BACKENDS)('user list index through the API on %s', (backend: BackendName) => {
  let t: TestApp;
  let admin: string;
  const list = async (query: Record<string, string>) => {
    const res = await call(t.app, 'GET', ADMIN_P.userList, undefined, { token: admin, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { records: { id: string; realname: string; username: string }[]; total: number };
  };
  const sqlAnswer = async (query: Record<string, string>) => {
    const parsed = parseListQuery(query, USER_RESOURCE);
    if (!parsed.ok) throw new Error(parsed.message);
    return JSON.parse(JSON.stringify(await listUsers(t.database.db, parsed.value, '0'))) as unknown;
  };

  beforeAll(async () => {
    t = await startApp(backend, { userIndex: { minUsers: 0 }, listCache: false });
    admin = (await login(t.app, 'admin')).token;
    await t.app.userIndex!.ready('0');
  });
  afterAll(async () => t?.close());

  it('finds the users of each 性别 and 状态 value while loading, and keeps them exact as users change', async () => {
    const index = t.app.userIndex!;
    // Both 性别 values among the users, then everything read again, as at a start.
    await t.sql(`UPDATE users SET sex = CASE WHEN username < 'm' THEN 1 ELSE 2 END WHERE tenant_ids @> ARRAY['0']`);
    index.lost();
    await index.ready('0');
    const tenant = (index as unknown as { tenants: Map<string, { kind: string; index?: { matchSets: Map<string, unknown> } }> }).tenants.get('0');
    const sets = tenant?.index?.matchSets;
    expect(sets, 'tenant 0 is loaded').toBeDefined();
    const keys = [...sets!.keys()];
    // Each value is found before any list asks for it.
    for (const [field, value] of [
      ['status', '1'],
      ['sex', '1'],
      ['sex', '2'],
    ])
      expect(
        keys.some((k) => k.includes(`"${field}","eq","${value}"`)),
        `${field}=${value} in ${JSON.stringify(keys)}`,
      ).toBe(true);
    const before = sets!.size;
    for (const query of [{ status: '1' }, { sex: '2', column: 'username', order: 'asc' }] as Record<string, string>[])
      expect(await list(query)).toEqual(await sqlAnswer(query));
    expect(sets!.size).toBe(before);
    const [target] = (await list({ sex: '2', pageSize: '1' })).records;
    const edit = await call(t.app, 'PUT', ADMIN_P.userEdit, { id: target.id, realname: target.realname, sex: '1' }, { token: admin, signed: true });
    expect(edit.statusCode, edit.body).toBe(200);
    for (const query of [
      { sex: '1', pageSize: '100' },
      { sex: '2', pageSize: '100' },
    ])
      expect(await list(query)).toEqual(await sqlAnswer(query));
  });

  it('shows a rename made through the API on the next call, from the index', async () => {
    const index = t.app.userIndex!;
    const before = await list({ column: 'username', order: 'asc', pageSize: '5' });
    const target = before.records[0];
    // The index re-reads changed users slowly here: only the write hook's wait explains seeing the change.
    const slowed = index as unknown as { readUsers: (ids: string[]) => Promise<unknown> };
    const readUsers = slowed.readUsers.bind(index);
    slowed.readUsers = async (ids) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return readUsers(ids);
    };
    onTestFinished(() => void (slowed.readUsers = readUsers));
    for (let i = 0; i < 5; i++) {
      const name = `改名索引${i}Ab`;
      const answered = index.stats.answered;
      const edit = await call(t.app, 'PUT', ADMIN_P.userEdit, { id: target.id, realname: name }, { token: admin, signed: true });
      expect(edit.statusCode, edit.body).toBe(200);
      // Case-insensitive contains, sorted by the new name: found at once.
      const found = await list({ realname: `*${name.toLowerCase()}*`, column: 'realname', order: 'desc' });
      expect(found.records.map((r) => [r.id, r.realname])).toEqual([[target.id, name]]);
      expect(found.total).toBe(1);
      expect(index.stats.answered).toBe(answered + 1);
    }
  });

  it('shows a department renamed or unlinked in SQL as soon as its notice is applied (the rows it keeps are dropped)', async () => {
    // A list does not wait for a change heard from elsewhere: it shows once the re-read is applied,
    // well within the 2 s in which every open screen must show a decision.
    const index = t.app.userIndex!;
    const admins = async () => (await list({ username: 'admin' })).records as unknown as { orgCodeTxt: string | null; departIds: string }[];
    const declined = index.stats.declined;
    const before = (await admins())[0];
    expect(before.departIds).toContain('d-a01a01');
    await t.sql(`UPDATE departments SET depart_name = '索引改名部' WHERE id = 'd-a01a01'`);
    await expect.poll(async () => (await admins())[0].orgCodeTxt, { timeout: 2000, interval: 20 }).toContain('索引改名部');
    await t.sql(`DELETE FROM user_departs WHERE user_id = 'u-admin' AND depart_id = 'd-a01a01'`);
    await expect.poll(async () => (await admins())[0].departIds, { timeout: 2000, interval: 20 }).not.toContain('d-a01a01');
    expect(index.stats.declined).toBe(declined);
  });

  it('leaves what it does not answer to SQL, with the same answer', async () => {
    const index = t.app.userIndex!;
    const superQuery = encodeURIComponent(JSON.stringify([{ field: 'status', rule: 'eq', val: '1' }]));
    const queries: Record<string, string>[] = [
      { mobile: '138*', column: 'createTime', order: 'desc' },
      { superQueryParams: superQuery, superQueryMatchType: 'and', pageSize: '3' },
      { column: 'email', order: 'asc', pageSize: '4' },
      { sex: '*1*' },
    ];
    for (const query of queries) {
      const declined = index.stats.declined;
      const res = await list(query);
      expect(index.stats.declined, JSON.stringify(query)).toBe(declined + 1);
      expect(res).toEqual(await sqlAnswer(query));
    }
    // And what it answers is the SQL answer too.
    const answered = index.stats.answered;
    const query = { status: '1', column: 'createTime', order: 'asc', pageSize: '7', pageNo: '2' };
    expect(await list(query)).toEqual(await sqlAnswer(query));
    expect(index.stats.answered).toBe(answered + 1);
  });
});
