// Issue 14 §4: the menu catalogue has the shape its screens promise. Every button permission hangs
// under a page that is a menu; result and exception pages are hidden routes, not menu items; the API
// documentation is an administrator's menu and the server's /docs answers administrators only; an
// installation that still has the old shape (top-level buttons, visible result pages, docs for all)
// is repaired by the migration and the catalogue sync.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_COOKIE, API_DOCS_PERMISSION } from '../../contract/api/wire';
import { HELP_CENTER_PATH } from '../../contract/pages';
import type { MenuItem, ResourceJson } from '../../contract/types';
import { syncCatalogue } from '../../server/db/catalogue';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((m) => [m, ...flatten(m.children ?? [])]);
const MIGRATION = readFileSync(new URL('../../server/db/migrations/0019_menu_pages_not_menus.sql', import.meta.url), 'utf8');

describe.each(BACKENDS)('menu catalogue shape (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend, { docs: true });
  });
  afterAll(async () => t?.close());

  const menuOf = async (username: string) => {
    const { token } = await login(t.app, username);
    const res = await call(t.app, 'GET', '/cap/auth/v1/UserResourceListInquiry', undefined, { token });
    expect(res.statusCode).toBe(200);
    return flatten((res.json().body.resourceJson as ResourceJson).menu);
  };

  const shapeProblems = async () => {
    const buttons = await t.sql<{ id: string; parent_type: string | null }>(
      `SELECT b.id, p.type AS parent_type FROM permissions b LEFT JOIN permissions p ON p.id = b.parent_id WHERE b.type = '2' ORDER BY b.id`,
    );
    return buttons.filter((b) => b.parent_type !== '1').map((b) => b.id);
  };

  it('hangs every button permission under a page that is a menu', async () => {
    expect(await shapeProblems()).toEqual([]);
    const some = await t.sql<{ id: string; parent_id: string }>(
      `SELECT id, parent_id FROM permissions WHERE id IN ('b-pay-order-submit', 'b-acct-generate', 'b-acct-freeze', 'b-cus-audit', 'b-cus-innet-sign', 'b-cus-invite') ORDER BY id`,
    );
    expect(some).toEqual([
      { id: 'b-acct-freeze', parent_id: 'm-paycus-account' },
      { id: 'b-acct-generate', parent_id: 'm-acct-generate' },
      { id: 'b-cus-audit', parent_id: 'm-cus-review' },
      { id: 'b-cus-innet-sign', parent_id: 'm-cus-innet' },
      { id: 'b-cus-invite', parent_id: 'm-cus-detail' },
      { id: 'b-pay-order-submit', parent_id: 'm-paycus-single' },
    ]);
  });

  it('keeps result and exception pages as hidden routes, and no visible menu item leads to them', async () => {
    for (const username of ['admin', 'operator', 'approver', 'customer']) {
      const visible = (await menuOf(username)).filter((m) => !m.hidden).map((m) => m.path);
      expect(
        visible.filter((p) => /^\/(result|exception)/.test(p)),
        username,
      ).toEqual([]);
    }
    const routes = (await menuOf('operator')).filter((m) => m.hidden).map((m) => m.path);
    expect(routes).toEqual(expect.arrayContaining(['/result/success', '/result/fail']));
  });

  it('gives 帮助中心 to every role as the built-in help page, and 接口文档 to administrators only', async () => {
    for (const username of ['admin', 'operator', 'approver', 'customer']) {
      const menu = await menuOf(username);
      expect(
        menu.find((m) => m.path === HELP_CENTER_PATH),
        username,
      ).toMatchObject({ component: 'help/HelpCenter' });
      expect(
        menu.some((m) => m.path === '/isps/apiDocs'),
        username,
      ).toBe(username === 'admin');
    }
  });

  it('answers /docs and /docs/json to administrators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(401);
    const operator = await login(t.app, 'operator');
    expect((await t.app.inject({ method: 'GET', url: `/docs?token=${operator.token}` })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/docs/json', headers: { cookie: `${API_DOCS_COOKIE}=${operator.token}` } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/docs/json?token=not-a-token' })).statusCode).toBe(401);

    const admin = await login(t.app, 'admin');
    const ui = await t.app.inject({ method: 'GET', url: `/docs?token=${admin.token}` });
    // The token moves into the cookie and out of the address (Swagger UI finds its document from it).
    expect(ui.statusCode).toBe(303);
    expect(ui.headers.location).toBe('/docs');
    expect(String(ui.headers['set-cookie'])).toContain(`${API_DOCS_COOKIE}=`);
    expect(String(ui.headers['set-cookie'])).toContain('HttpOnly');
    const page = await t.app.inject({ method: 'GET', url: '/docs', headers: { cookie: `${API_DOCS_COOKIE}=${admin.token}` } });
    expect([200, 302]).toContain(page.statusCode);
    const doc = await t.app.inject({ method: 'GET', url: '/docs/json', headers: { cookie: `other=1; ${API_DOCS_COOKIE}=${admin.token}` } });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
    // Swagger UI's own static files carry nothing secret.
    const asset = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui.css' });
    expect(asset.statusCode).toBe(200);
  });

  it('repairs an installation with the old shape (migration 0019 and the catalogue sync)', async () => {
    // The shape the code landed with: top-level buttons, visible result and exception pages, the
    // Swagger UI as 帮助中心 and 接口文档 granted to every staff role.
    await t.sql(`UPDATE permissions SET parent_id = NULL WHERE id IN ('b-pay-order-submit', 'b-acct-freeze', 'b-cus-info')`);
    // The 客户进件 buttons as they first landed: under the directory, not under their pages.
    await t.sql(`UPDATE permissions SET parent_id = 'm-cus' WHERE id LIKE 'b-cus-%' AND parent_id LIKE 'm-cus-%'`);
    await t.sql(`UPDATE permissions SET hidden = false WHERE id LIKE 'm-result%' OR id LIKE 'm-exception%'`);
    await t.sql(`UPDATE permissions SET perms = NULL, url = '{{origin}}/docs' WHERE id = 'm-api-docs'`);
    await t.sql(
      `UPDATE permissions SET component = 'layouts/RouteView', component_name = NULL, url = '{{origin}}/docs', internal_or_external = true WHERE id = 'm-help'`,
    );
    await t.sql(`INSERT INTO role_permissions VALUES ('r-operator', 'm-api-docs') ON CONFLICT DO NOTHING`);
    await t.sql(`UPDATE sys_info SET help_url = '/docs'`);
    const cusButtons = (await t.sql<{ id: string }>(`SELECT id FROM permissions WHERE parent_id = 'm-cus' AND type = '2' ORDER BY id`)).map((r) => r.id);
    expect(cusButtons).toHaveLength(16);
    expect((await shapeProblems()).sort()).toEqual(['b-acct-freeze', 'b-cus-info', ...cusButtons, 'b-pay-order-submit'].sort());

    const statements = MIGRATION.replace(/--.*$/gm, '')
      .split(';')
      .map((x) => x.trim())
      .filter(Boolean);
    for (const statement of statements) await t.sql(statement);
    await syncCatalogue(t.database.db);
    t.app.authCache.forget('all');

    expect(await shapeProblems()).toEqual([]);
    expect(await t.sql(`SELECT parent_id FROM permissions WHERE id = 'b-cus-innet-verify'`)).toEqual([{ parent_id: 'm-cus-innet' }]);
    expect(await t.sql(`SELECT id FROM permissions WHERE (id LIKE 'm-result%' OR id LIKE 'm-exception%') AND NOT hidden`)).toEqual([]);
    expect(await t.sql(`SELECT perms FROM permissions WHERE id = 'm-api-docs'`)).toEqual([{ perms: API_DOCS_PERMISSION }]);
    expect(await t.sql(`SELECT role_id FROM role_permissions WHERE permission_id = 'm-api-docs'`)).toEqual([{ role_id: 'r-admin' }]);
    expect(await t.sql(`SELECT DISTINCT help_url FROM sys_info`)).toEqual([{ help_url: HELP_CENTER_PATH }]);
    const help = await t.sql<{ component: string; internal_or_external: boolean }>(
      `SELECT component, internal_or_external FROM permissions WHERE id = 'm-help'`,
    );
    expect(help).toEqual([{ component: 'help/HelpCenter', internal_or_external: false }]);
  });
});
