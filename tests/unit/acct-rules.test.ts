// The acct pages' pure rules: money shown as '¥1,234.50', the refund headroom of an original payment
// (paid − succeeded refunds − refunds in approval), the client checks that mirror the server's
// bounds with the server's own messages, account numbers, and the page and menu registration.
import { describe, expect, it } from 'vitest';
import { LEDGER_MSG } from '@contract/api/ledger';
import { PAY_MSG, type PayOrderView } from '@contract/api/pay';
import { makeAccountNo } from '@contract/accountNo';
import { ACCT_PAGES, ACCT_PATHS } from '@contract/pages/acct';
import { V } from '@contract/validation';
import {
  accountNoCheckText,
  adjustAmountError,
  groupAccountNo,
  invoiceAmountError,
  isRefundableKind,
  refundAmountError,
  refundHeadroom,
} from '@/features/acct/acctRules';
import { acctPages } from '@/features/acct/pages';
import { ACCT_MENU } from '../../server/menus/acct';

const orig = { orderId: 'o1', amount: '100.00', refundedAmount: '30.00' };
const refund = (status: PayOrderView['status'], amount: string, origOrderId = 'o1') => ({ origOrderId, status, amount });

describe('refund headroom', () => {
  it('takes off succeeded refunds and the ones still in approval or executing, not rejected or cancelled ones', () => {
    const h = refundHeadroom(orig, [
      refund('pending', '20.00'),
      refund('approved', '5.00'),
      refund('executing', '1.00'),
      refund('rejected', '50.00'),
      refund('cancelled', '50.00'),
      refund('pending', '9.00', 'other'),
    ]);
    expect(h).toEqual({ paidFen: 10000n, refundedFen: 3000n, inFlightFen: 2600n, refundableFen: 4400n });
  });
  it('never goes below zero', () => {
    expect(refundHeadroom(orig, [refund('pending', '80.00')]).refundableFen).toBe(0n);
  });
  it('bounds the amount with the server message, and keeps the §5 amount rule', () => {
    expect(refundAmountError('44.00', 4400n)).toBeNull();
    expect(refundAmountError('44.01', 4400n)).toBe(PAY_MSG.refundExceeded('44.00'));
    expect(refundAmountError('0', 4400n)).toBe(V.amount);
    expect(refundAmountError('1.005', 4400n)).toBe(V.amount);
    expect(refundAmountError('999', null)).toBeNull();
  });
  it('offers only succeeded single payments to a platform account', () => {
    expect(isRefundableKind({ kind: 'single', status: 'succeeded', payeeAcctNo: 'BS1' })).toBe(true);
    expect(isRefundableKind({ kind: 'single', status: 'succeeded', payeeAcctNo: null })).toBe(false);
    expect(isRefundableKind({ kind: 'batch', status: 'succeeded', payeeAcctNo: 'BS1' })).toBe(false);
    expect(isRefundableKind({ kind: 'single', status: 'pending', payeeAcctNo: 'BS1' })).toBe(false);
  });
});

describe('invoice and adjust bounds', () => {
  it('an invoice never exceeds what may still be invoiced', () => {
    expect(invoiceAmountError('50.00', '50.00')).toBeNull();
    expect(invoiceAmountError('50.01', '50.00')).toBe(PAY_MSG.invoiceExceeded('50.00'));
    expect(invoiceAmountError('1.00', '0.00')).toBe(PAY_MSG.invoiceExceeded('0.00'));
    expect(invoiceAmountError('', '50.00')).toBe(V.amount);
    expect(invoiceAmountError('9.00', null)).toBeNull();
  });
  it('a debit (调减) is bounded by the available balance, a credit (调增) is not', () => {
    expect(adjustAmountError('debit', '10.01', '10.00')).toBe(LEDGER_MSG.insufficient);
    expect(adjustAmountError('debit', '10.00', '10.00')).toBeNull();
    expect(adjustAmountError('credit', '99999.00', '10.00')).toBeNull();
    expect(adjustAmountError('credit', '-1', '10.00')).toBe(V.amount);
    expect(adjustAmountError('debit', '1.00', undefined)).toBeNull();
  });
});

describe('account numbers', () => {
  it('groups the digits and checks the MOD 97-10 check digits', () => {
    const no = makeAccountNo('1234567890123456');
    expect(no).toMatch(/^BS\d{18}$/);
    expect(groupAccountNo(no)).toBe(`BS 1234 5678 9012 3456 ${no.slice(-2)}`);
    expect(accountNoCheckText(no)).toBe('校验位正确（MOD 97-10）');
    const typo = `${no.slice(0, 5)}${(Number(no[5]) + 1) % 10}${no.slice(6)}`;
    expect(accountNoCheckText(typo)).toBe('校验位错误');
  });
});

describe('registration', () => {
  it('every acct page key has a page module and a menu row at its path', () => {
    expect(Object.keys(acctPages).sort()).toEqual([...ACCT_PAGES].sort());
    const pages = ACCT_MENU.filter((m) => m.type === '1');
    expect(pages.map((m) => m.component).sort()).toEqual([...ACCT_PAGES].sort());
    for (const m of pages) {
      expect(m.parentId).toBe('m-acct');
      expect(Object.values(ACCT_PATHS)).toContain(m.path);
    }
  });
  it('makers apply; checkers see and issue invoices', () => {
    const grant = (c: string) => ACCT_MENU.find((m) => m.component === c)?.grant;
    expect(grant('acct/Adjust')).toEqual(['operator']);
    expect(grant('acct/InvoiceMake')).toEqual(['operator', 'approver']);
  });
});
