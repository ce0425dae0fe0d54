import { Form, Input } from 'antd';
import type { DialogProps } from './DialogSwitch';
import { FormModal } from './FormModal.desktop';
import { schemaRule } from './formRules';
import { payPasswordSchema, submitPayPassword, type PayPasswordValues } from './PayPasswordCalls';
import { currentCusCode, session } from '@/stores/session';

export default function PayPasswordDialogDesktop({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<PayPasswordValues>();
  const cusCode = currentCusCode(session.userInfo);
  // The customer code is not a field: it is checked on submit ('客户代码为空' warning), so it must
  // not hold back the per-field rules (the confirm refinement runs only on an otherwise valid form).
  const rule = (f: string) => [
    ({ getFieldsValue }: { getFieldsValue: () => unknown }) =>
      schemaRule(payPasswordSchema, f)({ getFieldsValue: () => ({ ...(getFieldsValue() as object), cusCode: 'x' }) }),
  ];
  return (
    <FormModal title="设置支付密码" open={open} onClose={onClose} form={form} submit={submitPayPassword}>
      <Form.Item label="客户代码">
        <span>{cusCode || '—'}</span>
      </Form.Item>
      <Form.Item name="payPwdOld" label="原支付密码" rules={rule('payPwdOld')} extra="首次设置请输入登录密码">
        <Input.Password placeholder="请输入原支付密码" autoComplete="off" />
      </Form.Item>
      <Form.Item name="payPwd" label="新支付密码" rules={rule('payPwd')} extra="8-20位，需包含英文字母、数字和特殊字符">
        <Input.Password placeholder="请输入新支付密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label="确认新密码" dependencies={['payPwd']} rules={rule('confirm')}>
        <Input.Password placeholder="请再次输入新支付密码" autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
