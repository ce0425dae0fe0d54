// 工作台 and 数据分析 (issue 19 §1-§2): every figure against a hand count of seeded orders, the
// summary (migration 0043) exact before and after its deltas are folded, each figure shown only to
// who may see it and only of their tenant (or customer), and bad input refused with a 4xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DASHBOARD_MSG, DASHBOARD_P, WORKBENCH_P, type Analysis, type WorkbenchCharts, type WorkbenchOverview } from '../../contract/api/workbench';
import { leadTime } from '../../server/modules/workbench/analysis';
import { businessDay, foldStats } from '../../server/modules/workbench/stats';
import { storeOfDb } from '../../server/modules/ledger/store';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

interface Seed {
  id: string;
  tenant?: string;
  kind?: string;
  status: string;
  amount: number;
  paid?: number;
  maker?: string;
  from?: string | null;
  to?: string | null;
  card?: string | null;
  /** Business day back from today, and the lead time to the decision in seconds (none: undecided). */
  back: number;
  lead?: number;
  fail?: string;
}

// Submitted at 08:00 China time of the day (so a test at 00:05 still has "today" in the past is not needed: figures go by day).
const at = (back: number) => `${businessDay(back)}T08:00:00+08:00`;

const ORDERS: Seed[] = [
  { id: 'A', status: 'succeeded', amount: 10000, paid: 10000, from: 'C0101', back: 0, lead: 60 },
  { id: 'B', status: 'failed', amount: 20000, from: 'C0101', card: '6222020200112233445', back: 0, lead: 120, fail: '余额不足' },
  { id: 'C', kind: 'batch', status: 'partial', amount: 30000, paid: 10000, from: 'C0102', back: 0, lead: 300, fail: '部分失败' },
  { id: 'D', status: 'pending', amount: 5000, from: 'C0102', back: 0 },
  { id: 'E', status: 'draft', amount: 99900, from: 'C0101', back: 0 },
  { id: 'F', kind: 'adjust', status: 'succeeded', amount: 7000, paid: 7000, from: null, to: 'C0102', back: 0 },
  { id: 'G', status: 'succeeded', amount: 40000, paid: 40000, from: 'C0101', back: 1, lead: 600 },
  { id: 'H', status: 'cancelled', amount: 1000, from: 'C0101', back: 1 },
  { id: 'I', status: 'rejected', amount: 8000, from: 'C0102', back: 1, lead: 30 },
  { id: 'J', status: 'pending', amount: 2500, from: 'C0101', maker: 'u-admin', back: 10 },
  { id: 'K', status: 'succeeded', amount: 100000, paid: 100000, from: 'C0101', back: 40, lead: 1000 },
  { id: 'L', tenant: '1', status: 'succeeded', amount: 55555, paid: 55555, from: 'C0001', maker: 'u-customer', back: 0, lead: 45 },
];

async function seedOrders(t: TestApp, orders: Seed[]) {
  for (const o of orders) {
    const submitted = o.status === 'draft' ? null : at(o.back);
    await t.sql(
      `INSERT INTO pay_orders (id, tenant_id, order_no, kind, status, maker_id, maker_name, from_cus_code, to_cus_code, bank_card_no, payee_acct_no,
                               amount, paid_amount, payload, fail_reason, idempotency_key, request_hash, created_at, submitted_at, decided_at, approver_id)
       VALUES ($1, $2, $3, $4, $5, $6, '测试', $7, $8, $9, CASE WHEN $9::text IS NULL THEN 'X' END, $10, $11, '{}', $12, $1, 'h', $13::timestamptz, $14::timestamptz,
               $14::timestamptz + make_interval(secs => $15::int), CASE WHEN $15::int IS NOT NULL THEN 'u-approver' END)`,
      [
        `wb-${o.id}`,
        o.tenant ?? '0',
        `WB${o.id}`,
        o.kind ?? 'single',
        o.status,
        o.maker ?? 'u-operator',
        o.from === undefined ? null : o.from,
        o.to ?? null,
        o.card ?? null,
        o.amount,
        o.paid ?? 0,
        o.fail ?? null,
        at(o.back),
        submitted,
        o.lead ?? null,
      ],
    );
  }
}

async function openInnet(t: TestApp, cusCode: string, provider: string) {
  await t.sql(
    `INSERT INTO cus_innets (id, tenant_id, cus_code, provider, product, status, maker_id, opened_at) VALUES ($1, '0', $2, $3, 'p', 'opened', 'u-operator', now())`,
    [`wb-innet-${cusCode}-${provider}`, cusCode, provider],
  );
}

describe.each(BACKENDS)('工作台 and 数据分析 on %s', (backend) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  beforeAll(async () => {
    t = await startApp(backend);
    for (const u of ['admin', 'operator', 'approver', 'customer']) tok[u] = (await login(t.app, u)).token;
    expect(await t.sql('SELECT 1 FROM pay_orders')).toHaveLength(0);
    // C0101 is opened with 华南支付 before its orders are made (its orders are carried by it); C0102 with none.
    await openInnet(t, 'C0101', 'hnpay');
    await seedOrders(t, ORDERS);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = async <T>(path: string, who: string, query?: Record<string, string>) => {
    const res = await call(t.app, 'GET', path, undefined, { token: tok[who], query });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; result: T } };
  };
  const overview = async (who: string) => (await get<WorkbenchOverview>(WORKBENCH_P.overview, who)).body.result;
  const grant = async (role: string, ids: string[]) => {
    await t.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT $1, id FROM permissions WHERE id = ANY($2::text[]) ON CONFLICT DO NOTHING`, [
      role,
      ids,
    ]);
    t.app.authCache.forget('all');
  };
  const todo = (o: WorkbenchOverview, key: string) => o.todos.find((x) => x.key === key)?.count;

  it('counts today, yesterday and what is held pending, exact before and after the summary folds', async () => {
    const before = await overview('admin');
    expect(before.payments).toEqual({
      today: { count: 4, amountFen: '65000', succeeded: 1, finished: 3, successRate: 1 / 3 },
      yesterday: { count: 2, amountFen: '48000', succeeded: 1, finished: 1, successRate: 1 },
      pendingCount: 2,
      pendingAmountFen: '7500',
    });
    // Folded now, unless the server's own fold (every 2 s) came first on a slow machine.
    await foldStats(storeOfDb(t.database.db));
    expect(await t.sql('SELECT 1 FROM pay_order_stat_deltas')).toHaveLength(0);
    expect((await t.sql('SELECT 1 FROM pay_order_stats')).length).toBeGreaterThan(0);
    expect((await overview('admin')).payments).toEqual(before.payments);
  });

  it('moves an order between figures when its status changes', async () => {
    await t.sql(`UPDATE pay_orders SET status = 'approved', decided_at = now(), approver_id = 'u-approver' WHERE id = 'wb-D'`);
    const o = await overview('admin');
    expect(o.payments).toMatchObject({ pendingCount: 1, pendingAmountFen: '2500', today: { count: 4, amountFen: '65000' } });
    await t.sql(`UPDATE pay_orders SET status = 'pending', decided_at = NULL, approver_id = NULL WHERE id = 'wb-D'`);
    await foldStats(storeOfDb(t.database.db));
    expect((await overview('admin')).payments).toMatchObject({ pendingCount: 2, pendingAmountFen: '7500' });
  });

  it('shows each role its own to-dos, counted as the list they open', async () => {
    const approver = await overview('approver');
    expect(todo(approver, 'approvePending')).toBe(2); // D (operator's) and J (admin's)
    expect(approver.todos.find((x) => x.key === 'approvePending')).toMatchObject({ path: '/approve/list' });
    const operator = await overview('operator');
    expect(todo(operator, 'approvePending')).toBeUndefined(); // operators do not approve
    expect(todo(operator, 'myPending')).toBe(1);
    expect(todo(operator, 'myFailed')).toBe(1);
    expect(todo(operator, 'myExecuting')).toBe(0);
    expect(operator.todos.find((x) => x.key === 'myFailed')).toMatchObject({ path: '/payCus/payOrder', query: { scope: 'mine', status: 'failed' } });
    const admin = await overview('admin');
    expect(todo(admin, 'approvePending')).toBe(1); // J is the admin's own
    // Unread messages: everyone's own; a released all-user announcement counts at once.
    await t.sql(
      `INSERT INTO announcements (id, tenant_id, titile, sender, msg_type, send_status, send_time) VALUES ('wb-annt', '0', '工作台测试公告', 'admin', 'ALL', '1', now())`,
    );
    expect(todo(await overview('operator'), 'unread')).toBe(todo(operator, 'unread')! + 1);
  });

  it('counts customers and materials waiting for review for checkers other than their maker', async () => {
    const before = await overview('approver');
    await t.sql(`UPDATE customers SET review_status = 'submitted', maker_id = 'u-operator' WHERE tenant_id = '0' AND cus_code = 'C0101'`);
    const [{ id: file }] = await t.sql<{ id: string }>(
      `INSERT INTO uploaded_files (id, tenant_id, bucket, path, file_name, content_type, size, is_image, uploader_id, uploader_name)
       VALUES ('wb-file', '0', 'b', 'x/wb-a.png', 'a.png', 'image/png', 1, true, 'u-operator', '张经办') RETURNING id`,
    );
    await t.sql(
      `INSERT INTO cus_materials (id, tenant_id, cus_code, material_type, file_id, sort_no, created_by) VALUES ('wb-m1', '0', 'C0101', 'license', $1, 1, 'u-operator'), ('wb-m2', '0', 'C0101', 'idFront', $1, 1, 'u-operator')`,
      [file],
    );
    const approver = await overview('approver');
    expect(todo(approver, 'cusReview')).toBe(todo(before, 'cusReview')! + 1);
    expect(todo(approver, 'materialReview')).toBe(todo(before, 'materialReview')! + 2);
    expect(approver.todos.find((x) => x.key === 'cusReview')).toMatchObject({ path: '/cus/review' });
    // Not for the maker (four eyes), nor for who may not review.
    await t.sql(`UPDATE customers SET maker_id = 'u-approver' WHERE tenant_id = '0' AND cus_code = 'C0101'`);
    expect(todo(await overview('approver'), 'cusReview')).toBe(todo(before, 'cusReview'));
    expect(todo(await overview('operator'), 'cusReview')).toBeUndefined();
    await t.sql(`UPDATE customers SET review_status = 'approved' WHERE tenant_id = '0' AND cus_code = 'C0101'`);
  });

  it('gives balances by account type to staff and a customer only their own accounts and orders', async () => {
    const admin = await overview('admin');
    const expected = await t.sql<{ t: string; b: string; n: string }>(
      `SELECT account_type AS t, sum(balance)::text AS b, count(*)::text AS n FROM accounts WHERE tenant_id = '0' AND status <> 'closed' GROUP BY 1 ORDER BY 1`,
    );
    expect(admin.balances!.map((b) => [b.acctType, b.balanceFen, String(b.accounts)])).toEqual(expected.map((e) => [e.t, e.b, e.n]));
    expect(admin.customer).toBeNull();

    const cus = await overview('customer');
    expect(cus.payments).toBeNull();
    expect(cus.balances).toBeNull();
    expect(cus.customer!.cusCode).toBe('C0001');
    const own = await t.sql<{ no: string }>(
      `SELECT a.account_no AS no FROM accounts a JOIN customers cu ON cu.id = a.customer_id WHERE cu.cus_code = 'C0001' AND a.tenant_id = '1' ORDER BY a.account_type, a.account_no`,
    );
    expect(cus.customer!.accounts!.map((a) => a.acctNo)).toEqual(own.map((r) => r.no));
    // The customer role does not list orders: no order figure; once granted, only its own.
    expect(cus.customer!.orders).toBeNull();
    expect((await get(WORKBENCH_P.charts, 'customer')).status).toBe(403);
    await grant('r-customer', ['b-pay-order-inquiry']);
    expect((await overview('customer')).customer!.orders).toEqual([{ status: 'succeeded', text: '成功', count: 1, amountFen: '55555' }]);
    // No decision of tenant 0 reaches the customer's activity.
    expect(cus.activity.every((a) => !a.title.includes('WB'))).toBe(true);
  });

  it("shows 本月手续费收入 to who reads fee income: this month's fees of the tenant only", async () => {
    const before = BigInt((await overview('operator')).feeIncomeMonthFen ?? 'none');
    const [{ id: entry }] = await t.sql<{ id: string }>('SELECT id FROM journal_entries ORDER BY id LIMIT 1');
    await t.sql(
      `INSERT INTO fee_charges (tenant_id, cus_code, tx_type, entry_id, ref, base_fen, fee_fen, created_at) VALUES
         ('0', 'C0203', 'payment', $1, 'wb-fee-1', 10000, 120, now()),
         ('0', 'C0204', 'withdraw', $1, 'wb-fee-2', 5000, 35, now()),
         ('0', 'C0204', 'payment', $1, 'wb-fee-old', 5000, 900, date_trunc('month', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai' - interval '1 hour'),
         ('1', 'C0101', 'payment', $1, 'wb-fee-other', 5000, 700, now())`,
      [entry],
    );
    const operator = await overview('operator');
    expect(BigInt(operator.feeIncomeMonthFen!)).toBe(before + 155n);
    expect((await overview('approver')).feeIncomeMonthFen).toBe(operator.feeIncomeMonthFen);
    // A customer-side user has no fee-income figure (their own orders and accounts instead).
    expect((await overview('customer')).feeIncomeMonthFen).toBeNull();
  });

  it('lists the recent decisions the user may see', async () => {
    await t.sql(
      `INSERT INTO pay_order_events (order_id, tenant_id, action, actor_id, actor_name, from_status, to_status, version) VALUES
        ('wb-A', '0', 'approve', 'u-approver', '李复核', 'pending', 'approved', 1), ('wb-L', '1', 'approve', 'u-x', '某人', 'pending', 'approved', 1)`,
    );
    const admin = await overview('admin');
    expect(admin.activity.find((a) => a.orderId === 'wb-A')).toMatchObject({
      kind: 'decision',
      title: '审批通过 单笔付款 WBA',
      actor: '李复核',
      amountFen: '10000',
    });
    expect(admin.activity.some((a) => a.orderId === 'wb-L')).toBe(false);
    expect((await overview('customer')).activity.find((a) => a.orderId === 'wb-L')).toBeTruthy();
  });

  it('answers the charts: 30 days of payments, orders by status, top customers', async () => {
    const { status, body } = await get<WorkbenchCharts>(WORKBENCH_P.charts, 'admin');
    expect(status).toBe(200);
    const c = body.result;
    expect(c.days).toHaveLength(30);
    expect(c.days[29]).toEqual({ day: businessDay(0), count: 4, amountFen: '65000' });
    expect(c.days[28]).toEqual({ day: businessDay(1), count: 2, amountFen: '48000' });
    expect(c.days[19]).toEqual({ day: businessDay(10), count: 1, amountFen: '2500' });
    expect(c.days.reduce((n, d) => n + d.count, 0)).toBe(7); // K is 40 days old
    expect(Object.fromEntries(c.byStatus.map((s) => [s.status, [s.count, s.amountFen]]))).toEqual({
      succeeded: [3, '57000'],
      failed: [1, '20000'],
      partial: [1, '30000'],
      pending: [2, '7500'],
      draft: [1, '99900'],
      cancelled: [1, '1000'],
      rejected: [1, '8000'],
    });
    expect(c.topCustomers.map((x) => [x.cusCode, x.count, x.amountFen])).toEqual([
      ['C0101', 4, '72500'],
      ['C0102', 3, '43000'],
    ]);
    expect((await get(WORKBENCH_P.charts, 'customer')).body.result).toMatchObject({ topCustomers: [{ cusCode: 'C0001', count: 1, amountFen: '55555' }] });
  });

  const range = { from: businessDay(40), to: businessDay(0) };

  it('analyses a tenant by day, route, kind and customer, with lead time and failure reasons', async () => {
    const { status, body } = await get<Analysis>(DASHBOARD_P.analysis, 'admin', { ...range, tenantId: '0' });
    expect(status).toBe(200);
    const a = body.result;
    expect(a.tenantId).toBe('0');
    expect(a.tenants.map((x) => x.id)).toEqual(['0', '1']);
    expect(a.total).toMatchObject({ count: 9, amountFen: '222500', succeeded: 4, paidFen: '167000' });
    expect(a.byDay).toHaveLength(41);
    expect(a.byDay.find((d) => d.key === businessDay(40))).toMatchObject({ count: 1, amountFen: '100000' });
    expect(a.byDay.find((d) => d.key === businessDay(0))).toMatchObject({ count: 5, amountFen: '72000' });
    expect(Object.fromEntries(a.byKind.map((k) => [k.key, [k.count, k.amountFen]]))).toEqual({
      single: [7, '185500'],
      batch: [1, '30000'],
      adjust: [1, '7000'],
    });
    expect(Object.fromEntries(a.byRoute.map((k) => [k.key, [k.count, k.amountFen]]))).toEqual({
      batch: [1, '30000'],
      channel: [1, '20000'],
      internal: [7, '172500'],
    });
    expect(a.byCustomer.map((k) => [k.key, k.count, k.amountFen])).toEqual([
      ['C0101', 5, '172500'],
      ['C0102', 4, '50000'],
    ]);
    // By provider: C0101's orders went through 华南支付; C0102 (and the adjust F credited to it) had none.
    expect(a.byProvider.map((k) => [k.key, k.label, k.count, k.amountFen, k.succeeded])).toEqual([
      ['', '未开通支付机构', 4, '50000', 1],
      ['hnpay', '华南支付', 5, '172500', 3],
    ]);
    expect(a.leadTime).toEqual({ count: 6, medianSec: 210, p90Sec: 800, approximate: false });
    // Over many decisions, the histogram: the bucket of the 3rd of 6 (120 s) and of the 6th (1000 s), within 2.5%.
    await foldStats(storeOfDb(t.database.db));
    const h = await leadTime(storeOfDb(t.database.db), { tenants: ['0'], cusCode: null, scope: null }, range.from, range.to, 0);
    expect(h).toMatchObject({ count: 6, approximate: true });
    expect(Math.abs(h.medianSec! - 120) / 120).toBeLessThan(0.025);
    expect(Math.abs(h.p90Sec! - 1000) / 1000).toBeLessThan(0.025);
    expect([...a.failures].sort((x, y) => x.reason.localeCompare(y.reason))).toEqual(
      [
        { reason: '余额不足', count: 1, amountFen: '20000' },
        { reason: '部分失败', count: 1, amountFen: '30000' },
      ].sort((x, y) => x.reason.localeCompare(y.reason)),
    );
  });

  it('lets platform staff see every tenant at once or one other tenant', async () => {
    const all = (await get<Analysis>(DASHBOARD_P.analysis, 'admin', range)).body.result;
    expect(all.tenantId).toBeNull();
    expect(all.total).toMatchObject({ count: 10, amountFen: String(222500 + 55555) });
    expect(all.leadTime.count).toBe(7);
    const one = (await get<Analysis>(DASHBOARD_P.analysis, 'admin', { ...range, tenantId: '1' })).body.result;
    expect(one.total).toMatchObject({ count: 1, amountFen: '55555' });
    expect(one.byCustomer.map((c) => c.key)).toEqual(['C0001']);
  });

  it('refuses the analysis to users without the permission and other tenants to non-platform users', async () => {
    for (const who of ['operator', 'approver', 'customer']) expect((await get(DASHBOARD_P.analysis, who, range)).status).toBe(403);
    expect((await get(DASHBOARD_P.exportXls, 'operator', range)).status).toBe(403);
    // A tenant administrator given the permission sees only their own tenant.
    await grant('r-customer', ['m-dashboard-analysis', 'b-dashboard-view']);
    const cusLogin = (await login(t.app, 'customer')).token;
    const mine = await call(t.app, 'GET', DASHBOARD_P.analysis, undefined, { token: cusLogin, query: range });
    expect(mine.statusCode).toBe(200);
    const a = mine.json().result as Analysis;
    expect(a.tenants.map((x) => x.id)).toEqual(['1']);
    expect(a.total).toMatchObject({ count: 1, amountFen: '55555' });
    const other = await call(t.app, 'GET', DASHBOARD_P.analysis, undefined, { token: cusLogin, query: { ...range, tenantId: '0' } });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(DASHBOARD_MSG.tenantDenied);
    // Not a figure of the workbench without 付款订单查询: operator-like users keep theirs, nobody else's.
    expect((await get(WORKBENCH_P.charts, 'operator')).status).toBe(200);
  });

  it('refuses bad dates and ranges with 400, and unknown tenants with 403', async () => {
    for (const q of [
      { from: businessDay(0), to: businessDay(1) },
      { from: '2026-13-01', to: '2026-13-02' },
      { from: '2026-02-30', to: '2026-03-01' },
      { from: '2024-01-01', to: '2025-06-01' },
      { from: 'yesterday', to: businessDay(0) },
      { from: businessDay(1) } as Record<string, string>,
    ]) {
      const r = await get(DASHBOARD_P.analysis, 'admin', q);
      expect(r.status, JSON.stringify(q)).toBe(400);
    }
    expect((await get(DASHBOARD_P.analysis, 'admin', { ...range, tenantId: 'nope' })).status).toBe(403);
  });

  it('narrows every order figure by the data rules of the user, read from the orders themselves', async () => {
    await t.sql(
      `INSERT INTO permission_data_rules (id, permission_id, rule_name, rule_column, rule_conditions, rule_value) VALUES ('pdr-wb', 'm-paycus-order', '仅C0102', 'fromCusCode', '=', 'C0102')`,
    );
    await t.sql(`INSERT INTO role_data_rules (role_id, rule_id) VALUES ('r-operator', 'pdr-wb')`);
    t.app.authCache.forget('all');
    try {
      const res = await get<WorkbenchOverview>(WORKBENCH_P.overview, 'operator');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const o = res.body.result;
      // C0102's payments: today C (partial 30000) and D (pending 5000); yesterday I (rejected 8000).
      expect(o.payments).toEqual({
        today: { count: 2, amountFen: '35000', succeeded: 0, finished: 1, successRate: 0 },
        yesterday: { count: 1, amountFen: '8000', succeeded: 0, finished: 0, successRate: null },
        pendingCount: 1,
        pendingAmountFen: '5000',
      });
      expect(todo(o, 'myPending')).toBe(1); // D is C0102's
      expect(todo(o, 'myFailed')).toBe(0); // B is C0101's
      const c = (await get<WorkbenchCharts>(WORKBENCH_P.charts, 'operator')).body.result;
      expect(c.topCustomers.map((x) => [x.cusCode, x.count, x.amountFen])).toEqual([['C0102', 3, '43000']]);
      expect(c.days[29]).toEqual({ day: businessDay(0), count: 2, amountFen: '35000' });
    } finally {
      await t.sql(`DELETE FROM role_data_rules WHERE rule_id = 'pdr-wb'`);
      await t.sql(`DELETE FROM permission_data_rules WHERE id = 'pdr-wb'`);
      t.app.authCache.forget('all');
    }
  });

  it('exports the analysis to .xlsx', async () => {
    const res = await call(t.app, 'GET', DASHBOARD_P.exportXls, undefined, { token: tok.admin, query: { ...range, tenantId: '0' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['概览', '按日', '按通道', '按支付机构', '按交易类型', '按客户', '失败原因']);
    expect(wb.getWorksheet('按支付机构')!.getRow(3).values).toEqual([undefined, '华南支付', 5, '¥1,725.00', 3, '¥1,500.00']);
    const kinds = wb.getWorksheet('按交易类型')!;
    expect(kinds.getRow(4).values).toEqual([undefined, '单笔付款', 7, '¥1,855.00', 3, '¥1,500.00']);
    expect(wb.getWorksheet('概览')!.getRow(4).values).toEqual([undefined, '订单笔数', 9]);
  });

  it('fixes the provider on an order when it is made: a customer opened later moves no past order', async () => {
    await openInnet(t, 'C0102', 'kxb');
    await seedOrders(t, [{ id: 'M', status: 'pending', amount: 900, from: 'C0102', back: 0 }]);
    const a = (await get<Analysis>(DASHBOARD_P.analysis, 'admin', { ...range, tenantId: '0' })).body.result;
    expect(a.byProvider.map((k) => [k.key, k.count, k.amountFen])).toEqual([
      ['', 4, '50000'],
      ['hnpay', 5, '172500'],
      ['kxb', 1, '900'],
    ]);
    expect(await t.sql(`SELECT provider FROM pay_orders WHERE id IN ('wb-D', 'wb-M') ORDER BY id`)).toEqual([{ provider: '' }, { provider: 'kxb' }]);
  });
});
