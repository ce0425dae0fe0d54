import { describe, expect, it } from 'vitest';
import { ACCOUNT_NO_RX, accountCheckDigits, isValidAccountNo, makeAccountNo, randomAccountBody } from '../../contract/accountNo';
import { MAX_AMOUNT_FEN, amountField, fenText, formatFen, formatYuanGrouped, parseYuan, yuanCell, yuanText, yuanTick, yuanToFen } from '../../contract/money';

describe('parseYuan (the §5 amount rule, in fen)', () => {
  it.each([
    ['1', 100n],
    ['0.01', 1n],
    ['0.1', 10n],
    ['0.5', 50n],
    ['12.3', 1230n],
    ['12.30', 1230n],
    ['10.99', 1099n],
    [' 7.05 ', 705n],
    ['100000000', MAX_AMOUNT_FEN],
    ['100000000.00', MAX_AMOUNT_FEN],
    ['99999999.99', MAX_AMOUNT_FEN - 1n],
  ])('accepts %j as %s fen', (s, fen) => expect(parseYuan(s)).toBe(fen));

  it.each([
    ['0'],
    ['0.0'],
    ['0.00'],
    ['-1'],
    ['-0.01'],
    ['1.234'],
    ['1.'],
    ['.5'],
    ['01'],
    ['00.5'],
    ['1e3'],
    ['1,000'],
    ['abc'],
    [''],
    [' '],
    ['100000000.01'],
    ['999999999999'],
    ['12345678901234567890'],
    ['+1'],
    ['1 000'],
    ['０.５'],
    ['NaN'],
    ['Infinity'],
  ])('refuses %j', (s) => expect(parseYuan(s)).toBeNull());

  it('refuses what is not a string (JSON numbers are not amounts)', () => {
    for (const v of [1, 0.1, 10n, null, undefined, {}, ['1']]) expect(parseYuan(v)).toBeNull();
  });

  it('never goes through floating point: 0.1 + 0.2 yuan is 30 fen exactly', () => {
    expect(parseYuan('0.1')! + parseYuan('0.2')!).toBe(30n);
    expect(parseYuan('19.99')! * 3n).toBe(5997n);
  });

  it('zod field answers the §5 message', () => {
    for (const bad of ['0', '-5', '1.001', 'x', 5]) {
      const r = amountField.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error!.issues[0].message).toBe('请输入正确的金额');
    }
    expect(amountField.parse(' 3.5 ')).toBe('3.5');
  });
});

describe('formatFen', () => {
  it.each([
    [0n, '0.00'],
    [1n, '0.01'],
    [10n, '0.10'],
    [100n, '1.00'],
    [123456n, '1234.56'],
    [-5n, '-0.05'],
    [-123456n, '-1234.56'],
    [MAX_AMOUNT_FEN, '100000000.00'],
    [123456789012345678901234567890n, '1234567890123456789012345678.90'],
  ])('%s fen → %s', (fen, s) => expect(formatFen(fen)).toBe(s));

  it('round-trips every positive amount it prints', () => {
    for (const fen of [1n, 99n, 100n, 101n, 999999n, MAX_AMOUNT_FEN]) expect(parseYuan(formatFen(fen))).toBe(fen);
  });

  it('groups thousands for display', () => {
    expect(formatYuanGrouped(123456789n)).toBe('1,234,567.89');
    expect(formatYuanGrouped(-100000n)).toBe('-1,000.00');
    expect(formatYuanGrouped(5n)).toBe('0.05');
  });
});

describe('account numbers (BS + 16 digits + ISO 7064 MOD 97-10 check digits)', () => {
  it('makes valid numbers of the fixed format', () => {
    for (let i = 0; i < 200; i++) {
      const no = makeAccountNo(randomAccountBody());
      expect(no).toMatch(ACCOUNT_NO_RX);
      expect(isValidAccountNo(no)).toBe(true);
    }
    expect(makeAccountNo('1234567890123456')).toBe('BS123456789012345611');
    expect(accountCheckDigits('1000000000000000')).toHaveLength(2);
  });

  it('catches every single-digit error and every adjacent swap', () => {
    const no = makeAccountNo('6222020200112233');
    const digits = no.slice(2);
    for (let i = 0; i < digits.length; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === digits[i]) continue;
        expect(isValidAccountNo(`BS${digits.slice(0, i)}${d}${digits.slice(i + 1)}`)).toBe(false);
      }
      if (i + 1 < digits.length && digits[i] !== digits[i + 1]) {
        expect(isValidAccountNo(`BS${digits.slice(0, i)}${digits[i + 1]}${digits[i]}${digits.slice(i + 2)}`)).toBe(false);
      }
    }
  });

  it('refuses other shapes', () => {
    for (const bad of ['', 'BS', 'bs123456789012345611', 'XX123456789012345611', 'BS12345678901234561', 'BS1234567890123456111'])
      expect(isValidAccountNo(bad)).toBe(false);
    expect(() => accountCheckDigits('12')).toThrow();
  });
});

describe('amounts as shown (yuanToFen, yuanText, fenText)', () => {
  it('reads signed wire amounts and grid cells into fen, zero included', () => {
    expect(yuanToFen('0.00')).toBe(0n);
    expect(yuanToFen('12.3')).toBe(1230n);
    expect(yuanToFen(' -0.1 ')).toBe(-10n);
    expect(yuanToFen(12.3)).toBe(1230n);
    for (const bad of ['1.005', '1.', '.5', 'abc', '', '1e3', '12345678901234567', null, undefined, {}]) expect(yuanToFen(bad)).toBeNull();
  });
  it('shows yuan with a sign, a ¥, thousands separators and two decimals', () => {
    expect(yuanText('1234567.5')).toBe('¥1,234,567.50');
    expect(yuanText('0.05')).toBe('¥0.05');
    expect(yuanText('-12.3')).toBe('-¥12.30');
    expect(yuanText('-0.00')).toBe('¥0.00');
    expect(yuanText('100000000.00')).toBe('¥100,000,000.00');
    expect(fenText(-1n)).toBe('-¥0.01');
  });
  it('shows text that is not an amount as it came, and nothing for none', () => {
    expect(yuanText('abc')).toBe('abc');
    expect(yuanText(null)).toBe('');
    expect(yuanText(undefined)).toBe('');
  });
});

describe('yuanTick (chart axes)', () => {
  it.each([
    [0, '0'],
    [5000, '5000'],
    [10_000, '1万'],
    [250_000, '25万'],
    [15_000, '1.5万'],
    [-20_000, '-2万'],
  ])('%d → %s', (v, text) => expect(yuanTick(v)).toBe(text));
});

describe('yuanCell (columns titled in 元)', () => {
  it.each([
    ['1234567.5', '1,234,567.50'],
    ['-1234.05', '-1,234.05'],
    ['0.00', '0.00'],
    [99.9, '99.90'],
    [null, '—'],
    [undefined, '—'],
    ['', '—'],
    ['未知', '未知'],
  ])('%s → %s', (v, text) => expect(yuanCell(v)).toBe(text));
});
