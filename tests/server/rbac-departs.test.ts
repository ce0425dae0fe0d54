// Departments (issue 3): trees, search, the signed-in user's subtree, lazy children, add, edit,
// delete refused with children or users; department permissions and department roles bounded by
// them; tenant isolation; validation 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RBAC, RBAC_MSG, type DepartNode, type PermissionTreeAnswer, type TreeNode } from '../../contract/api/rbac';
import { createSession } from '../../server/modules/session/service';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

const flat = <N extends TreeNode>(items: N[]): N[] => items.flatMap((n) => [n, ...flat((n.children ?? []) as N[])]);

describe.each(BACKENDS)('departments on %s', (backend) => {
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

  it('answers the tree, the id tree, search and lazy children', async () => {
    const tree = (await get(RBAC.departTree)).json().result as DepartNode[];
    expect(tree.map((d) => d.departName)).toEqual(['总部', '华东分公司']);
    expect(tree[0]).toMatchObject({ id: 'd-a01', key: 'd-a01', title: '总部', orgCode: 'A01', isLeaf: false });
    expect(tree[0].children!.map((d) => d.orgCode)).toEqual(['A01A01', 'A01A02', 'A01A03']);
    const ids = (await get(RBAC.departIdTree)).json().result as TreeNode[];
    expect(ids[0]).toMatchObject({ key: 'd-a01', value: 'd-a01', title: '总部' });
    expect(flat(ids)).toHaveLength(6);
    const found = (await get(RBAC.departSearch, { keyWord: '部' })).json().result as DepartNode[];
    expect(found.map((d) => d.departName).sort()).toEqual(['上海营业部', '总部', '财务结算部', '运营部', '风控合规部'].sort());
    expect((await get(RBAC.departSearch, { keyWord: "%' or 1=1 --" })).json().result).toEqual([]);
    expect((await get(RBAC.departSearch, {})).statusCode).toBe(400);
    const roots = (await get(RBAC.departTreeSync)).json().result as DepartNode[];
    expect(roots.map((d) => [d.id, d.isLeaf])).toEqual([
      ['d-a01', false],
      ['d-a02', false],
    ]);
    const kids = (await get(RBAC.departTreeSync, { pid: 'd-a02' })).json().result as DepartNode[];
    expect(kids.map((d) => [d.id, d.isLeaf])).toEqual([['d-a02a01', true]]);
    expect((await get(RBAC.departTreeSync, { pid: 'nope' })).statusCode).toBe(404);
  });

  it('answers the signed-in user their own departments and subtrees', async () => {
    // admin is in 总部 and 运营部: 总部 with its whole subtree, once.
    const mine = (await get(RBAC.myDepartTree)).json().result as DepartNode[];
    expect(mine.map((d) => d.id)).toEqual(['d-a01']);
    expect(flat(mine)).toHaveLength(4);
    const approver = (await login(t.app, 'approver')).token;
    const theirs = (await get(RBAC.myDepartTree, {}, approver)).json().result as DepartNode[];
    expect(theirs.map((d) => d.id)).toEqual(['d-a01a02', 'd-a01a03']);
  });

  it('adds with generated org codes, edits, and deletes only empty leaves', async () => {
    const root = await post(RBAC.departAdd, { departName: '华南分公司', orgCategory: '1', mobile: '020-12345678', sortNo: 3 });
    expect(root.statusCode).toBe(200);
    expect(root.json().result).toMatchObject({ orgCode: 'A03', departName: '华南分公司', parentId: null, orgCategory: '1' });
    const child = (await post(RBAC.departAdd, { departName: '广州营业部', parentId: root.json().result.id })).json().result;
    expect(child).toMatchObject({ orgCode: 'A03A01', orgCategory: '2' });
    const sibling = (await post(RBAC.departAdd, { departName: '深圳营业部', parentId: root.json().result.id })).json().result;
    expect(sibling.orgCode).toBe('A03A02');

    const edit = await put(RBAC.departEdit, { id: child.id, departName: '广州分部', orgCategory: '2', address: '天河路1号', memo: '', sortNo: 2 });
    expect(edit.json().result).toMatchObject({ departName: '广州分部', address: '天河路1号', memo: null, orgCode: 'A03A01' });
    expect((await put(RBAC.departEdit, { id: 'nope', departName: 'x' })).statusCode).toBe(404);

    const withKids = await del(RBAC.departDelete, { id: root.json().result.id });
    expect([withKids.statusCode, withKids.json().message]).toEqual([400, RBAC_MSG.departHasChildren]);
    await t.sql(`INSERT INTO user_departs VALUES ('u-operator', $1)`, [child.id]);
    const withUsers = await del(RBAC.departDelete, { id: child.id });
    expect([withUsers.statusCode, withUsers.json().message]).toEqual([400, RBAC_MSG.departHasUsers]);
    expect((await del(RBAC.departDelete, { id: sibling.id })).statusCode).toBe(200);
    expect((await del(RBAC.departDelete, { id: sibling.id })).statusCode).toBe(404);
    const logged = await t.sql<{ log_content: string }>(`SELECT log_content FROM operation_log WHERE log_content LIKE '%部门%'`);
    expect(logged.map((l) => l.log_content)).toEqual(expect.arrayContaining(['添加部门：华南分公司（A03）', '删除部门：深圳营业部（A03A02）']));
  });

  it('validates with 4xx', async () => {
    for (const b of [
      {},
      { departName: '' },
      { departName: 'x', orgCategory: '9' },
      { departName: 'x', mobile: 'abc' },
      { departName: 'x', parentId: 'nope' },
    ]) {
      const res = await post(RBAC.departAdd, b);
      expect([400, 404], JSON.stringify(b)).toContain(res.statusCode);
    }
    expect((await del(RBAC.departDelete, {})).statusCode).toBe(400);
  });

  it('saves department permissions and bounds department roles by them', async () => {
    expect((await get(RBAC.departPermission, { departId: 'd-a01a01' })).json().result).toEqual([]);
    const save = await post(RBAC.saveDepartPermission, { departId: 'd-a01a01', permissionIds: 'm-home,b-loginfo,m-account', lastpermissionIds: '' });
    expect(save.statusCode).toBe(200);
    expect(((await get(RBAC.departPermission, { departId: 'd-a01a01' })).json().result as string[]).sort()).toEqual(['b-loginfo', 'm-account', 'm-home']);
    expect((await post(RBAC.saveDepartPermission, { departId: 'd-a01a01', permissionIds: 'ghost' })).statusCode).toBe(400);

    const role = await post(RBAC.departRoleAdd, { departId: 'd-a01a01', roleName: '运营主管', roleCode: 'ops_lead' });
    expect(role.statusCode).toBe(200);
    const roleId = role.json().result.id;
    expect((await post(RBAC.departRoleAdd, { departId: 'd-a01a01', roleName: 'x', roleCode: 'ops_lead' })).json().message).toBe(RBAC_MSG.departRoleCodeTaken);
    const list = (await get(RBAC.departRoleList, { deptId: 'd-a01a01', roleName: '*主管*' })).json().result;
    expect(list).toMatchObject({ total: 1, records: [{ roleCode: 'ops_lead' }] });
    expect((await get(RBAC.departRoleList, { deptId: 'd-a02' })).json().result.total).toBe(0);
    expect((await get(RBAC.departRoleList, {})).statusCode).toBe(400);
    expect((await put(RBAC.departRoleEdit, { id: roleId, roleName: '运营组长', roleCode: 'ops_lead' })).json().result.roleName).toBe('运营组长');

    const tree = (await get(RBAC.departRolePermTree, { departId: 'd-a01a01' })).json().result as PermissionTreeAnswer;
    expect(tree.ids.sort()).toEqual(['b-loginfo', 'm-account', 'm-home']);
    expect(tree.treeList.find((n) => n.key === 'm-home')!.children!.map((c) => c.key)).toEqual(['b-loginfo']);

    const beyond = await post(RBAC.saveDepartRolePermission, { roleId, permissionIds: 'm-home,m-result', lastpermissionIds: '' });
    expect([beyond.statusCode, beyond.json().message]).toEqual([400, RBAC_MSG.departRoleBeyond]);
    expect((await post(RBAC.saveDepartRolePermission, { roleId, permissionIds: 'm-home,b-loginfo', lastpermissionIds: '' })).statusCode).toBe(200);
    expect(((await get(RBAC.departRolePermission, { roleId })).json().result as string[]).sort()).toEqual(['b-loginfo', 'm-home']);
    // Withdrawing from the department withdraws from its roles.
    await post(RBAC.saveDepartPermission, { departId: 'd-a01a01', permissionIds: 'm-home,m-account', lastpermissionIds: 'm-home,b-loginfo,m-account' });
    expect((await get(RBAC.departRolePermission, { roleId })).json().result).toEqual(['m-home']);
    expect((await del(RBAC.departRoleDelete, { id: roleId })).statusCode).toBe(200);
    expect((await get(RBAC.departRolePermission, { roleId })).statusCode).toBe(404);
  });

  it('keeps departments per tenant', async () => {
    await t.sql(`INSERT INTO roles (id, role_code, role_name, tenant_id) VALUES ('r-t1', 't1_depart', '租户部门管理', '1')`);
    await t.sql(`INSERT INTO role_permissions SELECT 'r-t1', id FROM permissions WHERE perms LIKE 'system:depart%'`);
    await t.sql(`INSERT INTO users (id, username, realname, password_hash) VALUES ('u-t1', 't1user', 't1user', 'x')`);
    await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ('u-t1', 'g-cus')`);
    await t.sql(`INSERT INTO user_roles VALUES ('u-t1', 'r-t1')`);
    const token = (await createSession(t.database.db, { userId: 'u-t1', groupId: 'g-cus' })).token;
    expect((await get(RBAC.departTree, {}, token)).json().result).toEqual([]);
    expect((await get(RBAC.departSearch, { keyWord: '总部' }, token)).json().result).toEqual([]);
    expect((await get(RBAC.departTreeSync, { pid: 'd-a01' }, token)).statusCode).toBe(404);
    expect((await post(RBAC.departAdd, { departName: '渗透', parentId: 'd-a01' }, token)).statusCode).toBe(404);
    expect((await put(RBAC.departEdit, { id: 'd-a01', departName: '改名' }, token)).statusCode).toBe(404);
    expect((await del(RBAC.departDelete, { id: 'd-a02a01' }, token)).statusCode).toBe(404);
    expect((await get(RBAC.departPermission, { departId: 'd-a01' }, token)).statusCode).toBe(404);
    expect((await get(RBAC.departRoleList, { deptId: 'd-a01a01' }, token)).statusCode).toBe(404);
    const own = (await post(RBAC.departAdd, { departName: '租户总部' }, token)).json().result;
    expect(own.orgCode).toMatch(/^A\d{2}$/);
    expect((await get(RBAC.departTree, {}, token)).json().result.map((d: DepartNode) => d.id)).toEqual([own.id]);
    expect((await get(RBAC.departTree)).json().result.map((d: DepartNode) => d.id)).not.toContain(own.id);
  });
});
