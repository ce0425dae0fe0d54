// The user list index sorts and lists a tenant's users a step at a time (userIndexSort.ts): with
// small runs, the runs and every level of merging are exercised. The answer must be a plain sort's,
// and a large sort must pause for the event loop, not hold it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PairIndex } from '../../server/modules/admin/userIndexPairs';
import { atOnce, sorting, stepped } from '../../server/modules/admin/userIndexSort';

describe('the user index sort', () => {
  it('sorts as a plain sort does, whatever the runs', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 300 }), fc.integer({ min: 1, max: 40 }), (keys, run) => {
        // Slots 0..n-1 by key, ties by slot (the index never ties two slots).
        const compare = (x: number, y: number) => keys[x] - keys[y] || x - y;
        const slots = Int32Array.from(keys.map((_, i) => i)).reverse();
        const expected = [...slots].sort(compare);
        expect([...atOnce(sorting(slots.slice(), compare, run))]).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('pauses for the event loop while it sorts a large array', async () => {
    const n = 300_000;
    const keys = Float64Array.from({ length: n }, () => Math.random());
    const compare = (x: number, y: number) => keys[x] - keys[y] || x - y;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const sorted = await stepped(
      sorting(
        Int32Array.from({ length: n }, (_, i) => i),
        compare,
      ),
    );
    clearInterval(timer);
    for (let i = 1; i < n; i++) expect(compare(sorted[i - 1], sorted[i])).toBeLessThan(0);
    expect(ticks).toBeGreaterThan(5);
  });

  it("lists the names' pairs the same at once and a step at a time", async () => {
    const names = Array.from({ length: 70_000 }, (_, i) => `用户${(i * 7919) % 100_000}`);
    const slots = Int32Array.from(names.map((_, i) => i));
    const alive = names.map(() => 1);
    const atOnceIndex = new PairIndex(() => names);
    atOnceIndex.build(slots);
    const stepwise = new PairIndex(() => names);
    await stepped(stepwise.building(slots));
    for (const text of ['用户1', '户79', '919', '00'])
      expect([...stepwise.candidates(text, alive, names.length)!.list()]).toEqual([...atOnceIndex.candidates(text, alive, names.length)!.list()]);
  });

  it("does not merge the list of a pair most names hold: its users' tests are cheaper than the merge", () => {
    // 'xy' in 60% of the names, 'yz' in 25% (after 'x' or 'a'): the candidates of 'xyz' are the users
    // of 'yz', not merged with those of 'xy'; the names holding 'xyz' are among them.
    const names = Array.from({ length: 10_000 }, (_, i) => `${i % 10 < 6 ? 'x' : 'a'}y${i % 4 === 0 ? 'z' : 'w'}`);
    const index = new PairIndex(() => names);
    index.build(Int32Array.from(names.map((_, i) => i)));
    const xyz = [
      ...index
        .candidates(
          'xyz',
          names.map(() => 1),
          names.length,
        )!
        .list(),
    ];
    expect(xyz).toEqual(names.flatMap((n, s) => (n.includes('yz') ? [s] : [])));
    expect(names.filter((n) => n.includes('xyz')).every((n) => xyz.includes(names.indexOf(n)))).toBe(true);
  });
});
