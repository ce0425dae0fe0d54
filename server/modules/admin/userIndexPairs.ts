// 'contains' candidates for the user list index (userIndexTenant.ts keeps one per lower-cased name field).
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
 */
export class PairIndex {
  private postings = new Map<number, Uint32Array>();
  private readonly dirty = new Set<number>();

  constructor(private readonly keys: () => string[]) {}

  build(slots: Int32Array): void {
    const keys = this.keys();
    const counts = new Map<number, number>();
    const each = (k: string, f: (pair: number) => void) => {
      for (let i = 0; i + 1 < k.length; i++) f(((k.charCodeAt(i) << 16) | k.charCodeAt(i + 1)) >>> 0);
    };
    for (const s of slots) each(keys[s], (pair) => counts.set(pair, (counts.get(pair) ?? 0) + 1));
    const postings = new Map<number, Uint32Array>();
    const filled = new Map<number, number>();
    const all = new Uint32Array([...counts.values()].reduce((a, b) => a + b, 0));
    let at = 0;
    for (const [pair, n] of counts) {
      postings.set(pair, all.subarray(at, at + n));
      filled.set(pair, 0);
      at += n;
    }
    for (const s of slots)
      each(keys[s], (pair) => {
        const list = postings.get(pair)!;
        const n = filled.get(pair)!;
        // A name holding a pair twice is listed once.
        if (n > 0 && list[n - 1] === s) return;
        list[n] = s;
        filled.set(pair, n + 1);
      });
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
  candidates(text: string, alive: number[]): { count: number; list: () => number[] } | null {
    if (text.length < 2) return null;
    let rarest: Uint32Array | undefined = EMPTY;
    for (let i = 0; i + 1 < text.length; i++) {
      const list = this.postings.get(((text.charCodeAt(i) << 16) | text.charCodeAt(i + 1)) >>> 0) ?? EMPTY;
      if (list.length < rarest.length || i === 0) rarest = list;
    }
    const listed = rarest;
    const dirty = this.dirty;
    return {
      count: listed.length + dirty.size,
      list: () => {
        const out: number[] = [];
        for (const s of listed) if (alive[s] === 1 && !dirty.has(s)) out.push(s);
        for (const s of dirty) if (alive[s] === 1) out.push(s);
        return out;
      },
    };
  }
}

const EMPTY = new Uint32Array(0);
