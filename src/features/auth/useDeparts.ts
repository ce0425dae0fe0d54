// State of the department page shared by the desktop and phone views: the tree, the selected
// department, and add / edit / delete that reload the tree.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DepartNode } from '@contract/api/rbac';
import { departApi } from './api';

export interface DepartFormValues {
  departName: string;
  orgCategory: '1' | '2' | '3';
  sortNo: number;
  mobile?: string;
  fax?: string;
  address?: string;
  memo?: string;
}

export const ORG_CATEGORY_OPTIONS = [
  { value: '1', label: '公司' },
  { value: '2', label: '部门' },
  { value: '3', label: '岗位' },
] as const;

function indexDeparts(roots: DepartNode[]): Map<string, DepartNode> {
  const m = new Map<string, DepartNode>();
  const walk = (n: DepartNode) => {
    m.set(n.id, n);
    n.children?.forEach(walk);
  };
  roots.forEach(walk);
  return m;
}

export function useDeparts() {
  const [tree, setTree] = useState<DepartNode[]>([]);
  const [loading, setLoading] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const byId = useMemo(() => indexDeparts(tree), [tree]);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setTree(await departApi.tree());
    } catch {
      /* shown by the request layer */
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);

  const body = (v: DepartFormValues) => ({ ...v, sortNo: Number(v.sortNo) || 0 });
  return {
    tree,
    loading,
    byId,
    selected: selectedId ? (byId.get(selectedId) ?? null) : null,
    select: setSelectedId,
    reload,
    add: async (v: DepartFormValues, parentId: string | null) => {
      const d = await departApi.add({ ...body(v), parentId });
      await reload();
      setSelectedId(d.id);
      return d;
    },
    edit: async (id: string, v: DepartFormValues) => {
      await departApi.edit({ ...body(v), id });
      await reload();
    },
    remove: async (id: string) => {
      await departApi.remove(id);
      setSelectedId(null);
      await reload();
    },
  };
}

export const departNameError = (v?: string) => (!v?.trim() ? '请输入部门名称!' : v.trim().length > 100 ? '部门名称最多100个字符!' : null);
export const phoneError = (v?: string) => (v && !/^[\d\-+() ]{0,30}$/.test(v) ? '请输入正确的电话号码!' : null);
