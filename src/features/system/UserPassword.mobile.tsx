// 修改密码 of another user on a phone: a bottom Popup with the new password twice.
import { useState } from 'react';
import { Button, Form, Input, Popup, Toast } from 'antd-mobile';
import { USER_FIELD_RULES } from './useUserForm';
import { changeUserPassword } from './api';
import type { UserPasswordProps } from './UserPassword.desktop';

export default function UserPasswordMobile({ username, onClose }: UserPasswordProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const msg = USER_FIELD_RULES.password(password) || USER_FIELD_RULES.confirmPassword(confirm, password);
    if (msg) return Toast.show({ content: msg });
    setSaving(true);
    try {
      Toast.show({ icon: 'success', content: await changeUserPassword(username ?? '', password, confirm) });
      onClose();
    } catch (err) {
      Toast.show({ content: (err as Error).message });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Popup visible={username !== null} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }} destroyOnClose>
      <div style={{ padding: '12px 16px 0', fontSize: 16, fontWeight: 500, textAlign: 'center' }}>修改密码 · {username}</div>
      <Form layout="horizontal">
        <Form.Item label="登录密码">
          <Input type="password" placeholder="请输入新密码" value={password} onChange={setPassword} />
        </Form.Item>
        <Form.Item label="确认密码">
          <Input type="password" placeholder="请重新输入新密码" value={confirm} onChange={setConfirm} />
        </Form.Item>
      </Form>
      <div style={{ padding: 16 }}>
        <Button block color="primary" loading={saving} onClick={() => void submit()}>
          确定
        </Button>
      </div>
    </Popup>
  );
}
