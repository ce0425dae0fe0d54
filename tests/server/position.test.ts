// 职务 (positions): the list kit's CRUD behind system:position:*, codes unique inside a tenant,
// bad input refused with the contract's messages, every read and write inside the caller's tenant,
// and queryall (the picker's read) open to any signed-in user of the tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSITION_MSG, POSITION_P } from '../../contract/api/position';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

describe.each(BACKENDS)('positions (%s)', (backend) => {
  let t: TestApp;
  let admin: string; // tenant 0
  let customer: string; // tenant 1, given the position codes below
  let operator: string; // no position codes
  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    operator = (await login(t.app, 'operator')).token;
    await t.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT 'r-customer', id FROM permissions WHERE id LIKE 'b-position-%'`);
    customer = (await login(t.app, 'customer')).token;
  });
  afterAll(async () => t?.close());

  const post = (body: unknown, token = admin) => call(t.app, 'POST', POSITION_P.add, body, { token });
  const put = (body: unknown, token = admin) => call(t.app, 'PUT', POSITION_P.edit, body, { token });
  const list = async (token = admin, query: Record<string, string> = {}) => {
    const res = await call(t.app, 'GET', POSITION_P.list, undefined, { token, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { records: Record<string, unknown>[]; total: number };
  };

  it('adds, lists, filters, edits and deletes a position; the rank has its text', async () => {
    const added = await post({ name: '财务经理', code: 'CFO_M', rank: '4' });
    expect(added.statusCode, added.body).toBe(200);
    const rec = added.json().result;
    expect(rec).toMatchObject({ name: '财务经理', code: 'CFO_M', rank: '4', rank_dictText: '副高级' });
    await post({ name: '出纳', code: 'CASHIER', rank: '1' });
    expect((await list()).total).toBe(2);
    expect((await list(admin, { name: '*财务*' })).records.map((r) => r.code)).toEqual(['CFO_M']);
    const edited = await put({ id: rec.id, name: '财务总监', code: 'CFO', rank: '5' });
    expect(edited.json().result).toMatchObject({ name: '财务总监', code: 'CFO', rank_dictText: '正高级' });
    const byId = await call(t.app, 'GET', POSITION_P.queryById, undefined, { token: admin, query: { id: rec.id } });
    expect(byId.json().result.name).toBe('财务总监');
    expect((await call(t.app, 'DELETE', POSITION_P.delete, undefined, { token: admin, query: { id: rec.id } })).statusCode).toBe(200);
    expect((await list()).records.map((r) => r.code)).toEqual(['CASHIER']);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const before = (await list()).total;
    const cases: [unknown, string][] = [
      [{ name: '', code: 'X1', rank: '1' }, POSITION_MSG.nameRequired],
      [{ name: '甲', code: '', rank: '1' }, POSITION_MSG.codeRequired],
      [{ name: '甲', code: "x' or 1=1", rank: '1' }, POSITION_MSG.codePattern],
      [{ name: '甲', code: 'X1', rank: '9' }, POSITION_MSG.rankInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    await post({ name: '主管', code: 'LEAD', rank: '3' });
    const taken = await post({ name: '另一个主管', code: 'LEAD', rank: '3' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(POSITION_MSG.codeTaken);
    expect((await list()).total).toBe(before + 1);
    const badSort = await call(t.app, 'GET', POSITION_P.list, undefined, { token: admin, query: { column: 'tenantId', order: 'desc' } });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toBe('排序字段不合法');
    const badDate = await call(t.app, 'GET', POSITION_P.list, undefined, { token: admin, query: { createTime: 'not-a-date' } });
    expect(badDate.statusCode).toBe(400);
  });

  it('each tenant has its own positions: the same code is free in another tenant; no cross-tenant read, edit or delete', async () => {
    const mine = await post({ name: '主管', code: 'LEAD', rank: '2' }, customer);
    expect(mine.statusCode, mine.body).toBe(200);
    const id = mine.json().result.id as string;
    expect((await list(customer)).records.map((r) => r.code)).toEqual(['LEAD']);
    expect((await list(admin)).records.every((r) => r.id !== id)).toBe(true);
    expect((await call(t.app, 'GET', POSITION_P.queryById, undefined, { token: admin, query: { id } })).statusCode).toBe(404);
    expect((await put({ id, name: '改掉', code: 'LEAD', rank: '2' }, admin)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', POSITION_P.delete, undefined, { token: admin, query: { id } })).statusCode).toBe(404);
    const rows = await t.sql<{ name: string }>(`SELECT name FROM positions WHERE id = $1`, [id]);
    expect(rows).toEqual([{ name: '主管' }]);
  });

  it('the page calls need their permission codes; queryall serves any signed-in user of the tenant', async () => {
    expect((await call(t.app, 'GET', POSITION_P.list, undefined, { token: operator })).statusCode).toBe(403);
    expect((await post({ name: '越权', code: 'NOPE', rank: '1' }, operator)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', POSITION_P.queryAll)).statusCode).toBe(401);
    const all = await call(t.app, 'GET', POSITION_P.queryAll, undefined, { token: operator });
    expect(all.statusCode).toBe(200);
    const adminAll = await call(t.app, 'GET', POSITION_P.queryAll, undefined, { token: admin });
    const codes = (adminAll.json().result as { code: string }[]).map((p) => p.code);
    expect(codes).toContain('LEAD');
    expect(codes).toContain('CASHIER');
    const customerAll = (await call(t.app, 'GET', POSITION_P.queryAll, undefined, { token: customer })).json().result as { code: string }[];
    expect(customerAll.map((p) => p.code)).toEqual(['LEAD']);
  });
});
