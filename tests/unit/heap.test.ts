// settleHeap (server/lib/heap.ts): after a large build, everything unreachable is collected at once.
import { describe, expect, it } from 'vitest';
import { settleHeap } from '../../server/lib/heap';

describe('settling the heap', () => {
  it('collects what is no longer reachable, at once', () => {
    let garbage: string[] | null = Array.from({ length: 400_000 }, (_, i) => `名字${i}`.repeat(2));
    const withGarbage = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(400_000);
    garbage = null;
    expect(settleHeap()).toBe(true);
    // 400,000 strings of about 40 bytes: well over 10 MB gone.
    expect(withGarbage - process.memoryUsage().heapUsed).toBeGreaterThan(10 << 20);
    expect(garbage).toBeNull();
  });
});
