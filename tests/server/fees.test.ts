// Issue 18 §1-§2 on the server: fee rules (versions, four eyes, effective dating), fees charged on
// submit and posted in the payment's own ledger entry, refunds giving the fee back in proportion,
// batch fee sums, top-up and withdrawal fees, fee income and its invoice, standing split rules with
// remainders and rule versions, and bad input on every new call (4xx with the message, never 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { API_BASE } from '../../contract/constants';
import { MP } from '../../contract/api/message';
import { FEE_MSG, FEE_PATHS, FEE_RULE_LIVE } from '../../contract/api/fee';
import { PAY_PATHS } from '../../contract/api/pay';
import { feeIncomeThisMonth, ruleFor } from '../../server/modules/fee/engine';
import { formatFen } from '../../contract/money';
import { computeFee } from '../../contract/api/fee';
import { BACKENDS, login } from './helpers';
import { approve, key, payKit, settle, submitSingle, type PayKit } from './payKit';

describe.each(BACKENDS)('fees and standing splits (%s)', (backend) => {
  let k: PayKit;
  beforeAll(async () => {
    k = await payKit(backend);
  }, 180_000);
  afterAll(async () => k?.close());

  const ok = async (path: string, body: unknown, who: 'operator' | 'approver' | 'admin' = 'operator') => {
    const r = await k.post(path, body, who);
    expect(r.code, JSON.stringify(r.json)).toBe(200);
    return r.json.body;
  };
  /** Proposes as the operator, approves as the approver; answers the approved rule. */
  const feeRule = async (v: Record<string, unknown>) => {
    const { rule } = await ok(FEE_PATHS.rulePropose, v);
    expect(rule.status).toBe('pending');
    return (await ok(FEE_PATHS.ruleApprove, { ruleId: rule.ruleId }, 'approver')).rule;
  };
  const entryOf = async (orderId: string) => {
    const rows = await k.t.sql<{ account_no: string; amount: string; kind: string }>(
      `SELECT a.account_no, p.amount::text, j.kind FROM journal_entries j JOIN postings p ON p.entry_id = j.id JOIN accounts a ON a.id = p.account_id
        WHERE j.idempotency_key = $1 ORDER BY p.amount`,
      [`payorder:${orderId}:exec`],
    );
    return rows;
  };
  const feeIncomeNo = async () =>
    (await k.t.sql<{ account_no: string }>(`SELECT account_no FROM accounts WHERE tenant_id = '0' AND account_type = 'fee_income'`))[0]?.account_no;

  it('four eyes: the maker never approves their own rule; a decided rule is decided once', async () => {
    const { rule } = await ok(FEE_PATHS.rulePropose, { scope: 'platform', txType: 'transfer', method: 'fixed', fixedFee: '0' }, 'admin');
    const self = await k.post(FEE_PATHS.ruleApprove, { ruleId: rule.ruleId }, 'admin');
    expect(self.code).toBe(403);
    expect(self.json.status.errorMsg).toBe(FEE_MSG.selfApprove);
    const noPerm = await k.post(FEE_PATHS.ruleApprove, { ruleId: rule.ruleId }, 'operator');
    expect(noPerm.code).toBe(403);
    expect((await ok(FEE_PATHS.ruleReject, { ruleId: rule.ruleId, reason: '不需要' }, 'approver')).rule.status).toBe('rejected');
    const again = await k.post(FEE_PATHS.ruleApprove, { ruleId: rule.ruleId }, 'approver');
    expect(again.code).toBe(409);
    expect(again.json.status.errorMsg).toBe(FEE_MSG.notPending);
    const [row] = await k.t.sql<{ status: string; approver_id: string }>('SELECT status, approver_id FROM fee_rules WHERE id = $1', [rule.ruleId]);
    expect(row.status).toBe('rejected');
  });

  it('a payment pays its fee on top: priced at submit, reserved with it, posted in the same entry to fee income', async () => {
    await feeRule({ scope: 'customer', scopeRef: 'C0101', txType: 'payment', method: 'percent', rate: '1', minFee: '1', maxFee: '5' });
    const before = await k.balance(k.acct.a1s);
    const order = await submitSingle(k, { amount: '100.00' });
    const view = (await ok(PAY_PATHS.orderDetail, { orderId: order.orderId })).order;
    expect(view.fee).toBe('1.00');
    expect(view.debitTotal).toBe('101.00');
    expect((await k.balance(k.acct.a1s)).frozen - before.frozen).toBe(10_100n);
    expect((await approve(k, order.orderId, order.version)).code).toBe(200);
    await settle(k);
    const lines = await entryOf(order.orderId);
    const fi = await feeIncomeNo();
    expect(lines.map((l) => [l.account_no, l.amount])).toEqual([
      [k.acct.a1s, '-10100'],
      [fi, '100'],
      [k.acct.b1, '10000'],
    ]);
    const after = await k.balance(k.acct.a1s);
    expect(before.balance - after.balance).toBe(10_100n);
    expect(after.frozen).toBe(before.frozen);
    // min and max of the percentage
    const small = await submitSingle(k, { amount: '0.50' });
    expect((await ok(PAY_PATHS.orderDetail, { orderId: small.orderId })).order.fee).toBe('1.00');
    const big = await submitSingle(k, { amount: '9000.00' });
    expect((await ok(PAY_PATHS.orderDetail, { orderId: big.orderId })).order.fee).toBe('5.00');
    for (const o of [small, big]) await ok(PAY_PATHS.orderCancel, { orderId: o.orderId });
    // the quote the confirmation shows says the same
    const q = await ok(FEE_PATHS.quote, { acctNo: k.acct.a1s, txType: 'payment', amounts: ['100.00', '0.50', '9000.00'] });
    expect(q.fees).toEqual(['1.00', '1.00', '5.00']);
    expect(q.total).toBe('7.00');
  });

  it('refunds give the fee back in proportion; all parts together give exactly the fee', async () => {
    const order = await submitSingle(k, { amount: '3.00' }); // fee 1% of 3.00 = 0.03 → min 1.00
    await approve(k, order.orderId, order.version);
    await settle(k);
    const refund = async (amount: string) => {
      const { order: r } = await ok(PAY_PATHS.refundApply, { origOrderId: order.orderId, amount, reason: '退款', idempotencyKey: key() });
      expect((await approve(k, r.orderId, r.version)).code).toBe(200);
      await settle(k);
      return (await ok(PAY_PATHS.orderDetail, { orderId: r.orderId })).order;
    };
    const payerBefore = await k.balance(k.acct.a1s);
    const r1 = await refund('1.00'); // 100 × 1/3 = 33.33 → 33 fen
    expect(r1.feeBack).toBe('0.33');
    const r2 = await refund('1.00'); // round(66.67) − 33 = 34
    expect(r2.feeBack).toBe('0.34');
    const r3 = await refund('1.00'); // 100 − 67 = 33
    expect(r3.feeBack).toBe('0.33');
    expect((await k.balance(k.acct.a1s)).balance - payerBefore.balance).toBe(300n + 100n);
    const [back] = await k.t.sql<{ n: string }>(`SELECT COALESCE(-sum(fee_fen), 0)::text AS n FROM fee_charges WHERE ref LIKE '%:back' AND cus_code = 'C0101'`);
    expect(BigInt(back.n)).toBeGreaterThanOrEqual(100n);
  });

  it('tiered batch rows: every tier boundary, Σ row fees is the batch fee, each row posts its own fee', async () => {
    await feeRule({
      scope: 'platform',
      txType: 'batchRow',
      method: 'tiered',
      tiers: [
        { upTo: '100.00', fixedFee: '0.50' },
        { upTo: '1000.00', rate: '0.1' },
        { upTo: '', fixedFee: '1', rate: '0.05' },
      ],
      maxFee: '20',
    });
    const amounts = ['100.00', '100.01', '1000.00', '1000.01', '50000.00'];
    const want = ['0.50', '0.10', '1.00', '1.50', '20.00'];
    const r = await k.post(PAY_PATHS.batchSubmit, {
      fromAcctNo: k.acct.a1s,
      rows: amounts.map((amount, i) => ({ payeeName: `收款${i}`, payeeAcctNo: k.acct.b1, amount })),
      idempotencyKey: key(),
    });
    expect(r.code, JSON.stringify(r.json)).toBe(200);
    const o = r.json.body.order;
    expect(o.fee).toBe('23.10');
    const rows = await k.t.sql<{ row_no: number; fee: string }>('SELECT row_no, fee::text FROM pay_batch_rows WHERE order_id = $1 ORDER BY row_no', [
      o.orderId,
    ]);
    expect(rows.map((x) => (Number(x.fee) / 100).toFixed(2))).toEqual(want);
    await approve(k, o.orderId, o.version);
    await settle(k);
    const fi = await feeIncomeNo();
    const posted = await k.t.sql<{ amount: string }>(
      `SELECT p.amount::text FROM journal_entries j JOIN postings p ON p.entry_id = j.id JOIN accounts a ON a.id = p.account_id
        WHERE j.idempotency_key LIKE $1 AND a.account_no = $2`,
      [`batch:${o.orderId}:row:%`, fi],
    );
    expect(posted.reduce((s, p) => s + BigInt(p.amount), 0n)).toBe(2310n);
    expect(posted).toHaveLength(5);
  });

  it('effective dating: a future version applies from its time, earlier prices stay as they were', async () => {
    const future = new Date(Date.now() + 3_600_000);
    const v2 = await feeRule({
      scope: 'customer',
      scopeRef: 'C0101',
      txType: 'payment',
      method: 'fixed',
      fixedFee: '2.50',
      effectiveFrom: future.toISOString(),
    });
    expect(v2.version).toBe(2);
    const now = await ruleFor(k.pay.ledger.store, '0', 'C0101', 'payment');
    expect(computeFee(now!.def, 10_000n)).toBe(100n);
    const later = await ruleFor(k.pay.ledger.store, '0', 'C0101', 'payment', new Date(future.getTime() + 1000));
    expect(later!.ruleId).toBe(v2.ruleId);
    expect(computeFee(later!.def, 10_000n)).toBe(250n);
    // an approval after the proposed time takes effect at the approval, never before
    const past = await feeRule({
      scope: 'customer',
      scopeRef: 'C0102',
      txType: 'payment',
      method: 'fixed',
      fixedFee: '1',
      effectiveFrom: '2020-01-01T00:00:00Z',
    });
    expect(new Date(past.effectiveFrom).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('top-up fee is deducted from the credit; a withdrawal pays on top and gets its fee back if the channel fails', async () => {
    await feeRule({ scope: 'platform', txType: 'topup', method: 'fixed', fixedFee: '2' });
    await feeRule({ scope: 'platform', txType: 'withdraw', method: 'fixed', fixedFee: '3' });
    const ctx = { tenantId: '0', actor: 'u-operator' };
    const before = await k.balance(k.acct.b1s);
    await k.pay.ledger.charge(ctx, { accountNo: k.acct.b1s, amountFen: 10_000n, reason: '充值', idempotencyKey: key() });
    await settle(k);
    expect((await k.balance(k.acct.b1s)).balance - before.balance).toBe(9_800n);
    const [card] = await k.t.sql<{ card_no: string }>(
      `SELECT b.card_no FROM bank_cards b JOIN customers cu ON cu.id = b.customer_id WHERE cu.cus_code = 'C0102' AND b.status = 'bound'`,
    );
    const mid = await k.balance(k.acct.b1s);
    // amounts ending in .99 fail at the simulated channel
    await k.pay.ledger.withdraw(ctx, { accountNo: k.acct.b1s, amountFen: 1_099n, cardNo: card.card_no, reason: '提现', idempotencyKey: key() });
    expect(mid.balance - (await k.balance(k.acct.b1s)).balance).toBe(1_399n);
    await settle(k);
    expect((await k.balance(k.acct.b1s)).balance).toBe(mid.balance);
    await k.pay.ledger.withdraw(ctx, { accountNo: k.acct.b1s, amountFen: 1_000n, cardNo: card.card_no, reason: '提现', idempotencyKey: key() });
    await settle(k);
    expect(mid.balance - (await k.balance(k.acct.b1s)).balance).toBe(1_300n);
  });

  it('fee income per customer and month, and its monthly invoice (once)', async () => {
    const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    const r = await ok(FEE_PATHS.income, { month });
    const c1 = r.listData.find((x: { cusCode: string }) => x.cusCode === 'C0101');
    expect(c1).toBeTruthy();
    expect(Number(c1.charged)).toBeGreaterThan(0);
    expect(Number(c1.returned)).toBeGreaterThanOrEqual(1);
    // the workbench's figure is the report's total of this month
    expect(formatFen(await feeIncomeThisMonth(k.pay.ledger.store, '0'))).toBe(r.total);
    expect(formatFen(await feeIncomeThisMonth(k.pay.ledger.store, '0', new Date(), 'C0101'))).toBe(c1.net);
    const inv = await ok(FEE_PATHS.invoice, { cusCode: 'C0101', month, title: '客户一', idempotencyKey: key() });
    expect(inv.invoice.amount).toBe(c1.net);
    expect(inv.invoice.remark).toBe(`${month} 手续费发票`);
    const twice = await k.post(FEE_PATHS.invoice, { cusCode: 'C0101', month, title: '客户一', idempotencyKey: key() });
    expect(twice.code).toBe(409);
    expect(twice.json.status.errorMsg).toBe(FEE_MSG.invoiceExists);
    const none = await k.post(FEE_PATHS.invoice, { cusCode: 'C0101', month: '2001-01', title: '客户一', idempotencyKey: key() });
    expect(none.json.status.errorMsg).toBe(FEE_MSG.noIncome);
  });

  it('standing split: every received payment is split by the rule version in force, remainder to the named account', async () => {
    const propose = (v: Record<string, unknown>) =>
      ok(FEE_PATHS.splitPropose, { cusCode: 'C0102', sourceAcctNo: k.acct.b1, remainderAcctNo: k.acct.b1s, ...v });
    const { rule: v1 } = await propose({ mode: 'ratio', receivers: [{ acctNo: k.acct.a1, ratio: '30' }] });
    const self = await k.post(FEE_PATHS.splitApprove, { ruleId: v1.ruleId }, 'operator');
    expect(self.code).toBe(403);
    await ok(FEE_PATHS.splitApprove, { ruleId: v1.ruleId }, 'approver');
    const a1 = await k.balance(k.acct.a1);
    const b1s = await k.balance(k.acct.b1s);
    const b1 = await k.balance(k.acct.b1);
    const pay = async (amount: string) => {
      const o = await submitSingle(k, { amount, from: k.acct.a1s, to: k.acct.b1 });
      await approve(k, o.orderId, o.version);
      await settle(k);
      return o;
    };
    const o1 = await pay('100.01');
    expect((await k.balance(k.acct.a1)).balance - a1.balance).toBe(3_000n); // floor(30.003)
    expect((await k.balance(k.acct.b1s)).balance - b1s.balance).toBe(7_001n); // 70% + the fen of dust
    expect((await k.balance(k.acct.b1)).balance).toBe(b1.balance);
    const { rule: v2 } = await propose({ mode: 'fixed', receivers: [{ acctNo: k.acct.a1, amount: '10' }] });
    await ok(FEE_PATHS.splitApprove, { ruleId: v2.ruleId }, 'approver');
    const o2 = await pay('8.00'); // less than the fixed part: all of it to the receiver
    const o3 = await pay('25.00');
    expect((await k.balance(k.acct.a1)).balance - a1.balance).toBe(3_000n + 800n + 1_000n);
    expect((await k.balance(k.acct.b1s)).balance - b1s.balance).toBe(7_001n + 1_500n);
    const entries = (await ok(FEE_PATHS.splitEntries, { cusCode: 'C0102', page: { pageNum: 1, pageSize: 10 } })).listData;
    expect(entries.map((e: { ruleVersion: number }) => e.ruleVersion)).toEqual([2, 2, 1]);
    const [src] = await k.t.sql<{ n: string }>(
      `SELECT count(*)::text AS n FROM split_entries s JOIN journal_entries j ON j.id = s.source_entry_id WHERE j.idempotency_key = ANY($1::text[])`,
      [[o1, o2, o3].map((o) => `payorder:${o.orderId}:exec`)],
    );
    expect(src.n).toBe('3');
    // switched off by a third version
    const { rule: v3 } = await propose({ mode: 'ratio', receivers: [], enabled: false });
    await ok(FEE_PATHS.splitApprove, { ruleId: v3.ruleId }, 'approver');
    const before = await k.balance(k.acct.b1);
    await pay('5.00');
    expect((await k.balance(k.acct.b1)).balance - before.balance).toBe(500n);
  });

  it('a rule decision reaches other open screens live (within 2 s), never a customer-side socket', async () => {
    const addr = (k.t.app.server.listening ? k.t.app.server : (await k.t.app.listen({ port: 0, host: '127.0.0.1' }), k.t.app.server)).address() as AddressInfo;
    const base = `ws://127.0.0.1:${addr.port}${API_BASE}${MP.socket}`;
    const connect = (token: string) =>
      new Promise<{ ws: WebSocket; got: Record<string, unknown>[] }>((resolve, reject) => {
        const ws = new WebSocket(`${base}?token=${encodeURIComponent(token)}`);
        const got: Record<string, unknown>[] = [];
        ws.on('message', (d) => got.push(JSON.parse(d.toString()) as Record<string, unknown>));
        ws.once('open', () => resolve({ ws, got }));
        ws.once('error', reject);
      });
    const watcher = await connect(k.tok.operator);
    const outsider = await connect((await login(k.t.app, 'customer')).token);
    try {
      await new Promise((r) => setTimeout(r, 200));
      const { rule } = await ok(FEE_PATHS.rulePropose, { scope: 'platform', txType: 'refund', method: 'fixed', fixedFee: '0' });
      await ok(FEE_PATHS.ruleReject, { ruleId: rule.ruleId, reason: '实时测试' }, 'approver');
      const started = Date.now();
      const heard = () => watcher.got.filter((m) => m.cmd === 'live' && m.kind === FEE_RULE_LIVE && m.id === rule.ruleId).map((m) => m.status);
      while (!heard().includes('rejected') && Date.now() - started < 2000) await new Promise((r) => setTimeout(r, 10));
      expect(heard()).toEqual(['pending', 'rejected']);
      expect(outsider.got.filter((m) => m.id === rule.ruleId)).toEqual([]);
    } finally {
      watcher.ws.close();
      outsider.ws.close();
    }
  });

  it('bad input on every new call: 4xx with the message, nothing written', async () => {
    const [{ n: rulesBefore }] = await k.t.sql<{ n: string }>('SELECT count(*)::text AS n FROM fee_rules');
    const cases: [string, unknown, string | null][] = [
      [FEE_PATHS.rulePropose, { scope: 'nowhere', txType: 'payment', method: 'fixed', fixedFee: '1' }, FEE_MSG.scope],
      [FEE_PATHS.rulePropose, { scope: 'platform', txType: 'x', method: 'fixed', fixedFee: '1' }, FEE_MSG.txType],
      [FEE_PATHS.rulePropose, { scope: 'platform', txType: 'payment', method: 'fixed', fixedFee: '-1' }, FEE_MSG.fixedFee],
      [FEE_PATHS.rulePropose, { scope: 'platform', txType: 'payment', method: 'percent', rate: '101' }, FEE_MSG.rate],
      [FEE_PATHS.rulePropose, { scope: 'platform', txType: 'payment', method: 'percent', rate: '1', minFee: '5', maxFee: '1' }, FEE_MSG.minMax],
      [FEE_PATHS.rulePropose, { scope: 'platform', txType: 'payment', method: 'tiered', tiers: [] }, FEE_MSG.tiers],
      [
        FEE_PATHS.rulePropose,
        { scope: 'platform', txType: 'payment', method: 'tiered', tiers: [{ upTo: '10', rate: '1' }, { upTo: '5', rate: '1' }, { rate: '1' }] },
        FEE_MSG.tierUpTo,
      ],
      [FEE_PATHS.rulePropose, { scope: 'platform', txType: 'payment', method: 'tiered', tiers: [{ upTo: '10' }, { rate: '1' }] }, FEE_MSG.tierPrice],
      [FEE_PATHS.rulePropose, { scope: 'customer', scopeRef: 'NOPE', txType: 'payment', method: 'fixed', fixedFee: '1' }, FEE_MSG.cusNotFound],
      [FEE_PATHS.rulePropose, { scope: 'provider', scopeRef: 'nope', txType: 'payment', method: 'fixed', fixedFee: '1' }, FEE_MSG.provider],
      [FEE_PATHS.rulePropose, { scope: 'platform', product: 'nope', txType: 'payment', method: 'fixed', fixedFee: '1' }, FEE_MSG.product],
      [FEE_PATHS.rulePropose, { scope: 'platform', txType: 'payment', method: 'fixed', fixedFee: '1', effectiveFrom: 'soon' }, FEE_MSG.effectiveFrom],
      [FEE_PATHS.rulePropose, 'junk', null],
      [FEE_PATHS.ruleApprove, { ruleId: 'nope' }, FEE_MSG.ruleNotFound],
      [FEE_PATHS.ruleReject, { ruleId: 'nope' }, FEE_MSG.rejectReason],
      [FEE_PATHS.ruleInquiry, { status: 'weird' }, '状态不正确'],
      [FEE_PATHS.quote, { acctNo: k.acct.a1s, txType: 'payment', amounts: ['abc'] }, '请输入正确的金额'],
      [FEE_PATHS.quote, { acctNo: 'nope', txType: 'payment', amounts: ['1'] }, null],
      [FEE_PATHS.income, { month: '2026-13' }, FEE_MSG.month],
      [FEE_PATHS.invoice, { cusCode: 'C0101', month: '2026-1', title: 'x', idempotencyKey: key() }, FEE_MSG.month],
      [FEE_PATHS.invoice, { cusCode: 'NOPE', month: '2026-01', title: 'x', idempotencyKey: key() }, FEE_MSG.cusNotFound],
      [
        FEE_PATHS.splitPropose,
        { cusCode: 'C0102', sourceAcctNo: k.acct.b1, remainderAcctNo: k.acct.b1s, mode: 'ratio', receivers: [{ acctNo: k.acct.a1, ratio: '120' }] },
        null,
      ],
      [
        FEE_PATHS.splitPropose,
        {
          cusCode: 'C0102',
          sourceAcctNo: k.acct.b1,
          remainderAcctNo: k.acct.b1s,
          mode: 'ratio',
          receivers: [
            { acctNo: k.acct.a1, ratio: '60' },
            { acctNo: k.acct.a1s, ratio: '50' },
          ],
        },
        FEE_MSG.splitRatioSum,
      ],
      [
        FEE_PATHS.splitPropose,
        { cusCode: 'C0102', sourceAcctNo: k.acct.a1, remainderAcctNo: k.acct.b1s, mode: 'ratio', receivers: [{ acctNo: k.acct.a1s, ratio: '10' }] },
        FEE_MSG.splitSource,
      ],
      [
        FEE_PATHS.splitPropose,
        { cusCode: 'C0102', sourceAcctNo: k.acct.b1, remainderAcctNo: k.acct.b1s, mode: 'ratio', receivers: [{ acctNo: k.acct.b1, ratio: '10' }] },
        FEE_MSG.splitSelf,
      ],
      [
        FEE_PATHS.splitPropose,
        { cusCode: 'C0102', sourceAcctNo: k.acct.b1, remainderAcctNo: k.acct.b1s, mode: 'fixed', receivers: [{ acctNo: 'X1', amount: '1' }] },
        null,
      ],
      [FEE_PATHS.splitPropose, { cusCode: 'C0102', sourceAcctNo: k.acct.b1, remainderAcctNo: k.acct.b1s, mode: 'sideways', receivers: [] }, FEE_MSG.splitMode],
      [FEE_PATHS.splitApprove, { ruleId: '' }, FEE_MSG.ruleNotFound],
      [FEE_PATHS.splitInquiry, { status: 'x' }, '状态不正确'],
      [FEE_PATHS.splitReject, { ruleId: 'nope', reason: '' }, FEE_MSG.rejectReason],
      [FEE_PATHS.splitEntries, { page: { pageNum: 0, pageSize: 10 } }, null],
    ];
    for (const [path, body, msg] of cases) {
      const r = await k.post(path, body, path.includes('Approve') || path.includes('Reject') ? 'approver' : 'operator');
      expect(r.code, `${path} ${JSON.stringify(body)} → ${JSON.stringify(r.json)}`).toBeGreaterThanOrEqual(400);
      expect(r.code, path).toBeLessThan(500);
      if (msg) expect(r.json.status.errorMsg, path).toBe(msg);
      else expect(r.json.status.errorMsg, path).toBeTruthy();
    }
    const [{ n: rulesAfter }] = await k.t.sql<{ n: string }>('SELECT count(*)::text AS n FROM fee_rules');
    expect(rulesAfter).toBe(rulesBefore);
  });
});
