import { useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Table, Tag, type TableColumnsType } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { RBAC_CODE, type PermissionRecord } from '@contract/api/rbac';
import { permissionApi, useCan } from './api';
import DataRulesDesktop from './DataRules.desktop';
import PermissionFormDesktop from './PermissionForm.desktop';
import { TYPE_COLOR, TYPE_TEXT, usePermissionTree } from './permissionForm';

export default function PermissionListDesktop() {
  const { tree, loading, reload } = usePermissionTree();
  const can = useCan();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ record: PermissionRecord | null; parentId: string | null } | null>(null);
  const [rulesOf, setRulesOf] = useState<PermissionRecord | null>(null);

  const columns: TableColumnsType<PermissionRecord> = [
    { title: '菜单名称', dataIndex: 'name', width: 240 },
    { title: '类型', dataIndex: 'type', width: 100, render: (t: PermissionRecord['type']) => <Tag color={TYPE_COLOR[t]}>{TYPE_TEXT[t]}</Tag> },
    { title: '路径', dataIndex: 'path', ellipsis: true },
    { title: '组件', dataIndex: 'component', ellipsis: true },
    { title: '授权标识', dataIndex: 'perms', ellipsis: true },
    { title: '排序', dataIndex: 'sortNo', width: 70, align: 'right' },
    { title: '状态', dataIndex: 'status', width: 80, render: (s: string) => (s === '1' ? <Tag color="green">启用</Tag> : <Tag color="red">停用</Tag>) },
    {
      title: '操作',
      key: 'op',
      width: 260,
      render: (_, r) => (
        <Space size={4} wrap={false}>
          {can(RBAC_CODE.permEdit) && (
            <Button type="link" size="small" onClick={() => setEditing({ record: r, parentId: r.parentId })}>
              编辑
            </Button>
          )}
          {can(RBAC_CODE.permAdd) && r.type !== '2' && (
            <Button type="link" size="small" onClick={() => setEditing({ record: null, parentId: r.id })}>
              添加下级
            </Button>
          )}
          {can(RBAC_CODE.permRule) && r.type === '1' && (
            <Button type="link" size="small" onClick={() => setRulesOf(r)}>
              数据规则{r.ruleFlag ? ' ●' : ''}
            </Button>
          )}
          {can(RBAC_CODE.permDelete) && !r.builtIn && (
            <Popconfirm
              title="确定删除吗？"
              onConfirm={async () => {
                try {
                  await permissionApi.remove(r.id);
                  message.success('删除成功');
                  await reload();
                } catch {
                  /* shown by the request layer */
                }
              }}
            >
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card size="small">
      <Space style={{ marginBottom: 12 }}>
        {can(RBAC_CODE.permAdd) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null, parentId: null })}>
            新增
          </Button>
        )}
        <Button onClick={() => void reload()}>刷新</Button>
      </Space>
      <Table<PermissionRecord>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={tree}
        pagination={false}
        scroll={{ x: 1100 }}
        expandable={{ childrenColumnName: 'children' }}
      />
      <PermissionFormDesktop
        open={!!editing}
        record={editing?.record ?? null}
        parentId={editing?.parentId ?? null}
        tree={tree}
        onClose={() => setEditing(null)}
        onSaved={async () => {
          setEditing(null);
          await reload();
        }}
      />
      <DataRulesDesktop
        menu={rulesOf}
        onClose={() => {
          setRulesOf(null);
          void reload();
        }}
      />
    </Card>
  );
}
