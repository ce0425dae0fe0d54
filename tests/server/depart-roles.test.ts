// Department permissions and department roles change what a user can do (issue 13 §3, Jeecg's
// department roles): a user linked to a department role holds what it grants, in its tenant, while
// they belong to its department, never beyond the department's own permissions; the permission
// lookup and its cache follow every change, from this process and from the database; the calls
// that save them keep to the tenant, the cap, and what the caller holds in full.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_P } from '../../contract/api/admin';
import { RBAC, RBAC_CODE, RBAC_MSG } from '../../contract/api/rbac';
import { createSession } from '../../server/modules/session/service';
import { BACKENDS, call, login, startApp, until, type TestApp } from './helpers';

const ROLE_MENU = 'm-system-role';
const ROLE_LIST = 'b-role-list';

describe.each(BACKENDS)('department roles grant on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let member: string; // tenant 0, group g-org, in 运营部 (d-a01a01), no role
  let leadRole: string; // department role of 运营部 granting the role list

  const send = (method: 'GET' | 'POST' | 'PUT', path: string, body: Record<string, unknown>, token = admin, tenant?: string) =>
    call(t.app, method, path, method === 'GET' ? undefined : body, {
      token,
      signed: true,
      tenant,
      query: method === 'GET' ? (body as Record<string, string>) : undefined,
    });
  const roleList = (token: string, tenant?: string) => call(t.app, 'GET', RBAC.roleList, undefined, { token, tenant }).then((r) => r.statusCode);
  const codes = async (token: string, tenant?: string) =>
    (await call(t.app, 'GET', '/cap/auth/v1/UserResourceListInquiry', undefined, { token, tenant }))
      .json()
      .body.resourceJson.auth.map((a: { action: string }) => a.action) as string[];
  const link = (userId: string, newRoleId: string, oldRoleId = '', token = admin) =>
    send('POST', RBAC.departRoleUserAdd, { userId, newRoleId, oldRoleId }, token);

  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    await t.sql(`INSERT INTO users (id, username, realname, password_hash, org_code) VALUES ('u-member', 'member', 'member', 'x', 'A01A01')`);
    await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ('u-member', 'g-org')`);
    await t.sql(`INSERT INTO user_departs (user_id, depart_id) VALUES ('u-member', 'd-a01a01')`);
    member = (await createSession(t.database.db, { userId: 'u-member', groupId: 'g-org' })).token;
    const depart = await send('POST', RBAC.saveDepartPermission, { departId: 'd-a01a01', permissionIds: `${ROLE_MENU},${ROLE_LIST}`, lastpermissionIds: '' });
    expect(depart.statusCode, depart.body).toBe(200);
    const role = await send('POST', RBAC.departRoleAdd, { departId: 'd-a01a01', roleName: '运营主管', roleCode: 'ops_lead' });
    expect(role.statusCode, role.body).toBe(200);
    leadRole = role.json().result.id;
    const grant = await send('POST', RBAC.saveDepartRolePermission, { roleId: leadRole, permissionIds: `${ROLE_MENU},${ROLE_LIST}`, lastpermissionIds: '' });
    expect(grant.statusCode, grant.body).toBe(200);
  }, 180_000);
  afterAll(async () => t?.close());

  it('a user linked to a department role holds its permissions; unlinked, they do not', async () => {
    expect(await roleList(member)).toBe(403);
    const res = await link('u-member', leadRole);
    expect(res.statusCode, res.body).toBe(200);
    expect((await send('GET', RBAC.departRoleOfUser, { userId: 'u-member' })).json().result).toEqual([leadRole]);
    expect(await roleList(member)).toBe(200);
    expect(await codes(member)).toContain(RBAC_CODE.roleList);
    expect((await link('u-member', '', leadRole)).statusCode).toBe(200);
    expect(await roleList(member)).toBe(403);
    expect((await send('GET', RBAC.departRoleOfUser, { userId: 'u-member', departId: 'd-a01a01' })).json().result).toEqual([]);
    expect((await link('u-member', leadRole)).statusCode).toBe(200);
  });

  it('the department’s permissions cap its roles: withdrawn from the department, gone from its users', async () => {
    expect(await roleList(member)).toBe(200);
    const narrowed = await send('POST', RBAC.saveDepartPermission, {
      departId: 'd-a01a01',
      permissionIds: ROLE_MENU,
      lastpermissionIds: `${ROLE_MENU},${ROLE_LIST}`,
    });
    expect(narrowed.statusCode).toBe(200);
    expect(await roleList(member)).toBe(403);
    // A grant of the role outside its department's (written around the calls) counts for nothing.
    await t.sql(`INSERT INTO depart_role_permissions (role_id, permission_id) VALUES ($1, $2)`, [leadRole, ROLE_LIST]);
    expect(await roleList(member)).toBe(403);
    expect(await codes(member)).not.toContain(RBAC_CODE.roleList);
    // Given back to the department, the grant counts again (the role still holds it).
    await send('POST', RBAC.saveDepartPermission, { departId: 'd-a01a01', permissionIds: `${ROLE_MENU},${ROLE_LIST}`, lastpermissionIds: ROLE_MENU });
    expect(await roleList(member)).toBe(200);
  });

  it('counts only while the user belongs to the role’s department, and only in the role’s tenant', async () => {
    // Moved to another department by an administrator: the link stays, the grant does not.
    const moved = await send('PUT', ADMIN_P.userEdit, { id: 'u-member', realname: 'member', selecteddeparts: 'd-a01a02' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await roleList(member)).toBe(403);
    expect((await send('PUT', ADMIN_P.userEdit, { id: 'u-member', realname: 'member', selecteddeparts: 'd-a01a01' })).statusCode).toBe(200);
    expect(await roleList(member)).toBe(200);
    // The member also works in tenant 1: the tenant-0 department role counts there for nothing.
    await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ('u-member', 'g-cus')`);
    expect(await roleList(member, '0')).toBe(200);
    expect(await roleList(member, '1')).toBe(403);
    expect(await codes(member, '1')).toEqual([]);
    await t.sql(`DELETE FROM user_groups WHERE user_id = 'u-member' AND group_id = 'g-cus'`);
  });

  it('a change written by another process reaches the cached grants', async () => {
    expect(await roleList(member)).toBe(200);
    await t.sql(`DELETE FROM depart_role_users WHERE user_id = 'u-member'`);
    await until('the link gone', async () => (await roleList(member)) === 403, 5000);
    await t.sql(`INSERT INTO depart_role_users (user_id, role_id) VALUES ('u-member', $1)`, [leadRole]);
    await until('the link back', async () => (await roleList(member)) === 200, 5000);
    await t.sql(`DELETE FROM depart_role_permissions WHERE role_id = $1 AND permission_id = $2`, [leadRole, ROLE_LIST]);
    await until('the grant gone', async () => (await roleList(member)) === 403, 5000);
    await t.sql(`INSERT INTO depart_role_permissions (role_id, permission_id) VALUES ($1, $2)`, [leadRole, ROLE_LIST]);
    await until('the grant back', async () => (await roleList(member)) === 200, 5000);
  });

  it('links keep to the tenant and to the user’s departments', async () => {
    // A department role of tenant 1 is not found from tenant 0.
    await t.sql(`INSERT INTO departments (id, tenant_id, org_code, depart_name) VALUES ('d-t1', '1', 'T1A01', '租户1部门')`);
    await t.sql(`INSERT INTO depart_roles (id, tenant_id, depart_id, role_name, role_code) VALUES ('dr-t1', '1', 'd-t1', '租户1部门角色', 't1_role')`);
    expect((await link('u-member', 'dr-t1')).statusCode).toBe(404);
    // A role of a department the user is not in.
    const other = await send('POST', RBAC.departRoleAdd, { departId: 'd-a01a02', roleName: '风控主管', roleCode: 'risk_lead' });
    const otherRole = other.json().result.id;
    const notMine = await link('u-member', otherRole);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().message).toBe(RBAC_MSG.departRoleNotUsers);
    // A user of tenant 1 is not found from tenant 0.
    expect((await link('u-customer', leadRole)).statusCode).toBe(404);
    expect(await t.sql(`SELECT role_id FROM depart_role_users WHERE user_id IN ('u-member', 'u-customer') ORDER BY role_id`)).toEqual([{ role_id: leadRole }]);
  });

  it('a tenant administrator grants into a department role, or links a user to one, only what they hold in full', async () => {
    // 运营部 holds the role menu; the department administrator holds only the department-role codes.
    await t.sql(`INSERT INTO roles (id, role_code, role_name, tenant_id) VALUES ('r-depart-admin', 'depart_admin', '部门管理员', '0')`);
    await t.sql(
      `INSERT INTO role_permissions (role_id, permission_id) SELECT 'r-depart-admin', id FROM permissions WHERE perms = ANY($1) OR id = 'm-system-depart'`,
      [[RBAC_CODE.departRoleAuth, RBAC_CODE.departRoleList, RBAC_CODE.departRoleAdd]],
    );
    await t.sql(`INSERT INTO users (id, username, realname, password_hash, org_code) VALUES ('u-dadmin', 'dadmin', 'dadmin', 'x', 'A01A01')`);
    await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ('u-dadmin', 'g-org')`);
    await t.sql(`INSERT INTO user_departs (user_id, depart_id) VALUES ('u-dadmin', 'd-a01a01')`);
    await t.sql(`INSERT INTO user_roles (user_id, role_id) VALUES ('u-dadmin', 'r-depart-admin')`);
    const dadmin = (await createSession(t.database.db, { userId: 'u-dadmin', groupId: 'g-org' })).token;
    const made = await send('POST', RBAC.departRoleAdd, { departId: 'd-a01a01', roleName: '自封', roleCode: 'self_made' }, dadmin);
    expect(made.statusCode, made.body).toBe(200);
    const own = made.json().result.id as string;
    const beyond = await send('POST', RBAC.saveDepartRolePermission, { roleId: own, permissionIds: ROLE_LIST, lastpermissionIds: '' }, dadmin);
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().message).toBe(RBAC_MSG.grantBeyondOwn);
    expect(await t.sql(`SELECT 1 FROM depart_role_permissions WHERE role_id = $1`, [own])).toEqual([]);
    // Linking oneself to the administrator's role that grants the role list: refused the same way.
    const self = await link('u-dadmin', leadRole, '', dadmin);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(RBAC_MSG.grantBeyondOwn);
    expect(await roleList(dadmin)).toBe(403);
    // What they hold in full (here: the department page itself, given to the department) they may grant.
    await send('POST', RBAC.saveDepartPermission, { departId: 'd-a01a01', permissionIds: 'm-system-depart', lastpermissionIds: '' });
    expect(
      (await send('POST', RBAC.saveDepartRolePermission, { roleId: own, permissionIds: 'm-system-depart', lastpermissionIds: '' }, dadmin)).statusCode,
    ).toBe(200);
  });
});
