// Payment orders and four-eyes approval: the state machine, holds, self-approval refused in every
// path, races, stale versions, password lock, notifications, external cards through the channel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_MSG, PAY_PATHS } from '../../contract/api/pay';
import { brokerOf, type FanOut } from '../../server/realtime/broker';
import { BACKENDS } from './helpers';
import { PWD, approve, key, payKit, settle, submitSingle, type PayKit } from './payKit';
import { encodePassword } from '../../contract/crypto';

describe.each(BACKENDS)('pay orders (%s)', (backend) => {
  let k: PayKit;
  beforeAll(async () => {
    k = await payKit(backend);
  }, 180_000);
  afterAll(async () => k?.close());

  it('single pay: submit holds the funds, approval moves them, every decision is in the trail', async () => {
    const before = await k.balance(k.acct.a1s);
    const to = await k.balance(k.acct.b1);
    const o = await submitSingle(k, { amount: '12.34' });
    expect(o.status).toBe('pending');
    expect((await k.balance(k.acct.a1s)).frozen).toBe(before.frozen + 1234n);
    const r = await approve(k, o.orderId, o.version);
    expect(r.code, JSON.stringify(r.json)).toBe(200);
    expect(r.json.body.results[0]).toMatchObject({ ok: true, status: 'succeeded' });
    const after = await k.balance(k.acct.a1s);
    expect(after).toEqual({ balance: before.balance - 1234n, frozen: before.frozen });
    expect((await k.balance(k.acct.b1)).balance).toBe(to.balance + 1234n);
    const d = await k.post(PAY_PATHS.orderDetail, { orderId: o.orderId }, 'approver');
    expect(d.json.body.events.map((e: { action: string }) => e.action)).toEqual(['create', 'submit', 'approve', 'execute', 'result']);
    expect(d.json.body.events[2]).toMatchObject({ actorId: 'u-approver', fromStatus: 'pending', toStatus: 'approved' });
  });

  it('the maker can never approve or reject their own order, in any path', async () => {
    const single = await submitSingle(k, { amount: '1.00' }, 'admin');
    const batch = (
      await k.post(
        PAY_PATHS.batchSubmit,
        { fromAcctNo: k.acct.a1s, rows: [{ payeeName: '甲', payeeAcctNo: k.acct.b1, amount: '1.00' }], idempotencyKey: key() },
        'admin',
      )
    ).json.body.order;
    const adjust = (
      await k.post(PAY_PATHS.adjustApply, { acctNo: k.acct.a1, direction: 'credit', amount: '1.00', reason: '测试调账', idempotencyKey: key() }, 'admin')
    ).json.body.order;
    const dist = (
      await k.post(
        PAY_PATHS.distributionApply,
        { fromAcctNo: k.acct.a1s, amount: '1.00', mode: 'fixed', receivers: [{ acctNo: k.acct.b1, amount: '1.00' }], idempotencyKey: key() },
        'admin',
      )
    ).json.body.order;
    const orig = await submitSingle(k, { amount: '5.00' });
    expect((await approve(k, orig.orderId, orig.version)).code).toBe(200);
    const refund = (await k.post(PAY_PATHS.refundApply, { origOrderId: orig.orderId, amount: '1.00', reason: '测试退款', idempotencyKey: key() }, 'admin')).json
      .body.order;
    for (const o of [single, batch, adjust, dist, refund]) {
      expect(o?.status).toBe('pending');
      for (const path of [PAY_PATHS.auditPass, PAY_PATHS.batchAuditPass]) {
        const r = await approve(k, o.orderId, o.version, 'admin', path);
        expect(r.code).toBe(403);
        expect(r.json.status.errorMsg).toBe(PAY_MSG.selfApprove);
      }
      const rj = await k.post(PAY_PATHS.auditReject, { orderIds: [o.orderId], reason: '自己驳回' }, 'admin');
      expect(rj.code).toBe(403);
    }
    // Many at once: each refused on its own, none decided.
    const many = await k.post(PAY_PATHS.auditPass, { orderIds: [single.orderId, batch.orderId], versions: [1, 1], payPwd: PWD }, 'admin');
    expect(many.code).toBe(200);
    expect(many.json.body).toMatchObject({ passed: 0, failed: 2 });
    const [{ n }] = await k.t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM pay_orders WHERE maker_id = 'u-admin' AND status <> 'pending'`);
    expect(n).toBe('0');
    // The approver may decide them all, batch included, with one password entry.
    const all = [single, batch, adjust, dist, refund];
    const ok = await k.post(PAY_PATHS.batchAuditPass, { orderIds: all.map((o) => o.orderId), versions: all.map((o) => o.version), payPwd: PWD }, 'approver');
    expect(ok.json.body).toMatchObject({ passed: 5, failed: 0 });
    await settle(k);
  });

  it("reject needs a reason and releases the hold; cancel is the maker's", async () => {
    const before = await k.balance(k.acct.a1s);
    const o = await submitSingle(k, { amount: '7.00' });
    const none = await k.post(PAY_PATHS.auditReject, { orderIds: [o.orderId], reason: '  ' }, 'approver');
    expect(none.code).toBe(400);
    expect(none.json.status.errorMsg).toBe(PAY_MSG.rejectReason);
    expect((await k.post(PAY_PATHS.auditReject, { orderIds: [o.orderId] }, 'approver')).code).toBe(400);
    const r = await k.post(PAY_PATHS.auditReject, { orderIds: [o.orderId], reason: '金额有误' }, 'approver');
    expect(r.code).toBe(200);
    expect(await k.balance(k.acct.a1s)).toEqual(before);
    const c = await submitSingle(k, { amount: '8.00' });
    expect((await k.post(PAY_PATHS.orderCancel, { orderId: c.orderId }, 'admin')).code).toBe(403);
    expect((await k.post(PAY_PATHS.orderCancel, { orderId: c.orderId }, 'operator')).json.body.order.status).toBe('cancelled');
    expect(await k.balance(k.acct.a1s)).toEqual(before);
    const again = await approve(k, c.orderId, c.version);
    expect(again.code).toBe(409);
  });

  it('an edited order cannot be approved as it was (409), only as it is', async () => {
    const o = await submitSingle(k, { amount: '3.00' });
    const e = await k.post(PAY_PATHS.orderEdit, { orderId: o.orderId, version: o.version, patch: { amount: '4.00' } });
    expect(e.code, JSON.stringify(e.json)).toBe(200);
    expect(e.json.body.order).toMatchObject({ version: 2, amount: '4.00', status: 'pending' });
    expect((await k.post(PAY_PATHS.orderEdit, { orderId: o.orderId, version: 2, patch: { amount: '5.00' } }, 'admin')).code).toBe(403);
    const stale = await approve(k, o.orderId, 1);
    expect(stale.code).toBe(409);
    expect(stale.json.status.errorMsg).toBe(PAY_MSG.staleVersion);
    const [{ n }] = await k.t.sql<{ n: string }>(
      `SELECT count(*)::text AS n FROM holds h JOIN pay_orders o ON o.hold_id = h.id WHERE o.id = $1 AND h.amount = 400 AND h.status = 'open'`,
      [o.orderId],
    );
    expect(n).toBe('1');
    expect((await approve(k, o.orderId, 2)).json.body.results[0].status).toBe('succeeded');
  });

  it('two approvers racing: exactly one decision wins, the other gets 409', async () => {
    for (let i = 0; i < 3; i++) {
      const o = await submitSingle(k, { amount: '1.11' });
      const [a, b] = await Promise.all([
        approve(k, o.orderId, o.version, 'approver'),
        i === 2 ? k.post(PAY_PATHS.auditReject, { orderIds: [o.orderId], reason: '并发驳回' }, 'admin') : approve(k, o.orderId, o.version, 'admin'),
      ]);
      expect([a.code, b.code].sort()).toEqual([200, 409]);
      expect([a, b].find((x) => x.code === 409)!.json.status.errorMsg).toBe(PAY_MSG.raced);
      const [{ n }] = await k.t.sql<{ n: string }>(`SELECT count(*)::text AS n FROM pay_order_events WHERE order_id = $1 AND action IN ('approve', 'reject')`, [
        o.orderId,
      ]);
      expect(n).toBe('1');
    }
  });

  it('submit notifies the approvers (not the maker) through the broker', async () => {
    const got: FanOut[] = [];
    brokerOf(k.t.database.db)!.onMessage((m) => got.push(m));
    const o = await submitSingle(k, { amount: '2.22' });
    for (let i = 0; i < 40 && !got.some((m) => m.message.orderId === o.orderId); i++) await new Promise((r) => setTimeout(r, 50));
    const m = got.find((x) => x.message.orderId === o.orderId)!;
    expect(m.message).toMatchObject({ cmd: 'user', type: 'payOrder', orderId: o.orderId });
    expect(String(m.message.titile)).toContain('审批');
    expect(m.to).toContain('u-approver');
    expect(m.to).not.toContain('u-operator');
    const res = await k.t.app.inject({ method: 'GET', url: `/boss-admin${PAY_PATHS.pendingCount}`, headers: { 'X-Access-Token': k.tok.approver } });
    expect(res.json().body.count).toBeGreaterThan(0);
    const mine = await k.t.app.inject({ method: 'GET', url: `/boss-admin${PAY_PATHS.pendingCount}`, headers: { 'X-Access-Token': k.tok.operator } });
    expect(mine.json().body.count).toBe(0);
    const list = await k.post(PAY_PATHS.orderInquiry, { pendingForMe: true, page: { pageNum: 1, pageSize: 5 } }, 'approver');
    expect(list.json.body.page.count).toBe(res.json().body.count);
    expect(list.json.body.listData[0].canAudit).toBe(true);
  });

  it('external card: through the channel; a .99 amount fails and the money comes back', async () => {
    const before = await k.balance(k.acct.a1s);
    const ok = await submitSingle(k, { card: '6222000011112222333', amount: '10.00' });
    const bad = await submitSingle(k, { card: '6222000011112222333', amount: '10.99' });
    const r = await k.post(PAY_PATHS.auditPass, { orderIds: [ok.orderId, bad.orderId], versions: [1, 1], payPwd: PWD }, 'approver');
    expect(r.json.body.passed).toBe(2);
    await settle(k);
    const list = await k.t.sql<{ id: string; status: string }>('SELECT id, status FROM pay_orders WHERE id = ANY($1::text[])', [[ok.orderId, bad.orderId]]);
    expect(Object.fromEntries(list.map((x) => [x.id, x.status]))).toEqual({ [ok.orderId]: 'succeeded', [bad.orderId]: 'failed' });
    expect(await k.balance(k.acct.a1s)).toEqual({ balance: before.balance - 1000n, frozen: before.frozen });
    const d = await k.post(PAY_PATHS.orderDetail, { orderId: ok.orderId }, 'approver');
    expect(d.json.body.order.bankCardNo).toBe('6222***********2333');
  });

  it("approval needs the approver's payment password; 5 wrong lock it", async () => {
    const o = await submitSingle(k, { amount: '1.00' });
    const wrong = encodePassword('Wrong@2026x');
    for (let i = 1; i <= 4; i++) {
      const r = await k.post(PAY_PATHS.auditPass, { orderIds: [o.orderId], versions: [1], payPwd: wrong }, 'approver');
      expect(r.code).toBe(400);
      expect(r.json.status.errorMsg).toBe(PAY_MSG.payPwdWrong(5 - i));
    }
    const fifth = await k.post(PAY_PATHS.auditPass, { orderIds: [o.orderId], versions: [1], payPwd: wrong }, 'approver');
    expect(fifth.code).toBe(423);
    const right = await approve(k, o.orderId, 1);
    expect(right.code).toBe(423);
    expect(right.json.status.errorMsg).toContain('分钟后再试');
    expect((await k.post(PAY_PATHS.auditPass, { orderIds: [o.orderId], versions: [1], payPwd: 'not-encoded' }, 'approver')).code).toBeGreaterThanOrEqual(400);
    await k.t.sql(`UPDATE pay_passwords SET failed = 0, locked_until = NULL WHERE user_id = 'u-approver'`);
    expect((await approve(k, o.orderId, 1)).code).toBe(200);
  });
});
