import { useState } from 'react';
import { App, Form, Input, Modal, Space } from 'antd';
import { maskMobile } from '@contract/api/pay';
import { SmsCodeButton } from '@/components/SmsCodeButton.desktop';
import { session } from '@/stores/session';
import type { DialogProps } from './DialogSwitch';
import { failureMessage, schemaRule } from './formRules';
import { decryptSchema, sendDecryptSms, submitDecrypt, type DecryptValues } from './PayPasswordCalls';

export default function DataDecryptDialogDesktop({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<DecryptValues>();
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
      const outcome = await submitDecrypt(values);
      if (outcome.kind === 'done') void message.success(outcome.text);
      else void message.warning(outcome.text);
      close();
    } catch (err) {
      void message.warning(failureMessage(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title="数据解密" open={open} width={480} okText="确定" cancelText="取消" confirmLoading={saving} onOk={() => void onOk()} onCancel={close} destroyOnHidden>
      <p style={{ margin: '16px 0', color: 'rgba(0,0,0,.65)' }}>解密后手机号、银行卡号等脱敏信息将完整显示，解密状态有效期1小时。</p>
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 17 }} autoComplete="off">
        <Form.Item label="手机号">{maskMobile(session.userInfo?.mobile) ?? '—'}</Form.Item>
        <Form.Item label="短信验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="captcha" noStyle rules={[schemaRule(decryptSchema, 'captcha')]}>
              <Input placeholder="请输入短信验证码" maxLength={8} size="large" />
            </Form.Item>
            <SmsCodeButton send={sendDecryptSms} />
          </Space.Compact>
        </Form.Item>
      </Form>
    </Modal>
  );
}
