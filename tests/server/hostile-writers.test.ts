// Every route that writes a group, role, permission, membership, tenant or data-rule field, tried
// by a hostile tenant user (issue 13 §1): the tenant-1 customer holds every code of those screens
// and aims each call past its reach (another tenant's row, a platform object, a grant it does not
// hold, its own role's rules). Each is refused with the expected 4xx and none of those tables
// changes. A walk of the route table lists every writer of those tables and fails when one has no
// hostile case here, nor a reason why it cannot widen anyone's reach.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/constants';
import { encodePassword } from '../../contract/crypto';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

type Method = 'POST' | 'PUT' | 'DELETE';
interface HostileCase {
  /** Body (POST, PUT) or query (DELETE). */
  input: Record<string, unknown>;
  status: number;
  /** What the attempt aims at, for the failure report. */
  aim: string;
}

/** Route families whose writes are guarded here: their tables hold reach (groups, roles, grants, links, tenants, rules). */
const GUARDED_PREFIXES = [
  '/sys/user/',
  '/sys/tenant/',
  '/sys/system/',
  '/sys/group/',
  '/sys/role/',
  '/sys/permission/',
  '/sys/sysDepart',
  '/sys/sysDepartPermission/',
];
/** Writers of those tables outside the families (a session's own group or department). */
const GUARDED_ROUTES = ['PUT /sys/selectDepart', 'POST /cap/auth/v1/UserSystemSwitching'];

/** Writers that cannot be aimed past the caller's reach, and why. */
const NOT_AIMABLE: Record<string, string> = {
  'POST /sys/role/add':
    'creates an empty role of the caller’s own tenant (the body names no tenant); what it grants goes through saveRolePermission, a case here',
  'POST /sys/user/importExcel':
    'adds users to the caller’s own group of their tenant; a workbook row sets no role, department, group or tenant (userImport.ts)',
  'POST /sys/user/register': 'public; the server picks the tenant (by domain), group and role (auth/account.ts), the body names none',
  'POST /sys/user/passwordReset': 'public; sets a password after an SMS code sent to the account’s own mobile; no reach field',
  'POST /sys/user/alteration/sendOldCode': 'the caller’s own mobile change (user/alteration.ts); no reach field',
  'POST /sys/user/alteration/checkOldCode': 'the caller’s own mobile change; no reach field',
  'POST /sys/user/alteration/sendNewCode': 'the caller’s own mobile change; no reach field',
  'POST /sys/user/alteration/mobile': 'the caller’s own mobile change; no reach field',
};

/** The tables the hostile calls must leave untouched (users: the fields that carry reach). */
const SNAPSHOT = [
  'SELECT * FROM groups ORDER BY id',
  'SELECT * FROM tenants ORDER BY id',
  'SELECT * FROM systems ORDER BY id',
  'SELECT * FROM roles ORDER BY id',
  'SELECT * FROM role_permissions ORDER BY role_id, permission_id',
  'SELECT * FROM permissions ORDER BY id',
  'SELECT * FROM user_roles ORDER BY user_id, role_id',
  'SELECT * FROM user_groups ORDER BY user_id, group_id',
  'SELECT * FROM user_departs ORDER BY user_id, depart_id',
  'SELECT * FROM departments ORDER BY id',
  'SELECT * FROM depart_permissions ORDER BY depart_id, permission_id',
  'SELECT * FROM depart_roles ORDER BY id',
  'SELECT * FROM depart_role_permissions ORDER BY role_id, permission_id',
  'SELECT * FROM depart_role_users ORDER BY user_id, role_id',
  'SELECT * FROM permission_data_rules ORDER BY id',
  'SELECT * FROM role_data_rules ORDER BY role_id, rule_id',
  'SELECT id, username, org_code, status, password_hash, tenant_ids FROM users ORDER BY id',
];

describe.each(BACKENDS)('hostile writers on %s', (backend) => {
  let t: TestApp;
  let customer: string; // tenant 1, group g-cus, role r-customer: every code of the guarded screens
  let foreign: string; // a permission the customer does not hold (system:dict:add)
  const exercised = new Set<string>();

  beforeAll(async () => {
    t = await startApp(backend);
    await login(t.app, 'admin');
    const families = ['user', 'role', 'permission', 'depart', 'departRole', 'group', 'tenant', 'sys'].map((f) => `system:${f}:%`);
    await t.sql(
      `INSERT INTO role_permissions (role_id, permission_id) SELECT 'r-customer', id FROM permissions WHERE perms LIKE ANY($1) ON CONFLICT DO NOTHING`,
      [families],
    );
    [{ id: foreign }] = await t.sql<{ id: string }>(`SELECT id FROM permissions WHERE perms = 'system:dict:add'`);
    await t.sql(`INSERT INTO roles (id, role_code, role_name, tenant_id) VALUES ('r-t1-big', 't1big', '租户1大角色', '1')`);
    await t.sql(`INSERT INTO role_permissions (role_id, permission_id) VALUES ('r-t1-big', $1)`, [foreign]);
    // A department of tenant 1 holding the foreign permission, the customer in it, two department roles.
    await t.sql(`INSERT INTO departments (id, tenant_id, org_code, depart_name) VALUES ('d-t1h', '1', 'T1H01', '租户1部门')`);
    await t.sql(`INSERT INTO depart_permissions (depart_id, permission_id) VALUES ('d-t1h', $1)`, [foreign]);
    await t.sql(`INSERT INTO departments (id, tenant_id, org_code, depart_name) VALUES ('d-t1h2', '1', 'T1H02', '租户1部门二')`);
    await t.sql(`INSERT INTO user_departs (user_id, depart_id) VALUES ('u-customer', 'd-t1h')`);
    // Held to its own department on 用户管理 (so it sees itself), which it would like to widen.
    await t.sql(`UPDATE users SET org_code = 'T1H01' WHERE id = 'u-customer'`);
    await t.sql(`INSERT INTO depart_roles (id, tenant_id, depart_id, role_name, role_code) VALUES ('dr-t1h', '1', 'd-t1h', '空角色', 'empty_role')`);
    await t.sql(`INSERT INTO depart_roles (id, tenant_id, depart_id, role_name, role_code) VALUES ('dr-t1h-wide', '1', 'd-t1h', '宽角色', 'wide_role')`);
    await t.sql(`INSERT INTO depart_role_permissions (role_id, permission_id) VALUES ('dr-t1h-wide', $1)`, [foreign]);
    await t.sql(`INSERT INTO depart_roles (id, tenant_id, depart_id, role_name, role_code) VALUES ('dr-t0h', '0', 'd-a01', '平台部门角色', 'plat_role')`);
    await t.sql(
      `INSERT INTO permission_data_rules (id, permission_id, rule_name, rule_column, rule_conditions, rule_value) VALUES ('pdr-h', 'm-system-user', '本部门', 'org_code', '=', '#{sys_org_code}')`,
    );
    await t.sql(`INSERT INTO role_data_rules (role_id, rule_id) VALUES ('r-customer', 'pdr-h')`);
    customer = (await login(t.app, 'customer')).token;
  }, 180_000);
  afterAll(async () => t?.close());

  const password = encodePassword('Abc@12345');
  const rule = { permissionId: 'm-system-user', ruleName: '全部', ruleColumn: 'org_code', ruleConditions: 'LIKE', ruleValue: 'A' };
  const button = { parentId: 'm-system-user', name: '偷偷的按钮', type: '2', perms: 'system:dict:add', status: '1' };
  const HOSTILE: Record<string, HostileCase[]> = {
    'POST /sys/user/add': [
      {
        input: { username: 'h_new', realname: 'x', password, selectedroles: 'r-t1-big' },
        status: 403,
        aim: 'a new user with a role granting more than the caller holds',
      },
      { input: { username: 'h_new2', realname: 'x', password, selectedroles: 'r-admin' }, status: 400, aim: 'a new user with a role of tenant 0' },
      { input: { username: 'h_new3', realname: 'x', password, selecteddeparts: 'd-a01' }, status: 400, aim: 'a new user in a department of tenant 0' },
    ],
    'PUT /sys/user/edit': [
      { input: { id: 'u-customer', realname: '王客户', selectedroles: 'r-customer,r-t1-big' }, status: 403, aim: 'itself, a bigger role' },
      { input: { id: 'u-customer', realname: '王客户', orgCode: 'T1H02' }, status: 403, aim: 'itself, its current department (its rule’s variable)' },
      { input: { id: 'u-customer', realname: '王客户', orgCode: 'A01' }, status: 400, aim: 'itself, a department of tenant 0' },
      { input: { id: 'u-admin', realname: 'x' }, status: 404, aim: 'a user of tenant 0' },
    ],
    'DELETE /sys/user/delete': [{ input: { id: 'u-admin' }, status: 404, aim: 'a user of tenant 0' }],
    'DELETE /sys/user/deleteBatch': [{ input: { ids: 'u-admin,u-operator' }, status: 404, aim: 'users of tenant 0' }],
    'PUT /sys/user/frozenBatch': [{ input: { ids: 'u-admin', status: '2' }, status: 404, aim: 'freezing the platform administrator' }],
    'PUT /sys/user/changePassword': [
      { input: { username: 'admin', password, confirmpassword: password }, status: 404, aim: 'the platform administrator’s password' },
    ],
    'POST /sys/tenant/add': [{ input: { name: '新租户', status: 1 }, status: 403, aim: 'a tenant' }],
    'PUT /sys/tenant/edit': [{ input: { id: '1', name: '改名', status: 1 }, status: 403, aim: 'its own tenant' }],
    'DELETE /sys/tenant/delete': [{ input: { id: '0' }, status: 403, aim: 'the platform tenant' }],
    'DELETE /sys/tenant/deleteBatch': [{ input: { ids: '0,1' }, status: 403, aim: 'tenants' }],
    'POST /sys/system/add': [{ input: { sysCode: 'HX', sysName: '系统', sortNo: 1 }, status: 403, aim: 'a system' }],
    'PUT /sys/system/edit': [{ input: { id: 'sys-plat', sysCode: 'plat', sysName: '改', sortNo: 1 }, status: 403, aim: 'the platform system' }],
    'DELETE /sys/system/delete': [{ input: { id: 'sys-plat' }, status: 403, aim: 'the platform system' }],
    'DELETE /sys/system/deleteBatch': [{ input: { ids: 'sys-plat,sys-cus' }, status: 403, aim: 'systems' }],
    'POST /sys/group/add': [
      { input: { groupName: '平台组', groupType: 'platX', tenantId: '1', systemId: 'sys-plat' }, status: 403, aim: 'a platform-type group' },
      { input: { groupName: '别人的组', groupType: 'cusX', tenantId: '0', systemId: 'sys-cus' }, status: 403, aim: 'a group of tenant 0' },
    ],
    'PUT /sys/group/edit': [
      {
        input: { id: 'g-cus', groupName: '示例企业客户', groupType: 'platSelf', tenantId: '1', systemId: 'sys-cus' },
        status: 403,
        aim: 'its group to platform type',
      },
      { input: { id: 'g-plat', groupName: '改', groupType: 'platSelf', tenantId: '0', systemId: 'sys-plat' }, status: 404, aim: 'the platform group' },
    ],
    'DELETE /sys/group/delete': [{ input: { id: 'g-plat' }, status: 404, aim: 'the platform group' }],
    // (A batch naming its own tenant's groups too deletes those, and skips the others: the snapshot shows which.)
    'DELETE /sys/group/deleteBatch': [{ input: { ids: 'g-plat,g-org' }, status: 404, aim: 'groups of tenant 0' }],
    'PUT /sys/role/edit': [{ input: { id: 'r-admin', roleName: '改' }, status: 404, aim: 'the administrator role of tenant 0' }],
    'DELETE /sys/role/delete': [{ input: { id: 'r-admin' }, status: 404, aim: 'the administrator role of tenant 0' }],
    'DELETE /sys/role/deleteBatch': [{ input: { ids: 'r-admin,r-operator' }, status: 404, aim: 'roles of tenant 0' }],
    'POST /sys/permission/saveRolePermission': [],
    'POST /sys/role/datarule': [
      { input: { roleId: 'r-customer', permissionId: 'm-system-user', dataRuleIds: '' }, status: 403, aim: 'the rules of its own role' },
      { input: { roleId: 'r-admin', permissionId: 'm-system-user', dataRuleIds: 'pdr-h' }, status: 404, aim: 'a role of tenant 0' },
    ],
    'POST /sys/sysDepart/add': [{ input: { departName: '挂到平台', parentId: 'd-a01' }, status: 404, aim: 'a department under one of tenant 0' }],
    'PUT /sys/sysDepart/edit': [{ input: { id: 'd-a01', departName: '改' }, status: 404, aim: 'a department of tenant 0' }],
    'DELETE /sys/sysDepart/delete': [{ input: { id: 'd-a01a03' }, status: 404, aim: 'a department of tenant 0' }],
    'POST /sys/permission/saveDepartPermission': [],
    'POST /sys/sysDepartRole/add': [
      { input: { departId: 'd-a01', roleName: '别人的', roleCode: 'hx_role' }, status: 404, aim: 'a role of a department of tenant 0' },
    ],
    'PUT /sys/sysDepartRole/edit': [{ input: { id: 'dr-t0h', roleName: '改', roleCode: 'plat_role' }, status: 404, aim: 'a department role of tenant 0' }],
    'DELETE /sys/sysDepartRole/delete': [{ input: { id: 'dr-t0h' }, status: 404, aim: 'a department role of tenant 0' }],
    'POST /sys/sysDepartPermission/saveDeptRolePermission': [],
    'POST /sys/sysDepartRole/deptRoleUserAdd': [
      { input: { userId: 'u-customer', newRoleId: 'dr-t1h-wide', oldRoleId: '' }, status: 403, aim: 'itself, a department role granting more than it holds' },
      { input: { userId: 'u-customer', newRoleId: 'dr-t0h', oldRoleId: '' }, status: 404, aim: 'itself, a department role of tenant 0' },
      { input: { userId: 'u-admin', newRoleId: 'dr-t1h', oldRoleId: '' }, status: 404, aim: 'a user of tenant 0' },
    ],
    'POST /sys/permission/add': [{ input: { ...button, perms: 'hx:steal' }, status: 403, aim: 'a button under a menu it holds' }],
    'PUT /sys/permission/edit': [{ input: { ...button, id: 'b-user-list' }, status: 403, aim: 'a button it holds, to carry a code it wants' }],
    'DELETE /sys/permission/delete': [{ input: { id: 'b-dict-add' }, status: 403, aim: 'a button' }],
    'POST /sys/permission/addPermissionRule': [{ input: rule, status: 403, aim: 'a data rule' }],
    'PUT /sys/permission/editPermissionRule': [{ input: { ...rule, id: 'pdr-h' }, status: 403, aim: 'the rule it is held to' }],
    'DELETE /sys/permission/deletePermissionRule': [{ input: { id: 'pdr-h' }, status: 403, aim: 'the rule it is held to' }],
    'PUT /sys/selectDepart': [
      { input: { orgCode: 'A01', username: 'customer' }, status: 400, aim: 'a department of tenant 0 as its current one' },
      { input: { orgCode: 'T1H01', username: 'admin' }, status: 403, aim: 'another user’s current department' },
    ],
    'POST /cap/auth/v1/UserSystemSwitching': [{ input: { sysId: 'sys-plat', groupId: 'g-plat' }, status: 400, aim: 'the platform group' }],
  };

  it('refuses every hostile write, and none of the guarded tables changes', async () => {
    // Cases that need the foreign permission's id.
    HOSTILE['POST /sys/permission/saveRolePermission'] = [
      { input: { roleId: 'r-customer', permissionIds: foreign, lastpermissionIds: '' }, status: 403, aim: 'its own role, a permission it does not hold' },
      {
        input: { roleId: 'r-t1-big', permissionIds: 'b-user-list', lastpermissionIds: '' },
        status: 403,
        aim: 'a rule-free role, a permission it holds under a rule',
      },
      { input: { roleId: 'r-admin', permissionIds: foreign, lastpermissionIds: '' }, status: 404, aim: 'a role of tenant 0' },
    ];
    HOSTILE['POST /sys/permission/saveDepartPermission'] = [
      {
        input: { departId: 'd-t1h2', permissionIds: foreign, lastpermissionIds: '' },
        status: 403,
        aim: 'a department of its tenant, a permission it does not hold',
      },
      {
        input: { departId: 'd-t1h2', permissionIds: 'b-user-list', lastpermissionIds: '' },
        status: 403,
        aim: 'a department of its tenant, a permission it holds under a rule',
      },
      { input: { departId: 'd-a01', permissionIds: 'b-user-list', lastpermissionIds: '' }, status: 404, aim: 'a department of tenant 0' },
    ];
    HOSTILE['POST /sys/sysDepartPermission/saveDeptRolePermission'] = [
      { input: { roleId: 'dr-t1h', permissionIds: foreign, lastpermissionIds: '' }, status: 403, aim: 'a department role, a permission it does not hold' },
      { input: { roleId: 'dr-t0h', permissionIds: 'm-home', lastpermissionIds: '' }, status: 404, aim: 'a department role of tenant 0' },
    ];
    const snapshot = async () => {
      const out: unknown[] = [];
      for (const q of SNAPSHOT) out.push(await t.sql(q));
      return JSON.stringify(out);
    };
    const before = await snapshot();
    const wrong: string[] = [];
    for (const [key, cases] of Object.entries(HOSTILE)) {
      const [method, path] = key.split(' ') as [Method, string];
      for (const c of cases) {
        const query = method === 'DELETE' ? (c.input as Record<string, string>) : undefined;
        const res = await call(t.app, method, path, method === 'DELETE' ? undefined : c.input, { token: customer, signed: true, query });
        if (res.statusCode !== c.status) wrong.push(`${key} (${c.aim}) → ${res.statusCode} ${res.body.slice(0, 160)}, expected ${c.status}`);
      }
      if (cases.length) exercised.add(key);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot()).toBe(before);
  });

  // Runs after the cases above (a file's tests run in order): `exercised` holds what they tried.
  it('every route that writes those tables has a hostile case here, or says why it cannot be aimed', () => {
    const routes = t.app.apiRoutes.filter((r) => r.method !== 'GET' && r.method !== 'HEAD').map((r) => `${r.method} ${r.url.slice(API_BASE.length)}`);
    const writers = routes.filter((key) => {
      const path = key.slice(key.indexOf(' ') + 1);
      return GUARDED_PREFIXES.some((p) => path.startsWith(p)) || GUARDED_ROUTES.includes(key);
    });
    expect(writers.length).toBeGreaterThan(40);
    const unguarded = writers.filter((key) => !exercised.has(key) && !(key in NOT_AIMABLE));
    expect(unguarded).toEqual([]);
    // The lists name real routes, so they cannot rot.
    for (const key of [...Object.keys(HOSTILE), ...Object.keys(NOT_AIMABLE)]) expect(routes, key).toContain(key);
    for (const prefix of GUARDED_PREFIXES)
      expect(
        writers.some((k) => k.includes(` ${prefix}`)),
        prefix,
      ).toBe(true);
  });
});
