// Pure rules of the pay module: batch row validation (all-or-nothing, row numbers) and the
// distribution split (Σ = amount to the fen; remainder on the named account).
import { describe, expect, it } from 'vitest';
import { PAY_MSG, maskCard, maskMobile, shownMobile, validateBatchRows, type PayOrderKind } from '../../contract/api/pay';
import { ENTRY_KIND_TEXT } from '../../contract/api/ledger';
import { computeSplits } from '../../server/modules/pay/kinds';
import { nextOrderNo } from '../../server/modules/pay/store';

describe('validateBatchRows', () => {
  const row = { payeeName: '甲', payeeAcctNo: 'A1', amount: '1.00' };
  it('accepts good rows and totals them in fen', () => {
    const r = validateBatchRows([row, { payeeName: '乙', bankCardNo: '6222000011112222333', amount: 2.5 }]);
    expect(r.ok && r.totalFen).toBe(350n);
  });
  it.each([
    [{ ...row, amount: '0' }, '请输入正确的金额'],
    [{ ...row, amount: '1.001' }, '请输入正确的金额'],
    [{ ...row, payeeName: '' }, PAY_MSG.payeeName],
    [{ payeeName: '甲', amount: '1.00' }, PAY_MSG.payeeRequired],
    [{ ...row, bankCardNo: '6222000011112222333' }, PAY_MSG.payeeBoth],
    [{ payeeName: '甲', bankCardNo: '0123', amount: '1.00' }, '请输入正确的银行卡号!'],
  ])('refuses %j naming the row', (bad, message) => {
    const r = validateBatchRows([row, row, bad]);
    expect(r).toMatchObject({ ok: false, rowNo: 3, message: `第3行：${message}` });
  });
  it('bounds the batch', () => {
    expect(validateBatchRows([])).toMatchObject({ ok: false, message: PAY_MSG.rowsEmpty });
    expect(validateBatchRows(Array(10_001).fill(row))).toMatchObject({ ok: false, message: PAY_MSG.rowsTooMany });
  });
});

describe('computeSplits', () => {
  const sum = (s: { amountFen: string }[]) => s.reduce((a, x) => a + BigInt(x.amountFen), 0n);
  it('ratio: floors each share and gives the remainder to the named account', () => {
    const s = computeSplits(
      1000n,
      'ratio',
      [
        { acctNo: 'A', ratio: '33.33' },
        { acctNo: 'B', ratio: '33.33' },
        { acctNo: 'C', ratio: '33.34' },
      ],
      'B',
    );
    expect(s.map((x) => x.amountFen)).toEqual(['333', '334', '333']);
    expect(sum(s)).toBe(1000n);
  });
  it('ratio: a remainder account outside the receivers gets its own line', () => {
    const s = computeSplits(
      1n,
      'ratio',
      [
        { acctNo: 'A', ratio: '50' },
        { acctNo: 'B', ratio: '50' },
      ],
      'R',
    );
    expect(s).toContainEqual({ acctNo: 'R', amountFen: '1', ratioBp: null, remainder: true });
    expect(sum(s)).toBe(1n);
  });
  it('every random split sums to the amount', () => {
    for (let i = 0; i < 200; i++) {
      const amount = BigInt(1 + Math.floor(Math.random() * 1e7));
      const a = Math.floor(Math.random() * 9999) + 1;
      const s = computeSplits(
        amount,
        'ratio',
        [
          { acctNo: 'A', ratio: (a / 100).toFixed(2) },
          { acctNo: 'B', ratio: ((10000 - a) / 100).toFixed(2) },
        ],
        'A',
      );
      expect(sum(s)).toBe(amount);
    }
  });
  it('refuses ratios not summing to 100%, fixed amounts not summing to the total, duplicates', () => {
    expect(() => computeSplits(100n, 'ratio', [{ acctNo: 'A', ratio: '60' }], 'A')).toThrow(PAY_MSG.distRatioSum);
    expect(() => computeSplits(100n, 'ratio', [{ acctNo: 'A', ratio: '100' }])).toThrow(PAY_MSG.distRemainder);
    expect(() => computeSplits(100n, 'fixed', [{ acctNo: 'A', amount: '0.99' }])).toThrow(PAY_MSG.distFixedSum);
    expect(() =>
      computeSplits(100n, 'fixed', [
        { acctNo: 'A', amount: '0.50' },
        { acctNo: 'A', amount: '0.50' },
      ]),
    ).toThrow(PAY_MSG.distDuplicate);
  });
});

describe('masking', () => {
  it('masks cards and mobiles', () => {
    expect(maskCard('6222000011112222333')).toBe('6222***********2333');
    expect(maskMobile('13800000003')).toBe('138****0003');
  });
});

describe('entry kinds written by payment execution', () => {
  it('every pay_<order kind> entry has a Chinese label', () => {
    // A Record over PayOrderKind: adding an order kind without listing it here fails to compile.
    const kinds: Record<PayOrderKind, true> = { single: true, batch: true, adjust: true, distribution: true, refund: true };
    for (const k of [...Object.keys(kinds).map((x) => `pay_${x}`), 'pay_batch_row']) {
      expect(ENTRY_KIND_TEXT[k], k).toMatch(/^[\u4e00-\u9fa5]+$/);
    }
  });
});

describe('shownMobile', () => {
  it('masks the profile mobile until the session is decrypted', () => {
    const u = { mobile: '13800000003', mobileDesensitized: '138****0003' };
    expect(shownMobile(u, false)).toBe('138****0003');
    expect(shownMobile({ mobile: '13800000003' }, false)).toBe('138****0003');
    expect(shownMobile(u, true)).toBe('13800000003');
    expect(shownMobile(null, true)).toBe('');
  });
});

describe('nextOrderNo', () => {
  const conn = { query: async <T>() => [{ n: '42' }] as T[] };
  it("dates the number with China's day, also in China's early hours (UTC's yesterday)", async () => {
    // 2026-11-26 17:30 UTC is 2026-11-27 01:30 in China.
    expect(await nextOrderNo(conn, 'PO', new Date('2026-11-26T17:30:00Z'))).toBe('PO2026112700000042');
    expect(await nextOrderNo(conn, 'PO', new Date('2026-11-26T15:59:59Z'))).toBe('PO2026112600000042');
  });
});
