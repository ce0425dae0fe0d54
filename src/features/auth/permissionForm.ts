// Shared pieces of the permission (menu / button) pages: loading the tree, the form values and
// their wire body, and the type texts.
import { useCallback, useEffect, useState } from 'react';
import type { PermissionRecord } from '@contract/api/rbac';
import { permissionApi } from './api';

export const TYPE_TEXT = { '0': '菜单目录', '1': '菜单', '2': '按钮' } as const;
export const TYPE_COLOR = { '0': 'blue', '1': 'green', '2': 'orange' } as const;

export interface PermissionFormValues {
  type: '0' | '1' | '2';
  name: string;
  parentId?: string | null;
  path?: string;
  component?: string;
  componentName?: string;
  redirect?: string;
  url?: string;
  icon?: string;
  perms?: string;
  sortNo: number;
  status: boolean;
  hidden: boolean;
  keepAlive: boolean;
  alwaysShow: boolean;
  internalOrExternal: boolean;
}

export function formValuesOf(r: PermissionRecord | null, parentId: string | null): PermissionFormValues {
  return {
    type: r?.type ?? (parentId ? '1' : '0'),
    name: r?.name ?? '',
    parentId: r ? r.parentId : parentId,
    path: r?.path ?? '',
    component: r?.component ?? (r ? '' : parentId ? undefined : 'layouts/RouteView'),
    componentName: r?.componentName ?? '',
    redirect: r?.redirect ?? '',
    url: r?.url ?? '',
    icon: r?.icon ?? '',
    perms: r?.perms ?? '',
    sortNo: r?.sortNo ?? 0,
    status: (r?.status ?? '1') === '1',
    hidden: r?.hidden ?? false,
    keepAlive: r?.keepAlive ?? false,
    alwaysShow: r?.alwaysShow ?? false,
    internalOrExternal: r?.internalOrExternal ?? false,
  };
}

export async function savePermission(v: PermissionFormValues, id?: string) {
  const body = { ...v, parentId: v.parentId || null, status: v.status ? '1' : '0', sortNo: Number(v.sortNo) || 0 };
  return id ? permissionApi.edit({ ...body, id }) : permissionApi.add(body);
}

export function usePermissionTree() {
  const [tree, setTree] = useState<PermissionRecord[]>([]);
  const [loading, setLoading] = useState(false);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setTree(await permissionApi.list());
    } catch {
      /* shown by the request layer */
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { tree, loading, reload };
}

/** Rows that may be a parent (directories and menus), for the parent picker. */
export function parentOptions(tree: PermissionRecord[]): { value: string; title: string; children?: ReturnType<typeof parentOptions> }[] {
  return tree
    .filter((r) => r.type !== '2')
    .map((r) => {
      const kids = parentOptions(r.children ?? []);
      return { value: r.id, title: r.name, children: kids.length ? kids : undefined };
    });
}
