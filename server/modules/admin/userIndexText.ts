// Text as the database orders and folds it, for the user list index (userIndex.ts): code-point
// order (what a C collation on UTF-8 gives) and the database's own lower(), read once.
import { queryArrays, type Db } from '../../db/client';

/** lower() is read from the database for the code points below this (none above has a case). */
const FOLD_PROBE_END = 0x20000;

/**
 * Compares by Unicode code point (PostgreSQL's C collation on UTF-8 compares bytes, which is that
 * order); JavaScript's < compares UTF-16 units, which puts U+E000–U+FFFF after astral characters.
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      if (x >= 0xd800 && y >= 0xd800) {
        x = x < 0xe000 ? x + 0x2000 : x - 0x800;
        y = y < 0xe000 ? y + 0x2000 : y - 0x800;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}

/** Collations that order text by code point. */
export const CODE_POINT_COLLATIONS = new Set(['C', 'POSIX', 'C.UTF-8', 'C.utf8']);

/** The database's lower(), code point by code point (null: unknown, so no ILIKE is answered here). */
export class Folding {
  constructor(private readonly table: Uint32Array) {}

  /** What lower() gives for `s` (the same string when nothing changes). */
  fold(s: string): string {
    const n = s.length;
    let i = 0;
    // Most names are ASCII without capitals: nothing to do.
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x41 && (c <= 0x5a || c >= 0x80)) break;
    }
    if (i === n) return s;
    let out: string | null = null;
    let from = 0;
    while (i < n) {
      const cp = s.codePointAt(i)!;
      const width = cp > 0xffff ? 2 : 1;
      const to = cp < this.table.length ? this.table[cp] : 0;
      if (to) {
        out = (out ?? '') + s.slice(from, i) + String.fromCodePoint(to);
        from = i + width;
      }
      i += width;
    }
    return out === null ? s : out + s.slice(from);
  }

  /** Reads the database's lower() of every code point below FOLD_PROBE_END; null if it is not one code point per code point. */
  static async read(db: Db): Promise<Folding | null> {
    const points: number[] = [];
    for (let cp = 1; cp < FOLD_PROBE_END; cp++) if (cp < 0xd800 || cp > 0xdfff) points.push(cp);
    const chunks: string[] = [];
    for (let i = 0; i < points.length; i += 4096) chunks.push(String.fromCodePoint(...points.slice(i, i + 4096)));
    const probe = chunks.join('');
    const [row] = await queryArrays(db, { name: '', sql: 'SELECT lower($1::text)', params: [probe] }, {});
    const lowered = Array.from(String(row?.[0] ?? ''));
    if (lowered.length !== points.length) return null;
    const table = new Uint32Array(FOLD_PROBE_END);
    for (let i = 0; i < points.length; i++) {
      const to = lowered[i].codePointAt(0)!;
      if (to !== points[i]) table[points[i]] = to;
    }
    // The fast path of fold() takes ASCII other than A–Z as unchanged and A–Z as lowered.
    for (let cp = 1; cp < 0x80; cp++) {
      const want = cp >= 0x41 && cp <= 0x5a ? cp + 0x20 : 0;
      if (table[cp] !== want) return null;
    }
    return new Folding(table);
  }
}
