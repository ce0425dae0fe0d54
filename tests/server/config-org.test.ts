// Tenants, systems, groups and business entities: platform-only where the rows are platform-wide,
// tenant-scoped where they belong to a tenant; deletes refused while users depend on the row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_MSG } from '../../contract/api/config';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

describe.each(BACKENDS)('config: organisation (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let customer: string; // tenant 1, a customer group (not platform), given every config code below
  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    await t.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT 'r-customer', id FROM permissions WHERE id LIKE 'b-config-%'`);
    customer = (await login(t.app, 'customer')).token;
  });
  afterAll(async () => t?.close());

  const post = (path: string, body: unknown, token = admin) => call(t.app, 'POST', path, body, { token });
  const put = (path: string, body: unknown, token = admin) => call(t.app, 'PUT', path, body, { token });
  const del = (path: string, id: string, token = admin) => call(t.app, 'DELETE', path, undefined, { token, query: { id } });
  const list = async (path: string, token = admin, query: Record<string, string> = {}) => {
    const res = await call(t.app, 'GET', path, undefined, { token, query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { records: Record<string, unknown>[]; total: number };
  };

  it('tenants: platform users list, add with the next number, edit and delete; names unique', async () => {
    expect((await list('/sys/tenant/list')).records.map((r) => r.id)).toEqual(['0', '1']);
    const added = await post('/sys/tenant/add', { name: '华南租户', domain: 'south.boss.local', status: 1 });
    expect(added.json().result).toMatchObject({ id: '2', name: '华南租户', domain: 'south.boss.local', status: 1 });
    expect((await post('/sys/tenant/add', { name: '华南租户' })).json().message).toBe('租户名称已存在');
    expect((await post('/sys/tenant/add', { name: '另一个', domain: 'south.boss.local' })).json().message).toBe('域名已存在');
    expect((await post('/sys/tenant/add', { name: '' })).statusCode).toBe(400);
    expect((await put('/sys/tenant/edit', { id: '2', name: '华南租户', status: 0 })).json().result.status).toBe(0);
    expect((await del('/sys/tenant/delete', '2')).statusCode).toBe(200);
    expect((await list('/sys/tenant/list')).total).toBe(2);
  });

  it('tenants: deleting a tenant with users, the platform tenant or the current tenant is refused', async () => {
    expect((await del('/sys/tenant/delete', '1')).json().message).toBe(CONFIG_MSG.tenantHasUsers);
    expect((await del('/sys/tenant/delete', '0')).json().message).toBe(CONFIG_MSG.tenantProtected);
    expect((await t.sql(`SELECT count(*)::int AS n FROM tenants`))[0]).toEqual({ n: 2 });
    // a tenant with an empty group and a dictionary goes with them
    const id = (await post('/sys/tenant/add', { name: '临时租户' })).json().result.id as string;
    await t.sql(`INSERT INTO groups (id, group_name, group_type, tenant_id, system_id) VALUES ('g-tmp', '临时', 'cusX', $1, 'sys-cus')`, [id]);
    await t.sql(`INSERT INTO dicts (id, tenant_id, dict_code, dict_name) VALUES ('d-tmp', $1, 'x', 'x')`, [id]);
    expect((await del('/sys/tenant/delete', id)).statusCode).toBe(200);
    expect(await t.sql(`SELECT id FROM groups WHERE id = 'g-tmp'`)).toEqual([]);
  });

  it('tenants, systems and gateway routes are for platform users only', async () => {
    for (const path of ['/sys/tenant/list', '/sys/system/list', '/sys/gatewayRoute/list']) {
      const r = await call(t.app, 'GET', path, undefined, { token: customer });
      expect(r.statusCode, path).toBe(403);
      expect(r.json().message).toBe(CONFIG_MSG.platformOnly);
    }
    expect((await post('/sys/tenant/add', { name: '偷偷加的' }, customer)).statusCode).toBe(403);
    expect((await del('/sys/tenant/delete', '0', customer)).statusCode).toBe(403);
  });

  it('systems: unique codes; a system with groups cannot be deleted', async () => {
    const s = (await post('/sys/system/add', { sysCode: 'RISK', sysName: '风控系统', sortNo: 4 })).json().result;
    expect(s).toMatchObject({ sysCode: 'RISK', sysName: '风控系统' });
    expect((await post('/sys/system/add', { sysCode: 'RISK', sysName: '又一个' })).json().message).toBe('系统编码已存在');
    expect((await post('/sys/system/add', { sysCode: "x' or 1=1", sysName: 'x' })).statusCode).toBe(400);
    expect((await del('/sys/system/delete', 'sys-plat')).json().message).toBe(CONFIG_MSG.systemInUse);
    expect((await del('/sys/system/delete', s.id)).statusCode).toBe(200);
  });

  it('groups: platform users see all tenants, others only their own; type prefixes; users block delete', async () => {
    expect((await list('/sys/group/list')).total).toBe(4);
    const mine = await list('/sys/group/list', customer);
    expect(mine.records.every((g) => g.tenantId === '1')).toBe(true);
    expect(mine.total).toBe(2);
    expect((await post('/sys/group/add', { groupName: '坏类型', groupType: 'admin', tenantId: '0', systemId: 'sys-plat' })).json().message).toMatch(
      /plat、org 或 cus/,
    );
    expect((await post('/sys/group/add', { groupName: '无系统', groupType: 'orgX', tenantId: '0', systemId: 'nope' })).json().message).toBe('系统不存在');
    // a tenant-1 user adds groups to tenant 1 only; naming another tenant is refused
    const elsewhere = await post('/sys/group/add', { groupName: '客户二部', groupType: 'cusEnterprise', tenantId: '0', systemId: 'sys-cus' }, customer);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(CONFIG_MSG.otherTenant);
    const g = (await post('/sys/group/add', { groupName: '客户二部', groupType: 'cusEnterprise', tenantId: '1', systemId: 'sys-cus' }, customer)).json().result;
    expect(g.tenantId).toBe('1');
    expect(
      (await put('/sys/group/edit', { id: 'g-plat', groupName: '改', groupType: 'platSelf', tenantId: '1', systemId: 'sys-plat' }, customer)).statusCode,
    ).toBe(404);
    expect((await del('/sys/group/delete', 'g-org')).json().message).toBe(CONFIG_MSG.groupHasUsers);
    expect((await del('/sys/group/delete', g.id, customer)).statusCode).toBe(200);
  });

  it('business entities: per tenant, names unique within the tenant', async () => {
    const e = (await post('/sys/entity/add', { entityName: '示例商户', url: 'https://m.example.com', status: 1 })).json().result;
    expect(e).toMatchObject({ entityName: '示例商户', status: 1 });
    expect((await post('/sys/entity/add', { entityName: '示例商户' })).json().message).toBe('主体名称已存在');
    expect((await post('/sys/entity/add', { entityName: '示例商户' }, customer)).statusCode).toBe(200);
    expect((await post('/sys/entity/add', { entityName: 'x', url: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await list('/sys/entity/list', customer)).records.map((r) => r.id)).not.toContain(e.id);
    expect((await put('/sys/entity/edit', { ...e, entityName: '改名' }, customer)).statusCode).toBe(404);
    expect((await del('/sys/entity/delete', e.id, customer)).statusCode).toBe(404);
    expect((await put('/sys/entity/edit', { ...e, status: 0 })).json().result.status).toBe(0);
  });

  it('refuses callers without the codes on reads and writes', async () => {
    const operator = (await login(t.app, 'operator')).token;
    for (const [m, path] of [
      ['GET', '/sys/group/list'],
      ['GET', '/sys/entity/list'],
      ['POST', '/sys/entity/add'],
      ['DELETE', '/sys/group/delete?id=g-org'],
    ] as const) {
      expect((await call(t.app, m, path, m === 'POST' ? { entityName: 'x' } : undefined, { token: operator })).statusCode, path).toBe(403);
    }
  });
});
