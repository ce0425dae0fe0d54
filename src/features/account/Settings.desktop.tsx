import { useState } from 'react';
import { Button, Card, Descriptions, List, Tabs } from 'antd';
import { ChangeLoginPasswordDialog } from '@/components/dialogs/ChangeLoginPasswordDialog';
import { EMPTY, useProfile } from './profile';

function BasicSettings() {
  const p = useProfile();
  return (
    <Descriptions
      column={1}
      styles={{ label: { width: 120 } }}
      items={[
        { key: 'realname', label: '姓名', children: p.realname || EMPTY },
        { key: 'username', label: '登录账号', children: p.username || EMPTY },
        { key: 'mobile', label: '手机号码', children: p.mobile || EMPTY },
        { key: 'group', label: '所属机构', children: p.groupName || EMPTY },
        { key: 'depart', label: '所属部门', children: p.department || EMPTY },
      ]}
    />
  );
}

function SecuritySettings() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <List
        itemLayout="horizontal"
        dataSource={[{ key: 'password', title: '登录密码', description: '建议定期修改密码；密码须为8-20位英文字母、数字、特殊字符组合' }]}
        renderItem={(item) => (
          <List.Item
            actions={[
              <Button key="edit" type="link" onClick={() => setOpen(true)}>
                修改
              </Button>,
            ]}
          >
            <List.Item.Meta title={item.title} description={item.description} />
          </List.Item>
        )}
      />
      <ChangeLoginPasswordDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

export default function SettingsDesktop() {
  return (
    <Card variant="borderless">
      <Tabs
        tabPlacement="start"
        items={[
          { key: 'basic', label: '基本设置', children: <BasicSettings /> },
          { key: 'security', label: '安全设置', children: <SecuritySettings /> },
        ]}
      />
    </Card>
  );
}
