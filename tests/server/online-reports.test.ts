// Online reports (issue 19 §5; the popup report picker of issue 16 §2): definitions over the
// allow-listed sources, written only by platform staff, checked field by field; getRpColumns,
// getQueryInfo and getData answer what the definition shows, filtered by its query fields only, and
// confined to the caller's tenant, their own customer and the data rules of the page the data is from.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MSG, REPORT_P, reportColumnsUrl, reportDataUrl, reportExportUrl, reportQueryInfoUrl } from '../../contract/api/report';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

describe.each(BACKENDS)('online reports (%s)', (backend) => {
  let t: TestApp;
  let admin: string; // platform, tenant 0
  let operator: string; // tenant 0 staff, not platform
  let customer: string; // tenant 1, customer C0001
  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    operator = (await login(t.app, 'operator')).token;
    customer = (await login(t.app, 'customer')).token;
  });
  afterAll(async () => t?.close());

  const get = (url: string, token: string, query: Record<string, string> = {}) => call(t.app, 'GET', url, undefined, { token, query });
  const data = async (id: string, token: string, query: Record<string, string> = {}) => {
    const res = await get(reportDataUrl(id), token, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as { records: Record<string, string>[]; total: number };
  };

  it('answers a seeded report: its columns with dictionaries, its query fields, its rows in yuan with dictionary texts', async () => {
    const cols = await get(reportColumnsUrl('acct_account'), operator);
    expect(cols.statusCode, cols.body).toBe(200);
    const meta = cols.json().result;
    expect(meta.cgRpConfigName).toBe('账户余额表');
    expect(meta.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual([
      'acctNo',
      'cusCode',
      'cusName',
      'acctType',
      'status',
      'balance',
      'frozen',
      'createTime',
    ]);
    expect(meta.dictOptions.acctType).toContainEqual({ value: 'basic', text: '基本账户' });
    const id = meta.cgRpConfigId as string;
    const info = (await get(reportQueryInfoUrl(id), operator)).json().result;
    expect(info.map((q: { field: string; mode: string }) => `${q.field}:${q.mode}`)).toEqual(['cusCode:single', 'acctType:single', 'createTime:range']);

    const all = await data(id, operator, { pageSize: '100' });
    const [{ n }] = await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM accounts WHERE tenant_id = '0' AND owner_kind = 'customer'`);
    expect(all.total).toBe(Number(n));
    expect(all.total).toBeGreaterThan(2);
    const [acct] = await t.sql<{ account_no: string; balance: string }>(
      `SELECT account_no, balance::text FROM accounts WHERE tenant_id = '0' AND owner_kind = 'customer' ORDER BY balance DESC LIMIT 1`,
    );
    const row = all.records.find((r) => r.acctNo === acct.account_no)!;
    expect(row.balance.replace(/,/g, '')).toBe((Number(acct.balance) / 100).toFixed(2));
    expect(row.acctType_dictText).toMatch(/账户$/);
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    // Query fields filter; paging and sorting by a shown column; a field that is not a query field is ignored.
    const c0101 = await data(id, operator, { cusCode: 'C0101' });
    expect(c0101.total).toBeGreaterThan(0);
    expect(c0101.records.every((r) => r.cusCode === 'C0101')).toBe(true);
    expect((await data(id, operator, { acctName: 'nobody' })).total).toBe(all.total);
    const page2 = await data(id, operator, { pageNo: '2', pageSize: '2', column: 'acctNo', order: 'asc' });
    const sorted = all.records.map((r) => r.acctNo).sort();
    expect(page2.records.map((r) => r.acctNo)).toEqual(sorted.slice(2, 4));
    expect((await data(id, operator, { createTime_begin: '2000-01-01 00:00:00', createTime_end: '2000-01-02 00:00:00' })).total).toBe(0);

    const xlsx = await get(reportExportUrl(id), operator);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  });

  it('confines every report to the caller: another tenant, their own customer, never more', async () => {
    const id = (await get(reportColumnsUrl('acct_account'), customer)).json().result.cgRpConfigId as string;
    const mine = await data(id, customer, { pageSize: '100' });
    expect(mine.total).toBeGreaterThan(0);
    expect(new Set(mine.records.map((r) => r.cusCode))).toEqual(new Set(['C0001']));
    // Asking for another customer's code finds nothing rather than their accounts.
    expect((await data(id, customer, { cusCode: 'C0101' })).total).toBe(0);
    const cusId = (await get(reportColumnsUrl('cus_customer'), customer)).json().result.cgRpConfigId as string;
    expect((await data(cusId, customer, { pageSize: '100' })).records.map((r) => r.cusCode)).toEqual(['C0001']);
    const userId = (await get(reportColumnsUrl('sys_user'), customer)).json().result.cgRpConfigId as string;
    const users = (await data(userId, customer, { pageSize: '100' })).records.map((r) => r.username);
    expect(users).toContain('customer');
    expect(users).not.toContain('operator');
    const opUsers = (await data(userId, operator, { pageSize: '100' })).records.map((r) => r.username);
    expect(opUsers).toContain('operator');
    expect(opUsers).not.toContain('customer');
  });

  it('lets only platform staff write definitions, checks every field against the source, and refuses bad input with its message', async () => {
    const good = {
      code: 'rp_big_accounts',
      name: '大额账户',
      source: 'accounts',
      columns: [
        { field: 'acctNo', title: '账号' },
        { field: 'balance', title: '余额' },
      ],
      queryFields: [{ field: 'acctNo', mode: 'single' }],
    };
    const before = await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM online_reports`);
    const cases: [unknown, string][] = [
      [{ ...good, code: '' }, REPORT_MSG.codeRequired],
      [{ ...good, code: "x' or 1=1" }, REPORT_MSG.codePattern],
      [{ ...good, name: '' }, REPORT_MSG.nameRequired],
      [{ ...good, source: 'pg_shadow' }, REPORT_MSG.sourceInvalid],
      [{ ...good, columns: [] }, REPORT_MSG.columnsRequired],
      [{ ...good, columns: [{ field: 'password_hash', title: '密码' }] }, REPORT_MSG.fieldUnknown('password_hash')],
      [{ ...good, columns: [good.columns[0], good.columns[0]] }, REPORT_MSG.fieldTwice('acctNo')],
      [{ ...good, queryFields: [{ field: 'balance', mode: 'range' }] }, REPORT_MSG.notQueryable('balance')],
      [{ ...good, queryFields: [{ field: 'acctNo', mode: 'like' }] }, '请选择查询模式'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, 'POST', REPORT_P.add, body, { token: admin });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    // A tenant user holding the codes is still not platform staff.
    await t.sql(
      `INSERT INTO role_permissions (role_id, permission_id) SELECT 'r-customer', id FROM permissions WHERE id LIKE 'b-cgreport-%' ON CONFLICT DO NOTHING`,
    );
    const tenantUser = (await login(t.app, 'customer')).token;
    expect((await call(t.app, 'POST', REPORT_P.add, good, { token: tenantUser })).statusCode).toBe(403);
    expect(await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM online_reports`)).toEqual(before);

    const added = await call(t.app, 'POST', REPORT_P.add, good, { token: admin });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().result).toMatchObject({ code: 'rp_big_accounts', source_dictText: '账户' });
    const taken = await call(t.app, 'POST', REPORT_P.add, { ...good, name: '另一个' }, { token: admin });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(REPORT_MSG.codeTaken);
    const cols = (await get(reportColumnsUrl('rp_big_accounts'), operator)).json().result;
    expect(cols.columns.map((c: { title: string }) => c.title)).toEqual(['账号', '余额']);
    const rows = await data(cols.cgRpConfigId, operator, { column: 'balance', order: 'desc' });
    expect(Object.keys(rows.records[0]).sort()).toEqual(['acctNo', 'balance', 'id']);
    const amounts = rows.records.map((r) => Number(r.balance.replace(/,/g, '')));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it('answers a client mistake on the reading calls with 4xx and its message, never 500', async () => {
    expect((await get(reportColumnsUrl('no_such_report'), operator)).statusCode).toBe(404);
    expect((await get(reportDataUrl('no-such-id'), operator)).json().message).toBe(REPORT_MSG.notFound);
    const id = (await get(reportColumnsUrl('acct_account'), operator)).json().result.cgRpConfigId as string;
    const badSort = await get(reportDataUrl(id), operator, { column: 'password_hash' });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toBe('排序字段不合法');
    expect((await get(reportDataUrl(id), operator, { createTime_begin: 'yesterday' })).statusCode).toBe(400);
    expect((await get(reportDataUrl(id), operator, { pageSize: '100000' })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', reportDataUrl(id), undefined, {})).statusCode).toBe(401);
  });
});
