// Login and operation logs, visits per day, online users and force logout (issue 3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RBAC, RBAC_MSG, type LogRecord, type OnlineRecord, type VisitDay } from '../../contract/api/rbac';
import { encodePassword } from '../../contract/crypto';
import { MSG } from '../../contract/messages';
import type { FastifyRequest } from 'fastify';
import { recordOperation } from '../../server/modules/rbac/logs';
import { P } from '../../contract/api/paths';
import { BACKENDS, call, login, startApp, type TestApp, until } from './helpers';

describe.each(BACKENDS)('logs and online users on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  const get = (p: string, query: Record<string, string> = {}, token = admin.token) => call(t.app, 'GET', p, undefined, { token, query });
  const post = (p: string, body: unknown, token = admin.token) => call(t.app, 'POST', p, body, { token, signed: true });

  beforeAll(async () => {
    t = await startApp(backend);
    admin = await login(t.app, 'admin');
  });
  afterAll(async () => t?.close());

  it('lists sign-ins (logType 1) with filters, and refuses bad ones', async () => {
    await call(t.app, 'POST', '/sys/login', { username: 'operator', password: encodePassword('Wrong@2026') }, { signed: true, ip: '10.9.9.9' });
    const res = await get(RBAC.logList, { logType: '1' });
    expect(res.statusCode).toBe(200);
    const page = res.json().result as { records: LogRecord[]; total: number };
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.records[0].createTime >= page.records[page.records.length - 1].createTime).toBe(true);
    const ok = page.records.find((r) => r.username === 'admin')!;
    expect(ok.logContent).toBe('用户名: admin,登录成功！');
    const failed = (await get(RBAC.logList, { logType: '1', username: 'operator' })).json().result.records as LogRecord[];
    expect(failed[0]).toMatchObject({ ip: '10.9.9.9' });
    expect(failed[0].logContent).toBe('用户名: operator,登录失败：用户名或密码错误');
    expect((await get(RBAC.logList, { logType: '1', logContent: '*登录成功*', username: 'operator' })).json().result.total).toBe(0);
    expect((await get(RBAC.logList, { logType: '3' })).statusCode).toBe(400);
    expect((await get(RBAC.logList, { logType: '1', column: 'created_at;drop table login_log' })).statusCode).toBe(400);
    expect((await get(RBAC.logList, { logType: '1', username: "' or 1=1 --" })).json().result.total).toBe(0);
    expect((await get(RBAC.logList, { logType: '1', createTime_begin: '2000-01-01', createTime_end: '2999-01-01 00:00:00' })).json().result.total).toBe(
      page.total,
    );
    expect((await get(RBAC.logList, { logType: '1', createTime_begin: 'yesterday' })).statusCode).toBe(400);
  });

  it('lists operation rows (logType 2) of the tenant with cost time', async () => {
    await post(RBAC.roleAdd, { roleName: '日志测试', roleCode: 'log_test' });
    const page = (await get(RBAC.logList, { logType: '2', column: 'costTime', order: 'asc' })).json().result;
    expect(page.records[0]).toMatchObject({
      username: 'admin',
      method: 'POST',
      requestUrl: '/boss-admin/sys/role/add',
      logContent: '添加角色：日志测试（log_test）',
    });
    expect(typeof page.records[0].costTime).toBe('number');
    await t.sql(`INSERT INTO operation_log (id, tenant_id, username, log_content, method, request_url) VALUES ('other', '1', 'x', '另一个租户', 'POST', '/x')`);
    const all = (await get(RBAC.logList, { logType: '2', pageSize: '100' })).json().result.records as LogRecord[];
    expect(all.map((r) => r.logContent)).not.toContain('另一个租户');
  });

  it('keeps the order of writes made within one clock step', async () => {
    // PGlite's clock moves in whole milliseconds: rows written back to back share a time, and
    // the list breaks the tie by id, so ids must follow the order of writing.
    const req = { auth: undefined, raw: {}, ip: '127.0.0.1', method: 'POST', url: '/x', routeOptions: { url: '/x' } } as unknown as FastifyRequest;
    const texts = Array.from({ length: 40 }, (_, i) => `顺序测试${String(i).padStart(2, '0')}`);
    for (const text of texts) await recordOperation(t.database.db, req, text);
    const rows = (await get(RBAC.logList, { logType: '2', logContent: '顺序测试*', column: 'createTime', order: 'asc', pageSize: '100' })).json().result
      .records as LogRecord[];
    expect(rows.map((r) => r.logContent)).toEqual(texts);
  });

  it('counts visits per day for the last 7 days', async () => {
    const days = (await get(RBAC.visitInfo)).json().result as VisitDay[];
    expect(days).toHaveLength(7);
    const today = days[6];
    expect(today.tian).toBe(today.type.slice(5));
    expect(today.visit).toBeGreaterThanOrEqual(1);
    expect(today.ip).toBeGreaterThanOrEqual(1);
    expect(days[0].type < today.type).toBe(true);
  });

  it('lists live sessions and forces one out at once', async () => {
    const op = await login(t.app, 'operator', undefined, '10.1.2.3');
    const list = (await get(RBAC.onlineList, { pageSize: '50' })).json().result as { records: OnlineRecord[]; total: number };
    const mine = list.records.find((r) => r.current)!;
    expect(mine.username).toBe('admin');
    const theirs = list.records.find((r) => r.username === 'operator')!;
    expect(theirs).toMatchObject({ realname: '张经办', ip: '10.1.2.3', current: false });
    expect(theirs.loginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await get(RBAC.onlineList, { username: 'operator' })).json().result.total).toBe(1);

    const self = await post(RBAC.forceLogout, { sessionId: mine.id });
    expect([self.statusCode, self.json().message]).toEqual([400, RBAC_MSG.forceSelf]);
    expect((await post(RBAC.forceLogout, {})).statusCode).toBe(400);
    expect((await post(RBAC.forceLogout, { sessionId: 'nope' })).statusCode).toBe(404);

    expect((await call(t.app, 'GET', '/sys/user/getCurrentUserDeparts', undefined, { token: op.token })).statusCode).toBe(200);
    const out = await post(RBAC.forceLogout, { sessionId: theirs.id });
    expect([out.statusCode, out.json().message]).toEqual([200, RBAC_MSG.forceDone]);
    const next = await call(t.app, 'GET', '/sys/user/getCurrentUserDeparts', undefined, { token: op.token });
    expect([next.statusCode, next.json().message]).toEqual([401, MSG.tokenInvalid]);
    const refresh = await call(t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken: op.refreshToken }, { signed: true });
    expect(refresh.statusCode).toBe(401);
    expect((await get(RBAC.onlineList, { username: 'operator' })).json().result.total).toBe(0);
    expect((await post(RBAC.forceLogout, { sessionId: theirs.id })).statusCode).toBe(404);

    // By access token as well.
    const op2 = await login(t.app, 'operator');
    expect((await post(RBAC.forceLogout, { token: op2.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/sys/user/getCurrentUserDeparts', undefined, { token: op2.token })).statusCode).toBe(401);
    const rows = await t.sql<{ log_content: string }>(`SELECT log_content FROM operation_log WHERE log_content LIKE '强制退出%'`);
    expect(rows).toHaveLength(2);
  });

  it('a refresh made again because its answer was lost shows the session once, and forcing it out ends every pair', async () => {
    const ap = await login(t.app, 'approver');
    const refresh = () => call(t.app, 'POST', '/cap/auth/v1/RefreshToken', { refreshToken: ap.refreshToken }, { signed: true });
    const lost = await refresh();
    const again = await refresh(); // within the grace: a second live pair of the same family
    expect([lost.statusCode, again.statusCode]).toEqual([200, 200]);
    const list = (await get(RBAC.onlineList, { username: 'approver' })).json().result as { records: OnlineRecord[]; total: number };
    expect(list.total).toBe(1);
    expect(list.records).toHaveLength(1);
    expect((await post(RBAC.forceLogout, { sessionId: list.records[0].id })).statusCode).toBe(200);
    for (const pair of [lost, again]) {
      expect((await call(t.app, 'GET', '/sys/user/getCurrentUserDeparts', undefined, { token: pair.json().body.accessToken })).statusCode).toBe(401);
    }
  });

  it('shows only sessions of the tenant users and keeps last-seen', async () => {
    const cus = await login(t.app, 'customer');
    const names = ((await get(RBAC.onlineList, { pageSize: '100' })).json().result.records as OnlineRecord[]).map((r) => r.username);
    expect(names).not.toContain('customer');
    const list = (await get(RBAC.onlineList, { pageSize: '100' })).json().result.records as OnlineRecord[];
    expect(list.find((r) => r.current)!.lastSeen).toMatch(/^\d{4}-/);
    // Written with the others due within half a second.
    const seen = async () =>
      (await t.sql<{ last_seen_at: Date | null }>(`SELECT last_seen_at FROM sessions WHERE id = $1`, [list.find((r) => r.current)!.id]))[0];
    await until('last seen written', async () => (await seen()).last_seen_at !== null);
    const res = await post(RBAC.forceLogout, { token: cus.token });
    expect(res.statusCode).toBe(404);
  });

  it('writes the last-seen time once for a burst of requests of two sessions, and not again within the minute', async () => {
    // A statement-level trigger counts every UPDATE of sessions, those that change no row included.
    await t.sql(`CREATE TABLE seen_updates (n int NOT NULL)`);
    await t.sql(`INSERT INTO seen_updates VALUES (0)`);
    await t.sql(`CREATE FUNCTION count_seen_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE seen_updates SET n = n + 1; RETURN NULL; END $$`);
    await t.sql(`CREATE TRIGGER count_seen_update AFTER UPDATE OF last_seen_at ON sessions FOR EACH STATEMENT EXECUTE FUNCTION count_seen_update()`);
    try {
      const tokens = [(await login(t.app, 'operator')).token, (await login(t.app, 'approver')).token];
      const theirs = `SELECT last_seen_at FROM sessions WHERE user_id IN (SELECT id FROM users WHERE username IN ('operator', 'approver')) AND revoked_at IS NULL`;
      await t.sql(`UPDATE sessions SET last_seen_at = NULL WHERE user_id IN (SELECT id FROM users WHERE username IN ('operator', 'approver'))`);
      await t.sql(`UPDATE seen_updates SET n = 0`);
      const burst = await Promise.all(tokens.flatMap((token) => Array.from({ length: 12 }, () => get(P.currentDeparts, {}, token))));
      expect(burst.map((r) => r.statusCode)).toEqual(Array(24).fill(200));
      const updates = async () => (await t.sql<{ n: number }>(`SELECT n FROM seen_updates`))[0].n;
      await until('last seen written', async () => (await updates()) >= 1);
      await new Promise((r) => setTimeout(r, 700));
      for (const token of tokens) for (let i = 0; i < 5; i++) expect((await get(P.currentDeparts, {}, token)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 700));
      expect(await updates()).toBe(1);
      const seen = await t.sql<{ last_seen_at: Date | null }>(theirs);
      expect(seen.filter((r) => r.last_seen_at !== null).length).toBeGreaterThanOrEqual(2);
    } finally {
      await t.sql(`DROP TRIGGER count_seen_update ON sessions`);
      await t.sql(`DROP FUNCTION count_seen_update()`);
      await t.sql(`DROP TABLE seen_updates`);
    }
  });
});
