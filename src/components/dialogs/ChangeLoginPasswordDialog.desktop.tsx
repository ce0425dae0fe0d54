import { Form, Input } from 'antd';
import type { DialogProps } from './DialogSwitch';
import { FormModal } from './FormModal.desktop';
import { schemaRule } from './formRules';
import { LOGIN_PASSWORD_LABELS as L, loginPasswordSchema, submitLoginPassword, type LoginPasswordValues } from './loginPassword';

export default function ChangeLoginPasswordDialogDesktop({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<LoginPasswordValues>();
  return (
    <FormModal title="修改登录密码" open={open} onClose={onClose} form={form} submit={submitLoginPassword}>
      <Form.Item name="pswOld" label={L.pswOld} rules={[schemaRule(loginPasswordSchema, 'pswOld')]}>
        <Input.Password placeholder="请输入原登录密码" autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="pswNew" label={L.pswNew} rules={[schemaRule(loginPasswordSchema, 'pswNew')]} extra="8-20位，需包含英文字母、数字和特殊字符">
        <Input.Password placeholder="请输入新登录密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label={L.confirm} dependencies={['pswNew']} rules={[schemaRule(loginPasswordSchema, 'confirm')]}>
        <Input.Password placeholder="请再次输入新登录密码" autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
