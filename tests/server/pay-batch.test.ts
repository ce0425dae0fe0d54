// Batch pay (all-or-nothing validation, resumable execution with no row paid twice), refund bound,
// distribution rounding, invoices never above paid, disabled customers refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_MSG } from '../../contract/api/ledger';
import { PAY_MSG, PAY_PATHS } from '../../contract/api/pay';
import { BATCH_DRAFT_PERMS, VXE_MSG } from '../../contract/api/vxeSocket';
import { createPayService } from '../../server/modules/pay/instance';
import { BACKENDS } from './helpers';
import { PWD, approve, key, payKit, settle, submitSingle, type PayKit } from './payKit';

describe.each(BACKENDS)('pay money rules (%s)', (backend) => {
  let k: PayKit;
  beforeAll(async () => {
    k = await payKit(backend);
  }, 180_000);
  afterAll(async () => k?.close());
  const count = async (sql: string, params: unknown[] = []) => (await k.t.sql<{ n: string }>(sql, params))[0].n;

  it('a 1,000-row batch with one bad row is refused whole, naming that row; nothing written', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ payeeName: `收款人${i + 1}`, payeeAcctNo: k.acct.b1, amount: '1.00' }));
    rows[36].amount = '1.001';
    const orders = await count('SELECT count(*)::text AS n FROM pay_orders');
    const holds = await count('SELECT count(*)::text AS n FROM holds');
    const r = await k.post(PAY_PATHS.batchSubmit, { fromAcctNo: k.acct.a1s, rows, idempotencyKey: key() });
    expect(r.code).toBe(400);
    expect(r.json.status.errorMsg).toBe('第37行：请输入正确的金额');
    rows[36].amount = '1.00';
    rows[499] = { payeeName: '', payeeAcctNo: k.acct.b1, amount: '1.00' };
    expect((await k.post(PAY_PATHS.batchSubmit, { fromAcctNo: k.acct.a1s, rows, idempotencyKey: key() })).json.status.errorMsg).toBe(
      `第500行：${PAY_MSG.payeeName}`,
    );
    rows[499] = { payeeName: '乙', payeeAcctNo: 'NOPE', amount: '1.00' };
    expect((await k.post(PAY_PATHS.batchSubmit, { fromAcctNo: k.acct.a1s, rows, idempotencyKey: key() })).json.status.errorMsg).toBe('第500行：收款账户不存在');
    expect(await count('SELECT count(*)::text AS n FROM pay_orders')).toBe(orders);
    expect(await count('SELECT count(*)::text AS n FROM holds')).toBe(holds);
  });

  it('a submitted batch takes its rows out of the live draft (whatever the delete code); another page or kind is refused first', async () => {
    const page = `batchPay.d${key().slice(0, 8)}`;
    const put = (rowKey: string, sort: number) =>
      k.t.sql(
        `INSERT INTO grid_rows (tenant_id, scope, page_id, row_key, sort, cells, updated_by) VALUES ('0', 'org', $1, $2, $3, '{}'::jsonb, 'u-operator')`,
        [page, rowKey, sort],
      );
    await put('paid1', 1);
    await put('paid2', 2);
    await put('kept', 3);
    // The submitter holds no delete code: the paid rows still leave the draft.
    await k.t.sql(`DELETE FROM role_permissions WHERE role_id = 'r-operator' AND permission_id IN (SELECT id FROM permissions WHERE perms = $1)`, [
      BATCH_DRAFT_PERMS.batchDelete,
    ]);
    try {
      const rows = [
        { payeeName: '甲', payeeAcctNo: k.acct.b1, amount: '1.00' },
        { payeeName: '乙', payeeAcctNo: k.acct.b1, amount: '2.00' },
      ];
      const orders = await count('SELECT count(*)::text AS n FROM pay_orders');
      for (const pageId of ['settle.x12345', 'batchPay.x', 'batchPay.ok1234.extra']) {
        const r = await k.post(PAY_PATHS.batchSubmit, { fromAcctNo: k.acct.a1s, rows, idempotencyKey: key(), draftRows: { pageId, rowKeys: ['paid1'] } });
        expect(r.code, pageId).toBe(400);
        expect(r.json.status.errorMsg).toBe(VXE_MSG.pageUnknown);
      }
      expect(await count('SELECT count(*)::text AS n FROM pay_orders')).toBe(orders);
      const ok = await k.post(PAY_PATHS.batchSubmit, {
        fromAcctNo: k.acct.a1s,
        rows,
        idempotencyKey: key(),
        draftRows: { pageId: page, rowKeys: ['paid1', 'paid2', 'never'] },
      });
      expect(ok.code, JSON.stringify(ok.json)).toBe(200);
      const left = await k.t.sql<{ row_key: string }>(`SELECT row_key FROM grid_rows WHERE page_id = $1 ORDER BY sort`, [page]);
      expect(left).toEqual([{ row_key: 'kept' }]);
    } finally {
      await k.t.sql(`INSERT INTO role_permissions (role_id, permission_id) SELECT 'r-operator', id FROM permissions WHERE perms = $1 ON CONFLICT DO NOTHING`, [
        BATCH_DRAFT_PERMS.batchDelete,
      ]);
    }
  });

  it('batch execution cut off mid-way resumes after a restart and pays every row exactly once', async () => {
    const rows = Array.from({ length: 30 }, (_, i) =>
      i % 10 === 9
        ? { payeeName: `卡${i + 1}`, bankCardNo: '6222000099990000111', amount: i === 19 ? '2.99' : '2.00' }
        : { payeeName: `收款人${i + 1}`, payeeAcctNo: k.acct.b1, amount: '2.00' },
    );
    const from = await k.balance(k.acct.a1s);
    const sub = await k.post(PAY_PATHS.batchSubmit, { fromAcctNo: k.acct.a1s, rows, idempotencyKey: key() });
    expect(sub.code, JSON.stringify(sub.json)).toBe(200);
    const o = sub.json.body.order;
    expect((await k.balance(k.acct.a1s)).frozen).toBe(from.frozen + 6099n);
    k.pay.executor.hooks.beforeRow = (_id, n) => {
      if (n === 12) throw new Error('simulated crash');
    };
    const r = await approve(k, o.orderId, o.version, 'approver', PAY_PATHS.batchAuditPass);
    expect(r.code).toBe(200);
    await k.pay.executor.idle();
    k.pay.executor.hooks = {};
    expect(await count(`SELECT count(*)::text AS n FROM pay_batch_rows WHERE order_id = $1 AND status = 'pending'`, [o.orderId])).toBe('19');
    expect(await count(`SELECT count(*)::text AS n FROM pay_orders WHERE id = $1 AND status = 'executing'`, [o.orderId])).toBe('1');
    // A new process: a fresh service over the same database, started with its recovery.
    const fresh = createPayService(k.t.database.db, k.pay.ledger);
    expect(await fresh.executor.recover()).toBeGreaterThanOrEqual(1);
    await fresh.executor.recover();
    await fresh.executor.idle();
    for (let i = 0; i < 5; i++) {
      await k.pay.ledger.channel.idle();
      await fresh.executor.sweep();
    }
    const perRow = await k.t.sql<{ key: string; n: string }>(
      `SELECT idempotency_key AS key, count(*)::text AS n FROM journal_entries WHERE idempotency_key LIKE $1 GROUP BY idempotency_key`,
      [`batch:${o.orderId}:row:%`],
    );
    expect(perRow.length).toBe(30);
    expect(perRow.every((x) => x.n === '1')).toBe(true);
    const detail = await k.post(PAY_PATHS.orderDetail, { orderId: o.orderId, rowsPage: { pageNum: 1, pageSize: 50 } }, 'approver');
    expect(detail.json.body.order).toMatchObject({ status: 'partial', succeededCount: 29, failedCount: 1 });
    expect(detail.json.body.rows[19]).toMatchObject({ rowNo: 20, status: 'failed' });
    expect(await k.balance(k.acct.a1s)).toEqual({ balance: from.balance - 5800n, frozen: from.frozen });
  });

  it('refunds never exceed what is still refundable', async () => {
    const orig = await submitSingle(k, { amount: '100.00' });
    expect((await approve(k, orig.orderId, 1)).json.body.results[0].status).toBe('succeeded');
    const refund = (amount: string) => k.post(PAY_PATHS.refundApply, { origOrderId: orig.orderId, amount, reason: '退货', idempotencyKey: key() });
    const first = await refund('60.00');
    expect(first.code).toBe(200);
    const over = await refund('40.01');
    expect(over.code).toBe(400);
    expect(over.json.status.errorMsg).toBe(PAY_MSG.refundExceeded('40.00'));
    const b1 = await k.balance(k.acct.b1);
    expect((await approve(k, first.json.body.order.orderId, 1)).json.body.results[0].status).toBe('succeeded');
    expect((await k.balance(k.acct.b1)).balance).toBe(b1.balance - 6000n);
    expect((await refund('40.00')).code).toBe(200);
    expect((await refund('0.01')).code).toBe(400);
    expect((await k.post(PAY_PATHS.refundApply, { origOrderId: 'nope', amount: '1.00', reason: 'x', idempotencyKey: key() })).code).toBe(404);
    expect((await k.post(PAY_PATHS.refundApply, { origOrderId: orig.orderId, amount: '1.00', reason: '', idempotencyKey: key() })).json.status.errorMsg).toBe(
      PAY_MSG.refundReason,
    );
  });

  it('distribution puts the rounding remainder on the named account; postings balance', async () => {
    const before = await Promise.all([k.acct.a1, k.acct.b1, k.acct.b1s].map((a) => k.balance(a)));
    const body = {
      fromAcctNo: k.acct.a1s,
      amount: '10.00',
      mode: 'ratio',
      receivers: [
        { acctNo: k.acct.a1, ratio: '33.33' },
        { acctNo: k.acct.b1, ratio: '33.33' },
        { acctNo: k.acct.b1s, ratio: '33.34' },
      ],
      remainderAcctNo: k.acct.b1,
      idempotencyKey: key(),
    };
    const bad = await k.post(PAY_PATHS.distributionApply, { ...body, receivers: body.receivers.map((r) => ({ ...r, ratio: '33.00' })), idempotencyKey: key() });
    expect(bad.json.status.errorMsg).toBe(PAY_MSG.distRatioSum);
    expect(
      (await k.post(PAY_PATHS.distributionApply, { ...body, mode: 'fixed', receivers: [{ acctNo: k.acct.b1, amount: '9.99' }], idempotencyKey: key() })).json
        .status.errorMsg,
    ).toBe(PAY_MSG.distFixedSum);
    const r = await k.post(PAY_PATHS.distributionApply, body);
    expect(r.code, JSON.stringify(r.json)).toBe(200);
    const o = r.json.body.order;
    expect((await approve(k, o.orderId, 1)).json.body.results[0].status).toBe('succeeded');
    const after = await Promise.all([k.acct.a1, k.acct.b1, k.acct.b1s].map((a) => k.balance(a)));
    expect(after.map((a, i) => a.balance - before[i].balance)).toEqual([333n, 334n, 333n]);
    const [e] = await k.t.sql<{ total: string; n: string }>(
      `SELECT sum(p.amount)::text AS total, count(*)::text AS n FROM postings p JOIN journal_entries j ON j.id = p.entry_id WHERE j.idempotency_key = $1`,
      [`payorder:${o.orderId}:exec`],
    );
    expect(e).toEqual({ total: '0', n: '4' });
    const d = await k.post(PAY_PATHS.orderDetail, { orderId: o.orderId }, 'approver');
    expect(d.json.body.splits.find((s: { acctNo: string }) => s.acctNo === k.acct.b1)).toMatchObject({ amount: '3.34', remainder: true });
  });

  it('invoices never exceed the paid amount', async () => {
    const q = await k.post(PAY_PATHS.invoiceInquiry, { cusCode: 'C0101' });
    const left = q.json.body.invoiceable as string;
    expect(Number(left)).toBeGreaterThan(0);
    const apply = (amount: string) => k.post(PAY_PATHS.invoiceApply, { cusCode: 'C0101', amount, title: '上海示例贸易有限公司', idempotencyKey: key() });
    const over = await apply((Number(left) + 0.01).toFixed(2));
    expect(over.code).toBe(400);
    expect(over.json.status.errorMsg).toBe(PAY_MSG.invoiceExceeded(left));
    const [a, b] = await Promise.all([apply(left), apply(left)]);
    expect([a.code, b.code].sort()).toEqual([200, 400]);
    expect((await apply('0.01')).code).toBe(400);
    const inv = (a.code === 200 ? a : b).json.body.invoice;
    const made = await k.post(PAY_PATHS.invoiceMake, { invoiceId: inv.invoiceId }, 'approver');
    expect(made.json.body.invoice).toMatchObject({ status: 'issued' });
    expect(made.json.body.invoice.invoiceNo).toMatch(/^FP\d+/);
    expect((await k.post(PAY_PATHS.invoiceMake, { invoiceId: inv.invoiceId }, 'approver')).code).toBe(409);
    const after = await k.post(PAY_PATHS.invoiceInquiry, { cusCode: 'C0101' });
    expect(after.json.body.invoiceable).toBe('0.00');
  });

  it('a disabled customer cannot pay; the message says why', async () => {
    expect((await k.post(PAY_PATHS.customerDisable, { cusCode: 'C0102' }, 'admin')).json.status.errorMsg).toBe(PAY_MSG.disableReason);
    expect((await k.post(PAY_PATHS.customerDisable, { cusCode: 'C0102', reason: '风险排查' }, 'operator')).code).toBe(403);
    expect((await k.post(PAY_PATHS.customerDisable, { cusCode: 'C0102', reason: '风险排查' }, 'admin')).code).toBe(200);
    const r = await k.post(PAY_PATHS.orderSubmit, { fromAcctNo: k.acct.b1s, payeeName: '甲', payeeAcctNo: k.acct.a1, amount: '1.00', idempotencyKey: key() });
    expect(r.code).toBe(409);
    expect(r.json.status.errorMsg).toBe(LEDGER_MSG.customerDisabled);
    expect((await k.post(PAY_PATHS.customerEnable, { cusCode: 'C0102' }, 'admin')).code).toBe(200);
    expect(
      (await k.post(PAY_PATHS.orderSubmit, { fromAcctNo: k.acct.b1s, payeeName: '甲', payeeAcctNo: k.acct.a1, amount: '1.00', idempotencyKey: key() })).code,
    ).toBe(200);
    await settle(k);
    expect(PWD).toBeTruthy();
  });
});
