// A user narrowed by a data rule does not widen their own reach (issue 13 §1 and §3): they keep
// their own roles, departments and current department, every user they edit or add stays inside
// their rule, they change no data rule of a role they hold, and what they hold only under a rule
// is not theirs to hand on (into a role, or to a user through a role). Data rules themselves are
// kept by platform staff, as the menus are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_P, USER_MSG } from '../../contract/api/admin';
import { encodePassword } from '../../contract/crypto';
import { DATA_RULE_MSG, DATA_RULE_P } from '../../contract/api/dataRules';
import { RBAC, RBAC_CODE, RBAC_MSG } from '../../contract/api/rbac';
import { createSession } from '../../server/modules/session/service';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

const USER_MENU = 'm-system-user';
const ROLE_MENU = 'm-system-role';

describe.each(BACKENDS)('own reach under a data rule on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let boss: string; // tenant 0, group g-org, role r-dept-admin held to its own department (A01A01)
  let free: string; // tenant 0, group g-org, role r-user-free: the same codes, no rule
  let ownDeptRule: string;

  const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', path: string, body: unknown, token: string) =>
    call(t.app, method, path, method === 'DELETE' || method === 'GET' ? undefined : body, {
      token,
      signed: true,
      query: method === 'DELETE' || method === 'GET' ? (body as Record<string, string>) : undefined,
    });
  const grant = (roleId: string, ids: string[], codes: string[] = []) =>
    t.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT $1, id FROM permissions WHERE id = ANY($2) OR perms = ANY($3) ON CONFLICT DO NOTHING`, [
      roleId,
      ids,
      codes,
    ]);
  async function role(id: string, tenantId = '0') {
    await t.sql(`INSERT INTO roles (id, role_code, role_name, tenant_id) VALUES ($1, $1, $1, $2)`, [id, tenantId]);
  }
  async function userWith(name: string, roleIds: string[], depart: [id: string, orgCode: string] | null, groupId = 'g-org') {
    const id = `u-${name}`;
    await t.sql(`INSERT INTO users (id, username, realname, password_hash, org_code) VALUES ($1, $2, $2, 'x', $3)`, [id, name, depart?.[1] ?? null]);
    await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)`, [id, groupId]);
    if (depart) await t.sql(`INSERT INTO user_departs (user_id, depart_id) VALUES ($1, $2)`, [id, depart[0]]);
    for (const r of roleIds) await t.sql(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [id, r]);
    return (await createSession(t.database.db, { userId: id, groupId })).token;
  }
  const addUser = (username: string, fields: Record<string, string>, token: string) =>
    send('POST', ADMIN_P.userAdd, { username, realname: username, password: encodePassword('Abc@12345'), ...fields }, token);
  const userRow = async (id: string) =>
    (await t.sql<{ org_code: string | null; realname: string }>(`SELECT org_code, realname FROM users WHERE id = $1`, [id]))[0];
  const departsOf = async (id: string) =>
    (await t.sql<{ depart_id: string }>(`SELECT depart_id FROM user_departs WHERE user_id = $1 ORDER BY depart_id`, [id])).map((r) => r.depart_id);
  const rolesOf = async (id: string) =>
    (await t.sql<{ role_id: string }>(`SELECT role_id FROM user_roles WHERE user_id = $1 ORDER BY role_id`, [id])).map((r) => r.role_id);

  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    const codes = ['system:user:list', 'system:user:edit', 'system:user:add', RBAC_CODE.roleList, RBAC_CODE.roleAuth];
    for (const r of ['r-dept-admin', 'r-user-free']) {
      await role(r);
      await grant(r, [USER_MENU, ROLE_MENU], codes);
    }
    // A rule-free role an administrator made: what the narrowed user would like to hold.
    await role('r-wide');
    await grant('r-wide', [USER_MENU], ['system:user:list']);
    await role('r-puppet');
    const add = await send(
      'POST',
      RBAC.ruleAdd,
      { permissionId: USER_MENU, ruleName: '本部门', ruleColumn: 'org_code', ruleConditions: '=', ruleValue: '#{sys_org_code}' },
      admin,
    );
    expect(add.statusCode, add.body).toBe(200);
    ownDeptRule = add.json().result.id;
    const hold = await send('POST', DATA_RULE_P.roleDataRule, { roleId: 'r-dept-admin', permissionId: USER_MENU, dataRuleIds: ownDeptRule }, admin);
    expect(hold.statusCode, hold.body).toBe(200);
    boss = await userWith('boss', ['r-dept-admin'], ['d-a01a01', 'A01A01']);
    free = await userWith('free_admin', ['r-user-free'], ['d-a01a01', 'A01A01']);
    await userWith('ops_two', [], ['d-a01a01', 'A01A01']);
  }, 180_000);
  afterAll(async () => t?.close());

  it('a user held to a rule keeps their own current department, departments and roles', async () => {
    const edit = (body: Record<string, string>) => send('PUT', ADMIN_P.userEdit, { id: 'u-boss', realname: 'boss', ...body }, boss);
    const moved = await edit({ orgCode: 'A01A02' });
    expect(moved.statusCode, moved.body).toBe(403);
    expect(moved.json().message).toBe(USER_MSG.selfScopeFixed);
    const joined = await edit({ selecteddeparts: 'd-a01a01,d-a01a02' });
    expect(joined.statusCode).toBe(403);
    expect(joined.json().message).toBe(USER_MSG.selfScopeFixed);
    const promoted = await edit({ selectedroles: 'r-dept-admin,r-wide' });
    expect(promoted.statusCode).toBe(403);
    expect(promoted.json().message).toBe(USER_MSG.selfScopeFixed);
    const dropped = await edit({ selectedroles: '' });
    expect(dropped.statusCode).toBe(403);
    expect(await userRow('u-boss')).toEqual({ org_code: 'A01A01', realname: 'boss' });
    expect(await departsOf('u-boss')).toEqual(['d-a01a01']);
    expect(await rolesOf('u-boss')).toEqual(['r-dept-admin']);
    // The same roles and departments sent back, and a new name, are fine.
    const same = await edit({ realname: '老板', selectedroles: 'r-dept-admin', selecteddeparts: 'd-a01a01', orgCode: 'A01A01' });
    expect(same.statusCode, same.body).toBe(200);
    expect(await userRow('u-boss')).toEqual({ org_code: 'A01A01', realname: '老板' });

    // Holding the permission without a rule, one's own departments are one's own business.
    const freeEdit = await send(
      'PUT',
      ADMIN_P.userEdit,
      { id: 'u-free_admin', realname: 'free', selecteddeparts: 'd-a01a01,d-a01a02', orgCode: 'A01A02' },
      free,
    );
    expect(freeEdit.statusCode, freeEdit.body).toBe(200);
    expect(await userRow('u-free_admin')).toEqual({ org_code: 'A01A02', realname: 'free' });
  });

  it('an org code must be a department of the tenant', async () => {
    for (const orgCode of ['ZZZ', 'A01A01-x']) {
      const res = await send('PUT', ADMIN_P.userEdit, { id: 'u-ops_two', realname: 'ops_two', orgCode }, admin);
      expect(res.statusCode, orgCode).toBe(400);
      expect(res.json().message).toBe(USER_MSG.departUnknown);
    }
    // A department of tenant 1 is not one of tenant 0's.
    await t.sql(`INSERT INTO departments (id, tenant_id, org_code, depart_name) VALUES ('d-t1-x', '1', 'T1X01', '租户1部门')`);
    const other = await send('PUT', ADMIN_P.userEdit, { id: 'u-ops_two', realname: 'ops_two', orgCode: 'T1X01' }, admin);
    expect(other.statusCode).toBe(400);
    const added = await addUser('nodept', { orgCode: 'T1X01' }, admin);
    expect(added.statusCode).toBe(400);
    expect(await userRow('u-ops_two')).toEqual({ org_code: 'A01A01', realname: 'ops_two' });
    expect(await t.sql(`SELECT 1 FROM users WHERE username = 'nodept'`)).toEqual([]);
  });

  it('a user held to a rule cannot move a user, nor add one, outside their rule', async () => {
    const away = await send('PUT', ADMIN_P.userEdit, { id: 'u-ops_two', realname: 'ops_two', orgCode: 'A01A02' }, boss);
    expect(away.statusCode, away.body).toBe(403);
    expect(away.json().message).toBe(USER_MSG.outsideScope);
    const byDeparts = await send('PUT', ADMIN_P.userEdit, { id: 'u-ops_two', realname: 'ops_two', selecteddeparts: 'd-a01a02' }, boss);
    expect(byDeparts.statusCode).toBe(403);
    expect(await userRow('u-ops_two')).toEqual({ org_code: 'A01A01', realname: 'ops_two' });
    expect(await departsOf('u-ops_two')).toEqual(['d-a01a01']);
    const outside = await addUser('elsewhere', { selecteddeparts: 'd-a01a02' }, boss);
    expect(outside.statusCode, outside.body).toBe(403);
    expect(await t.sql(`SELECT 1 FROM users WHERE username = 'elsewhere'`)).toEqual([]);
    // Inside the rule, both are fine.
    expect((await send('PUT', ADMIN_P.userEdit, { id: 'u-ops_two', realname: '运营二' }, boss)).statusCode).toBe(200);
    const inside = await addUser('inside', { selecteddeparts: 'd-a01a01' }, boss);
    expect(inside.statusCode, inside.body).toBe(200);
  });

  it('a permission held only under a rule is not handed on: into a role, to a user, to a new puppet account', async () => {
    // Into a rule-free role (which the user could then be given, or give to a puppet).
    for (const ids of [USER_MENU, 'b-user-list']) {
      const res = await send('POST', RBAC.saveRolePermission, { roleId: 'r-puppet', permissionIds: ids, lastpermissionIds: '' }, boss);
      expect(res.statusCode, ids).toBe(403);
      expect(res.json().message).toBe(RBAC_MSG.grantUnderRule);
    }
    expect(await t.sql(`SELECT permission_id FROM role_permissions WHERE role_id = 'r-puppet'`)).toEqual([]);
    // What they hold in full they may grant.
    const full = await send('POST', RBAC.saveRolePermission, { roleId: 'r-puppet', permissionIds: ROLE_MENU, lastpermissionIds: '' }, boss);
    expect(full.statusCode, full.body).toBe(200);
    // A rule-free role carrying the menu, to a user of theirs or to a new account.
    const toUser = await send('PUT', ADMIN_P.userEdit, { id: 'u-ops_two', realname: '运营二', selectedroles: 'r-wide' }, boss);
    expect(toUser.statusCode).toBe(403);
    expect(toUser.json().message).toBe(RBAC_MSG.grantUnderRule);
    expect(await rolesOf('u-ops_two')).toEqual([]);
    const puppet = await addUser('puppet', { selectedroles: 'r-wide', selecteddeparts: 'd-a01a01' }, boss);
    expect(puppet.statusCode).toBe(403);
    expect(puppet.json().message).toBe(RBAC_MSG.grantUnderRule);
    expect(await t.sql(`SELECT 1 FROM users WHERE username = 'puppet'`)).toEqual([]);
    // The same user holding the menu without a rule may.
    const ok = await send('PUT', ADMIN_P.userEdit, { id: 'u-ops_two', realname: '运营二', selectedroles: 'r-wide' }, free);
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('nobody changes the data rules of a role they hold, platform staff included', async () => {
    const clear = await send('POST', DATA_RULE_P.roleDataRule, { roleId: 'r-dept-admin', permissionId: USER_MENU, dataRuleIds: '' }, boss);
    expect(clear.statusCode, clear.body).toBe(403);
    expect(clear.json().message).toBe(DATA_RULE_MSG.ownRole);
    expect(await t.sql(`SELECT rule_id FROM role_data_rules WHERE role_id = 'r-dept-admin'`)).toEqual([{ rule_id: ownDeptRule }]);
    const own = await send('POST', DATA_RULE_P.roleDataRule, { roleId: 'r-admin', permissionId: USER_MENU, dataRuleIds: ownDeptRule }, admin);
    expect(own.statusCode).toBe(403);
    expect(await t.sql(`SELECT rule_id FROM role_data_rules WHERE role_id = 'r-admin'`)).toEqual([]);
  });

  it('data rules are kept by platform-group users; nobody edits or deletes a rule a role of theirs holds', async () => {
    // A non-platform user of the platform tenant holding the rule code.
    await role('r-rule-keeper');
    await grant('r-rule-keeper', [], [RBAC_CODE.permRule]);
    const keeper = await userWith('rule_keeper', ['r-rule-keeper'], null);
    const rule = { permissionId: USER_MENU, ruleName: '全部', ruleColumn: 'org_code', ruleConditions: 'LIKE', ruleValue: 'A' };
    const add = await send('POST', RBAC.ruleAdd, rule, keeper);
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(RBAC_MSG.permPlatformOnly);
    const edit = await send('PUT', RBAC.ruleEdit, { id: ownDeptRule, ...rule }, keeper);
    expect(edit.statusCode).toBe(403);
    expect((await send('DELETE', RBAC.ruleDelete, { id: ownDeptRule }, keeper)).statusCode).toBe(403);

    // Platform staff held to the rule themselves (here through a role written in the database).
    await role('r-plat-ruled');
    await grant('r-plat-ruled', [USER_MENU], [RBAC_CODE.permRule]);
    await t.sql(`INSERT INTO role_data_rules (role_id, rule_id) VALUES ('r-plat-ruled', $1)`, [ownDeptRule]);
    const plat = await userWith('plat_ruled', ['r-plat-ruled'], ['d-a01a01', 'A01A01'], 'g-plat');
    const widen = await send('PUT', RBAC.ruleEdit, { id: ownDeptRule, ...rule }, plat);
    expect(widen.statusCode, widen.body).toBe(403);
    expect(widen.json().message).toBe(DATA_RULE_MSG.ownRole);
    expect((await send('DELETE', RBAC.ruleDelete, { id: ownDeptRule }, plat)).statusCode).toBe(403);
    const [kept] = await t.sql<{ rule_conditions: string; rule_value: string }>(`SELECT rule_conditions, rule_value FROM permission_data_rules WHERE id = $1`, [
      ownDeptRule,
    ]);
    expect(kept).toEqual({ rule_conditions: '=', rule_value: '#{sys_org_code}' });
    // A rule none of their roles holds is theirs to keep.
    const added = await send('POST', RBAC.ruleAdd, rule, plat);
    expect(added.statusCode, added.body).toBe(200);
    expect((await send('DELETE', RBAC.ruleDelete, { id: added.json().result.id }, plat)).statusCode).toBe(200);
  });
});
