import { Form, Input, Space } from 'antd';
import { maskMobile } from '@contract/api/pay';
import { SmsCodeButton } from '@/components/SmsCodeButton.desktop';
import { session } from '@/stores/session';
import type { DialogProps } from './DialogSwitch';
import { FormModal } from './FormModal.desktop';
import { schemaRule } from './formRules';
import { opPasswordSchema, sendOpPasswordSms, submitOpPassword, type OpPasswordValues } from './PayPasswordCalls';

export default function OpPasswordDialogDesktop({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<OpPasswordValues>();
  return (
    <FormModal title="设置操作密码" open={open} onClose={onClose} form={form} submit={submitOpPassword}>
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
    </FormModal>
  );
}
