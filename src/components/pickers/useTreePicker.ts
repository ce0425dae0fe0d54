// The logic of the tree pickers, shared by both views: the roots (a whole tree, or one level whose
// children load when a node opens), the titles of the chosen values (from the loaded nodes, else
// asked of `names`), a search over the loaded nodes, and the failure's message.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PickerNode } from './pickerCalls';
import { DEFAULT_SEPARATOR, joinValues, splitValues } from './pickerRules';
import type { PickerBaseProps } from './types';

export interface TreePickerProps extends PickerBaseProps {
  /** The top level (or the whole tree). */
  roots: () => Promise<PickerNode[]>;
  /** The children of a node, for trees that load level by level. */
  children?: (value: string) => Promise<PickerNode[]>;
  /** The titles of stored values not loaded yet (same order; '' for unknown). */
  names?: (values: string[]) => Promise<string[]>;
  /** Reload when this changes (the source's configuration). */
  sourceKey: string;
  multiple?: boolean;
  separator?: string;
  /** A configuration error shown instead of loading (e.g. the §5 condition rule). */
  configError?: string | null;
}

export function flattenNodes(nodes: PickerNode[]): PickerNode[] {
  return nodes.flatMap((n) => [n, ...flattenNodes(n.children ?? [])]);
}

/** The tree with `children` set under the node `value`. */
export function withChildren(nodes: PickerNode[], value: string, children: PickerNode[]): PickerNode[] {
  return nodes.map((n) =>
    n.value === value ? { ...n, children, isLeaf: children.length === 0 } : n.children ? { ...n, children: withChildren(n.children, value, children) } : n,
  );
}

export function useTreePicker(p: TreePickerProps) {
  const sep = p.separator ?? DEFAULT_SEPARATOR;
  const values = useMemo(() => splitValues(p.value, sep), [p.value, sep]);
  const [tree, setTree] = useState<PickerNode[]>([]);
  const [loading, setLoading] = useState(!p.configError);
  const [error, setError] = useState<string | null>(p.configError ?? null);
  const [named, setNamed] = useState<Record<string, string>>({});

  useEffect(() => {
    if (p.configError) {
      setError(p.configError);
      setLoading(false);
      return;
    }
    let live = true;
    setLoading(true);
    setError(null);
    p.roots().then(
      (nodes) => live && (setTree(nodes), setLoading(false)),
      (err: unknown) => live && (setError((err as Error).message || '加载失败'), setLoading(false)),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sourceKey names what roots reads
  }, [p.sourceKey, p.configError]);

  const flat = useMemo(() => flattenNodes(tree), [tree]);
  const titleOf = useCallback((v: string) => flat.find((n) => n.value === v)?.title ?? named[v] ?? v, [flat, named]);

  // Titles of stored values the loaded levels do not hold yet.
  const { names } = p;
  useEffect(() => {
    const missing = values.filter((v) => !flat.some((n) => n.value === v) && named[v] === undefined);
    if (!names || !missing.length || loading) return;
    let live = true;
    names(missing).then(
      (titles) => live && setNamed((m) => ({ ...m, ...Object.fromEntries(missing.map((v, i) => [v, titles[i] || v])) })),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [values, flat, named, names, loading]);

  const { children } = p;
  const loadChildren = useCallback(
    async (value: string): Promise<PickerNode[]> => {
      if (!children) return flat.find((n) => n.value === value)?.children ?? [];
      try {
        const kids = await children(value);
        setTree((t) => withChildren(t, value, kids));
        return kids;
      } catch (err) {
        setError((err as Error).message || '加载失败');
        return [];
      }
    },
    [children, flat],
  );

  const set = (next: string[]) => p.onChange?.(joinValues(next, sep));
  const toggle = (v: string) => set(p.multiple ? (values.includes(v) ? values.filter((x) => x !== v) : [...values, v]) : [v]);

  return { values, tree, flat, loading, error, titleOf, text: values.map(titleOf).join(sep), loadChildren, set, toggle, lazy: !!children };
}
