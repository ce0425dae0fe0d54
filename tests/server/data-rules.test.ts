// Data rules are enforced (issue 13 §3): a rule of the 用户管理 menu held by a role narrows that
// role's users in the list, the super query, the export and the detail (404 outside), with the
// signed-in user's own variables, and bounds what the role may change; a rule on a column outside
// the resource's allow-list is refused when saved; the list cache never serves a narrowed reader
// the unnarrowed page or the reverse; only roles of the request's tenant count; a config resource
// is narrowed the same way; and a department's permissions cap its department roles, on save and
// when read. Look-ups of users follow the same rules.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_P, type SysUserRow } from '../../contract/api/admin';
import { CP } from '../../contract/api/config';
import { DATA_RULE_MSG, DATA_RULE_P, type RoleDataRuleAnswer } from '../../contract/api/dataRules';
import { RBAC, RBAC_MSG, type DataRuleRecord } from '../../contract/api/rbac';
import { createSession } from '../../server/modules/session/service';
import { BACKENDS, call, login, startApp, until, type TestApp } from './helpers';

const USER_MENU = 'm-system-user';
const PAGE = { column: 'createTime', order: 'desc', pageNo: '1', pageSize: '100' };

async function sheetUsernames(data: Buffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const header = (ws.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const col = header.indexOf('用户账号');
  const out: string[] = [];
  ws.eachRow((row, n) => {
    if (n > 1) out.push(String((row.values as unknown[])[col] ?? ''));
  });
  return out;
}

describe.each(BACKENDS)('data rules on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const get = (p: string, query: Record<string, string> = {}, token = admin, tenant?: string) => call(t.app, 'GET', p, undefined, { token, query, tenant });
  const post = (p: string, body: unknown, token = admin) => call(t.app, 'POST', p, body, { token, signed: true });
  const put = (p: string, body: unknown, token = admin) => call(t.app, 'PUT', p, body, { token, signed: true });

  /** A user of group `groupId` in departments `departs` (the first is their current one), holding `roleIds`. */
  async function userWith(name: string, roleIds: string[], departs: [id: string, orgCode: string][], groupId = 'g-org') {
    const id = `u-${name}`;
    await t.sql(`INSERT INTO users (id, username, realname, password_hash, org_code) VALUES ($1, $2, $2, 'x', $3)`, [id, name, departs[0]?.[1] ?? null]);
    await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)`, [id, groupId]);
    for (const [d] of departs) await t.sql(`INSERT INTO user_departs (user_id, depart_id) VALUES ($1, $2)`, [id, d]);
    for (const r of roleIds) await t.sql(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [id, r]);
    const { token } = await createSession(t.database.db, { userId: id, groupId });
    return { id, token };
  }
  /** A role of tenant `tenantId` granted the user menu with its list and export buttons. */
  async function listRole(id: string, tenantId = '0') {
    await t.sql(`INSERT INTO roles (id, role_code, role_name, tenant_id) VALUES ($1, $1, $1, $2)`, [id, tenantId]);
    for (const p of [USER_MENU, 'b-user-list', 'b-user-export']) await t.sql(`INSERT INTO role_permissions (role_id, permission_id) VALUES ($1, $2)`, [id, p]);
  }
  async function addRule(ruleColumn: string, ruleConditions: string, ruleValue: string, permissionId = USER_MENU) {
    return post(RBAC.ruleAdd, { permissionId, ruleName: `${ruleColumn} ${ruleConditions} ${ruleValue}`, ruleColumn, ruleConditions, ruleValue });
  }
  async function holdRules(roleId: string, ruleIds: string[], permissionId = USER_MENU) {
    const res = await post(DATA_RULE_P.roleDataRule, { roleId, permissionId, dataRuleIds: ruleIds.join(',') });
    expect(res.statusCode, res.body).toBe(200);
  }
  async function listed(token: string, query: Record<string, string> = PAGE, tenant?: string): Promise<SysUserRow[]> {
    const res = await get(ADMIN_P.userList, query, token, tenant);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.records as SysUserRow[];
  }

  let ownDept: DataRuleRecord;
  let limited: { id: string; token: string };

  beforeAll(async () => {
    t = await startApp(backend, { listCache: { ttlMs: 600_000 } });
    admin = (await login(t.app, 'admin')).token;
    // Users of 运营部 (A01A01) and 风控合规部 (A01A02), besides the seeded ones.
    await userWith('ops_one', [], [['d-a01a01', 'A01A01']]);
    await userWith('risk_one', [], [['d-a01a02', 'A01A02']]);
    await listRole('r-dept-viewer');
    limited = await userWith('dept_viewer', ['r-dept-viewer'], [['d-a01a01', 'A01A01']]);
    const add = await addRule('org_code', '=', '#{sys_org_code}');
    expect(add.statusCode, add.body).toBe(200);
    ownDept = add.json().result as DataRuleRecord;
    // Starting an app (migrations, seed) takes long on a loaded machine.
  }, 180_000);
  afterAll(async () => t?.close());

  it('a role held to its own department sees only that department in the list, the super query, the export and the detail', async () => {
    // Before the role holds the rule, the rule narrows nothing.
    expect((await listed(limited.token)).map((r) => r.username)).toContain('risk_one');
    const panel = await get(DATA_RULE_P.roleDataRule, { roleId: 'r-dept-viewer', permissionId: USER_MENU });
    expect((panel.json().result as RoleDataRuleAnswer).drChecked).toEqual([]);
    await holdRules('r-dept-viewer', [ownDept.id]);
    expect((await get(DATA_RULE_P.roleDataRule, { roleId: 'r-dept-viewer', permissionId: USER_MENU })).json().result.drChecked).toEqual([ownDept.id]);

    const rows = await listed(limited.token);
    const names = rows.map((r) => r.username);
    expect(names).toEqual(expect.arrayContaining(['operator', 'ops_one', 'dept_viewer']));
    expect(names).not.toContain('risk_one');
    expect(names).not.toContain('approver');
    expect(names).not.toContain('admin');
    expect(rows.every((r) => r.orgCode === 'A01A01')).toBe(true);
    const res = await get(ADMIN_P.userList, PAGE, limited.token);
    expect(res.json().result.total).toBe(rows.length);

    // A filter or a super query cannot reach past the rule.
    expect(await listed(limited.token, { ...PAGE, username: 'risk_one' })).toEqual([]);
    const superQuery = encodeURIComponent(JSON.stringify([{ field: 'orgCode', rule: 'eq', val: 'A01A02', type: 'string' }]));
    expect(await listed(limited.token, { ...PAGE, superQueryParams: superQuery, superQueryMatchType: 'or' })).toEqual([]);

    // Export: the filtered list and chosen ids alike.
    const xls = await get(ADMIN_P.userExport, {}, limited.token);
    expect(xls.statusCode).toBe(200);
    const exported = await sheetUsernames(xls.rawPayload);
    expect(exported.sort()).toEqual([...names].sort());
    const chosen = await get(ADMIN_P.userExport, { selections: 'u-risk_one,u-approver,u-ops_one' }, limited.token);
    expect(await sheetUsernames(chosen.rawPayload)).toEqual(['ops_one']);

    // Detail: inside 200, outside 404 as if absent.
    const mine = await get(ADMIN_P.userQueryById, { id: 'u-ops_one' }, limited.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().result.username).toBe('ops_one');
    expect((await get(ADMIN_P.userQueryById, { id: 'u-risk_one' }, limited.token)).statusCode).toBe(404);
    expect((await get(ADMIN_P.userQueryById, { id: 'u-approver' }, limited.token)).statusCode).toBe(404);

    // The administrator holds no rule: everything, as before.
    const all = (await listed(admin)).map((r) => r.username);
    expect(all).toEqual(expect.arrayContaining(['risk_one', 'approver', 'ops_one']));
    expect((await get(ADMIN_P.userQueryById, { id: 'u-risk_one' })).statusCode).toBe(200);
  });

  it('the rules a reader is held to are cached with their grants, and a rule given by another process holds on the next read', async () => {
    await listRole('r-cache-viewer');
    const viewer = await userWith('cache_viewer', ['r-cache-viewer'], [['d-a01a01', 'A01A01']]);
    // Unnarrowed, and now cached (when the cache is live): 风控合规部 is in the page.
    expect((await listed(viewer.token)).some((r) => r.orgCode === 'A01A02')).toBe(true);
    // Another process (here: a direct write, as its transaction commits) holds the role to its department.
    await t.sql(`INSERT INTO role_data_rules (role_id, rule_id) VALUES ('r-cache-viewer', $1)`, [ownDept.id]);
    await until('the narrowed page', async () => (await listed(viewer.token)).every((r) => r.orgCode === 'A01A01'), 5000);
    await t.sql(`DELETE FROM role_data_rules WHERE role_id = 'r-cache-viewer'`);
    await until('the whole page again', async () => (await listed(viewer.token)).some((r) => r.orgCode === 'A01A02'), 5000);
  });

  it('a role held to its department changes only the users it can see (freeze, roles, edit): 404 outside', async () => {
    await listRole('r-dept-admin');
    for (const p of ['b-user-frozen', 'b-user-edit']) await t.sql(`INSERT INTO role_permissions (role_id, permission_id) VALUES ('r-dept-admin', $1)`, [p]);
    await holdRules('r-dept-admin', [ownDept.id]);
    const boss = await userWith('dept_admin', ['r-dept-admin'], [['d-a01a01', 'A01A01']]);
    const freeze = (ids: string, status = '2') => put(ADMIN_P.userFrozenBatch, { ids, status }, boss.token);
    expect((await freeze('u-risk_one')).statusCode).toBe(404);
    expect((await freeze('u-ops_one,u-risk_one')).statusCode).toBe(404);
    const statusOf = async (id: string) => (await t.sql<{ status: number }>('SELECT status FROM users WHERE id = $1', [id]))[0].status;
    expect(await statusOf('u-risk_one')).toBe(1);
    expect(await statusOf('u-ops_one')).toBe(1);
    expect((await freeze('u-ops_one')).statusCode).toBe(200);
    expect(await statusOf('u-ops_one')).toBe(2);
    expect((await freeze('u-ops_one', '1')).statusCode).toBe(200);
    expect((await get(ADMIN_P.userQueryRole, { userid: 'u-risk_one' }, boss.token)).statusCode).toBe(404);
    expect((await get(ADMIN_P.userQueryRole, { userid: 'u-ops_one' }, boss.token)).statusCode).toBe(200);
    const edit = await put(ADMIN_P.userEdit, { id: 'u-risk_one', realname: '改名' }, boss.token);
    expect(edit.statusCode, edit.body).toBe(404);
    expect((await t.sql<{ realname: string }>(`SELECT realname FROM users WHERE id = 'u-risk_one'`))[0].realname).toBe('risk_one');
  });

  it('look-ups of users (SQL dictionary, table dictionaries) are narrowed by the same rules', async () => {
    const sqlDict = async (token: string) => {
      const res = await call(
        t.app,
        'POST',
        CP.sqlDict,
        { tableName: 'users', fieldText: 'username', fieldValue: 'id', page: { pageSize: 200, pageNum: 1 } },
        { token },
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().body.listData as { text: string }[]).map((o) => o.text);
    };
    const mine = await sqlDict(limited.token);
    expect(mine).toEqual(expect.arrayContaining(['operator', 'ops_one']));
    expect(mine).not.toContain('risk_one');
    expect(mine).not.toContain('approver');
    expect(await sqlDict(admin)).toEqual(expect.arrayContaining(['risk_one', 'approver']));
    const loadDict = await get(CP.loadDict.replace(':dictCode', 'users,username,id'), {}, limited.token);
    expect(loadDict.statusCode, loadDict.body).toBe(200);
    const texts = (loadDict.json().result as { text: string }[]).map((o) => o.text);
    expect(texts).toContain('ops_one');
    expect(texts).not.toContain('risk_one');
    const item = await get(CP.loadDictItem.replace(':dictCode', 'users,username,id'), { key: 'u-ops_one,u-risk_one' }, limited.token);
    expect(item.json().result).toEqual(['ops_one']);
  });

  it('the list cache serves neither a narrowed reader the unnarrowed page nor the reverse', async () => {
    const q = { ...PAGE, pageSize: '50' };
    const cache = t.app.listCache;
    const full = (await listed(admin, q)).map((r) => r.username);
    const reads = cache.stats.reads;
    const narrow = (await listed(limited.token, q)).map((r) => r.username);
    expect(cache.stats.reads).toBe(reads + 1);
    expect(narrow).not.toContain('risk_one');
    expect(full).toContain('risk_one');
    // Both pages now cached: each reader gets their own again.
    expect((await listed(admin, q)).map((r) => r.username)).toEqual(full);
    expect((await listed(limited.token, q)).map((r) => r.username)).toEqual(narrow);
    expect(cache.stats.reads).toBe(reads + 1);
    // The rule's values are the reader's own: another department's viewer is another page.
    const other = await userWith('risk_viewer', ['r-dept-viewer'], [['d-a01a02', 'A01A02']]);
    const theirs = (await listed(other.token, q)).map((r) => r.username);
    expect(theirs).toContain('risk_one');
    expect(theirs).not.toContain('ops_one');
  });

  it('variables are the signed-in user’s own: account, all departments, tenant', async () => {
    await listRole('r-self');
    const self = await addRule('username', '=', '#{sys_user_code}');
    await holdRules('r-self', [self.json().result.id]);
    const me = await userWith('self_only', ['r-self'], [['d-a01a01', 'A01A01']]);
    expect((await listed(me.token)).map((r) => r.username)).toEqual(['self_only']);

    await listRole('r-my-departs');
    const multi = await addRule('orgCode', 'IN', '#{sys_multi_org_code}');
    await holdRules('r-my-departs', [multi.json().result.id]);
    const two = await userWith(
      'two_departs',
      ['r-my-departs'],
      [
        ['d-a01a02', 'A01A02'],
        ['d-a01a03', 'A01A03'],
      ],
    );
    const codes = new Set((await listed(two.token)).map((r) => r.orgCode));
    expect([...codes].every((c) => c === 'A01A02' || c === 'A01A03')).toBe(true);
    expect((await listed(two.token)).map((r) => r.username)).toEqual(expect.arrayContaining(['risk_one', 'approver']));

    // A user without a current department matches nothing under an own-department rule.
    const nowhere = await userWith('no_depart', ['r-dept-viewer'], []);
    expect(await listed(nowhere.token)).toEqual([]);
  });

  it('a role that grants the menu without a rule widens; rules of roles in another tenant do not count', async () => {
    await listRole('r-free');
    const both = await userWith('viewer_and_free', ['r-dept-viewer', 'r-free'], [['d-a01a01', 'A01A01']]);
    expect((await listed(both.token)).map((r) => r.username)).toContain('risk_one');
    // A role of tenant 1 holding the own-department rule: in tenant 0 it is not the user's role at all.
    await listRole('r-t1-viewer', '1');
    await t.sql(`INSERT INTO role_data_rules (role_id, rule_id) VALUES ('r-t1-viewer', $1)`, [ownDept.id]);
    const twoTenants = await userWith('two_tenants', ['r-free', 'r-t1-viewer'], [['d-a01a01', 'A01A01']]);
    expect((await listed(twoTenants.token)).map((r) => r.username)).toContain('risk_one');
    // Nor may a tenant's administrator attach rules to another tenant's role.
    expect((await post(DATA_RULE_P.roleDataRule, { roleId: 'r-t1-viewer', permissionId: USER_MENU, dataRuleIds: '' })).statusCode).toBe(404);
  });

  it('refuses a rule on a column outside the allow-list, an unknown variable, a bad number, and a rule of another menu', async () => {
    for (const col of ['password_hash', 'passwordHash', 'tenant_ids', 'failed_logins', 'nope']) {
      const res = await addRule(col, '=', 'x');
      expect(res.statusCode, col).toBe(400);
      expect(res.json().message).toContain(`规则字段"${col}"不可用`);
    }
    const unknown = await addRule('username', '=', '#{sys_password}');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(DATA_RULE_MSG.variableUnknown('sys_password'));
    const nan = await addRule('status', '=', 'abc');
    expect(nan.statusCode).toBe(400);
    expect(nan.json().message).toBe(DATA_RULE_MSG.valueNotNumber('status'));
    // A menu without a resource to narrow.
    expect((await addRule('id', '=', '1', 'm-home')).statusCode).toBe(400);
    // Editing cannot move a rule onto a refused column either.
    const edit = await put(RBAC.ruleEdit, { id: ownDept.id, ruleName: 'x', ruleColumn: 'password_hash', ruleConditions: '=', ruleValue: 'x' });
    expect(edit.statusCode).toBe(400);
    const [kept] = await t.sql<{ rule_column: string }>('SELECT rule_column FROM permission_data_rules WHERE id = $1', [ownDept.id]);
    expect(kept.rule_column).toBe('org_code');
    // Nothing was stored by the refusals.
    const [{ n }] = await t.sql<{ n: string }>(`SELECT count(*) AS n FROM permission_data_rules WHERE rule_column IN ('password_hash', 'nope', 'status')`);
    expect(Number(n)).toBe(0);
    // A role cannot be held to a rule of another menu.
    const other = await addRule('dictCode', 'RIGHT_LIKE', 'zzz', 'm-config-dict');
    expect(other.statusCode, other.body).toBe(200);
    const wrong = await post(DATA_RULE_P.roleDataRule, { roleId: 'r-dept-viewer', permissionId: USER_MENU, dataRuleIds: other.json().result.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(DATA_RULE_MSG.ruleNotOfMenu);
  });

  it('narrows a config resource the same way: list and detail', async () => {
    const dictRule = (await get(RBAC.ruleListByPerm, { permissionId: 'm-config-dict' })).json().result.find((r: DataRuleRecord) => r.ruleColumn === 'dictCode');
    await t.sql(`INSERT INTO roles (id, role_code, role_name, tenant_id) VALUES ('r-dict', 'r_dict', 'r_dict', '0')`);
    for (const p of ['m-config-dict', 'b-config-dict-list', 'b-config-dict-export'])
      await t.sql(`INSERT INTO role_permissions (role_id, permission_id) VALUES ('r-dict', $1)`, [p]);
    await holdRules('r-dict', [dictRule.id], 'm-config-dict');
    const dictUser = await userWith('dict_reader', ['r-dict'], [['d-a01a01', 'A01A01']]);
    const base = '/sys/dict';
    const all = await get(`${base}/list`, { pageSize: '100' });
    expect(all.statusCode, all.body).toBe(200);
    const some = all.json().result.records[0] as { id: string; dictCode: string };
    expect(some).toBeTruthy();
    const mine = await get(`${base}/list`, { pageSize: '100' }, dictUser.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().result.records).toEqual([]);
    expect((await get(`${base}/queryById`, { id: some.id }, dictUser.token)).statusCode).toBe(404);
    // Moving the rule onto that dictionary's code shows it, and only what the rule allows.
    await put(RBAC.ruleEdit, { id: dictRule.id, ruleName: 'mine', ruleColumn: 'dict_code', ruleConditions: '=', ruleValue: some.dictCode });
    const one = (await get(`${base}/list`, { pageSize: '100' }, dictUser.token)).json().result.records as { dictCode: string }[];
    expect(one.map((r) => r.dictCode)).toEqual([some.dictCode]);
    expect((await get(`${base}/queryById`, { id: some.id }, dictUser.token)).statusCode).toBe(200);
  });

  it('a department’s permissions cap its department roles: refused on save, and a grant outside counts for nothing when read', async () => {
    expect((await post(RBAC.saveDepartPermission, { departId: 'd-a02', permissionIds: 'm-home,m-account', lastpermissionIds: '' })).statusCode).toBe(200);
    const role = await post(RBAC.departRoleAdd, { departId: 'd-a02', roleName: '分公司主管', roleCode: 'branch_lead' });
    expect(role.statusCode, role.body).toBe(200);
    const roleId = role.json().result.id as string;
    const beyond = await post(RBAC.saveDepartRolePermission, { roleId, permissionIds: 'm-home,m-system-user', lastpermissionIds: '' });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().message).toBe(RBAC_MSG.departRoleBeyond);
    expect((await post(RBAC.saveDepartRolePermission, { roleId, permissionIds: 'm-home', lastpermissionIds: '' })).statusCode).toBe(200);
    // A grant outside the department's permissions (left by a race with a narrowing of the
    // department, or written around the API) is not part of what the role grants.
    await t.sql(`INSERT INTO depart_role_permissions (role_id, permission_id) VALUES ($1, 'm-system-user')`, [roleId]);
    const read = await get(RBAC.departRolePermission, { roleId });
    expect(read.statusCode).toBe(200);
    expect(read.json().result).toEqual(['m-home']);
  });
});
