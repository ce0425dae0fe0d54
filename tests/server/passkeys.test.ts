// Issue 20 §1: approving with a passkey bound to the exact orders. Registration needs the payment
// password; the challenge commits to ids, versions, amounts, payees and the approver; an assertion
// approves only what it was made for, once; edits, revocation and removal make it worthless; the
// audit trail names the passkey; the payment password keeps working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_MSG, PASSKEY_PATHS, type ApproveChallenge } from '../../contract/api/passkey';
import { PAY_MSG, PAY_PATHS } from '../../contract/api/pay';
import { encodePassword } from '../../contract/crypto';
import { approvalChallenge } from '../../server/modules/passkey/service';
import { BACKENDS } from './helpers';
import { SoftAuthenticator } from './lib/softAuthenticator';
import { PWD, approve, key, payKit, submitSingle, type PayKit } from './payKit';

// inject() requests come from Host localhost:80 without an Origin header: the relying party is http://localhost.
const ORIGIN = 'http://localhost';

describe.each(BACKENDS)('passkeys (%s)', (backend) => {
  let k: PayKit;
  const phone = new SoftAuthenticator(ORIGIN);
  beforeAll(async () => {
    k = await payKit(backend);
  }, 180_000);
  afterAll(async () => k?.close());

  async function challenge(orders: { orderId: string; version: number }[]) {
    const r = await k.post(PASSKEY_PATHS.approveChallenge, { orderIds: orders.map((o) => o.orderId), versions: orders.map((o) => o.version) }, 'approver');
    return { code: r.code, msg: r.json.status.errorMsg, ch: r.json.body as unknown as ApproveChallenge };
  }
  const passkeyApprove = (orders: { orderId: string; version: number }[], passkey: unknown) =>
    k.post(PAY_PATHS.auditPass, { orderIds: orders.map((o) => o.orderId), versions: orders.map((o) => o.version), passkey }, 'approver');
  const signed = (ch: ApproveChallenge) => ({ challengeId: ch.challengeId, response: phone.assert(ch.options as never) });

  it('registers a passkey only after the payment password, with user verification, once per challenge', async () => {
    const wrong = await k.post(PASSKEY_PATHS.registerOptions, { payPwd: encodePassword('Wrong#pass123') }, 'approver');
    expect(wrong.code).toBe(400);
    expect(wrong.json.status.errorMsg).toMatch(/支付密码错误/);
    const opt = await k.post(PASSKEY_PATHS.registerOptions, { payPwd: PWD }, 'approver');
    expect(opt.code, JSON.stringify(opt.json)).toBe(200);
    const options = opt.json.body.options;
    expect(options.rp.id).toBe('localhost');
    expect(options.authenticatorSelection).toMatchObject({ authenticatorAttachment: 'platform', userVerification: 'required' });
    const response = phone.register(options);
    const reg = await k.post(PASSKEY_PATHS.register, { challengeId: opt.json.body.challengeId, response, name: '测试手机' }, 'approver');
    expect(reg.code, JSON.stringify(reg.json)).toBe(200);
    expect(reg.json.body.passkey).toMatchObject({ id: response.id, name: '测试手机', revokedAt: null });
    // The same registration answered again: its challenge is gone.
    const again = await k.post(PASSKEY_PATHS.register, { challengeId: opt.json.body.challengeId, response, name: 'x' }, 'approver');
    expect(again.code).toBe(400);
    expect(again.json.status.errorMsg).toBe(PASSKEY_MSG.challengeGone);
    const list = await k.post(PASSKEY_PATHS.list, {}, 'approver');
    expect(list.json.body.listData.map((p: { id: string }) => p.id)).toEqual([response.id]);
    // Nobody else sees it.
    expect((await k.post(PASSKEY_PATHS.list, {}, 'operator')).json.body.listData).toEqual([]);
  });

  it('the challenge commits to the orders as shown, and approves them once; the trail names the passkey', async () => {
    const a = await submitSingle(k, { amount: '12.30' });
    const b = await submitSingle(k, { amount: '4.56', card: '6222021234567890123' });
    const { code, ch } = await challenge([a, b]);
    expect(code).toBe(200);
    expect(ch.orders).toEqual([
      expect.objectContaining({ orderId: a.orderId, version: 1, amount: '12.30', payee: `收款人 ${k.acct.b1}` }),
      expect.objectContaining({ orderId: b.orderId, version: 1, amount: '4.56', payee: '收款人 6222***********0123' }),
    ]);
    expect(ch.total).toBe('16.86');
    // The stored challenge is the hash over the approver, these orders and a server nonce.
    const [row] = await k.t.sql<{ challenge: string; binding: { nonce: string; approverId: string } }>(
      'SELECT challenge, binding FROM passkey_challenges WHERE id = $1',
      [ch.challengeId],
    );
    expect(row.binding.approverId).toBe('u-approver');
    expect(row.challenge).toBe(approvalChallenge('u-approver', ch.orders, row.binding.nonce));
    expect(ch.options.challenge).toBe(row.challenge);

    const assertion = signed(ch);
    const r = await passkeyApprove([a, b], assertion);
    expect(r.code, JSON.stringify(r.json)).toBe(200);
    expect(r.json.body).toMatchObject({ passed: 2, failed: 0 });
    const events = await k.t.sql<{ action: string; passkey_id: string | null }>(
      `SELECT action, passkey_id FROM pay_order_events WHERE order_id = $1 AND action = 'approve'`,
      [a.orderId],
    );
    expect(events).toEqual([{ action: 'approve', passkey_id: assertion.response.id }]);
    const d = await k.post(PAY_PATHS.orderDetail, { orderId: a.orderId }, 'approver');
    expect(d.json.body.events.find((e: { action: string }) => e.action === 'approve').passkey).toBe('测试手机');

    // Replayed: the challenge was used.
    const replay = await passkeyApprove([a, b], assertion);
    expect(replay.code).toBe(400);
    expect(replay.json.status.errorMsg).toBe(PASSKEY_MSG.challengeGone);
  });

  it('an assertion cannot approve another order, and a signature over one challenge does not answer another', async () => {
    const a = await submitSingle(k, { amount: '1.00' });
    const other = await submitSingle(k, { amount: '999.00' });
    const { ch } = await challenge([a]);
    const refused = await passkeyApprove([other], signed(ch));
    expect(refused.code).toBe(400);
    expect(refused.json.status.errorMsg).toBe(PASSKEY_MSG.mismatch);
    expect((await k.post(PAY_PATHS.orderDetail, { orderId: other.orderId }, 'approver')).json.body.order.status).toBe('pending');

    // An assertion made for A's challenge, presented with B's challenge id: the signature does not match.
    const forA = (await challenge([a])).ch;
    const forOther = (await challenge([other])).ch;
    const crossed = await passkeyApprove([other], { challengeId: forOther.challengeId, response: phone.assert(forA.options as never) });
    expect(crossed.code).toBe(403);
    expect(crossed.json.status.errorMsg).toBe(PASSKEY_MSG.failed);
    expect((await k.post(PAY_PATHS.orderDetail, { orderId: other.orderId }, 'approver')).json.body.order.status).toBe('pending');
    // The challenges presented were spent by the tries; the one never presented is still there.
    const left = await k.t.sql<{ id: string }>('SELECT id FROM passkey_challenges WHERE id = ANY($1::text[])', [
      [forA.challengeId, forOther.challengeId, ch.challengeId],
    ]);
    expect(left.map((r) => r.id)).toEqual([forA.challengeId]);
  });

  it("an edited order's old assertion is refused; a stale version gets no challenge", async () => {
    const o = await submitSingle(k, { amount: '3.00' });
    const { ch } = await challenge([o]);
    const assertion = signed(ch);
    const e = await k.post(PAY_PATHS.orderEdit, { orderId: o.orderId, version: 1, patch: { amount: '3000.00' } });
    expect(e.code, JSON.stringify(e.json)).toBe(200);
    const stale = await passkeyApprove([o], assertion);
    expect(stale.code).toBe(409);
    expect(stale.json.status.errorMsg).toBe(PAY_MSG.staleVersion);
    // Naming the new version with the old assertion: not what was signed.
    const fresh = await challenge([o]);
    expect(fresh.code).toBe(409);
    expect(fresh.msg).toBe(PAY_MSG.staleVersion);
    const c2 = (await challenge([{ orderId: o.orderId, version: 2 }])).ch;
    const renamed = await passkeyApprove([{ orderId: o.orderId, version: 2 }], { challengeId: c2.challengeId, response: assertion.response });
    expect(renamed.code).toBe(403);
    const d = await k.post(PAY_PATHS.orderDetail, { orderId: o.orderId }, 'approver');
    expect(d.json.body.order).toMatchObject({ status: 'pending', version: 2 });
  });

  it('four-eyes stays: no challenge for one’s own order; rejecting needs no passkey; both factors at once are refused', async () => {
    const own = await submitSingle(k, { amount: '1.00' }, 'admin');
    const r = await k.post(PASSKEY_PATHS.approveChallenge, { orderIds: [own.orderId], versions: [1] }, 'admin');
    expect(r.code).toBe(403);
    expect(r.json.status.errorMsg).toBe(PAY_MSG.selfApprove);
    const o = await submitSingle(k, { amount: '1.00' });
    const { ch } = await challenge([o]);
    const both = await k.post(PAY_PATHS.auditPass, { orderIds: [o.orderId], versions: [1], payPwd: PWD, passkey: signed(ch) }, 'approver');
    expect(both.code).toBe(400);
    expect(both.json.status.errorMsg).toBe(PASSKEY_MSG.oneFactor);
    const rej = await k.post(PAY_PATHS.auditReject, { orderIds: [o.orderId], reason: '金额不对' }, 'approver');
    expect(rej.code).toBe(200);
  });

  it('a revoked passkey approves nothing, even with an assertion made before; the password still works', async () => {
    const o = await submitSingle(k, { amount: '2.00' });
    const { ch } = await challenge([o]);
    const assertion = signed(ch);
    const id = assertion.response.id;
    // Only an administrator who manages the user revokes; the approver cannot revoke through the admin call.
    expect((await k.post(PASSKEY_PATHS.revoke, { id }, 'approver')).code).toBe(403);
    const rv = await k.post(PASSKEY_PATHS.revoke, { id }, 'admin');
    expect(rv.code, JSON.stringify(rv.json)).toBe(200);
    const refused = await passkeyApprove([o], assertion);
    expect(refused.code).toBe(403);
    expect(refused.json.status.errorMsg).toBe(PASSKEY_MSG.unusable);
    const none = await challenge([o]);
    expect(none.code).toBe(403);
    const list = await k.post(PASSKEY_PATHS.list, {}, 'approver');
    expect(list.json.body.listData[0].revokedAt).not.toBeNull();
    // The payment password fallback.
    const pw = await approve(k, o.orderId, 1);
    expect(pw.code, JSON.stringify(pw.json)).toBe(200);
    const [ev] = await k.t.sql<{ passkey_id: string | null }>(`SELECT passkey_id FROM pay_order_events WHERE order_id = $1 AND action = 'approve'`, [
      o.orderId,
    ]);
    expect(ev.passkey_id).toBeNull();
  });

  it('a removed passkey is gone; bad input is a 4xx', async () => {
    const opt = await k.post(PASSKEY_PATHS.registerOptions, { payPwd: PWD }, 'approver');
    const response = phone.register(opt.json.body.options);
    expect((await k.post(PASSKEY_PATHS.register, { challengeId: opt.json.body.challengeId, response }, 'approver')).code).toBe(200);
    expect((await k.post(PASSKEY_PATHS.remove, { id: response.id }, 'operator')).code).toBe(404);
    expect((await k.post(PASSKEY_PATHS.remove, { id: response.id }, 'approver')).code).toBe(200);
    const o = await submitSingle(k, { amount: '1.00' });
    expect((await challenge([o])).code).toBe(403);
    expect(
      (await k.post(PAY_PATHS.auditPass, { orderIds: [o.orderId], versions: [1], passkey: { challengeId: 'x', response: { id: '***' } } }, 'approver')).code,
    ).toBe(400);
    expect((await k.post(PASSKEY_PATHS.register, { challengeId: key(), response: { nope: 1 } }, 'approver')).code).toBe(400);
    expect((await k.post(PAY_PATHS.auditPass, { orderIds: [o.orderId], versions: [1] }, 'approver')).json.status.errorMsg).toBe(PAY_MSG.payPwdRequired);
  });
});
