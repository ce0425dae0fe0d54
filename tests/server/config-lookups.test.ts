// The allow-listed look-ups: duplicate check (both wire forms), SQL dictionary and tree data.
// Injection strings in every table, field, value, condition and order parameter change nothing,
// leak nothing and answer 400; reads stay inside the caller's tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_MSG } from '../../contract/api/config';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

const INJECTIONS = ["' or 1=1 --", 'users; drop table users', 'pg_catalog.pg_user', 'password_hash', 'no_such_column', 'users.username', '(select 1)'];

describe.each(BACKENDS)('config: look-ups (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let customer: string;
  let before: unknown[];
  const snapshot = () =>
    t.sql(
      "SELECT (SELECT count(*) FROM users)::int AS u, (SELECT count(*) FROM dicts)::int AS d, (SELECT count(*) FROM roles)::int AS r, (SELECT string_agg(password_hash, ',' ORDER BY id) FROM users) AS h",
    );
  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    customer = (await login(t.app, 'customer')).token;
    before = await snapshot();
  });
  afterAll(async () => {
    expect(await snapshot()).toEqual(before);
    await t?.close();
  });

  const dup = (query: Record<string, string>, token = admin) => call(t.app, 'GET', '/sys/duplicate/check', undefined, { token, query });
  const exist = (body: Record<string, unknown>, token = admin) => call(t.app, 'POST', '/cap/sys/v1/ValidateExistenceMysql', body, { token });
  const sqlDict = (body: Record<string, unknown>, token = admin) => call(t.app, 'POST', '/cap/sys/v1/SystemSqlDictPageListInquiry', body, { token });
  const tree = (query: Record<string, string>, token = admin) => call(t.app, 'GET', '/sys/dict/loadTreeData', undefined, { token, query });

  it('duplicate check: {label}已存在 for a taken value, success otherwise, dataId excluded', async () => {
    const taken = await dup({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(CONFIG_MSG.exists('用户账号'));
    expect((await dup({ tableName: 'users', fieldName: 'username', fieldVal: 'nobody' })).json()).toMatchObject({ success: true, result: true });
    expect((await dup({ tableName: 'users', fieldName: 'username', fieldVal: 'admin', dataId: 'u-admin' })).statusCode).toBe(200);
    expect((await dup({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'admin' })).json().message).toBe('角色编码已存在');
    expect((await dup({ tableName: 'users', fieldName: 'phone', fieldVal: '13800000002' })).json().message).toBe('手机号码已存在');
    expect((await dup({ tableName: 'tenants', fieldName: 'name', fieldVal: '演示租户' })).statusCode).toBe(400);
    await t.sql(`UPDATE users SET email = 'Ops@Example.com' WHERE id = 'u-operator'`);
    expect((await dup({ tableName: 'sys_user', fieldName: 'email', fieldVal: 'ops@example.COM' })).json().message).toBe('邮箱已存在');
    expect((await dup({ tableName: 'sys_user', fieldName: 'email', fieldVal: 'ops@example.com', dataId: 'u-operator' })).statusCode).toBe(200);
    // dictionary codes are per tenant: tenant 1 has 'sex' too, but not 'nope'
    expect((await dup({ tableName: 'dicts', fieldName: 'dictCode', fieldVal: 'sex' }, customer)).statusCode).toBe(400);
    // value required
    expect((await dup({ tableName: 'users', fieldName: 'username', fieldVal: '' })).json().message).toBe(CONFIG_MSG.valueRequired);
    expect((await dup({ tableName: 'users', fieldName: 'username' })).statusCode).toBe(400);
  });

  it('duplicate check refuses anything off the allow-list with 不支持的校验字段', async () => {
    for (const bad of INJECTIONS) {
      for (const q of [
        { tableName: bad, fieldName: 'username', fieldVal: 'admin' },
        { tableName: 'users', fieldName: bad, fieldVal: 'admin' },
        { tableName: 'users', fieldName: 'realname', fieldVal: 'x' }, // readable but not a unique field
      ]) {
        const res = await dup(q);
        expect(res.statusCode, JSON.stringify(q)).toBe(400);
        expect(res.json().message).toBe(CONFIG_MSG.unsupportedField);
      }
      // injection in the value is just a value
      const v = await dup({ tableName: 'users', fieldName: 'username', fieldVal: bad, dataId: bad });
      expect(v.statusCode).toBe(200);
    }
  });

  it('ValidateExistenceMysql answers body.cnt and the message with the given field name', async () => {
    const res = await exist({
      schemaName: 'boss',
      tableName: 'sys_user',
      fieldCode: 'username',
      fieldName: '登录账号',
      fieldValue: 'operator',
      idValue: '',
      tenantId: '0',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: { success: true, replyText: '登录账号已存在' }, body: { cnt: 1 } });
    expect((await exist({ tableName: 'users', fieldCode: 'username', fieldValue: 'operator', idValue: 'u-operator' })).json().body.cnt).toBe(0);
    expect((await exist({ tableName: 'users', fieldCode: 'username', fieldValue: '' })).statusCode).toBe(400);
    for (const bad of INJECTIONS) {
      const a = await exist({ tableName: bad, fieldCode: 'username', fieldValue: 'admin' });
      const b = await exist({ tableName: 'users', fieldCode: bad, fieldValue: 'admin' });
      for (const r of [a, b]) {
        expect(r.statusCode).toBe(400);
        expect(r.json().status).toMatchObject({ success: false, replyText: CONFIG_MSG.unsupportedField });
      }
    }
  });

  it('SQL dictionary: {value,text} pages over allow-listed columns, keyword, structured condition and order', async () => {
    const res = await sqlDict({
      tableName: 'sys_role',
      fieldText: 'role_name',
      fieldValue: 'role_code',
      sqlOrderBy: 'role_code desc',
      page: { pageSize: 2, pageNum: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().body).toEqual({
      listData: [
        { value: 'operator', text: '业务经办员' },
        { value: 'approver', text: '业务复核员' },
      ],
      page: { count: 3, pageSize: 2, offset: 0 }, // the admin's tenant's roles (the customer role is tenant 1's)
    });
    const kw = await sqlDict({ tableName: 'roles', fieldText: 'roleName', fieldValue: 'roleCode', fieldValueKeyword: '复核' });
    expect(kw.json().body.listData).toEqual([{ value: 'approver', text: '业务复核员' }]);
    const cond = await sqlDict({
      tableName: 'sys_depart',
      fieldText: 'depart_name',
      fieldValue: 'id',
      sqlCondition: '{"parent_id":"d-a01"}',
      sqlOrderBy: 'org_code',
    });
    expect(cond.json().body.listData.map((o: { value: string }) => o.value)).toEqual(['d-a01a01', 'd-a01a02', 'd-a01a03']);
    // users are listed only within the caller's tenant; a LIKE wildcard is literal
    const mine = await sqlDict({ tableName: 'sys_user', fieldText: 'realname', fieldValue: 'username' }, customer);
    expect(mine.json().body.listData).toEqual([{ value: 'customer', text: '王客户' }]);
    expect((await sqlDict({ tableName: 'users', fieldText: 'realname', fieldValue: 'username', fieldValueKeyword: '%' })).json().body.listData).toEqual([]);
    // integer columns take only numbers
    expect((await sqlDict({ tableName: 'users', fieldText: 'realname', fieldValue: 'username', sqlCondition: { status: 1 } })).json().body.page.count).toBe(3);
    expect((await sqlDict({ tableName: 'users', fieldText: 'realname', fieldValue: 'username', sqlCondition: { status: '1 or 1=1' } })).statusCode).toBe(400);
  });

  it('SQL dictionary refuses injection in every parameter with a clear message', async () => {
    const base = { tableName: 'sys_user', fieldText: 'realname', fieldValue: 'username' };
    for (const bad of INJECTIONS) {
      for (const key of ['tableName', 'fieldText', 'fieldValue'] as const) {
        const r = await sqlDict({ ...base, [key]: bad });
        expect(r.statusCode, `${key}=${bad}`).toBe(400);
        expect(r.json().body).toEqual({});
      }
      const order = await sqlDict({ ...base, sqlOrderBy: bad });
      expect(order.statusCode, `order ${bad}`).toBe(400);
      expect(order.json().status.replyText).toMatch(/排序格式有误|不支持的查询字段/);
    }
    for (const cond of ["status = '1' or 1=1", '1=1; drop table users', '[1,2]', '{"password_hash":"x"}', '{"status":{"$ne":1}}', '{"a b":"1"}', '"x"']) {
      const r = await sqlDict({ ...base, sqlCondition: cond });
      expect(r.statusCode, cond).toBe(400);
      expect(r.json().status.replyText).toMatch(/查询条件格式有误|不支持的查询字段/);
    }
    for (const order of ['username; drop table users', 'username asc, realname', 'username asc nulls first', 'password_hash desc', '1']) {
      expect((await sqlDict({ ...base, sqlOrderBy: order })).statusCode, order).toBe(400);
    }
    // tables that are not readable through the dictionary
    for (const table of ['tenants', 'gateway_routes', 'sessions', 'sms_codes']) {
      expect((await sqlDict({ tableName: table, fieldText: 'id', fieldValue: 'id' })).json().status.replyText).toBe(CONFIG_MSG.unsupportedTable);
    }
  });

  it('loadTreeData: tree nodes by parent with leaf flags; condition must be a JSON object', async () => {
    const roots = await tree({ tableName: 'sys_depart', text: 'depart_name', code: 'id', pidField: 'parent_id', hasChildField: 'has_child' });
    expect(roots.statusCode).toBe(200);
    expect(roots.json().result.map((n: { key: string; leaf: boolean }) => [n.key, n.leaf])).toEqual([
      ['d-a02', false],
      ['d-a01', false],
    ]);
    const kids = (await tree({ pid: 'd-a01', tableName: 'departments', text: 'departName', code: 'id' })).json().result;
    expect(kids[0]).toMatchObject({ key: 'd-a01a03', value: 'd-a01a03', title: '财务结算部', label: '财务结算部', leaf: true, parentId: 'd-a01' });
    const cond = (await tree({ pid: 'd-a01', tableName: 'departments', text: 'departName', code: 'id', condition: '{"org_code":"A01A02"}' })).json().result;
    expect(cond.map((n: { key: string }) => n.key)).toEqual(['d-a01a02']);
    const menus = await tree({ tableName: 'sys_permission', text: 'name', code: 'id' });
    expect(menus.json().result.length).toBeGreaterThan(3);
    for (const c of ['not json', '[1]', '"str"', "{'a':1}"]) {
      const r = await tree({ tableName: 'departments', text: 'departName', code: 'id', condition: c });
      expect(r.statusCode, c).toBe(400);
      expect(r.json().message).toBe(CONFIG_MSG.treeCondition);
    }
  });

  it('loadTreeData refuses injection in table, text, code, pidField, hasChildField and condition', async () => {
    const base = { tableName: 'departments', text: 'departName', code: 'id' };
    for (const bad of INJECTIONS) {
      for (const key of ['tableName', 'text', 'code', 'pidField', 'hasChildField'] as const) {
        const r = await tree({ ...base, [key]: bad });
        expect(r.statusCode, `${key}=${bad}`).toBe(400);
        expect(r.json().result).toBeNull();
      }
      const c = await tree({ ...base, condition: JSON.stringify({ [bad]: '1' }) });
      expect(c.statusCode).toBe(400);
      // as a value it is only a value
      expect((await tree({ ...base, pid: bad })).json().result).toEqual([]);
    }
    expect((await tree({ tableName: 'users', text: 'realname', code: 'id' })).statusCode).toBe(400); // not a tree
  });

  it('needs a signed-in user', async () => {
    expect(
      (await call(t.app, 'GET', '/sys/duplicate/check', undefined, { query: { tableName: 'users', fieldName: 'username', fieldVal: 'a' } })).statusCode,
    ).toBe(401);
    expect(
      (await call(t.app, 'POST', '/cap/sys/v1/SystemSqlDictPageListInquiry', { tableName: 'roles', fieldText: 'role_name', fieldValue: 'id' })).statusCode,
    ).toBe(401);
  });
});
