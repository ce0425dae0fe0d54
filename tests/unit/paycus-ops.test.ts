// Pure rules of the 账户管理 forms (src/features/payCus/accountOps.ts): the client refuses what the
// server's schemas refuse with the same Chinese messages, an unfreeze stays within the chosen hold,
// and a form's idempotency key never lets one body be posted twice.
import { describe, expect, it } from 'vitest';
import { LEDGER_MSG, type HoldView } from '../../contract/api/ledger';
import { V } from '../../contract/validation';
import { FORM_MSG, FormKey, offersOp, opErrors, opFields, openHolds, outcomeOf } from '../../src/features/payCus/accountOps';

const ACCT = '6200000000000001';
const hold = (over: Partial<HoldView> = {}): HoldView => ({
  holdId: 'h1',
  acctNo: ACCT,
  amount: '30.00',
  remaining: '30.00',
  status: 'open',
  reason: '风控',
  createdAt: '2026-01-01T00:00:00Z',
  ...over,
});

describe('opErrors: the amount rule of §5 on every money form', () => {
  it.each(['0', '0.00', '1.001', '-5', 'abc', '', '01.00', '100000000.01'])('refuses %j with the amount message', (amount) => {
    for (const op of ['charge', 'freeze', 'withdraw', 'transfer'] as const) {
      const errors = opErrors(op, ACCT, { amount, reason: '原因', cardNo: '6222020200112233445', toAcctNo: '6200000000000002' });
      expect(errors.amount, `${op} ${amount}`).toBe(V.amount);
    }
  });
  it.each(['100.00', '0.5', '1', '99999999.99'])('accepts %j', (amount) => {
    expect(opErrors('charge', ACCT, { amount })).toEqual({});
  });
});

describe("opErrors: each form's own fields", () => {
  it('freeze and unfreeze need a reason, charge does not', () => {
    expect(opErrors('freeze', ACCT, { amount: '1.00' }).reason).toBe(LEDGER_MSG.reasonRequired);
    expect(opErrors('freeze', ACCT, { amount: '1.00', reason: '  ' }).reason).toBe(LEDGER_MSG.reasonRequired);
    expect(opErrors('unfreeze', ACCT, { holdId: 'h1', amount: '1.00' }, [hold()]).reason).toBe(LEDGER_MSG.reasonRequired);
    expect(opErrors('charge', ACCT, { amount: '1.00' })).toEqual({});
  });
  it('unfreeze: a hold must be chosen and the amount stays within its remaining amount', () => {
    expect(opErrors('unfreeze', ACCT, { amount: '1.00', reason: 'r' }, [hold()]).holdId).toBe(FORM_MSG.hold);
    expect(opErrors('unfreeze', ACCT, { holdId: 'h1', amount: '30.01', reason: 'r' }, [hold()]).amount).toBe(LEDGER_MSG.holdExceeded);
    expect(opErrors('unfreeze', ACCT, { holdId: 'h1', amount: '30.00', reason: 'r' }, [hold()])).toEqual({});
    expect(opErrors('unfreeze', ACCT, { holdId: 'h1', amount: '10.00', reason: 'r' }, [hold({ remaining: '5.00' })]).amount).toBe(LEDGER_MSG.holdExceeded);
    expect(opErrors('unfreeze', ACCT, { holdId: 'h1', amount: '1.00', reason: 'r' }, [hold({ status: 'released' })]).holdId).toBe(FORM_MSG.hold);
  });
  it('withdraw: a card must be chosen and follow the bank-card rule', () => {
    expect(opErrors('withdraw', ACCT, { amount: '1.00' }).cardNo).toBe(FORM_MSG.card);
    expect(opErrors('withdraw', ACCT, { amount: '1.00', cardNo: '0123456789' }).cardNo).toBe(V.bankCard);
    expect(opErrors('withdraw', ACCT, { amount: '1.00', cardNo: '6222020200112233445' })).toEqual({});
  });
  it('transfer: a target account other than the source', () => {
    expect(opErrors('transfer', ACCT, { amount: '1.00' }).toAcctNo).toBe(FORM_MSG.toAcctNo);
    expect(opErrors('transfer', ACCT, { amount: '1.00', toAcctNo: ` ${ACCT} ` }).toAcctNo).toBe(LEDGER_MSG.sameAccount);
    expect(opErrors('transfer', ACCT, { amount: '5.00', toAcctNo: '6200000000000002' })).toEqual({});
  });
  it('builds the call fields, trimmed, with the account under the name each call uses', () => {
    expect(opFields('transfer', ACCT, { amount: ' 5.00 ', toAcctNo: ' B ', reason: ' x ' })).toEqual({
      fromAcctNo: ACCT,
      toAcctNo: 'B',
      amount: '5.00',
      reason: 'x',
    });
    expect(opFields('unfreeze', ACCT, { holdId: 'h1', amount: '1', reason: 'r' })).toEqual({ holdId: 'h1', amount: '1', reason: 'r' });
    expect(opFields('withdraw', ACCT, { amount: '1', cardNo: '6222' })).toEqual({ acctNo: ACCT, amount: '1', cardNo: '6222', reason: '' });
  });
});

describe('offersOp and openHolds', () => {
  it('nothing on a closed account; 解冻 only with frozen funds', () => {
    expect(offersOp('charge', { status: 'closed', frozen: '0.00' })).toBe(false);
    expect(offersOp('charge', { status: 'normal', frozen: '0.00' })).toBe(true);
    expect(offersOp('unfreeze', { status: 'normal', frozen: '0.00' })).toBe(false);
    expect(offersOp('unfreeze', { status: 'frozen', frozen: '0.01' })).toBe(true);
  });
  it('only open holds with something left can be unfrozen', () => {
    const list = [hold(), hold({ holdId: 'h2', status: 'released' }), hold({ holdId: 'h3', remaining: '0.00' }), hold({ holdId: 'h4', status: 'captured' })];
    expect(openHolds(list).map((h) => h.holdId)).toEqual(['h1']);
  });
});

describe('FormKey: one key per body, never two posts of one body', () => {
  const keys = () => {
    let n = 0;
    return new FormKey(() => `k${++n}`);
  };
  it('a double click or a retry of the same body reuses the key, whatever happened', () => {
    const k = keys();
    const body = { acctNo: ACCT, amount: '1.00' };
    expect(k.for(body)).toBe('k1');
    expect(k.for({ ...body })).toBe('k1');
    k.settle('unknown');
    expect(k.for(body)).toBe('k1');
    k.settle('refused');
    expect(k.for(body)).toBe('k1');
  });
  it('a changed body after a definite refusal gets a fresh key; after an unknown outcome it does not', () => {
    const k = keys();
    k.for({ amount: '1.00' });
    k.settle('refused');
    expect(k.for({ amount: '2.00' })).toBe('k2');
    k.settle('unknown');
    // The first try may have been written: keep the key, the server refuses a different body under it (409).
    expect(k.for({ amount: '3.00' })).toBe('k2');
  });
  it('the next form after an accepted one gets a fresh key', () => {
    const k = keys();
    k.for({ amount: '1.00' });
    k.settle('accepted');
    expect(k.for({ amount: '1.00' })).toBe('k2');
  });
  it('outcomeOf: 4xx and business failures are refusals; no answer and 5xx are unknown', () => {
    expect(outcomeOf(200)).toBe('refused');
    expect(outcomeOf(400)).toBe('refused');
    expect(outcomeOf(409)).toBe('refused');
    expect(outcomeOf(undefined)).toBe('unknown');
    expect(outcomeOf(502)).toBe('unknown');
  });
});
