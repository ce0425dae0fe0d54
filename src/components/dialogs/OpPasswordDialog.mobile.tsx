import { useState } from 'react';
import { Button, Form, Input, Popup, Toast } from 'antd-mobile';
import { PAY_MSG } from '@contract/api/pay';
import { SmsCodeButton } from '@/components/SmsCodeButton.mobile';
import type { DialogProps } from './DialogSwitch';
import { failureMessage, schemaRule } from './formRules';
import { opPasswordSchema, sendOpPasswordSms, submitOpPassword, type OpPasswordValues } from './PayPasswordCalls';

export default function OpPasswordDialogMobile({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<OpPasswordValues>();
  const [saving, setSaving] = useState(false);
  const onFinish = async (values: OpPasswordValues) => {
    setSaving(true);
    try {
      await submitOpPassword(values);
      Toast.show({ icon: 'success', content: PAY_MSG.opPwdSet });
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
      <div style={{ padding: '16px 12px 4px', fontSize: 17, fontWeight: 600, textAlign: 'center' }}>设置操作密码</div>
      <Form form={form} onFinish={(v) => void onFinish(v)} footer={<Button block type="submit" color="primary" size="large" loading={saving}>确定</Button>}>
        <Form.Item name="opPsw" label="操作密码" rules={[schemaRule(opPasswordSchema, 'opPsw')]}>
          <Input type="password" placeholder="请输入操作密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label="确认操作密码" dependencies={['opPsw']} rules={[schemaRule(opPasswordSchema, 'confirm')]}>
          <Input type="password" placeholder="请再次输入操作密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="captcha" label="验证码" rules={[schemaRule(opPasswordSchema, 'captcha')]} extra={<SmsCodeButton send={sendOpPasswordSms} />}>
          <Input placeholder="请输入验证码" maxLength={8} />
        </Form.Item>
      </Form>
    </Popup>
  );
}
