import { useMemo, useState } from 'react';
import { App, Button, Card, Empty, Input, Popconfirm, Space, Spin, Tabs, Tree } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import { RBAC_CODE, type DepartNode, type DepartRoleRecord } from '@contract/api/rbac';
import { MSG } from '@contract/messages';
import ListKit from '@/components/list/ListKit';
import { departGrant, departRoleGrant, useCan } from './api';
import DepartFormDesktop from './DepartForm.desktop';
import { departRoleConfig } from './departRoleConfig';
import GrantDialog from './GrantDialog';
import GrantTreeDesktop from './GrantTree.desktop';
import { filterTree } from './treeRules';
import { useDeparts } from './useDeparts';

const CATEGORY = { '1': '公司', '2': '部门', '3': '岗位' } as const;

export default function DepartListDesktop() {
  const d = useDeparts();
  const can = useCan();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState<{ parent: DepartNode | null } | null>(null);
  const [tab, setTab] = useState('info');
  const [granting, setGranting] = useState<DepartRoleRecord | null>(null);
  const shown = useMemo(() => filterTree(d.tree, search), [d.tree, search]);
  const sel = d.selected;
  const parentOf = (n: DepartNode | null) => (n?.parentId ? (d.byId.get(n.parentId) ?? null) : null);
  const roleConfig = useMemo(() => (sel ? departRoleConfig(sel.id, setGranting) : null), [sel]);
  const grantTarget = useMemo(() => (sel ? departGrant(sel.id) : null), [sel]);
  const roleTarget = useMemo(() => (sel && granting ? departRoleGrant(sel.id, granting.id) : null), [sel, granting]);

  const left = (
    <Card
      title="组织机构"
      size="small"
      extra={
        can(RBAC_CODE.departAdd) && (
          <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setAdding({ parent: null })}>
            添加一级部门
          </Button>
        )
      }
      style={{ height: '100%' }}
    >
      <Input.Search
        placeholder="请输入部门名称"
        allowClear
        onSearch={setSearch}
        onChange={(e) => !e.target.value && setSearch('')}
        style={{ marginBottom: 8 }}
      />
      <Spin spinning={d.loading}>
        {shown.length ? (
          <Tree
            blockNode
            defaultExpandAll
            key={`${search}|${d.tree.length}`}
            treeData={shown}
            fieldNames={{ key: 'id', title: 'departName', children: 'children' }}
            selectedKeys={sel ? [sel.id] : []}
            onSelect={(keys) => {
              setAdding(null);
              d.select(keys.length ? String(keys[0]) : null);
            }}
            style={{ maxHeight: 'calc(100vh - 300px)', overflow: 'auto' }}
          />
        ) : (
          !d.loading && <Empty description={MSG.noData} />
        )}
      </Spin>
    </Card>
  );

  let right: React.ReactNode;
  if (adding) {
    right = (
      <Card title={adding.parent ? `添加下级部门：${adding.parent.departName}` : '添加一级部门'} size="small">
        <DepartFormDesktop
          depart={null}
          parent={adding.parent}
          canSave
          onSave={async (v) => {
            await d.add(v, adding.parent?.id ?? null);
            setAdding(null);
          }}
          onCancel={() => setAdding(null)}
        />
      </Card>
    );
  } else if (!sel) {
    right = (
      <Card size="small" style={{ height: '100%' }}>
        <Empty description="请在左侧选择一个部门" style={{ marginTop: 80 }} />
      </Card>
    );
  } else {
    right = (
      <Card
        size="small"
        title={`${sel.departName}（${CATEGORY[sel.orgCategory]} · ${sel.orgCode}）`}
        extra={
          <Space>
            {can(RBAC_CODE.departAdd) && (
              <Button size="small" icon={<PlusOutlined />} onClick={() => setAdding({ parent: sel })}>
                添加下级
              </Button>
            )}
            {can(RBAC_CODE.departDelete) && (
              <Popconfirm
                title="确定删除该部门吗？"
                onConfirm={async () => {
                  await d
                    .remove(sel.id)
                    .then(() => message.success('删除成功'))
                    .catch(() => undefined);
                }}
              >
                <Button size="small" danger icon={<DeleteOutlined />}>
                  删除
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'info',
              label: '基本信息',
              children: <DepartFormDesktop depart={sel} parent={parentOf(sel)} canSave={can(RBAC_CODE.departEdit)} onSave={(v) => d.edit(sel.id, v)} />,
            },
            ...(can(RBAC_CODE.departAuth)
              ? [{ key: 'perm', label: '部门权限', children: <GrantTreeDesktop key={sel.id} target={grantTarget} height="calc(100vh - 380px)" /> }]
              : []),
            ...(can(RBAC_CODE.departRoleList) && roleConfig
              ? [{ key: 'role', label: '部门角色', children: <ListKit key={sel.id} config={roleConfig} /> }]
              : []),
          ]}
        />
      </Card>
    );
  }

  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'stretch' }}>
      <div style={{ width: 320, flex: 'none' }}>{left}</div>
      <div style={{ flex: 1, minWidth: 0 }}>{right}</div>
      <GrantDialog
        open={!!granting}
        onClose={() => setGranting(null)}
        title={granting ? `部门角色授权：${granting.roleName}` : '部门角色授权'}
        target={roleTarget}
      />
    </div>
  );
}
