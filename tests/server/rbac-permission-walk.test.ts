// Walks the route table of the whole application (every module): each route that needs a
// permission code is called by a signed-in user of tenant 0 whose only role holds no permission,
// and must answer 403 — reads and writes alike, before any parameter or body is looked at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/constants';
import { MSG } from '../../contract/messages';
import { createSession } from '../../server/modules/session/service';
import { BACKENDS, call, startApp, type TestApp } from './helpers';

const WALKED = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

describe.each(BACKENDS)('permission walk over every route on %s', (backend) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startApp(backend);
    await t.sql(`INSERT INTO roles (id, role_code, role_name, tenant_id) VALUES ('r-nothing', 'nothing', '无权限角色', '0')`);
    await t.sql(`INSERT INTO users (id, username, realname, password_hash) VALUES ('u-nothing', 'nothing', '无权限用户', 'x')`);
    await t.sql(`INSERT INTO user_groups (user_id, group_id) VALUES ('u-nothing', 'g-org')`);
    await t.sql(`INSERT INTO user_roles (user_id, role_id) VALUES ('u-nothing', 'r-nothing')`);
    await t.sql(`INSERT INTO user_departs (user_id, depart_id) VALUES ('u-nothing', 'd-a01')`);
    token = (await createSession(t.database.db, { userId: 'u-nothing', groupId: 'g-org' })).token;
  });
  afterAll(async () => t?.close());

  it('refuses every route that needs a code with 403', async () => {
    const coded = t.app.apiRoutes.filter((r) => WALKED.has(r.method) && r.permission && r.permission !== 'public' && r.permission !== 'authenticated');
    expect(coded.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const r of coded) {
      // Path parameters get dummy values; the refusal must come before they matter.
      const path = r.url
        .slice(API_BASE.length)
        .replace(/:(\w+)/g, 'dummy')
        .replace(/\*$/, 'dummy');
      const body = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
      const res = await call(t.app, r.method as 'GET', path, body, { token, query: { id: 'x', ids: 'x' } });
      // /sys routes answer {message}; /cap routes the business envelope {status: {replyText}}.
      const answer = res.json() as { message?: string; status?: { replyText?: string } };
      const text = answer.message ?? answer.status?.replyText;
      if (res.statusCode !== 403 || text !== MSG.http403) wrong.push(`${r.method} ${r.url} (${r.permission}) → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets the same user through routes that need only a session', async () => {
    const res = await call(t.app, 'GET', '/cap/auth/v1/UserResourceListInquiry', undefined, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().body.resourceJson.auth).toEqual([]);
    expect((await call(t.app, 'GET', '/sys/sysDepart/queryMyDeptTreeList', undefined, { token })).statusCode).toBe(200);
  });
});
