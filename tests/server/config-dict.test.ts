// Dictionaries and items: CRUD with the list kit query, unique codes and item values, cache
// cleared on every write, loadDict / loadDictItem (also table dictionaries over the allow-list),
// tenant isolation and permission checks on reads and writes; on PostgreSQL, a clear (refleshCache,
// the dictCacheRefresh job, an item edit) reaches the cache of a second app instance.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_MSG } from '../../contract/api/config';
import { JOB_PATHS, type Job, type JobRun } from '../../contract/api/jobs';
import { MSG } from '../../contract/messages';
import { buildApp, type BossApp } from '../../server/app';
import { fromPool, type Database } from '../../server/db/client';
import { BACKENDS, PG_AVAILABLE, TEST_SCRYPT_N, call, login, startApp, type TestApp } from './helpers';

describe.each(BACKENDS)('config: dictionaries (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let tenant1: string; // the customer user of tenant 1, given the dictionary permissions below
  let operator: string; // tenant 0, no dictionary permissions
  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    operator = (await login(t.app, 'operator')).token;
    await t.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT 'r-customer', id FROM permissions WHERE perms LIKE 'system:dict:%'`);
    tenant1 = (await login(t.app, 'customer')).token;
  });
  afterAll(async () => t?.close());

  const get = (path: string, token: string, query?: Record<string, string>) => call(t.app, 'GET', path, undefined, { token, query });
  const addDict = (token: string, body: Record<string, unknown>) => call(t.app, 'POST', '/sys/dict/add', body, { token });

  it('lists the tenant dictionaries with paging, filters and sorting', async () => {
    const res = await get('/sys/dict/list', admin, { pageNo: '1', pageSize: '2', column: 'dictCode', order: 'asc' });
    expect(res.statusCode).toBe(200);
    const page = res.json().result;
    expect(page).toMatchObject({ total: 4, size: 2, current: 1 });
    expect(page.records.map((r: { dictCode: string }) => r.dictCode)).toEqual(['priority', 'sex']);
    expect(page.records[0]).toHaveProperty('createTime');
    const filtered = (await get('/sys/dict/list', admin, { dictName: '*优先*' })).json().result;
    expect(filtered.records.map((r: { dictCode: string }) => r.dictCode)).toEqual(['priority']);
  });

  it('refuses bad list parameters with 400, injection in sort and filters included', async () => {
    const bad: Record<string, string>[] = [
      { column: 'id;delete from dicts' },
      { column: "dictCode' or 1=1 --" },
      { pageSize: '-1' },
      { superQueryParams: '[{"field":"tenant_id","rule":"eq","val":"1"}]' },
    ];
    for (const q of bad) {
      const res = await get('/sys/dict/list', admin, q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
    }
    const inj = (await get('/sys/dict/list', admin, { dictCode: "' or 1=1 --" })).json().result;
    expect(inj.total).toBe(0);
    expect((await t.sql('SELECT count(*)::int AS n FROM dicts'))[0]).toEqual({ n: 8 });
  });

  it('adds, edits and deletes a dictionary; the code is unique per tenant', async () => {
    const added = await addDict(admin, { dictName: '账户类型', dictCode: 'acct_type', description: '测试' });
    expect(added.statusCode).toBe(200);
    const id = added.json().result.id as string;
    expect((await addDict(admin, { dictName: '重复', dictCode: 'acct_type' })).json()).toMatchObject({ success: false, message: CONFIG_MSG.dictCodeTaken });
    // the same code in another tenant is fine
    expect((await addDict(tenant1, { dictName: '账户类型', dictCode: 'acct_type' })).statusCode).toBe(200);
    expect((await addDict(admin, { dictName: '', dictCode: 'x y' })).statusCode).toBe(400);
    const edited = await call(t.app, 'PUT', '/sys/dict/edit', { id, dictName: '账户种类', dictCode: 'acct_type' }, { token: admin });
    expect(edited.json().result.dictName).toBe('账户种类');
    expect((await call(t.app, 'PUT', '/sys/dict/edit', { id: 'nope', dictName: 'x', dictCode: 'x' }, { token: admin })).statusCode).toBe(404);
    expect((await get('/sys/dict/queryById', admin, { id })).json().result.dictCode).toBe('acct_type');
    expect((await call(t.app, 'DELETE', '/sys/dict/delete', undefined, { token: admin, query: { id } })).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', '/sys/dict/delete', undefined, { token: admin, query: { id } })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', '/sys/dict/delete', undefined, { token: admin })).statusCode).toBe(400);
  });

  it('keeps item values unique within a dictionary and clears the cache on every write', async () => {
    const dictId = (await addDict(admin, { dictName: '渠道', dictCode: 'channel' })).json().result.id as string;
    const items = async () => (await get('/sys/dict/getDictItems/channel', admin)).json().result as { value: string; text: string }[];
    expect(await items()).toEqual([]); // now cached
    const add = (body: Record<string, unknown>) => call(t.app, 'POST', '/sys/dictItem/add', { dictId, ...body }, { token: admin });
    const a = await add({ itemText: '银联', itemValue: 'UP', sortOrder: 2, color: '#ff0000' });
    expect(a.statusCode).toBe(200);
    expect((await items()).map((i) => i.text)).toEqual(['银联']);
    expect((await add({ itemText: '又一个', itemValue: 'UP' })).json()).toMatchObject({ success: false, message: CONFIG_MSG.itemValueTaken });
    const b = (await add({ itemText: '网联', itemValue: 'NUCC', sortOrder: 1 })).json().result;
    expect((await items()).map((i) => i.value)).toEqual(['NUCC', 'UP']);
    await call(t.app, 'PUT', '/sys/dictItem/edit', { ...b, itemText: '网联清算', status: 0 }, { token: admin });
    expect((await items()).map((i) => i.value)).toEqual(['UP']); // disabled items are not served
    const list = (await get('/sys/dictItem/list', admin, { dictId })).json().result;
    expect(list.records.map((r: { itemValue: string }) => r.itemValue)).toEqual(['NUCC', 'UP']);
    expect(list.records[1]).toMatchObject({ color: '#ff0000', status: 1, sortOrder: 2 });
    await call(t.app, 'DELETE', '/sys/dictItem/delete', undefined, { token: admin, query: { id: a.json().result.id } });
    expect(await items()).toEqual([]);
    // refleshCache still answers the spec's words
    expect((await get('/sys/dict/refleshCache', admin)).json().message).toBe(MSG.cacheRefreshDone);
    // an item for a dictionary that does not exist (or another tenant's) is refused
    expect((await call(t.app, 'POST', '/sys/dictItem/add', { dictId: 'dict-1-sex', itemText: 'x', itemValue: 'x' }, { token: admin })).statusCode).toBe(404);
  });

  it('loadDict searches within items; loadDictItem answers texts for keys', async () => {
    const all = (await get('/sys/dict/loadDict/priority', admin)).json().result;
    expect(all.map((i: { value: string }) => i.value)).toEqual(['L', 'M', 'H']);
    const some = (await get('/sys/dict/loadDict/priority', admin, { keyword: '紧急' })).json().result;
    expect(some).toEqual([{ value: 'H', text: '紧急', title: '紧急', label: '紧急', color: 'red' }]);
    expect((await get('/sys/dict/loadDictItem/priority', admin, { key: 'M' })).json().result).toEqual(['重要']);
    expect((await get('/sys/dict/loadDictItem/sex', admin, { key: '2,1,9' })).json().result).toEqual(['女', '男']);
    expect((await get('/sys/dict/loadDict/nope', admin)).statusCode).toBe(404);
    // table dictionaries go through the allow-list
    const users = (await get('/sys/dict/loadDict/sys_user,realname,username', admin, { keyword: '经办' })).json().result;
    expect(users).toEqual([{ value: 'operator', text: '张经办', title: '张经办', label: '张经办' }]);
    expect((await get('/sys/dict/loadDictItem/sys_user,realname,username', admin, { key: 'admin' })).json().result).toEqual(['系统管理员']);
    for (const code of [
      'users,password_hash,username',
      'pg_catalog.pg_user,usename,usename',
      'users,realname,username where 1=1 --',
      'users,realname',
      'users; drop table users,a,b',
    ]) {
      const res = await get(`/sys/dict/loadDict/${encodeURIComponent(code)}`, admin);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().result).toBeNull();
      expect(res.body).not.toMatch(/scrypt|Demo@2026/);
    }
    expect((await t.sql('SELECT count(*)::int AS n FROM users'))[0]).toEqual({ n: 4 });
  });

  it('isolates tenants: a tenant 1 admin neither sees nor changes tenant 0 dictionaries', async () => {
    const mine = (await get('/sys/dict/list', tenant1, { pageSize: '100' })).json().result.records as { id: string }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((d) => d.id.startsWith('dict-1-') || !d.id.startsWith('dict-0-'))).toBe(true);
    expect((await get('/sys/dict/queryById', tenant1, { id: 'dict-0-sex' })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', '/sys/dict/edit', { id: 'dict-0-sex', dictName: '改', dictCode: 'sex' }, { token: tenant1 })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', '/sys/dict/delete', undefined, { token: tenant1, query: { id: 'dict-0-sex' } })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', '/sys/dict/deleteBatch', undefined, { token: tenant1, query: { ids: 'dict-0-sex,dict-0-yn' } })).statusCode).toBe(404);
    // items of tenant 0 are invisible and untouchable too
    expect((await get('/sys/dictItem/list', tenant1, { dictId: 'dict-0-sex' })).json().result.total).toBe(0);
    expect(
      (await call(t.app, 'PUT', '/sys/dictItem/edit', { id: 'dict-0-sex-1', dictId: 'dict-0-sex', itemText: '改', itemValue: '1' }, { token: tenant1 }))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', '/sys/dictItem/delete', undefined, { token: tenant1, query: { id: 'dict-0-sex-1' } })).statusCode).toBe(404);
    // asking for tenant 0 by header is refused outright
    expect((await call(t.app, 'GET', '/sys/dict/list', undefined, { token: tenant1, tenant: '0' })).statusCode).toBe(403);
    expect((await t.sql(`SELECT dict_name FROM dicts WHERE id = 'dict-0-sex'`))[0]).toEqual({ dict_name: '性别' });
    expect((await t.sql(`SELECT count(*)::int AS n FROM dict_items WHERE dict_id = 'dict-0-sex'`))[0]).toEqual({ n: 2 });
  });

  it('needs the permission codes for reads and writes alike', async () => {
    expect((await get('/sys/dict/list', operator)).statusCode).toBe(403);
    expect((await get('/sys/dictItem/list', operator)).statusCode).toBe(403);
    expect((await addDict(operator, { dictName: 'x', dictCode: 'x' })).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', '/sys/dict/delete', undefined, { token: operator, query: { id: 'dict-0-sex' } })).statusCode).toBe(403);
    expect((await get('/sys/dict/list', '')).statusCode).toBe(401);
  });

  it('batch-deletes and exports the selected rows', async () => {
    const ids = await Promise.all(['b1', 'b2'].map(async (c) => (await addDict(admin, { dictName: c, dictCode: c })).json().result.id as string));
    const exp = await get('/sys/dict/exportXls', admin, { selections: ids.join(',') });
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['content-type']).toContain('spreadsheetml');
    const del = await call(t.app, 'DELETE', '/sys/dict/deleteBatch', undefined, { token: admin, query: { ids: ids.join(',') } });
    expect(del.json().result).toEqual({ deleted: 2 });
  });
});

describe.runIf(PG_AVAILABLE)('config: dictionary cache across two app instances on one PostgreSQL', () => {
  let t: TestApp;
  let db2: Database;
  let app2: BossApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp('postgres');
    const pool1 = (t.database.db as unknown as { $client: pg.Pool }).$client;
    db2 = fromPool(new pg.Pool({ connectionString: pool1.options.connectionString, max: 3 }));
    app2 = await buildApp({ database: db2, scryptN: TEST_SCRYPT_N, nodeEnv: 'test', docs: false, loginRateLimit: 10_000 });
    await app2.ready();
    admin = (await login(t.app, 'admin')).token;
  });
  afterAll(async () => {
    await app2?.close();
    await db2?.close();
    await t?.close();
  });

  /** The text of the first 'sex' item as app2 (the other process) serves it. */
  const sexTextOnTwo = async () => {
    const res = await call(app2, 'GET', '/sys/dict/getDictItems/sex', undefined, { token: admin });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().result as { value: string; text: string }[]).find((i) => i.value === '1')?.text;
  };
  /** Renames the item behind both caches (as another process's write would). */
  const renameBehindCaches = (text: string) =>
    t.sql("UPDATE dict_items SET item_text = $1 WHERE item_value = '1' AND dict_id IN (SELECT id FROM dicts WHERE dict_code = 'sex' AND tenant_id = '0')", [
      text,
    ]);
  const eventually = async (read: () => Promise<unknown>, want: unknown) => {
    const until = Date.now() + 3000;
    let got = await read();
    while (got !== want && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
      got = await read();
    }
    return got;
  };

  it("refleshCache on one instance clears the other one's cache", async () => {
    const before = await sexTextOnTwo();
    expect(before).toBeTruthy();
    await renameBehindCaches('男（改）');
    expect(await sexTextOnTwo()).toBe(before); // app2 serves its cache
    const res = await call(t.app, 'GET', '/sys/dict/refleshCache', undefined, { token: admin });
    expect(res.json()).toMatchObject({ success: true, message: MSG.cacheRefreshDone });
    expect(await eventually(sexTextOnTwo, '男（改）')).toBe('男（改）');
  });

  it('the dictCacheRefresh job run on one instance clears every instance', async () => {
    expect(await sexTextOnTwo()).toBe('男（改）'); // cached again
    await renameBehindCaches('男（任务）');
    expect(await sexTextOnTwo()).toBe('男（改）');
    const job = (
      await call(t.app, 'POST', JOB_PATHS.add, { jobName: '字典缓存刷新', handler: 'dictCacheRefresh', cronExpression: '0 0 3 * * ?' }, { token: admin })
    ).json().result as Job;
    const run = (await call(t.app, 'GET', JOB_PATHS.execute, undefined, { token: admin, query: { id: job.id } })).json().result as JobRun;
    expect(run).toMatchObject({ status: 'success', result: expect.stringContaining('所有服务进程') });
    expect(await eventually(sexTextOnTwo, '男（任务）')).toBe('男（任务）');
  });

  it("an item edit through one instance reaches the other one's cache", async () => {
    expect(await sexTextOnTwo()).toBe('男（任务）');
    const items = (await call(t.app, 'GET', '/sys/dictItem/list', undefined, { token: admin, query: { dictId: 'dict-0-sex' } })).json().result.records as {
      id: string;
      itemValue: string;
    }[];
    const item = items.find((i) => i.itemValue === '1');
    expect(item).toBeDefined();
    const edit = await call(t.app, 'PUT', '/sys/dictItem/edit', { ...item, itemText: '男' }, { token: admin });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await eventually(sexTextOnTwo, '男')).toBe('男');
  });
});
