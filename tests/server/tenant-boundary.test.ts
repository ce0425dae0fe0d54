// The tenant boundary as a hostile tenant user meets it (issue 13 §1): nobody makes their own group
// a platform group or moves it to another tenant, a role grants only in its own tenant, the
// allow-listed look-ups read only the caller's tenant, no call grants more than its caller holds,
// and every permission code the catalogue offers is asked by some route.
import { getTableColumns } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_MSG, CONFIG_PERM, CP } from '../../contract/api/config';
import { RBAC, RBAC_CODE, RBAC_MSG } from '../../contract/api/rbac';
import { LEDGER_PATHS, LEDGER_PERMS } from '../../contract/api/ledger';
import { MSG } from '../../contract/messages';
import { API_DOCS_PERMISSION } from '../../contract/api/wire';
import { VXE_PAGES } from '../../contract/api/vxeSocket';
import { LOOKUP_TABLES } from '../../server/modules/config/lookupTables';
import { createSession } from '../../server/modules/session/service';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

/** Codes the catalogue shows that guard no server call: each says why. */
const DISPLAY_ONLY_CODES: Record<string, string> = {
  'account:center:view': 'shows the 个人中心 page; the calls it makes read only the caller’s own data',
  'account:settings:password': 'shows the change-password button; changing one’s own password is every user’s right',
  'home:dashboard:export': 'switched off in the catalogue; no export call exists yet',
  'system:checkrule:test': 'the check-rule test runs the rule in the browser, without a server call',
};

const grant = (t: TestApp, roleId: string, codes: string[]) =>
  t.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT $1, id FROM permissions WHERE perms = ANY($2) ON CONFLICT DO NOTHING`, [roleId, codes]);

describe.each(BACKENDS)('tenant boundary (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let customer: string; // tenant 1, group g-cus (cusEnterprise), role r-customer (tenant 1)

  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    // The hostile tenant user holds every group code, the role codes, menu editing, user editing and
    // account inquiry: everything the audit's escalation needed.
    await grant(t, 'r-customer', [
      ...['list', 'add', 'edit', 'delete'].map((a) => `${CONFIG_PERM.group}:${a}`),
      RBAC_CODE.roleAuth,
      RBAC_CODE.permEdit,
      'system:user:edit',
      'system:user:list',
      LEDGER_PERMS.accountInquiry,
    ]);
    customer = (await login(t.app, 'customer')).token;
  });
  afterAll(async () => t?.close());

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = customer, tenant?: string) =>
    call(t.app, method, path, body, {
      token,
      signed: true,
      tenant,
      query: method === 'DELETE' || method === 'GET' ? (body as Record<string, string>) : undefined,
    });

  it('a tenant user cannot make its group a platform group, move it to another tenant, or change the group it works in', async () => {
    const own = { id: 'g-cus', groupName: '示例企业客户', groupType: 'cusEnterprise', tenantId: '1', systemId: 'sys-cus', cusCode: 'C0001', objCode: 'C0001' };
    const toPlatform = await send('PUT', '/sys/group/edit', { ...own, groupType: 'platSelf' });
    expect(toPlatform.statusCode).toBe(403);
    expect(toPlatform.json().message).toBe(CONFIG_MSG.platformGroupOnly);
    const toTenant0 = await send('PUT', '/sys/group/edit', { ...own, tenantId: '0' });
    expect(toTenant0.statusCode).toBe(403);
    expect(toTenant0.json().message).toBe(CONFIG_MSG.otherTenant);
    const retyped = await send('PUT', '/sys/group/edit', { ...own, groupType: 'orgBank' });
    expect(retyped.statusCode).toBe(403);
    expect(retyped.json().message).toBe(CONFIG_MSG.ownGroupFixed);
    // a rename of its own group is fine
    expect((await send('PUT', '/sys/group/edit', { ...own, groupName: '示例企业客户（改）' })).statusCode).toBe(200);

    const addPlat = await send('POST', '/sys/group/add', { groupName: '偷偷的平台组', groupType: 'platX', tenantId: '1', systemId: 'sys-plat' });
    expect(addPlat.statusCode).toBe(403);
    expect(addPlat.json().message).toBe(CONFIG_MSG.platformGroupOnly);
    const addElsewhere = await send('POST', '/sys/group/add', { groupName: '别人家的组', groupType: 'cusX', tenantId: '0', systemId: 'sys-cus' });
    expect(addElsewhere.statusCode).toBe(403);
    expect(addElsewhere.json().message).toBe(CONFIG_MSG.otherTenant);

    const rows = await t.sql<{ id: string; group_type: string; tenant_id: string }>(
      `SELECT id, group_type, tenant_id FROM groups WHERE group_type LIKE 'plat%' OR tenant_id = '1' ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: 'g-cus', group_type: 'cusEnterprise', tenant_id: '1' },
      { id: 'g-plat', group_type: 'platSelf', tenant_id: '0' },
      { id: 'g-reg', group_type: 'cusPersonal', tenant_id: '1' },
    ]);

    // …so what the escalation reached stays out of reach
    expect((await send('GET', '/sys/tenant/list', {})).statusCode).toBe(403);
    const other = await send('POST', LEDGER_PATHS.accountInquiry, { cusCode: 'C0101' }, customer, '0');
    expect(other.statusCode).toBe(403);
    const inOwn = await send('POST', LEDGER_PATHS.accountInquiry, { cusCode: 'C0101' });
    expect(inOwn.json().body?.listData ?? []).toEqual([]);
  });

  it('a non-platform user of the platform tenant cannot change or delete a platform group', async () => {
    await grant(t, 'r-operator', [`${CONFIG_PERM.group}:edit`, `${CONFIG_PERM.group}:delete`]);
    const operator = (await login(t.app, 'operator')).token; // tenant 0, group g-org (orgBank)
    const edit = await send('PUT', '/sys/group/edit', { id: 'g-plat', groupName: '改', groupType: 'platSelf', tenantId: '0', systemId: 'sys-plat' }, operator);
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(CONFIG_MSG.platformGroupOnly);
    expect((await send('DELETE', '/sys/group/delete', { id: 'g-plat' }, operator)).statusCode).toBe(403);
    expect(await t.sql(`SELECT group_name FROM groups WHERE id = 'g-plat'`)).toEqual([{ group_name: '平台运营中心' }]);
  });

  it('a role grants its codes only in its own tenant', async () => {
    await t.sql(`INSERT INTO users (id, username, realname, password_hash) VALUES ('u-two', 'twotenants', '两租户用户', 'x')`);
    await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ('u-two', 'g-org'), ('u-two', 'g-cus')`);
    await t.sql(`INSERT INTO roles (id, role_code, role_name, tenant_id) VALUES ('r-t1-entity', 't1entity', '租户1主体管理', '1')`);
    await t.sql(`INSERT INTO user_roles (user_id, role_id) VALUES ('u-two', 'r-t1-entity')`);
    await grant(t, 'r-t1-entity', [`${CONFIG_PERM.entity}:list`]);
    const token = (await createSession(t.database.db, { userId: 'u-two', groupId: 'g-org' })).token;
    const inTenant0 = await call(t.app, 'GET', '/sys/entity/list', undefined, { token, tenant: '0' });
    expect(inTenant0.statusCode).toBe(403);
    expect(inTenant0.json().message).toBe(MSG.http403);
    expect((await call(t.app, 'GET', '/sys/entity/list', undefined, { token, tenant: '1' })).statusCode).toBe(200);
    // the menu follows the same rule
    const menu = async (tenant: string) =>
      (await call(t.app, 'GET', '/cap/auth/v1/UserResourceListInquiry', undefined, { token, tenant }))
        .json()
        .body.resourceJson.auth.map((a: { action: string }) => a.action);
    expect(await menu('0')).toEqual([]);
    expect(await menu('1')).toEqual([`${CONFIG_PERM.entity}:list`]);
  });

  it('look-ups read only the caller’s tenant', async () => {
    const sqlDict = async (tableName: string, fieldText: string, fieldValue: string) => {
      const res = await send('POST', CP.sqlDict, { tableName, fieldText, fieldValue, page: { pageSize: 200, pageNum: 1 } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().body.listData as { value: string }[]).map((r) => r.value);
    };
    expect(await sqlDict('sys_depart', 'depart_name', 'id')).toEqual([]);
    expect(await sqlDict('sys_role', 'role_name', 'id')).toEqual(expect.arrayContaining(['r-customer']));
    expect(await sqlDict('sys_role', 'role_name', 'id')).not.toContain('r-admin');
    expect(await sqlDict('sys_user', 'realname', 'id')).not.toContain('u-admin');
    // the admin of tenant 0 still sees tenant 0's departments
    const adminDeparts = await call(
      t.app,
      'POST',
      CP.sqlDict,
      { tableName: 'sys_depart', fieldText: 'depart_name', fieldValue: 'id' },
      { token: admin, signed: true },
    );
    expect((adminDeparts.json().body.listData as unknown[]).length).toBeGreaterThan(0);

    const tree = await send('GET', CP.loadTreeData, { tableName: 'sys_depart', text: 'depart_name', code: 'id' });
    expect(tree.statusCode).toBe(200);
    expect(tree.json().result).toEqual([]);

    // whether a mobile exists in another tenant is not the caller's business
    const dup = async (value: string) => (await send('GET', CP.duplicateCheck, { tableName: 'sys_user', fieldName: 'mobile', fieldVal: value })).statusCode;
    expect(await dup('13800000001')).toBe(200); // the admin's, tenant 0
    expect(await dup('13800000004')).toBe(400); // the customer's own, tenant 1
    const exists = async (value: string) =>
      (await send('POST', CP.validateExistence, { tableName: 'sys_user', fieldCode: 'mobile', fieldValue: value })).json().body.cnt as number;
    expect(await exists('13800000001')).toBe(0);
    expect(await exists('13800000004')).toBe(1);
    expect((await send('GET', CP.duplicateCheck, { tableName: 'sys_depart', fieldName: 'org_code', fieldVal: 'A01' })).statusCode).toBe(200);
  });

  it('every allow-listed table that holds a tenant is read and counted per tenant', () => {
    for (const [name, table] of Object.entries(LOOKUP_TABLES)) {
      const hasTenant = 'tenantId' in getTableColumns(table.table) || name === 'users';
      if (hasTenant) expect(table.tenancy, name).toBe('tenant');
      if (table.tenancy === 'tenant') {
        expect(table.readScope, name).toBeTypeOf('function');
        expect(table.uniqueScope, name).toBeTypeOf('function');
      }
    }
  });

  it('nobody grants what they do not hold: roles, assigned roles, the menu catalogue', async () => {
    // the tenant user adds a code it does not hold to its own role
    const tenantList = (await t.sql<{ id: string }>(`SELECT id FROM permissions WHERE perms = 'system:tenant:list'`))[0].id;
    const widen = await send('POST', RBAC.saveRolePermission, { roleId: 'r-customer', permissionIds: tenantList, lastpermissionIds: '' });
    expect(widen.statusCode).toBe(403);
    expect(widen.json().message).toBe(RBAC_MSG.grantBeyondOwn);
    expect(await t.sql(`SELECT 1 FROM role_permissions WHERE role_id = 'r-customer' AND permission_id = $1`, [tenantList])).toEqual([]);

    // it assigns itself a bigger role of its tenant
    await t.sql(`INSERT INTO roles (id, role_code, role_name, tenant_id) VALUES ('r-t1-big', 't1big', '租户1大角色', '1')`);
    await t.sql(`INSERT INTO role_permissions (role_id, permission_id) VALUES ('r-t1-big', $1)`, [tenantList]);
    const self = await send('PUT', '/sys/user/edit', { id: 'u-customer', realname: '王客户', selectedroles: 'r-customer,r-t1-big' });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(RBAC_MSG.grantBeyondOwn);
    expect(await t.sql(`SELECT role_id FROM user_roles WHERE user_id = 'u-customer' ORDER BY role_id`)).toEqual([{ role_id: 'r-customer' }]);

    // it rewrites a menu row it may edit so that the row carries a code it wants
    const [{ parent_id: parentId }] = await t.sql<{ parent_id: string }>(`SELECT parent_id FROM permissions WHERE id = $1`, [tenantList]);
    const edit = await send('PUT', RBAC.permEdit, { id: tenantList, parentId, name: 'x', perms: 'system:tenant:list', type: '2', status: '1' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(RBAC_MSG.permPlatformOnly);

    // the platform administrator may still grant anything
    const ok = await call(
      t.app,
      'POST',
      RBAC.saveRolePermission,
      { roleId: 'r-operator', permissionIds: tenantList, lastpermissionIds: '' },
      { token: admin, signed: true },
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('the dictionary cache refresh asks for system:dict:refresh', async () => {
    const refused = await send('GET', '/sys/dict/refleshCache', {});
    expect(refused.statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/sys/dict/refleshCache', undefined, { token: admin })).statusCode).toBe(200);
  });

  it('every permission code of the catalogue is asked by some route, or says why not', async () => {
    const codes = await t.sql<{ perms: string }>(`SELECT DISTINCT perms FROM permissions WHERE perms IS NOT NULL AND perms <> '' ORDER BY perms`);
    const asked = new Set(
      t.app.apiRoutes.flatMap((r) =>
        String(r.permission ?? '')
          .split(',')
          .map((c) => c.trim()),
      ),
    );
    asked.add(API_DOCS_PERMISSION); // asked by the /docs gate (server/http/docsGate.ts), which is not in the route table
    // asked by the live grid socket (server/realtime/vxeSocket.ts), per page and per row operation
    for (const page of Object.values(VXE_PAGES))
      for (const code of [page.permission, page.opPermissions?.insert, page.opPermissions?.delete]) if (code) asked.add(code);
    const unasked = codes.map((c) => c.perms).filter((c) => !asked.has(c) && !(c in DISPLAY_ONLY_CODES));
    expect(unasked).toEqual([]);
    // and the exceptions are real catalogue codes, so the list cannot rot
    for (const code of Object.keys(DISPLAY_ONLY_CODES)) expect(codes.map((c) => c.perms)).toContain(code);
  });
});
