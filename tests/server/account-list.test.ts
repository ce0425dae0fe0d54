// 账户管理's account list (GET /payCus/account/list, issue 14 §3): the tenant's customer accounts
// without a customer code, paged and filtered like every list kit call; never another tenant's or a
// platform account; a customer user sees only their own; bad query parameters are a 400; the call
// needs acct:account:inquiry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_MSG } from '../../contract/listQuery';
import { ACCOUNT_LIST_PATH, LEDGER_PATHS, type AccountListRow, type AccountView } from '../../contract/api/ledger';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

describe.each(BACKENDS)('account list (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  const list = async (query: Record<string, string> = {}, token = admin) => {
    const r = await call(t.app, 'GET', ACCOUNT_LIST_PATH, undefined, { token, query, signed: true });
    return { code: r.statusCode, json: r.json() as { success: boolean; message: string; result: { records: AccountListRow[]; total: number } } };
  };
  const accountsOf = async (cusCode: string) =>
    ((await call(t.app, 'POST', LEDGER_PATHS.accountInquiry, { cusCode }, { token: admin })).json() as { body: { listData: AccountView[] } }).body.listData;

  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
  }, 180_000);
  afterAll(async () => t?.close());

  it("lists every customer account of the tenant without a customer code, as AcctInquiry shows them, with the customer's name", async () => {
    const r = await list({ pageSize: '50' });
    expect(r.code).toBe(200);
    const expected = [...(await accountsOf('C0101')), ...(await accountsOf('C0102'))];
    expect(r.json.result.total).toBe(expected.length);
    expect(r.json.result.records.map((a) => a.cusCode)).toEqual(['C0101', 'C0101', 'C0102', 'C0102']);
    for (const a of expected) expect(r.json.result.records.find((x) => x.acctNo === a.acctNo)).toEqual({ ...a, cusName: expect.any(String) });
    expect(r.json.result.records[0].cusName).toBe('上海示例贸易有限公司');
    // Platform accounts (clearing, suspense, fee income) and tenant 1's customer C0001 are not listed.
    const [{ n }] = await t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM accounts WHERE owner_kind = 'platform'`);
    expect(Number(n)).toBeGreaterThan(0);
    expect(r.json.result.records.some((a) => a.cusCode === 'C0001' || a.cusCode === null)).toBe(false);
  });

  it('pages, filters by customer, name, type and number, and sorts', async () => {
    const page2 = await list({ pageNo: '2', pageSize: '3' });
    expect([page2.json.result.total, page2.json.result.records.length]).toEqual([4, 1]);
    expect((await list({ cusCode: 'C0102' })).json.result.records.map((a) => a.cusCode)).toEqual(['C0102', 'C0102']);
    expect((await list({ cusName: '*供应链*' })).json.result.records.every((a) => a.cusCode === 'C0102')).toBe(true);
    const settlement = await list({ acctType: 'settlement' });
    expect(settlement.json.result.records.map((a) => [a.cusCode, a.acctType])).toEqual([
      ['C0101', 'settlement'],
      ['C0102', 'settlement'],
    ]);
    const one = settlement.json.result.records[1].acctNo;
    expect((await list({ acctNo: `*${one.slice(-6)}*` })).json.result.records.map((a) => a.acctNo)).toContain(one);
    const desc = await list({ column: 'cusCode', order: 'desc', pageSize: '1' });
    expect(desc.json.result.records[0].cusCode).toBe('C0102');
  });

  it('bad paging or sort is a 400 with the list message and no rows', async () => {
    const badSort = await list({ column: 'balance', order: 'asc' });
    expect([badSort.code, badSort.json.message]).toEqual([400, LIST_MSG.badSort]);
    const badPage = await list({ pageSize: '0' });
    expect([badPage.code, badPage.json.message]).toEqual([400, LIST_MSG.badPage]);
    const badSuper = await list({ superQueryParams: '{not json' });
    expect([badSuper.code, badSuper.json.message]).toEqual([400, LIST_MSG.badSuper]);
  });

  it('a customer user sees only their own accounts; a role without acct:account:inquiry gets 403', async () => {
    const customer = (await login(t.app, 'customer')).token;
    const own = await list({ cusCode: 'C0101' }, customer);
    expect(own.code).toBe(200);
    expect(own.json.result.total).toBe(0);
    const all = await list({}, customer);
    expect(all.json.result.records.length).toBeGreaterThan(0);
    expect(all.json.result.records.every((a) => a.cusCode === 'C0001')).toBe(true);
    await t.sql(`DELETE FROM role_permissions WHERE role_id IN (SELECT id FROM roles WHERE role_code = 'approver') AND permission_id = 'b-acct-inquiry'`);
    const approver = (await login(t.app, 'approver')).token;
    expect((await list({}, approver)).code).toBe(403);
  });
});
