// State of a permission assignment (role, department, department role): the tree, what was
// granted when it loaded, what is checked now, and saving the difference.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { TreeNode } from '@contract/api/rbac';
import type { GrantTarget } from './api';
import { indexTree, known, toggleChecked, type TreeIndex } from './treeRules';

export interface Grant {
  loading: boolean;
  saving: boolean;
  tree: TreeNode[];
  index: TreeIndex;
  checked: Set<string>;
  toggle: (key: string, on: boolean) => void;
  checkAll: () => void;
  uncheckAll: () => void;
  /** Saves; resolves true when saved. */
  save: () => Promise<boolean>;
  dirty: boolean;
}

export function useGrant(target: GrantTarget | null): Grant {
  const [tree, setTree] = useState<TreeNode[]>([]);
  const [last, setLast] = useState<Set<string>>(new Set());
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const index = useMemo(() => indexTree(tree), [tree]);

  const load = useCallback(async () => {
    if (!target) return;
    setLoading(true);
    try {
      const [t, g] = await Promise.all([target.tree(), target.granted()]);
      const idx = indexTree(t.treeList);
      setTree(t.treeList);
      setLast(known(idx, g));
      setChecked(known(idx, g));
    } finally {
      setLoading(false);
    }
  }, [target]);
  useEffect(() => {
    load().catch(() => undefined);
  }, [load]);

  const dirty = checked.size !== last.size || [...checked].some((k) => !last.has(k));
  return {
    loading,
    saving,
    tree,
    index,
    checked,
    dirty,
    toggle: (key, on) => setChecked((c) => toggleChecked(index, c, key, on)),
    checkAll: () => setChecked(new Set(index.all)),
    uncheckAll: () => setChecked(new Set()),
    save: async () => {
      if (!target) return false;
      setSaving(true);
      try {
        await target.save([...checked], [...last]);
        setLast(new Set(checked));
        return true;
      } catch {
        return false;
      } finally {
        setSaving(false);
      }
    },
  };
}
