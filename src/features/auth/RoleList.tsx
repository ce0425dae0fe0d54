// 角色管理 (auth/RoleList, /system/role): the list kit over /sys/role/list with 编辑, 授权 (the
// permission tree in a drawer / phone sheet) and 删除.
import { useMemo, useState } from 'react';
import ListKit from '@/components/list/ListKit';
import type { ListKitConfig } from '@/components/list/types';
import { RBAC, type RoleRecord } from '@contract/api/rbac';
import { roleGrant } from './api';
import GrantDialog from './GrantDialog';

export default function RoleList() {
  const [granting, setGranting] = useState<RoleRecord | null>(null);
  const config = useMemo<ListKitConfig<RoleRecord>>(
    () => ({
      pageKey: 'auth/RoleList',
      title: '角色管理',
      url: { list: RBAC.roleList, delete: RBAC.roleDelete, deleteBatch: RBAC.roleDeleteBatch },
      permissionPrefix: 'system:role:',
      columns: [
        { dataIndex: 'roleName', title: '角色名称', sorter: true, width: 180 },
        { dataIndex: 'roleCode', title: '角色编码', sorter: true, width: 180 },
        { dataIndex: 'description', title: '描述', ellipsis: true },
        { dataIndex: 'createTime', title: '创建时间', sorter: true, type: 'datetime', width: 180 },
      ],
      query: [
        { field: 'roleName', label: '角色名称', type: 'input' },
        { field: 'roleCode', label: '角色编码', type: 'input' },
        { field: 'createTime', label: '创建时间', type: 'dateRange' },
      ],
      superQuery: [
        { field: 'roleName', label: '角色名称', type: 'string' },
        { field: 'roleCode', label: '角色编码', type: 'string' },
        { field: 'description', label: '描述', type: 'string' },
        { field: 'createTime', label: '创建时间', type: 'datetime' },
      ],
      toolbar: ['add', 'batch_delete', 'superQuery'],
      rowActions: [{ key: 'auth', text: '授权', permission: 'auth', onClick: (row) => setGranting(row) }],
      inlineActions: 3,
      editor: { desktop: () => import('./RoleForm.desktop'), mobile: () => import('./RoleForm.mobile') },
      mobile: { title: 'roleName', subtitle: 'roleCode', fields: ['description', 'createTime'], searchField: 'roleName' },
    }),
    [],
  );
  const target = useMemo(() => (granting ? roleGrant(granting.id) : null), [granting]);
  return (
    <>
      <ListKit config={config} />
      <GrantDialog open={!!granting} onClose={() => setGranting(null)} title={granting ? `角色授权：${granting.roleName}` : '角色授权'} target={target} />
    </>
  );
}
