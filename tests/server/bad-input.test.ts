// Issue 13 §2: bad input never answers 500. A body nested 100,000 deep (also on calls that need no
// sign-in), NUL bytes in body, query, path values and headers, broken multipart bodies, and five
// simultaneous identical creates (the unique index decides: one 200, four 409 '{字段}已存在', one row).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, HEADER_SIGN, HEADER_TOKEN } from '../../contract/constants';
import { ADMIN_P } from '../../contract/api/admin';
import { PAY_PATHS } from '../../contract/api/pay';
import { RBAC, RBAC_MSG } from '../../contract/api/rbac';
import { MSG } from '../../contract/messages';
import { sql } from 'drizzle-orm';
import { pgRefusal } from '../../server/http/pgErrors';
import { BACKENDS, call, login, signatureHeaders, startApp, type TestApp } from './helpers';

process.env.UPLOAD_DIR ??= mkdtempSync(path.join(tmpdir(), 'boss-upload-'));

/** `{"a":{"a":…1…}}` nested `depth` levels, as raw JSON text (built without recursion). */
const deepJson = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe.each(BACKENDS)('bad input on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    operator = (await login(t.app, 'operator')).token;
  });
  afterAll(async () => t?.close());

  const raw = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload: string | Buffer | undefined, headers: Record<string, string>) =>
    t.app.inject({ method, url: API_BASE + url, payload, headers });

  it('a body nested 100,000 deep is a 400 before the signature is computed, signed in or not', async () => {
    const body = deepJson(100_000);
    const sign = { 'content-type': 'application/json', ...signatureHeaders({}) };
    for (const [url, token] of [
      ['/sys/login', undefined],
      [RBAC.roleAdd, admin],
    ] as const) {
      const res = await raw('POST', url, body, { ...sign, ...(token ? { [HEADER_TOKEN]: token } : {}) });
      expect([res.statusCode, res.json().message], url).toEqual([400, MSG.tooDeep]);
    }
    // Ordinary nesting still passes the gate (and reaches the signature check).
    const shallow = await raw('POST', '/sys/login', deepJson(5), {
      'content-type': 'application/json',
      [HEADER_SIGN]: 'X'.repeat(32),
      'X-TIMESTAMP': sign['X-TIMESTAMP'],
    });
    expect(shallow.json().message).toBe(MSG.signBad);
  });

  it('a NUL byte in a body, a path value, a query value or a header is a 400 that changes nothing', async () => {
    const cancel = await call(t.app, 'POST', PAY_PATHS.orderCancel, { orderId: 'qa\u0000x' }, { token: operator, signed: true });
    expect([cancel.statusCode, cancel.json().status.errorMsg]).toEqual([400, MSG.nulByte]);
    const item = await call(t.app, 'GET', '/sys/dict/getDictItems/%00', undefined, { token: admin });
    expect([item.statusCode, item.json().message]).toEqual([400, MSG.nulByte]);
    const list = await call(t.app, 'GET', RBAC.roleList, undefined, { token: admin, query: { roleName: 'a\u0000' } });
    expect([list.statusCode, list.json().message]).toEqual([400, MSG.nulByte]);
    const key = await call(t.app, 'POST', RBAC.roleAdd, { roleName: 'n', roleCode: 'nul_key', ['k\u0000']: 1 }, { token: admin, signed: true });
    expect([key.statusCode, key.json().message]).toEqual([400, MSG.nulByte]);
    const header = await call(t.app, 'GET', RBAC.roleList, undefined, { token: `${admin}\u0000` });
    expect([header.statusCode, header.json().message]).toEqual([400, MSG.nulByte]);
    expect(await t.sql(`SELECT 1 FROM roles WHERE role_code = 'nul_key'`)).toEqual([]);
  });

  it('the signature is compared whole, in any letter case', async () => {
    const body = { roleName: '签名', roleCode: 'sign_case' };
    const good = signatureHeaders(body);
    const lower = await call(t.app, 'POST', RBAC.roleAdd, body, { token: admin, headers: { ...good, [HEADER_SIGN]: good[HEADER_SIGN].toLowerCase() } });
    expect(lower.statusCode, lower.body).toBe(200);
    for (const sign of [good[HEADER_SIGN].slice(0, 31), `${good[HEADER_SIGN]}0`, good[HEADER_SIGN].replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))]) {
      const res = await call(t.app, 'POST', RBAC.roleAdd, { ...body, roleCode: 'sign_case2' }, { token: admin, headers: { ...good, [HEADER_SIGN]: sign } });
      expect([res.statusCode, res.json().message]).toEqual([400, MSG.signBad]);
    }
  });

  it('broken multipart bodies on the three upload calls are 400s', async () => {
    const boundary = 'b0undary';
    const truncated = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nPK\u0003\u0004`,
    );
    const badHeader = Buffer.from(`--${boundary}\r\nContent-Disposition form-data\r\n\r\nx\r\n--${boundary}--\r\n`);
    const cases: [string, string, Buffer][] = [
      ['truncated part', `multipart/form-data; boundary=${boundary}`, truncated],
      ['malformed part header', `multipart/form-data; boundary=${boundary}`, badHeader],
      ['no boundary', 'multipart/form-data', truncated],
    ];
    for (const [url, token] of [
      [ADMIN_P.upload, admin],
      [ADMIN_P.userImport, admin],
      [PAY_PATHS.batchImport, operator],
    ] as const) {
      for (const [what, type, payload] of cases) {
        const res = await raw('POST', url, payload, { [HEADER_TOKEN]: token, 'content-type': type });
        expect(res.statusCode, `${url} ${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${what}: ${res.body}`).toBeLessThan(500);
      }
    }
  });

  it("PostgreSQL's refusals of client values are 4xx with their reason, through Drizzle's wrapping", async () => {
    const refusal = async (text: string) => {
      const err = await t.database.db.execute(sql.raw(text)).then(
        () => null,
        (e: unknown) => e,
      );
      const r = pgRefusal(err);
      return r && [r.statusCode, r.message];
    };
    expect(await refusal(`SELECT 'x'::int`)).toEqual([400, MSG.dbBadValue]);
    expect(await refusal(`SELECT '99999999999'::int`)).toEqual([400, MSG.dbOutOfRange]);
    expect(await refusal(`SELECT 'abc'::varchar(2)`)).toEqual(null); // an explicit cast truncates, no refusal
    expect(await refusal(`SELECT CAST('2026-13-45' AS date)`)).toEqual([400, MSG.dbBadValue]);
    expect(await refusal(`INSERT INTO roles (id, tenant_id, role_code, role_name) VALUES ('r-x', '0', NULL, 'x')`)).toEqual([400, MSG.dbRequired]);
    expect(await refusal(`INSERT INTO user_roles (user_id, role_id) VALUES ('u-admin', 'no-such-role')`)).toEqual([400, MSG.dbBadReference]);
    expect(await refusal(`DELETE FROM tenants WHERE id = '1'`)).toEqual([400, MSG.dbInUse]);
    expect(await refusal(`INSERT INTO roles (id, tenant_id, role_code, role_name) VALUES ('r-y', '0', 'admin', 'x')`)).toEqual([409, RBAC_MSG.roleCodeTaken]);
    expect(await refusal(`SELECT pg_sleep(-1) FROM nowhere`)).toEqual(null); // a fault of the server's own SQL stays a 500
  });

  /** Five identical creates at once: exactly one 200, four 409 with `message`, and one row. */
  async function fiveAtOnce(send: (i: number) => Promise<{ statusCode: number; json(): unknown }>, message: string, rows: () => Promise<unknown[]>) {
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => send(i)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.json()))).toEqual([200, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      const j = a.json() as { message?: string; status?: { errorMsg?: string } };
      expect(j.message ?? j.status?.errorMsg).toBe(message);
    }
    expect(await rows()).toHaveLength(1);
  }

  it('five simultaneous identical creates: the unique index decides', async () => {
    const signedPost = (p: string, body: unknown) => () => call(t.app, 'POST', p, body, { token: admin, signed: true });
    await fiveAtOnce(signedPost(RBAC.roleAdd, { roleName: '并发', roleCode: 'race_role' }), RBAC_MSG.roleCodeTaken, () =>
      t.sql(`SELECT 1 FROM roles WHERE role_code = 'race_role'`),
    );
    await fiveAtOnce(signedPost(RBAC.departRoleAdd, { departId: 'd-a01a01', roleName: '并发', roleCode: 'race_drole' }), RBAC_MSG.departRoleCodeTaken, () =>
      t.sql(`SELECT 1 FROM depart_roles WHERE role_code = 'race_drole'`),
    );
    await fiveAtOnce(signedPost('/sys/tenant/add', { name: '并发租户', status: 1 }), '租户名称已存在', () =>
      t.sql(`SELECT 1 FROM tenants WHERE name = '并发租户'`),
    );
    // Different names, one domain: the domain's index refuses.
    await fiveAtOnce(
      (i) => call(t.app, 'POST', '/sys/tenant/add', { name: `并发域名${i}`, domain: 'Race.boss.local', status: 1 }, { token: admin, signed: true }),
      '域名已存在',
      () => t.sql(`SELECT 1 FROM tenants WHERE domain = 'race.boss.local'`),
    );
    await fiveAtOnce(signedPost('/sys/entity/add', { entityName: '并发主体', status: 1 }), '主体名称已存在', () =>
      t.sql(`SELECT 1 FROM business_entities WHERE entity_name = '并发主体'`),
    );
    await fiveAtOnce(signedPost(RBAC.permAdd, { parentId: 'm-home', name: '并发按钮', type: '2', perms: 'race:perm:run' }), RBAC_MSG.permPermsTaken, () =>
      t.sql(`SELECT 1 FROM permissions WHERE perms = 'race:perm:run'`),
    );
  });
});
