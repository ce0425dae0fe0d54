// Roles (issue 3): list, add, edit, delete and batch delete, pickers, code check, the permission
// tree and role grants; revoking a grant takes effect at the role's user's very next call and
// menu load; tenant isolation; injection strings in filters and sort; the operation log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RBAC, RBAC_MSG, type PermissionTreeAnswer, type TreeNode } from '../../contract/api/rbac';
import { MSG } from '../../contract/messages';
import type { MenuItem, ResourceJson } from '../../contract/types';
import { createSession } from '../../server/modules/session/service';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((m) => [m, ...flatten(m.children ?? [])]);
const flatTree = (items: TreeNode[]): TreeNode[] => items.flatMap((n) => [n, ...flatTree(n.children ?? [])]);

describe.each(BACKENDS)('roles on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  const get = (p: string, query: Record<string, string> = {}, token = admin, tenant?: string) => call(t.app, 'GET', p, undefined, { token, query, tenant });
  const post = (p: string, body: unknown, token = admin, tenant?: string) => call(t.app, 'POST', p, body, { token, signed: true, tenant });
  const put = (p: string, body: unknown, token = admin, tenant?: string) => call(t.app, 'PUT', p, body, { token, signed: true, tenant });
  const del = (p: string, query: Record<string, string>, token = admin, tenant?: string) => call(t.app, 'DELETE', p, undefined, { token, query, tenant });

  /** A user in tenant `tenant` (via a group of it) holding `roleIds`, with a live session. */
  async function userWith(name: string, roleIds: string[], groupId = 'g-org'): Promise<{ id: string; token: string }> {
    const id = `u-${name}`;
    await t.sql(`INSERT INTO users (id, username, realname, password_hash) VALUES ($1, $2, $2, 'x')`, [id, name]);
    await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)`, [id, groupId]);
    for (const r of roleIds) await t.sql(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)`, [id, r]);
    const { token } = await createSession(t.database.db, { userId: id, groupId });
    return { id, token };
  }

  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
  });
  afterAll(async () => t?.close());

  it('lists the tenant roles with paging, filters, sort and createTime', async () => {
    const res = await get(RBAC.roleList, { pageSize: '2', column: 'roleCode', order: 'asc' });
    expect(res.statusCode).toBe(200);
    const page = res.json().result;
    expect(page).toMatchObject({ total: 3, size: 2, current: 1 }); // the customer role is tenant 1's
    expect(page.records.map((r: { roleCode: string }) => r.roleCode)).toEqual(['admin', 'approver']);
    expect(page.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const like = (await get(RBAC.roleList, { roleName: '*业务*' })).json().result;
    expect(like.records.map((r: { roleCode: string }) => r.roleCode).sort()).toEqual(['approver', 'operator']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(RBAC.roleList, { createTime_begin: '2000-01-01', createTime_end: `${Number(today.slice(0, 4)) + 1}-01-01` })).json().result.total).toBe(
      3,
    );
  });

  it('refuses or neutralises injection strings in filters and sort', async () => {
    const attempts: Record<string, string>[] = [
      { column: 'id;delete from roles' },
      { column: 'roleName', order: 'desc;drop table roles' },
      { superQueryParams: '[{"field":"role_code\' or 1=1 --","val":"x"}]' },
    ];
    for (const q of attempts) {
      const res = await get(RBAC.roleList, q);
      expect(res.statusCode).toBe(400);
    }
    for (const v of ["' or 1=1 --", '; drop table roles', '*%*']) {
      const res = await get(RBAC.roleList, { roleName: v });
      expect(res.statusCode).toBe(200);
      expect(res.json().result.total).toBe(0);
    }
    expect((await get(RBAC.roleList, { unknown_col: 'x' })).json().result.total).toBe(3);
    expect(Number((await t.sql<{ n: string }>('SELECT count(*) AS n FROM roles'))[0].n)).toBe(4);
  });

  it('adds, checks codes, edits and deletes a role, logging each write', async () => {
    expect((await get(RBAC.roleCheckCode, { roleCode: 'auditor' })).json()).toMatchObject({ success: true, message: RBAC_MSG.roleCodeFree });
    const add = await post(RBAC.roleAdd, { roleName: '审计员', roleCode: 'auditor', description: '只读审计' });
    expect(add.statusCode).toBe(200);
    const role = add.json().result;
    expect(role).toMatchObject({ roleName: '审计员', roleCode: 'auditor', description: '只读审计' });
    const taken = await get(RBAC.roleCheckCode, { roleCode: 'auditor' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(RBAC_MSG.roleCodeTaken);
    expect((await get(RBAC.roleCheckCode, { roleCode: 'auditor', id: role.id })).statusCode).toBe(200);
    expect((await post(RBAC.roleAdd, { roleName: 'x', roleCode: 'auditor' })).json().message).toBe(RBAC_MSG.roleCodeTaken);
    expect((await post(RBAC.roleAdd, { roleName: 'x', roleCode: 'admin' })).statusCode).toBe(409);

    const edit = await put(RBAC.roleEdit, { id: role.id, roleName: '审计专员', roleCode: 'auditor', description: null });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().result).toMatchObject({ roleName: '审计专员', description: null });
    const recode = await put(RBAC.roleEdit, { id: role.id, roleName: '审计专员', roleCode: 'auditor2' });
    expect([recode.statusCode, recode.json().message]).toEqual([400, RBAC_MSG.roleCodeFixed]);
    expect((await put(RBAC.roleEdit, { id: 'nope', roleName: 'x', roleCode: 'x1' })).statusCode).toBe(404);

    const all = (await get(RBAC.roleQueryAll)).json().result as { roleCode: string }[];
    expect(all.map((r) => r.roleCode)).toContain('auditor');

    expect((await del(RBAC.roleDelete, { id: role.id })).statusCode).toBe(200);
    expect((await del(RBAC.roleDelete, { id: role.id })).statusCode).toBe(404);
    const logs = await t.sql<{ log_content: string; username: string; method: string; request_url: string }>(
      `SELECT log_content, username, method, request_url FROM operation_log ORDER BY created_at`,
    );
    expect(logs.map((l) => l.log_content)).toEqual(
      expect.arrayContaining(['添加角色：审计员（auditor）', '编辑角色：审计专员（auditor）', '删除角色：审计专员（auditor）']),
    );
    expect(logs[0]).toMatchObject({ username: 'admin', method: 'POST', request_url: '/boss-admin/sys/role/add' });
  });

  it('validates bodies and queries with 4xx, never 500', async () => {
    const bad: [string, string, unknown][] = [
      ['POST', RBAC.roleAdd, {}],
      ['POST', RBAC.roleAdd, { roleName: 'x', roleCode: '1abc' }],
      ['POST', RBAC.roleAdd, { roleName: 'x'.repeat(51), roleCode: 'abc' }],
      ['POST', RBAC.roleAdd, { roleName: 'x', roleCode: "a' or 1=1" }],
      ['PUT', RBAC.roleEdit, { roleName: 'x' }],
      ['POST', RBAC.saveRolePermission, { roleId: 'r-operator', permissionIds: "x');drop table roles;--" }],
      ['POST', RBAC.saveRolePermission, { permissionIds: 'a' }],
    ];
    for (const [m, p, b] of bad) {
      const res = m === 'POST' ? await post(p, b) : await put(p, b);
      expect(res.statusCode, `${m} ${p} ${JSON.stringify(b)}`).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await del(RBAC.roleDelete, {})).statusCode).toBe(400);
    expect((await del(RBAC.roleDeleteBatch, { ids: '' })).statusCode).toBe(400);
    expect((await get(RBAC.roleList, { pageNo: '0' })).statusCode).toBe(400);
    expect((await get(RBAC.rolePermission, {})).statusCode).toBe(400);
  });

  it('refuses to delete a role that users still hold, and batch-deletes free ones', async () => {
    const inUse = await del(RBAC.roleDelete, { id: 'r-operator' });
    expect(inUse.statusCode).toBe(400);
    expect(inUse.json().message).toBe(RBAC_MSG.roleInUse(1));
    const a = (await post(RBAC.roleAdd, { roleName: '临时一', roleCode: 'tmp_one' })).json().result.id;
    const b = (await post(RBAC.roleAdd, { roleName: '临时二', roleCode: 'tmp_two' })).json().result.id;
    const mixed = await del(RBAC.roleDeleteBatch, { ids: `${a},r-operator` });
    expect(mixed.statusCode).toBe(400);
    expect((await get(RBAC.roleQueryAll)).json().result.length).toBe(5);
    expect((await del(RBAC.roleDeleteBatch, { ids: `${a},${b}` })).statusCode).toBe(200);
    expect((await get(RBAC.roleQueryAll)).json().result.length).toBe(3);
  });

  it('answers the permission tree and saves grants as a difference', async () => {
    const tree = (await get(RBAC.permTree)).json().result as PermissionTreeAnswer;
    const nodes = flatTree(tree.treeList);
    expect(new Set(tree.ids)).toEqual(new Set(nodes.map((n) => n.key)));
    const roleNode = nodes.find((n) => n.key === 'm-system-role')!;
    expect(roleNode).toMatchObject({ title: '角色管理', isLeaf: false });
    expect(roleNode.children!.map((c) => c.perms)).toContain('system:role:auth');

    const role = (await post(RBAC.roleAdd, { roleName: '授权测试', roleCode: 'grant_test' })).json().result.id;
    expect((await get(RBAC.rolePermission, { roleId: role })).json().result).toEqual([]);
    let res = await post(RBAC.saveRolePermission, { roleId: role, permissionIds: 'm-home,b-loginfo', lastpermissionIds: '' });
    expect(res.statusCode).toBe(200);
    expect(((await get(RBAC.rolePermission, { roleId: role })).json().result as string[]).sort()).toEqual(['b-loginfo', 'm-home']);
    // Another administrator granted m-result meanwhile: a save based on the old view keeps it.
    await t.sql(`INSERT INTO role_permissions VALUES ($1, 'm-result')`, [role]);
    res = await post(RBAC.saveRolePermission, { roleId: role, permissionIds: 'm-home', lastpermissionIds: 'm-home,b-loginfo' });
    expect(((await get(RBAC.rolePermission, { roleId: role })).json().result as string[]).sort()).toEqual(['m-home', 'm-result']);
    res = await post(RBAC.saveRolePermission, { roleId: role, permissionIds: 'm-home,no-such-row', lastpermissionIds: 'm-home' });
    expect([res.statusCode, res.json().message]).toEqual([400, RBAC_MSG.permUnknown]);
    expect((await post(RBAC.saveRolePermission, { roleId: 'nope', permissionIds: 'm-home' })).statusCode).toBe(404);
    expect((await get(RBAC.rolePermission, { roleId: 'nope' })).statusCode).toBe(404);
  });

  it('revoking a grant refuses the role user at once and drops the menu at the next load', async () => {
    const role = (await post(RBAC.roleAdd, { roleName: '角色查看', roleCode: 'role_viewer' })).json().result.id;
    await post(RBAC.saveRolePermission, { roleId: role, permissionIds: 'm-system,m-system-role,b-role-list', lastpermissionIds: '' });
    const viewer = await userWith('viewer', [role]);
    expect((await get(RBAC.roleList, {}, viewer.token)).statusCode).toBe(200);
    const menu = async () => {
      const res = await call(t.app, 'GET', '/cap/auth/v1/UserResourceListInquiry', undefined, { token: viewer.token });
      return flatten((res.json().body.resourceJson as ResourceJson).menu).map((m) => m.path);
    };
    expect(await menu()).toContain('/system/role');
    expect((await post(RBAC.roleAdd, { roleName: 'x', roleCode: 'x_x' }, viewer.token)).statusCode).toBe(403);

    await post(RBAC.saveRolePermission, { roleId: role, permissionIds: 'm-system', lastpermissionIds: 'm-system,m-system-role,b-role-list' });
    const refused = await get(RBAC.roleList, {}, viewer.token);
    expect([refused.statusCode, refused.json().message]).toEqual([403, MSG.http403]);
    expect(await menu()).not.toContain('/system/role');
  });

  it('keeps roles per tenant: another tenant neither sees nor changes them', async () => {
    // The tenant-1 administrator: a role holding every system:role code, in tenant 1 only.
    const t1Role = 'r-t1-admin';
    await t.sql(`INSERT INTO roles (id, role_code, role_name, tenant_id) VALUES ($1, 't1_admin', '租户管理员', '1')`, [t1Role]);
    await t.sql(`INSERT INTO role_permissions SELECT $1, id FROM permissions WHERE perms LIKE 'system:role:%' OR perms LIKE 'system:permission:%'`, [t1Role]);
    const t1 = await userWith('t1admin', [t1Role], 'g-cus');
    const list = (await get(RBAC.roleList, {}, t1.token)).json().result;
    expect(list.records.map((r: { roleCode: string }) => r.roleCode).sort()).toEqual(['customer', 't1_admin']);
    expect(
      (await get(RBAC.roleList, { superQueryParams: JSON.stringify([{ field: 'roleCode', rule: 'eq', val: 'admin' }]) }, t1.token)).json().result.total,
    ).toBe(0);
    expect((await get(RBAC.roleQueryAll, {}, t1.token)).json().result.map((r: { id: string }) => r.id)).toEqual(['r-customer', t1Role]);
    expect((await put(RBAC.roleEdit, { id: 'r-admin', roleName: 'hacked' }, t1.token)).statusCode).toBe(404);
    expect((await del(RBAC.roleDelete, { id: 'r-approver' }, t1.token)).statusCode).toBe(404);
    expect((await del(RBAC.roleDeleteBatch, { ids: 'r-approver' }, t1.token)).statusCode).toBe(404);
    expect((await get(RBAC.rolePermission, { roleId: 'r-admin' }, t1.token)).statusCode).toBe(404);
    expect((await post(RBAC.saveRolePermission, { roleId: 'r-operator', permissionIds: 'b-role-list' }, t1.token)).statusCode).toBe(404);
    // Menus are the platform's: another tenant may read but not change them.
    expect((await get(RBAC.permList, {}, t1.token)).statusCode).toBe(200);
    const refused = await del(RBAC.permDelete, { id: 'b-home-export' }, t1.token);
    expect([refused.statusCode, refused.json().message]).toEqual([403, RBAC_MSG.permPlatformOnly]);
    // A role the tenant adds is its own.
    const own = await post(RBAC.roleAdd, { roleName: '租户经办', roleCode: 't1_operator' }, t1.token);
    expect((await get(RBAC.roleList, { roleCode: 't1_operator' })).json().result.total).toBe(0);
    expect((await del(RBAC.roleDelete, { id: own.json().result.id }, t1.token)).statusCode).toBe(200);
    // A tenant header the user does not belong to is refused.
    expect((await get(RBAC.roleList, {}, t1.token, '0')).statusCode).toBe(403);
  });
});
