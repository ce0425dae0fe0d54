// The customer list of 客户管理 (GET /merchantPlatform/customer/list): tenant-scoped, a customer user sees
// only their own customer, list kit filters / sort / super query, a bad sort is a 400, and the call
// needs merchantPlatform:cus:info.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_MSG } from '../../contract/listQuery';
import { LEDGER_PATHS, type CustomerView } from '../../contract/api/ledger';
import { MERCHANT_PATHS, type CustomerListRow } from '../../contract/api/merchant';
import { PAY_PATHS } from '../../contract/api/pay';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

describe.each(BACKENDS)('customer list (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  const list = async (query: Record<string, string> = {}, token = admin) => {
    const r = await call(t.app, 'GET', MERCHANT_PATHS.customerList, undefined, { token, query, signed: true });
    return { code: r.statusCode, json: r.json() as { success: boolean; message: string; result: { records: CustomerListRow[]; total: number } } };
  };

  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
  }, 60_000);
  afterAll(async () => t?.close());

  it("lists the tenant's customers by code with their open accounts, never another tenant's", async () => {
    const r = await list();
    expect(r.code).toBe(200);
    // The ledger's two demo customers, and the four of onboarding (issue 17: no accounts before an opening).
    expect(r.json.result.total).toBe(6);
    expect(r.json.result.records.map((c) => [c.cusCode, c.cusType, c.status, c.acctCount])).toEqual([
      ['C0101', 'customer', 'enabled', 2],
      ['C0102', 'supplier', 'enabled', 2],
      ['C0201', 'customer', 'enabled', 0],
      ['C0202', 'customer', 'enabled', 0],
      ['C0203', 'customer', 'enabled', 0],
      ['C0204', 'customer', 'enabled', 0],
    ]);
    expect(r.json.result.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters, sorts and runs a super query; a disabled customer shows as such', async () => {
    expect((await call(t.app, 'POST', PAY_PATHS.customerDisable, { cusCode: 'C0102', reason: '测试停用' }, { token: admin })).statusCode).toBe(200);
    const byName = await list({ cusName: '*贸易*' });
    expect(byName.json.result.records.map((c) => c.cusCode)).toEqual(['C0101']);
    const disabled = await list({ status: 'disabled' });
    expect(disabled.json.result.records.map((c) => c.cusCode)).toEqual(['C0102']);
    const desc = await list({ column: 'cusCode', order: 'desc', pageSize: '1' });
    expect([desc.json.result.total, desc.json.result.records.map((c) => c.cusCode)]).toEqual([6, ['C0204']]);
    const sup = await list({
      superQueryMatchType: 'or',
      superQueryParams: JSON.stringify([{ field: 'cusType', rule: 'eq', val: 'supplier', type: 'string' }]),
    });
    expect(sup.json.result.records.map((c) => c.cusCode)).toEqual(['C0102']);
    expect((await call(t.app, 'POST', PAY_PATHS.customerEnable, { cusCode: 'C0102' }, { token: admin })).statusCode).toBe(200);
  });

  it('the detail tells why, by whom and when a customer was disabled; both status calls log their reason', async () => {
    const detail = async (cusCode: string) =>
      ((await call(t.app, 'POST', LEDGER_PATHS.customerInfo, { cusCode }, { token: admin })).json() as { body: { customer: CustomerView } }).body.customer;
    const logRows = async () => Number((await t.sql<{ n: string }>('SELECT count(*)::text AS n FROM customer_status_log'))[0].n);
    expect(await detail('C0101')).toMatchObject({ status: 'enabled', statusReason: null, statusChangedAt: null, statusChangedBy: null });

    const before = Date.now();
    expect((await call(t.app, 'POST', PAY_PATHS.customerDisable, { cusCode: 'C0101', reason: '涉嫌违规交易' }, { token: admin })).statusCode).toBe(200);
    const off = await detail('C0101');
    expect(off).toMatchObject({ status: 'disabled', statusReason: '涉嫌违规交易', statusChangedBy: '系统管理员' });
    expect(Date.parse(off.statusChangedAt!)).toBeGreaterThanOrEqual(before - 1000);

    // The ledger's own status call logs its reason too (it used to drop it).
    const viaLedger = await call(t.app, 'POST', LEDGER_PATHS.customerStatus, { cusCode: 'C0101', status: 'enabled', reason: '核查完毕' }, { token: admin });
    expect(viaLedger.json().body.customer).toMatchObject({ status: 'enabled', statusReason: '核查完毕', statusChangedBy: '系统管理员' });

    // An unknown customer: 404 and no log row.
    const n = await logRows();
    const missing = await call(t.app, 'POST', PAY_PATHS.customerDisable, { cusCode: 'C9999', reason: '不存在' }, { token: admin });
    expect(missing.statusCode).toBe(404);
    expect(await logRows()).toBe(n);
    expect((await detail('C0101')).status).toBe('enabled');
  });

  it('refuses a sort field outside the allow-list with its message', async () => {
    const r = await list({ column: 'tenant_id', order: 'asc' });
    expect([r.code, r.json.message]).toEqual([400, LIST_MSG.badSort]);
  });

  it('a customer user sees only their own customer; a role without the code gets 403', async () => {
    const customer = (await login(t.app, 'customer')).token;
    const own = await list({}, customer);
    expect(own.json.result.records.map((c) => c.cusCode)).toEqual(['C0001']);
    await t.sql(`DELETE FROM role_permissions WHERE permission_id = 'b-cus-info' AND role_id IN (SELECT id FROM roles WHERE role_code = 'approver')`);
    const approver = (await login(t.app, 'approver')).token;
    expect((await list({}, approver)).code).toBe(403);
  });
});
