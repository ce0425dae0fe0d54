// Menus and buttons (issue 3): the management tree, add and edit with their rules (registered
// page components only, buttons need a unique code, no cycles), status switches that deny at
// once, delete refused with children or for built-in rows, lazy menu calls, and data rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RBAC, RBAC_MSG, type DataRuleRecord, type PermissionRecord } from '../../contract/api/rbac';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

const flat = (items: PermissionRecord[]): PermissionRecord[] => items.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe.each(BACKENDS)('permissions on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const get = (p: string, query: Record<string, string> = {}, token = admin) => call(t.app, 'GET', p, undefined, { token, query });
  const post = (p: string, body: unknown, token = admin) => call(t.app, 'POST', p, body, { token, signed: true });
  const put = (p: string, body: unknown, token = admin) => call(t.app, 'PUT', p, body, { token, signed: true });
  const del = (p: string, query: Record<string, string>, token = admin) => call(t.app, 'DELETE', p, undefined, { token, query });

  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
  });
  afterAll(async () => t?.close());

  it('lists the tree with types, status, leaf and built-in flags', async () => {
    const tree = (await get(RBAC.permList)).json().result as PermissionRecord[];
    const all = flat(tree);
    const system = all.find((p) => p.id === 'm-system')!;
    expect(system).toMatchObject({ type: '0', leaf: false, builtIn: true });
    const role = system.children!.find((p) => p.id === 'm-system-role')!;
    expect(role).toMatchObject({ type: '1', component: 'auth/RoleList', path: '/system/role', status: '1' });
    expect(role.children!.every((b) => b.type === '2' && b.leaf)).toBe(true);
    expect(all.find((p) => p.id === 'b-home-export')).toMatchObject({ status: '0', perms: 'home:dashboard:export' });
  });

  it('adds a menu and a button, edits, disables, and deletes leaves only', async () => {
    const menu = await post(RBAC.permAdd, { parentId: 'm-system', name: '测试菜单', type: '1', path: '/system/test', component: 'result/Success', sortNo: 50 });
    expect(menu.statusCode).toBe(200);
    const menuId = menu.json().result.id;
    const btn = await post(RBAC.permAdd, { parentId: menuId, name: '测试按钮', type: '2', perms: 'system:test:run', path: '/ignored', component: 'home/Home' });
    expect(btn.json().result).toMatchObject({ type: '2', perms: 'system:test:run', path: null, component: null });
    const btnId = btn.json().result.id;

    const bad: [unknown, string][] = [
      [{ name: 'x', type: '1', path: '/x', component: 'views/Evil' }, RBAC_MSG.permComponent],
      [{ name: 'x', type: '1', path: 'x', component: 'home/Home' }, RBAC_MSG.permPathRequired],
      [{ name: 'x', type: '2', parentId: menuId }, RBAC_MSG.permPermsRequired],
      [{ name: 'x', type: '2', perms: 'a:b' }, RBAC_MSG.permButtonParent],
      [{ name: 'x', type: '2', parentId: menuId, perms: 'system:test:run' }, RBAC_MSG.permPermsTaken],
      [{ name: 'x', type: '2', parentId: btnId, perms: 'system:test:other' }, RBAC_MSG.permParentBad],
      [{ name: 'x', type: '2', parentId: 'nope', perms: 'system:test:other' }, RBAC_MSG.permParentBad],
      [{ name: 'x', type: '2', parentId: menuId, perms: 'a,b' }, ''],
      [{ name: 'x', type: '3' }, ''],
      [{ name: '', type: '0', path: '/x', component: 'layouts/RouteView' }, ''],
      [{ name: 'x', type: '1', path: '/x', component: 'home/Home', status: '2' }, ''],
    ];
    for (const [b, msg] of bad) {
      const res = await post(RBAC.permAdd, b);
      // A taken perms is refused by the unique index: a conflict (409), the rest are bad input.
      expect(res.statusCode, JSON.stringify(b)).toBe(msg === RBAC_MSG.permPermsTaken ? 409 : 400);
      if (msg) expect(res.json().message).toBe(msg);
    }
    // Cycles: a menu under its own child is refused.
    const cyc = await put(RBAC.permEdit, { id: 'm-system', name: '系统管理', type: '0', path: '/system', component: 'layouts/RouteView', parentId: menuId });
    expect([cyc.statusCode, cyc.json().message]).toEqual([400, RBAC_MSG.permParentBad]);
    const toButton = await put(RBAC.permEdit, { id: menuId, name: 'x', type: '2', parentId: 'm-system', perms: 'x:y' });
    expect(toButton.statusCode).toBe(400);
    expect((await put(RBAC.permEdit, { id: 'nope', name: 'x', type: '2', parentId: menuId, perms: 'x:z' })).statusCode).toBe(404);

    // Granted to operator, then switched off: operator's allAuth says '0', the code is denied.
    await t.sql(`INSERT INTO role_permissions VALUES ('r-operator', $1), ('r-operator', $2)`, [menuId, btnId]);
    const op = (await login(t.app, 'operator')).token;
    const auth = async () => (await call(t.app, 'GET', '/cap/auth/v1/UserResourceListInquiry', undefined, { token: op })).json().body.resourceJson;
    expect((await auth()).auth.map((e: { action: string }) => e.action)).toContain('system:test:run');
    const off = await put(RBAC.permEdit, { id: btnId, parentId: menuId, name: '测试按钮', type: '2', perms: 'system:test:run', status: '0' });
    expect(off.json().result.status).toBe('0');
    expect((await auth()).auth.map((e: { action: string }) => e.action)).not.toContain('system:test:run');
    expect((await auth()).allAuth.find((e: { action: string }) => e.action === 'system:test:run').status).toBe('0');

    const withKids = await del(RBAC.permDelete, { id: menuId });
    expect([withKids.statusCode, withKids.json().message]).toEqual([400, RBAC_MSG.permHasChildren]);
    const builtIn = await del(RBAC.permDelete, { id: 'b-role-list' });
    expect([builtIn.statusCode, builtIn.json().message]).toEqual([400, RBAC_MSG.permBuiltIn]);
    expect((await del(RBAC.permDelete, { id: btnId })).statusCode).toBe(200);
    expect((await del(RBAC.permDelete, { id: menuId })).statusCode).toBe(200);
    expect((await del(RBAC.permDelete, { id: menuId })).statusCode).toBe(404);
    expect(Number((await t.sql<{ n: string }>(`SELECT count(*) n FROM role_permissions WHERE permission_id = $1`, [menuId]))[0].n)).toBe(0);
  });

  it('answers the lazy menu calls', async () => {
    const top = (await get(RBAC.systemMenuList)).json().result as PermissionRecord[];
    expect(top.map((p) => p.id)).toEqual(expect.arrayContaining(['m-home', 'm-system']));
    expect(top.every((p) => !p.parentId && p.type !== '2')).toBe(true);
    expect(top.find((p) => p.id === 'm-system')!.leaf).toBe(false);
    const sub = (await get(RBAC.systemSubmenu, { parentId: 'm-system-role' })).json().result as PermissionRecord[];
    expect(sub.map((p) => p.perms)).toContain('system:role:list');
    const batch = (await get(RBAC.systemSubmenuBatch, { parentIds: 'm-system-role,m-system-log,nope' })).json().result as Record<string, PermissionRecord[]>;
    expect(Object.keys(batch).sort()).toEqual(['m-system-log', 'm-system-role', 'nope']);
    expect(batch['m-system-log'].map((p) => p.perms)).toEqual(['system:log:list']);
    expect(batch.nope).toEqual([]);
    expect((await get(RBAC.systemSubmenu)).statusCode).toBe(400);
    expect((await get(RBAC.systemSubmenuBatch, { parentIds: "a');drop" })).statusCode).toBe(400);
  });

  it('keeps data rules on menus, with allow-listed conditions and columns only', async () => {
    const add = await post(RBAC.ruleAdd, {
      permissionId: 'm-system-user',
      ruleName: '本部门',
      ruleColumn: 'org_code',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: '#{sys_org_code}',
    });
    expect(add.statusCode).toBe(200);
    const rule = add.json().result as DataRuleRecord;
    expect((await get(RBAC.ruleListByPerm, { permissionId: 'm-system-user' })).json().result).toHaveLength(1);
    expect(
      (await get(RBAC.permList))
        .json()
        .result.find((p: PermissionRecord) => p.id === 'm-system')
        .children.find((p: PermissionRecord) => p.id === 'm-system-user').ruleFlag,
    ).toBe(true);
    const sqlRule = await post(RBAC.ruleAdd, {
      permissionId: 'm-system-user',
      ruleName: 'x',
      ruleColumn: 'a',
      ruleConditions: 'USE_SQL_RULES',
      ruleValue: '1=1',
    });
    expect([sqlRule.statusCode, sqlRule.json().message]).toEqual([400, RBAC_MSG.ruleSqlRefused]);
    expect(
      (await post(RBAC.ruleAdd, { permissionId: 'm-system-user', ruleName: 'x', ruleColumn: 'a;drop', ruleConditions: '=', ruleValue: '1' })).statusCode,
    ).toBe(400);
    const onButton = await post(RBAC.ruleAdd, { permissionId: 'b-role-list', ruleName: 'x', ruleColumn: 'a', ruleConditions: '=', ruleValue: '1' });
    expect([onButton.statusCode, onButton.json().message]).toEqual([400, RBAC_MSG.ruleMenuOnly]);
    expect((await post(RBAC.ruleAdd, { permissionId: 'nope', ruleName: 'x', ruleColumn: 'a', ruleConditions: '=', ruleValue: '1' })).statusCode).toBe(404);

    const edit = await put(RBAC.ruleEdit, {
      id: rule.id,
      ruleName: '本部门及下级',
      ruleColumn: 'org_code',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: 'A01',
      status: '0',
    });
    expect(edit.json().result).toMatchObject({ ruleName: '本部门及下级', status: '0' });
    expect((await put(RBAC.ruleEdit, { id: 'nope', ruleName: 'x', ruleColumn: 'a', ruleConditions: '=', ruleValue: '1' })).statusCode).toBe(404);
    expect((await get(RBAC.ruleQuery, { permissionId: 'm-system-user', ruleName: '下级' })).json().result).toHaveLength(1);
    expect((await get(RBAC.ruleQuery, { permissionId: 'm-system-user', ruleName: "%' or 1=1" })).json().result).toHaveLength(0);
    expect((await get(RBAC.ruleQuery, {})).statusCode).toBe(400);
    expect((await del(RBAC.ruleDelete, { id: rule.id })).statusCode).toBe(200);
    expect((await del(RBAC.ruleDelete, { id: rule.id })).statusCode).toBe(404);
    const logged = await t.sql<{ log_content: string }>(`SELECT log_content FROM operation_log WHERE log_content LIKE '%数据规则%'`);
    expect(logged).toHaveLength(3);
  });
});
