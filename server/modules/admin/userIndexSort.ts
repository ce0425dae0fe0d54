// Sorting a million slots for the user list index (userIndexTenant.ts) without stopping the process:
// a tenant loads in the background while the app answers, and one sort of a million names took
// 300–800 ms of the main thread at once (five orders, one after another, at every start). Sorted
// here in runs, then merged, with a pause for the event loop about every 65,536 slots placed.

/** Places between two pauses. */
const STEP = 65_536;

/** A pause for the event loop. */
export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Sorts `a` by `compare` (which never ties two different slots), yielding between steps; the
 * sorted array is the generator's result (`a` itself or a second array of its length).
 */
export function* sorting(a: Int32Array, compare: (x: number, y: number) => number, run = 32_768): Generator<void, Int32Array> {
  const n = a.length;
  for (let i = 0; i < n; i += run) {
    a.subarray(i, Math.min(n, i + run)).sort(compare);
    yield;
  }
  let src: Int32Array = a;
  let dst: Int32Array = new Int32Array(n);
  for (let width = run; width < n; width *= 2) {
    let placed = 0;
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        dst[k++] = compare(src[i], src[j]) < 0 ? src[i++] : src[j++];
        if (++placed === STEP) {
          placed = 0;
          yield;
        }
      }
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    [src, dst] = [dst, src];
    yield;
  }
  return src;
}

/** Runs a generator of steps to its end, pausing for the event loop after each. */
export async function stepped<T>(steps: Generator<void, T>): Promise<T> {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    await turn();
  }
}

/** Runs a generator of steps to its end at once. */
export function atOnce<T>(steps: Generator<void, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}
