// 'contains' candidates for the user list index (userIndexTenant.ts keeps one per lower-cased name field).
import { atOnce } from './userIndexSort';

/** build() pauses after every 65,536 names (a mask of the name's index). */
const PAUSE_MASK = 0xffff;

/** Changed users the pair index tests besides its lists before it is built again (at least; or a sixteenth of the users). */
export const PAIRS_REBUILD_MIN = 4096;

/**
 * The users whose lower-cased name holds each pair of adjacent UTF-16 units, for 'contains' filters:
 * a name holding a text holds every pair of it, so the users of its rarest pair are the only ones to
 * test. Without it every new 'contains' text tested every user (about 12 ms at a million), and at the
 * start of a busy day a hundred new ones came at once and stopped the process for a second.
 *
 * Built once (sortAll), in one array per tenant and field; users changed since are `dirty` and are
 * tested as well, until they are so many that it is built again.
 *
 * The candidates are the users holding every pair of the text (its lists intersected, rarest first),
 * not only its rarest pair: a name like 压测用户71 has no rare pair (户7 is in a ninth of the bench's
 * names, 71 in a twentieth), and testing the rarest pair's users took 15–23 ms for each of the
 * hundred new texts at the start of a busy day; their intersection is a quarter of that.
 */
export class PairIndex {
  private postings = new Map<number, Uint32Array>();
  private readonly dirty = new Set<number>();

  constructor(private readonly keys: () => string[]) {}

  /** Every list ascending by slot (the intersections merge them): `slots` is sorted first. At once. */
  build(slots: Int32Array): void {
    atOnce(this.building(slots));
  }

  /** build()'s steps, with a pause about every 65,536 names (a million take about 600 ms). */
  *building(slots: Int32Array): Generator<void, void> {
    slots = slots.slice().sort();
    const keys = this.keys();
    const counts = new Map<number, number>();
    const each = (k: string, f: (pair: number) => void) => {
      for (let i = 0; i + 1 < k.length; i++) f(((k.charCodeAt(i) << 16) | k.charCodeAt(i + 1)) >>> 0);
    };
    for (let i = 0; i < slots.length; i++) {
      each(keys[slots[i]], (pair) => counts.set(pair, (counts.get(pair) ?? 0) + 1));
      if ((i & PAUSE_MASK) === PAUSE_MASK) yield;
    }
    const postings = new Map<number, Uint32Array>();
    const filled = new Map<number, number>();
    const all = new Uint32Array([...counts.values()].reduce((a, b) => a + b, 0));
    let at = 0;
    for (const [pair, n] of counts) {
      postings.set(pair, all.subarray(at, at + n));
      filled.set(pair, 0);
      at += n;
    }
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i];
      each(keys[s], (pair) => {
        const list = postings.get(pair)!;
        const n = filled.get(pair)!;
        // A name holding a pair twice is listed once.
        if (n > 0 && list[n - 1] === s) return;
        list[n] = s;
        filled.set(pair, n + 1);
      });
      if ((i & PAUSE_MASK) === PAUSE_MASK) yield;
    }
    for (const [pair, n] of filled) postings.set(pair, postings.get(pair)!.subarray(0, n));
    this.postings = postings;
    this.dirty.clear();
  }

  /** A user whose name changed, or new: tested with every text until the next build. */
  touch(slot: number): void {
    this.dirty.add(slot);
  }

  /** Changed users since the build. */
  get changed(): number {
    return this.dirty.size;
  }

  /**
   * The only users whose name can hold `text` (lower-cased; two units at least): how many at most,
   * and a way to list them (live ones, each once); null when the text is shorter.
   */
  candidates(text: string, alive: number[], users: number): { count: number; list: () => Uint32Array } | null {
    if (text.length < 2) return null;
    const lists: Uint32Array[] = [];
    const seen = new Set<number>();
    for (let i = 0; i + 1 < text.length; i++) {
      const pair = ((text.charCodeAt(i) << 16) | text.charCodeAt(i + 1)) >>> 0;
      if (seen.has(pair)) continue;
      seen.add(pair);
      lists.push(this.postings.get(pair) ?? EMPTY);
    }
    lists.sort((a, b) => a.length - b.length);
    const dirty = this.dirty;
    return {
      count: lists[0].length + dirty.size,
      list: () => {
        let listed = lists[0];
        // A list far longer than the candidates left costs more to merge than the few tests it would
        // spare; so does a pair in most names (压测 in every name of the bench's million: three merges
        // of a million with each new *压测用户7*, 13 ms of its 35, and no candidate fewer).
        for (
          let k = 1;
          k < lists.length &&
          listed.length > INTERSECT_UNTIL &&
          lists[k].length <= INTERSECT_RATIO * listed.length &&
          lists[k].length <= users * INTERSECT_COVER_MAX;
          k++
        )
          listed = intersect(listed, lists[k]);
        const out = new Uint32Array(listed.length + dirty.size);
        let n = 0;
        if (dirty.size === 0) {
          for (const s of listed) if (alive[s] === 1) out[n++] = s;
        } else {
          for (const s of listed) if (alive[s] === 1 && !dirty.has(s)) out[n++] = s;
          for (const s of dirty) if (alive[s] === 1) out[n++] = s;
        }
        return out.subarray(0, n);
      },
    };
  }
}

/** A further list is merged in while it is at most this many times as long as the candidates left, and they are more than INTERSECT_UNTIL. */
const INTERSECT_RATIO = 16;
const INTERSECT_UNTIL = 256;
/** A list of more than this share of the users is not merged (it spares fewer tests than it costs: those of the candidates outside it). */
const INTERSECT_COVER_MAX = 0.5;

/** The slots in both ascending lists (a merge). */
export function intersect(small: Uint32Array, large: Uint32Array): Uint32Array {
  const out = new Uint32Array(Math.min(small.length, large.length));
  let n = 0;
  let j = 0;
  for (let i = 0; i < small.length && j < large.length; i++) {
    const s = small[i];
    while (j < large.length && large[j] < s) j++;
    if (j < large.length && large[j] === s) out[n++] = s;
  }
  return out.subarray(0, n);
}

const EMPTY = new Uint32Array(0);
