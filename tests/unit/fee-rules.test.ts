// The pricing of issue 18 (contract/api/fee.ts): fixed, percentage at its min and max, every tier
// boundary, the one rounding (half up to the fen), refunds' share of the fee, the standing split's
// allocation — with property tests over random amounts and rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FEE_MSG, computeFee, feeDefText, feeRefundPart, parseFeeDef, parseRate, rateText, roundHalfUp, standingSplit, type FeeDef } from '@contract/api/fee';

const def = (v: Parameters<typeof parseFeeDef>[0]): FeeDef => {
  const r = parseFeeDef(v);
  if (!r.ok) throw new Error(r.message);
  return r.def;
};

describe('fee pricing', () => {
  it('rounds half up to the fen, once', () => {
    expect(roundHalfUp(49n, 100n)).toBe(0n);
    expect(roundHalfUp(50n, 100n)).toBe(1n);
    expect(roundHalfUp(149n, 100n)).toBe(1n);
    expect(roundHalfUp(150n, 100n)).toBe(2n);
    // 0.38% of 1.32 yuan = 0.5016 fen → 1 fen; of 1.31 = 0.4978 → 0
    const p = def({ method: 'percent', rate: '0.38' });
    expect(computeFee(p, 132n)).toBe(1n);
    expect(computeFee(p, 131n)).toBe(0n);
  });

  it('fixed fee whatever the amount', () => {
    const f = def({ method: 'fixed', fixedFee: '2.50' });
    expect(computeFee(f, 1n)).toBe(250n);
    expect(computeFee(f, 10_000_000_000n)).toBe(250n);
    expect(computeFee(def({ method: 'fixed', fixedFee: '0' }), 100n)).toBe(0n);
  });

  it('percentage at its minimum and maximum', () => {
    const p = def({ method: 'percent', rate: '1', minFee: '1', maxFee: '5' });
    expect(computeFee(p, 9_999n)).toBe(100n); // 99.99 fen → min 100
    expect(computeFee(p, 10_000n)).toBe(100n); // exactly the min
    expect(computeFee(p, 10_100n)).toBe(101n);
    expect(computeFee(p, 50_000n)).toBe(500n); // exactly the max
    expect(computeFee(p, 50_100n)).toBe(500n);
  });

  it('every tier boundary belongs to the lower tier', () => {
    const t = def({
      method: 'tiered',
      tiers: [
        { upTo: '100', fixedFee: '0.5' },
        { upTo: '1000', rate: '0.1' },
        { fixedFee: '1', rate: '0.05' },
      ],
      maxFee: '20',
    });
    expect(computeFee(t, 1n)).toBe(50n);
    expect(computeFee(t, 10_000n)).toBe(50n);
    expect(computeFee(t, 10_001n)).toBe(10n);
    expect(computeFee(t, 100_000n)).toBe(100n);
    expect(computeFee(t, 100_001n)).toBe(150n);
    expect(computeFee(t, 10_000_000n)).toBe(2_000n);
    expect(feeDefText(t)).toBe('≤100.00元：0.50元；≤1000.00元：0.1%；1000.00元以上：1.00元+0.05%，最高20.00元');
  });

  it('refuses broken rules with their message', () => {
    expect(parseFeeDef({ method: 'percent', rate: '100.00001' })).toEqual({ ok: false, message: FEE_MSG.rate });
    expect(parseFeeDef({ method: 'percent', rate: '1', minFee: '2', maxFee: '1' })).toEqual({ ok: false, message: FEE_MSG.minMax });
    expect(
      parseFeeDef({
        method: 'tiered',
        tiers: [
          { upTo: '5', rate: '1' },
          { upTo: '9', rate: '1' },
        ],
      }),
    ).toEqual({ ok: false, message: FEE_MSG.tierUpTo });
    expect(parseFeeDef({ method: 'tiered', tiers: [{ upTo: '5', rate: '1' }, { upTo: '5', rate: '1' }, { rate: '1' }] })).toEqual({
      ok: false,
      message: FEE_MSG.tierUpTo,
    });
    expect(parseFeeDef({ method: 'fixed', fixedFee: '1.001' })).toEqual({ ok: false, message: FEE_MSG.fixedFee });
    expect(parseFeeDef({ method: 'nope' })).toEqual({ ok: false, message: FEE_MSG.method });
    expect(parseRate('0.0001')).toBe(1);
    expect(rateText(3800)).toBe('0.38');
    expect(rateText(1_000_000)).toBe('100');
  });

  const amount = fc.bigInt({ min: 1n, max: 10_000_000_000n });
  const rule = fc.record({
    ppm: fc.integer({ min: 0, max: 1_000_000 }),
    min: fc.option(fc.bigInt({ min: 0n, max: 100_000n }), { nil: null }),
    span: fc.bigInt({ min: 0n, max: 100_000n }),
  });

  it('property: a percentage fee stays within [min, max] and is the exact half-up rounding otherwise', () => {
    fc.assert(
      fc.property(amount, rule, (a, r) => {
        const max = r.min === null ? null : r.min + r.span;
        const d: FeeDef = { method: 'percent', fixedFen: 0n, ratePpm: r.ppm, minFen: r.min, maxFen: max, tiers: [] };
        const fee = computeFee(d, a);
        if (r.min !== null) expect(fee >= r.min && fee <= max!).toBe(true);
        const exact = a * BigInt(r.ppm); // fee × 10^6 ≈ exact, off by at most half a fen
        const raw = roundHalfUp(exact, 1_000_000n);
        if (r.min === null) {
          expect(fee).toBe(raw);
          expect(2n * (raw * 1_000_000n - exact) <= 1_000_000n && 2n * (exact - raw * 1_000_000n) < 1_000_000n).toBe(true);
        }
      }),
    );
  });

  it('property: refunds in any parts never give back more than the fee, and all of it once fully refunded', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 1_000_000_000n }),
        fc.bigInt({ min: 0n, max: 10_000_000n }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }),
        (paid, fee, weights) => {
          const total = weights.reduce((s, w) => s + w, 0);
          let before = 0n;
          let back = 0n;
          weights.forEach((w, i) => {
            const part = i === weights.length - 1 ? paid - before : (paid * BigInt(w)) / BigInt(total);
            const b = feeRefundPart(fee, paid, before, part);
            expect(b >= 0n).toBe(true);
            back += b;
            before += part;
            expect(back <= fee).toBe(true);
          });
          expect(back).toBe(fee);
        },
      ),
    );
  });

  it('property: a standing split loses no fen and pays each receiver its share', () => {
    fc.assert(
      fc.property(amount, fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 3 }), fc.boolean(), (a, bps, remainderIsReceiver) => {
        const receivers = bps.map((bp, i) => ({ acctNo: `R${i}`, ratio: (bp / 100).toFixed(2) }));
        const rest = remainderIsReceiver ? 'R0' : 'REST';
        const r = standingSplit(a, 'ratio', receivers, rest);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.lines.reduce((s, l) => s + l.amountFen, 0n)).toBe(a);
        if (!remainderIsReceiver) bps.forEach((bp, i) => expect(r.lines.find((l) => l.acctNo === `R${i}`)?.amountFen ?? 0n).toBe((a * BigInt(bp)) / 10_000n));
      }),
    );
  });

  it('fixed split: receivers in order while the amount lasts, the rest to the remainder', () => {
    const rcv = [
      { acctNo: 'A', amount: '10' },
      { acctNo: 'B', amount: '5' },
    ];
    const lines = (a: bigint) => {
      const r = standingSplit(a, 'fixed', rcv, 'REST');
      return r.ok ? r.lines.map((l) => [l.acctNo, l.amountFen]) : r.message;
    };
    expect(lines(2_000n)).toEqual([
      ['A', 1_000n],
      ['B', 500n],
      ['REST', 500n],
    ]);
    expect(lines(1_200n)).toEqual([
      ['A', 1_000n],
      ['B', 200n],
    ]);
    expect(lines(1_500n)).toEqual([
      ['A', 1_000n],
      ['B', 500n],
    ]);
    expect(
      standingSplit(
        100n,
        'ratio',
        [
          { acctNo: 'A', ratio: '60' },
          { acctNo: 'B', ratio: '50' },
        ],
        'R',
      ),
    ).toEqual({ ok: false, message: FEE_MSG.splitRatioSum });
  });
});

describe('the payment confirmation with a fee', () => {
  it('shows the fee, the debit total, 到账金额 and the available balance after amount + fee', async () => {
    const { reservationLines } = await import('@/features/payCus/reservation');
    const payer = { acctNo: 'A1', acctName: '', acctTypeText: '基本账户', available: '300.00' } as Parameters<typeof reservationLines>[0]['payer'];
    const lines = reservationLines({ count: 1, totalFen: 15_000n, payer, fromAcctNo: 'A1', fee: { totalFen: 200n, ruleText: '1%，最低2.00元' } });
    const text = Object.fromEntries(lines.map((l) => [l.label, l.value]));
    expect(text['手续费']).toBe('¥2.00（1%，最低2.00元）');
    expect(text['扣款合计']).toBe('¥152.00');
    expect(text['到账金额']).toBe('¥150.00');
    expect(text['预留后可用余额']).toBe('¥148.00');
    // no quote (the call failed): said so, the server prices it at submit
    const unknown = reservationLines({ count: 1, totalFen: 15_000n, payer, fromAcctNo: 'A1', fee: null });
    expect(unknown.find((l) => l.label === '手续费')?.value).toBe('以提交结果为准');
    // pages that never ask keep their lines as they were
    expect(reservationLines({ count: 1, totalFen: 15_000n, payer, fromAcctNo: 'A1' }).some((l) => l.label === '手续费')).toBe(false);
  });
});
