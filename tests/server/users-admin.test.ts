// User administration (issue 3): every /sys/user call, success and failure, on PGlite and
// PostgreSQL; tenant isolation; injection strings in filters and sort; export and import; upload.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, HEADER_TOKEN } from '../../contract/constants';
import { encodePassword } from '../../contract/crypto';
import { MSG } from '../../contract/messages';
import { ADMIN_P, USER_MSG } from '../../contract/api/admin';
import { BACKENDS, call, freshIp, login, startApp, type TestApp } from './helpers';

process.env.UPLOAD_DIR = mkdtempSync(path.join(tmpdir(), 'boss-upload-'));

const NEW_PW = 'Xyz@12345';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

function multipart(files: { field?: string; filename: string; type: string; data: Buffer }[], fields: Record<string, string> = {}) {
  const boundary = '----bosstest' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  for (const f of files) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`),
    );
    parts.push(f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function xlsxOf(header: string[], rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('s');
  ws.addRow(header);
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
async function sheetRows(data: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as unknown as ArrayBuffer);
  const out: string[][] = [];
  wb.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return out;
}

describe.each(BACKENDS)('user administration on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let t1: string;
  const get = (p: string, query: Record<string, string>, token = admin, tenant?: string) => call(t.app, 'GET', p, undefined, { token, query, tenant });
  const list = (query: Record<string, string> = {}, token = admin, tenant?: string) => get(ADMIN_P.userList, query, token, tenant);
  const put = (p: string, body: unknown, token = admin, tenant?: string) => call(t.app, 'PUT', p, body, { token, signed: true, tenant });
  const post = (p: string, body: unknown, token = admin, tenant?: string) => call(t.app, 'POST', p, body, { token, signed: true, tenant });
  const del = (p: string, query: Record<string, string>, token = admin, tenant?: string) => call(t.app, 'DELETE', p, undefined, { token, query, tenant });
  const count = async () => Number((await t.sql<{ n: string }>('SELECT count(*) AS n FROM users'))[0].n);
  const addBody = (over: Record<string, unknown> = {}) => ({
    username: 'zhao_liu',
    realname: '赵六',
    password: encodePassword(NEW_PW),
    mobile: '13900000011',
    email: 'zl@example.com',
    sex: '1',
    selectedroles: 'r-operator',
    selecteddeparts: 'd-a01a01',
    post: '专员',
    ...over,
  });

  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    // An administrator of tenant 1 (the demo tenant) with every user-page permission.
    await t.sql(
      `INSERT INTO users (id, username, realname, password_hash) SELECT 'u-t1', 't1admin', '租户一管理员', password_hash FROM users WHERE id = 'u-admin'`,
    );
    await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ('u-t1', 'g-cus')`);
    await t.sql(`INSERT INTO roles (id, role_code, role_name, tenant_id) VALUES ('r-t1', 't1admin', '租户管理员', '1')`);
    await t.sql(
      `INSERT INTO role_permissions (role_id, permission_id) SELECT 'r-t1', id FROM permissions WHERE perms LIKE 'system:user:%' OR id IN ('m-system', 'm-system-user')`,
    );
    await t.sql(`INSERT INTO user_roles (user_id, role_id) VALUES ('u-t1', 'r-t1')`);
    t1 = (await login(t.app, 't1admin')).token;
  });
  afterAll(async () => t?.close());

  it('lists the users of the request tenant with paging and the default sort', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const page = res.json().result;
    expect(page).toMatchObject({ size: 10, current: 1 });
    const names = page.records.map((r: { username: string }) => r.username);
    expect(names.sort()).toEqual(['admin', 'approver', 'operator']);
    expect(page.total).toBe(3);
    const a = page.records.find((r: { username: string }) => r.username === 'admin');
    expect(a).toMatchObject({ status: '1', status_dictText: '正常', mobile: '13800000001' });
    expect(a.orgCodeTxt).toContain('总部');
    expect(a).not.toHaveProperty('passwordHash');
    const p2 = (await list({ pageNo: '2', pageSize: '2', column: 'username', order: 'asc' })).json().result;
    expect(p2.records.map((r: { username: string }) => r.username)).toEqual(['operator']);
  });

  it('filters simply and by super query', async () => {
    expect((await list({ username: '*adm*' })).json().result.total).toBe(1);
    expect((await list({ username: '!admin' })).json().result.total).toBe(2);
    expect((await list({ status: '2' })).json().result.total).toBe(0);
    // By ids (the user picker naming stored ids): exactly those, and only in the request tenant.
    const byIds = (await list({ id: 'u-admin,u-operator,u-nobody' })).json().result;
    expect(byIds.records.map((r: { username: string }) => r.username).sort()).toEqual(['admin', 'operator']);
    expect((await list({ id: 'u-approver' })).json().result.records.map((r: { username: string }) => r.username)).toEqual(['approver']);
    expect((await list({ id: 'u-t1' })).json().result.total).toBe(0);
    const sq = encodeURIComponent(
      JSON.stringify([
        { field: 'username', rule: 'in', val: ['admin', 'operator'], type: 'string' },
        { field: 'realname', rule: 'like', val: '张', type: 'string' },
      ]),
    );
    expect((await list({ superQueryParams: sq, superQueryMatchType: 'and' })).json().result.total).toBe(1);
    expect((await list({ superQueryParams: sq, superQueryMatchType: 'or' })).json().result.total).toBe(2);
  });

  it('injection strings in filters and sort change nothing and leak nothing', async () => {
    const before = await count();
    for (const v of ["' or 1=1 --", '; drop table users', "admin' --"]) {
      const r = await list({ username: v, realname: `*${v}*` });
      expect(r.statusCode).toBe(200);
      expect(r.json().result.total).toBe(0);
    }
    expect((await list({ column: 'id;delete', order: 'asc' })).statusCode).toBe(400);
    expect((await list({ column: 'password_hash' })).statusCode).toBe(400);
    expect((await list({ column: 'username', order: 'asc; drop table users' })).statusCode).toBe(400);
    expect((await list({ password_hash: '*a*', 'x; drop table users': '1' })).json().result.total).toBe(3);
    expect((await list({ status: '1 or 1=1' })).statusCode).toBe(400);
    expect((await list({ createTime_begin: '2024-13-45' })).statusCode).toBe(400);
    const bad = encodeURIComponent(JSON.stringify([{ field: 'password_hash', rule: 'eq', val: 'x' }]));
    expect((await list({ superQueryParams: bad })).statusCode).toBe(400);
    const badRule = encodeURIComponent(JSON.stringify([{ field: 'username', rule: 'eq; drop', val: 'x' }]));
    expect((await list({ superQueryParams: badRule })).statusCode).toBe(400);
    expect((await list({ superQueryParams: '%E0%A4%A' })).statusCode).toBe(400);
    expect((await list({ pageSize: '100000' })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('refuses every call without the permission code', async () => {
    const op = (await login(t.app, 'operator')).token;
    expect((await list({}, op)).statusCode).toBe(403);
    expect((await post(ADMIN_P.userAdd, addBody(), op)).statusCode).toBe(403);
    expect((await put(ADMIN_P.userEdit, { id: 'u-approver', realname: 'x' }, op)).statusCode).toBe(403);
    expect((await del(ADMIN_P.userDelete, { id: 'u-approver' }, op)).statusCode).toBe(403);
    expect((await del(ADMIN_P.userDeleteBatch, { ids: 'u-approver' }, op)).statusCode).toBe(403);
    expect((await put(ADMIN_P.userFrozenBatch, { ids: 'u-approver', status: '2' }, op)).statusCode).toBe(403);
    expect((await put(ADMIN_P.userChangePassword, { username: 'approver', password: 'x', confirmpassword: 'x' }, op)).statusCode).toBe(403);
    expect((await get(ADMIN_P.userExport, {}, op)).statusCode).toBe(403);
    expect((await get(ADMIN_P.userCheckOnly, { username: 'admin' }, op)).statusCode).toBe(403);
    expect((await get(ADMIN_P.userQueryRole, { userid: 'u-admin' }, op)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', ADMIN_P.userList)).statusCode).toBe(401);
  });

  it('adds a user with roles and departments, and refuses bad or duplicate input with 4xx', async () => {
    const res = await post(ADMIN_P.userAdd, addBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(USER_MSG.added);
    const id = res.json().result.id as string;
    expect((await get(ADMIN_P.userQueryRole, { userid: id })).json().result).toEqual(['r-operator']);
    const row = (await list({ username: 'zhao_liu' })).json().result.records[0];
    expect(row).toMatchObject({ realname: '赵六', sex: '1', email: 'zl@example.com', orgCode: 'A01A01', post: '专员', createBy: 'admin' });
    expect((await login(t.app, 'zhao_liu', NEW_PW)).token).toBeTruthy();

    const dup = await post(ADMIN_P.userAdd, addBody({ mobile: '13900000099', email: '' }));
    expect([dup.statusCode, dup.json().message]).toEqual([409, '用户账号已存在']);
    expect((await post(ADMIN_P.userAdd, addBody({ username: 'other_1', email: 'ZL@example.com', mobile: '' }))).json().message).toBe('邮箱已存在');
    expect((await post(ADMIN_P.userAdd, addBody({ username: 'other_1', email: '' }))).json().message).toBe('手机号已存在');
    for (const over of [
      { username: 'a' },
      { realname: '' },
      { password: encodePassword('weak') },
      { password: 'not-aes' },
      { mobile: '123' },
      { email: 'x@' },
      { sex: '9' },
      { selectedroles: 'r-nope' },
      { selecteddeparts: 'd-nope' },
      { username: ['x'] },
    ]) {
      const r = await post(ADMIN_P.userAdd, addBody({ username: 'other_2', mobile: '', email: '', ...over }));
      expect(r.statusCode, JSON.stringify(over)).toBe(400);
      expect(r.json().success).toBe(false);
    }
    expect((await call(t.app, 'POST', ADMIN_P.userAdd, addBody({ username: 'other_3', mobile: '', email: '' }), { token: admin })).statusCode).toBe(400); // unsigned
  });

  it('checks uniqueness of username, phone and e-mail', async () => {
    const taken = (await get(ADMIN_P.userCheckOnly, { username: 'admin' })).json();
    expect(taken).toMatchObject({ success: false, message: '用户账号已存在' });
    expect((await get(ADMIN_P.userCheckOnly, { username: 'admin', id: 'u-admin' })).json().success).toBe(true);
    expect((await get(ADMIN_P.userCheckOnly, { phone: '13800000002' })).json().message).toBe('手机号已存在');
    expect((await get(ADMIN_P.userCheckOnly, { email: 'nobody@example.com' })).json().success).toBe(true);
    expect((await get(ADMIN_P.userCheckOnly, {})).statusCode).toBe(400);
  });

  it('edits a user, replaces roles and departments, refuses duplicates and unknown ids', async () => {
    const res = await put(ADMIN_P.userEdit, {
      id: 'u-approver',
      realname: '李复核二',
      selectedroles: 'r-approver,r-operator',
      selecteddeparts: 'd-a02a01',
      birthday: '1990-01-02',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(ADMIN_P.userQueryRole, { userid: 'u-approver' })).json().result.sort()).toEqual(['r-approver', 'r-operator']);
    const row = (await list({ username: 'approver' })).json().result.records[0];
    expect(row).toMatchObject({ realname: '李复核二', orgCode: 'A02A01', orgCodeTxt: '上海营业部', birthday: '1990-01-02' });
    expect((await put(ADMIN_P.userEdit, { id: 'u-approver', realname: 'x', mobile: '13800000002' })).json().message).toBe('手机号已存在');
    expect((await put(ADMIN_P.userEdit, { id: 'u-nope', realname: 'x' })).statusCode).toBe(404);
    expect((await put(ADMIN_P.userEdit, { id: 'u-approver', realname: '' })).statusCode).toBe(400);
    expect((await get(ADMIN_P.userQueryRole, { userid: 'u-nope' })).statusCode).toBe(404);
  });

  it('freezes (sessions end at once, login refused) and unfreezes; never oneself', async () => {
    const op = (await login(t.app, 'operator')).token;
    const r = await put(ADMIN_P.userFrozenBatch, { ids: 'u-operator', status: '2' });
    expect([r.statusCode, r.json().message]).toEqual([200, USER_MSG.frozen]);
    expect((await call(t.app, 'GET', '/sys/dict/queryAllDictItems', undefined, { token: op })).statusCode).toBe(401);
    const again = await call(t.app, 'POST', '/sys/login', { username: 'operator', password: encodePassword('Demo@2026') }, { signed: true, ip: freshIp() });
    expect(again.json().message).toBe(MSG.loginFrozen);
    expect((await list({ status: '2' })).json().result.records.map((x: { username: string }) => x.username)).toEqual(['operator']);
    expect((await put(ADMIN_P.userFrozenBatch, { ids: 'u-operator', status: '1' })).json().message).toBe(USER_MSG.unfrozen);
    expect((await login(t.app, 'operator')).token).toBeTruthy();
    expect((await put(ADMIN_P.userFrozenBatch, { ids: 'u-admin', status: '2' })).json().message).toBe(USER_MSG.notSelfFreeze);
    expect((await put(ADMIN_P.userFrozenBatch, { ids: 'u-operator', status: '3' })).statusCode).toBe(400);
    expect((await put(ADMIN_P.userFrozenBatch, { ids: "u-operator' or 1=1", status: '2' })).statusCode).toBe(400);
    expect((await put(ADMIN_P.userFrozenBatch, { ids: 'u-nope', status: '2' })).statusCode).toBe(404);
  });

  it("resets another user's password (their sessions end) and checks the rule", async () => {
    const op = (await login(t.app, 'operator')).token;
    const body = { username: 'operator', password: encodePassword(NEW_PW), confirmpassword: encodePassword(NEW_PW) };
    expect((await put(ADMIN_P.userChangePassword, body)).json().message).toBe(USER_MSG.passwordChanged);
    expect((await call(t.app, 'GET', '/sys/dict/queryAllDictItems', undefined, { token: op })).statusCode).toBe(401);
    expect((await login(t.app, 'operator', NEW_PW)).token).toBeTruthy();
    expect((await put(ADMIN_P.userChangePassword, { ...body, confirmpassword: encodePassword('Other@12345') })).json().message).toBe(USER_MSG.passwordMismatch);
    expect((await put(ADMIN_P.userChangePassword, { ...body, password: encodePassword('abc'), confirmpassword: encodePassword('abc') })).statusCode).toBe(400);
    expect((await put(ADMIN_P.userChangePassword, { ...body, username: 'ghost' })).statusCode).toBe(404);
    expect((await put(ADMIN_P.userChangePassword, { username: 'operator' })).statusCode).toBe(400);
  });

  it('deletes one and a batch, never oneself, unknown ids 404', async () => {
    const ids: string[] = [];
    for (const n of ['del_one', 'del_two', 'del_three'])
      ids.push((await post(ADMIN_P.userAdd, addBody({ username: n, mobile: '', email: '' }))).json().result.id);
    expect((await del(ADMIN_P.userDelete, { id: 'u-admin' })).json().message).toBe(USER_MSG.notSelfDelete);
    expect((await del(ADMIN_P.userDelete, { id: ids[0] })).json().message).toBe(USER_MSG.deleted);
    expect((await del(ADMIN_P.userDelete, { id: ids[0] })).statusCode).toBe(404);
    expect((await del(ADMIN_P.userDeleteBatch, { ids: `${ids[1]},u-admin` })).statusCode).toBe(400);
    expect((await del(ADMIN_P.userDeleteBatch, { ids: ids.slice(1).join(',') })).json().message).toBe(USER_MSG.batchDeleted);
    expect((await list({ username: '*del_*' })).json().result.total).toBe(0);
    expect((await del(ADMIN_P.userDeleteBatch, { ids: '' })).statusCode).toBe(400);
    expect((await del(ADMIN_P.userDelete, {})).statusCode).toBe(400);
  });

  it('exports the filtered or the selected rows as an .xlsx', async () => {
    const res = await get(ADMIN_P.userExport, { username: '*er*' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain('.xlsx');
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0].slice(0, 5)).toEqual(['用户账号', '用户姓名', '性别', '手机号', '邮箱']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['approver', 'operator']);
    const sel = await sheetRows((await get(ADMIN_P.userExport, { selections: 'u-admin,u-customer' })).rawPayload);
    expect(sel.slice(1).map((r) => r[0])).toEqual(['admin']); // u-customer is tenant 1's
  });

  it('imports a workbook; one bad row gives 201 and an error file listing it', async () => {
    const data = await xlsxOf(
      ['用户账号', '用户姓名', '手机号', '邮箱', '性别'],
      [
        ['imp_one', '导入一', '13911110001', 'i1@example.com', '男'],
        ['x', '坏行', '', '', ''],
        ['imp_two', '导入二', '', '', '女'],
        ['admin', '重复', '', '', ''],
      ],
    );
    const mp = multipart([{ field: 'files[]', filename: 'users.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data }]);
    const res = await t.app.inject({
      method: 'POST',
      url: API_BASE + ADMIN_P.userImport,
      headers: { ...mp.headers, [HEADER_TOKEN]: admin },
      payload: mp.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ code: 201, message: USER_MSG.importBadRows, result: { imported: 2 } });
    const url = res.json().result.errorFileUrl as string;
    const file = await call(t.app, 'GET', url, undefined, { token: admin });
    expect(file.statusCode).toBe(200);
    const errRows = await sheetRows(file.rawPayload);
    expect(errRows[0]).toContain('错误原因');
    expect(errRows.slice(1).map((r) => r[1])).toEqual(['x', 'admin']);
    expect(errRows[2]).toContain('用户账号已存在');
    expect((await call(t.app, 'GET', url)).statusCode).toBe(401);
    expect((await list({ username: '*imp_*' })).json().result.total).toBe(2);

    const good = multipart([
      { filename: 'ok.xlsx', type: 'application/octet-stream', data: await xlsxOf(['username', 'realname'], [['imp_three', '导入三']]) },
    ]);
    const ok = await t.app.inject({
      method: 'POST',
      url: API_BASE + ADMIN_P.userImport,
      headers: { ...good.headers, [HEADER_TOKEN]: admin },
      payload: good.payload,
    });
    expect([ok.statusCode, ok.json().message]).toEqual([200, USER_MSG.imported('ok.xlsx', 1)]);
    const txt = multipart([{ filename: 'a.txt', type: 'text/plain', data: Buffer.from('hi') }]);
    expect(
      (await t.app.inject({ method: 'POST', url: API_BASE + ADMIN_P.userImport, headers: { ...txt.headers, [HEADER_TOKEN]: admin }, payload: txt.payload }))
        .statusCode,
    ).toBe(400);
    const junk = multipart([{ filename: 'a.xlsx', type: 'application/octet-stream', data: Buffer.from('not a zip') }]);
    expect(
      (await t.app.inject({ method: 'POST', url: API_BASE + ADMIN_P.userImport, headers: { ...junk.headers, [HEADER_TOKEN]: admin }, payload: junk.payload }))
        .statusCode,
    ).toBe(400);
    expect((await post(ADMIN_P.userImport, {})).statusCode).toBe(400);
  });

  it('uploads images only and serves them; no path escapes the store', async () => {
    const up = (f: { filename: string; type: string; data: Buffer }) => {
      const mp = multipart([f], { isup: '1' });
      return t.app.inject({ method: 'POST', url: API_BASE + ADMIN_P.upload, headers: { ...mp.headers, [HEADER_TOKEN]: admin }, payload: mp.payload });
    };
    const ok = await up({ filename: 'me.png', type: 'image/png', data: PNG });
    expect(ok.statusCode, ok.body).toBe(200);
    const rel = ok.json().result.filePath as string;
    expect(rel).toMatch(/^avatar\/\d{8}\/[0-9a-f]{24}_me\.png$/);
    const img = await t.app.inject({ method: 'GET', url: `${API_BASE}${ADMIN_P.staticBase}/${rel}` });
    expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/png']);
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await up({ filename: 'a.png', type: 'image/png', data: Buffer.from('<script>') })).json().message).toBe(USER_MSG.uploadImageOnly);
    expect((await up({ filename: 'a.svg', type: 'image/svg+xml', data: Buffer.from('<svg/>') })).statusCode).toBe(400);
    for (const p of ['avatar/../../../etc/passwd', 'avatar/%2e%2e/%2e%2e/etc/passwd', '..%2f..%2fetc%2fpasswd', 'import-errors/x.xlsx', 'avatar/']) {
      const r = await t.app.inject({ method: 'GET', url: `${API_BASE}${ADMIN_P.staticBase}/${p}` });
      expect(r.statusCode, p).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, p).toBeLessThan(500);
    }
  });

  it('keeps tenants apart: a tenant-1 administrator sees and changes only tenant-1 users', async () => {
    const res = await list({}, t1, '1');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .result.records.map((r: { username: string }) => r.username)
        .sort(),
    ).toEqual(['customer', 't1admin']);
    expect((await list({}, t1, '0')).statusCode).toBe(403);
    const sq = encodeURIComponent(JSON.stringify([{ field: 'username', rule: 'eq', val: 'admin' }]));
    expect((await list({ superQueryParams: sq }, t1, '1')).json().result.total).toBe(0);
    expect((await put(ADMIN_P.userEdit, { id: 'u-admin', realname: 'pwned' }, t1, '1')).statusCode).toBe(404);
    expect((await del(ADMIN_P.userDelete, { id: 'u-admin' }, t1, '1')).statusCode).toBe(404);
    expect((await del(ADMIN_P.userDeleteBatch, { ids: 'u-operator' }, t1, '1')).statusCode).toBe(404);
    expect((await put(ADMIN_P.userFrozenBatch, { ids: 'u-admin', status: '2' }, t1, '1')).statusCode).toBe(404);
    expect(
      (await put(ADMIN_P.userChangePassword, { username: 'admin', password: encodePassword(NEW_PW), confirmpassword: encodePassword(NEW_PW) }, t1, '1'))
        .statusCode,
    ).toBe(404);
    expect((await get(ADMIN_P.userQueryRole, { userid: 'u-admin' }, t1, '1')).statusCode).toBe(404);
    expect((await sheetRows((await get(ADMIN_P.userExport, { selections: 'u-admin,u-operator' }, t1, '1')).rawPayload)).length).toBe(1);
    // Roles and departments of another tenant cannot be assigned.
    expect(
      (await post(ADMIN_P.userAdd, addBody({ username: 't1_user', mobile: '', email: '', selectedroles: 'r-admin', selecteddeparts: '' }), t1, '1')).json()
        .message,
    ).toBe('所选角色不存在');
    const made = await post(ADMIN_P.userAdd, addBody({ username: 't1_user', mobile: '', email: '', selectedroles: 'r-t1', selecteddeparts: '' }), t1, '1');
    expect(made.statusCode, made.body).toBe(200);
    expect((await list({ username: 't1_user' })).json().result.total).toBe(0); // invisible to tenant 0
    expect((await t.sql<{ realname: string }>(`SELECT realname FROM users WHERE id = 'u-admin'`))[0].realname).toBe('系统管理员');
  });
});
