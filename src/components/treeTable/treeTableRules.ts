// The tree table's rules (spec §3 tree-table row, §4, §7, §8): a row with hasChildren shows one
// 'loading...' child until it is expanded; expanding loads the children by parentId; no children
// makes it a leaf; an answer that is neither a list nor a page is refused.
export interface TreeRow {
  id: string;
  hasChildren?: boolean | string;
  parentId?: string;
  children?: TreeRow[];
  /** The placeholder child of a row whose children are not loaded yet. */
  placeholder?: boolean;
  [field: string]: unknown;
}

export const TREE_TEXT = { loading: 'loading...', badAnswer: '返回数据类型不识别' } as const;
export const PLACEHOLDER_SUFFIX = '_loadChild';

const hasKids = (r: TreeRow) => r.hasChildren === true || r.hasChildren === '1' || r.hasChildren === 'true';

/** Rows as shown: those with children get the placeholder child. */
export function prepareRows(rows: readonly TreeRow[]): TreeRow[] {
  return rows.map((r) => {
    const { children: _c, ...row } = r;
    return hasKids(r) ? { ...row, children: [{ id: `${r.id}${PLACEHOLDER_SUFFIX}`, placeholder: true, parentId: r.id }] } : row;
  });
}

export type TreeAnswer = { ok: true; rows: TreeRow[] } | { ok: false; message: string };

/** Reads a list answer: result as an array, or result.records of a page; anything else is refused. */
export function readTreeAnswer(data: unknown): TreeAnswer {
  const d = data as { success?: unknown; message?: unknown; result?: unknown } | null;
  if (!d || typeof d !== 'object') return { ok: false, message: TREE_TEXT.badAnswer };
  if (d.success === false) return { ok: false, message: typeof d.message === 'string' && d.message ? d.message : TREE_TEXT.badAnswer };
  const r = d.result as { records?: unknown } | unknown[] | null | undefined;
  const list = Array.isArray(r)
    ? r
    : r && typeof r === 'object' && Array.isArray((r as { records?: unknown }).records)
      ? (r as { records: unknown[] }).records
      : null;
  if (!list || !list.every((x) => x && typeof x === 'object' && typeof (x as TreeRow).id === 'string')) return { ok: false, message: TREE_TEXT.badAnswer };
  return { ok: true, rows: list as TreeRow[] };
}

/** The tree with `parentId`'s children set: the loaded ones (each with its own placeholder), or none (a leaf). */
export function withChildren(rows: readonly TreeRow[], parentId: string, children: readonly TreeRow[]): TreeRow[] {
  return rows.map((r) => {
    if (r.id === parentId) {
      if (!children.length) {
        const { children: _c, ...leaf } = r;
        return { ...leaf, hasChildren: false };
      }
      return { ...r, children: prepareRows(children) };
    }
    return r.children ? { ...r, children: withChildren(r.children, parentId, children) } : r;
  });
}

/** True while the row's children are the placeholder only. */
export function needsLoad(row: TreeRow): boolean {
  return !!row.children && row.children.length === 1 && !!row.children[0].placeholder;
}
