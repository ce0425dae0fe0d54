// What a signed-in user sees: the resource list (menu from registered pages only, filtered by
// role), tenant and permission checks, dictionaries, departments, system switching, the public
// tenant and branding look-ups, and that every API route declares a permission.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_URL, LOGIN_INFO_PERMISSION, WIRE_MSG } from '../../contract/api/wire';
import { API_BASE } from '../../contract/constants';
import { MSG } from '../../contract/messages';
import { hasPermission } from '../../contract/permission';
import { HELP_CENTER_PATH, PAGE_KEYS, isPageKey } from '../../contract/pages';
import type { MenuItem, ResourceJson } from '../../contract/types';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((m) => [m, ...flatten(m.children ?? [])]);

describe.each(BACKENDS)('resources, tenants, dictionaries and departments on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof login>>;
  let customer: Awaited<ReturnType<typeof login>>;
  beforeAll(async () => {
    t = await startApp(backend);
    admin = await login(t.app, 'admin');
    customer = await login(t.app, 'customer');
  });
  afterAll(async () => t?.close());

  const resources = async (token: string, tenant?: string) => {
    const res = await call(t.app, 'GET', '/cap/auth/v1/UserResourceListInquiry', undefined, { token, tenant });
    expect(res.statusCode).toBe(200);
    return res.json().body.resourceJson as ResourceJson;
  };

  describe('resource list', () => {
    it('seeds only menu components that are registered page keys', async () => {
      const rows = await t.sql<{ component: string | null; type: string }>('SELECT component, type FROM permissions');
      for (const r of rows.filter((x) => x.type !== '2')) expect(PAGE_KEYS).toContain(r.component);
    });

    it('gives admin the full menu tree with meta, auth and allAuth', async () => {
      const rj = await resources(admin.token);
      const all = flatten(rj.menu);
      expect(all.every((m) => isPageKey(m.component))).toBe(true);
      expect(rj.menu[0]).toMatchObject({ path: '/Home', component: 'home/Home', meta: { title: '首页' } });
      const center = all.find((m) => m.path === '/account/center')!;
      expect(center.meta).toMatchObject({ keepAlive: true, componentName: 'AccountCenter', title: '个人中心' });
      expect(all.find((m) => m.path === '/isps/apiDocs')).toMatchObject({ component: 'layouts/IframePageView', meta: { url: API_DOCS_URL } });
      expect(all.find((m) => m.path === '/helpCenter')).toMatchObject({ component: 'help/HelpCenter', meta: { internalOrExternal: false } });
      // Routes the app navigates to, hidden from the menu.
      const navigated = all.filter((m) => /^\/(exception|result)\//.test(m.path));
      expect(navigated.map((m) => m.path).sort()).toEqual(['/exception/403', '/exception/404', '/exception/500', '/result/fail', '/result/success']);
      expect(navigated.every((m) => m.hidden)).toBe(true);
      expect(rj.sysSafeMode).toBe(false);
      expect(hasPermission('account:settings:password', rj)).toBe(true);
      expect(hasPermission(LOGIN_INFO_PERMISSION, rj)).toBe(true);
      // Switched off for everyone, even admin who was granted it.
      expect(rj.allAuth.find((e) => e.action === 'home:dashboard:export')).toMatchObject({ status: '0', type: '2' });
      expect(hasPermission('home:dashboard:export', rj)).toBe(false);
    });

    it('gives the customer fewer menus and buttons than admin', async () => {
      const mine = flatten((await resources(customer.token)).menu).map((m) => m.path);
      const admins = flatten((await resources(admin.token)).menu).map((m) => m.path);
      expect(mine).not.toContain('/exception');
      expect(mine).not.toContain('/isps/apiDocs');
      expect(mine).toContain('/Home');
      expect(mine.length).toBeLessThan(admins.length);
      const rj = await resources(customer.token);
      expect(hasPermission(LOGIN_INFO_PERMISSION, rj)).toBe(false);
      expect(rj.allAuth.length).toBe((await resources(admin.token)).allAuth.length);
    });
  });

  describe('tenant header and permission codes', () => {
    it('a tenant the user has no group in → 403', async () => {
      const res = await call(t.app, 'GET', '/cap/auth/v1/UserResourceListInquiry', undefined, { token: admin.token, tenant: '1' });
      expect(res.statusCode).toBe(403);
      expect(res.json().status.replyText).toBe(MSG.http403);
      const sys = await call(t.app, 'GET', '/sys/dict/queryAllDictItems', undefined, { token: customer.token, tenant: '0' });
      expect(sys.statusCode).toBe(403);
      expect(sys.json().message).toBe(MSG.http403);
      // Own tenants, or no header (the session's tenant), pass.
      expect((await call(t.app, 'GET', '/sys/dict/queryAllDictItems', undefined, { token: customer.token, tenant: '1' })).statusCode).toBe(200);
      expect((await call(t.app, 'GET', '/sys/dict/queryAllDictItems', undefined, { token: customer.token })).statusCode).toBe(200);
      expect((await call(t.app, 'GET', '/sys/dict/queryAllDictItems', undefined, { token: admin.token, tenant: '0' })).statusCode).toBe(200);
    });

    it('a route needing a permission code the user lacks → 403', async () => {
      const denied = await call(t.app, 'GET', '/sys/loginfo', undefined, { token: customer.token });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({ success: false, code: 403, message: MSG.http403 });
      const ok = await call(t.app, 'GET', '/sys/loginfo', undefined, { token: admin.token });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().result.totalVisitCount).toBeGreaterThanOrEqual(2);
    });
  });

  describe('dictionaries', () => {
    it('queryAllDictItems answers the tenant’s dictionaries, active items only', async () => {
      await t.sql("UPDATE dict_items SET status = 0 WHERE id = 'dict-0-status-0'");
      await call(t.app, 'GET', '/sys/dict/refleshCache', undefined, { token: admin.token });
      const res = await call(t.app, 'GET', '/sys/dict/queryAllDictItems', undefined, { token: admin.token });
      expect(res.statusCode).toBe(200);
      const map = res.json().result;
      expect(Object.keys(map).sort()).toEqual(['priority', 'sex', 'status', 'yn']);
      expect(map.priority.map((i: { value: string; color: string }) => [i.value, i.color])).toEqual([
        ['L', 'blue'],
        ['M', 'orange'],
        ['H', 'red'],
      ]);
      expect(map.status.map((i: { value: string }) => i.value)).toEqual(['1']);
    });

    it('getDictItems answers a list, a clear 404 for an unknown code, and never runs the code as SQL', async () => {
      const res = await call(t.app, 'GET', '/sys/dict/getDictItems/sex', undefined, { token: admin.token });
      expect(res.json().result).toEqual([expect.objectContaining({ value: '1', text: '男' }), expect.objectContaining({ value: '2', text: '女' })]);
      const unknown = await call(t.app, 'GET', '/sys/dict/getDictItems/nope', undefined, { token: admin.token });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(WIRE_MSG.dictNotFound('nope'));
      const injection = await call(t.app, 'GET', `/sys/dict/getDictItems/${encodeURIComponent("sex' OR '1'='1")}`, undefined, { token: admin.token });
      expect(injection.statusCode).toBe(404);
      const long = await call(t.app, 'GET', `/sys/dict/getDictItems/${'x'.repeat(100)}`, undefined, { token: admin.token });
      expect(long.statusCode).toBe(400);
    });

    it('refleshCache clears the cache so changes show', async () => {
      await t.sql("UPDATE dict_items SET item_text = '男性' WHERE id = 'dict-0-sex-1'");
      const cached = await call(t.app, 'GET', '/sys/dict/getDictItems/sex', undefined, { token: admin.token });
      expect(cached.json().result[0].text).toBe('男');
      const refresh = await call(t.app, 'GET', '/sys/dict/refleshCache', undefined, { token: admin.token });
      expect(refresh.json()).toMatchObject({ success: true, message: MSG.cacheRefreshDone });
      const fresh = await call(t.app, 'GET', '/sys/dict/getDictItems/sex', undefined, { token: admin.token });
      expect(fresh.json().result[0].text).toBe('男性');
    });
  });

  describe('departments', () => {
    it('lists the user’s departments and switches between them', async () => {
      const res = await call(t.app, 'GET', '/sys/user/getCurrentUserDeparts', undefined, { token: admin.token });
      expect(res.json().result).toMatchObject({ orgCode: 'A01' });
      expect(res.json().result.list.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01', 'A01A01']);
      const sel = await call(t.app, 'PUT', '/sys/selectDepart', { orgCode: 'A01A01', username: 'admin' }, { token: admin.token, signed: true });
      expect(sel.statusCode).toBe(200);
      expect(sel.json().result.userInfo).toMatchObject({ orgCode: 'A01A01', orgCodeTxt: '运营部' });
      const again = await call(t.app, 'GET', '/sys/user/getCurrentUserDeparts', undefined, { token: admin.token });
      expect(again.json().result.orgCode).toBe('A01A01');
    });

    it('refuses a department that is not the user’s, another username, and a user without departments', async () => {
      const notMine = await call(t.app, 'PUT', '/sys/selectDepart', { orgCode: 'A02', username: 'admin' }, { token: admin.token, signed: true });
      expect(notMine.statusCode).toBe(400);
      expect(notMine.json().message).toBe(WIRE_MSG.departNotYours);
      const other = await call(t.app, 'PUT', '/sys/selectDepart', { orgCode: 'A01', username: 'operator' }, { token: admin.token, signed: true });
      expect(other.statusCode).toBe(403);
      const none = await call(t.app, 'GET', '/sys/user/getCurrentUserDeparts', undefined, { token: customer.token });
      expect(none.json().result).toEqual({ list: [], orgCode: '' });
      const noDepart = await call(t.app, 'PUT', '/sys/selectDepart', { orgCode: 'A01' }, { token: customer.token, signed: true });
      expect(noDepart.json().message).toBe(MSG.noDepart);
      const empty = await call(t.app, 'PUT', '/sys/selectDepart', {}, { token: admin.token, signed: true });
      expect(empty.statusCode).toBe(400);
    });
  });

  describe('system switching', () => {
    it('switches to another of the user’s systems and the session remembers it', async () => {
      const me = await login(t.app, 'admin');
      const org = me.userInfo.listSys.find((s) => s.group.groupType === 'orgBank')!;
      const res = await call(t.app, 'POST', '/cap/auth/v1/UserSystemSwitching', { sysId: org.id, groupId: org.group.id }, { token: me.token, signed: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().body.userInfo.sys.group.groupType).toBe('orgBank');
      expect(res.json().body.userInfo.org.orgType).toBe('bank');
      const bad = await call(t.app, 'POST', '/cap/auth/v1/UserSystemSwitching', { sysId: 'sys-cus', groupId: 'g-cus' }, { token: me.token, signed: true });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().status.errorMsg).toBe(WIRE_MSG.systemNotYours);
    });
  });

  describe('public look-ups', () => {
    it('TenantInquiry resolves by domain, default tenant 0', async () => {
      const def = await call(t.app, 'POST', '/cap/auth/v1/TenantInquiry', { url: 'https://boss.example.com/user/login-admin' });
      expect(def.json().body).toMatchObject({ tenantId: '0', tenantInfo: { name: '平台租户' } });
      const demo = await call(t.app, 'POST', '/cap/auth/v1/TenantInquiry', {
        page: { pageNum: 1, pageSize: 10 },
        context: {},
        url: 'http://demo.boss.local:8080/',
      });
      expect(demo.json().body.tenantId).toBe('1');
      const junk = await call(t.app, 'POST', '/cap/auth/v1/TenantInquiry', { url: '::::' });
      expect(junk.json().body.tenantId).toBe('0');
    });

    it('SystemInquiry answers the branding of §3', async () => {
      const res = await call(t.app, 'POST', '/cap/auth/v1/SystemInquiry', { url: 'http://localhost', port: 8080, entityId: '' });
      const { sysInfo, sysName } = res.json().body;
      expect(sysName).toBe('业务运营支撑系统');
      expect(sysInfo).toMatchObject({ sysColor: '#0267B5', cfgPayPwd: 'true', cfgOpPwd: 'true', cfgDataDecrypt: 'true', helpUrl: HELP_CENTER_PATH });
      expect(sysInfo.copyright).toMatch(/^© \d{4}-\d{4}$/);
      const bad = await call(t.app, 'POST', '/cap/auth/v1/SystemInquiry', { url: 5 });
      expect(bad.statusCode).toBe(400);
    });

    it('health answers success', async () => {
      expect((await call(t.app, 'GET', '/health')).json()).toEqual({ success: true });
    });
  });

  it('every route under API_BASE declares a permission (and the guarded ones are refused without a token)', async () => {
    const routes = t.app.apiRoutes;
    expect(routes.length).toBeGreaterThan(15);
    const missing = routes.filter((r) => !r.permission);
    expect(missing).toEqual([]);
    for (const r of routes.filter((x) => x.permission !== 'public' && x.method !== 'HEAD')) {
      const res = await t.app.inject({ method: r.method as 'GET', url: r.url.replace(':dictCode', 'sex'), payload: r.method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
    const signedOnes = routes.filter((r) => r.signed).map((r) => r.url.slice(API_BASE.length));
    expect(signedOnes).toEqual(
      expect.arrayContaining([
        '/sys/login',
        '/sys/phoneLogin',
        '/cap/sys/v1/SystemSmsCaptchaInquiry',
        '/cap/auth/v1/RefreshToken',
        '/sys/user/register',
        '/sys/user/passwordReset',
        '/cap/auth/v1/UserPasswordUpdating',
        '/sys/selectDepart',
        '/cap/auth/v1/UserSystemSwitching',
      ]),
    );
  });
});
