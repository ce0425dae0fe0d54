import { useState } from 'react';
import { App, Form, Input, Modal, Space } from 'antd';
import { PAY_MSG } from '@contract/api/pay';
import { maskMobile } from '@contract/api/pay';
import { SmsCodeButton } from '@/components/SmsCodeButton.desktop';
import { session } from '@/stores/session';
import type { DialogProps } from './DialogSwitch';
import { failureMessage, schemaRule } from './formRules';
import { opPasswordSchema, sendOpPasswordSms, submitOpPassword, type OpPasswordValues } from './PayPasswordCalls';

export default function OpPasswordDialogDesktop({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<OpPasswordValues>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const close = () => {
    form.resetFields();
    onClose();
  };
  const onOk = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await submitOpPassword(values);
      void message.success(PAY_MSG.opPwdSet);
      close();
    } catch (err) {
      void message.warning(failureMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title="设置操作密码" open={open} width={520} okText="确定" cancelText="取消" confirmLoading={saving} onOk={() => void onOk()} onCancel={close} destroyOnHidden>
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} style={{ marginTop: 24 }} autoComplete="off">
        <Form.Item name="opPsw" label="操作密码" rules={[schemaRule(opPasswordSchema, 'opPsw')]} extra="8-20位，需包含英文字母、数字和特殊字符">
          <Input.Password placeholder="请输入操作密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label="确认操作密码" dependencies={['opPsw']} rules={[schemaRule(opPasswordSchema, 'confirm')]}>
          <Input.Password placeholder="请再次输入操作密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item label="验证码" required extra={`验证码将发送至 ${maskMobile(session.userInfo?.mobile) ?? '—'}`}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="captcha" noStyle rules={[schemaRule(opPasswordSchema, 'captcha')]}>
              <Input placeholder="请输入验证码" maxLength={8} size="large" />
            </Form.Item>
            <SmsCodeButton send={sendOpPasswordSms} />
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
