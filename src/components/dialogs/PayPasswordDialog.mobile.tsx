import { Form, Input } from 'antd-mobile';
import type { DialogProps } from './DialogSwitch';
import { FormSheet } from './FormSheet.mobile';
import { schemaRule } from './formRules';
import { payPasswordSchema, submitPayPassword, type PayPasswordValues } from './PayPasswordCalls';
import { currentCusCode, session } from '@/stores/session';

export default function PayPasswordDialogMobile({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<PayPasswordValues>();
  const cusCode = currentCusCode(session.userInfo);
  const rule = (f: string) => [
    ({ getFieldsValue }: { getFieldsValue: () => unknown }) =>
      schemaRule(payPasswordSchema, f)({ getFieldsValue: () => ({ ...(getFieldsValue() as object), cusCode: 'x' }) }),
  ];
  return (
    <FormSheet title="设置支付密码" open={open} onClose={onClose} form={form} submit={submitPayPassword}>
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
    </FormSheet>
  );
}
