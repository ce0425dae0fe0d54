import { Form, Input } from 'antd-mobile';
import type { DialogProps } from './DialogSwitch';
import { FormSheet } from './FormSheet.mobile';
import { schemaRule } from './formRules';
import { LOGIN_PASSWORD_LABELS as L, loginPasswordSchema, submitLoginPassword, type LoginPasswordValues } from './loginPassword';

export default function ChangeLoginPasswordDialogMobile({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<LoginPasswordValues>();
  return (
    <FormSheet
      title="修改登录密码"
      open={open}
      onClose={onClose}
      form={form}
      submit={submitLoginPassword}
      intro="密码须为8-20位，包含英文字母、数字和特殊字符。修改后其他设备上的登录将失效。"
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
    </FormSheet>
  );
}
