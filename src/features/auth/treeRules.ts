// Pure rules of the permission and department trees, shared by the desktop and phone views.
import type { TreeNode } from '@contract/api/rbac';

export interface TreeIndex {
  parent: Map<string, string | null>;
  children: Map<string, string[]>;
  node: Map<string, TreeNode>;
  /** Keys that have children (what 全部展开 expands). */
  branches: string[];
  all: string[];
}

export function indexTree(roots: TreeNode[]): TreeIndex {
  const idx: TreeIndex = { parent: new Map(), children: new Map(), node: new Map(), branches: [], all: [] };
  const walk = (n: TreeNode, parent: string | null) => {
    idx.parent.set(n.key, parent);
    idx.node.set(n.key, n);
    idx.all.push(n.key);
    const kids = n.children ?? [];
    idx.children.set(
      n.key,
      kids.map((c) => c.key),
    );
    if (kids.length) idx.branches.push(n.key);
    kids.forEach((c) => walk(c, n.key));
  };
  roots.forEach((r) => walk(r, null));
  return idx;
}

export function descendants(idx: TreeIndex, key: string): string[] {
  const out: string[] = [];
  const stack = [...(idx.children.get(key) ?? [])];
  while (stack.length) {
    const k = stack.pop()!;
    out.push(k);
    stack.push(...(idx.children.get(k) ?? []));
  }
  return out;
}

export function ancestors(idx: TreeIndex, key: string): string[] {
  const out: string[] = [];
  for (let p = idx.parent.get(key) ?? null; p; p = idx.parent.get(p) ?? null) out.push(p);
  return out;
}

/**
 * Checking a node grants it, everything below it and the menus above it (a button is useless
 * without its page); unchecking withdraws it and everything below it.
 */
export function toggleChecked(idx: TreeIndex, checked: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(checked);
  const below = descendants(idx, key);
  if (on) [key, ...below, ...ancestors(idx, key)].forEach((k) => next.add(k));
  else [key, ...below].forEach((k) => next.delete(k));
  return next;
}

/** Keys only of nodes the tree knows (a grant of a row since deleted is dropped). */
export const known = (idx: TreeIndex, keys: Iterable<string>): Set<string> => new Set([...keys].filter((k) => idx.node.has(k)));

/** Nodes whose title contains `text`, with the ancestors needed to show them. */
export function filterTree<N extends TreeNode>(roots: N[], text: string): N[] {
  const q = text.trim();
  if (!q) return roots;
  const walk = (n: N): N | null => {
    const kids = ((n.children ?? []) as N[]).map(walk).filter((c): c is N => c !== null);
    if (n.title.includes(q) || kids.length) return { ...n, children: kids.length ? kids : undefined };
    return null;
  };
  return roots.map(walk).filter((n): n is N => n !== null);
}

/** The chain of nodes from a root to `key` (the phone drill-down's breadcrumb). */
export function pathTo<N extends TreeNode>(roots: N[], key: string | null): N[] {
  if (!key) return [];
  const walk = (list: N[], trail: N[]): N[] | null => {
    for (const n of list) {
      const here = [...trail, n];
      if (n.key === key) return here;
      const found = walk((n.children ?? []) as N[], here);
      if (found) return found;
    }
    return null;
  };
  return walk(roots, []) ?? [];
}
