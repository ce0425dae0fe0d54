import { Form, Input } from 'antd-mobile';
import { SmsCodeButton } from '@/components/SmsCodeButton.mobile';
import type { DialogProps } from './DialogSwitch';
import { FormSheet } from './FormSheet.mobile';
import { schemaRule } from './formRules';
import { opPasswordSchema, sendOpPasswordSms, submitOpPassword, type OpPasswordValues } from './PayPasswordCalls';

export default function OpPasswordDialogMobile({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<OpPasswordValues>();
  return (
    <FormSheet title="设置操作密码" open={open} onClose={onClose} form={form} submit={submitOpPassword}>
      <Form.Item name="opPsw" label="操作密码" rules={[schemaRule(opPasswordSchema, 'opPsw')]}>
        <Input type="password" placeholder="请输入操作密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label="确认操作密码" dependencies={['opPsw']} rules={[schemaRule(opPasswordSchema, 'confirm')]}>
        <Input type="password" placeholder="请再次输入操作密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="captcha" label="验证码" rules={[schemaRule(opPasswordSchema, 'captcha')]} extra={<SmsCodeButton send={sendOpPasswordSms} />}>
        <Input placeholder="请输入验证码" maxLength={8} />
      </Form.Item>
    </FormSheet>
  );
}
