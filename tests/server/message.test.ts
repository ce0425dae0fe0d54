// Announcements over HTTP: CRUD, recipients at release, the user's lists and read state, the
// detail access rule, sanitised bodies, permissions and tenant isolation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MP } from '../../contract/api/message';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

describe.each(BACKENDS)('announcements on %s', (backend) => {
  let t: TestApp;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    t = await startApp(backend);
    // An administrator of tenant 1, to prove tenants do not see each other's announcements.
    await t.sql(
      `INSERT INTO users (id, username, realname, password_hash) SELECT 'u-t1admin', 't1admin', '租户一管理员', password_hash FROM users WHERE id = 'u-admin'`,
    );
    await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ('u-t1admin', 'g-cus')`);
    // A role grants only in its own tenant: tenant 1's administrator role holds what r-admin holds.
    await t.sql(`INSERT INTO roles (id, role_code, role_name, tenant_id) VALUES ('r-t1admin', 't1admin', '租户一管理员', '1')`);
    await t.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT 'r-t1admin', permission_id FROM role_permissions WHERE role_id = 'r-admin'`);
    await t.sql(`INSERT INTO user_roles (user_id, role_id) VALUES ('u-t1admin', 'r-t1admin')`);
    for (const u of ['admin', 'operator', 'approver', 'customer', 't1admin']) tok[u] = (await login(t.app, u)).token;
  });
  afterAll(async () => t?.close());

  const add = async (body: Record<string, unknown>, who = 'admin') => {
    const res = await call(t.app, 'POST', MP.add, { titile: '测试公告', msgContent: '<p>正文</p>', ...body }, { token: tok[who], signed: true });
    return res;
  };
  const added = async (body: Record<string, unknown>, who = 'admin') => {
    const res = await add(body, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.id as string;
  };
  const get = (path: string, who: string, query?: Record<string, string>) => call(t.app, 'GET', path, undefined, { token: tok[who], query });
  const release = (id: string, who = 'admin') => get(MP.release, who, { id });
  const recipientsOf = async (id: string) =>
    (await t.sql<{ user_id: string }>('SELECT user_id FROM announcement_send WHERE annt_id = $1 ORDER BY user_id', [id])).map((r) => r.user_id);

  it('adds, lists, edits and deletes; refuses bad input with Chinese messages', async () => {
    const id = await added({ titile: '系统维护通知', priority: 'H', msgAbstract: '今晚维护' });
    const list = await get(MP.list, 'admin', { titile: '*维护*' });
    expect(list.statusCode).toBe(200);
    const rec = list.json().result.records.find((r: { id: string }) => r.id === id);
    expect(rec).toMatchObject({ titile: '系统维护通知', priority: 'H', sendStatus: '0', sender: '系统管理员', msgType: 'ALL' });

    const edit = await call(
      t.app,
      'PUT',
      MP.edit,
      { id, titile: '系统维护通知（更新）', msgContent: '<b>新</b>', msgType: 'USER', userIds: ['u-operator'] },
      { token: tok.admin, signed: true },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().result).toMatchObject({ titile: '系统维护通知（更新）', msgType: 'USER', userIds: ['u-operator'] });

    expect((await add({ titile: '' })).json().message).toBe('请输入标题');
    expect((await add({ msgType: 'USER' })).json().message).toBe('请选择接收对象');
    expect((await add({ msgType: 'USER', userIds: ['u-customer'] })).json().message).toBe('接收对象不存在');
    expect((await add({ msgType: 'ROLE', roleIds: ['r-nope'] })).statusCode).toBe(400);
    expect((await add({ openType: 'url', openPage: 'javascript:alert(1)' })).json().message).toBe('打开地址不合法');
    expect((await get(MP.list, 'admin', { column: 'id;delete' })).statusCode).toBe(400);

    const other = await added({ titile: '待删除' });
    const del = await call(t.app, 'DELETE', MP.remove, undefined, { token: tok.admin, query: { id } });
    expect(del.statusCode).toBe(200);
    const batch = await call(t.app, 'DELETE', MP.removeBatch, undefined, { token: tok.admin, query: { ids: `${other},nope` } });
    expect(batch.statusCode).toBe(200);
    const after = (await get(MP.list, 'admin', { pageSize: '100' })).json().result.records.map((r: { id: string }) => r.id);
    expect(after).not.toContain(id);
    expect(after).not.toContain(other);
    expect((await call(t.app, 'DELETE', MP.remove, undefined, { token: tok.admin, query: { id } })).statusCode).toBe(404);
  });

  it('sanitises the HTML body on save', async () => {
    const body =
      '<p onclick="x()">你好<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">链接</a><a href="jav&#x09;ascript:alert(2)">二</a><a href="https://example.com" target="_blank">好</a></p><style>p{}</style>';
    const id = await added({ msgContent: body });
    const row = (await get(MP.list, 'admin', { pageSize: '100' })).json().result.records.find((r: { id: string }) => r.id === id);
    expect(row.msgContent).not.toMatch(/script|onerror|onclick|javascript|<style/i);
    expect(row.msgContent).toContain('<img src="x">');
    expect(row.msgContent).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">好</a>');
    expect(row.msgContent).toMatch(/^<p>你好/);
  });

  it('release creates send rows for exactly the recipients (all, user, role, department)', async () => {
    const all = await added({ titile: '全员公告' });
    const user = await added({ titile: '给经办', msgType: 'USER', userIds: ['u-operator'], msgCategory: '2' });
    const role = await added({ titile: '给复核角色', msgType: 'ROLE', roleIds: ['r-approver'] });
    const depart = await added({ titile: '给运营部', msgType: 'DEPART', departIds: ['d-a01a01'] });
    for (const id of [all, user, role, depart]) expect((await release(id)).statusCode).toBe(200);
    expect(await recipientsOf(all)).toEqual(['u-admin', 'u-approver', 'u-operator']);
    expect(await recipientsOf(user)).toEqual(['u-operator']);
    expect(await recipientsOf(role)).toEqual(['u-approver']);
    expect(await recipientsOf(depart)).toEqual(['u-admin', 'u-operator']);

    expect((await release(all)).json().message).toBe('只有未发布的公告才能发布');
    const edit = await call(t.app, 'PUT', MP.edit, { id: all, titile: '改' }, { token: tok.admin, signed: true });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe('已发布或已撤销的公告不能编辑');

    // The user's lists: operator has all three of theirs unread, split by category.
    const lb = (await get(MP.listByUser, 'operator')).json().result;
    const annt = lb.anntMsgList.map((x: { id: string }) => x.id);
    expect(annt).toEqual(expect.arrayContaining([all, depart]));
    expect(annt).not.toContain(role);
    expect(lb.sysMsgList.map((x: { id: string }) => x.id)).toEqual([user]);
    expect(lb.sysMsgTotal).toBe(1);

    // queryById: recipients and administrators only.
    expect((await get(MP.queryById, 'operator', { id: user })).json().result).toMatchObject({ titile: '给经办', readFlag: 0, msgContent: '<p>正文</p>' });
    expect((await get(MP.queryById, 'approver', { id: user })).statusCode).toBe(404);
    expect((await get(MP.queryById, 'admin', { id: user })).statusCode).toBe(200);

    // Mark read, then read all.
    const mark = await call(t.app, 'PUT', MP.markRead, { anntId: user }, { token: tok.operator, signed: true });
    expect(mark.statusCode).toBe(200);
    expect((await get(MP.listByUser, 'operator')).json().result.sysMsgTotal).toBe(0);
    expect((await call(t.app, 'PUT', MP.markRead, { anntId: role }, { token: tok.operator, signed: true })).statusCode).toBe(404);
    const unread = (await get(MP.mySends, 'operator', { readFlag: '0' })).json().result;
    expect(unread.total).toBeGreaterThanOrEqual(2);
    const read = (await get(MP.mySends, 'operator', { readFlag: '1' })).json().result;
    expect(read.records.map((x: { id: string }) => x.id)).toEqual([user]);
    expect(read.records[0].readTime).toBeTruthy();
    expect((await call(t.app, 'PUT', MP.readAll, {}, { token: tok.operator, signed: true })).statusCode).toBe(200);
    const lb2 = (await get(MP.listByUser, 'operator')).json().result;
    expect(lb2.anntMsgTotal + lb2.sysMsgTotal).toBe(0);

    // Revoke hides it from its recipients (lists and detail), and cannot be repeated.
    expect((await get(MP.listByUser, 'approver')).json().result.anntMsgList.map((x: { id: string }) => x.id)).toContain(role);
    expect((await get(MP.revoke, 'admin', { id: role })).statusCode).toBe(200);
    expect((await get(MP.listByUser, 'approver')).json().result.anntMsgList.map((x: { id: string }) => x.id)).not.toContain(role);
    expect((await get(MP.queryById, 'approver', { id: role })).statusCode).toBe(404);
    expect((await get(MP.mySends, 'approver')).json().result.records.map((x: { id: string }) => x.id)).not.toContain(role);
    expect((await get(MP.revoke, 'admin', { id: role })).json().message).toBe('只有已发布的公告才能撤销');
  });

  it('admin calls need system:announcement:* and user calls a session', async () => {
    expect((await get(MP.list, 'operator')).statusCode).toBe(403);
    expect((await add({}, 'operator')).statusCode).toBe(403);
    expect((await get(MP.release, 'operator', { id: 'x' })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', MP.listByUser)).statusCode).toBe(401);
    expect((await get(MP.listByUser, 'customer')).statusCode).toBe(200);
    expect((await get(MP.mySends, 'operator', { pageSize: '0' })).statusCode).toBe(400);
    expect((await get(MP.queryById, 'operator', { id: "' or 1=1 --" })).statusCode).toBe(404);
  });

  it('keeps tenants apart', async () => {
    const id = await added({ titile: '租户零全员' });
    await release(id);
    const t1 = await added({ titile: '租户一全员' }, 't1admin');
    expect((await release(t1, 't1admin')).statusCode).toBe(200);
    expect(await recipientsOf(t1)).toEqual(['u-customer', 'u-t1admin']);

    const t1List = (await get(MP.list, 't1admin', { pageSize: '100' })).json().result;
    expect(t1List.records.map((r: { id: string }) => r.id)).toEqual([t1]);
    expect((await get(MP.list, 'admin', { pageSize: '100' })).json().result.records.map((r: { id: string }) => r.id)).not.toContain(t1);
    expect((await get(MP.queryById, 't1admin', { id })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', MP.edit, { id, titile: '改' }, { token: tok.t1admin, signed: true })).statusCode).toBe(404);
    expect((await get(MP.revoke, 't1admin', { id })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', MP.remove, undefined, { token: tok.t1admin, query: { id } })).statusCode).toBe(404);
    expect((await add({ msgType: 'USER', userIds: ['u-operator'] }, 't1admin')).json().message).toBe('接收对象不存在');

    const opts = (await get(MP.recipientOptions, 't1admin', { type: 'USER' })).json().result.map((o: { value: string }) => o.value);
    expect(opts.sort()).toEqual(['u-customer', 'u-t1admin']);
    const named = (await get(MP.recipientOptions, 'admin', { type: 'USER', keyword: '经办' })).json().result;
    expect(named).toEqual([{ value: 'u-operator', label: '张经办（operator）' }]);
    expect((await get(MP.recipientOptions, 'admin', { type: 'DEPART', ids: 'd-a01a01' })).json().result).toEqual([
      { value: 'd-a01a01', label: '运营部（A01A01）' },
    ]);
    expect((await get(MP.recipientOptions, 'operator', { type: 'ROLE' })).statusCode).toBe(403);

    const mine = (await get(MP.listByUser, 'customer')).json().result.anntMsgList.map((x: { id: string }) => x.id);
    expect(mine).toContain(t1);
    expect(mine).not.toContain(id);
    expect((await call(t.app, 'PUT', MP.markRead, { anntId: id }, { token: tok.customer, signed: true })).statusCode).toBe(404);
  });
});
