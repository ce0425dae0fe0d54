// merchantPlatform pure rules: the contract's distribution split (ratio floors + a named remainder
// account, fixed sums), the whole-form check in the server's words, the form → call mapping, the
// live preview (fen-exact, remainder line), amounts as shown and the entry's account.
import { describe, expect, it } from 'vitest';
import { checkDistribution, splitDistribution } from '@contract/api/merchant';
import { PAY_MSG } from '@contract/api/pay';
import { formatDateTime } from '@contract/time';
import { V } from '@contract/validation';
import type { GridRow } from '@/components/grid/gridTypes';
import { validateRows } from '@/components/grid/gridRules';
import {
  customerStatusTag,
  disabledBy,
  distributionError,
  distributionInput,
  entryAccount,
  previewSplit,
  receiverColumns,
  remainderOptions,
} from '@/features/merchant/rules';

const rows = (...r: Partial<GridRow>[]): GridRow[] => r.map((x, i) => ({ id: `r${i}`, ...x }));
const base = { fromAcctNo: 'P', amount: '100.01', mode: 'ratio' as const, remainderAcctNo: 'C', remark: '' };
const three = rows({ acctNo: 'A', ratio: '33.33' }, { acctNo: 'B', ratio: '33.33' }, { acctNo: 'C', ratio: '33.34' });

describe('splitDistribution (contract, shared with the server)', () => {
  it('100.01 by 33.33/33.33/33.34: floors, the remainder fen to the named receiver, Σ = amount', () => {
    const r = splitDistribution(
      10001n,
      'ratio',
      [
        { acctNo: 'A', ratio: '33.33' },
        { acctNo: 'B', ratio: '33.33' },
        { acctNo: 'C', ratio: '33.34' },
      ],
      'C',
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // 10001 × 0.3333 = 3333.33 → 3333; × 0.3334 = 3334.33 → 3334; left 1 fen → C.
    expect(r.splits.map((s) => [s.acctNo, s.amountFen, s.remainder])).toEqual([
      ['A', 3333n, false],
      ['B', 3333n, false],
      ['C', 3335n, true],
    ]);
    expect(r.remainderFen).toBe(1n);
    expect(r.splits.reduce((a, s) => a + s.amountFen, 0n)).toBe(10001n);
  });
  it('a remainder account outside the receivers gets its own line; none when nothing is left', () => {
    const r = splitDistribution(
      101n,
      'ratio',
      [
        { acctNo: 'A', ratio: '50' },
        { acctNo: 'B', ratio: '50' },
      ],
      'R',
    );
    expect(r.ok && r.splits.at(-1)).toEqual({ acctNo: 'R', amountFen: 1n, ratioBp: null, remainder: true });
    const even = splitDistribution(
      100n,
      'ratio',
      [
        { acctNo: 'A', ratio: '50' },
        { acctNo: 'B', ratio: '50' },
      ],
      'R',
    );
    expect(even.ok && even.splits.length).toBe(2);
  });
  it('any amount and any two ratios sum exactly', () => {
    for (let i = 0; i < 300; i++) {
      const amount = BigInt(1 + Math.floor(Math.random() * 1e9));
      const a = 1 + Math.floor(Math.random() * 9998);
      const r = splitDistribution(
        amount,
        'ratio',
        [
          { acctNo: 'A', ratio: (a / 100).toFixed(2) },
          { acctNo: 'B', ratio: ((10000 - a) / 100).toFixed(2) },
        ],
        'B',
      );
      expect(r.ok && r.splits.reduce((s, x) => s + x.amountFen, 0n)).toBe(amount);
    }
  });
  it("refuses with the server's messages", () => {
    const bad = (r: ReturnType<typeof splitDistribution>) => (r.ok ? null : r.message);
    expect(bad(splitDistribution(100n, 'ratio', [{ acctNo: 'A', ratio: '60' }], 'A'))).toBe(PAY_MSG.distRatioSum);
    expect(bad(splitDistribution(100n, 'ratio', [{ acctNo: 'A', ratio: '100' }]))).toBe(PAY_MSG.distRemainder);
    expect(bad(splitDistribution(100n, 'ratio', [{ acctNo: 'A', ratio: '33.333' }], 'A'))).toBe(PAY_MSG.distRatio);
    expect(bad(splitDistribution(100n, 'ratio', [{ acctNo: 'A', ratio: '0' }], 'A'))).toBe(PAY_MSG.distRatio);
    expect(bad(splitDistribution(100n, 'fixed', [{ acctNo: 'A', amount: '0.99' }]))).toBe(PAY_MSG.distFixedSum);
    expect(
      bad(
        splitDistribution(100n, 'fixed', [
          { acctNo: 'A', amount: '0.50' },
          { acctNo: 'B', amount: '-1' },
        ]),
      ),
    ).toBe(`第2个接收方：${V.amount}`);
    expect(
      bad(
        splitDistribution(100n, 'fixed', [
          { acctNo: 'A', amount: '0.50' },
          { acctNo: 'A', amount: '0.50' },
        ]),
      ),
    ).toBe(PAY_MSG.distDuplicate);
  });
  it('checkDistribution: the payload schema, the split, and the payer never a receiver', () => {
    expect(checkDistribution({ ...base, receivers: [] })).toEqual({ ok: false, message: PAY_MSG.distReceivers });
    expect(checkDistribution({ ...base, amount: '1.234', receivers: [{ acctNo: 'A', ratio: '100' }] })).toEqual({ ok: false, message: V.amount });
    expect(
      checkDistribution({
        ...base,
        remainderAcctNo: 'A',
        receivers: [
          { acctNo: 'A', ratio: '50' },
          { acctNo: 'P', ratio: '50' },
        ],
      }),
    ).toEqual({ ok: false, message: PAY_MSG.payeeSelf });
    expect(checkDistribution({ ...base, remainderAcctNo: 'A', receivers: [{ acctNo: 'A', ratio: '100' }] }).ok).toBe(true);
  });
});

describe('the distribution form', () => {
  it("maps the form to the call: blank rows dropped, only the mode's field, no remainder in fixed mode", () => {
    const input = distributionInput({ ...base, mode: 'fixed' }, rows({ acctNo: ' A ', ratio: '50', amount: '100.01' }, { acctNo: '', ratio: '', amount: '' }));
    expect(input).toEqual({
      fromAcctNo: 'P',
      amount: '100.01',
      mode: 'fixed',
      receivers: [{ acctNo: 'A', amount: '100.01' }],
      remainderAcctNo: undefined,
      remark: '',
    });
    expect(distributionInput(base, three).receivers[2]).toEqual({ acctNo: 'C', ratio: '33.34' });
  });
  it('previews the split in fen-exact yuan with the remainder line', () => {
    const p = previewSplit(distributionInput(base, three));
    expect(p.message).toBeNull();
    expect(p.lines.map((l) => [l.acctNo, l.ratioText, l.amountText, l.remainder])).toEqual([
      ['A', '33.33%', '¥33.33', false],
      ['B', '33.33%', '¥33.33', false],
      ['C', '33.34%', '¥33.35', true],
    ]);
    expect([p.totalText, p.remainderText, p.remainderAcctNo]).toEqual(['¥100.01', '¥0.01', 'C']);
  });
  it('shows the shares before the remainder account is chosen, and says it is missing', () => {
    const p = previewSplit(distributionInput({ ...base, remainderAcctNo: undefined }, three));
    expect(p.message).toBe(PAY_MSG.distRemainder);
    expect(p.lines.at(-1)).toMatchObject({ acctNo: '（未选择尾差入账账户）', amountText: '¥0.01', remainder: true });
    expect(p.totalText).toBe('¥100.01');
  });
  it("says what is still wrong in the server's words", () => {
    expect(previewSplit(distributionInput({ ...base, amount: '' }, three)).message).toBe('请输入分账总金额');
    expect(previewSplit(distributionInput({ ...base, amount: '0' }, three)).message).toBe(V.amount);
    expect(previewSplit(distributionInput(base, rows({ acctNo: 'A', ratio: '40' }, { acctNo: 'C', ratio: '40' }))).message).toBe(PAY_MSG.distRatioSum);
    expect(previewSplit(distributionInput(base, [])).message).toBe(PAY_MSG.distReceivers);
    expect(distributionError(distributionInput({ ...base, fromAcctNo: undefined }, three))).toBe('请选择付款账户');
    expect(distributionError(distributionInput({ ...base, fromAcctNo: 'A' }, three))).toBe(PAY_MSG.payeeSelf);
    expect(distributionError(distributionInput(base, three))).toBeNull();
  });
  it('grid columns per mode check ratios, amounts and duplicate accounts', () => {
    const ratioErrors = validateRows(receiverColumns('ratio'), rows({ acctNo: 'A', ratio: '33.333' }, { acctNo: 'A', ratio: '20' }));
    expect(ratioErrors.map((e) => e.message)).toEqual(expect.arrayContaining([PAY_MSG.distRatio, PAY_MSG.distDuplicate]));
    const fixedErrors = validateRows(receiverColumns('fixed'), rows({ acctNo: 'A', amount: '1.001' }, { acctNo: 'B', amount: '2' }));
    expect(fixedErrors.map((e) => [e.rowNo, e.message])).toEqual([[1, V.amount]]);
  });
  it('offers the entered receivers, once each, as remainder accounts', () => {
    expect(remainderOptions(rows({ acctNo: 'A' }, { acctNo: ' B ' }, { acctNo: 'A' }, { acctNo: '' })).map((o) => o.value)).toEqual(['A', 'B']);
  });
});

describe('display', () => {
  it('customer status tags and the account an entry moved', () => {
    expect(customerStatusTag('enabled')).toEqual({ text: '启用', color: 'green' });
    expect(customerStatusTag('disabled')).toEqual({ text: '停用', color: 'red' });
    const e = {
      amount: '-5.00',
      balanceAfter: '95.00',
      postings: [
        { acctNo: 'X', amount: '5.00', balanceAfter: '5.00' },
        { acctNo: 'A', amount: '-5.00', balanceAfter: '95.00' },
      ],
    };
    expect(entryAccount(e, new Set(['A', 'B']))).toBe('A');
    expect(entryAccount({ amount: '0.00', balanceAfter: null, postings: [] }, new Set(['A']))).toBe('—');
  });

  it('why, by whom and when a customer was disabled; nothing for an enabled one', () => {
    const base = { cusCode: 'C1', cusName: 'n', cusType: 'customer' as const, mobile: null, createdAt: '2026-01-01T00:00:00Z' };
    const at = '2026-11-25T02:03:04Z';
    expect(disabledBy({ ...base, status: 'disabled', statusReason: '涉嫌违规', statusChangedAt: at, statusChangedBy: '系统管理员' })).toEqual({
      reason: '涉嫌违规',
      by: '系统管理员',
      at: formatDateTime(at),
    });
    expect(disabledBy({ ...base, status: 'disabled', statusReason: null, statusChangedAt: null, statusChangedBy: null })).toEqual({
      reason: '—',
      by: '—',
      at: '—',
    });
    expect(disabledBy({ ...base, status: 'enabled', statusReason: '核查完毕', statusChangedAt: at, statusChangedBy: '系统管理员' })).toBeNull();
  });
});
