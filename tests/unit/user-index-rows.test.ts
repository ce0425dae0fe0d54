// The user list index keeps the JSON text of rows lately sent in a ring of bytes (userIndexRows.ts
// RowTexts). Whatever is put, dropped or written over, a row read back is the text last put for its
// slot, or nothing; a row just put is read back (when small enough to keep).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RowTexts } from '../../server/modules/admin/userIndexRows';

// Mostly puts, so that the ring wraps and rows are written over between drops and clears.
const step = fc.oneof(
  {
    arbitrary: fc.record({ put: fc.integer({ min: 0, max: 40 }), text: fc.string({ unit: fc.constantFrom('a', '用', '"', '€'), maxLength: 16 }) }),
    weight: 20,
  },
  { arbitrary: fc.record({ drop: fc.integer({ min: 0, max: 40 }) }), weight: 2 },
  { arbitrary: fc.constant({ clear: true as const }), weight: 1 },
);

describe('the rows kept as text', () => {
  it('reads back the last text put for a slot, or nothing, through wraps, drops and clears', () => {
    fc.assert(
      fc.property(fc.integer({ min: 64, max: 1024 }), fc.array(step, { minLength: 50, maxLength: 400 }), (capacity, steps) => {
        const texts = new RowTexts(() => capacity);
        const model = new Map<number, string>();
        let departs = new Map();
        texts.showing(departs);
        for (const s of steps) {
          if ('put' in s) {
            texts.put(s.put, s.text);
            model.set(s.put, s.text);
            if (Buffer.byteLength(s.text) <= capacity >>> 4) expect(texts.get(s.put)?.toString()).toBe(s.text);
          } else if ('drop' in s) {
            texts.drop(s.drop);
            model.delete(s.drop);
          } else {
            departs = new Map();
            texts.showing(departs);
            model.clear();
          }
          for (let slot = 0; slot <= 40; slot++) {
            const got = texts.get(slot);
            if (got) expect(got.toString(), `slot ${slot}`).toBe(model.get(slot));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps many rows when they fit', () => {
    const texts = new RowTexts(() => 1 << 20);
    for (let slot = 0; slot < 1000; slot++) texts.put(slot, JSON.stringify({ id: slot, name: `用户${slot}` }));
    for (let slot = 0; slot < 1000; slot++) expect(texts.get(slot)?.toString()).toBe(JSON.stringify({ id: slot, name: `用户${slot}` }));
  });
});
