// Desktop user picker (spec §2): a read-only box (请先选择用户) with a 选择用户 search button that
// opens a 1250-wide dialog: the department tree on the left; on the right the account search,
// 重置 and a paged table (10/20/30) with checkboxes, or radios in single mode.
import { Button, Input, Modal, Space, Table, Tree, Alert } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { SysUserRow } from '@contract/api/admin';
import { PAGE_SIZE_OPTIONS_PICKER } from '@contract/constants';
import type { PickerNode } from './pickerCalls';
import { SEX_TEXT, USER_PICKER_PLACEHOLDER, USER_PICKER_TITLE, USER_PICKER_WIDTH, useUserPicker, type UserPickerProps } from './useUserPicker';
import { pickerTableProps } from './pickerTable.desktop';

interface AntTreeNode {
  key: string;
  title: string;
  children?: AntTreeNode[];
}
const toTree = (n: PickerNode): AntTreeNode => ({ key: n.value, title: n.title, children: n.children?.map(toTree) });

export default function UserPickerDesktop(p: UserPickerProps) {
  const [open, setOpen] = useState(false);
  const u = useUserPicker(p, open);
  const inert = p.disabled || p.readOnly;
  return (
    <>
      <Space.Compact style={{ width: '100%', ...p.style }}>
        <Input aria-label={p.label} readOnly disabled={p.disabled} placeholder={p.placeholder ?? USER_PICKER_PLACEHOLDER} value={u.text} />
        {!p.readOnly && (
          <Button icon={<SearchOutlined />} disabled={inert} onClick={() => setOpen(true)}>
            {USER_PICKER_TITLE}
          </Button>
        )}
      </Space.Compact>
      <Modal
        open={open}
        title={USER_PICKER_TITLE}
        width={USER_PICKER_WIDTH}
        onCancel={() => setOpen(false)}
        onOk={() => {
          u.confirm();
          setOpen(false);
        }}
        destroyOnHidden
      >
        <div style={{ display: 'flex', gap: 16 }}>
          <div style={{ width: 240, flex: 'none', borderRight: '1px solid #f0f0f0', paddingRight: 8, maxHeight: 520, overflowY: 'auto' }}>
            {u.departError ? (
              <Alert type="warning" showIcon message={u.departError} />
            ) : (
              u.departs.length > 0 && (
                <Tree
                  aria-label="部门"
                  blockNode
                  defaultExpandAll
                  treeData={u.departs.map(toTree)}
                  selectedKeys={u.departId ? [u.departId] : []}
                  onSelect={(keys) => u.chooseDepart(keys.length ? String(keys[0]) : '')}
                />
              )
            )}
          </div>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Space style={{ marginBottom: 12 }}>
              <span>用户账号：</span>
              <Input
                aria-label="用户账号"
                placeholder="请输入用户账号"
                value={u.account}
                onChange={(e) => u.setAccount(e.target.value)}
                onPressEnter={u.searchAccount}
                style={{ width: 220 }}
                allowClear
              />
              <Button type="primary" onClick={u.searchAccount}>
                查询
              </Button>
              <Button onClick={u.resetAll}>重置</Button>
            </Space>
            {u.error && <Alert type="error" showIcon message={u.error} style={{ marginBottom: 12 }} />}
            <Table<SysUserRow>
              size="small"
              rowKey="username"
              loading={u.loading}
              dataSource={u.rows}
              {...pickerTableProps(u, !!p.multiple, (c) => c.username)}
              columns={[
                { dataIndex: 'username', title: '用户账号', width: 140 },
                { dataIndex: 'realname', title: '用户姓名', width: 120 },
                { dataIndex: 'sex', title: '性别', width: 70, render: (v: string | null) => (v ? (SEX_TEXT[v] ?? v) : '') },
                { dataIndex: 'phone', title: '手机号码', width: 130 },
                { dataIndex: 'orgCodeTxt', title: '部门', ellipsis: true },
                { dataIndex: 'birthday', title: '生日', width: 110 },
              ]}
              pagination={{
                current: u.pageNo,
                pageSize: u.pageSize,
                total: u.total,
                pageSizeOptions: PAGE_SIZE_OPTIONS_PICKER,
                showSizeChanger: true,
                showQuickJumper: true,
                showTotal: (total, [a, b]) => `${a}-${b} 共${total}条`,
                onChange: (no, size) => u.goTo(no, size),
              }}
            />
          </div>
        </div>
      </Modal>
    </>
  );
}
