// 修改密码 of another user (desktop): new password twice, the §5 password rule; the server ends
// that user's sessions.
import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { USER_FIELD_RULES } from './useUserForm';
import { changeUserPassword } from './api';

export interface UserPasswordProps {
  username: string | null;
  onClose: () => void;
}

export default function UserPasswordDesktop({ username, onClose }: UserPasswordProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      void message.success(await changeUserPassword(username ?? '', v.password, v.confirm));
      onClose();
    } catch (err) {
      void message.warning((err as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title="修改密码" open={username !== null} onCancel={onClose} onOk={() => void submit()} confirmLoading={saving} destroyOnHidden width={520}>
      <Form form={form} labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} style={{ marginTop: 16 }}>
        <Form.Item label="用户账号">
          <Input value={username ?? ''} disabled />
        </Form.Item>
        <Form.Item
          name="password"
          label="登录密码"
          required
          rules={[
            { validator: (_, v?: string) => (USER_FIELD_RULES.password(v) ? Promise.reject(new Error(USER_FIELD_RULES.password(v))) : Promise.resolve()) },
          ]}
        >
          <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认密码"
          required
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_, v?: string) => {
                const m = USER_FIELD_RULES.confirmPassword(v, getFieldValue('password'));
                return m ? Promise.reject(new Error(m)) : Promise.resolve();
              },
            }),
          ]}
        >
          <Input.Password placeholder="请重新输入新密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
