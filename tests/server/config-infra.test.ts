// Gateway routes (JSON validated), data sources (password sealed at rest and never returned, the
// connection test with its host allow-list), fill rules (real generators, next value) and check
// rules (ordered segments, Chinese messages, unsafe patterns refused, URL-encoded values).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_MSG, PASSWORD_MASK } from '../../contract/api/config';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

describe.each(BACKENDS)('config: gateway, data sources, fill and check rules (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
  });
  afterAll(async () => t?.close());

  const post = (path: string, body: unknown, token = admin) => call(t.app, 'POST', path, body, { token });
  const put = (path: string, body: unknown, token = admin) => call(t.app, 'PUT', path, body, { token });
  const get = (path: string, query: Record<string, string> = {}, token = admin) => call(t.app, 'GET', path, undefined, { token, query });

  it('gateway routes: predicates and filters must be JSON arrays; router ids unique', async () => {
    const body = {
      routerId: 'boss-api',
      name: '管理接口',
      uri: 'lb://boss-admin',
      predicates: '[{"name":"Path","args":{"_genkey_0":"/boss-admin/**"}}]',
      filters: '[]',
      status: 1,
    };
    const r = await post('/sys/gatewayRoute/add', body);
    expect(r.statusCode).toBe(200);
    expect(r.json().result.predicates).toBe('[{"name":"Path","args":{"_genkey_0":"/boss-admin/**"}}]');
    expect((await post('/sys/gatewayRoute/add', body)).json().message).toBe('路由ID已存在');
    expect((await post('/sys/gatewayRoute/add', { ...body, routerId: 'x', predicates: '{"name":"Path"}' })).json().message).toBe(CONFIG_MSG.badJson('断言'));
    expect((await post('/sys/gatewayRoute/add', { ...body, routerId: 'x', filters: '[oops' })).json().message).toBe(CONFIG_MSG.badJson('过滤器'));
    expect((await post('/sys/gatewayRoute/add', { ...body, routerId: 'x', uri: 'file:///etc/passwd' })).statusCode).toBe(400);
    const edited = await put('/sys/gatewayRoute/edit', { ...r.json().result, filters: '[{"name":"StripPrefix","args":{"parts":"1"}}]', status: 0 });
    expect(edited.json().result).toMatchObject({ status: 0, filters: '[{"name":"StripPrefix","args":{"parts":"1"}}]' });
    expect((await get('/sys/gatewayRoute/list', { name: '*管理*' })).json().result.total).toBe(1);
  });

  it('data sources: the password is sealed at rest, never returned, kept on edit with the mask', async () => {
    const body = {
      code: 'local_pg',
      name: '本机库',
      dbType: 'postgres',
      host: '127.0.0.1',
      port: 5432,
      database: 'test',
      username: 'postgres',
      password: 'S3cret!pw',
    };
    const added = await post('/sys/dataSource/add', body);
    expect(added.statusCode).toBe(200);
    const rec = added.json().result;
    expect(rec.password).toBe(PASSWORD_MASK);
    expect(added.body).not.toContain('S3cret');
    const [row] = await t.sql<{ password_enc: string }>(`SELECT password_enc FROM data_sources WHERE id = $1`, [rec.id]);
    expect(row.password_enc).toMatch(/^v2:/);
    expect(row.password_enc).not.toContain('S3cret');
    for (const res of [await get('/sys/dataSource/list'), await get('/sys/dataSource/queryById', { id: rec.id }), await get('/sys/dataSource/exportXls')]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('S3cret');
      expect(res.body).not.toContain(row.password_enc.slice(3, 20));
    }
    await put('/sys/dataSource/edit', { ...body, id: rec.id, name: '本机库2', password: PASSWORD_MASK });
    expect((await t.sql<{ password_enc: string }>(`SELECT password_enc FROM data_sources WHERE id = $1`, [rec.id]))[0].password_enc).toBe(row.password_enc);
    expect((await post('/sys/dataSource/add', { ...body, dbType: 'mysql', code: 'x' })).statusCode).toBe(400);
    expect((await post('/sys/dataSource/add', { ...body })).json().message).toBe('数据源编码已存在');
    // another tenant does not see it
    await t.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT 'r-customer', id FROM permissions WHERE perms LIKE 'system:datasource:%'`);
    const customer = (await login(t.app, 'customer')).token;
    expect((await get('/sys/dataSource/list', {}, customer)).json().result.total).toBe(0);
    expect(
      (await post('/sys/dataSource/testConnection', { id: rec.id, host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres' }, customer))
        .statusCode,
    ).toBe(404);
  });

  it('testConnection really connects to 127.0.0.1:5432 and reports the driver message on failure', async () => {
    const ok = await post('/sys/dataSource/testConnection', { host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres', password: 'x' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(CONFIG_MSG.connectOk);
    const [ds] = await t.sql<{ id: string }>(`SELECT id FROM data_sources WHERE code = 'local_pg'`);
    expect(
      (
        await post('/sys/dataSource/testConnection', {
          id: ds.id,
          host: 'localhost',
          port: 5432,
          database: 'test',
          username: 'postgres',
          password: PASSWORD_MASK,
        })
      ).statusCode,
    ).toBe(200);
    const bad = await post('/sys/dataSource/testConnection', { host: '127.0.0.1', port: 5432, database: 'no_such_db_here', username: 'postgres' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^连接失败：.*no_such_db_here/);
    const closed = await post('/sys/dataSource/testConnection', { host: '127.0.0.1', port: 1, database: 'x', username: 'x' });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toMatch(/^连接失败：/);
  });

  it('testConnection refuses other hosts before any connection attempt (SSRF)', async () => {
    for (const host of ['10.0.0.1', '169.254.169.254', 'example.com', '0.0.0.0', 'localhost.evil.com']) {
      const started = Date.now();
      const r = await post('/sys/dataSource/testConnection', { host, port: 5432, database: 'x', username: 'x' });
      expect(Date.now() - started).toBeLessThan(500);
      expect(r.statusCode, host).toBe(400);
      expect(r.json().message).toContain('SSRF');
      expect(r.json().message).toContain(host);
    }
  });

  it('fill rules: order numbers advance per day, random codes and date prefixes follow their params', async () => {
    const add = (body: Record<string, unknown>) => post('/sys/fillRule/add', body);
    expect((await add({ ruleCode: 'order_no', ruleName: '订单号', ruleClass: 'OrderNumberRule', ruleParams: '{"prefix":"DD","digits":4}' })).statusCode).toBe(
      200,
    );
    const a = (await get('/sys/fillRule/executeRuleByCode/order_no')).json().result as string;
    const b = (await get('/sys/fillRule/executeRuleByCode/order_no')).json().result as string;
    expect(a).toMatch(/^DD\d{8}0001$/);
    expect(b).toBe(a.replace(/0001$/, '0002'));
    // a new day starts again at 1
    await t.sql(`UPDATE fill_rules SET seq_day = '20000101' WHERE rule_code = 'order_no'`);
    expect((await get('/sys/fillRule/executeRuleByCode/order_no')).json().result).toMatch(/0001$/);
    // concurrent calls never share a number
    const many = await Promise.all(Array.from({ length: 8 }, () => get('/sys/fillRule/executeRuleByCode/order_no')));
    expect(new Set(many.map((r) => r.json().result)).size).toBe(8);
    await add({ ruleCode: 'rand', ruleName: '随机码', ruleClass: 'RandomCodeRule', ruleParams: '{"length":10}' });
    expect((await get('/sys/fillRule/executeRuleByCode/rand')).json().result).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    await add({ ruleCode: 'dated', ruleName: '日期前缀', ruleClass: 'DatePrefixRule', ruleParams: '' });
    expect((await get('/sys/fillRule/executeRuleByCode/dated')).json().result).toMatch(/^\d{14}\d{4}$/);
    expect((await add({ ruleCode: 'x', ruleName: 'x', ruleClass: 'java.lang.Runtime' })).json().message).toBe(CONFIG_MSG.unknownRuleClass);
    expect((await add({ ruleCode: 'y', ruleName: 'y', ruleClass: 'RandomCodeRule', ruleParams: '{"length":1000}' })).statusCode).toBe(400);
    expect((await add({ ruleCode: 'z', ruleName: 'z', ruleClass: 'RandomCodeRule', ruleParams: '[1]' })).json().message).toBe(CONFIG_MSG.badRuleParams);
    expect((await get('/sys/fillRule/executeRuleByCode/nope')).statusCode).toBe(404);
  });

  it('check rules: segments in order with Chinese messages; URL-encoded values; unsafe patterns refused', async () => {
    const ruleJson = JSON.stringify([
      { digits: 2, pattern: '^[A-Z]{2}$', message: '前两位必须是大写字母' },
      { digits: 6, pattern: '^\\d{6}$', message: '第3到8位必须是数字' },
      { digits: '*', pattern: '^.{8,10}$', message: '总长度必须是8到10位' },
    ]);
    expect((await post('/sys/checkRule/add', { ruleCode: 'acct', ruleName: '账号规则', ruleJson })).statusCode).toBe(200);
    const check = (value: string) => get('/sys/checkRule/checkByCode', { ruleCode: 'acct', value });
    expect((await check('AB123456')).json()).toMatchObject({ success: true, message: CONFIG_MSG.checkPassed });
    expect((await check('ab123456')).json().message).toBe('前两位必须是大写字母');
    expect((await check('AB12x456')).json().message).toBe('第3到8位必须是数字');
    expect((await check('AB12345678901')).json().message).toBe('总长度必须是8到10位');
    // a value with spaces, '&' and Chinese travels URL-encoded
    await post('/sys/checkRule/add', {
      ruleCode: 'cn',
      ruleName: '中文',
      ruleJson: JSON.stringify([{ digits: '*', pattern: '^[\\u4e00-\\u9fa5 &]+$', message: '只能输入中文' }]),
    });
    const encoded = await call(t.app, 'GET', `/sys/checkRule/checkByCode?ruleCode=cn&value=${encodeURIComponent('支付 & 结算')}`, undefined, { token: admin });
    expect(encoded.json().success).toBe(true);
    expect((await get('/sys/checkRule/checkByCode', { ruleCode: 'cn', value: 'abc' })).json().message).toBe('只能输入中文');
    for (const [json, msg] of [
      ['[{"digits":"*","pattern":"^(a+)+$","message":"x"}]', /回溯/],
      ['[{"digits":"*","pattern":"(a|aa)*b","message":"x"}]', /回溯/],
      ['[{"digits":"*","pattern":"(\\\\w)\\\\1","message":"x"}]', /回溯/],
      ['[{"digits":"*","pattern":"[unclosed","message":"x"}]', /无效/],
      [JSON.stringify([{ digits: '*', pattern: 'a'.repeat(201), message: 'x' }]), /超过200/],
      ['[{"digits":0,"pattern":"a","message":"x"}]', /位数/],
      ['[{"digits":"*","pattern":"a"}]', /提示信息/],
      ['{"digits":"*"}', /JSON 数组/],
      ['[]', /至少/],
    ] as const) {
      const r = await post('/sys/checkRule/add', { ruleCode: 'bad', ruleName: 'bad', ruleJson: json });
      expect(r.statusCode, json).toBe(400);
      expect(r.json().message).toMatch(msg);
    }
    expect((await get('/sys/checkRule/checkByCode', { ruleCode: 'acct', value: 'A'.repeat(300) })).json().message).toMatch(/不能超过256/);
    expect((await get('/sys/checkRule/checkByCode', { ruleCode: 'nope', value: 'x' })).statusCode).toBe(404);
  });
});
