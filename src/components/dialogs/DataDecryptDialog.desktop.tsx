import { Form, Input, Space } from 'antd';
import { maskMobile } from '@contract/api/pay';
import { SmsCodeButton } from '@/components/SmsCodeButton.desktop';
import { session } from '@/stores/session';
import type { DialogProps } from './DialogSwitch';
import { FormModal } from './FormModal.desktop';
import { schemaRule } from './formRules';
import { DECRYPT_INTRO, decryptOutcome, decryptSchema, sendDecryptSms, type DecryptValues } from './PayPasswordCalls';

export default function DataDecryptDialogDesktop({ open, onClose }: DialogProps) {
  const [form] = Form.useForm<DecryptValues>();
  return (
    <FormModal
      title="数据解密"
      open={open}
      onClose={onClose}
      form={form}
      submit={decryptOutcome}
      width={480}
      intro={DECRYPT_INTRO}
      layout={{ labelSpan: 6, wrapperSpan: 17 }}
    >
      <Form.Item label="手机号">{maskMobile(session.userInfo?.mobile) ?? '—'}</Form.Item>
      <Form.Item label="短信验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="captcha" noStyle rules={[schemaRule(decryptSchema, 'captcha')]}>
            <Input placeholder="请输入短信验证码" maxLength={8} size="large" />
          </Form.Item>
          <SmsCodeButton send={sendDecryptSms} />
        </Space.Compact>
      </Form.Item>
    </FormModal>
  );
}
