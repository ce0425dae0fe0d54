// The category tree (/sys/category): the picker's reads (roots, children, one node, subtree, tree
// data with the §5 condition rule, names of ids) for any signed-in user of the tenant; the writes
// behind system:category:*, which keep it a tree; every read and write inside the caller's tenant.
import { CUS_INDUSTRY_PCODE } from '../../contract/api/cus';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_MSG, CATEGORY_P, type CategoryNode } from '../../contract/api/category';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

describe.each(BACKENDS)('categories (%s)', (backend) => {
  let t: TestApp;
  let admin: string; // tenant 0
  let customer: string; // tenant 1, given the category codes
  let operator: string; // tenant 0, no category codes
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    operator = (await login(t.app, 'operator')).token;
    await t.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT 'r-customer', id FROM permissions WHERE id LIKE 'b-category-%'`);
    customer = (await login(t.app, 'customer')).token;
  });
  afterAll(async () => t?.close());

  const get = (path: string, query: Record<string, string>, token = admin) => call(t.app, 'GET', path, undefined, { token, query });
  const nodes = async (path: string, query: Record<string, string>, token = admin) => {
    const res = await get(path, query, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as CategoryNode[];
  };
  /** Without the demo's 行业分类 tree of tenant 0 (server/modules/cus/seed.ts). */
  const demoless = (list: CategoryNode[]) => list.filter((n) => n.code !== CUS_INDUSTRY_PCODE);
  const add = async (name: string, code: string, pid?: string, token = admin) => {
    const res = await call(t.app, 'POST', CATEGORY_P.add, { name, code, pid }, { token });
    expect(res.statusCode, res.body).toBe(200);
    ids[code] = res.json().result.id;
    return ids[code];
  };

  it('builds a tree and reads it: roots, children, subtree, one node, names of ids', async () => {
    const goods = await add('商品', 'A01');
    const food = await add('食品', 'A01A01', goods);
    await add('饮料', 'A01A01A01', food);
    await add('家电', 'A01A02', goods);
    await add('服务', 'A02');

    const roots = demoless(await nodes(CATEGORY_P.loadTreeRoot, { async: 'true', pcode: '0' }));
    expect(roots.map((n) => [n.code, n.name, n.leaf])).toEqual([
      ['A01', '商品', false],
      ['A02', '服务', true],
    ]);
    expect(roots[0]).toMatchObject({ key: goods, value: goods, title: '商品', label: '商品', isLeaf: false });
    // pcode names a node: its children; async=false gives the whole subtree under it
    expect((await nodes(CATEGORY_P.loadTreeRoot, { pcode: 'A01' })).map((n) => n.code)).toEqual(['A01A01', 'A01A02']);
    const deep = await nodes(CATEGORY_P.loadTreeRoot, { async: 'false', pcode: 'A01' });
    expect(deep[0].children?.map((n) => n.name)).toEqual(['饮料']);
    expect(deep[1].children).toBeUndefined();
    expect((await nodes(CATEGORY_P.loadTreeChildren, { pid: food })).map((n) => [n.name, n.leaf])).toEqual([['饮料', true]]);
    const one = await get(CATEGORY_P.loadOne, { field: 'code', val: 'A01A01' });
    expect(one.json().result).toMatchObject({ id: food, name: '食品', pid: goods, leaf: false });
    expect((await get(CATEGORY_P.loadOne, { field: 'id', val: goods })).json().result.code).toBe('A01');
    const names = await get(CATEGORY_P.loadDictItem, { ids: `${food},nope,${goods}` });
    expect(names.json().result).toEqual(['食品', '', '商品']);
    // any signed-in user of the tenant reads (a category is shared like a dictionary)
    expect(demoless(await nodes(CATEGORY_P.loadTreeRoot, {}, operator)).map((n) => n.code)).toEqual(['A01', 'A02']);
  });

  it('loadTreeData: under pid or pcode, narrowed by a JSON condition; a condition that is no JSON object is refused', async () => {
    expect((await nodes(CATEGORY_P.loadTreeData, { pid: ids.A01 })).map((n) => n.code)).toEqual(['A01A01', 'A01A02']);
    expect((await nodes(CATEGORY_P.loadTreeData, { pcode: 'A01', condition: '{"name":"家电"}' })).map((n) => n.code)).toEqual(['A01A02']);
    expect(demoless(await nodes(CATEGORY_P.loadTreeData, {})).map((n) => n.code)).toEqual(['A01', 'A02']);
    for (const condition of ['name=家电', '[1,2]', '"x"', '{"name":{"$ne":1}}']) {
      const res = await get(CATEGORY_P.loadTreeData, { pcode: 'A01', condition });
      expect(res.statusCode, condition).toBe(400);
      expect(res.json().message).toBe(CATEGORY_MSG.badCondition);
    }
    const col = await get(CATEGORY_P.loadTreeData, { condition: '{"tenant_id":"1"}' });
    expect(col.statusCode).toBe(400);
    expect(col.json().message).toBe(CATEGORY_MSG.conditionColumn('tenant_id'));
  });

  it('bad input is a 4xx with its message and changes nothing', async () => {
    const count = async () => (await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM categories`))[0].n;
    const before = await count();
    const post = (body: unknown) => call(t.app, 'POST', CATEGORY_P.add, body, { token: admin });
    const cases: [unknown, number, string][] = [
      [{ name: '', code: 'B1' }, 400, CATEGORY_MSG.nameRequired],
      [{ name: '乙', code: 'B 1' }, 400, CATEGORY_MSG.codePattern],
      [{ name: '乙', code: 'B1', pid: 'nope' }, 400, CATEGORY_MSG.parentMissing],
      [{ name: '重复', code: 'A01' }, 409, CATEGORY_MSG.codeTaken],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    const loop = await call(t.app, 'PUT', CATEGORY_P.edit, { id: ids.A01, name: '商品', code: 'A01', pid: ids.A01A01A01 }, { token: admin });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().message).toBe(CATEGORY_MSG.parentLoop);
    const parent = await call(t.app, 'DELETE', CATEGORY_P.delete, undefined, { token: admin, query: { id: ids.A01 } });
    expect(parent.statusCode).toBe(400);
    expect(parent.json().message).toBe(CATEGORY_MSG.hasChildren);
    expect((await get(CATEGORY_P.loadTreeRoot, { pcode: 'ZZZ' })).json().message).toBe(CATEGORY_MSG.rootMissing('ZZZ'));
    expect((await get(CATEGORY_P.loadOne, { field: 'tenant_id', val: '0' })).statusCode).toBe(400);
    expect((await get(CATEGORY_P.loadTreeChildren, {})).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('edits move a node; a leaf is deleted; writes need their codes', async () => {
    const moved = await call(t.app, 'PUT', CATEGORY_P.edit, { id: ids.A02, name: '售后服务', code: 'A02', pid: ids.A01 }, { token: admin });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await nodes(CATEGORY_P.loadTreeChildren, { pid: ids.A01 })).map((n) => n.code)).toEqual(['A01A01', 'A01A02', 'A02']);
    expect((await call(t.app, 'DELETE', CATEGORY_P.delete, undefined, { token: admin, query: { id: ids.A02 } })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', CATEGORY_P.add, { name: '越权', code: 'X9' }, { token: operator })).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', CATEGORY_P.delete, undefined, { token: operator, query: { id: ids.A01A02 } })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', CATEGORY_P.loadTreeRoot)).statusCode).toBe(401);
  });

  it('each tenant has its own tree: no read, parent, edit or delete across tenants', async () => {
    const theirs = await add('客户分类', 'A01', undefined, customer); // the same code is free in another tenant
    expect((await nodes(CATEGORY_P.loadTreeRoot, {}, customer)).map((n) => n.name)).toEqual(['客户分类']);
    expect(demoless(await nodes(CATEGORY_P.loadTreeRoot, {})).map((n) => n.name)).toEqual(['商品']);
    expect((await get(CATEGORY_P.loadTreeChildren, { pid: ids.A01A01 }, customer)).statusCode).toBe(404);
    expect((await get(CATEGORY_P.loadOne, { field: 'id', val: ids.A01A01 }, customer)).statusCode).toBe(404);
    expect((await get(CATEGORY_P.loadDictItem, { ids: ids.A01A01 }, customer)).json().result).toEqual(['']);
    const borrow = await call(t.app, 'POST', CATEGORY_P.add, { name: '借父', code: 'C9', pid: ids.A01A01 }, { token: customer });
    expect(borrow.json().message).toBe(CATEGORY_MSG.parentMissing);
    expect((await call(t.app, 'PUT', CATEGORY_P.edit, { id: theirs, name: '改', code: 'A01' }, { token: admin })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', CATEGORY_P.delete, undefined, { token: admin, query: { id: theirs } })).statusCode).toBe(404);
    expect(await t.sql(`SELECT name FROM categories WHERE id = $1`, [theirs])).toEqual([{ name: '客户分类' }]);
  });
});
