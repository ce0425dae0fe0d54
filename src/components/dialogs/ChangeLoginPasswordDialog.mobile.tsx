import { useState } from 'react';
import { Button, Form, Input, Popup, Toast } from 'antd-mobile';
import { MSG } from '@contract/messages';
import type { DialogProps } from './DialogSwitch';
import { failureMessage, schemaRule } from './formRules';
import { LOGIN_PASSWORD_LABELS as L, loginPasswordSchema, submitLoginPassword, type LoginPasswordValues } from './loginPassword';

export default function ChangeLoginPasswordDialogMobile({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<LoginPasswordValues>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: LoginPasswordValues) => {
    setSaving(true);
    try {
      await submitLoginPassword(values);
      Toast.show({ icon: 'success', content: MSG.modified });
      form.resetFields();
      onClose();
    } catch (err) {
      Toast.show({ content: failureMessage(err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Popup visible={open} onMaskClick={onClose} position="bottom" bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }} destroyOnClose>
      <div style={{ padding: '16px 12px 4px', fontSize: 17, fontWeight: 600, textAlign: 'center' }}>修改登录密码</div>
      <Form
        form={form}
        onFinish={onFinish}
        footer={
          <Button block type="submit" color="primary" size="large" loading={saving}>
            确定
          </Button>
        }
      >
        <Form.Item name="pswOld" label={L.pswOld} rules={[schemaRule(loginPasswordSchema, 'pswOld')]}>
          <Input type="password" placeholder="请输入原登录密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="pswNew" label={L.pswNew} rules={[schemaRule(loginPasswordSchema, 'pswNew')]}>
          <Input type="password" placeholder="请输入新登录密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label={L.confirm} dependencies={['pswNew']} rules={[schemaRule(loginPasswordSchema, 'confirm')]}>
          <Input type="password" placeholder="请再次输入新登录密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Popup>
  );
}
