import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { MSG } from '@contract/messages';
import type { DialogProps } from './DialogSwitch';
import { failureMessage, schemaRule } from './formRules';
import { LOGIN_PASSWORD_LABELS as L, loginPasswordSchema, submitLoginPassword, type LoginPasswordValues } from './loginPassword';

export default function ChangeLoginPasswordDialogDesktop({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<LoginPasswordValues>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await submitLoginPassword(values);
      void message.success(MSG.modified);
      form.resetFields();
      onClose();
    } catch (err) {
      void message.warning(failureMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改登录密码"
      open={open}
      width={520}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={onOk}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} style={{ marginTop: 24 }} autoComplete="off">
        <Form.Item name="pswOld" label={L.pswOld} rules={[schemaRule(loginPasswordSchema, 'pswOld')]}>
          <Input.Password placeholder="请输入原登录密码" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="pswNew" label={L.pswNew} rules={[schemaRule(loginPasswordSchema, 'pswNew')]} extra="8-20位，需包含英文字母、数字和特殊字符">
          <Input.Password placeholder="请输入新登录密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label={L.confirm} dependencies={['pswNew']} rules={[schemaRule(loginPasswordSchema, 'confirm')]}>
          <Input.Password placeholder="请再次输入新登录密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
