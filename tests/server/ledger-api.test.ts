// The ledger calls over HTTP: bad input on every money call is refused with its message and writes
// nothing; charges, withdrawals (and their channel failures), transfers, freezes; idempotency;
// disabled customers; tenant and customer scoping; permissions; account opening.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_MSG, LEDGER_PATHS as LP } from '../../contract/api/ledger';
import { isValidAccountNo } from '../../contract/accountNo';
import { ledgerServiceFor } from '../../server/modules/ledger/instance';
import { BACKENDS, call, login, startApp, type TestApp } from './helpers';

process.env.CHANNEL_LATENCY_MS = '0-5';

describe.each(BACKENDS)('ledger calls (%s)', (backend) => {
  let t: TestApp;
  let admin: string;
  let settlement: string;
  let basic: string;
  let otherTenantAcct: string;
  const CARD = '6217000010001234567';
  let n = 0;
  const key = () => `api-${backend}-${n++}`;
  const post = (path: string, body: unknown, token = admin) => call(t.app, 'POST', path, body, { token });
  const idle = () => ledgerServiceFor(t.database.db).channel.idle();
  const counts = async () =>
    (
      await t.sql<{ e: string; o: string; h: string }>(
        'SELECT (SELECT count(*) FROM journal_entries)::text AS e, (SELECT count(*) FROM channel_orders)::text AS o, (SELECT count(*) FROM holds)::text AS h',
      )
    )[0];
  const acct = async (acctNo: string) => (await post(LP.entryInquiry, { acctNo, page: { pageNum: 1, pageSize: 5 } })).json().body;
  const balance = async (acctNo: string) => {
    const r = await post(LP.accountInquiry, { cusCode: 'C0101' });
    return r.json().body.listData.find((a: { acctNo: string }) => a.acctNo === acctNo);
  };

  beforeAll(async () => {
    t = await startApp(backend);
    admin = (await login(t.app, 'admin')).token;
    const detail = (await post(LP.customerInfo, { cusCode: 'C0101' })).json().body;
    basic = detail.accounts.find((a: { acctType: string }) => a.acctType === 'basic').acctNo;
    settlement = detail.accounts.find((a: { acctType: string }) => a.acctType === 'settlement').acctNo;
    const [o] = await t.sql<{ account_no: string }>(`SELECT account_no FROM accounts WHERE tenant_id = '1' AND owner_kind = 'customer' LIMIT 1`);
    otherTenantAcct = o.account_no;
  }, 60_000);
  afterAll(async () => t?.close());

  it('customer detail shows the seeded customer, accounts, card and the posted demo balance', async () => {
    const r = await post(LP.customerInfo, { cusCode: 'C0101' });
    expect(r.statusCode).toBe(200);
    const b = r.json().body;
    expect(b.customer).toMatchObject({ cusCode: 'C0101', cusName: '上海示例贸易有限公司', status: 'enabled' });
    expect(b.accounts.map((a: { acctType: string }) => a.acctType)).toEqual(['basic', 'settlement']);
    for (const a of b.accounts) expect(isValidAccountNo(a.acctNo)).toBe(true);
    expect(b.accounts[1]).toMatchObject({ balance: '200000.00', frozen: '0.00', available: '200000.00', currency: 'CNY' });
    expect(b.bankCards[0]).toMatchObject({ cardNo: CARD });
    expect(b.recentEntries[0]).toMatchObject({ kind: 'charge', amount: '200000.00' });
  });

  it("bad amounts, unknown accounts and other tenants' accounts: 4xx with the message, nothing written", async () => {
    const before = await counts();
    const [{ hold }] = await t.sql<{ hold: string }>(`SELECT 'none' AS hold`);
    const calls: [string, (amount: unknown, acctNo: string) => Record<string, unknown>][] = [
      [LP.charge, (amount, acctNo) => ({ acctNo, amount, idempotencyKey: key() })],
      [LP.freeze, (amount, acctNo) => ({ acctNo, amount, reason: '测试', idempotencyKey: key() })],
      [LP.withdraw, (amount, acctNo) => ({ acctNo, amount, cardNo: CARD, idempotencyKey: key() })],
      [LP.transfer, (amount, acctNo) => ({ fromAcctNo: acctNo, toAcctNo: basic, amount, idempotencyKey: key() })],
      [LP.transfer, (amount, acctNo) => ({ fromAcctNo: settlement, toAcctNo: acctNo, amount, idempotencyKey: key() })],
    ];
    const badAmounts: unknown[] = [
      '-1',
      '-0.01',
      '0',
      '0.00',
      '1.234',
      '0.001',
      '100000000.01',
      '999999999999',
      'abc',
      '1e3',
      '',
      ' ',
      12,
      0.5,
      null,
      true,
      '01.5',
    ];
    let checked = 0;
    for (const [path, body] of calls) {
      for (const amount of badAmounts) {
        const r = await post(path, body(amount, settlement));
        expect(r.statusCode, `${path} ${JSON.stringify(amount)}`).toBe(400);
        expect(r.json().status.replyText).toBe(LEDGER_MSG.amount);
        checked++;
      }
      for (const acctNo of ['BS000000000000000000', 'nope', otherTenantAcct]) {
        const r = await post(path, body('1.00', acctNo));
        expect(r.statusCode, `${path} ${acctNo}`).toBe(404);
        expect(r.json().status.replyText).toBe(LEDGER_MSG.accountNotFound);
        checked++;
      }
    }
    for (const amount of badAmounts.filter((a) => a !== null)) {
      const r = await post(LP.unfreeze, { holdId: hold, amount, reason: '测试', idempotencyKey: key() });
      expect(r.statusCode).toBe(400);
      expect(r.json().status.replyText).toBe(LEDGER_MSG.amount);
      checked++;
    }
    const missingKey = await post(LP.transfer, { fromAcctNo: settlement, toAcctNo: basic, amount: '1.00' });
    expect(missingKey.statusCode).toBe(400);
    expect(missingKey.json().status.replyText).toBe(LEDGER_MSG.idempotencyRequired);
    const badCard = await post(LP.withdraw, { acctNo: settlement, amount: '1.00', cardNo: '123', idempotencyKey: key() });
    expect(badCard.json().status.replyText).toBe('请输入正确的银行卡号!');
    const unboundCard = await post(LP.withdraw, { acctNo: settlement, amount: '1.00', cardNo: '6222999988887777', idempotencyKey: key() });
    expect([unboundCard.statusCode, unboundCard.json().status.replyText]).toEqual([400, LEDGER_MSG.cardNotBound]);
    const platform = await t.sql<{ account_no: string }>(`SELECT account_no FROM accounts WHERE tenant_id = '0' AND owner_kind = 'platform' LIMIT 1`);
    const toPlatform = await post(LP.transfer, { fromAcctNo: settlement, toAcctNo: platform[0].account_no, amount: '1.00', idempotencyKey: key() });
    expect(toPlatform.statusCode).toBe(404);
    console.log(`[bad input ${backend}] ${checked} refused calls checked`);
    expect(await counts()).toEqual(before);
  });

  it('charge: pending until the channel confirms; amounts ending .99 fail and credit nothing', async () => {
    const start = (await balance(basic)).balance;
    const ok = await post(LP.charge, { acctNo: basic, amount: '100.00', reason: '充值', idempotencyKey: 'charge-ok' });
    expect(ok.json().body.order).toMatchObject({ kind: 'charge', status: 'pending', amount: '100.00' });
    const fail = await post(LP.charge, { acctNo: basic, amount: '1.99', idempotencyKey: 'charge-fail' });
    await idle();
    const orderOk = await post(LP.orderInquiry, { orderId: ok.json().body.order.orderId });
    const orderFail = await post(LP.orderInquiry, { orderId: fail.json().body.order.orderId });
    expect(orderOk.json().body.order.status).toBe('succeeded');
    expect(orderFail.json().body.order).toMatchObject({ status: 'failed', failReason: expect.stringContaining('.99') });
    expect((await balance(basic)).balance).toBe((Number(start) + 100).toFixed(2));
    const replay = await post(LP.charge, { acctNo: basic, amount: '100.00', reason: '充值', idempotencyKey: 'charge-ok' });
    expect(replay.json().body.order).toMatchObject({ orderId: ok.json().body.order.orderId, status: 'succeeded' });
    const clash = await post(LP.charge, { acctNo: basic, amount: '200.00', reason: '充值', idempotencyKey: 'charge-ok' });
    expect([clash.statusCode, clash.json().status.replyText]).toEqual([409, LEDGER_MSG.idempotencyConflict]);
  });

  it('withdraw: reserved at once, settled by the channel, or reversed by a new entry when it fails', async () => {
    const start = BigInt(Math.round(Number((await balance(settlement)).balance) * 100));
    const ok = await post(LP.withdraw, { acctNo: settlement, amount: '50.00', cardNo: CARD, idempotencyKey: 'wd-ok' });
    const bad = await post(LP.withdraw, { acctNo: settlement, amount: '20.99', cardNo: CARD, idempotencyKey: 'wd-fail' });
    expect(ok.statusCode).toBe(200);
    expect(bad.json().body.order.status).toBe('pending');
    await idle();
    const after = BigInt(Math.round(Number((await balance(settlement)).balance) * 100));
    expect(start - after).toBe(5000n);
    const entries = (await acct(settlement)).listData.map((e: { kind: string; amount: string }) => `${e.kind} ${e.amount}`);
    expect(entries).toEqual(expect.arrayContaining(['withdraw -50.00', 'withdraw -20.99', 'withdraw_reverse 20.99']));
    const order = await post(LP.orderInquiry, { orderId: bad.json().body.order.orderId });
    expect(order.json().body.order).toMatchObject({ status: 'failed', statusText: '失败' });
  });

  it('transfer, freeze and unfreeze; replays answer the original; unfreeze is bounded by the hold', async () => {
    const tr = await post(LP.transfer, { fromAcctNo: settlement, toAcctNo: basic, amount: '12.34', reason: '调拨', idempotencyKey: 'tr-1' });
    expect(tr.json().body).toMatchObject({ replayed: false });
    const again = await post(LP.transfer, { fromAcctNo: settlement, toAcctNo: basic, amount: '12.34', reason: '调拨', idempotencyKey: 'tr-1' });
    expect(again.json().body).toMatchObject({ replayed: true, entryId: tr.json().body.entryId });
    const clash = await post(LP.transfer, { fromAcctNo: settlement, toAcctNo: basic, amount: '12.35', reason: '调拨', idempotencyKey: 'tr-1' });
    expect([clash.statusCode, clash.json().status.replyText]).toEqual([409, LEDGER_MSG.idempotencyConflict]);
    const same = await post(LP.transfer, { fromAcctNo: basic, toAcctNo: basic, amount: '1.00', idempotencyKey: key() });
    expect(same.json().status.replyText).toBe(LEDGER_MSG.sameAccount);
    const tooMuch = await post(LP.transfer, { fromAcctNo: basic, toAcctNo: settlement, amount: '99999999.00', idempotencyKey: key() });
    expect([tooMuch.statusCode, tooMuch.json().status.replyText]).toEqual([409, LEDGER_MSG.insufficient]);

    const fz = await post(LP.freeze, { acctNo: settlement, amount: '30.00', reason: '风控冻结', idempotencyKey: 'fz-1' });
    const holdId = fz.json().body.holdId;
    expect((await balance(settlement)).frozen).toBe('30.00');
    const over = await post(LP.unfreeze, { holdId, amount: '30.01', reason: '解冻', idempotencyKey: key() });
    expect([over.statusCode, over.json().status.replyText]).toEqual([400, LEDGER_MSG.holdExceeded]);
    await post(LP.unfreeze, { holdId, amount: '10.00', reason: '部分解冻', idempotencyKey: 'uf-1' });
    const rest = await post(LP.unfreeze, { holdId, reason: '全部解冻', idempotencyKey: 'uf-2' });
    expect(rest.statusCode).toBe(200);
    const twice = await post(LP.unfreeze, { holdId, reason: '再次解冻', idempotencyKey: 'uf-3' });
    expect([twice.statusCode, twice.json().status.replyText]).toEqual([409, LEDGER_MSG.holdResolved]);
    const holds = (await post(LP.holdInquiry, { acctNo: settlement })).json().body.listData;
    expect(holds[0]).toMatchObject({ holdId, amount: '30.00', remaining: '0.00', status: 'released' });
    expect((await balance(settlement)).frozen).toBe('0.00');
  });

  it('a disabled customer cannot withdraw or transfer out; money can still come in', async () => {
    const off = await post(LP.customerStatus, { cusCode: 'C0101', status: 'disabled', reason: '风险核查' });
    expect(off.json().body.customer.status).toBe('disabled');
    const wd = await post(LP.withdraw, { acctNo: settlement, amount: '1.00', cardNo: CARD, idempotencyKey: key() });
    expect([wd.statusCode, wd.json().status.replyText]).toEqual([409, LEDGER_MSG.customerDisabled]);
    const out = await post(LP.transfer, { fromAcctNo: settlement, toAcctNo: basic, amount: '1.00', idempotencyKey: key() });
    expect(out.json().status.replyText).toBe(LEDGER_MSG.customerDisabled);
    const [c0102] = (await post(LP.accountInquiry, { cusCode: 'C0102' })).json().body.listData.filter((a: { acctType: string }) => a.acctType === 'settlement');
    const incoming = await post(LP.transfer, { fromAcctNo: c0102.acctNo, toAcctNo: basic, amount: '1.00', idempotencyKey: key() });
    expect(incoming.statusCode).toBe(200);
    await post(LP.customerStatus, { cusCode: 'C0101', status: 'enabled', reason: '核查完毕' });
  });

  it('permissions and scope: approvers only read; a customer user sees only their own customer', async () => {
    const approver = (await login(t.app, 'approver')).token;
    expect((await post(LP.accountInquiry, { cusCode: 'C0101' }, approver)).statusCode).toBe(200);
    const denied = await post(LP.transfer, { fromAcctNo: settlement, toAcctNo: basic, amount: '1.00', idempotencyKey: key() }, approver);
    expect(denied.statusCode).toBe(403);
    const customer = (await login(t.app, 'customer')).token;
    const own = await post(LP.customerInfo, { cusCode: 'C0001' }, customer);
    expect(own.statusCode).toBe(200);
    expect(own.json().body.accounts[1]).toMatchObject({ balance: '50000.00' });
    await ledgerServiceFor(t.database.db).createCustomer({ tenantId: '1', cusCode: 'C0002', cusName: '另一家客户' });
    const other = await post(LP.accountInquiry, { cusCode: 'C0002' }, customer);
    expect([other.statusCode, other.json().status.replyText]).toEqual([404, LEDGER_MSG.customerNotFound]);
    expect((await post(LP.customerInfo, { cusCode: 'C0101' }, customer)).statusCode).toBe(404);
    expect((await post(LP.entryInquiry, { acctNo: settlement }, customer)).statusCode).toBe(404);
  });

  it('opens accounts with a check-digit number, once per type; replays answer the same account', async () => {
    const r = await post(LP.accountGenerate, { cusCode: 'C0102', acctType: 'fee', idempotencyKey: 'open-fee' });
    expect(r.statusCode).toBe(200);
    const acctNo = r.json().body.account.acctNo;
    expect(isValidAccountNo(acctNo)).toBe(true);
    expect((await post(LP.accountGenerate, { cusCode: 'C0102', acctType: 'fee', idempotencyKey: 'open-fee' })).json().body.account.acctNo).toBe(acctNo);
    const clash = await post(LP.accountGenerate, { cusCode: 'C0102', acctType: 'basic', idempotencyKey: 'open-fee' });
    expect(clash.statusCode).toBe(409);
    const dup = await post(LP.accountGenerate, { cusCode: 'C0102', acctType: 'fee', idempotencyKey: 'open-fee-2' });
    expect([dup.statusCode, dup.json().status.replyText]).toEqual([409, LEDGER_MSG.accountTypeExists]);
    const unknown = await post(LP.accountGenerate, { cusCode: 'C9999', acctType: 'fee', idempotencyKey: key() });
    expect(unknown.statusCode).toBe(404);
    const bind = await post(LP.bankCardBind, { cusCode: 'C0102', cardNo: '6222000011112222333', holderName: '杭州示例供应链有限公司' });
    expect(bind.statusCode).toBe(200);
    expect((await post(LP.bankCardBind, { cusCode: 'C0102', cardNo: '6222000011112222333', holderName: 'x' })).json().status.replyText).toBe(
      LEDGER_MSG.cardExists,
    );
  });
});
