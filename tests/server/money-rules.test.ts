// Data rules on the money pages (issue 13 §3): a rule of a payment-order page (付款订单, 待我审批,
// 分账审核, 调账/退款) narrows every read of orders by the roles holding it (list, count, badge,
// detail: 404 outside) and the decisions on them (reject, approve, cancel: 404 outside); a rule of
// 账户管理 narrows the account list and count, the account look-ups (AccountInquiry, entries, holds,
// customer detail) with 404 on another account, and every account write of the ledger calls (freeze,
// unfreeze, charge, withdraw, the debited side of a transfer, card binding: 404; opening an account
// the rule would not show: 403), nothing written. A maker held to a rule of the order pages cannot
// create or edit an order that, as stored, falls outside it (single, batch, adjust, refund,
// distribution, edit: 403, nothing written). A rule naming a column these pages do not declare is
// refused when saved. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIST_PATH, LEDGER_MSG, LEDGER_PATHS, type AccountListRow } from '../../contract/api/ledger';
import { DATA_RULE_MSG, DATA_RULE_P } from '../../contract/api/dataRules';
import { PAY_MSG, PAY_PATHS, type PayOrderView } from '../../contract/api/pay';
import { RBAC, type DataRuleRecord } from '../../contract/api/rbac';
import { BACKENDS, call } from './helpers';
import { approve, key, payKit, settle, submitSingle, type PayKit } from './payKit';

const ORDER_MENU = 'm-paycus-order';
const ACCOUNT_MENU = 'm-paycus-account';
const LIST = { column: 'createTime', order: 'desc', pageNo: '1', pageSize: '100' };

describe.each(BACKENDS)('data rules on orders and accounts on %s', (backend) => {
  let k: PayKit;
  const sys = (method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string>, who: keyof PayKit['tok'] = 'admin') =>
    call(k.t.app, method, path, body, { token: k.tok[who], query, signed: method === 'POST' });
  async function rule(permissionId: string, ruleColumn: string, ruleConditions: string, ruleValue: string) {
    return sys('POST', RBAC.ruleAdd, { permissionId, ruleName: `${ruleColumn} ${ruleConditions} ${ruleValue}`, ruleColumn, ruleConditions, ruleValue });
  }
  async function hold(roleId: string, permissionId: string, ruleIds: string[]) {
    const res = await sys('POST', DATA_RULE_P.roleDataRule, { roleId, permissionId, dataRuleIds: ruleIds.join(',') });
    expect(res.statusCode, res.body).toBe(200);
  }
  async function added(permissionId: string, column: string, op: string, value: string): Promise<DataRuleRecord> {
    const res = await rule(permissionId, column, op, value);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as DataRuleRecord;
  }
  async function orders(who: keyof PayKit['tok'], filter: Record<string, unknown> = {}) {
    const r = await k.post(PAY_PATHS.orderInquiry, { ...filter, page: { pageNum: 1, pageSize: 100 } }, who);
    expect(r.code, JSON.stringify(r.json)).toBe(200);
    return {
      ids: (r.json.body.listData as PayOrderView[]).map((o) => o.orderId),
      rows: r.json.body.listData as PayOrderView[],
      count: r.json.body.page.count as number,
    };
  }
  const detail = async (who: keyof PayKit['tok'], orderId: string) => (await k.post(PAY_PATHS.orderDetail, { orderId }, who)).code;
  /** Row counts of every table a money write touches, and the money held, to show a refused write left nothing. */
  async function written(): Promise<Record<string, string>> {
    await settle(k);
    const tables = ['journal_entries', 'postings', 'holds', 'channel_orders', 'bank_cards', 'accounts', 'pay_orders', 'pay_batch_rows', 'pay_order_events'];
    const [row] = await k.t.sql<Record<string, string>>(
      `SELECT ${tables.map((t) => `(SELECT count(*) FROM ${t})::text AS ${t}`).join(', ')}, (SELECT sum(frozen) FROM accounts)::text AS frozen`,
    );
    return row;
  }

  let c1: { orderId: string; version: number };
  let c2: { orderId: string; version: number };
  let byAdmin: { orderId: string; version: number };

  beforeAll(async () => {
    k = await payKit(backend);
    c1 = await submitSingle(k, { from: k.acct.a1s, to: k.acct.b1, amount: '1.00' });
    c2 = await submitSingle(k, { from: k.acct.b1s, to: k.acct.a1, amount: '2.00' });
    byAdmin = await submitSingle(k, { from: k.acct.b1s, to: k.acct.a1, amount: '3.00' }, 'admin');
  }, 180_000);
  afterAll(async () => k?.close());

  it('a rule naming a column the money pages do not declare is refused when saved; declared columns are taken', async () => {
    for (const menu of [ORDER_MENU, 'm-approve-list', 'm-merchant-audit', 'm-acct-adjust', 'm-acct-refund', ACCOUNT_MENU]) {
      const bad = await rule(menu, 'password_hash', '=', 'x');
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().message).toMatch(/^规则字段"password_hash"不可用，可用字段：/);
    }
    const notNumber = await rule(ORDER_MENU, 'amount', '>', 'abc');
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().message).toBe(DATA_RULE_MSG.valueNotNumber('amount'));
    for (const [menu, column] of [
      ['m-acct-refund', 'from_cus_code'],
      ['m-merchant-audit', 'createBy'],
      [ACCOUNT_MENU, 'acctType'],
    ])
      expect((await rule(menu, column, '=', 'x')).statusCode).toBe(200);
  });

  it('an approver held to C0101 on 付款订单 sees, counts, opens and decides only C0101 orders, on every order page', async () => {
    const before = await orders('approver');
    expect(before.ids).toEqual(expect.arrayContaining([c1.orderId, c2.orderId, byAdmin.orderId]));
    const c0101 = await added(ORDER_MENU, 'cusCode', '=', 'C0101');
    await hold('r-approver', ORDER_MENU, [c0101.id]);

    const after = await orders('approver');
    expect(after.ids).toContain(c1.orderId);
    expect(after.ids).not.toContain(c2.orderId);
    expect(after.ids).not.toContain(byAdmin.orderId);
    expect(after.rows.every((o) => o.fromCusCode === 'C0101')).toBe(true);
    expect(after.count).toBe(after.ids.length);
    // A filter reaching past the rule finds nothing; 待我审批 and its badge are narrowed the same.
    const past = await orders('approver', { cusCode: 'C0102' });
    expect(past.ids).not.toContain(c2.orderId);
    expect(past.rows.every((o) => o.fromCusCode === 'C0101')).toBe(true);
    const pending = await orders('approver', { pendingForMe: true });
    expect(pending.ids).toContain(c1.orderId);
    expect(pending.ids).not.toContain(c2.orderId);
    const badge = await call(k.t.app, 'GET', PAY_PATHS.pendingCount, undefined, { token: k.tok.approver });
    expect(badge.json().body.count).toBe(pending.count);

    expect(await detail('approver', c1.orderId)).toBe(200);
    expect(await detail('approver', c2.orderId)).toBe(404);
    expect(await detail('approver', byAdmin.orderId)).toBe(404);

    // Decisions outside the rule: 404, the order untouched; inside: as before.
    const reject = await k.post(PAY_PATHS.auditReject, { orderIds: [c2.orderId], reason: '越权' }, 'approver');
    expect(reject.code).toBe(404);
    const pass = await approve(k, byAdmin.orderId, byAdmin.version);
    expect(pass.code).toBe(404);
    const [{ status }] = await k.t.sql<{ status: string }>('SELECT status FROM pay_orders WHERE id = $1', [c2.orderId]);
    expect(status).toBe('pending');
    expect((await approve(k, c1.orderId, c1.version)).code).toBe(200);

    // The administrator holds no rule: everything.
    expect((await orders('admin')).ids).toEqual(expect.arrayContaining([c2.orderId, byAdmin.orderId]));
    await hold('r-approver', ORDER_MENU, []);
    expect((await orders('approver')).ids).toContain(c2.orderId);
  });

  it("an operator held to their own orders (createBy = #{sys_user_code}) neither sees nor cancels another maker's", async () => {
    const own = await added(ORDER_MENU, 'createBy', '=', '#{sys_user_code}');
    const small = await added(ORDER_MENU, 'amount', '<=', '2');
    // Made before the rule: once held, the operator could not make it (see the last case).
    const big = await submitSingle(k, { from: k.acct.a1s, to: k.acct.b1, amount: '5.00' });
    await hold('r-operator', ORDER_MENU, [own.id, small.id]);
    const seen = await orders('operator');
    expect(seen.ids).toEqual(expect.arrayContaining([c2.orderId]));
    expect(seen.ids).not.toContain(byAdmin.orderId);
    expect(seen.rows.every((o) => o.makerName === seen.rows[0].makerName && Number(o.amount) <= 2)).toBe(true);
    expect(seen.count).toBe(seen.ids.length);
    expect(await detail('operator', byAdmin.orderId)).toBe(404);
    expect(await detail('operator', big.orderId)).toBe(404);
    expect((await k.post(PAY_PATHS.orderCancel, { orderId: big.orderId, reason: '撤销' })).code).toBe(404);
    expect((await k.post(PAY_PATHS.orderCancel, { orderId: c2.orderId, reason: '撤销' })).code).toBe(200);
    await hold('r-operator', ORDER_MENU, []);
  });

  it('an approver held to C0101 on 账户管理 lists, counts and looks up only C0101 accounts, 404 on another', async () => {
    const listed = async () => {
      const res = await sys('GET', ACCOUNT_LIST_PATH, undefined, LIST, 'approver');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().result as { records: AccountListRow[]; total: number };
    };
    expect((await listed()).records.map((r) => r.cusCode)).toContain('C0102');
    const c0101 = await added(ACCOUNT_MENU, 'cus_code', '=', 'C0101');
    await hold('r-approver', ACCOUNT_MENU, [c0101.id]);

    const page = await listed();
    expect(page.records.length).toBeGreaterThan(0);
    expect(page.records.every((r) => r.cusCode === 'C0101')).toBe(true);
    expect(page.total).toBe(page.records.length);
    const filtered = await sys('GET', ACCOUNT_LIST_PATH, undefined, { ...LIST, cusCode: 'C0102' }, 'approver');
    expect(filtered.json().result.total).toBe(0);

    const inquiry = await k.post(LEDGER_PATHS.accountInquiry, { cusCode: 'C0102' }, 'approver');
    expect(inquiry.code).toBe(200);
    expect(inquiry.json.body.listData).toEqual([]);
    expect((await k.post(LEDGER_PATHS.accountInquiry, { cusCode: 'C0101' }, 'approver')).json.body.listData.length).toBeGreaterThan(0);
    expect((await k.post(LEDGER_PATHS.entryInquiry, { acctNo: k.acct.b1 }, 'approver')).code).toBe(404);
    expect((await k.post(LEDGER_PATHS.holdInquiry, { acctNo: k.acct.b1s }, 'approver')).code).toBe(404);
    expect((await k.post(LEDGER_PATHS.entryInquiry, { acctNo: k.acct.a1 }, 'approver')).code).toBe(200);
    const info = await k.post(LEDGER_PATHS.customerInfo, { cusCode: 'C0102' }, 'approver');
    expect(info.code).toBe(200);
    expect(info.json.body.accounts).toEqual([]);

    // Others are not narrowed.
    const all = await sys('GET', ACCOUNT_LIST_PATH, undefined, LIST, 'admin');
    expect((all.json().result.records as AccountListRow[]).some((r) => r.cusCode === 'C0102')).toBe(true);
  });

  it('an operator held to C0101 on 账户管理 freezes, releases, charges, withdraws, transfers from and binds cards only on C0101 accounts', async () => {
    const c0101 = await added(ACCOUNT_MENU, 'cus_code', '=', 'C0101');
    const other = await k.post(LEDGER_PATHS.freeze, { acctNo: k.acct.b1s, amount: '1.00', reason: '他人冻结', idempotencyKey: key() }, 'admin');
    expect(other.code, JSON.stringify(other.json)).toBe(200);
    await hold('r-operator', ACCOUNT_MENU, [c0101.id]);

    const before = await written();
    const refused: [string, Record<string, unknown>, string][] = [
      [LEDGER_PATHS.freeze, { acctNo: k.acct.b1s, amount: '1.00', reason: '越权冻结', idempotencyKey: key() }, LEDGER_MSG.accountNotFound],
      [LEDGER_PATHS.unfreeze, { holdId: other.json.body.holdId, reason: '越权解冻', idempotencyKey: key() }, LEDGER_MSG.holdNotFound],
      [LEDGER_PATHS.charge, { acctNo: k.acct.b1, amount: '1.00', reason: '越权充值', idempotencyKey: key() }, LEDGER_MSG.accountNotFound],
      [
        LEDGER_PATHS.withdraw,
        { acctNo: k.acct.b1s, amount: '1.00', cardNo: '6228480010009876543', reason: '越权提现', idempotencyKey: key() },
        LEDGER_MSG.accountNotFound,
      ],
      [
        LEDGER_PATHS.transfer,
        { fromAcctNo: k.acct.b1s, toAcctNo: k.acct.a1, amount: '1.00', reason: '越权转账', idempotencyKey: key() },
        LEDGER_MSG.accountNotFound,
      ],
      [LEDGER_PATHS.bankCardBind, { cusCode: 'C0102', cardNo: '6228480010001111111', holderName: '乙', bankName: '中国农业银行' }, LEDGER_MSG.customerNotFound],
    ];
    for (const [path, body, message] of refused) {
      const r = await k.post(path, body);
      expect(r.code, `${path} ${JSON.stringify(r.json)}`).toBe(404);
      expect(r.json.status.errorMsg).toBe(message);
    }
    // Opening an account the rule would not show: refused before commit.
    const open = await k.post(LEDGER_PATHS.accountGenerate, { cusCode: 'C0102', acctType: 'fee', idempotencyKey: key() });
    expect(open.code, JSON.stringify(open.json)).toBe(403);
    expect(open.json.status.errorMsg).toBe(LEDGER_MSG.outsideScope);
    expect(await written()).toEqual(before);

    // Inside the rule, as before; a transfer may credit an account outside it.
    const own = await k.post(LEDGER_PATHS.freeze, { acctNo: k.acct.a1s, amount: '1.00', reason: '冻结', idempotencyKey: key() });
    expect(own.code, JSON.stringify(own.json)).toBe(200);
    expect((await k.post(LEDGER_PATHS.unfreeze, { holdId: own.json.body.holdId, reason: '解冻', idempotencyKey: key() })).code).toBe(200);
    const out = await k.post(LEDGER_PATHS.transfer, { fromAcctNo: k.acct.a1s, toAcctNo: k.acct.b1, amount: '0.01', reason: '转账', idempotencyKey: key() });
    expect(out.code, JSON.stringify(out.json)).toBe(200);
    expect((await k.post(LEDGER_PATHS.charge, { acctNo: k.acct.a1, amount: '1.00', reason: '充值', idempotencyKey: key() })).code).toBe(200);
    const bind = await k.post(LEDGER_PATHS.bankCardBind, { cusCode: 'C0101', cardNo: '6217000010002222222', holderName: '甲', bankName: '中国银行' });
    expect(bind.code, JSON.stringify(bind.json)).toBe(200);
    await hold('r-operator', ACCOUNT_MENU, []);
  });

  it('a maker held to C0101 on the order pages cannot create or edit an order outside it (403, nothing written)', async () => {
    // A succeeded C0101 → C0102 payment to refund: its refund is paid by C0102, outside the rule.
    const orig = await submitSingle(k, { from: k.acct.a1s, to: k.acct.b1, amount: '1.00' });
    expect((await approve(k, orig.orderId, orig.version)).code).toBe(200);
    await settle(k);
    const mine = await submitSingle(k, { from: k.acct.a1s, to: k.acct.b1, amount: '1.00' });
    const c0101 = await added('m-acct-adjust', 'cusCode', '=', 'C0101');
    await hold('r-operator', 'm-acct-adjust', [c0101.id]);

    const before = await written();
    const refused: [string, Record<string, unknown>, string][] = [
      [PAY_PATHS.orderSubmit, { fromAcctNo: k.acct.b1s, payeeName: '甲', payeeAcctNo: k.acct.a1, amount: '1.00', idempotencyKey: key() }, PAY_MSG.outsideScope],
      [
        PAY_PATHS.orderSubmit,
        { fromAcctNo: k.acct.b1s, payeeName: '甲', payeeAcctNo: k.acct.a1, amount: '1.00', draft: true, idempotencyKey: key() },
        PAY_MSG.outsideScope,
      ],
      [
        PAY_PATHS.batchSubmit,
        { fromAcctNo: k.acct.b1s, rows: [{ payeeName: '甲', payeeAcctNo: k.acct.a1, amount: '1.00' }], idempotencyKey: key() },
        PAY_MSG.outsideScope,
      ],
      [PAY_PATHS.adjustApply, { acctNo: k.acct.b1, direction: 'credit', amount: '1.00', reason: '越权调账', idempotencyKey: key() }, PAY_MSG.outsideScope],
      [PAY_PATHS.refundApply, { origOrderId: orig.orderId, amount: '1.00', reason: '越权退款', idempotencyKey: key() }, PAY_MSG.outsideScope],
      [
        PAY_PATHS.distributionApply,
        { fromAcctNo: k.acct.b1s, amount: '1.00', mode: 'fixed', receivers: [{ acctNo: k.acct.a1, amount: '1.00' }], idempotencyKey: key() },
        PAY_MSG.outsideScope,
      ],
      [
        PAY_PATHS.orderEdit,
        { orderId: mine.orderId, version: mine.version, patch: { fromAcctNo: k.acct.b1s, payeeAcctNo: k.acct.a1 } },
        PAY_MSG.editedOutsideScope,
      ],
    ];
    for (const [path, body, message] of refused) {
      const r = await k.post(path, body);
      expect(r.code, `${path} ${JSON.stringify(r.json)}`).toBe(403);
      expect(r.json.status.errorMsg).toBe(message);
    }
    expect(await written()).toEqual(before);
    const [kept] = await k.t.sql<{ version: number; from_acct_no: string }>('SELECT version, from_acct_no FROM pay_orders WHERE id = $1', [mine.orderId]);
    expect(kept).toEqual({ version: mine.version, from_acct_no: k.acct.a1s });

    // Inside the rule, as before.
    const edit = await k.post(PAY_PATHS.orderEdit, { orderId: mine.orderId, version: mine.version, patch: { amount: '0.50' } });
    expect(edit.code, JSON.stringify(edit.json)).toBe(200);
    const adjust = await k.post(PAY_PATHS.adjustApply, { acctNo: k.acct.a1, direction: 'credit', amount: '1.00', reason: '调账', idempotencyKey: key() });
    expect(adjust.code, JSON.stringify(adjust.json)).toBe(200);
    await hold('r-operator', 'm-acct-adjust', []);
  });
});
