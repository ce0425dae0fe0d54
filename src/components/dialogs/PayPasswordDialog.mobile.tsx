import { useState } from 'react';
import { Button, Form, Input, Popup, Toast } from 'antd-mobile';
import { MSG } from '@contract/messages';
import type { DialogProps } from './DialogSwitch';
import { failureMessage, schemaRule } from './formRules';
import { currentCusCode, payPasswordSchema, submitPayPassword, type PayPasswordValues } from './PayPasswordCalls';
import { session } from '@/stores/session';

export default function PayPasswordDialogMobile({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<PayPasswordValues>();
  const [saving, setSaving] = useState(false);
  const cusCode = currentCusCode(session.userInfo);
  const rule = (f: string) => [({ getFieldsValue }: { getFieldsValue: () => unknown }) => schemaRule(payPasswordSchema, f)({ getFieldsValue: () => ({ ...(getFieldsValue() as object), cusCode: 'x' }) })];

  const onFinish = async (values: PayPasswordValues) => {
    setSaving(true);
    try {
      await submitPayPassword(values);
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
      <div style={{ padding: '16px 12px 4px', fontSize: 17, fontWeight: 600, textAlign: 'center' }}>设置支付密码</div>
      <Form form={form} onFinish={(v) => void onFinish(v)} footer={<Button block type="submit" color="primary" size="large" loading={saving}>确定</Button>}>
        <Form.Item label="客户代码">{cusCode || '—'}</Form.Item>
        <Form.Item name="payPwdOld" label="原支付密码" rules={rule('payPwdOld')} help="首次设置请输入登录密码">
          <Input type="password" placeholder="请输入原支付密码" autoComplete="off" />
        </Form.Item>
        <Form.Item name="payPwd" label="新支付密码" rules={rule('payPwd')}>
          <Input type="password" placeholder="请输入新支付密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="confirm" label="确认新密码" dependencies={['payPwd']} rules={rule('confirm')}>
          <Input type="password" placeholder="请再次输入新支付密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Popup>
  );
}
