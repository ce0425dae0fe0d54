// Menus and buttons on a phone: a drill-down list with type and status tags; tapping a row with
// children goes into it, tapping a leaf (or 编辑 on the current level) opens the edit sheet.
import { useState } from 'react';
import { DotLoading, Empty, FloatingBubble, List, NavBar, Popup, Tag } from 'antd-mobile';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import { RBAC_CODE, type PermissionRecord, type TreeNode } from '@contract/api/rbac';
import { MSG } from '@contract/messages';
import { useCan } from './api';
import PermissionFormMobile from './PermissionForm.mobile';
import { TYPE_TEXT, usePermissionTree } from './permissionForm';
import { pathTo } from './treeRules';

const COLOR = { '0': 'primary', '1': 'success', '2': 'warning' } as const;
const asNodes = (rows: PermissionRecord[]): TreeNode[] =>
  rows.map((r) => ({ ...r, key: r.id, title: r.name, children: r.children ? asNodes(r.children) : undefined }));

export default function PermissionListMobile() {
  const { tree, loading, reload } = usePermissionTree();
  const can = useCan();
  const [at, setAt] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ record: PermissionRecord | null; parentId: string | null } | null>(null);
  const trail = pathTo(asNodes(tree), at) as unknown as PermissionRecord[];
  const here = trail.length ? trail[trail.length - 1] : null;
  const rows: PermissionRecord[] = here ? (here.children ?? []) : tree;

  return (
    <div style={{ minHeight: '100%', background: '#f5f5f5' }}>
      {here && (
        <>
          <NavBar onBack={() => setAt(trail.length > 1 ? trail[trail.length - 2].id : null)} style={{ background: '#fff' }}>
            {trail.map((n) => n.name).join(' / ')}
          </NavBar>
          <List header="当前菜单">
            <List.Item
              description={here.path ?? ''}
              extra={can(RBAC_CODE.permEdit) ? '编辑' : undefined}
              onClick={can(RBAC_CODE.permEdit) ? () => setEditing({ record: here, parentId: here.parentId }) : undefined}
            >
              {here.name}
            </List.Item>
          </List>
        </>
      )}
      {loading ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <DotLoading />
        </div>
      ) : rows.length === 0 ? (
        <Empty description={MSG.noData} />
      ) : (
        <List header={here ? '下级菜单与按钮' : '菜单'}>
          {rows.map((r) => (
            <List.Item
              key={r.id}
              description={r.type === '2' ? r.perms : (r.path ?? '')}
              extra={
                <span>
                  <Tag color={COLOR[r.type]} fill="outline">
                    {TYPE_TEXT[r.type]}
                  </Tag>{' '}
                  {r.status === '0' && (
                    <Tag color="danger" fill="outline">
                      停用
                    </Tag>
                  )}
                </span>
              }
              onClick={() => (r.children?.length ? setAt(r.id) : can(RBAC_CODE.permEdit) ? setEditing({ record: r, parentId: r.parentId }) : undefined)}
            >
              {r.name}
            </List.Item>
          ))}
        </List>
      )}
      {can(RBAC_CODE.permAdd) && (here?.type ?? '0') !== '2' && (
        <FloatingBubble
          style={{ '--initial-position-bottom': '80px', '--initial-position-right': '20px' }}
          onClick={() => setEditing({ record: null, parentId: here?.id ?? null })}
        >
          <AddOutline fontSize={28} />
        </FloatingBubble>
      )}
      <Popup
        visible={!!editing}
        onMaskClick={() => setEditing(null)}
        position="right"
        bodyStyle={{ width: '100vw', height: '100%', overflow: 'auto' }}
        destroyOnClose
      >
        <NavBar onBack={() => setEditing(null)}>{editing?.record ? '编辑' : '新增'}</NavBar>
        {editing && (
          <PermissionFormMobile
            record={editing.record}
            parentId={editing.parentId}
            onSaved={async () => {
              setEditing(null);
              await reload();
            }}
          />
        )}
      </Popup>
    </div>
  );
}
