// The heap after a large in-memory structure was built (the user list index of a million users,
// about 280 MB of live heap). Left to its defaults, V8 set the next major collection only about 10%
// above the live heap: on the busy day that followed one came every 3 s, each with its helper threads
// taking up to 1.3 of the 2 cores for some 200 ms and a final pause of up to 145 ms, and the first
// came within the day's first second, when the event loop then got 44% of a core (issue 15 §2).
// settleHeap() lets the heap grow to twice what is live before the next major collection (V8's
// --heap-growing-percent, read at each collection), and collects now, so the live heap is the
// baseline: the day's next major collection is a minute off, not a second. Memory is the price: up
// to twice the live heap (about 560 MB at a million users). The function V8 offers to collect
// (--expose-gc) is turned on when first needed; where V8 refuses a flag, that step is skipped.
import v8 from 'node:v8';
import vm from 'node:vm';

/** Old generation growth allowed after a major collection, in percent of what it kept. */
export const HEAP_GROWING_PERCENT = 100;

let gc: (() => void) | null | undefined;

/** Sets the growth (once) and collects every generation now (a pause of the process); false when it could not collect. */
export function settleHeap(): boolean {
  if (gc === undefined) {
    try {
      v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    } catch {
      gc = null;
    }
  }
  gc?.();
  return gc !== null;
}
