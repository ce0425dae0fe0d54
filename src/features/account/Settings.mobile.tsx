import { useState } from 'react';
import { List } from 'antd-mobile';
import { ChangeLoginPasswordDialog } from '@/components/dialogs/ChangeLoginPasswordDialog';
import { EMPTY, useProfile } from './profile';

export default function SettingsMobile() {
  const p = useProfile();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <List header="基本设置">
        <List.Item extra={p.realname || EMPTY}>姓名</List.Item>
        <List.Item extra={p.username || EMPTY}>登录账号</List.Item>
        <List.Item extra={p.mobile || EMPTY}>手机号码</List.Item>
        <List.Item extra={p.groupName || EMPTY}>所属机构</List.Item>
        <List.Item extra={p.department || EMPTY}>所属部门</List.Item>
      </List>
      <List header="安全设置">
        <List.Item onClick={() => setOpen(true)} description="8-20位英文字母、数字、特殊字符组合">
          修改登录密码
        </List.Item>
      </List>
      <ChangeLoginPasswordDialog open={open} onClose={() => setOpen(false)} />
    </div>
  );
}
