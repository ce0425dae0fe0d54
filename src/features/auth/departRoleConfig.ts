// The 部门角色 tab: a list kit page over /sys/sysDepartRole/list for one department.
import { createElement, type ComponentType } from 'react';
import type { ListEditorProps, ListKitConfig } from '@/components/list/types';
import { RBAC, type DepartRoleRecord } from '@contract/api/rbac';

export function departRoleConfig(departId: string, onGrant: (row: DepartRoleRecord) => void): ListKitConfig<DepartRoleRecord> {
  return {
    pageKey: 'auth/DepartList:roles',
    title: '部门角色',
    url: { list: RBAC.departRoleList, delete: RBAC.departRoleDelete },
    params: { deptId: departId },
    permissionPrefix: 'system:departRole:',
    toolbar: ['add'],
    selectable: false,
    columns: [
      { dataIndex: 'roleName', title: '角色名称', sorter: true },
      { dataIndex: 'roleCode', title: '角色编码', sorter: true },
      { dataIndex: 'description', title: '描述', ellipsis: true },
      { dataIndex: 'createTime', title: '创建时间', sorter: true, type: 'datetime', width: 170 },
    ],
    query: [{ field: 'roleName', label: '角色名称', type: 'input' }],
    rowActions: [{ key: 'grant', text: '授权', permission: 'auth', onClick: (row) => onGrant(row) }],
    inlineActions: 3,
    editor: {
      desktop: () => import('./DepartRoleForm.desktop').then((m) => ({ default: withDepart(m.default, departId) })),
      mobile: () => import('./DepartRoleForm.mobile').then((m) => ({ default: withDepart(m.default, departId) })),
    },
    mobile: { title: 'roleName', subtitle: 'roleCode', fields: ['description'] },
  };
}

export type DepartRoleEditorProps = ListEditorProps<DepartRoleRecord> & { departId: string };
/** The kit's editor props plus the department a new role belongs to. */
function withDepart(Form: ComponentType<DepartRoleEditorProps>, departId: string): ComponentType<ListEditorProps<DepartRoleRecord>> {
  return (props) => createElement(Form, { ...props, departId });
}
